//! OnGame's lines put in PokerStars' words, for the PokerStars reader
//! ([`super::pokerstars::parse_pieces`]).
//!
//! | OnGame writes | read as |
//! |---|---|
//! | `***** History for hand R5-361726027-6 *****` | hand `R5-361726027-6` |
//! | `(TOURNAMENT: "NL Holdem", S-755-6811, buy-in: €20)` after the hand number | a tournament hand (`S-755-6811`), its amounts chips |
//! | `Start hand: Wed Aug 01 18:09:42 EEST 2012` | `2012/08/01 18:09:42 EEST` |
//! | `Table: Homs [361726027] (NO_LIMIT TEXAS_HOLDEM $5/$10, Real money)` | `Hold'em No Limit ($5/$10)`, table `Homs` |
//! | `LIMIT TEXAS_HOLDEM $0.50/$1`, `POT_LIMIT OMAHA_HI`, `POT_LIMIT OMAHA_HI_LO` | `Hold'em Limit ($0.50/$1)`: the small and big bets; `Omaha Pot Limit`, `Omaha Hi/Lo Pot Limit` |
//! | `Button: seat 5`, `Seat 4: NAME ($599)` | `Seat #5 is the button`, `Seat 4: NAME ($599 in chips)` |
//! | `NAME posts small blind ($2)`, `posts ante 25`, `... [all in]` | `NAME: posts small blind $2`, `posts the ante 25`, `... and is all-in` |
//! | `NAME raises $150 to $200` (the chips put in, then the player's bet on the street) | `NAME: raises X to $200`, X the raise over the bet before |
//! | `Dealing pocket cards`, `Dealing to NAME: [5s, Qh]`, `--- Dealing flop [Jh, Th, 5c]` | `*** HOLE CARDS ***`, `Dealt to NAME [5s Qh]`, `*** FLOP *** [Jh Th 5c]` |
//! | `Main pot: $539 won by NAME ($536)`, `Side pot 1: ...`, `Rake taken: $3` | `NAME collected $536 from pot` (`main pot`, `side pot-1`), `Total pot $539 \| Rake $3` |
//! | `Seat 5: NAME ($1,793.35), net: +$269.50, [Js, Jc] (THREE_OF_A_KIND JACK)` | `Seat 5: NAME showed [Js Jc] and won ($536)`; the stack is the site's finishing stack |
//!
//! A pot's amount is before the rake and each winner's after it; a high-low pot names each
//! half's winners (`won by A (165 High), B (165 Low)`), and a player who scoops it is named
//! twice. OnGame writes no uncalled bet: the part of a bet nobody matched is in no pot, and the
//! reader gives it back. Each seat's net must be its finishing stack less its starting stack.
//!
//! Seven-card stud and stud high-low are read from their text by [`super::ongame_stud`]. Five-card
//! draw is written too, but its texts say how many cards a player changed and not which, so it
//! cannot be replayed: such hands are reported as not replayed, with the reason.

use super::collected::push_number;
use super::header::site_header;
use super::lines::{find, who, Line};
use super::p888_lines::{cents, comma_grouped_cents, plain_cents};
use super::pokerstars::Tournament;
use super::pokerstars::{err, parse_pieces, GameName, Piece, Refusal, StarsHand, TextError};
use super::split::HandText;
use super::summary_piece;

/// Where each hand starts.
pub(super) const HEADER: &str = "***** History for hand ";

/// The line that opens a hand's summary.
pub(super) const SUMMARY: &str = "Summary:";

/// The hand number of a hand's first line (`***** History for hand R5-361726027-6 *****`).
pub(super) fn hand_number(first: &str) -> Option<&str> {
    let k = find(first, HEADER)?;
    let rest = &first[k + HEADER.len()..];
    let id = &rest[..rest.find([' ', '*']).unwrap_or(rest.len())];
    (!id.is_empty()).then_some(id)
}

