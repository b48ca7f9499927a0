//! Bovada's lines (Ignition and Bodog write the same) put in PokerStars' words, for the
//! PokerStars reader ([`super::pokerstars::parse_pieces`]).
//!
//! | Bovada writes | read as |
//! |---|---|
//! | `Bovada Hand #4101241030  Zone Poker ID#1708 HOLDEMZonePoker No Limit - 2021-04-11 01:51:42` | hand `4101241030`, `Hold'em No Limit`, table `Zone Poker 1708` |
//! | `Ignition Hand #N TBL#10916521 OMAHA HiLo Pot Limit - ...`, `Fixed Limit` | `Omaha Hi/Lo Pot Limit`, `Hold'em Limit` |
//! | `Bovada Hand #N: HOLDEM Tournament #14890254 TBL#5, No Limit- Level 1 (10/20) - ...` | a tournament hand, its amounts chips (`Normal` is no limit) |
//! | `Seat 4: Big Blind [ME] ($50 in chips)` | the player `Big Blind [ME]` (players are named by their position) |
//! | `Big Blind  [ME] : Big blind $0.50`, `Ante/Small blind 10`, `Ante chip 5`, `Posts chip $0.50` | `Big Blind [ME]: posts big blind $0.50`, `posts small blind 10`, `posts the ante 5` |
//! | `Card dealt to a spot [9c Th]` | `Dealt to NAME [9c Th]` |
//! | `Calls $x`, `Bets $x`, `Raises $0.65 to $0.75`, `All-in(raise) $x to $y`, `All-in $x` | `calls`, `bets`, `raises ... to $0.75`; an all-in by the chips it puts in: a call, a bet or a raise |
//! | `Return uncalled portion of bet $x`, `Hand result $x`, `Hand result-Side pot $x` | `Uncalled bet ($x) returned to NAME`, `NAME collected $x from pot` |
//! | `Total Pot($0.75)`, `Total Pot(765) \| Rake ($3)` | `Total pot $0.75 \| Rake $R` |
//!
//! Lines that move no chips in the hand (`Table enter user`, `Leave(Auto)`, `Seat sit out`,
//! `Draw for dealer [As]`, `Ranking 3`, ...) are passed over; re-buys and add-ons between
//! hands are read as chips for the next hand. The summary is written from the play.
//!
//! Bovada prints the total pot but most often no rake: the rake is then the total less what
//! the `Hand result` lines pay, when a card room could take it (none in a tournament, at most
//! a tenth of the pot in a cash game); otherwise the nearest that is, and `--check` reports
//! the difference at the summary. A raise over players all in (which the rules make a call)
//! is written as the call, and what it added beyond is taken out of the uncalled bet Bovada
//! returns for it.

use super::collected::{push_number, push_written};
use super::header::{parse_header, site_header};
use super::lines::{find, rfind, split_once, Line};
use super::p888_lines::cents;
use super::pokerstars::Tournament;
use super::pokerstars::{err, parse_pieces, GameName, Piece, Refusal, StarsHand, TextError};
use super::split::HandText;

/// What each hand's first line starts with.
pub(super) const HEADERS: &[&str] = &["Bovada Hand #", "Ignition Hand #", "Bodog Hand #"];

/// The line that opens a hand's summary.
pub(super) const SUMMARY: &str = "*** SUMMARY ***";

