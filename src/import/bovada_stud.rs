//! Bovada's seven-card stud and stud high-low hands (`7CARD Fixed Limit`, `7CARD HiLo Fixed
//! Limit`), their play put in Full Tilt's words for the reader of Full Tilt's stud and draw
//! hands ([`super::fulltilt_stud::complete_play`]). Bovada writes stud with its own seat list,
//! every player named by the seat (`Seat+2 [ME]: $6.53 in chips`), and deals every card face up
//! in the text:
//!
//! | Bovada writes | read as |
//! |---|---|
//! | `Seat+1: $5.03 in chips`, `Seat+2 [ME]: $6.53 in chips` | the player `Seat+1` at seat 1, `Seat+2 [ME]` at seat 2 |
//! | `Seat+1 : Ante chip $0.05` | `Seat+1 antes 0.05` |
//! | `*** 3RD STREET ***` ... `*** 6TH STREET ***`, `*** RIVER ***` | `*** 3RD STREET ***` ... `*** 7TH STREET ***` |
//! | `Seat+1 : Card dealt to a spot [6d Ad 2s]`, `... [3s]` | `Dealt to Seat+1 [6d Ad 2s]`, `Dealt to Seat+1 [3s]` |
//! | `Bring_in chip $0.10`, `Big blind/Bring in $0.10`, `Bring in $0.10` | `brings in for 0.10` |
//! | `Bets $0.25` (a completion on third street), `Double bets $0.50`, `Calls`, `Raises $0.50 to $0.75`, `Checks`, `Folds`, `All-in ...` | `bets`, `calls`, `raises to 0.75`, ... |
//! | `Showdown [...]` | `shows` the seven cards dealt (Bovada writes the hands made) |
//! | `Return uncalled portion of bet $x`, `Hand result $2.32` | `Uncalled bet of x returned to NAME`, `NAME wins the pot (2.32)` |
//! | `Total Pot($4.85) \| Rake ($0.20)` | `Total pot 4.85 \| Rake 0.20` |
//!
//! Bovada's stud header names no stakes: the small bet is the first bet or completion of third
//! or fourth street and the big bet the first bet of fifth street on (twice the small when no
//! bet is made there, half the big when none is made before); a hand with no bet at all is
//! refused, its stakes unknown.

use super::bovada_lines::{name_of, same_name};
use super::bovada_play::PASSED;
use super::fulltilt_stud::{brackets, complete_play, Game};
use super::lines::{split_once, Line};
use super::p888_lines::cents;
use super::pokerstars::{err, StarsHand, TextError};
use super::split::HandText;
use crate::record::{HandRecord, Unreplayable};

/// The game of a Bovada header's game and betting structure in PokerStars' words (`7CARD
/// HiLo` and `Limit`): `None` when it is no stud game, `Some(Err(why))` for one feltkit does
/// not read or play so.
pub(super) fn game(game: &str, limit: &str) -> Option<Result<Game, String>> {
    let structure = if limit == "Limit" { "Fixed Limit" } else { limit };
    let g = match game {
        "7CARD" => Game::Stud,
        "7CARD HiLo" => Game::StudHiLo,
        _ if ["CARD", "RAZZ", "STUD", "DRAW"].iter().any(|w| super::lines::has(game, w)) => {
            return Some(Err(format!(
                "{game} {structure}: feltkit reads Bovada's hold'em, Omaha, seven-card stud and stud high-low, not this game"
            )));
        }
        _ => return None,
    };
    if limit != "Limit" {
        return Some(Err(format!("{game} {structure}: feltkit plays this game fixed limit only")));
    }
    Some(Ok(g))
}

/// A stud seat line: `Seat+2 [ME]: $6.53 in chips`: the seat, the name (`Seat+2 [ME]`) and the
/// stack in hundredths.
pub(super) fn seat_of(t: &str) -> Option<(u32, String, Option<i64>)> {
    let (name, stack) = split_once(t, ": ")?;
    let stack = stack.strip_suffix(" in chips")?;
    let digits = name.strip_prefix("Seat+")?;
    let seat = digits.split(' ').next()?.parse().ok()?;
    Some((seat, name_of(name), cents(stack)))
}