/// The tournament a header names (`(TOURNAMENT: "NL Holdem", S-755-6811, buy-in: €20)`): its
/// number and buy-in; a tournament hand's header whose parentheses are empty names none.
fn tournament(first: &str) -> Option<Tournament> {
    let k = find(first, "(TOURNAMENT:")?;
    let inside = &first[k + 12..];
    let inside = &inside[..inside.rfind(')').unwrap_or(inside.len())];
    // The name is quoted and may hold commas: the fields after it.
    let after = inside.rfind('"').map_or(inside, |q| &inside[q + 1..]);
    let mut fields = after.split(',').map(str::trim).filter(|f| !f.is_empty());
    let id = fields.next().filter(|f| !f.starts_with("buy-in")).unwrap_or_default();
    let buy_in = after.split(',').find_map(|f| f.trim().strip_prefix("buy-in:")).map(str::trim);
    Some(Tournament {
        id: id.to_string(),
        buy_in: buy_in.filter(|b| !b.is_empty()).map(String::from),
        level: None,
    })
}

/// `Start hand: Wed Aug 01 18:09:42 EEST 2012` as PokerStars writes a date:
/// `2012/08/01 18:09:42 EEST` (a zone written as an offset, `GMT+0100`, is left out).
fn date(t: &str) -> Option<String> {
    let mut words = t.split_whitespace();
    let (Some(_), Some(month), Some(day), Some(clock), Some(zone), Some(year), None) = (
        words.next(),
        words.next(),
        words.next(),
        words.next(),
        words.next(),
        words.next(),
        words.next(),
    ) else {
        return None;
    };
    const MONTHS: [&str; 12] =
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let m = MONTHS.iter().position(|&x| x == month)? + 1;
    let d: u32 = day.parse().ok()?;
    let zone = if zone.chars().all(|c| c.is_ascii_alphabetic()) { zone } else { "" };
    let mut out = String::with_capacity(t.len());
    out.push_str(year);
    for part in [m as u32, d] {
        out.push('/');
        if part < 10 {
            out.push('0');
        }
        push_number(&mut out, u64::from(part));
    }
    out.push(' ');
    out.push_str(clock);
    out.push(' ');
    out.push_str(zone);
    // What `trim_end` leaves: the zone may be left out, and the clock end in spaces.
    let end = out.trim_end().len();
    out.truncate(end);
    Some(out)
}

/// The table line: `Table: Homs [361726027] (NO_LIMIT TEXAS_HOLDEM $5/$10, Real money)`.
struct TableLine<'t> {
    /// The table's name.
    name: &'t str,
    /// The betting structure as written: `NO_LIMIT`, `POT_LIMIT`, `LIMIT`.
    limit: &'t str,
    /// The game as written: `TEXAS_HOLDEM`, `OMAHA_HI_LO`, `SEVEN_CARD_STUD`.
    game: &'t str,
    /// The stakes, in hundredths: the blinds (no and pot limit; the small one as rounded by
    /// the site) or the bets (fixed limit).
    stakes: (i64, i64),
    /// The currency symbol of the stakes.
    symbol: Option<char>,
}

fn table_line<'t>(l: &Line<'t>) -> Result<TableLine<'t>, TextError> {
    let expected = "expected `Table: NAME [NUMBER] (LIMIT GAME SMALL/BIG, ...)`";
    let Some(rest) = l.text.strip_prefix("Table: ") else { return err(l.number, expected) };
    let Some(open) = rest.rfind(" (") else { return err(l.number, expected) };
    let mut name = &rest[..open];
    if name.ends_with(']')
        && let Some(k) = name.rfind(" [")
    {
        name = &name[..k];
    }
    let inside = rest[open + 2..].trim_end_matches(')');
    let mut words = inside.split(',').next().unwrap_or_default().split_whitespace();
    let (Some(limit), Some(game), Some(stakes)) = (words.next(), words.next(), words.next()) else {
        return err(l.number, format!("expected `LIMIT GAME SMALL/BIG` in `({inside})`"));
    };
    let parsed = stakes.split_once('/').and_then(|(a, b)| Some((cents(a)?, cents(b)?)));
    let Some(stakes_cents) = parsed else {
        return err(l.number, format!("expected the stakes as `SMALL/BIG`, not `{stakes}`"));
    };
    let symbol = stakes.chars().find(|c| matches!(c, '$' | '€' | '£'));
    Ok(TableLine { name, limit, game, stakes: stakes_cents, symbol })
}