/// The hand number of a hand's first line (`Bovada Hand #4101241030 ...`).
pub(super) fn hand_number(first: &str) -> Option<&str> {
    let k = find(first, "Hand #")? + 6;
    let rest = &first[k..];
    let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// What a hand's first line says.
struct Header {
    /// The site as written (`Bovada`, `Ignition`, `Bodog`).
    site: String,
    /// The game in PokerStars' words (`Hold'em`, `Omaha Hi/Lo`), `None` for one not read.
    game: Option<&'static str>,
    /// The game as written.
    game_text: String,
    /// The betting structure in PokerStars' words.
    limit: &'static str,
    /// The tournament, with the level's blinds.
    tournament: Option<(Tournament, Option<(i64, i64)>)>,
    /// The table's name.
    table: String,
    /// The date as PokerStars writes it.
    date: String,
}

/// Reads the first line: `SITE Hand #N TBL#T GAME LIMIT - DATE`, `SITE Hand #N  Zone Poker
/// ID#Z GAMEZonePoker LIMIT - DATE`, or `SITE Hand #N: GAME Tournament #T TBL#5, LIMIT- Level
/// L (S/B) - DATE`.
fn header(l: &Line<'_>) -> Result<Header, TextError> {
    let t = l.text;
    let expected = "expected `Bovada Hand #N TBL#T GAME LIMIT - DATE` (or Ignition's, Bodog's)";
    let (Some(k), Some(number)) = (find(t, " Hand #"), hand_number(t)) else {
        return err(l.number, expected);
    };
    let site = t[..k].to_string();
    let after = t[k + 7 + number.len()..].trim_start_matches(':').trim();
    let (body, date) = match rfind(after, " - ") {
        Some(d) => (after[..d].trim(), after[d + 3..].trim()),
        None => (after, ""),
    };
    // `2021-04-11 01:51:42` (perhaps ` UTC` after it).
    let mut dashes = 0;
    let date: String = date
        .chars()
        .map(|c| match c {
            '-' if dashes < 2 => {
                dashes += 1;
                '/'
            }
            c => c,
        })
        .collect();
    let body = find(body, " [").map_or(body, |k| &body[..k]).trim();
    let limits = [
        ("No Limit", "No Limit"),
        ("Pot Limit", "Pot Limit"),
        ("Fixed Limit", "Limit"),
        ("Normal", "No Limit"),
    ];
    let found = limits.iter().find_map(|(w, stars)| find(body, w).map(|k| (k, *stars)));
    let Some((lk, limit)) = found else {
        return err(l.number, format!("expected No Limit, Pot Limit or Fixed Limit in `{body}`"));
    };
    let (game_text, table, tournament) = if let Some(tk) = find(body, " Tournament #") {
        let game = body[..tk].trim();
        let after = &body[tk + 13..];
        let end = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        let id = after[..end].to_string();
        let table = find(after, "TBL#").map_or("1", |k| {
            let rest = &after[k + 4..];
            &rest[..rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len())]
        });
        let level_text = find(body, "Level ").map(|k| &body[k + 6..]);
        let level = level_text.and_then(|x| {
            x.split(|c: char| !c.is_ascii_digit()).next().and_then(|d| d.parse().ok())
        });
        let blinds = level_text.and_then(|x| {
            let open = x.find('(')?;
            let close = x.find(')')?;
            let (a, b) = x.get(open + 1..close)?.split_once('/')?;
            Some((cents(a)?, cents(b)?))
        });
        let tour = Tournament { id, buy_in: None, level };
        (game.to_string(), table.to_string(), Some((tour, blinds)))
    } else {
        let before = body[..lk].trim();
        let (table, game) = if let Some(z) = find(before, "Zone Poker ID#") {
            let rest = &before[z + 14..];
            let (id, game) = rest.split_once(' ').unwrap_or((rest, ""));
            (format!("Zone Poker {id}"), game)
        } else if let Some(rest) = before.strip_prefix("TBL#") {
            let (id, game) = rest.split_once(' ').unwrap_or((rest, ""));
            (id.to_string(), game)
        } else {
            return err(l.number, format!("expected `TBL#N` or `Zone Poker ID#N` in `{body}`"));
        };
        (game.trim().to_string(), table, None)
    };
    let word = game_text.trim_end_matches("ZonePoker").trim();
    let game = match word {
        "HOLDEM" => Some("Hold'em"),
        "OMAHA" => Some("Omaha"),
        "OMAHA HiLo" => Some("Omaha Hi/Lo"),
        _ => None,
    };
    Ok(Header { site, game, game_text, limit, tournament, table, date })
}

/// A seat line: `Seat 4: Big Blind [ME] ($50 in chips)`: the seat, the name (`Big Blind
/// [ME]`) and the stack in hundredths.
fn seat_of(t: &str) -> Option<(u32, String, Option<i64>)> {
    let (seat, body) = super::lines::split_once(t.strip_prefix("Seat ")?, ": ")?;
    let open = rfind(body, " (")?;
    let stack = body[open + 2..].strip_suffix(" in chips)")?;
    Some((seat.trim().parse().ok()?, name_of(&body[..open]), cents(stack)))
}

