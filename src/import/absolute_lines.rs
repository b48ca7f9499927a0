//! Absolute Poker's and UltimateBet's header, table line and seat list put in PokerStars'
//! words, for the PokerStars reader ([`super::pokerstars::parse_pieces`]); the play and
//! the summary are put so by [`super::absolute_play`].
//!
//! | Absolute writes | read as |
//! |---|---|
//! | `Stage #1483940000: Holdem  No Limit $0.02 - 2009-06-10 03:10:00 (ET)` | hand `1483940000`, `Hold'em No Limit ($0.01/$0.02)`: the big blind only, the small one as posted |
//! | `Stage #C282012441: Holdem  Normal $0.25/$0.50 - ...` | `Hold'em Limit ($0.25/$0.50)`: `Normal` is fixed limit, the amounts its bets |
//! | `Stage #525691746 Tourney ID 5945889 Holdem Multi Normal Tournament No Limit 10 - ...` | tournament `5945889`, `Hold'em No Limit (5/10)` in chips |
//! | `... No Limit $1, $0.25 ante`, `... No Limit $0.10 Turbo`, `05:08:53.010 (ET) [ 2011-02-21 05:08:53 ]` | the stakes; the ante as posted; the time to the second |
//! | `Table: CHILE HWY (Real Money) Seat #7 is the dealer` | `Table 'CHILE HWY' Seat #7 is the button` |
//! | `Seat 7 - NAME ($2.13 in chips)`, `(1,440 in chips)` | `Seat 7: NAME ($2.13 in chips)`, 1440 |
//!
//! Games other than hold'em and Omaha, and the 7-2 proposition tables (`No Limit $4 (7-2)`,
//! where a hand won with seven-deuce is paid by every player from outside the pot), are
//! refused with the reason.

use super::absolute_play::{amount_of, play, Out, Table};
use super::collected::{push_number, seat_list_line};
use super::header::{parse_header, site_header};
use super::lines::{find, rfind, Line};
use super::pokerstars::Tournament;
use super::pokerstars::{err, parse_pieces, GameName, Refusal, StarsHand, TextError};
use super::split::HandText;
use crate::phh::table::MAX_SEAT;

/// What every hand starts with.
pub(super) const HEADER: &str = "Stage #";

/// The hand number of a hand's first line (`Stage #C282012441: ...`, `Stage #525691746
/// Tourney ID ...`).
pub(super) fn hand_number(first: &str) -> Option<&str> {
    let rest = &first[find(first, HEADER)? + HEADER.len()..];
    let id = &rest[..rest.find([':', ' ']).unwrap_or(rest.len())];
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(id)
}

/// A hand's first line, read.
#[derive(Debug, PartialEq, Eq)]
struct Header<'t> {
    number: &'t str,
    /// The tournament's number, for a tournament hand.
    tournament: Option<&'t str>,
    /// The game in PokerStars' words (`Hold'em No Limit`), or why it is not read.
    game: Result<&'static str, String>,
    /// Fixed limit (`Normal`).
    fixed: bool,
    /// The stakes: the big blind (no and pot limit), or the small and big bets (fixed limit),
    /// in hundredths.
    stakes: (Option<i64>, i64),
    /// The currency symbol of the stakes.
    symbol: Option<char>,
    /// The date and time in PokerStars' words.
    date: String,
}

