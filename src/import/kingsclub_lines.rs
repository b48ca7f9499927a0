//! KingsClub's header, date, table line and seat list, read ([`super::kingsclub_summary`] reads
//! the summary); a hand of a board game (hold'em, Omaha) put in PokerStars' words for the
//! PokerStars reader ([`super::pokerstars::parse_pieces`]), its play by
//! [`super::kingsclub_play`]; a stud or draw hand read from its header and seats here, its play
//! by [`super::kingsclub_stud`].
//!
//! | KingsClub writes | read as |
//! |---|---|
//! | `#39555673: Limit Holdem - 40/80`, then `2020-12-21 12:05:29` on a line of its own | hand `39555673`, `Hold'em Limit (40/80)`, `2020/12/21 12:05:29` |
//! | `Pot Limit Omaha Hi-Lo`, `Pot Limit Big O`, `Omaha 5 Card` | `Omaha Hi/Lo Pot Limit`, five-card Omaha high-low, five-card Omaha |
//! | `Limit Seven Card Stud Hi-Lo`, `Limit Razz`, `Limit 2-7 Triple Draw`, `No Limit 2-7 Single Draw`, `Limit Badugi` | the stud and draw games feltkit plays |
//! | `Table 'HT' Seat 1 is the button` (no button in stud) | `Table 'HT' Seat #1 is the button` |
//! | `Table 'T2231 [3]' ...` | a tournament's table: tournament `2231`, amounts in chips |
//! | `Seat 2: Hero (1,200)` | `Seat 2: Hero (1200 in chips)` |
//! | `Seat 2: Hero (599) -200` in the summary | Hero ends the hand with 599, which `--check` holds to the replay |
//! | `Rake 1`, `NAME wins pot (399)`, `NAME wins (279.50) from pot`, `NAME wins (3,075) from side pot 1` | the rake, and what each player collected from all the pots together |
//!
//! KingsClub writes no currency: amounts are written as they stand, in hundredths at most.

use std::borrow::Cow;

use super::collected::written;
use super::fulltilt_stud::Game;
use super::header::{date_time, headed, parse_header};
use super::lines::Line;
use super::p888_lines::{cents, comma_grouped_cents, plain_cents};
use super::pokerstars::Tournament;
use super::pokerstars::{err, parse_pieces, GameName, Piece, Refusal, StarsHand, TextError};
use super::split::HandText;
use crate::phh::table::MAX_SEAT;

/// The hand number of a hand's first line (`#39555673: Limit Holdem - 40/80`).
pub(super) fn hand_number(first: &str) -> Option<&str> {
    let rest = first.strip_prefix('#')?;
    let id = &rest[..rest.find(':')?];
    (!id.is_empty() && id.len() <= 20 && id.bytes().all(|b| b.is_ascii_digit())).then_some(id)
}

/// Whether a line is a hand's first line: `#`, the hand number, `: ` and a betting structure.
pub(super) fn is_header(line: &str) -> bool {
    hand_number(line).is_some_and(|id| {
        let rest = &line[id.len() + 2..];
        ["No Limit ", "Pot Limit ", "Limit "]
            .iter()
            .any(|s| rest.strip_prefix(' ').is_some_and(|r| r.starts_with(s)))
    })
}

/// An amount as KingsClub writes it (`1,138.87`, `22`), in hundredths, or what is wrong.
pub(super) fn amount_of(text: &str, n: usize) -> Result<i64, TextError> {
    let t = super::lines::trim(text);
    // Digits with perhaps a point and cents, or grouped by commas (`1,975`), the most written,
    // are read at once: `cents` reads them so.
    if let Some(c) = plain_cents(t).or_else(|| comma_grouped_cents(t)) {
        return Ok(c);
    }
    // Digits first, then digits, commas and at most one point, in one pass.
    let (mut ok, mut points) = (t.bytes().next().is_some_and(|b| b.is_ascii_digit()), 0);
    for b in t.bytes() {
        points += usize::from(b == b'.');
        ok &= b.is_ascii_digit() || b == b'.' || b == b',';
    }
    let plain = ok && points <= 1;
    match cents(t).filter(|_| plain) {
        Some(c) => Ok(c),
        None => err(n, format!("expected an amount (`1,138.87`), not `{t}`")),
    }
}