/// A player's name as the seat list writes it: `Big Blind  [ME]` is `Big Blind [ME]`.
pub(super) fn name_of(t: &str) -> String {
    let t = t.trim();
    let b = t.as_bytes();
    // Most names have single spaces between words already.
    let single = b.iter().enumerate().all(|(k, &c)| {
        !c.is_ascii_whitespace()
            || (c == b' ' && !b.get(k + 1).is_some_and(u8::is_ascii_whitespace))
    });
    if single && t.is_ascii() {
        return t.to_string();
    }
    t.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `written` names the player `name` of the seat list (`Big Blind  [ME]` is `Big Blind
/// [ME]`).
pub(super) fn same_name(name: &str, written: &str) -> bool {
    // Most lines write the name as the seat list does.
    if name == written {
        return true;
    }
    let (a, b) = (name.trim_ascii().as_bytes(), written.trim_ascii().as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i].is_ascii_whitespace() && b[j].is_ascii_whitespace() {
            while i < a.len() && a[i].is_ascii_whitespace() {
                i += 1;
            }
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
        } else if a[i] == b[j] {
            i += 1;
            j += 1;
        } else {
            return false;
        }
    }
    i == a.len() && j == b.len()
}

/// The amount ending a line (`Calls $0.50`).
fn last_amount(t: &str, n: usize) -> Result<i64, TextError> {
    let word = t.rsplit(' ').next().unwrap_or("");
    cents(word).ok_or_else(|| TextError {
        line: n,
        why: format!("expected an amount in cents at most at the end of `{t}`"),
    })
}

