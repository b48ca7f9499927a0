//! Winamax's seven-card stud, stud high-low, razz and deuce-to-seven triple draw hands, their
//! play put in Full Tilt's words for the reader of Full Tilt's stud and draw hands
//! ([`super::fulltilt_stud::complete_play`]), once [`super::winamax_lines`] has read their
//! header and seats.
//!
//! | Winamax writes | read as |
//! |---|---|
//! | `7-Card Stud fixed limit (5€/25€/50€)`, `7-Card Stud Hi/Lo`, `Razz`, `2-7 Triple Draw fixed limit (25€/50€)` | the game, its ante (stud) and its small and big bets |
//! | `NAME posts ante 5€`, `posts small blind 12.50€`, `posts big blind 25€` | `NAME antes 5`, `NAME posts the small blind of 12.50`, `... the big blind of 25` |
//! | `*** 3rd STREET ***` ... `*** 7th STREET ***` | `*** 3RD STREET ***` ... `*** 7TH STREET ***` |
//! | `Dealt to NAME [X X 9h]`, `Dealt to Hero [4h Ac Qd]` | `Dealt to NAME [9h]` (the card dealt up), `Dealt to Hero [4h Ac Qd]` |
//! | `Dealt to NAME [X X 9h] [Kh]`, `Dealt to NAME [X X 9h Kh Kd Qc] [X]` | `Dealt to NAME [Kh]`; nothing for a card dealt face down and not shown |
//! | `NAME brings in 10€`, `raises 25€ to 25€`, `bets 50€`, `calls 15€` | `NAME brings in for 10`, `NAME raises to 25` (a completion of the bring-in when it is the first), `bets 50`, `calls 15` |
//! | `*** FIRST-BET ***`, `Dealt to NAME [X X X X X]` | `*** HOLE CARDS ***`, the cards not known |
//! | `*** FIRST-DRAW ***` ... `*** THIRD-DRAW ***`; `*** SECOND-BET ***` ... | `*** FIRST DRAW ***` ...; the betting rounds' lines say nothing more |
//! | `NAME stands pat [...]` | `NAME stands pat` |
//! | `NAME shows [...] (Flush Queen high)`, written once for each half of a high-low pot | `NAME shows [...]`, once |
//! | `NAME collected 114€ from pot(HI)` | `NAME wins the pot (114)`, less the bet nobody called |
//! | `Total pot 458€ \| Rake 2€` (after rake, the uncalled bet in it) | `Total pot 460 \| Rake 2` |
//!
//! As in its hold'em hands, Winamax writes no `Uncalled bet` line: the part of the largest bet
//! nobody matched is counted in what its player collected and in the total. It is taken out of
//! both and written as `Uncalled bet of X returned to NAME`. A draw where a player changes
//! cards is refused with the reason: no Winamax text feltkit has seen shows how the site writes
//! the cards changed, and they are not guessed.

use std::borrow::Cow;

use super::collected::{
    call_over_all_in, give_back, hold, line_of, totals, uncalled, Collected, Seats,
};
use super::fulltilt_stud::{brackets, complete_play, Game};
use super::lines::{who, Line};
use super::pokerstars::{err, StarsHand, TextError};
use super::split::HandText;
use super::winamax_lines::{cents, money, summary_seat, summary_sums, written, SummarySeat};
use crate::record::{HandRecord, Unreplayable};

/// The game a Winamax header names (`7-Card Stud fixed limit`, `2-7 Triple Draw fixed
/// limit`): `None` when it is no stud, razz or draw game, `Some(Err(why))` for one feltkit does
/// not read or play so.
pub(super) fn game(name: &str) -> Option<Result<Game, String>> {
    let (base, limit) = [" fixed limit", " pot limit", " no limit"]
        .iter()
        .find_map(|w| name.strip_suffix(w).map(|b| (b, &w[1..])))
        .unwrap_or((name, ""));
    let g = match base {
        "7-Card Stud" => Game::Stud,
        "7-Card Stud Hi/Lo" => Game::StudHiLo,
        "Razz" => Game::Razz,
        "2-7 Triple Draw" => Game::TripleDraw,
        _ if ["Stud", "Razz", "Draw", "Badugi", "Lowball"].iter().any(|w| base.contains(w)) => {
            return Some(Err(format!(
                "{name}: feltkit reads Winamax's seven-card stud, stud high-low, razz and deuce-to-seven triple draw, not this game"
            )));
        }
        _ => return None,
    };
    if limit != "fixed limit" {
        return Some(Err(format!(
            "{name}: feltkit plays this game fixed limit only, not {}",
            if limit.is_empty() { "without a limit named" } else { limit }
        )));
    }
    Some(Ok(g))
}