/// How a KingsClub game is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A board game, by its name in PokerStars' words (`Omaha Hi/Lo`).
    Board(&'static str),
    /// A stud or draw game, read by [`super::kingsclub_stud`].
    Table(Game),
    /// A game not played, and why.
    Refused(String),
}

/// The board games, by KingsClub's name and PokerStars'.
const BOARD: [(&str, &str); 6] = [
    ("Holdem", "Hold'em"),
    ("Omaha", "Omaha"),
    ("Omaha Hi-Lo", "Omaha Hi/Lo"),
    ("Big O", "5 Card Omaha Hi/Lo"),
    ("Omaha 5 Card", "5 Card Omaha"),
    ("Omaha 6 Card", "6 Card Omaha"),
];

/// The stud and draw games feltkit plays, by KingsClub's name, with the structure each is
/// played with.
const TABLE: [(&str, Game, &str); 6] = [
    ("Seven Card Stud", Game::Stud, "Limit"),
    ("Seven Card Stud Hi-Lo", Game::StudHiLo, "Limit"),
    ("Razz", Game::Razz, "Limit"),
    ("2-7 Triple Draw", Game::TripleDraw, "Limit"),
    ("2-7 Single Draw", Game::SingleDraw, "No Limit"),
    ("Badugi", Game::Badugi, "Limit"),
];

/// Why the games KingsClub deals and feltkit does not play are not replayed.
const NOT_PLAYED: [(&str, &str); 8] = [
    ("Short Deck Holdem", "the text does not say whether a flush beats a full house, nor whether three of a kind beats a straight, so the showdown cannot be settled"),
    ("2-7 Razz", "feltkit plays razz ace-to-five only, not deuce-to-seven"),
    ("A-5 Single Draw", "feltkit plays single draw deuce-to-seven only, not ace-to-five"),
    ("A-5 Triple Draw", "feltkit plays triple draw deuce-to-seven only, not ace-to-five"),
    ("5 Card Draw", "feltkit does not play five-card draw high"),
    ("Badacey", "feltkit does not play badacey (badugi and ace-to-five split pots)"),
    ("Badeucey", "feltkit does not play badeucey (badugi and deuce-to-seven split pots)"),
    ("2-7 Drawmaha", "feltkit does not play drawmaha (a draw hand and an Omaha board splitting the pot)"),
];

/// How the game `game` played `limit` is read.
fn kind(limit: &str, game: &str) -> Kind {
    if let Some((_, stars)) = BOARD.iter().find(|(g, _)| *g == game) {
        return Kind::Board(stars);
    }
    if let Some((_, g, wants)) = TABLE.iter().find(|(g, ..)| *g == game) {
        if *wants != limit {
            return Kind::Refused(format!(
                "{limit} {game}: feltkit plays this game {} only",
                wants.to_lowercase()
            ));
        }
        return Kind::Table(*g);
    }
    let why = NOT_PLAYED
        .iter()
        .find(|(g, _)| *g == game || (game == "Captain" && *g == "2-7 Drawmaha"))
        .map_or("a game feltkit does not know in KingsClub's text", |(_, why)| why);
    Kind::Refused(format!("{limit} {game}: {why}"))
}

/// A hand's first line, read.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Header<'t> {
    /// The hand number.
    pub number: &'t str,
    /// `No Limit`, `Pot Limit` or `Limit`.
    pub limit: &'t str,
    /// The game as written (`Omaha Hi-Lo`).
    pub game: &'t str,
    /// The blinds (no and pot limit) or bets (limit), in hundredths.
    pub stakes: (i64, i64),
    /// How the game is read.
    pub kind: Kind,
}

