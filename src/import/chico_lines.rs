//! The Chico network's header, table line and seat list put in PokerStars' words, for the
//! PokerStars reader ([`super::pokerstars::parse_pieces`]); the play and the summary are
//! put so by [`super::chico_play`].
//!
//! | Chico writes | read as |
//! |---|---|
//! | `BetOnline Poker Game #1593704164: Hold'em No Limit ($0.01/0.02) - 2016/04/05 08:08:59 Eastern Daylight Time` | hand `1593704164`, `Hold'em No Limit ($0.01/$0.02)`, `2016/04/05 08:08:59 ET` |
//! | `Game #900218526: Tournament #3427473: Hold'em $10.00/$20.00 - 2011/08/07 16:02 ...` | tournament `3427473`, `Hold'em No Limit (10/20)` in chips, at `16:02:00` |
//! | `Omaha Pot Limit`, `Omaha Hi/Lo Limit`, `Hold'em LIMIT` | the same games and structures |
//! | `Table 'Blade Runner' 10-Max, Seat #5 is the button` | `Table 'Blade Runner' 10-max Seat #5 is the button` |
//! | `Seat 0: NAME (1.55 in chips) - Big Blind` | `Seat 1: NAME ($1.55 in chips)`: when a seat 0 is listed, every seat is numbered one more |
//!
//! Seven-card stud, razz and the draw games are refused with the reason: feltkit reads the
//! network's hold'em and Omaha texts only.

use super::chico_play::{amount_of, play, Out, Table};
use super::collected::push_number;
use super::header::{parse_header, site_header};
use super::lines::{find, rfind, Line};
use super::p888_lines::cents;
use super::pokerstars::Tournament;
use super::pokerstars::{err, parse_pieces, GameName, Refusal, StarsHand, TextError};
use super::split::HandText;
use super::summary_piece;
use crate::phh::table::MAX_SEAT;

/// What each skin's hands start with.
pub(super) static HEADERS: [&str; 6] = [
    "BetOnline Poker Game #",
    "PayNoRake Game #",
    "SportsBetting.ag Poker Game #",
    "ActionPoker.com Game #",
    "Gear Poker Game #",
    "Tiger Gaming Game #",
];

/// The games of a header, the longer names first.
const GAMES: [&str; 10] = [
    "7 Card Stud Hi/Lo",
    "Triple Draw 2-7 Lowball",
    "Single Draw 2-7 Lowball",
    "Omaha Hi/Lo",
    "7 Card Stud",
    "5 Card Draw",
    "Hold'em",
    "Omaha",
    "Razz",
    "Badugi",
];

/// The hand number of a hand's first line (`BetOnline Poker Game #1593704164: ...`).
pub(super) fn hand_number(first: &str) -> Option<&str> {
    let k = find(first, " Game #")?;
    let rest = &first[k + 7..];
    let id = &rest[..rest.find(':').unwrap_or(rest.len())];
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then_some(id)
}

/// A hand's first line, read.
#[derive(Debug, PartialEq, Eq)]
struct Header<'t> {
    /// The skin: `BetOnline Poker`, `PayNoRake`.
    skin: &'t str,
    /// The hand number.
    number: &'t str,
    /// The tournament's number and buy-in, for a tournament hand.
    tournament: Option<(&'t str, &'t str)>,
    /// The game as written: `Hold'em`, `Omaha Hi/Lo`.
    game: &'t str,
    /// The betting structure as written (`No Limit`, `Pot Limit`, `Limit`, `LIMIT`), if any.
    limit: Option<&'t str>,
    /// The stakes in hundredths, if written.
    stakes: Option<(i64, i64)>,
    /// The currency symbol of the stakes.
    symbol: Option<char>,
    /// The date and time in PokerStars' words.
    date: String,
}

