//! Cake's lines put in PokerStars' words, for the PokerStars reader
//! ([`super::pokerstars::parse_after_header`]).
//!
//! | Cake writes | read as |
//! |---|---|
//! | `Hand#2701011985001689 - Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 00:53:30` | hand `2701011985001689`, table `Paris (6-max) 11985`, `Hold'em No Limit ($0.05/$0.10)` |
//! | `... T10965119 -- CASH -- $15 + $1.5 -- 10 Max -- Table 5 -- 0/75/150 NL Hold'em -- ...` | tournament `10965119`, table `Table 5`, antes of 0, blinds of 75/150, in chips |
//! | `$0,05/$0,10`, `2,820`, `1 500`, `2012.02.05 - 21:01:45` | `$0.05/$0.10`, 2820, 1500, `2012/02/05 21:01:45` |
//! | `FL`, `PL`, `NL`; `Hold'em`, `Omaha` | fixed, pot and no limit; hold'em, Omaha |
//! | `Dealer: Seat 3`, or ` DEALER` after a seat | the button |
//! | `Seat 2: NAME ($9,68 in chips)  (EUR €7,65)` | the seat and its stack (a conversion in parentheses is left out) |
//! | `NAME: raises to $0.30`, `NAME: is all in $0.07` (the chips put in) | `raises X to $0.30`; a bet, a raise or a call all in, by what is in before it |
//! | `NAME: returns uncalled bet $0.30` | `Uncalled bet ($0.30) returned to NAME` |
//! | `Dealt to NAME [7c,Th]`, `*** FLOP *** [Kh,3h,8c]`, `***SHOW DOWN***` | `Dealt to NAME [7c Th]`, `*** FLOP *** [Kh 3h 8c]`, `*** SHOW DOWN ***` |
//! | `NAME wins $0.56 with Two Pairs` (once a pot) | `NAME collected $0.56 from pot` |
//! | `NAME: mucks` | a player who wins nothing mucks; a winner's `mucks` is passed over |
//!
//! Cake writes no total pot and no rake: the pot is what was put in (less the uncalled bets),
//! the rake what it leaves beyond what the players won, at most a tenth of the pot (none in a
//! tournament); a text whose winnings say otherwise is found out by `--check`.

use std::borrow::Cow;

use super::cake_play::play;
use super::collected::seat_list_line;
use super::header::site_header;
use super::lines::{find, Line};
use super::p888_lines::cents;
use super::pokerstars::Tournament;
use super::pokerstars::{err, parse_pieces, GameName, Piece, Refusal, StarsHand, TextError};
use super::split::HandText;

/// Where each hand starts.
pub(super) const HEADER: &str = "Hand#";

/// The lines read, as the PokerStars reader takes them (each line's text, or the action or
/// summary line it says): each with its line in the text.
pub(super) type Out<'t> = Vec<(usize, Piece<'t>)>;

/// The hand number of a hand's first line (`Hand#2701011985001689 - ...`).
pub(super) fn hand_number(first: &str) -> Option<&str> {
    let k = find(first, HEADER)?;
    let rest = &first[k + HEADER.len()..];
    let id = rest.split(' ').next()?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(id)
}

/// An amount as Cake writes it (`$0,05`, `2,820`, `1 500`, `$-0,10`), in hundredths, or what
/// is wrong.
pub(super) fn amount_of(text: &str, n: usize) -> Result<i64, TextError> {
    let t = text.trim();
    // Thousands may be separated by a no-break space (`1 500`): replaced where there is one.
    let spaced: Cow<'_, str> =
        if t.contains('\u{a0}') { Cow::Owned(t.replace('\u{a0}', " ")) } else { Cow::Borrowed(t) };
    let digits = spaced.trim_start_matches(['$', '€', '£']);
    let plain = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b',' | b' '));
    match cents(digits).filter(|_| plain) {
        Some(c) => Ok(c),
        None => err(n, format!("expected an amount (`$0,05`, `2,820`), not `{t}`")),
    }
}

/// A line without the conversion Cake writes after its amounts (`  (EUR €0,36)`).
pub(super) fn unconverted(t: &str) -> &str {
    // Only a line ending in `)` is cut (most lines do not: they are returned at once).
    if !t.ends_with(')') {
        return t;
    }
    match conversion_at(t) {
        Some(k) => t[..k].trim_end(),
        None => t,
    }
}