fn header<'t>(l: &Line<'t>) -> Result<Header<'t>, TextError> {
    let t = l.text;
    let expected = "expected `Stage #NUMBER: GAME LIMIT STAKES - DATE (ET)`";
    let (Some(k), Some(number)) = (find(t, HEADER), hand_number(t)) else {
        return err(l.number, expected);
    };
    let mut rest = t[k + HEADER.len() + number.len()..].trim_start_matches(':').trim_start();
    let mut tournament = None;
    if let Some(after) = rest.strip_prefix("Tourney ID ") {
        let end = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        if end == 0 {
            return err(
                l.number,
                format!("expected the tournament's number after `Tourney ID`, not `{after}`"),
            );
        }
        tournament = Some(&after[..end]);
        rest = after[end..].trim_start();
    }
    // The date follows the last ` - ` before a digit.
    let Some(dash) = (0..rest.len()).rev().find(|&k| {
        rest.as_bytes()[k..].starts_with(b" - ")
            && rest.as_bytes().get(k + 3).is_some_and(u8::is_ascii_digit)
    }) else {
        return err(l.number, format!("expected ` - DATE` after the game in `{t}`"));
    };
    let desc = &rest[..dash];
    let Some(date) = date(&rest[dash + 3..]) else {
        return err(
            l.number,
            format!(
                "expected a date as `2009-06-10 03:10:00 (ET)`, not `{}`",
                rest[dash + 3..].trim()
            ),
        );
    };
    let lower = desc.to_ascii_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let joined = words.join(" ");
    let (structure, fixed, after) = if let Some(k) = find(&joined, "no limit") {
        ("No Limit", false, k + 8)
    } else if let Some(k) = find(&joined, "pot limit") {
        ("Pot Limit", false, k + 9)
    } else if let Some(k) = rfind(&joined, "normal").or_else(|| rfind(&joined, "limit")) {
        let w = if joined[k..].starts_with("normal") { 6 } else { 5 };
        ("Limit", true, k + w)
    } else {
        return err(
            l.number,
            format!("expected a betting structure (No Limit, Pot Limit, Normal) in `{desc}`"),
        );
    };
    let game = if joined.starts_with("holdem") || joined.starts_with("hold'em") {
        Ok(match structure {
            "No Limit" => "Hold'em No Limit",
            "Pot Limit" => "Hold'em Pot Limit",
            _ => "Hold'em Limit",
        })
    } else if joined.starts_with("omaha hi/lo") || joined.starts_with("omaha hi-lo") {
        Ok(match structure {
            "No Limit" => "Omaha Hi/Lo No Limit",
            "Pot Limit" => "Omaha Hi/Lo Pot Limit",
            _ => "Omaha Hi/Lo Limit",
        })
    } else if joined.starts_with("omaha") {
        Ok(match structure {
            "No Limit" => "Omaha No Limit",
            "Pot Limit" => "Omaha Pot Limit",
            _ => "Omaha Limit",
        })
    } else {
        let name = desc.split_whitespace().collect::<Vec<_>>().join(" ");
        Err(format!("`{name}`: feltkit reads Absolute Poker's hold'em and Omaha texts; its stud, razz and draw texts are not read"))
    };
    let game = match game {
        Ok(_) if words.contains(&"(7-2)") => Err(format!("`{}`: a 7-2 proposition table, where every player pays one who wins with seven-deuce from outside the pot, which a replay cannot check", desc.split_whitespace().collect::<Vec<_>>().join(" "))),
        g => g,
    };
    // The stakes: the first word after the structure that is an amount (`$0.02`, `10`) or
    // two (`$0.25/$0.50`).
    let stakes_text = joined[after..]
        .split_whitespace()
        .map(|w| w.trim_end_matches(','))
        .find(|w| w.bytes().any(|b| b.is_ascii_digit()) && !w.starts_with('('));
    let stakes = stakes_text.and_then(|w| match w.split_once('/') {
        Some((a, b)) => Some((Some(amount_of(a, 0).ok()?), amount_of(b, 0).ok()?)),
        None => Some((None, amount_of(w, 0).ok()?)),
    });
    let Some(stakes) = stakes.filter(|s| s.1 > 0) else {
        return err(
            l.number,
            format!("expected the stakes (`$0.02`, `$0.25/$0.50`) after `{structure}` in `{desc}`"),
        );
    };
    let symbol = stakes_text.and_then(|w| w.chars().find(|c| matches!(c, '$' | '€' | '£')));
    Ok(Header { number, tournament, game, fixed, stakes, symbol, date })
}

/// `2009-06-10 03:10:00 (ET)` (the seconds perhaps with thousandths, `05:08:53.010`, and
/// another time in brackets after) as PokerStars writes a date and time:
/// `2009/06/10 03:10:00 ET`.
fn date(t: &str) -> Option<String> {
    let mut words = t.split_whitespace();
    let day = words.next()?.replace('-', "/");
    let clock = words.next()?;
    let clock = clock.split_once('.').map_or(clock, |(c, _)| c);
    let ok = |s: &str, sep: char| {
        s.split(sep).count() == 3
            && s.split(sep).all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    };
    if !ok(&day, '/') || !ok(clock, ':') {
        return None;
    }
    let zone = match words.next() {
        Some("(ET)") => " ET",
        _ => "",
    };
    let mut out = String::with_capacity(day.len() + clock.len() + zone.len() + 1);
    out.push_str(&day);
    out.push(' ');
    out.push_str(clock);
    out.push_str(zone);
    Some(out)
}

