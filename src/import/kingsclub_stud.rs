//! The play of a KingsClub stud, razz or draw hand put in Full Tilt's words, for the reader of
//! Full Tilt's stud and draw hands ([`super::fulltilt_stud::complete_play`]).
//!
//! | KingsClub writes | read as |
//! |---|---|
//! | `NAME: posts ante 10`, `posts the small blind 20` | `NAME antes 10`, `NAME posts the small blind of 20` |
//! | `Dealt to NAME: [X X Td]` (no street line before third street's cards) | `*** 3RD STREET ***`, `Dealt to NAME [Td]` |
//! | `*** 3RD STREET ***` ... `*** 6TH STREET ***` (each named after the street before it) | `*** 4TH STREET ***` ... `*** 7TH STREET ***` |
//! | `Dealt to NAME: [X]` | nothing: the card is dealt face down, not known |
//! | `Dealt to NAME: [X X X X X]` in a draw game | `*** HOLE CARDS ***`, the cards not known |
//! | `*** 1ST DRAW ***` ... `*** 3RD DRAW ***`, `*** 2ND BETTING ROUND ***` | `*** FIRST DRAW ***` ... (`*** DRAW ***` in single draw); the betting rounds' lines say nothing more |
//! | `NAME discards [Ts Jh] draws [3c 6c]`, `NAME draws 2`, `stands pat` | `NAME discards 2 cards [Ts Jh]` and the new cards, `NAME discards 2 cards` and `is dealt 2 cards`, `stands pat` |
//! | `NAME calls 1,500` (the player's bet on the street after the call) | `NAME calls 1000`, what the call puts in |
//! | `NAME bets 500`, `raises to 1,000` | `NAME raises to 500`, `raises to 1000` |
//! | `NAME wins pot (568.25)` in the summary | `NAME wins the pot (568.25)` |
//!
//! A draw run more than once (`draws [8c] [Qs]`, `Run 1: NAME shows`), and a stud showdown
//! whose face-down cards are not all shown, are refused with the reason.

use super::fulltilt_stud::Game;
use super::kingsclub_lines::amount_of;
use super::kingsclub_play::{bracket_cards, not_replayed, who_colon};
use super::kingsclub_summary::ending;
use super::lines::{who, Line};
use super::pokerstars::{err, TextError};

/// The play in Full Tilt's words: each line with its line in the text.
pub(super) type FtLines = Vec<(usize, String)>;

/// What putting a hand's play in Full Tilt's words found.
pub(super) struct Read {
    /// The lines.
    pub lines: FtLines,
    /// The seats the play never names (no blind, no card, no action): not dealt in.
    pub away: Vec<bool>,
    /// Why the hand is not replayed, if it is not.
    pub refusal: Option<String>,
}

/// Full Tilt's name of a KingsClub street (`3RD STREET` is Full Tilt's fourth).
fn street_name(name: &str, g: Game) -> Option<&'static str> {
    Some(match name {
        "3RD STREET" => "4TH STREET",
        "4TH STREET" => "5TH STREET",
        "5TH STREET" => "6TH STREET",
        "6TH STREET" => "7TH STREET",
        "1ST DRAW" if g == Game::SingleDraw => "DRAW",
        "1ST DRAW" => "FIRST DRAW",
        "2ND DRAW" => "SECOND DRAW",
        "3RD DRAW" => "THIRD DRAW",
        _ => return None,
    })
}