/// Where the line's first ` (EUR ` starts, else its first ` (USD `, else its first ` (GBP `:
/// found in one pass over the line's `(`s.
fn conversion_at(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    let mut found: [Option<usize>; 3] = [None; 3];
    for open in memchr::memchr_iter(b'(', b) {
        let Some(k) = open.checked_sub(1).filter(|&k| b[k] == b' ') else { continue };
        for (slot, code) in found.iter_mut().zip([b"EUR ", b"USD ", b"GBP "]) {
            if slot.is_none() && b[open + 1..].starts_with(code) {
                *slot = Some(k);
            }
        }
        if found[0].is_some() {
            break;
        }
    }
    found[0].or(found[1]).or(found[2])
}

/// Cards as PokerStars writes them: `[7c,Th]` is `[7c Th]`.
pub(super) fn spaced(t: &str) -> String {
    t.replace(',', " ")
}

/// A hand's first line, read.
struct Header<'t> {
    number: &'t str,
    table: &'t str,
    tournament: Option<Tournament>,
    /// `NL`, `PL`, `FL` and the game: `Hold'em`, `Omaha`.
    limit: &'t str,
    game: &'t str,
    /// The ante, small and big blinds (or bets, fixed limit), in hundredths.
    stakes: (i64, i64, i64),
    symbol: Option<char>,
    date: String,
}

fn header<'t>(l: &Line<'t>) -> Result<Header<'t>, TextError> {
    let t = l.text;
    let expected = "expected `Hand#NUMBER - TABLE -- STAKES LIMIT GAME -- DATE`";
    let (Some(k), Some(number)) = (find(t, HEADER), hand_number(t)) else {
        return err(l.number, expected);
    };
    let parts: Vec<&str> = t[k..].split(" -- ").map(str::trim).collect();
    let [first, .., game_part, date_part] = parts[..] else { return err(l.number, expected) };
    let name = first.split_once(" - ").map_or("", |(_, n)| n.trim());
    let tourney = name.split_whitespace().find_map(|w| {
        w.strip_prefix('T').filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
    });
    let table = match tourney {
        Some(_) => parts.iter().find(|p| p.starts_with("Table ")).copied().unwrap_or(name),
        None => name,
    };
    let tournament = tourney.map(|id| Tournament {
        id: id.to_string(),
        buy_in: parts.get(2).filter(|p| p.contains('+')).map(|p| p.to_string()),
        level: None,
    });
    let mut words = game_part.split_whitespace();
    let (Some(stakes), Some(limit)) = (words.next(), words.next()) else {
        return err(l.number, format!("expected `STAKES LIMIT GAME`, not `{game_part}`"));
    };
    let game = game_part[game_part.find(limit).unwrap_or(0) + limit.len()..].trim();
    let numbers: Vec<&str> = stakes.split('/').collect();
    let read = |x: &str| {
        let x = x.trim_start_matches(['$', '€', '£']);
        // A negative ante (`-1/50/100`) is none.
        if x.starts_with('-') {
            Some(0)
        } else {
            cents(x)
        }
    };
    let stakes = match numbers[..] {
        [sb, bb] => (Some(0), read(sb), read(bb)),
        [ante, sb, bb] => (read(ante), read(sb), read(bb)),
        _ => (None, None, None),
    };
    let (Some(ante), Some(small), Some(big)) = stakes else {
        return err(
            l.number,
            format!("expected the stakes as `$0.05/$0.10` or `ANTE/SMALL/BIG`, not `{game_part}`"),
        );
    };
    let symbol = game_part.chars().find(|c| matches!(c, '$' | '€' | '£'));
    let Some(date) = date(date_part) else {
        return err(
            l.number,
            format!("expected a date as `2011/08/28 - 00:53:30`, not `{date_part}`"),
        );
    };
    Ok(Header { number, table, tournament, limit, game, stakes: (ante, small, big), symbol, date })
}

/// `2011/08/28 - 00:53:30` (or with dots or dashes between the date's numbers) as PokerStars
/// writes it: `2011/08/28 00:53:30`.
fn date(t: &str) -> Option<String> {
    let (day, clock) = t.split_once(" - ")?;
    let day = day.trim().replace(['.', '-'], "/");
    let ok = |s: &str, sep: char| {
        s.split(sep).count() == 3
            && s.split(sep).all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    };
    (ok(&day, '/') && ok(clock.trim(), ':')).then(|| [day.as_str(), " ", clock.trim()].concat())
}