/// The game in PokerStars' words (`Hold'em No Limit`), or why it is not read.
fn game_name(limit: &str, game: &str) -> Result<String, String> {
    let structure = match limit {
        "NO_LIMIT" => "No Limit",
        "POT_LIMIT" => "Pot Limit",
        "LIMIT" => "Limit",
        other => return Err(format!("`{other} {game}`: a betting structure feltkit does not know in OnGame's texts (NO_LIMIT, POT_LIMIT, LIMIT)")),
    };
    match game {
        "TEXAS_HOLDEM" => Ok(format!("Hold'em {structure}")),
        "OMAHA_HI" => Ok(format!("Omaha {structure}")),
        "OMAHA_HI_LO" => Ok(format!("Omaha Hi/Lo {structure}")),
        "FIVE_CARD_DRAW" => Err(format!("{limit} {game}: OnGame's draw texts say how many cards each player changed (`changed 2 cards`) but not which, so the draw cannot be replayed")),
        "SEVEN_CARD_STUD" | "SEVEN_CARD_STUD_HI_LO" => Err(format!("{limit} {game}: read by the stud reader")),
        other => Err(format!("{limit} {other}: a game feltkit does not read in OnGame's texts")),
    }
}

/// The seat, name and stack's text of a seat line (`Seat 4: NAME ($266.50)`).
fn seat_of(t: &str) -> Option<(u32, &str, &str)> {
    let (seat, body) = super::lines::split_once(t.strip_prefix("Seat ")?, ": ")?;
    let open = super::lines::rfind(body, " (")?;
    let stack = body[open + 2..].strip_suffix(')')?;
    Some((seat.parse().ok()?, &body[..open], stack))
}

/// The seat and finishing stack's text of a summary's seat line (`Seat 4: NAME ($599), net:
/// -$110, [Ah, Kd] (PAIR ACE)`), for [`super::ongame::ONGAME_TEXT`]'s record.
pub(super) fn summary_seat(t: &str) -> Option<(u32, &str)> {
    let (seat, body) = super::lines::split_once(t.strip_prefix("Seat ")?, ": ")?;
    let end =
        super::lines::find(body, "), net: ").or_else(|| body.strip_suffix(')').map(str::len))?;
    let open = super::lines::rfind(&body[..end], " (")?;
    Some((seat.parse().ok()?, &body[open + 2..end]))
}

/// Most amounts, in hundredths: digits (perhaps grouped by commas) with perhaps cents, after
/// perhaps a currency sign, read at once as [`cents`] reads them; `None` for any other form.
fn quick_cents(text: &str) -> Option<i64> {
    let t = text.strip_prefix(['$', '€', '£']).unwrap_or(text);
    plain_cents(t).or_else(|| comma_grouped_cents(t))
}

/// An amount of a line, or what is wrong.
pub(super) fn amount_of(text: &str, n: usize) -> Result<i64, TextError> {
    if let Some(c) = quick_cents(text) {
        return Ok(c);
    }
    cents(text).ok_or_else(|| TextError {
        line: n,
        why: format!("expected an amount in cents at most, not `{}`", text.trim()),
    })
}

/// A signed amount (`+$269.50`, `-$0.00`, `-20`).
pub(super) fn signed(text: &str, n: usize) -> Result<i64, TextError> {
    let t = super::lines::trim(text);
    match t.strip_prefix('-') {
        Some(x) => Ok(-amount_of(x, n)?),
        None => amount_of(t.strip_prefix('+').unwrap_or(t), n),
    }
}