/// Completes the record of a stud, razz or draw hand of game `g` that [`super::emit`] built
/// from its header and seats alone: its play, put in Full Tilt's words, read by Full Tilt's
/// reader; a draw whose cards are changed is refused, a line not understood is unreadable.
pub(super) fn complete(text: &HandText, hand: &StarsHand, g: Game, r: &mut HandRecord<'_>) {
    let after = hand.seats.last().map_or(hand.line, |s| s.line);
    let play: Vec<Line<'_>> = text.lines().filter(|l| l.number > after).collect();
    let seats: Vec<(u32, &str)> = hand.seats.iter().map(|s| (s.seat, s.name.as_str())).collect();
    let stacks: Vec<i64> = hand.seats.iter().map(|s| cents(s.stack).unwrap_or(i64::MAX)).collect();
    match read(&play, &seats, &stacks, g) {
        Ok(Read { refusal: Some(why), .. }) => {
            r.unreplayable = Some(Unreplayable::Unsupported(why))
        }
        Ok(read) => {
            let ft: Vec<Line<'_>> =
                read.lines.iter().map(|(n, t)| Line { number: *n, text: t }).collect();
            complete_play(&ft, hand, g, &read.away, r);
        }
        Err(e) => {
            let why = format!("line {}: {}", e.line, e.why);
            r.unreplayable = Some(Unreplayable::Unreadable(why));
        }
    }
}

/// What putting a hand's play in Full Tilt's words found.
struct Read<'t> {
    /// The lines, each with its line in the text.
    lines: Vec<(usize, Cow<'t, str>)>,
    /// The seats the play never names: not dealt in.
    away: Vec<bool>,
    /// Why the hand is not replayed, if it is not.
    refusal: Option<String>,
}

/// Full Tilt's name of a Winamax street (`3rd STREET`, `FIRST-DRAW`), `Some(None)` for a line
/// that says nothing more (the antes, a betting round after a draw, the showdown), `None` for a
/// line that is no street of the game.
fn street_name(name: &str, stud: bool) -> Option<Option<&'static str>> {
    Some(Some(match name {
        "ANTE/BLINDS" | "SHOW DOWN" => return Some(None),
        "SECOND-BET" | "THIRD-BET" | "FOURTH-BET" if !stud => return Some(None),
        "3rd STREET" if stud => "3RD STREET",
        "4th STREET" if stud => "4TH STREET",
        "5th STREET" if stud => "5TH STREET",
        "6th STREET" if stud => "6TH STREET",
        "7th STREET" if stud => "7TH STREET",
        "FIRST-BET" if !stud => "HOLE CARDS",
        "FIRST-DRAW" if !stud => "FIRST DRAW",
        "SECOND-DRAW" if !stud => "SECOND DRAW",
        "THIRD-DRAW" if !stud => "THIRD DRAW",
        _ => return None,
    }))
}