/// The table line: `Table: NAME (Real Money) Seat #7 is the dealer`: the name, the table's
/// size (`(6 max)`, when written), whether it plays for play money, and the button's seat.
fn table_line<'t>(l: &Line<'t>) -> Result<(&'t str, Option<u32>, bool, u32), TextError> {
    let expected = "expected `Table: NAME (Real Money) Seat #N is the dealer`";
    let Some(rest) = l.text.strip_prefix("Table: ") else { return err(l.number, expected) };
    let Some(k) = rfind(rest, " Seat #") else { return err(l.number, expected) };
    let digits = &rest[k + 7..];
    let digits = &digits[..digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len())];
    let Ok(button) = digits.parse::<u32>() else { return err(l.number, expected) };
    if !(1..=MAX_SEAT).contains(&button) {
        return err(l.number, format!("the dealer's seat #{button} is past the table's seats"));
    }
    let mut name = rest[..k].trim();
    let mut size = None;
    let mut play_money = false;
    // Parenthesised words after the name: `(Real Money)`, `(Play Money)`, `(6 max)`.
    while name.ends_with(')') {
        let Some(open) = name.rfind('(') else { break };
        let inside = &name[open + 1..name.len() - 1];
        if let Some(m) = inside.strip_suffix(" max") {
            size = m.trim().parse().ok();
        } else if inside == "Play Money" {
            play_money = true;
        } else if inside != "Real Money" {
            break;
        }
        name = name[..open].trim_end();
    }
    Ok((name, size, play_money, button))
}

/// A seat line: `Seat 7 - NAME ($2.13 in chips)`: the seat, the name and the stack's text.
fn seat_of(t: &str) -> Option<(u32, &str, &str)> {
    let (seat, body) = super::lines::split_once(t.strip_prefix("Seat ")?, " - ")?;
    let k = rfind(body, " in chips)")?;
    let open = rfind(&body[..k], " (")?;
    Some((seat.parse().ok()?, &body[..open], &body[open + 2..k]))
}

