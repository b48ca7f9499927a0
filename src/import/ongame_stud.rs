//! OnGame's seven-card stud and stud high-low hands, their play put in Full Tilt's words for
//! the reader of Full Tilt's stud and draw hands ([`super::fulltilt_stud::complete_play`]),
//! once [`super::ongame_lines`] has read their header and seats:
//!
//! | OnGame writes | read as |
//! |---|---|
//! | `(LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real money)`, `SEVEN_CARD_STUD_HI_LO` | seven-card stud (high-low): the small and big bets; the antes are the ones posted |
//! | `NAME posts ante $0.02` | `NAME antes 0.02` |
//! | `Dealing pocket cards`, `Dealing 4th street` ... `Dealing 6th street`, `Dealing river` | `*** 3RD STREET ***` ... `*** 7TH STREET ***` |
//! | `Dealing to NAME: [-, -, Kh]`, `Dealing to Hero: [Jh, 9d, Ac]`, `Dealing to NAME: [3h]` | `Dealt to NAME [Kh]` (the card dealt up), `Dealt to Hero [Jh 9d Ac]`, `Dealt to NAME [3h]` |
//! | `NAME small bring in $0.05`, `NAME big bring in $0.10` | `NAME brings in for 0.05`; the bring-in made the full small bet, `NAME completes it to 0.10` |
//! | `NAME bets $0.10` (a completion on third street), `calls`, `checks`, `folds` | the same words |
//! | `NAME raises $1 to $1.37` (the chips put in, then the player's bets in the hand, antes aside) | `NAME raises to 1`, the player's bet on the street |
//! | `Main pot: $2.35 won by Hero ($2.24)`, `won by A ($1 High), B ($1 Low)`, `Rake taken: $0.11` | `Hero wins the pot (2.24)`, each share; `Total pot 2.35 \| Rake 0.11` |
//! | `Seat 2: Hero ($3.47), net: +$1.47, [Jh, 9d, Ac, 7h, Js, 5c, 9h] (...)` | `Hero shows [Jh 9d Ac 7h Js 5c 9h]` when the hand reaches a showdown, `NAME mucks` for a player there whose cards the summary does not give |
//!
//! OnGame writes no uncalled bet: the part of a bet nobody matched is in no pot. It is given
//! back as `Uncalled bet of X returned to NAME`. Each seat's net must be its finishing stack
//! less its starting stack, and the finishing stacks are the site's account of the hand,
//! checked against the replay ([`super::ongame`]).

use std::borrow::Cow;

use super::collected::{uncalled, written};
use super::fulltilt_stud::{complete_play, Game};
use super::lines::{who, Line};
use super::ongame_lines::{amount_of, cards, SUMMARY};
use super::ongame_play::{read_summary, Read};
use super::pokerstars::{err, StarsHand, TextError};
use super::split::HandText;
use crate::record::{HandRecord, Unreplayable};

/// Lines in Full Tilt's words, each with its line in the text.
type Out<'t> = Vec<(usize, Cow<'t, str>)>;

/// The game of an OnGame table line's `LIMIT GAME`: `None` when it is no stud game,
/// `Some(Err(why))` for one feltkit does not read or play so.
pub(super) fn game(limit: &str, game: &str) -> Option<Result<Game, String>> {
    let g = match game {
        "SEVEN_CARD_STUD" => Game::Stud,
        "SEVEN_CARD_STUD_HI_LO" => Game::StudHiLo,
        _ if game.contains("STUD") || game.contains("RAZZ") => {
            return Some(Err(format!(
                "{limit} {game}: feltkit reads OnGame's seven-card stud and stud high-low, not this game"
            )));
        }
        _ => return None,
    };
    if limit != "LIMIT" {
        return Some(Err(format!(
            "{limit} {game}: feltkit plays this game fixed limit (LIMIT) only"
        )));
    }
    Some(Ok(g))
}

/// Completes the record of a stud hand of game `g` that [`super::emit`] built from its header
/// and seats alone: its play, put in Full Tilt's words, read by Full Tilt's reader; a line not
/// understood, or a text that contradicts itself, is unreadable at its line.
pub(super) fn complete(text: &HandText, hand: &StarsHand, g: Game, r: &mut HandRecord<'_>) {
    let after = hand.seats.last().map_or(hand.line, |s| s.line);
    let play: Vec<Line<'_>> = text.lines().filter(|l| l.number > after).collect();
    let seats: Vec<(u32, &str)> = hand.seats.iter().map(|s| (s.seat, s.name.as_str())).collect();
    let stacks: Vec<i64> =
        hand.seats.iter().map(|s| s.stack.to_units(2).unwrap_or(i64::MAX)).collect();
    match read(&play, &seats, &stacks, hand.symbol) {
        Ok((lines, away)) => {
            let ft: Vec<Line<'_>> =
                lines.iter().map(|(n, t)| Line { number: *n, text: t }).collect();
            complete_play(&ft, hand, g, &away, r);
        }
        Err(e) => {
            let why = format!("line {}: {}", e.line, e.why);
            r.unreplayable = Some(Unreplayable::Unreadable(why));
        }
    }
}