/// `#39555673: Limit Holdem - 40/80`.
pub(super) fn header<'t>(l: &Line<'t>) -> Result<Header<'t>, TextError> {
    let t = l.text;
    let expected = "expected `#NUMBER: LIMIT GAME - SMALL/BIG`";
    let Some(number) = hand_number(t) else { return err(l.number, expected) };
    let rest = t[number.len() + 2..].trim_start();
    let Some((limit, game)) = ["No Limit", "Pot Limit", "Limit"]
        .iter()
        .find_map(|s| Some((*s, rest.strip_prefix(s)?.strip_prefix(' ')?)))
    else {
        return err(
            l.number,
            format!("{expected}: no `No Limit`, `Pot Limit` or `Limit` in `{rest}`"),
        );
    };
    let Some(dash) = game.rfind(" - ") else {
        return err(l.number, format!("{expected}: no ` - ` before the stakes in `{t}`"));
    };
    let stakes_text = game[dash + 3..].trim();
    let game = game[..dash].trim();
    let Some((a, b)) = stakes_text.split_once('/') else {
        return err(l.number, format!("expected the stakes as `SMALL/BIG`, not `{stakes_text}`"));
    };
    let stakes = (amount_of(a, l.number)?, amount_of(b, l.number)?);
    Ok(Header { number, limit, game, stakes, kind: kind(limit, game) })
}

/// `2020-12-21 12:05:29` as PokerStars writes a date and time (`2020/12/21 12:05:29`).
pub(super) fn date(l: &Line<'_>) -> Result<String, TextError> {
    let t = l.text;
    let ok = t.len() == 19
        && t.bytes().enumerate().all(|(k, b)| match k {
            4 | 7 => b == b'-',
            10 => b == b' ',
            13 | 16 => b == b':',
            _ => b.is_ascii_digit(),
        });
    if !ok {
        return err(
            l.number,
            format!("expected the date and time as `2020-12-21 12:05:29`, not `{t}`"),
        );
    }
    let mut date = t[..10].replace('-', "/");
    date.push(' ');
    date.push_str(&t[11..]);
    Ok(date)
}

/// The table line: `Table 'NAME' Seat 7 is the button` (stud names no button): the name and
/// the button's seat.
pub(super) fn table_line<'t>(l: &Line<'t>) -> Result<(&'t str, Option<u32>), TextError> {
    let expected = "expected `Table 'NAME' Seat N is the button`";
    let Some(rest) = l.text.strip_prefix("Table '") else { return err(l.number, expected) };
    let Some(end) = rest.rfind('\'') else { return err(l.number, expected) };
    let after = rest[end + 1..].trim();
    if after.is_empty() {
        return Ok((&rest[..end], None));
    }
    let button = after
        .strip_prefix("Seat ")
        .and_then(|s| s.strip_suffix(" is the button"))
        .and_then(|s| s.trim_start_matches('#').parse::<u32>().ok());
    match button {
        Some(b) if (1..=MAX_SEAT).contains(&b) => Ok((&rest[..end], Some(b))),
        _ => err(l.number, expected),
    }
}

/// A tournament's table name (`T2231 [3]`): the tournament's number.
fn tournament_of(table: &str) -> Option<&str> {
    let rest = table.strip_prefix('T')?;
    let (id, after) = rest.split_once(" [")?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) && after.ends_with(']')).then_some(id)
}

/// A seat line: `Seat 2: Hero (1,200)`, perhaps followed by the summary's result (`-200`):
/// the seat, the name, the stack's text and what follows.
pub(super) fn seat_of(t: &str) -> Option<(u32, &str, &str, &str)> {
    // Searched byte by byte (`str::split_once` and `rfind` with a text build a searcher each
    // call; this runs on every line of the summary, twice a hand). A seat number of more than
    // nine digits or with a sign takes the general rule.
    let rest = t.strip_prefix("Seat ")?.as_bytes();
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if !(1..=9).contains(&digits) || !rest[digits..].starts_with(b": ") {
        return seat_of_by_rule(t);
    }
    let seat = rest[..digits].iter().fold(0u32, |n, &b| n * 10 + u32::from(b - b'0'));
    let body = &t["Seat ".len() + digits + 2..];
    let b = body.as_bytes();
    let close = memchr::memrchr(b')', b)?;
    // The last ` (` before it.
    let mut end = close;
    let open = loop {
        let k = memchr::memrchr(b'(', &b[..end])?;
        if k > 0 && b[k - 1] == b' ' {
            break k - 1;
        }
        end = k;
    };
    let stack = &body[open + 2..close];
    stack.bytes().next().filter(u8::is_ascii_digit)?;
    Some((seat, &body[..open], stack, body[close + 1..].trim()))
}