/// The cards of a line's brackets (`[5s, Qh]`) in PokerStars' words (`[5s Qh]`).
pub(super) fn cards(t: &str) -> Option<String> {
    // `[` and `]` are never part of another character: searched for as bytes.
    let b = t.as_bytes();
    let open = b.iter().position(|&c| c == b'[')?;
    let close = open + b[open..].iter().position(|&c| c == b']')?;
    let mut out = String::with_capacity(close - open + 1);
    out.push('[');
    let inside = &t[open + 1..close];
    if inside.is_ascii() {
        // The white space `str::trim` trims, in ASCII.
        let space = |c: &u8| matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
        for c in inside.as_bytes().split(|&c| c == b',') {
            let start = c.iter().position(|c| !space(c)).unwrap_or(c.len());
            let end = c.iter().rposition(|c| !space(c)).map_or(start, |k| k + 1);
            if start < end {
                if out.len() > 1 {
                    out.push(' ');
                }
                // ASCII: a string's bytes.
                out.push_str(std::str::from_utf8(&c[start..end]).unwrap_or_default());
            }
        }
        out.push(']');
        return Some(out);
    }
    for c in inside.split(',').map(str::trim).filter(|c| !c.is_empty()) {
        if out.len() > 1 {
            out.push(' ');
        }
        out.push_str(c);
    }
    out.push(']');
    Some(out)
}