/// Puts the play (the lines after the seat list) of a hand of game `g` at a table of `seats`
/// (number, name) with `stacks` (in hundredths) in Full Tilt's words.
fn read<'t>(
    lines: &[Line<'t>],
    seats: &[(u32, &str)],
    stacks: &[i64],
    g: Game,
) -> Result<Read<'t>, TextError> {
    let stud = g != Game::TripleDraw;
    let k = seats.len();
    let Seats { mut put, mut dead, mut surplus, mut street, mut folded } = Seats::new(k);
    let (mut named, mut shown) = (vec![false; k], vec![false; k]);
    let mut out: Vec<(usize, Cow<'t, str>)> = Vec::with_capacity(lines.len() + 4);
    let mut collected: Vec<Collected> = Vec::new();
    let mut summary = vec![SummarySeat::default(); k];
    let (mut total, mut summary_at) = (None, None);
    // Whether the street being dealt is the first (third street, the draw's first cards), and
    // whether the players are drawing.
    let (mut first, mut drawing) = (false, false);
    let w = |c: i64| written(c, None);
    for l in lines {
        let (n, t) = (l.number, l.text);
        if summary_at.is_some() {
            if let Some(rest) = t.strip_prefix("Total pot ") {
                let (pot, rake) = rest.split_once(" | ").unwrap_or((rest, ""));
                total = Some((n, pot.trim(), rake.trim()));
            } else {
                summary_seat(t, n, seats, &mut summary)?;
            }
            continue;
        }
        if t == "*** SUMMARY ***" {
            summary_at = Some(n);
            continue;
        }
        if let Some(st) = t.strip_prefix("*** ") {
            let name = st.strip_suffix(" ***").unwrap_or(st);
            let Some(ft) = street_name(name, stud) else {
                let streets = if stud {
                    "`*** 3rd STREET ***` to `*** 7th STREET ***`"
                } else {
                    "`*** FIRST-BET ***`, `*** FIRST-DRAW ***` to `*** THIRD-DRAW ***`, `*** SECOND-BET ***` to `*** FOURTH-BET ***`"
                };
                return err(
                    n,
                    format!(
                        "expected a street of the game ({streets}) or `*** SUMMARY ***`, not `{t}`"
                    ),
                );
            };
            drawing = false;
            if let Some(ft) = ft {
                // The blinds are bets of the first round, which the first deal opens.
                if ft != "HOLE CARDS" {
                    street.iter_mut().for_each(|x| *x = 0);
                }
                first = matches!(ft, "3RD STREET" | "HOLE CARDS");
                drawing = ft.ends_with(" DRAW");
                out.push((n, Cow::Owned(format!("*** {ft} ***"))));
            }
            continue;
        }
        if let Some(rest) = t.strip_prefix("Dealt to ") {
            let Some((i, cards)) = who(seats, rest) else {
                return err(
                    n,
                    format!("expected a player of the seat list after `Dealt to` in `{t}`"),
                );
            };
            named[i] = true;
            if !first && !stud {
                let why = format!("line {n}: `{t}`: a deal after a draw, which no Winamax text feltkit has seen writes: the hand is not replayed");
                return Ok(Read { lines: out, away: vec![], refusal: Some(why) });
            }
            if let Some(dealt) = dealt(n, t, cards, stud, first)? {
                out.push((n, Cow::Owned(format!("Dealt to {} [{dealt}]", seats[i].1))));
            }
            continue;
        }
        let Some((i, rest)) = who(seats, t) else {
            return err(
                n,
                format!("expected a street, `Dealt to NAME [...]` or a player's action, not `{t}`"),
            );
        };
        named[i] = true;
        let name = seats[i].1;
        let verb = rest.strip_suffix(" and is all-in").unwrap_or(rest);
        let mut said = |words: String| out.push((n, Cow::Owned(words)));
        if let Some(x) = verb.strip_prefix("posts ante ") {
            let c = money(x, n)?;
            put[i] = put[i].saturating_add(c);
            said(format!("{name} antes {}", w(c)));
        } else if let Some(x) = verb.strip_prefix("posts small blind ") {
            let (x, out_of_turn) = match x.strip_suffix(" out of position") {
                Some(x) => (x, true),
                None => (x, false),
            };
            let c = money(x, n)?;
            put[i] = put[i].saturating_add(c);
            if out_of_turn {
                dead[i] = dead[i].saturating_add(c);
                said(format!("{name} posts a dead small blind of {}", w(c)));
            } else {
                street[i] = c;
                said(format!("{name} posts the small blind of {}", w(c)));
            }
        } else if let Some(x) = verb.strip_prefix("posts big blind ") {
            let (x, out_of_turn) = match x.strip_suffix(" out of position") {
                Some(x) => (x, true),
                None => (x, false),
            };
            let c = money(x, n)?;
            put[i] = put[i].saturating_add(c);
            street[i] = c;
            // A big blind posted out of turn is a newcomer's post: the player acts in turn.
            if out_of_turn {
                said(format!("{name} posts {}", w(c)));
            } else {
                said(format!("{name} posts the big blind of {}", w(c)));
            }
        } else if let Some(x) = verb.strip_prefix("brings in ") {
            let c = money(x, n)?;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            said(format!("{name} brings in for {}", w(c)));
        } else if let Some(x) = verb.strip_prefix("bets ") {
            let c = money(x, n)?;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            said(format!("{name} bets {}", w(c)));
        } else if let Some(x) = verb.strip_prefix("calls ") {
            let c = money(x, n)?;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            said(format!("{name} calls {}", w(c)));
        } else if let Some(x) = verb.strip_prefix("raises ") {
            let Some((_, to)) = x.split_once(" to ") else {
                return err(n, format!("expected `raises X to Y` in `{t}`"));
            };
            let to = money(to, n)?;
            // A raise over players all in is a call and what it adds beyond the bet, which
            // Winamax counts in what the player collects.
            let in_hand = |j: usize| named[j] && !folded[j];
            let sums = (&mut put[..], &mut street[..], &mut surplus[..]);
            if let Some(call) = call_over_all_in((i, to), in_hand, stacks, sums) {
                said(format!("{name} calls {}", w(call)));
                continue;
            }
            put[i] = put[i].saturating_add(to.saturating_sub(street[i]));
            street[i] = to;
            said(format!("{name} raises to {}", w(to)));
        } else if verb == "folds" {
            folded[i] = true;
            said(format!("{name} folds"));
        } else if verb == "checks" {
            said(format!("{name} checks"));
        } else if verb.starts_with("shows [") {
            // A high-low hand is shown once for each half: once is the show.
            if !std::mem::replace(&mut shown[i], true) {
                let cards = brackets(verb).into_iter().next().unwrap_or_default();
                said(format!("{name} shows [{}]", cards.join(" ")));
            }
        } else if verb == "mucks" || verb.starts_with("mucks ") {
            said(format!("{name} mucks"));
        } else if drawing && (verb == "stands pat" || verb.starts_with("stands pat [")) {
            said(format!("{name} stands pat"));
        } else if let Some(x) = verb.strip_prefix("collected ") {
            let (a, _) = x.split_once(" from ").unwrap_or((x, "pot"));
            hold(&mut collected, &mut out, (i, money(a, n)?, Cow::Borrowed("pot")), n);
        } else if drawing {
            let why = format!("line {n}: `{t}`: a player changing cards, which no Winamax text feltkit has seen writes (only `stands pat`): the hand is not replayed");
            return Ok(Read { lines: out, away: vec![], refusal: Some(why) });
        } else {
            return err(
                n,
                format!(
                    "expected an action after `{name}` (posts, brings in, bets, raises, calls, checks, folds, stands pat, shows, mucks, collected), not `{rest}`"
                ),
            );
        }
    }
    let Some(summary_line) = summary_at else {
        let last = lines.last().map_or(0, |l| l.number);
        return err(last, "expected `*** SUMMARY ***`");
    };
    let Some((total_line, total_text, rake_text)) = total else {
        return err(summary_line, "expected `Total pot X | Rake Y` in the summary");
    };
    let mut got = totals(&collected, k);
    let (rake, site_total) =
        summary_sums(&summary, &got, seats, (total_line, total_text, rake_text), w)?;
    // The part of the largest bet nobody matched goes back to its player, and so does what a
    // raise over players all in added beyond the bet.
    let back = uncalled(&put, &dead);
    let name = |i: usize| seats[i].1;
    give_back(&mut collected, &mut got, (back, &surplus), "Winamax", name, w)
        .or_else(|(_, m)| err(total_line, m))?;
    for c in &collected {
        out[c.at].1 = if c.cents > 0 {
            Cow::Owned(format!("{} wins the pot ({})", seats[c.seat].1, w(c.cents)))
        } else {
            Cow::Borrowed("")
        };
    }
    if let Some((top, excess)) = back {
        let at = line_of(&collected, top, summary_line);
        let returned = format!("Uncalled bet of {} returned to {}", w(excess), seats[top].1);
        let before = collected.first().map_or(out.len(), |c| c.at);
        out.insert(before, (at, Cow::Owned(returned)));
    }
    out.retain(|(_, t)| !t.is_empty());
    let before_rake = site_total
        .saturating_add(rake)
        .saturating_sub(back.map_or(0, |u| u.1))
        .saturating_sub(surplus.iter().fold(0i64, |a, &c| a.saturating_add(c)));
    out.push((summary_line, Cow::Borrowed("*** SUMMARY ***")));
    out.push((total_line, Cow::Owned(format!("Total pot {} | Rake {}", w(before_rake), w(rake)))));
    let away = named.iter().map(|x| !x).collect();
    Ok(Read { lines: out, away, refusal: None })
}