/// Full Tilt's name of an OnGame street line.
fn street_name(t: &str) -> Option<&'static str> {
    Some(match t {
        "Dealing pocket cards" => "3RD STREET",
        "Dealing 4th street" => "4TH STREET",
        "Dealing 5th street" => "5TH STREET",
        "Dealing 6th street" => "6TH STREET",
        "Dealing river" => "7TH STREET",
        _ => return None,
    })
}

/// The play (the lines after the seat list) at a table of `seats` (number, name) with
/// `stacks` (in hundredths) in Full Tilt's words, each with its line in the text, and the
/// seats the play never names (not dealt in); messages write amounts with the symbol `s`.
fn read<'t>(
    lines: &[Line<'t>],
    seats: &[(u32, &str)],
    stacks: &[i64],
    s: Option<char>,
) -> Result<(Out<'t>, Vec<bool>), TextError> {
    let k = seats.len();
    let (mut put, mut bets, mut street) = (vec![0i64; k], vec![0i64; k], vec![0i64; k]);
    let (mut named, mut folded) = (vec![false; k], vec![false; k]);
    let mut out: Out<'t> = Vec::with_capacity(lines.len() + 8);
    let mut first = false;
    let w = |c: i64| written(c, None);
    for (j, l) in lines.iter().enumerate() {
        let (n, t) = (l.number, l.text);
        if t == SUMMARY {
            summary(&lines[j..], seats, stacks, (&put, &named, &folded), &mut out)?;
            let away = named.iter().map(|x| !x).collect();
            return Ok((out, away));
        }
        if t == "---" {
            continue;
        }
        if let Some(ft) = street_name(t) {
            street.iter_mut().for_each(|x| *x = 0);
            first = ft == "3RD STREET";
            out.push((n, Cow::Owned(format!("*** {ft} ***"))));
            continue;
        }
        if let Some(rest) = t.strip_prefix("Dealing to ") {
            let dealt = super::lines::split_once(rest, ": ")
                .and_then(|(name, c)| Some((seats.iter().position(|s| s.1 == name)?, c)));
            let Some((i, c)) = dealt else {
                return err(
                    n,
                    format!("expected `Dealing to NAME: [cards]`, a seated player's, not `{t}`"),
                );
            };
            named[i] = true;
            let Some(c) = cards(c) else {
                return err(n, format!("expected the cards in `[...]` in `{t}`"));
            };
            let c: Vec<&str> = c[1..c.len() - 1].split(' ').filter(|x| !x.is_empty()).collect();
            let shown: Vec<&str> = c.iter().copied().filter(|x| *x != "-").collect();
            let ok = match (first, c.len(), shown.len()) {
                // Third street: two down and one up, all three when shown.
                (true, 3, 3) => true,
                (true, 3, 1) => c[2] != "-",
                (false, 1, _) => true,
                _ => false,
            };
            if !ok {
                let wanted = if first { "`[-, -, UP]` or three cards" } else { "one card" };
                return err(n, format!("expected {wanted} dealt in `{t}`"));
            }
            if !shown.is_empty() {
                out.push((n, Cow::Owned(format!("Dealt to {} [{}]", seats[i].1, shown.join(" ")))));
            }
            continue;
        }
        let Some((i, rest)) = who(seats, t) else {
            return err(
                n,
                format!("expected a line of the play (an action of a seated player, a street), not `{t}`"),
            );
        };
        named[i] = true;
        let rest = rest.strip_suffix("[all in]").map_or(rest, str::trim_end);
        let name = seats[i].1;
        let mut said = |words: String| out.push((n, Cow::Owned(words)));
        // The player's bets in the hand and on the street before this line.
        let (before, on_street) = (bets[i], street[i]);
        let mut put_in = |c: i64, ante: bool| {
            put[i] = put[i].saturating_add(c);
            if !ante {
                bets[i] = bets[i].saturating_add(c);
                street[i] = street[i].saturating_add(c);
            }
        };
        if let Some(x) = rest.strip_prefix("posts ante ") {
            let c = amount_of(x.trim_start_matches('(').trim_end_matches(')'), n)?;
            put_in(c, true);
            said(format!("{name} antes {}", w(c)));
        } else if let Some(x) = rest.strip_prefix("small bring in ") {
            let c = amount_of(x, n)?;
            put_in(c, false);
            said(format!("{name} brings in for {}", w(c)));
        } else if let Some(x) = rest.strip_prefix("big bring in ") {
            let c = amount_of(x, n)?;
            put_in(c, false);
            said(format!("{name} completes it to {}", w(c)));
        } else if let Some(x) = rest.strip_prefix("bets ") {
            let c = amount_of(x, n)?;
            put_in(c, false);
            said(format!("{name} bets {}", w(c)));
        } else if let Some(x) = rest.strip_prefix("calls ") {
            let c = amount_of(x, n)?;
            put_in(c, false);
            said(format!("{name} calls {}", w(c)));
        } else if let Some(x) = rest.strip_prefix("raises ") {
            let Some((by, to)) = x.split_once(" to ") else {
                return err(n, format!("expected `raises X to Y`, not `{t}`"));
            };
            let (by, to) = (amount_of(by, n)?, amount_of(to, n)?);
            // The first amount is the chips the raise puts in, the second the player's bets
            // in the hand after it, antes aside.
            let after = before.saturating_add(by);
            if to != after {
                return err(
                    n,
                    format!(
                        "{name} raises {} to {}, but with {} bet before in the hand a raise putting in {} makes {}",
                        written(by, s),
                        written(to, s),
                        written(before, s),
                        written(by, s),
                        written(after, s)
                    ),
                );
            }
            put_in(by, false);
            said(format!("{name} raises to {}", w(on_street.saturating_add(by))));
        } else if rest == "checks" {
            said(format!("{name} checks"));
        } else if rest == "folds" {
            folded[i] = true;
            said(format!("{name} folds"));
        } else {
            return err(
                n,
                format!(
                    "expected an action after `{name}` (posts ante, small bring in, big bring in, bets, calls, raises, checks, folds), not `{rest}`"
                ),
            );
        }
    }
    let last = lines.last().map_or(0, |l| l.number);
    err(last, format!("expected `{SUMMARY}`"))
}