/// The small and the big blind the first lines that post them post (`NAME posts small blind
/// ($1)`), by players not all in for it. A line without `posts ` is passed over before its
/// player is looked for (what follows the name starts with the words: the line holds them),
/// and each line's player is looked for once for both.
fn posted(lines: &[Line<'_>], seats: &[(u32, &str)], stacks: &[i64]) -> (Option<i64>, Option<i64>) {
    let (mut small, mut big) = (None, None);
    for l in lines {
        if find(l.text, "posts ").is_none() {
            continue;
        }
        let Some((i, rest)) = who(seats, l.text) else { continue };
        let Some(rest) = rest.strip_prefix("posts ") else { continue };
        let (slot, x) = match (rest.strip_prefix("small blind "), rest.strip_prefix("big blind ")) {
            (Some(x), _) if small.is_none() => (&mut small, x),
            (_, Some(x)) if big.is_none() => (&mut big, x),
            _ => continue,
        };
        let x = x.trim().trim_start_matches('(');
        if let Some(c) = x.split(')').next().and_then(cents).filter(|&c| stacks[i] > c) {
            *slot = Some(c);
        }
        if small.is_some() && big.is_some() {
            break;
        }
    }
    (small, big)
}

/// Reads one OnGame hand: its lines in PokerStars' words, read by the PokerStars reader.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let lines: Vec<Line<'_>> = text.lines().collect();
    let Some(first) = lines.first() else {
        return err(text.line, "an empty hand");
    };
    let Some(number) = hand_number(first.text) else {
        return err(first.number, "expected `***** History for hand NUMBER *****`");
    };
    let tourney = tournament(first.text).or_else(|| {
        number.starts_with('T').then(|| Tournament { id: String::new(), buy_in: None, level: None })
    });
    // The lines between the header and the seats, in any order.
    let mut start = None;
    let mut table = None;
    let mut button = None;
    let mut k = 1;
    while let Some(l) = lines.get(k) {
        let t = l.text;
        if t.starts_with("Seat ") {
            break;
        }
        if let Some(d) = t.strip_prefix("Start hand: ") {
            start = date(d);
        } else if t.starts_with("Table: ") {
            table = Some(table_line(l)?);
        } else if let Some(b) = t.strip_prefix("Button: seat ") {
            let Ok(seat) = b.trim().parse::<u32>() else {
                return err(l.number, format!("expected `Button: seat N`, not `{t}`"));
            };
            button = Some(seat);
        } else if !(t.starts_with("User: ") || t.starts_with("Players in round: ")) {
            return err(l.number, format!("expected `Start hand:`, `Table:`, `User:`, `Button: seat N`, `Players in round:` or the first seat, not `{t}`"));
        }
        k += 1;
    }
    let Some(table) = table else {
        return err(first.number + 1, "expected a `Table: NAME [NUMBER] (GAME STAKES, ...)` line");
    };
    let table_at =
        lines.iter().find(|l| l.text.starts_with("Table: ")).map_or(first.number, |l| l.number);
    // The seat lines, each read once.
    let mut seat_lines: Vec<(Line<'_>, (u32, &str, &str))> = Vec::with_capacity(10);
    for l in &lines[k..] {
        let Some(seat) = seat_of(l.text) else { break };
        seat_lines.push((*l, seat));
    }
    let mut seats: Vec<(u32, &str)> = Vec::with_capacity(seat_lines.len());
    let mut stacks: Vec<i64> = Vec::with_capacity(seat_lines.len());
    for &(l, (seat, name, stack)) in &seat_lines {
        seats.push((seat, name));
        stacks.push(amount_of(stack, l.number)?);
    }
    let s = if tourney.is_some() { None } else { table.symbol };
    let game = game_name(table.limit, table.game);
    let fixed = table.limit == "LIMIT";
    // The site rounds the small blind it names (`€1/€1` for blinds of €0.50 and €1): the one
    // posted is the table's, when the player posting it is not all in.
    let stakes = if fixed {
        table.stakes
    } else {
        let (small, big) = posted(&lines, &seats, &stacks);
        let big = big.unwrap_or(table.stakes.1);
        (small.filter(|&c| c <= big).unwrap_or(table.stakes.0), big)
    };
    let (game_text, date) =
        (game.as_deref().unwrap_or("Hold'em No Limit"), start.as_deref().unwrap_or(""));
    let mut hand = site_header("OnGame", number, first.number, game_text, stakes, s, date)?;
    hand.symbol = s;
    hand.currency = s.map(super::lines::currency_of);
    hand.tournament = tourney;
    let mut out: Vec<(usize, Piece<'_>)> = Vec::with_capacity(lines.len() + 8);
    let button = match (button, &game) {
        (Some(b), _) => b,
        // Stud has no button: the seat list's first stands for it in a hand not played.
        (None, Err(_)) => seats.first().map_or(1, |s| s.0),
        (None, Ok(_)) => return err(table_at, "expected a `Button: seat N` line before the seats"),
    };
    let mut head = String::with_capacity(40 + table.name.len());
    head.push_str("Table '");
    head.extend(table.name.chars().filter(|&c| c != '\''));
    head.push_str("' Seat #");
    push_number(&mut head, u64::from(button));
    head.push_str(" is the button");
    out.push((table_at, head.into()));
    for ((l, _), (&(seat, name), &c)) in seat_lines.iter().zip(seats.iter().zip(&stacks)) {
        out.push((l.number, summary_piece::listed((seat, name), c, s, l.number)));
    }
    if let Err(why) = game {
        hand.game = GameName::Other(format!("{} {}", table.limit, table.game));
        // Stud is read from the text by `ongame_stud` once the record of the header and seats
        // is built.
        let why = match super::ongame_stud::game(table.limit, table.game) {
            Some(Ok(_)) => format!("{} {}: read as a stud hand", table.limit, table.game),
            Some(Err(why)) => why,
            None => why,
        };
        hand.refusal = Some(Refusal::NotSupported(format!("line {table_at}: {why}")));
        return parse_pieces(hand, first.number, &out);
    }
    let rest = &lines[k + seat_lines.len()..];
    super::ongame_play::play(rest, &seats, &stacks, s, &mut out)?;
    parse_pieces(hand, first.number, &out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cards read the general way, character by character.
    fn cards_by_chars(t: &str) -> Option<String> {
        let open = t.find('[')?;
        let close = open + t[open..].find(']')?;
        let mut out = String::from("[");
        for c in t[open + 1..close].split(',').map(str::trim).filter(|c| !c.is_empty()) {
            if out.len() > 1 {
                out.push(' ');
            }
            out.push_str(c);
        }
        out.push(']');
        Some(out)
    }

    #[test]
    fn cards_read_by_bytes_are_the_cards_read_by_characters() {
        for t in [
            "[Kh, Kd]",
            "--- Dealing flop [9c, 4d, 2s]",
            "[]",
            "[ , ,Ah,, Kd ]",
            "[Ah\u{b}, \u{c}Kd\t]",
            "[Ah\u{a0}, Kd]",
            "[é, Kd] x",
            "x [Ah, Kd",
            "] [Ah] [Kd]",
            "no cards",
            "[10h,Js ]",
        ] {
            assert_eq!(cards(t), cards_by_chars(t), "{t}");
        }
    }

    #[test]
    fn amounts_read_at_once_are_those_read_by_the_general_rule() {
        let mut read = 0;
        for body in [
            "0",
            "5",
            "10",
            "1.5",
            "1.50",
            "0.05",
            "12.345",
            "1,210.25",
            "1,210",
            "12,10",
            "1,2345",
            "01,234",
            ",5",
            "5,",
            "1.",
            ".5",
            "1.2.3",
            "99999999999999999",
            "1 000",
            "",
            "-5",
            "+5",
            "5 USD",
        ] {
            for sign in ["", "$", "€", "£", "$$", "[", "¥", " "] {
                let t = format!("{sign}{body}");
                if let Some(c) = quick_cents(&t) {
                    read += 1;
                    assert_eq!(Some(c), cents(&t), "{t}");
                }
            }
        }
        assert!(read > 30, "{read}");
    }

    #[test]
    fn the_header_gives_the_number_and_the_tournament() {
        let cash = "***** History for hand R5-361726027-6 *****";
        assert_eq!(hand_number(cash), Some("R5-361726027-6"));
        assert_eq!(tournament(cash), None);
        let tour = "***** History for hand T5-27172613-1 (TOURNAMENT: \"NL, Holdem\", S-755-6811, buy-in: €20) *****";
        assert_eq!(hand_number(tour), Some("T5-27172613-1"));
        let t = tournament(tour).unwrap();
        assert_eq!((t.id.as_str(), t.buy_in.as_deref()), ("S-755-6811", Some("€20")));
        let none = tournament("***** History for hand T5-1-5 (TOURNAMENT: ) *****").unwrap();
        assert_eq!((none.id.as_str(), none.buy_in), ("", None));
    }

    #[test]
    fn the_date_is_put_in_pokerstars_order() {
        assert_eq!(
            date("Wed Aug 01 18:09:42 EEST 2012").as_deref(),
            Some("2012/08/01 18:09:42 EEST")
        );
        assert_eq!(
            date("Sat Jan 8 16:28:29 GMT+0100 2011").as_deref(),
            Some("2011/01/08 16:28:29")
        );
        assert_eq!(date("yesterday"), None);
    }

    #[test]
    fn the_table_line_gives_the_game_and_the_stakes() {
        let l = Line {
            number: 3,
            text: "Table: Table #84 [18949598] (NO_LIMIT TEXAS_HOLDEM 10/20, ante: 5, TC)",
        };
        let t = table_line(&l).unwrap();
        assert_eq!(
            (t.name, t.limit, t.game, t.stakes, t.symbol),
            ("Table #84", "NO_LIMIT", "TEXAS_HOLDEM", (1000, 2000), None)
        );
        let l = Line {
            number: 3,
            text: "Table: Oullins [21973414] (POT_LIMIT OMAHA_HI_LO €1/€1, Real money)",
        };
        let t = table_line(&l).unwrap();
        assert_eq!((t.stakes, t.symbol), ((100, 100), Some('€')));
        assert_eq!(game_name(t.limit, t.game).as_deref(), Ok("Omaha Hi/Lo Pot Limit"));
        assert!(game_name("LIMIT", "FIVE_CARD_DRAW").unwrap_err().contains("not which"));
        assert!(table_line(&Line { number: 3, text: "Table: Oslo" }).is_err());
    }

    #[test]
    fn a_summary_seat_gives_the_finishing_stack() {
        assert_eq!(
            summary_seat("Seat 5: A (b) ($1,793.35), net: +$269.50, [Js, Jc] (PAIR)"),
            Some((5, "$1,793.35"))
        );
        assert_eq!(summary_seat("Seat 9: Hero ($415.60)"), Some((9, "$415.60")));
        assert_eq!(summary_seat("Main pot: $4"), None);
    }
}