/// [`seat_of`] by its general rule.
fn seat_of_by_rule(t: &str) -> Option<(u32, &str, &str, &str)> {
    let (seat, body) = t.strip_prefix("Seat ")?.split_once(": ")?;
    let close = body.rfind(')')?;
    let open = body[..close].rfind(" (")?;
    let stack = &body[open + 2..close];
    stack.bytes().next().filter(u8::is_ascii_digit)?;
    Some((seat.parse().ok()?, &body[..open], stack, body[close + 1..].trim()))
}

/// The lines read, as the PokerStars reader takes them: each with its line in the text.
pub(super) type Out<'t> = Vec<(usize, Piece<'t>)>;

/// The start of a hand: its header, table and seat list.
pub(super) struct Start<'t> {
    pub header: Header<'t>,
    /// The date and time in PokerStars' words.
    pub date: String,
    /// The table's name, and its button's seat.
    pub table: (&'t str, Option<u32>),
    /// The table line's line.
    pub table_at: usize,
    /// Each seat: its number, the player and the stack in hundredths, and the line.
    pub seats: Vec<(u32, &'t str, i64, usize)>,
    /// Where the play starts among the hand's lines.
    pub play_at: usize,
}

/// Reads the header, the date, the table line and the seat list of a hand's `lines`.
pub(super) fn start<'t>(lines: &[Line<'t>], at: usize) -> Result<Start<'t>, TextError> {
    let Some(first) = lines.first() else { return err(at, "an empty hand") };
    let header = header(first)?;
    let (Some(d), Some(t)) = (lines.get(1), lines.get(2)) else {
        return err(
            first.number,
            "the hand stops after its header: the date and table lines are missing",
        );
    };
    let date = date(d)?;
    let table = table_line(t)?;
    let mut seats = Vec::with_capacity(10);
    for l in &lines[3..] {
        let Some((seat, name, stack, rest)) = seat_of(l.text) else { break };
        if !rest.is_empty() {
            return err(l.number, format!("expected nothing after the stack, not `{rest}`"));
        }
        if !(1..=MAX_SEAT).contains(&seat) {
            return err(
                l.number,
                format!("expected a seat number from 1 to {MAX_SEAT}, not {seat}"),
            );
        }
        if let Some(s) = seats.iter().find(|s: &&(u32, &str, i64, usize)| s.1 == name) {
            return err(
                l.number,
                format!("{name} sits in two seats: {} (line {}) and {seat}", s.0, s.3),
            );
        }
        seats.push((seat, name, amount_of(stack, l.number)?, l.number));
    }
    if seats.is_empty() {
        return err(t.number + 1, "expected the seat list (`Seat 1: NAME (X)`)");
    }
    let play_at = 3 + seats.len();
    Ok(Start { header, date, table, table_at: t.number, seats, play_at })
}