/// The cards of a `Dealt to NAME [...]` line (`cards`, what follows the name) that Full Tilt's
/// words give: on the first deal, all of them when all are shown, the card dealt up when only
/// it is (stud's `[X X 9h]`), none when none is (a draw's `[X X X X X]`); later, the new card
/// (the last `[...]`), none when it is dealt face down (`[X]`).
fn dealt(
    n: usize,
    t: &str,
    cards: &str,
    stud: bool,
    first: bool,
) -> Result<Option<String>, TextError> {
    let b = brackets(cards);
    let new = match (first, b.as_slice()) {
        (true, [all]) => all,
        (false, [_, new]) => new,
        _ if first => return err(n, format!("expected `Dealt to NAME [CARDS]`, not `{t}`")),
        _ => return err(n, format!("expected `Dealt to NAME [CARDS] [NEW]`, not `{t}`")),
    };
    let hidden = new.iter().filter(|c| *c == "X").count();
    let wanted = match (stud, first) {
        (true, true) => 3,
        (true, false) => 1,
        (false, _) => 5,
    };
    if new.len() != wanted {
        return err(n, format!("expected {wanted} cards dealt in `{t}`"));
    }
    Ok(match hidden {
        0 => Some(new.join(" ")),
        h if h == wanted => None,
        // Stud's first cards: two down, one up.
        2 if stud && first && new[2] != "X" => Some(new[2].clone()),
        _ => {
            return err(
                n,
                format!(
                "expected the cards dealt all shown or all `X` (stud's first: `[X X 9h]`) in `{t}`"
            ),
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_told_with_their_betting_structure() {
        assert_eq!(game("7-Card Stud fixed limit"), Some(Ok(Game::Stud)));
        assert_eq!(game("7-Card Stud Hi/Lo fixed limit"), Some(Ok(Game::StudHiLo)));
        assert_eq!(game("Razz fixed limit"), Some(Ok(Game::Razz)));
        assert_eq!(game("2-7 Triple Draw fixed limit"), Some(Ok(Game::TripleDraw)));
        assert!(matches!(game("7-Card Stud no limit"), Some(Err(_))));
        assert!(matches!(game("5 Card Draw pot limit"), Some(Err(_))));
        assert_eq!(game("Holdem no limit"), None);
    }

    #[test]
    fn a_dealt_line_gives_the_cards_known() {
        let d = |cards: &str, stud: bool, first: bool| {
            dealt(4, cards, cards, stud, first).map_err(|e| e.line)
        };
        assert_eq!(d("[X X 9h]", true, true), Ok(Some("9h".into())));
        assert_eq!(d("[4h Ac Qd]", true, true), Ok(Some("4h Ac Qd".into())));
        assert_eq!(d("[X X 9h] [Kh]", true, false), Ok(Some("Kh".into())));
        assert_eq!(d("[X X 9h Kh Kd Qc] [X]", true, false), Ok(None));
        assert_eq!(d("[X X X X X]", false, true), Ok(None));
        assert_eq!(d("[2h Td 8c 7c 8s]", false, true), Ok(Some("2h Td 8c 7c 8s".into())));
        assert_eq!(d("[X 9h X]", true, true), Err(4));
        assert_eq!(d("[X X 9h]", true, false), Err(4));
        assert_eq!(d("[9h Kh]", true, true), Err(4));
    }
}