/// A seat line read: the seat, the name, the stack's text and whether it is the button.
type SeatLine<'t> = (u32, &'t str, &'t str, bool);

/// A seat line: `Seat 3: NAME ($10 in chips) DEALER`: the seat, the name, the stack's text and
/// whether it is the button.
fn seat_of(t: &str) -> Option<SeatLine<'_>> {
    let (seat, body) = super::lines::split_once(t.strip_prefix("Seat ")?, ": ")?;
    let k = find(body, " in chips)")?;
    let open = super::lines::rfind(&body[..k], " (")?;
    let dealer = body[k..].contains("DEALER");
    Some((seat.parse().ok()?, &body[..open], &body[open + 2..k], dealer))
}

/// Reads one Cake hand: its lines in PokerStars' words, read by the PokerStars reader.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let lines: Vec<Line<'_>> = text.lines().collect();
    let Some(first) = lines.first() else {
        return err(text.line, "an empty hand");
    };
    let h = header(first)?;
    let tour = h.tournament.is_some();
    // The amounts' currency is the seats' (a table's header may give its stakes in euros
    // and its amounts in dollars, each with the euros after it).
    let seat_symbol = lines
        .iter()
        .find_map(|l| seat_of(unconverted(l.text)))
        .and_then(|(_, _, stack, _)| stack.chars().next().filter(|c| matches!(c, '$' | '€' | '£')));
    let s = if tour { None } else { seat_symbol.or(h.symbol).or(Some('$')) };
    let structure = match h.limit {
        "NL" => Ok("No Limit"),
        "PL" => Ok("Pot Limit"),
        "FL" => Ok("Limit"),
        other => Err(format!(
            "`{other}`: a betting structure feltkit does not know in Cake's texts (NL, PL, FL)"
        )),
    };
    let game = structure.and_then(|st| match h.game {
        "Hold'em" | "Omaha" | "Omaha Hi/Lo" => Ok(format!("{} {st}", h.game)),
        other => Err(format!("{other}: feltkit reads Cake's hold'em and Omaha texts")),
    });
    let (ante, mut small, mut big) = h.stakes;
    // The blinds posted, by players not all in, when the header's are in another currency.
    if h.limit != "FL" && s != h.symbol && !tour {
        let posted = |verb: &str| {
            lines.iter().find_map(|l| {
                let rest =
                    super::lines::split_once(unconverted(l.text), ": ")?.1.strip_prefix(verb)?;
                cents(rest.trim_start_matches(['$', '€', '£']))
            })
        };
        big = posted("posts big blind ").unwrap_or(big);
        small = posted("posts small blind ").filter(|&c| c <= big).unwrap_or(small);
    }
    let game_text = game.as_deref().unwrap_or("Hold'em No Limit");
    let mut hand =
        site_header("Cake", h.number, first.number, game_text, (small, big), s, &h.date)?;
    hand.symbol = s;
    hand.currency = s.map(super::lines::currency_of);
    hand.tournament = h.tournament;
    if let Err(why) = game {
        hand.game = GameName::Other(format!("{} {}", h.limit, h.game));
        hand.refusal = Some(Refusal::NotSupported(format!("line {}: {why}", first.number)));
        return Ok(hand);
    }
    let mut k = 1;
    let mut button = None;
    if let Some(l) = lines.get(1)
        && let Some(b) = l.text.strip_prefix("Dealer: Seat ")
    {
        let Ok(b) = b.trim().parse::<u32>() else {
            return err(l.number, format!("expected `Dealer: Seat N`, not `{}`", l.text));
        };
        button = Some(b);
        k = 2;
    }
    // The seat lines, each read once.
    let mut seat_lines: Vec<(Line<'_>, SeatLine<'_>)> = Vec::with_capacity(10);
    for l in &lines[k..] {
        let Some(seat) = seat_of(unconverted(l.text)) else { break };
        seat_lines.push((*l, seat));
    }
    let mut seats: Vec<(u32, &str)> = Vec::with_capacity(seat_lines.len());
    let mut stacks: Vec<i64> = Vec::with_capacity(seat_lines.len());
    for &(l, (seat, name, stack, dealer)) in &seat_lines {
        seats.push((seat, name));
        stacks.push(amount_of(stack, l.number)?);
        if dealer {
            button.get_or_insert(seat);
        }
    }
    let table_at = first.number;
    let Some(button) = button else {
        return err(table_at + 1, "expected `Dealer: Seat N` or a seat marked `DEALER`");
    };
    let mut out: Out<'_> = Vec::with_capacity(lines.len() + 8);
    let table = h.table.replace('\'', "");
    let button_text = button.to_string();
    let table_line = ["Table '", &table, "' Seat #", &button_text, " is the button"].concat();
    out.push((table_at, table_line.into()));
    for ((l, _), (&(seat, name), &c)) in seat_lines.iter().zip(seats.iter().zip(&stacks)) {
        out.push((l.number, seat_list_line(seat, name, c, s).into()));
    }
    let rest = &lines[k + seat_lines.len()..];
    let refusal = play(rest, &seats, (ante, tour), s, &mut out)?;
    hand.refusal = refusal.map(Refusal::NotSupported);
    parse_pieces(hand, first.number, &out)
}