fn header<'t>(l: &Line<'t>) -> Result<Header<'t>, TextError> {
    let t = l.text;
    let expected = "expected `SKIN Game #NUMBER: GAME LIMIT (SMALL/BIG) - DATE`";
    let (Some(k), Some(number)) = (find(t, " Game #"), hand_number(t)) else {
        return err(l.number, expected);
    };
    let skin = &t[..k];
    // After `#`, the number and its colon (a header may stop at the number).
    let mut rest = t.get(k + 8 + number.len()..).unwrap_or_default().trim_start();
    if rest.starts_with('{')
        && let Some(close) = rest.find('}')
    {
        rest = rest[close + 1..].trim_start();
    }
    let mut tournament = None;
    if let Some(after) = rest.strip_prefix("Tournament #") {
        let end = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        tournament = Some((&after[..end], ""));
        rest = after[end..].trim_start_matches([':', ',']).trim_start();
    }
    let Some((at, game)) = (0..rest.len())
        // Searched as bytes: a game's name is ASCII, so where it starts is a character's start.
        .find_map(|k| {
            GAMES.iter().find(|g| rest.as_bytes()[k..].starts_with(g.as_bytes())).map(|g| (k, *g))
        })
    else {
        return err(
            l.number,
            format!("expected a game (Hold'em, Omaha, Omaha Hi/Lo, ...) in `{rest}`"),
        );
    };
    if let Some((_, buy_in)) = tournament.as_mut() {
        *buy_in = rest[..at].trim();
    }
    let mut after = rest[at + game.len()..].trim_start();
    let limit =
        ["No Limit", "Pot Limit", "Limit", "LIMIT"].into_iter().find(|w| after.starts_with(w));
    if let Some(w) = limit {
        after = after[w.len()..].trim_start_matches(',').trim_start();
    }
    let Some(dash) = find(after, "- ") else {
        return err(l.number, format!("expected ` - DATE` after the game in `{t}`"));
    };
    let stakes_text = after[..dash].trim().trim_start_matches('(').trim_end_matches(')');
    let stakes = match stakes_text.split_once('/') {
        Some((a, b)) => match (cents(a), cents(b)) {
            (Some(a), Some(b)) => Some((a, b)),
            _ => {
                return err(
                    l.number,
                    format!("expected the stakes as `SMALL/BIG`, not `{stakes_text}`"),
                )
            }
        },
        None if stakes_text.is_empty() => None,
        None => {
            return err(
                l.number,
                format!("expected the stakes as `SMALL/BIG`, not `{stakes_text}`"),
            )
        }
    };
    let symbol = stakes_text.chars().find(|c| matches!(c, '$' | '€' | '£'));
    let Some(date) = date(after[dash + 2..].trim()) else {
        return err(
            l.number,
            format!(
                "expected a date as `2016/04/05 08:08:59 Eastern Daylight Time`, not `{}`",
                after[dash + 2..].trim()
            ),
        );
    };
    Ok(Header { skin, number, tournament, game, limit, stakes, symbol, date })
}

/// `2016/04/05 08:08:59 Eastern Daylight Time` as PokerStars writes a date and time
/// (`2016/04/05 08:08:59 ET`); a time without seconds gets `:00`, a zone other than Eastern,
/// Pacific or GMT is left out, dashes between the date's numbers become slashes.
fn date(t: &str) -> Option<String> {
    let mut words = t.split_whitespace();
    let day = words.next()?;
    let clock = words.next()?;
    let parts: Vec<&str> = day.split(['/', '-']).chain(clock.split(':')).collect();
    if !(5..=6).contains(&parts.len())
        || parts.iter().any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    let zone = match words.next() {
        Some("Eastern") => " ET",
        Some("Pacific") => " PT",
        Some("GMT") => " GMT",
        _ => "",
    };
    let mut out = String::with_capacity(day.len() + clock.len() + 8);
    out.extend(day.chars().map(|c| if c == '-' { '/' } else { c }));
    out.push(' ');
    out.push_str(clock);
    if parts.len() == 5 {
        out.push_str(":00");
    }
    out.push_str(zone);
    Some(out)
}

/// The game in PokerStars' words (`Omaha Hi/Lo Pot Limit`), or why it is not read. A header
/// naming no structure is no limit's (tournament hands, which bet any amount).
fn game_name(game: &str, limit: Option<&str>) -> Result<String, String> {
    let structure = match limit {
        None | Some("No Limit") => "No Limit",
        Some("Pot Limit") => "Pot Limit",
        Some(_) => "Limit",
    };
    match game {
        "Hold'em" | "Omaha" | "Omaha Hi/Lo" => Ok(format!("{game} {structure}")),
        other => Err(format!("{other} {structure}: feltkit reads the Chico network's hold'em and Omaha texts; its stud, razz and draw texts are not read")),
    }
}

/// The table line: `Table 'NAME' 10-Max, Seat #2 is the button`: the name, the table's size
/// and the button's seat.
fn table_line<'t>(l: &Line<'t>) -> Result<(&'t str, Option<u32>, u32), TextError> {
    let expected = "expected `Table 'NAME' N-Max, Seat #N is the button`";
    let Some(rest) = l.text.strip_prefix("Table '") else { return err(l.number, expected) };
    let Some(end) = rfind(rest, "' ") else { return err(l.number, expected) };
    let after = &rest[end + 2..];
    let size =
        find(after, "-Max").or_else(|| find(after, "-max")).and_then(|k| after[..k].parse().ok());
    let Some(k) = find(after, "Seat #") else { return err(l.number, expected) };
    let digits = &after[k + 6..];
    let digits = &digits[..digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len())];
    let Ok(button) = digits.parse::<u32>() else { return err(l.number, expected) };
    if size.is_some_and(|m: u32| button > m) || button >= MAX_SEAT {
        return err(l.number, format!("the button's seat #{button} is past the table's seats"));
    }
    Ok((&rest[..end], size, button))
}