/// Reads one KingsClub hand: a board game's lines in PokerStars' words, read by the PokerStars
/// reader; a stud or draw hand's header and seats, its play left to
/// [`super::kingsclub_stud`]; a game not played, refused with the reason.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let lines: Vec<Line<'_>> = text.lines().collect();
    let s = start(&lines, text.line)?;
    let h = &s.header;
    let n = lines[0].number;
    let tournament = tournament_of(s.table.0);
    let game = match &h.kind {
        Kind::Board(g) => g,
        Kind::Table(_) | Kind::Refused(_) => "Hold'em",
    };
    let mut hand = match headed(
        h.number,
        n,
        &[game, " ", h.limit].concat(),
        h.stakes,
        None,
        date_time(&s.date),
    ) {
        Some(hand) => hand?,
        None => parse_header(&Line {
            number: n,
            text: &header_text(h.number, game, h.limit, h.stakes, &s.date),
        })?,
    };
    hand.tournament =
        tournament.map(|id| Tournament { id: id.to_string(), buy_in: None, level: None });
    let mut out: Out<'_> = Vec::with_capacity(lines.len() + 8);
    // Stud names no button: the first seat stands for it (stud has none).
    let button = s.table.1.unwrap_or(s.seats[0].0);
    out.push((s.table_at, Cow::<str>::Owned(table_line_text(s.table.0, button)).into()));
    for &(seat, name, c, at) in &s.seats {
        let line = super::collected::seat_list_line(seat, name, c, None);
        out.push((at, Cow::<str>::Owned(line).into()));
    }
    match &h.kind {
        Kind::Board(_) => {
            if s.table.1.is_none() {
                return err(s.table_at, "expected the button's seat (`Seat N is the button`) in a hold'em or Omaha hand");
            }
            let refusal = super::kingsclub_play::play(&lines[s.play_at..], &s.seats, &mut out)?;
            hand.refusal = refusal.map(Refusal::NotSupported);
        }
        Kind::Table(_) => {
            hand.game = GameName::Other(h.game.to_string());
            let why = format!("line {n}: {} {}: read as a stud or draw hand", h.limit, h.game);
            hand.refusal = Some(Refusal::NotSupported(why));
        }
        Kind::Refused(why) => {
            hand.game = GameName::Other(format!("{} {}", h.limit, h.game));
            hand.refusal = Some(Refusal::NotSupported(format!("line {n}: {why}")));
        }
    }
    parse_pieces(hand, n, &out)
}

/// The table line in PokerStars' words: `Table 'NAME' Seat #3 is the button`.
fn table_line_text(table: &str, button: u32) -> String {
    let mut line = String::with_capacity(36 + table.len());
    line.push_str("Table '");
    line.push_str(table);
    line.push_str("' Seat #");
    line.push_str(&button.to_string());
    line.push_str(" is the button");
    line
}

/// The header in PokerStars' words.
fn header_text(number: &str, game: &str, limit: &str, stakes: (i64, i64), date: &str) -> String {
    let (small, big) = (written(stakes.0, None), written(stakes.1, None));
    format!("KingsClub Hand #{number}: {game} {limit} ({small}/{big}) - {date}")
}

#[cfg(test)]
mod tests {
    use super::super::header::{date_time, headed, parse_header};
    use super::super::lines::Line;

    /// The header made from its parts is the header written and read.
    #[test]
    fn headers_are_made_as_they_are_read() {
        let games = ["Hold'em", "Omaha", "Omaha Hi/Lo", "5 Card Omaha", "6 Card Omaha"];
        for game in games {
            for limit in ["No Limit", "Pot Limit", "Limit"] {
                for stakes in [(1, 2), (1000, 2000), (25, 50), (100_000, 200_000), (0, 0)] {
                    for date in ["2020/12/21 12:05:29", "1999/01/01 00:00:00", "2020/12/21"] {
                        for number in ["39555673", "1"] {
                            let text = super::header_text(number, game, limit, stakes, date);
                            let read = parse_header(&Line { number: 4, text: &text });
                            let game_text = [game, " ", limit].concat();
                            let made = headed(number, 4, &game_text, stakes, None, date_time(date));
                            let made = made.unwrap();
                            assert_eq!(format!("{made:?}"), format!("{read:?}"), "{text}");
                        }
                    }
                }
            }
        }
    }

    /// The quick reading of a seat line gives what the general rule gives.
    #[test]
    fn seat_lines_read_quickly_as_by_rule() {
        let lines = [
            "Seat 2: Hero (1,200)",
            "Seat 2: Hero (1,200) -200",
            "Seat 10: A (b) (c (5) +5",
            "Seat 3: x (1(2)",
            "Seat 3: x(1)",
            "Seat 3: (1)",
            "Seat 3:  (1)",
            "Seat 4: x (a)",
            "Seat 0007: x (5)",
            "Seat +5: x (5)",
            "Seat 12345678901: x (5)",
            "Seat 5 x (5)",
            "Seat 5: x 5)",
            "Seat 5: x (5",
            "Seat : x (5)",
            "Seat 5: Ann: B (7) (8)",
            "Seat 6: Ünï (1,2.5) won",
        ];
        for t in lines {
            assert_eq!(super::seat_of(t), super::seat_of_by_rule(t), "{t}");
        }
    }