#[cfg(test)]
mod tests {
    use super::super::cake_play::who_colon;
    use super::*;

    /// The one-pass search finds the conversion the three searches found, and the line is cut
    /// where it was.
    #[test]
    fn conversions_are_found_as_by_search() {
        let lines = [
            "Seat 1: Bob ($10 in chips) (EUR €8,50)",
            "Bob: calls $1  (USD $1)",
            "Bob: bets 5 (GBP £5) (EUR €6)",
            "Bob: bets 5 (USD 5) (GBP £5) (EUR €6)",
            "(EUR 5)",
            " (EUR 5)",
            "x (EUR)",
            "x (EUR 5",
            "x(EUR 5)",
            "é (USD é)",
            "a (b) (c) (GBP 1)",
            "",
            ")",
        ];
        for t in lines {
            let rule =
                find(t, " (EUR ").or_else(|| find(t, " (USD ")).or_else(|| find(t, " (GBP "));
            assert_eq!(conversion_at(t), rule, "{t:?}");
            let cut = match rule {
                Some(k) if t.ends_with(')') => t[..k].trim_end(),
                _ => t,
            };
            assert_eq!(unconverted(t), cut, "{t:?}");
        }
    }

    #[test]
    fn the_header_gives_the_game_the_stakes_and_the_tournament() {
        let l = Line { number: 1, text: "Hand#2862015946001029 - Paris (6-max, shallow) 15946 -- $0,05/$0,10 NL Hold'em -- 2012.02.05 - 21:01:45" };
        let h = header(&l).unwrap();
        assert_eq!(
            (h.number, h.table, h.limit, h.game),
            ("2862015946001029", "Paris (6-max, shallow) 15946", "NL", "Hold'em")
        );
        assert_eq!(
            (h.stakes, h.symbol, h.date.as_str()),
            ((0, 5, 10), Some('$'), "2012/02/05 21:01:45")
        );
        let l = Line { number: 1, text: "Hand#2930A7507F000252 - $2,500 Guaranteed - R&A T10965119 -- CASH -- $15 + $1.5 -- 10 Max -- Table 5 -- 0/75/150 NL Hold'em -- 2012/04/12 - 22:32:06" };
        let h = header(&l).unwrap();
        assert_eq!((h.table, h.stakes), ("Table 5", (0, 7500, 15000)));
        assert_eq!(
            h.tournament.map(|t| (t.id, t.buy_in)),
            Some(("10965119".into(), Some("$15 + $1.5".into())))
        );
        assert!(header(&Line {
            number: 1,
            text: "Hand#1 - Paris -- NL Hold'em -- 2012/04/12 - 22:32:06"
        })
        .is_err());
        assert!(header(&Line {
            number: 1,
            text: "Hand#1 - Paris -- $1/$2 NL Hold'em -- yesterday"
        })
        .is_err());
    }

    #[test]
    fn amounts_seats_and_conversions() {
        assert_eq!(amount_of("$2,88", 1), Ok(288));
        assert_eq!(amount_of("2,820", 1), Ok(282_000));
        assert_eq!(amount_of("1 500", 1), Ok(150_000));
        assert!(amount_of("lots", 1).is_err());
        assert_eq!(
            unconverted("Player2: posts small blind $0,05 (EUR €0,04)"),
            "Player2: posts small blind $0,05"
        );
        assert_eq!(seat_of("Seat 3: Hero ($10 in chips) DEALER"), Some((3, "Hero", "$10", true)));
        assert_eq!(who_colon(&[(5, "P5")], "P5:posts dead blind"), Some((0, "posts dead blind")));
    }
}