/// The summary (from its `Summary:` line) in Full Tilt's words, after the play in `out`: the
/// showdown (the cards each seat line gives, or a muck), the bet nobody matched given back,
/// each pot's winners, and `Total pot X | Rake Y`. `(put, named, folded)`: what each seat put
/// in, whether the play names it, whether it folded.
fn summary<'t>(
    lines: &[Line<'t>],
    seats: &[(u32, &str)],
    stacks: &[i64],
    (put, named, folded): (&[i64], &[bool], &[bool]),
    out: &mut Out<'t>,
) -> Result<(), TextError> {
    let start = lines.first().map_or(0, |l| l.number);
    let w = |c: i64| written(c, None);
    let Read { pots, rake, seats: shown } = read_summary(lines, seats, stacks)?;
    let pots_at = pots[0].line;
    // The showdown: each player still in shows the cards the summary gives, or mucks.
    let mut live: Vec<usize> = (0..seats.len()).filter(|&i| named[i] && !folded[i]).collect();
    // Those whose cards are given show first, in seat order; the others muck.
    live.sort_by_key(|&i| shown[i].1.is_none());
    if live.len() > 1 {
        for &i in &live {
            let (at, cards) = &shown[i];
            let words = match cards {
                Some(c) => format!("{} shows {c}", seats[i].1),
                None => format!("{} mucks", seats[i].1),
            };
            out.push((*at, Cow::Owned(words)));
        }
    }
    let dead = vec![0i64; put.len()];
    if let Some((top, excess)) = uncalled(put, &dead) {
        let returned = format!("Uncalled bet of {} returned to {}", w(excess), seats[top].1);
        out.push((pots_at, Cow::Owned(returned)));
    }
    for p in &pots {
        for &(i, c) in &p.winners {
            out.push((p.line, Cow::Owned(format!("{} wins the pot ({})", seats[i].1, w(c)))));
        }
    }
    let total = pots.iter().fold(0i64, |a, p| a.saturating_add(p.amount));
    out.push((start, Cow::Borrowed("*** SUMMARY ***")));
    let rake = rake.unwrap_or(0);
    out.push((pots_at, Cow::Owned(format!("Total pot {} | Rake {}", w(total), w(rake)))));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_told_with_their_betting_structure() {
        assert_eq!(game("LIMIT", "SEVEN_CARD_STUD"), Some(Ok(Game::Stud)));
        assert_eq!(game("LIMIT", "SEVEN_CARD_STUD_HI_LO"), Some(Ok(Game::StudHiLo)));
        assert!(matches!(game("POT_LIMIT", "SEVEN_CARD_STUD"), Some(Err(_))));
        assert!(matches!(game("LIMIT", "FIVE_CARD_STUD"), Some(Err(_))));
        assert_eq!(game("LIMIT", "TEXAS_HOLDEM"), None);
    }
}