    use super::*;

    fn line(text: &str) -> Line<'_> {
        Line { number: 4, text }
    }

    #[test]
    fn the_header_gives_the_number_the_game_and_the_stakes() {
        let h = header(&line("#3703449: Limit 2-7 Razz - 500/1,000")).unwrap();
        assert_eq!(
            (h.number, h.limit, h.game, h.stakes),
            ("3703449", "Limit", "2-7 Razz", (50_000, 100_000))
        );
        assert!(matches!(h.kind, Kind::Refused(ref why) if why.contains("deuce-to-seven")));
        let h = header(&line("#37580510: Pot Limit Big O - 11/22")).unwrap();
        assert_eq!(h.kind, Kind::Board("5 Card Omaha Hi/Lo"));
        let h = header(&line("#1: No Limit 2-7 Single Draw - 25/50")).unwrap();
        assert_eq!(h.kind, Kind::Table(Game::SingleDraw));
        let h = header(&line("#1: Limit 2-7 Single Draw - 25/50")).unwrap();
        assert!(matches!(h.kind, Kind::Refused(ref why) if why.contains("no limit only")));
        for bad in [
            "#1: Limit Holdem 40/80",
            "#x: Limit Holdem - 40/80",
            "#1: Holdem - 1/2",
            "#1: Limit Holdem - 40",
        ] {
            assert!(header(&line(bad)).is_err(), "{bad}");
        }
        assert!(is_header("#39555673: Limit Holdem - 40/80"));
        assert!(!is_header("#Game No : 7"));
        assert!(!is_header("#12 is my seat"));
    }

    #[test]
    fn the_date_table_and_seats_are_read() {
        assert_eq!(date(&line("2020-12-21 12:05:29")).unwrap(), "2020/12/21 12:05:29");
        assert!(date(&line("2020-12-21 12:05")).is_err());
        assert_eq!(table_line(&line("Table 'HT' Seat 1 is the button")).unwrap(), ("HT", Some(1)));
        assert_eq!(table_line(&line("Table '8 Game Mix'")).unwrap(), ("8 Game Mix", None));
        assert!(table_line(&line("Table 'x' Seat 0 is the button")).is_err());
        assert_eq!(tournament_of("T2231 [3]"), Some("2231"));
        assert_eq!(tournament_of("The Zoo"), None);
        assert_eq!(seat_of("Seat 2: A (b) (1,200)"), Some((2, "A (b)", "1,200", "")));
        assert_eq!(seat_of("Seat 2: Hero (599) -200"), Some((2, "Hero", "599", "-200")));
        assert_eq!(amount_of("1,138.87", 1), Ok(113_887));
        for bad in ["-5", "", "1.2.3", "x"] {
            assert!(amount_of(bad, 1).is_err(), "{bad}");
        }
    }

    /// The quick readings of an amount give what the rule gives: digits, commas and at most
    /// one point, a digit first, read by `cents`.
    #[test]
    fn amounts_read_quickly_as_by_rule() {
        let by_rule = |t: &str| {
            let t = t.trim();
            let ok = t.bytes().next().is_some_and(|b| b.is_ascii_digit())
                && t.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b',');
            super::cents(t).filter(|_| ok && t.bytes().filter(|&b| b == b'.').count() <= 1)
        };
        let parts = ["", "0", "1", "12", "123", "1234", ",", ".", "5", "00", "999", " "];
        let mut n = 0;
        for a in parts {
            for b in parts {
                for c in parts {
                    for d in parts {
                        let t = [a, b, c, d].concat();
                        assert_eq!(super::amount_of(&t, 1).ok(), by_rule(&t), "{t:?}");
                        n += 1;
                    }
                }
            }
        }
        assert!(n > 20_000);
        for t in [
            "1,975",
            "1,138.87",
            "10,000",
            "1,000,000.5",
            "01,000",
            "1,00",
            "99999999999999999",
            "1.5",
        ] {
            assert_eq!(super::amount_of(t, 1).ok(), by_rule(t), "{t:?}");
        }
    }
}