/// Reads one Absolute hand: its lines in PokerStars' words, read by the PokerStars reader.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let lines: Vec<Line<'_>> = text.lines().collect();
    let Some(first) = lines.first() else {
        return err(text.line, "an empty hand");
    };
    let h = header(first)?;
    let Some(table_at) = lines.get(1) else {
        return err(first.number, "the hand stops after its header: the table line is missing");
    };
    if let Err(why) = &h.game {
        let stars = format!("Absolute Hand #{}: Hold'em No Limit (1/2) - {}", h.number, h.date);
        let mut hand = parse_header(&Line { number: first.number, text: &stars })?;
        hand.game = GameName::Other(why.clone());
        hand.refusal = Some(Refusal::NotSupported(format!("line {}: {why}", first.number)));
        return Ok(hand);
    }
    let (table, size, play_money, button) = table_line(table_at)?;
    let seat_lines: Vec<Line<'_>> =
        lines[2..].iter().take_while(|l| seat_of(l.text).is_some()).copied().collect();
    let mut seats: Vec<(u32, &str)> = Vec::with_capacity(seat_lines.len());
    let mut stacks: Vec<i64> = Vec::with_capacity(seat_lines.len());
    for l in &seat_lines {
        let Some((seat, name, stack)) = seat_of(l.text) else { continue };
        seats.push((seat, name));
        stacks.push(amount_of(stack, l.number)?);
    }
    let s = if h.tournament.is_some() { None } else { h.symbol.or(Some('$')) };
    // The blinds are those posted, by players not all in; a small blind nobody posts is half
    // the big one.
    let posted = |verb: &str| {
        lines.iter().find_map(|l| {
            let (i, rest) = super::absolute_play::who_dash(&seats, l.text)?;
            let c = amount_of(rest.strip_prefix(verb)?, l.number).ok()?;
            (stacks[i] > c).then_some(c)
        })
    };
    let (small, big) = if h.fixed {
        (h.stakes.0.unwrap_or(h.stakes.1 / 2), h.stakes.1)
    } else {
        let big = posted("Posts big blind ").unwrap_or(h.stakes.1);
        (posted("Posts small blind ").filter(|&c| c <= big).unwrap_or(big / 2), big)
    };
    let game = h.game.as_deref().unwrap_or("Hold'em No Limit");
    let mut hand = site_header("Absolute", h.number, first.number, game, (small, big), s, &h.date)?;
    hand.symbol = s;
    hand.currency = s.map(super::lines::currency_of);
    hand.tournament =
        h.tournament.map(|id| Tournament { id: id.to_string(), buy_in: None, level: None });
    let mut out: Out<'_> = Vec::with_capacity(lines.len() + 8);
    let mut head = String::with_capacity(56 + table.len());
    head.push_str("Table '");
    head.push_str(table);
    head.push('\'');
    if let Some(m) = size {
        head.push(' ');
        push_number(&mut head, u64::from(m));
        head.push_str("-max");
    }
    if play_money {
        head.push_str(" Play Money");
    }
    head.push_str(" Seat #");
    push_number(&mut head, u64::from(button));
    head.push_str(" is the button");
    out.push((table_at.number, head.into()));
    for (l, (&(seat, name), &c)) in seat_lines.iter().zip(seats.iter().zip(&stacks)) {
        out.push((l.number, seat_list_line(seat, name, c, s).into()));
    }
    let table =
        Table { seats: &seats, stacks: &stacks, blinds: (small, big), fixed: h.fixed, symbol: s };
    // A hand refused is read without the checks of its amounts.
    hand.refusal =
        play(&lines[2 + seat_lines.len()..], &table, &mut out)?.map(Refusal::NotSupported);
    parse_pieces(hand, first.number, &out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Header<'_> {
        header(&Line { number: 1, text }).unwrap()
    }

    #[test]
    fn the_header_gives_the_game_the_stakes_and_the_date() {
        let h = read("Stage #1483940000: Holdem  No Limit $0.02 - 2009-06-10 03:10:00 (ET)");
        assert_eq!(
            (h.number, h.game.clone(), h.fixed),
            ("1483940000", Ok("Hold'em No Limit"), false)
        );
        assert_eq!(
            (h.stakes, h.symbol, h.date.as_str()),
            ((None, 2), Some('$'), "2009/06/10 03:10:00 ET")
        );
        let h = read("Stage #C282012441: Holdem  Normal $0.25/$0.50 - 2010-12-07 22:18:14 (ET)");
        assert_eq!(
            (h.number, h.game.clone(), h.stakes),
            ("C282012441", Ok("Hold'em Limit"), (Some(25), 50))
        );
        let h = read("Stage #525691746 Tourney ID 5945889 Holdem Multi Normal Tournament No Limit 10 - 2011-01-16 17:03:29 (ET)");
        assert_eq!(
            (h.tournament, h.game.clone(), h.stakes, h.symbol),
            (Some("5945889"), Ok("Hold'em No Limit"), (None, 1000), None)
        );
        let h = read("Stage #C379012708: Holdem  No Limit $0.10 Turbo - 2011-02-21 05:08:53.010 (ET) [ 2011-02-21 05:08:53 ]");
        assert_eq!((h.stakes, h.date.as_str()), ((None, 10), "2011/02/21 05:08:53 ET"));
        let h =
            read("Stage #1773383021: Holdem  No Limit $1, $0.25 ante - 2009-11-30 15:50:12 (ET)");
        assert_eq!(h.stakes, (None, 100));
        let h = read("Stage #736661180: HOLDEM NORMAL $25/$50 - 2007-08-17 06:49:16 (ET)");
        assert_eq!((h.game.clone(), h.stakes), (Ok("Hold'em Limit"), (Some(2500), 5000)));
        let h = read("Stage #7: Omaha Hi/Lo Pot Limit $0.50 - 2009-06-10 03:10:00 (ET)");
        assert_eq!(h.game, Ok("Omaha Hi/Lo Pot Limit"));
        let h = read("Stage #1981698003: Holdem  No Limit $4 (7-2) - 2010-04-01 17:48:42 (ET)");
        assert!(h.game.unwrap_err().contains("7-2 proposition"));
        let h = read("Stage #8: 7 Card Stud Normal $1/$2 - 2009-06-10 03:10:00 (ET)");
        assert!(h.game.unwrap_err().contains("not read"));
        for bad in [
            "Stage #: Holdem  No Limit $0.02 - 2009-06-10 03:10:00 (ET)",
            "Stage #9: Holdem  No Limit $0.02",
            "Stage #9: Holdem  No Limit $x - 2009-06-10 03:10:00 (ET)",
            "Stage #9: Holdem  Whatever $1 - 2009-06-10 03:10:00 (ET)",
            "Stage #9: Holdem  No Limit $1 - 2009-06 03:10 (ET)",
        ] {
            assert!(header(&Line { number: 4, text: bad }).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_table_and_seat_lines_give_the_button_and_the_stacks() {
        let l = Line { number: 2, text: "Table: CHILE HWY (Real Money) Seat #7 is the dealer" };
        assert_eq!(table_line(&l).unwrap(), ("CHILE HWY", None, false, 7));
        let l =
            Line { number: 2, text: "Table: 15 (6 max) (Play Money) Seat #1 is the dead dealer" };
        assert_eq!(table_line(&l).unwrap(), ("15", Some(6), true, 1));
        assert!(table_line(&Line { number: 2, text: "Table: x (Real Money)" }).is_err());
        assert!(table_line(&Line { number: 2, text: "Table: x Seat #0 is the dealer" }).is_err());
        assert_eq!(seat_of("Seat 7 - A (b) ($2.13 in chips)"), Some((7, "A (b)", "$2.13")));
        assert_eq!(seat_of("Seat 1 - B (1,440 in chips)"), Some((1, "B", "1,440")));
        assert_eq!(seat_of("Seat 1: B collected Total (60)"), None);
    }
}