/// The stakes of a stud hand whose header names none, from the bets of its play (the lines
/// after the seat list): the small bet, the first bet or completion of third or fourth street
/// (`Bets $0.25`, the raise of `Raises $0.25 to $0.50`); the big bet, the first bet of fifth
/// street on. `None` when no bet is made.
pub(super) fn stakes(lines: &[Line<'_>]) -> Option<(i64, i64)> {
    let (mut street, mut small, mut big) = (3u8, None, None);
    for l in lines {
        let t = l.text;
        if let Some(s) = t.strip_prefix("*** ") {
            street = match s.split(' ').next() {
                Some("4TH") => 4,
                Some("5TH") => 5,
                Some("6TH") => 6,
                Some("RIVER") => 7,
                _ => street,
            };
            continue;
        }
        let Some((_, verb)) = split_once(t, " : ") else { continue };
        let bet = if let Some(x) = verb.strip_prefix("Bets ") {
            cents(x)
        } else if let Some(x) = verb.strip_prefix("Raises ") {
            // `Raises X to Y` raises by X.
            x.split(" to ").next().and_then(cents)
        } else {
            None
        };
        let Some(bet) = bet.filter(|&b| b > 0) else { continue };
        if street <= 4 {
            small.get_or_insert(bet);
        } else {
            big.get_or_insert(bet);
        }
    }
    match (small, big) {
        (Some(s), Some(b)) => Some((s, b)),
        (Some(s), None) => Some((s, s.saturating_mul(2))),
        (None, Some(b)) => Some(((b / 2).max(1), b)),
        (None, None) => None,
    }
}

/// Completes the record of a stud hand of game `g` that [`super::emit`] built from its header
/// and seats alone: its play, put in Full Tilt's words, read by Full Tilt's reader; a line not
/// understood is unreadable at its line.
pub(super) fn complete(text: &HandText, hand: &StarsHand, g: Game, r: &mut HandRecord<'_>) {
    let after = hand.seats.last().map_or(hand.line, |s| s.line);
    let play: Vec<Line<'_>> = text.lines().filter(|l| l.number > after).collect();
    let seats: Vec<(u32, &str)> = hand.seats.iter().map(|s| (s.seat, s.name.as_str())).collect();
    match read(&play, &seats) {
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

/// Lines in Full Tilt's words, each with its line in the text.
type Out = Vec<(usize, String)>;

/// The play (the lines after the seat list) at a table of `seats` (number, name) in Full
/// Tilt's words, and the seats the play never names (not dealt in).
fn read(lines: &[Line<'_>], seats: &[(u32, &str)]) -> Result<(Out, Vec<bool>), TextError> {
    let k = seats.len();
    let mut named = vec![false; k];
    let mut held: Vec<Vec<String>> = vec![Vec::new(); k];
    let mut out: Out = Vec::with_capacity(lines.len() + 4);
    let w = |c: i64| super::collected::written(c, None);
    let mut summary = false;
    for l in lines {
        let (n, t) = (l.number, l.text.trim());
        if summary {
            if let Some(rest) = t.strip_prefix("Total Pot(") {
                let (pot, rake) = rest.split_once(')').unwrap_or((rest, ""));
                let rake = rake.trim().trim_start_matches('|').trim();
                let rake = rake.strip_prefix("Rake (").and_then(|r| r.strip_suffix(')'));
                let amount = |x: &str| {
                    cents(x).ok_or_else(|| TextError {
                        line: n,
                        why: format!("expected an amount in cents at most in `{t}`"),
                    })
                };
                let Some(rake) = rake else {
                    return err(n, format!("expected `Total Pot($X) | Rake ($Y)`, not `{t}`: a stud hand's rake must be written"));
                };
                let (pot, rake) = (amount(pot)?, amount(rake)?);
                out.push((n, "*** SUMMARY ***".into()));
                out.push((n, format!("Total pot {} | Rake {}", w(pot), w(rake))));
                let away = named.iter().map(|x| !x).collect();
                return Ok((out, away));
            }
            continue;
        }
        if t == "*** SUMMARY ***" {
            summary = true;
            continue;
        }
        if let Some(s) = t.strip_prefix("*** ") {
            let ft = match s.strip_suffix(" ***").unwrap_or(s) {
                "3RD STREET" => "3RD STREET",
                "4TH STREET" => "4TH STREET",
                "5TH STREET" => "5TH STREET",
                "6TH STREET" => "6TH STREET",
                "RIVER" | "7TH STREET" => "7TH STREET",
                _ => {
                    return err(n, format!("expected a street of stud (`*** 3RD STREET ***` to `*** RIVER ***`) or `*** SUMMARY ***`, not `{t}`"));
                }
            };
            out.push((n, format!("*** {ft} ***")));
            continue;
        }
        let Some((who, verb)) = split_once(t, " : ") else {
            if PASSED.iter().any(|p| t.starts_with(p)) {
                continue;
            }
            return err(
                n,
                format!("expected `Seat+N : ACTION`, a street or the summary, not `{t}`"),
            );
        };
        let Some(i) = seats.iter().position(|s| same_name(s.1, who)) else {
            return err(
                n,
                format!("`{}` acts, but the seat list names no such player", name_of(who)),
            );
        };
        let verb = verb.trim();
        if PASSED.iter().any(|p| verb.starts_with(p)) {
            continue;
        }
        named[i] = true;
        let name = seats[i].1;
        let money = |x: &str| {
            let x = x.trim_start_matches("(timeout)").trim();
            cents(x).ok_or_else(|| TextError {
                line: n,
                why: format!("expected an amount in cents at most, not `{x}`"),
            })
        };
        let line = if let Some(x) = verb.strip_prefix("Ante chip ") {
            format!("{name} antes {}", w(money(x)?))
        } else if let Some(x) = ["Bring_in chip ", "Big blind/Bring in ", "Bring in "]
            .iter()
            .find_map(|p| verb.strip_prefix(p))
        {
            format!("{name} brings in for {}", w(money(x)?))
        } else if let Some(x) = verb.strip_prefix("Card dealt to a spot ") {
            let Some(c) = brackets(x).into_iter().next().filter(|c| matches!(c.len(), 1 | 3))
            else {
                return err(
                    n,
                    format!("expected one card dealt, or three on third street, in `{t}`"),
                );
            };
            held[i].extend(c.iter().cloned());
            format!("Dealt to {name} [{}]", c.join(" "))
        } else if let Some(x) =
            verb.strip_prefix("Bets ").or_else(|| verb.strip_prefix("Double bets "))
        {
            format!("{name} bets {}", w(money(x)?))
        } else if let Some(x) = verb.strip_prefix("Calls ") {
            format!("{name} calls {}", w(money(x)?))
        } else if let Some(x) =
            verb.strip_prefix("Raises ").or_else(|| verb.strip_prefix("All-in(raise) "))
        {
            let Some((_, to)) = x.split_once(" to ") else {
                return err(n, format!("expected `Raises X to Y`, not `{t}`"));
            };
            format!("{name} raises to {}", w(money(to)?))
        } else if verb == "Checks" {
            format!("{name} checks")
        } else if verb == "Folds" || verb.starts_with("Folds ") || verb.starts_with("Fold") {
            format!("{name} folds")
        } else if verb.starts_with("Showdown") || verb.starts_with("Mucks") {
            // Bovada writes the hands made; the cards are the seven dealt, all in the text.
            if verb.starts_with("Mucks") {
                format!("{name} mucks")
            } else {
                format!("{name} shows [{}]", held[i].join(" "))
            }
        } else if let Some(x) = verb.strip_prefix("Return uncalled portion of bet ") {
            format!("Uncalled bet of {} returned to {name}", w(money(x)?))
        } else if let Some(x) = verb.strip_prefix("Hand result") {
            let x = x.trim_start_matches("-Side pot").trim();
            format!("{name} wins the pot ({})", w(money(x)?))
        } else {
            return err(
                n,
                format!("expected an action after `{name}` (Ante chip, Bring_in chip, Card dealt to a spot, Bets, Calls, Raises, Checks, Folds, Showdown, Hand result), not `{verb}`"),
            );
        };
        out.push((n, line));
    }
    let last = lines.last().map_or(0, |l| l.number);
    err(last, "expected `Total Pot($X) | Rake ($Y)` in the summary")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_and_seats_are_read_in_bovadas_stud_words() {
        assert_eq!(game("7CARD HiLo", "Limit"), Some(Ok(Game::StudHiLo)));
        assert_eq!(game("7CARD", "Limit"), Some(Ok(Game::Stud)));
        assert!(matches!(game("7CARD", "No Limit"), Some(Err(_))));
        assert!(matches!(game("RAZZ", "Limit"), Some(Err(_))));
        assert_eq!(game("HOLDEM", "Limit"), None);
        assert_eq!(
            seat_of("Seat+2 [ME]: $6.53 in chips"),
            Some((2, "Seat+2 [ME]".into(), Some(653)))
        );
        assert_eq!(
            seat_of("Seat+10: $1,000 in chips"),
            Some((10, "Seat+10".into(), Some(100_000)))
        );
        assert_eq!(seat_of("Seat 1: Dealer ($5 in chips)"), None);
    }

    #[test]
    fn the_stakes_are_the_first_bets_of_each_limit() {
        let l = |text| Line { number: 1, text };
        let play = [
            l("*** 3RD STREET ***"),
            l("Seat+1 : Bets $0.25"),
            l("*** 5TH STREET ***"),
            l("Seat+1 : Raises $0.50 to $0.50"),
        ];
        assert_eq!(stakes(&play), Some((25, 50)));
        assert_eq!(stakes(&play[..2]), Some((25, 50)));
        assert_eq!(stakes(&play[..1]), None);
    }
}