/// Puts the play (the lines after the seat list) of a hand of game `g` at a table of `seats`
/// (number, name, stack) in Full Tilt's words.
pub(super) fn read(
    lines: &[Line<'_>],
    seats: &[(u32, &str, i64, usize)],
    g: Game,
) -> Result<Read, TextError> {
    let stud = matches!(g, Game::Stud | Game::StudHiLo | Game::Razz);
    let names: Vec<(u32, &str)> = seats.iter().map(|s| (s.0, s.1)).collect();
    let k = seats.len();
    let mut out: FtLines = Vec::with_capacity(lines.len() + 8);
    let mut round = vec![0i64; k];
    let mut named = vec![false; k];
    let mut folded = vec![false; k];
    let mut dealt = vec![0usize; k];
    let mut shown: Vec<Option<usize>> = vec![None; k];
    let mut refusal: Option<String> = None;
    // Whether the first cards were dealt, and whether a street line was read since.
    let (mut first_deal, mut later) = (false, false);
    let w = |c: i64| super::collected::written(c, None);
    // A draw's new cards, dealt once every player has discarded or stood pat.
    let mut deals: FtLines = Vec::with_capacity(8);
    for (j, l) in lines.iter().enumerate() {
        let (n, t) = (l.number, l.text);
        let drawing = who(&names, t).is_some_and(|(_, v)| {
            v.starts_with("discards ") || v.starts_with("draws ") || v == "stands pat"
        });
        if !drawing {
            out.append(&mut deals);
        }
        if t == "*** SUMMARY ***" {
            let stacks: Vec<(&str, i64)> = seats.iter().map(|s| (s.1, s.2)).collect();
            let e = ending(n, &lines[j + 1..], &stacks)?;
            let live: Vec<usize> = (0..k).filter(|&i| named[i] && !folded[i]).collect();
            if live.len() > 1 {
                let won = |i: usize| e.wins.iter().any(|x| x.1 == i && x.2 > 0);
                for &i in &live {
                    match shown[i] {
                        Some(c) if c < dealt[i] => {
                            refusal.get_or_insert(format!("line {n}: {} shows {c} of the {} cards dealt: the showdown cannot be settled without the others", names[i].1, dealt[i]));
                        }
                        None if !won(i) => out.push((n, [names[i].1, " mucks"].concat())),
                        _ => {}
                    }
                }
            }
            for &(at, i, c) in &e.wins {
                out.push((at, [names[i].1, " wins the pot (", &w(c), ")"].concat()));
            }
            let paid = e.wins.iter().fold(0i64, |a, x| a.saturating_add(x.2));
            out.push((n, "*** SUMMARY ***".into()));
            out.push((
                n,
                format!("Total pot {} | Rake {}", w(paid.saturating_add(e.rake)), w(e.rake)),
            ));
            let away = named.iter().map(|x| !x).collect();
            return Ok(Read { lines: out, away, refusal });
        }
        if let Some(rest) = t.strip_prefix("*** ") {
            let name = rest.split(" ***").next().unwrap_or_default();
            if name.ends_with(" BETTING ROUND") {
                continue;
            }
            let Some(ft) = street_name(name, g) else {
                return err(n, format!("expected a street of the game (`*** 3RD STREET ***`, `*** 1ST DRAW ***`, `*** 2ND BETTING ROUND ***`) or `*** SUMMARY ***`, not `{t}`"));
            };
            if !first_deal {
                return err(n, format!("`{t}` comes before the first cards are dealt"));
            }
            later = true;
            round.iter_mut().for_each(|x| *x = 0);
            out.push((n, ["*** ", ft, " ***"].concat()));
            continue;
        }
        if let Some(rest) = t.strip_prefix("Dealt to ") {
            let Some((i, cards)) = who_colon(&names, rest) else {
                return err(
                    n,
                    format!("expected `Dealt to NAME: [cards]` with a seated player, not `{t}`"),
                );
            };
            named[i] = true;
            let cards = bracket_cards(cards);
            if !first_deal {
                first_deal = true;
                out.push((
                    n,
                    if stud { "*** 3RD STREET ***" } else { "*** HOLE CARDS ***" }.into(),
                ));
            }
            let known: Vec<&str> = cards.iter().copied().filter(|c| *c != "X").collect();
            let first = !later;
            let want = match (stud, first) {
                (true, true) => 3,
                (true, false) => 1,
                (false, _) => {
                    if g == Game::Badugi {
                        4
                    } else {
                        5
                    }
                }
            };
            if cards.len() != want
                || (stud
                    && first
                    && !known.is_empty()
                    && known.len() != 3
                    && (known.len() != 1 || cards[2] == "X"))
            {
                return err(
                    n,
                    format!("expected {want} card{} in `{t}`", if want == 1 { "" } else { "s" }),
                );
            }
            if !stud && !first {
                return err(
                    n,
                    format!("expected a draw game's cards once, before the first draw, not `{t}`"),
                );
            }
            dealt[i] += cards.len();
            if !known.is_empty() && (stud || known.len() == want) {
                out.push((n, ["Dealt to ", names[i].1, " [", &known.join(" "), "]"].concat()));
            }
            continue;
        }
        if t.starts_with("Run ") {
            refusal.get_or_insert(format!("line {n}: the hand was run more than once (`{t}`): feltkit runs a board, never a draw, more than once"));
            continue;
        }
        if let Some((i, verb)) = who_colon(&names, t) {
            named[i] = true;
            let name = names[i].1;
            let (verb, all_in) = match verb.strip_suffix(", and is all in") {
                Some(v) => (v, ", and is all in"),
                None => (verb, ""),
            };
            let said = if let Some(x) = verb.strip_prefix("posts ante ") {
                [name, " antes ", &w(amount_of(x, n)?), all_in].concat()
            } else if let Some((small, x)) =
                [("small", "posts the small blind "), ("big", "posts the big blind ")]
                    .iter()
                    .find_map(|(s, p)| Some((*s, verb.strip_prefix(p)?)))
            {
                let c = amount_of(x, n)?;
                round[i] = round[i].saturating_add(c);
                [name, " posts the ", small, " blind of ", &w(c), all_in].concat()
            } else if let Some(why) = not_replayed(verb) {
                let refusal = Some(format!("line {n}: {why}"));
                return Ok(Read { lines: out, away: vec![false; k], refusal });
            } else {
                return err(n, format!("expected `posts ante X`, `posts the small blind X` or `posts the big blind X` after `{name}:`, not `{verb}`"));
            };
            out.push((n, said));
            continue;
        }
        let Some((i, verb)) = who(&names, t) else {
            return err(
                n,
                format!("expected a seated player's action, a street or the summary, not `{t}`"),
            );
        };
        named[i] = true;
        let name = names[i].1;
        let (verb, all_in) = match verb.strip_suffix(", and is all in") {
            Some(v) => (v, ", and is all in"),
            None => (verb, ""),
        };
        if verb == "folds" || verb == "checks" || verb == "stands pat" {
            folded[i] |= verb == "folds";
            out.push((n, [name, " ", verb].concat()));
        } else if let Some(x) = verb.strip_prefix("shows ") {
            let cards = bracket_cards(x);
            shown[i] = Some(cards.len());
            out.push((n, [name, " shows [", &cards.join(" "), "]"].concat()));
        } else if let Some(x) = verb.strip_prefix("brings in for ") {
            let c = amount_of(x, n)?;
            round[i] = c;
            out.push((n, [name, " brings in for ", &w(c), all_in].concat()));
        } else if let Some((word, x)) =
            ["calls ", "bets ", "raises to "].iter().find_map(|p| Some((*p, verb.strip_prefix(p)?)))
        {
            // Every amount is the player's bet on the street once the action is made.
            let to = amount_of(x, n)?;
            let added = to.saturating_sub(round[i]);
            if added <= 0 {
                return err(
                    n,
                    format!(
                        "{name} {word}{}, but has {} in on this street already",
                        w(to),
                        w(round[i])
                    ),
                );
            }
            let top = round.iter().copied().max().unwrap_or(0);
            if word == "calls " && (to > top || (to < top && all_in.is_empty())) {
                return err(n, format!("{name} calls {}, but the bet is {}", w(to), w(top)));
            }
            round[i] = to;
            out.push((
                n,
                if word == "calls " {
                    [name, " calls ", &w(added), all_in].concat()
                } else {
                    [name, " raises to ", &w(to), all_in].concat()
                },
            ));
        } else if let Some(x) = verb.strip_prefix("draws ") {
            let Some(c) = x.parse::<usize>().ok().filter(|&c| c <= 5) else {
                return err(n, format!("expected `draws N` with N from 0 to 5, not `{t}`"));
            };
            out.push((n, format!("{name} discards {c} card{}", if c == 1 { "" } else { "s" })));
            deals.push((n, format!("{name} is dealt {c} card{}", if c == 1 { "" } else { "s" })));
        } else if let Some(x) = verb.strip_prefix("discards ") {
            let Some((gone, new)) = x.split_once(" draws ") else {
                return err(n, format!("expected `discards [cards] draws [cards]`, not `{t}`"));
            };
            let (gone, drawn) = (bracket_cards(gone), bracket_cards(new));
            if new.matches('[').count() > 1 {
                refusal.get_or_insert(format!("line {n}: the draw was run more than once (`{t}`): feltkit runs a board, never a draw, more than once"));
                continue;
            }
            if gone.len() != drawn.len() || gone.len() > 5 {
                return err(n, format!("{name} discards {} cards and draws {}: expected as many drawn as discarded", gone.len(), drawn.len()));
            }
            let c = gone.len();
            out.push((
                n,
                format!(
                    "{name} discards {c} card{} [{}]",
                    if c == 1 { "" } else { "s" },
                    gone.join(" ")
                ),
            ));
            deals.push((n, ["Dealt to ", name, " [] [", &drawn.join(" "), "]"].concat()));
        } else if let Some(why) = not_replayed(verb) {
            let refusal = Some(format!("line {n}: {why}"));
            return Ok(Read { lines: out, away: vec![false; k], refusal });
        } else {
            return err(n, format!("expected an action after `{name}` (folds, checks, calls, bets, raises to, brings in for, discards, draws, stands pat, shows), not `{verb}`"));
        }
    }
    err(
        lines.last().map_or(0, |l| l.number),
        "the text stops before the hand's summary: the hand is cut off",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kingsclub_streets_are_named_after_the_street_before() {
        assert_eq!(street_name("3RD STREET", Game::Stud), Some("4TH STREET"));
        assert_eq!(street_name("6TH STREET", Game::Razz), Some("7TH STREET"));
        assert_eq!(street_name("1ST DRAW", Game::SingleDraw), Some("DRAW"));
        assert_eq!(street_name("1ST DRAW", Game::TripleDraw), Some("FIRST DRAW"));
        assert_eq!(street_name("7TH STREET", Game::Stud), None);
    }
}