/// The blinds the hand posts: the small and the big, when posted.
fn posted(lines: &[Line<'_>]) -> (Option<i64>, Option<i64>) {
    let (mut small, mut big) = (None, None);
    for l in lines {
        let Some((_, verb)) = split_once(l.text, " : ") else { continue };
        // The verb's first bytes in lower case (none of the words below is longer), on the
        // stack.
        let mut head = [0u8; 17];
        let len = verb.len().min(head.len());
        head[..len].copy_from_slice(&verb.as_bytes()[..len]);
        head.make_ascii_lowercase();
        let lower = &head[..len];
        if small.is_none()
            && (lower.starts_with(b"small blind ") || lower.starts_with(b"ante/small blind "))
        {
            small = last_amount(verb, 0).ok();
        } else if big.is_none() && lower.starts_with(b"big blind") {
            big = last_amount(verb, 0).ok();
        }
        if l.text == "*** HOLE CARDS ***" {
            break;
        }
    }
    (small, big)
}

/// Reads one Bovada hand: its lines in PokerStars' words, read by the PokerStars reader.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let lines: Vec<Line<'_>> = text.lines().collect();
    let Some(first) = lines.first() else {
        return err(text.line, "an empty hand");
    };
    let Some(number) = hand_number(first.text) else {
        return err(first.number, "expected `Bovada Hand #N` (or Ignition's, Bodog's)");
    };
    let h = header(first)?;
    let tourney = h.tournament.is_some();
    let s = if tourney { None } else { Some('$') };
    let stud = super::bovada_stud::game(&h.game_text, h.limit);
    let mut seats: Vec<(u32, String, i64, usize)> = Vec::new();
    for l in lines.iter().skip(1) {
        // Stud's seat list names each player by the seat (`Seat+2 [ME]: $6.53 in chips`).
        let seat = match stud {
            Some(_) => super::bovada_stud::seat_of(l.text).or_else(|| seat_of(l.text)),
            None => seat_of(l.text),
        };
        let Some((seat, name, stack)) = seat else { break };
        let Some(stack) = stack else {
            return err(l.number, format!("expected a stack in cents at most in `{}`", l.text));
        };
        seats.push((seat, name, stack, l.number));
    }
    if seats.is_empty() {
        return err(first.number + 1, "expected the seat list (`Seat 1: NAME ($X in chips)`)");
    }
    // Tournaments number seats past the table's (`Seat 111:`): they are numbered as listed,
    // the table's order.
    let listed = seats.windows(2).all(|w| w[0].0 < w[1].0) && seats.iter().all(|s| s.0 <= 10);
    if !listed {
        for (k, seat) in seats.iter_mut().enumerate() {
            seat.0 = k as u32 + 1;
        }
    }
    let rest = &lines[1 + seats.len()..];
    if let Some(g) = stud {
        return stud_head(&h, (first, number), &seats, rest, g);
    }
    let (small, big) = posted(rest);
    let level = h.tournament.as_ref().and_then(|t| t.1);
    let blinds = match (level, small, big) {
        (Some(b), ..) => Some(b),
        (None, s, Some(b)) => Some((s.unwrap_or(b / 2), b)),
        (None, Some(s), None) => Some((s, s.saturating_mul(2))),
        (None, None, None) => None,
    };
    let fixed = h.limit == "Limit";
    let (a, b) = match blinds {
        Some((_, big)) if fixed => (big, big.saturating_mul(2)),
        Some(x) => x,
        None => (1, 2),
    };
    let game = h.game.unwrap_or("Hold'em");
    let game_text = [game, " ", h.limit].concat();
    let mut hand = site_header(&h.site, number, first.number, &game_text, (a, b), s, &h.date)?;
    hand.symbol = s;
    hand.currency = s.map(|_| "USD".to_string());
    hand.tournament = h.tournament.map(|t| t.0);
    // The button: the seat of the player named `Dealer`, else the one `Set dealer [N]` names
    // (the Nth seat listed).
    let dealer = seats.iter().find(|s| s.1 == "Dealer" || s.1 == "Dealer [ME]").map(|s| s.0);
    let set = || {
        rest.iter().find_map(|l| {
            let k = find(l.text, " : Set dealer")?;
            let inside = l.text[k + 13..].split('[').nth(1)?.split(']').next()?;
            let k: usize = inside.trim().parse().ok()?;
            if listed {
                Some(k as u32)
            } else {
                seats.get(k.checked_sub(1)?).map(|s| s.0)
            }
        })
    };
    // A dead button (no `Dealer`, no `Set dealer`): the seat listed before the small blind's,
    // or two before the big blind's, so that the blinds come first.
    let before = |name: &str, back: usize| {
        let me = |s: &str| s.strip_prefix(name).is_some_and(|r| r.is_empty() || r == " [ME]");
        let k = seats.iter().position(|s| me(&s.1))?;
        Some(seats[(k + seats.len() * 2 - back) % seats.len()].0)
    };
    let dead = || before("Small Blind", 1).or_else(|| before("Big Blind", 2));
    let Some(button) = dealer.or_else(set).or_else(dead) else {
        return err(
            seats[0].3,
            "expected a player named `Dealer`, a `Set dealer [N]` line or a player named `Small Blind` or `Big Blind`",
        );
    };
    // Room for the summary's lines too: one a seat, the pot's, the board's.
    let mut out: Vec<(usize, Piece<'_>)> = Vec::with_capacity(lines.len() + seats.len() + 8);
    table_and_seats(&h.table, button, &seats, s, (first.number, &mut out));
    let refusal = if h.game.is_none() {
        Some(format!(
            "line {}: {}: feltkit reads Bovada's hold'em, Omaha and seven-card stud; this game is not read",
            first.number, h.game_text
        ))
    } else if blinds.is_none() {
        Some(format!(
            "line {}: the hand posts no blind and its header names no stakes: the stakes are not known",
            first.number
        ))
    } else {
        let head = out.len();
        let why = super::bovada_play::play(rest, &seats, s, tourney, &mut out)?;
        if why.is_some() {
            out.truncate(head);
        }
        why
    };
    if let Some(why) = refusal {
        hand.game = match h.game {
            Some(_) => hand.game,
            None => GameName::Other(h.game_text.clone()),
        };
        hand.refusal = Some(Refusal::NotSupported(why));
    }
    parse_pieces(hand, first.number, &out)
}

/// The header in PokerStars' words: `SITE Hand #N: GAME LIMIT (A/B) - DATE`.
fn stars_header(
    h: &Header,
    number: &str,
    game: &str,
    (a, b): (i64, i64),
    s: Option<char>,
) -> String {
    let mut t = String::with_capacity(48 + h.site.len() + number.len() + h.date.len());
    for part in [h.site.as_str(), " Hand #", number, ": ", game, " ", h.limit, " ("] {
        t.push_str(part);
    }
    push_written(&mut t, a, s);
    t.push('/');
    push_written(&mut t, b, s);
    t.push_str(") - ");
    t.push_str(&h.date);
    t
}

/// The table line (`Table 'T' Seat #B is the button`, at line `at`) and a line a seat, onto
/// `out`.
fn table_and_seats(
    table: &str,
    button: u32,
    seats: &[(u32, String, i64, usize)],
    s: Option<char>,
    (at, out): (usize, &mut Vec<(usize, Piece<'_>)>),
) {
    let mut t = String::with_capacity(40 + table.len());
    t.push_str("Table '");
    t.push_str(table);
    t.push_str("' Seat #");
    push_number(&mut t, u64::from(button));
    t.push_str(" is the button");
    out.push((at, t.into()));
    for (seat, name, stack, n) in seats {
        let mut t = String::with_capacity(28 + name.len());
        t.push_str("Seat ");
        push_number(&mut t, u64::from(*seat));
        t.push_str(": ");
        t.push_str(name);
        t.push_str(" (");
        push_written(&mut t, *stack, s);
        t.push_str(" in chips)");
        out.push((*n, t.into()));
    }
}

/// The header and seats of a stud hand of game `g` (or why it is not read), for
/// [`super::bovada_stud`] to read its play `rest` once its record is built: its stakes, which
/// the header does not name, are those of its bets ([`super::bovada_stud::stakes`]).
fn stud_head(
    h: &Header,
    (first, number): (&Line<'_>, &str),
    seats: &[(u32, String, i64, usize)],
    rest: &[Line<'_>],
    g: Result<super::fulltilt_stud::Game, String>,
) -> Result<StarsHand, TextError> {
    let s = if h.tournament.is_some() { None } else { Some('$') };
    let stakes = super::bovada_stud::stakes(rest);
    let (a, b) = stakes.unwrap_or((1, 2));
    let stars = stars_header(h, number, "Hold'em", (a, b), s);
    let mut hand = parse_header(&Line { number: first.number, text: &stars })?;
    hand.symbol = s;
    hand.currency = s.map(|_| "USD".to_string());
    hand.tournament = h.tournament.as_ref().map(|t| t.0.clone());
    // Stud has no button: the first seat stands for it.
    let button = seats.first().map_or(1, |x| x.0);
    let mut out: Vec<(usize, Piece<'_>)> = Vec::with_capacity(seats.len() + 1);
    table_and_seats(&h.table, button, seats, s, (first.number, &mut out));
    let why = match (g, stakes) {
        // Read by `bovada_stud` once the record of the header and seats is built.
        (Ok(_), Some(_)) => format!("line {}: {}: read as a stud hand", first.number, h.game_text),
        (Ok(_), None) => format!(
            "line {}: {} {}: the header names no stakes and the hand makes no bet to tell them by",
            first.number, h.game_text, h.limit
        ),
        (Err(why), _) => format!("line {}: {why}", first.number),
    };
    hand.game = GameName::Other(format!("{} {}", h.game_text, h.limit));
    hand.refusal = Some(Refusal::NotSupported(why));
    parse_pieces(hand, first.number, &out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_gives_the_game_the_table_and_the_tournament() {
        let l = |text| Line { number: 1, text };
        let h = header(&l(
            "Bovada Hand #41  Zone Poker ID#1708 HOLDEMZonePoker No Limit - 2021-04-11 01:51:42",
        ))
        .unwrap();
        assert_eq!(
            (h.game, h.limit, h.table.as_str()),
            (Some("Hold'em"), "No Limit", "Zone Poker 1708")
        );
        assert_eq!(h.date, "2021/04/11 01:51:42");
        let h = header(&l("Ignition Hand #7 TBL#99 OMAHA HiLo Fixed Limit - 2014-08-01 10:00:00"))
            .unwrap();
        assert_eq!(
            (h.site.as_str(), h.game, h.limit, h.table.as_str()),
            ("Ignition", Some("Omaha Hi/Lo"), "Limit", "99")
        );
        let h = header(&l("Bodog Hand #8: HOLDEM Tournament #123 TBL#5, Normal- Level 3 (25/50) - 2013-01-01 10:00:00")).unwrap();
        let (t, blinds) = h.tournament.unwrap();
        assert_eq!(
            (t.id.as_str(), t.level, blinds, h.limit),
            ("123", Some(3), Some((2500, 5000)), "No Limit")
        );
        let h = header(&l("Bovada Hand #9 TBL#1 7CARD HiLo Fixed Limit - 2012-09-01 10:00:00"))
            .unwrap();
        assert_eq!(h.game, None);
        assert!(header(&l("Bovada Hand #9 TBL#1 HOLDEM Spread - 2012")).is_err());
    }

    #[test]
    fn a_seat_line_names_the_player_by_position() {
        assert_eq!(
            seat_of("Seat 4: Big Blind [ME] ($2,292.50 in chips)"),
            Some((4, "Big Blind [ME]".into(), Some(229_250)))
        );
        assert_eq!(
            seat_of("Seat 75: UTG+3 (10,000 in chips)"),
            Some((75, "UTG+3".into(), Some(1_000_000)))
        );
        assert_eq!(seat_of("Seat+4: Big Blind $0.75 [Does not show]"), None);
        assert_eq!(name_of("Big Blind  [ME]"), "Big Blind [ME]");
        assert!(same_name("Big Blind [ME]", "Big Blind  [ME]"));
        assert!(same_name("Dealer", " Dealer "));
        assert!(!same_name("Big Blind", "Big Blind [ME]"));
        assert!(!same_name("Big Blind [ME]", "Big Blind"));
        assert!(!same_name("UTG+1", "UTG+2"));
    }
}