/// A seat line: `Seat 8: NAME (3.40 in chips) - Sitting out`: the seat, the name and the
/// stack's text.
fn seat_of(t: &str) -> Option<(u32, &str, &str)> {
    let (seat, body) = super::lines::split_once(t.strip_prefix("Seat ")?, ": ")?;
    let k = find(body, " in chips)").or_else(|| find(body, " in Chips)"))?;
    let open = rfind(&body[..k], " (")?;
    Some((seat.parse().ok()?, &body[..open], &body[open + 2..k]))
}

/// The small and the big blind the first lines that post them post (`NAME: posts small blind
/// 0.25`), by players not all in: each line is cut at its `: ` once for both.
fn posted(lines: &[Line<'_>], seats: &[(u32, &str)], stacks: &[i64]) -> (Option<i64>, Option<i64>) {
    let (mut small, mut big) = (None, None);
    for l in lines {
        let Some((name, rest)) = super::lines::split_once(l.text, ": ") else { continue };
        let Some(rest) = rest.strip_prefix("posts ") else { continue };
        let (slot, x) = match (rest.strip_prefix("small blind "), rest.strip_prefix("big blind ")) {
            (Some(x), _) if small.is_none() => (&mut small, x),
            (_, Some(x)) if big.is_none() => (&mut big, x),
            _ => continue,
        };
        let Some(i) = seats.iter().position(|s| s.1 == name) else { continue };
        if let Some(c) = cents(x).filter(|&c| stacks[i] > c && !x.contains("all in")) {
            *slot = Some(c);
        }
        if small.is_some() && big.is_some() {
            break;
        }
    }
    (small, big)
}

/// Reads one Chico hand: its lines in PokerStars' words, read by the PokerStars reader.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let lines: Vec<Line<'_>> = text.lines().collect();
    let Some(first) = lines.first() else {
        return err(text.line, "an empty hand");
    };
    let h = header(first)?;
    let Some(table_at) = lines.get(1) else {
        return err(first.number, "the hand stops after its header: the table line is missing");
    };
    let game = game_name(h.game, h.limit);
    let refused = match (&game, h.stakes) {
        (Err(why), _) => Some(why.clone()),
        (Ok(_), None) => Some(format!("{}'s older text (no stakes in its header, actions written `Folds.`, the summary's seats run together) is not read", h.skin)),
        (Ok(_), Some(_)) => None,
    };
    if let Some(why) = refused {
        let stars = format!("Chico Hand #{}: Hold'em No Limit (1/2) - {}", h.number, h.date);
        let mut hand = parse_header(&Line { number: first.number, text: &stars })?;
        hand.game =
            GameName::Other(format!("{} {}", h.game, h.limit.unwrap_or("")).trim_end().to_string());
        hand.refusal = Some(Refusal::NotSupported(format!("line {}: {why}", first.number)));
        return Ok(hand);
    }
    let (table, size, button) = table_line(table_at)?;
    // The seat list, each line read once.
    let seat_lines: Vec<(Line<'_>, (u32, &str, &str))> =
        lines[2..].iter().map_while(|l| Some((*l, seat_of(l.text)?))).collect();
    // Seats counted from 0 are counted from 1.
    let shift = u32::from(button == 0 || seat_lines.iter().any(|(_, s)| s.0 == 0));
    let mut seats: Vec<(u32, &str)> = Vec::with_capacity(seat_lines.len());
    let mut stacks: Vec<i64> = Vec::with_capacity(seat_lines.len());
    for (l, (seat, name, stack)) in &seat_lines {
        seats.push((seat.saturating_add(shift), name));
        stacks.push(amount_of(stack, l.number)?);
    }
    let tourney = h.tournament.map(|(id, buy_in)| Tournament {
        id: id.to_string(),
        buy_in: (!buy_in.is_empty()).then(|| buy_in.to_string()),
        level: None,
    });
    let s = if tourney.is_some() { None } else { h.symbol.or(Some('$')) };
    // A tournament's header may name a level before the hand's (`$10.00/$20.00` over blinds
    // of 15 and 30): the blinds are those posted, by players not all in.
    let (mut small, mut big) = h.stakes.unwrap_or_default();
    if !matches!(h.limit, Some("Limit" | "LIMIT")) {
        let (posted_small, posted_big) = posted(&lines, &seats, &stacks);
        big = posted_big.unwrap_or(big);
        small = posted_small.filter(|&c| c <= big).unwrap_or(small);
    }
    let game = game.as_deref().unwrap_or("Hold'em No Limit");
    let mut hand = site_header("Chico", h.number, first.number, game, (small, big), s, &h.date)?;
    hand.symbol = s;
    hand.currency = s.map(super::lines::currency_of);
    hand.tournament = tourney;
    let mut out: Out<'_> = Vec::with_capacity(lines.len() + 8);
    // A table's size counts its seats, whichever number the first has.
    let highest = seats.iter().map(|s| s.0).max().unwrap_or(0);
    let mut head = String::with_capacity(48 + table.len());
    head.push_str("Table '");
    head.push_str(table);
    head.push('\'');
    if let Some(m) = size {
        head.push(' ');
        push_number(&mut head, u64::from(m.max(highest)));
        head.push_str("-max");
    }
    head.push_str(" Seat #");
    push_number(&mut head, u64::from(button.saturating_add(shift)));
    head.push_str(" is the button");
    out.push((table_at.number, head.into()));
    for ((l, _), (&(seat, name), &c)) in seat_lines.iter().zip(seats.iter().zip(&stacks)) {
        out.push((l.number, summary_piece::listed((seat, name), c, s, l.number)));
    }
    let table = Table { seats: &seats, blinds: (small, big), shift, symbol: s };
    // A hand refused is read without the checks of its amounts.
    hand.refusal =
        play(&lines[2 + seat_lines.len()..], &table, &mut out)?.map(Refusal::NotSupported);
    parse_pieces(hand, first.number, &out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_gives_the_game_the_stakes_and_the_date() {
        let l = Line { number: 1, text: "BetOnline Poker Game #1593704164: Hold'em No Limit ($0.01/0.02) - 2016/04/05 08:08:59 Eastern Daylight Time" };
        let h = header(&l).unwrap();
        assert_eq!(
            (h.skin, h.number, h.game, h.limit),
            ("BetOnline Poker", "1593704164", "Hold'em", Some("No Limit"))
        );
        assert_eq!(
            (h.stakes, h.symbol, h.date.as_str()),
            (Some((1, 2)), Some('$'), "2016/04/05 08:08:59 ET")
        );
        let l = Line { number: 1, text: "BetOnline Poker Game #900218526: Tournament #3427473: Hold'em $10.00/$20.00 - 2011/08/07 16:02 Eastern Daylight Time" };
        let h = header(&l).unwrap();
        assert_eq!(
            (h.tournament, h.limit, h.stakes),
            (Some(("3427473", "")), None, Some((1000, 2000)))
        );
        assert_eq!(h.date, "2011/08/07 16:02:00 ET");
        let l = Line { number: 1, text: "PayNoRake Game #7: Omaha Hi/Lo Pot Limit ($0.25/0.50) - 2012/06/07 08:58 GMT Standard Time" };
        let h = header(&l).unwrap();
        assert_eq!(game_name(h.game, h.limit).as_deref(), Ok("Omaha Hi/Lo Pot Limit"));
        assert!(game_name("Razz", Some("Limit")).unwrap_err().contains("not read"));
        let l =
            Line { number: 1, text: "Gear Poker Game #1014850512: Hold'em - 2012-04-09 12:14:36" };
        let h = header(&l).unwrap();
        assert_eq!((h.stakes, h.date.as_str()), (None, "2012/04/09 12:14:36"));
        assert!(header(&Line { number: 4, text: "BetOnline Poker Game #12: Hold'em" }).is_err());
        assert!(header(&Line { number: 4, text: "BetOnline Poker Game #12" }).is_err());
        // A letter of two bytes before the game is passed over whole.
        let l = Line {
            number: 4,
            text: "BetOnline Poker Game #12: ý Hold'em Limit ($1/2) - 2012/06/07 09:20:11",
        };
        assert_eq!(header(&l).unwrap().game, "Hold'em");
        assert!(header(&Line {
            number: 4,
            text: "BetOnline Poker Game #12: Hold'em No Limit ($1/x) - 2016/04/05 08:08:59"
        })
        .is_err());
    }

    #[test]
    fn the_table_and_seat_lines_give_the_button_and_the_stacks() {
        let l = Line { number: 2, text: "Table 'Blade Runner' 10-Max, Seat #5 is the button" };
        assert_eq!(table_line(&l).unwrap(), ("Blade Runner", Some(10), 5));
        assert!(table_line(&Line { number: 2, text: "Table 'x' 10-Max" }).is_err());
        assert_eq!(
            seat_of("Seat 0: A (b) (1.55 in chips) - Big Blind"),
            Some((0, "A (b)", "1.55"))
        );
        assert_eq!(seat_of("Seat 4: A"), None);
    }
}
