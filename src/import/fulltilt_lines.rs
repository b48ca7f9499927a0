//! Full Tilt Poker's lines put in PokerStars' words, for the PokerStars reader
//! ([`super::pokerstars::parse_pieces`]).
//!
//! | Full Tilt writes | read as |
//! |---|---|
//! | `Full Tilt Poker Game #N: Table Oslo (6 max) - $0.05/$0.10 - No Limit Hold'em - 21:14:22 ET - 2010/06/12` | `Hold'em No Limit ($0.05/$0.10 USD) - 2010/06/12 21:14:22 ET`, hand `N` |
//! | `... - NL Hold'em - $0.05/$0.10 - ...`, `PL Omaha H/L`, `FL Hold'em`, `PL 5 Card Omaha Hi` | the same games, named before their stakes |
//! | `$10 Sit & Go (243560420), Table 1 - 30/60 - No Limit Hold'em - ...` | tournament 243560420, its amounts chips |
//! | `... 20:34:14 CET - 2011/04/07 [14:34:14 ET - 2011/04/07]` | the time in brackets (ET) |
//! | `Seat 1: NAME ($10)`, `Seat 3: NAME ($0), is sitting out` | `Seat 1: NAME ($10 in chips)`; a seat sitting out is not dealt in |
//! | `The button is in seat #2` | `Table 'NAME' 6-max Seat #2 is the button` |
//! | `NAME posts the small blind of $1`, `posts $2`, `posts a dead small blind of $1` | `NAME: posts small blind $1`, `posts big blind $2`, `posts small & big blinds $3` |
//! | `NAME antes $1`, `raises to $6`, `calls $4, and is all in` | `NAME: posts the ante $1`, `raises $4 to $6`, `calls $4 and is all-in` |
//! | `*** FLOP *** [Ac 5d 2s] (Total Pot: $3, 2 Players)` | `*** FLOP *** [Ac 5d 2s]` |
//! | `Uncalled bet of $4 returned to NAME` | `Uncalled bet ($4) returned to NAME` |
//! | `NAME wins the pot ($4)`, `wins the side pot`, `wins the low main pot` | `NAME collected $4 from pot` |
//! | `Total pot $9 Main pot $6. Side pot $3. \| Rake $0.45`, `Board: [...]` | `Total pot $9 \| Rake $0.45`, `Board [...]` |
//!
//! Chat (`NAME: text`), observers' lines, and the lines that move no chips (`has 15 seconds
//! left to act`, `is sitting out`, `has been disconnected`, `adds $5`: chips for the next
//! hand) are passed over. A line that starts with a seated player's name and a word that is
//! none of these is not understood: the hand is unreadable at that line. The summary is
//! written from the play (who was dealt in, folded, showed and won), the pots it names left
//! out: each player's winnings are checked against the pots together.

use std::borrow::Cow;

use super::collected::{seat_line, seat_list_line, written};
use super::header::{parse_header, site_header};
use super::lines::{amount, find, who, Line};
use super::pokerstars::Tournament;
use super::pokerstars::{
    cents_amount, err, parse_pieces, GameName, Piece, Refusal, StarsEvent, StarsHand, Summary,
    SummarySeat, TextError,
};
use super::split::HandText;

/// Where each hand starts.
pub(super) const HEADER: &str = "Full Tilt Poker Game #";

/// Where each hand of older texts starts.
pub(super) const OLD_HEADER: &str = "FullTiltPoker Game #";

/// The hand number of a hand's first line (`Full Tilt Poker Game #22162000001: ...`).
pub(super) fn hand_number(first: &str) -> Option<&str> {
    let rest = first.strip_prefix(HEADER).or_else(|| first.strip_prefix(OLD_HEADER))?;
    let id = &rest[..rest.find(':')?];
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then_some(id)
}

/// An amount in hundredths (Full Tilt writes cents at most), or what is wrong.
fn cents(text: &str, n: usize) -> Result<i64, TextError> {
    amount(text).and_then(|a| a.to_units(2)).ok_or_else(|| TextError {
        line: n,
        why: format!(
            "expected an amount in cents at most (`$1.25`, `1,500`), not `{}`",
            text.trim()
        ),
    })
}

/// An amount of the header's stakes, where tournaments write thousands `K` (`50K/100K`).
fn stake(text: &str, n: usize) -> Result<i64, TextError> {
    match text.trim().strip_suffix('K') {
        Some(k) => cents(k, n)?
            .checked_mul(1000)
            .ok_or_else(|| TextError { line: n, why: format!("the stake `{text}` is too large") }),
        None => cents(text, n),
    }
}

/// What the header says.
struct Header<'t> {
    number: &'t str,
    /// The table's name (a tournament's: `1`, `Match 3`).
    table: String,
    max: Option<u32>,
    /// The tournament's number and name.
    tournament: Option<(String, String)>,
    /// The stakes as written (`$0.05/$0.10`), without the ante.
    stakes: &'t str,
    /// The game as written (`No Limit Hold'em`, `PL Omaha H/L`).
    game: &'t str,
    /// The date and time as PokerStars writes them (`2010/06/12 21:14:22 ET`).
    date: Option<String>,
}

/// `HEADER N: TABLE - STAKES - GAME - TIME ZONE - DATE [TIME ET - DATE]`, the stakes and the
/// game in either order.
fn read_header<'t>(l: &Line<'t>) -> Result<Header<'t>, TextError> {
    let t = l.text;
    let expected = "expected `Full Tilt Poker Game #N: TABLE - STAKES - GAME - TIME - DATE`";
    let Some(number) = hand_number(t) else { return err(l.number, expected) };
    let Some(colon) = t.find(':') else { return err(l.number, expected) };
    let body = t[colon + 1..].trim();
    let parts: Vec<&str> = body.split(" - ").map(str::trim).collect();
    if parts.len() < 3 {
        return err(l.number, expected);
    }
    let is_stakes = |p: &str| {
        let p = find(p, " Ante ").map_or(p, |k| &p[..k]);
        p.split_once('/').is_some_and(|(a, b)| {
            let (a, b) = (a.trim_end_matches('K'), b.trim_end_matches('K'));
            amount(a).is_some() && amount(b).is_some() && !a.contains(' ') && !b.contains(' ')
        })
    };
    let (stakes, game) = match (is_stakes(parts[1]), is_stakes(parts[2])) {
        (true, _) => (parts[1], parts[2]),
        (false, true) => (parts[2], parts[1]),
        _ => {
            return err(
                l.number,
                format!("expected the stakes (`$0.05/$0.10`, `30/60`) beside the game in `{body}`"),
            );
        }
    };
    let stakes = find(stakes, " Ante ").map_or(stakes, |k| &stakes[..k]);
    // The table: `Table Oslo (6 max, deep)`, `$10 Sit & Go (243560420), Table 1`.
    let place = parts[0];
    let mut tournament = None;
    let mut table = place;
    if let Some(k) = place.rfind("), ")
        && let Some(open) = place[..k].rfind('(')
        && !place[open + 1..k].is_empty()
        && place[open + 1..k].bytes().all(|b| b.is_ascii_digit())
    {
        tournament = Some((place[open + 1..k].to_string(), place[..open].trim().to_string()));
        table = place[k + 3..].trim();
    }
    let (name, inside) = match table.find(" (") {
        Some(k) => (&table[..k], table[k + 2..].trim_end_matches(')')),
        None => (table, ""),
    };
    let max = inside.split(',').map(str::trim).find_map(|w| match w.strip_suffix(" max") {
        Some(m) => m.parse().ok(),
        None => (w == "heads up").then_some(2),
    });
    let name = name.strip_prefix("Table ").unwrap_or(name).replace('\'', "");
    // The time: the one in brackets (ET) when given, else the first.
    let in_brackets = |k: usize| {
        let (clock, date) = body[k + 1..].trim_end_matches(']').split_once(" - ")?;
        clock_date(clock, date)
    };
    let date = body.rfind('[').and_then(in_brackets).or_else(|| match parts.get(3..5)? {
        // Parts without a `-` are the two sides of the ` - ` that joins them.
        &[clock, date] if !clock.contains('-') => clock_date(clock, date),
        p => {
            let joined = p.join(" - ");
            let (clock, date) = joined.split_once(" - ")?;
            clock_date(clock, date)
        }
    });
    Ok(Header { number, table: name, max, tournament, stakes, game, date })
}

/// The date and time as PokerStars writes them (`2010/06/12 21:14:22 ET`) of Full Tilt's
/// `21:14:22 ET` and `2010/06/12`: `None` unless the date has ten characters with a `/` fifth
/// and the clock a `:` and a zone.
fn clock_date(clock: &str, date: &str) -> Option<String> {
    let date = date.trim().split(' ').next()?;
    let (clock, zone) = clock.trim().split_once(' ')?;
    (date.len() == 10 && date.as_bytes()[4] == b'/' && clock.contains(':'))
        .then(|| [date, " ", clock, " ", zone].concat())
}

/// The game in PokerStars' words, whether capped, or `None` for a game this reader does not
/// read (stud, razz, draw, Courchevel, Irish).
fn stars_game(game: &str) -> Option<&'static str> {
    let (limit, base) = [
        ("No Limit ", "No Limit"),
        ("NL ", "No Limit"),
        ("Pot Limit ", "Pot Limit"),
        ("PL ", "Pot Limit"),
        ("Limit ", "Limit"),
        ("FL ", "Limit"),
    ]
    .iter()
    .find_map(|(w, l)| game.strip_prefix(w).map(|rest| (*l, rest)))?;
    let name = match base {
        "Hold'em" => "Hold'em",
        "Omaha" | "Omaha Hi" => "Omaha",
        "Omaha H/L" | "Omaha Hi/Lo" => "Omaha Hi/Lo",
        "5 Card Omaha" | "5 Card Omaha Hi" => "5 Card Omaha",
        "5 Card Omaha H/L" => "5 Card Omaha Hi/Lo",
        _ => return None,
    };
    // Every pair written out, so that the name is a `'static` str.
    Some(match (name, limit) {
        ("Hold'em", "No Limit") => "Hold'em No Limit",
        ("Hold'em", "Pot Limit") => "Hold'em Pot Limit",
        ("Hold'em", _) => "Hold'em Limit",
        ("Omaha", "No Limit") => "Omaha No Limit",
        ("Omaha", "Pot Limit") => "Omaha Pot Limit",
        ("Omaha", _) => "Omaha Limit",
        ("Omaha Hi/Lo", "No Limit") => "Omaha Hi/Lo No Limit",
        ("Omaha Hi/Lo", "Pot Limit") => "Omaha Hi/Lo Pot Limit",
        ("Omaha Hi/Lo", _) => "Omaha Hi/Lo Limit",
        ("5 Card Omaha", "No Limit") => "5 Card Omaha No Limit",
        ("5 Card Omaha", "Pot Limit") => "5 Card Omaha Pot Limit",
        ("5 Card Omaha", _) => "5 Card Omaha Limit",
        ("5 Card Omaha Hi/Lo", "No Limit") => "5 Card Omaha Hi/Lo No Limit",
        ("5 Card Omaha Hi/Lo", "Pot Limit") => "5 Card Omaha Hi/Lo Pot Limit",
        _ => "5 Card Omaha Hi/Lo Limit",
    })
}

/// A seat line's seat, name, stack as written, and whether the player is sitting out.
type SeatOf<'t> = (u32, &'t str, &'t str, bool);

/// The seat, name and stack of a seat line (`Seat 3: NAME ($2.06)`, `..., is sitting out`).
fn seat_of(t: &str) -> Option<SeatOf<'_>> {
    let (seat, body) = super::lines::split_once(t.strip_prefix("Seat ")?, ": ")?;
    let (body, out) = match body.strip_suffix(", is sitting out") {
        Some(b) => (b, true),
        None => (body, false),
    };
    let body = body.strip_suffix(')')?;
    let open = body.rfind(" (")?;
    Some((seat.parse().ok()?, body[..open].trim(), &body[open + 2..], out))
}

/// Reads one Full Tilt hand: its lines in PokerStars' words, read by the PokerStars reader.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let lines: Vec<Line<'_>> = text.lines().collect();
    let Some(first) = lines.first() else {
        return err(text.line, "an empty hand");
    };
    let h = read_header(first)?;
    // `$25/$50 - $2,000 Cap Pot Limit Omaha Hi`: the most each player may put in the hand.
    let (cap, base) = match find(h.game, " Cap ") {
        Some(k) => (Some(&h.game[..k]), &h.game[k + 5..]),
        None => (None, h.game),
    };
    let game = stars_game(base.strip_prefix("CAP ").unwrap_or(base));
    let symbol = h.stakes.chars().find(|c| matches!(c, '$' | '€' | '£'));
    let (s, currency) = match (&h.tournament, symbol) {
        (Some(_), _) | (None, None) => (None, ""),
        (None, Some('€')) => (symbol, " EUR"),
        (None, Some('£')) => (symbol, " GBP"),
        (None, Some(_)) => (symbol, " USD"),
    };
    let (a, b) = h.stakes.split_once('/').unwrap_or_default();
    let (small, big) = (stake(a, first.number)?, stake(b, first.number)?);
    let stars_game = game.unwrap_or("Hold'em No Limit");
    let date = h.date.as_deref().unwrap_or("");
    let mut hand = match cap {
        // Without a cap the header is made from its parts (the currency is set below).
        None => site_header(
            "Full Tilt Poker",
            h.number,
            first.number,
            stars_game,
            (small, big),
            s,
            date,
        )?,
        Some(c) => {
            let cap = written(cents(c, first.number)?, s);
            let (small, big) = (written(small, s), written(big, s));
            let stars = format!(
                "Full Tilt Poker Hand #{}: {stars_game} ({small}/{big} - {cap} Cap -{currency}) - {date}",
                h.number,
            );
            parse_header(&Line { number: first.number, text: &stars })?
        }
    };
    hand.currency = (!currency.is_empty()).then(|| currency.trim().to_string());
    hand.symbol = s;
    if let Some((id, name)) = &h.tournament {
        hand.tournament =
            Some(Tournament { id: id.clone(), buy_in: Some(name.clone()), level: None });
    }
    // Tournament hands may say `Seats: 9` before the seat list.
    let skip = 1 + lines.iter().skip(1).take_while(|l| l.text.starts_with("Seats: ")).count();
    // The seat lines, each read once.
    let seat_lines: Vec<(&Line<'_>, SeatOf<'_>)> =
        lines.iter().skip(skip).map_while(|l| Some((l, seat_of(l.text)?))).collect();
    let mut seats: Vec<(u32, &str)> = Vec::with_capacity(seat_lines.len());
    let mut out: Vec<(usize, Piece<'_>)> = Vec::with_capacity(lines.len() + 8);
    let button = lines
        .iter()
        .find_map(|l| l.text.strip_prefix("The button is in seat #")?.parse::<u32>().ok())
        .or_else(|| seat_lines.first().map(|(_, s)| s.0))
        .unwrap_or(1);
    let max = h.max.map(|m| format!(" {m}-max")).unwrap_or_default();
    let money = if s.is_none() && h.tournament.is_none() { " (Play Money)" } else { "" };
    let button_text = button.to_string();
    let table_line =
        ["Table '", &h.table, "'", &max, money, " Seat #", &button_text, " is the button"].concat();
    out.push((first.number, table_line.into()));
    for &(l, (seat, name, stack, sitting_out)) in &seat_lines {
        let c = cents(stack, l.number)?;
        seats.push((seat, name));
        let mut line = seat_list_line(seat, name, c, s);
        if sitting_out {
            line.push_str(" is sitting out");
        }
        out.push((l.number, line.into()));
    }
    let refuse = |hand: &mut StarsHand, why: String| {
        hand.refusal = Some(Refusal::NotSupported(why));
    };
    if game.is_none() {
        hand.game = GameName::Other(h.game.to_string());
        // Stud, razz and the draws are read from the text by `fulltilt_stud` once the
        // record of the header and seats is built.
        let why = match super::fulltilt_stud::game(h.game) {
            Some(Ok(_)) => format!("line {}: {}: read as a stud or draw hand", first.number, h.game),
            Some(Err(why)) => format!("line {}: {why}", first.number),
            None => format!(
                "line {}: {}: feltkit reads Full Tilt's hold'em, Omaha, stud, razz and draw games; not Courchevel or Irish",
                first.number, h.game
            ),
        };
        refuse(&mut hand, why);
        return parse_pieces(hand, first.number, &out);
    }
    if base.starts_with("CAP ") {
        refuse(&mut hand, format!(
            "line {}: {}: capped no limit whose cap the text does not name, which a replay cannot play",
            first.number, h.game
        ));
        return parse_pieces(hand, first.number, &out);
    }
    let rest = &lines[skip + seat_lines.len()..];
    let head = out.len();
    // One search of the whole text tells whether any line can say the board is run twice.
    let twice = find(text.joined(), "Run It Twice").is_some();
    if let Some(why) = play(rest, &seats, s, twice, &mut out)? {
        refuse(&mut hand, why);
        out.truncate(head);
    }
    parse_pieces(hand, first.number, &out)
}

/// The words after a seated player's name that move no chips and show no cards.
const IDLE: [&str; 11] = [
    "has ", "is ", "sits ", "stands ", "adds ", "leaves ", "will ", "returns", "re-buys", "rebuys",
    "shows ",
];

/// The play and the summary in PokerStars' words, into `out`; `Some(why)` for a hand that
/// cannot be replayed (the board run twice: `twice` when the hand's text says `Run It Twice`
/// anywhere).
fn play<'t>(
    lines: &[Line<'t>],
    seats: &[(u32, &str)],
    s: Option<char>,
    twice: bool,
    out: &mut Vec<(usize, Piece<'t>)>,
) -> Result<Option<String>, TextError> {
    let k = seats.len();
    let mut street = vec![0i64; k];
    let mut acted = vec![false; k];
    let mut folded = vec![false; k];
    let mut shown: Vec<Option<String>> = vec![None; k];
    let mut won = vec![0i64; k];
    let mut dead: Option<(usize, i64)> = None;
    let mut in_summary = false;
    let mut wins_read = false;
    let w = |c: i64| written(c, s);
    for l in lines {
        let (n, t) = (l.number, l.text);
        if twice && find(t, "Run It Twice").is_some() {
            return Ok(Some(format!(
                "line {n}: the board is run twice, which feltkit does not read in Full Tilt's text yet"
            )));
        }
        if t.starts_with("*** SUMMARY") {
            in_summary = true;
            if !wins_read {
                // Some hands name no winner in the play: the summary's seats say who collected.
                for (m, i, got) in summary_collected(lines, seats)? {
                    won[i] = won[i].saturating_add(got);
                    let text = || format!("{} collected {} from pot", seats[i].1, w(got));
                    let event = |a| StarsEvent::Collected(i, a, "pot".into());
                    out.push((m, Piece::with_amount(got, event, text)));
                }
            }
            out.push((n, "*** SUMMARY ***".into()));
            continue;
        }
        if in_summary {
            if let Some(rest) = t.strip_prefix("Total pot ") {
                let total = rest.split_whitespace().next().unwrap_or("");
                let rake = rest.split("| Rake ").nth(1).map(str::trim).unwrap_or("");
                let (total, rake) = (cents(total, n)?, cents(rake, n)?);
                out.push((
                    n,
                    match (cents_amount(total), cents_amount(rake)) {
                        (Some(total), Some(rake)) => {
                            Piece::Total(Summary { total, rake, pots: Vec::new(), line: n })
                        }
                        _ => format!("Total pot {} | Rake {}", w(total), w(rake)).into(),
                    },
                ));
                // The seats dealt in: those the play names.
                for (i, &seat) in seats.iter().enumerate().filter(|(i, _)| acted[*i]) {
                    if shown[i].is_none() {
                        // A seat that showed cards is written as text: the reader takes its
                        // cards from it.
                        let (folded, won) =
                            (folded[i], cents_amount(won[i]).filter(|_| won[i] > 0));
                        let said = SummarySeat { player: i, line: n, folded, showed: None, won };
                        out.push((n, Piece::Seat(said)));
                        continue;
                    }
                    let won = (won[i] > 0).then(|| w(won[i]));
                    let l = seat_line(seat, folded[i], shown[i].as_deref(), won);
                    out.push((n, l.into()));
                }
            } else if let Some(board) = t.strip_prefix("Board: ") {
                out.push((n, ["Board ", board].concat().into()));
            }
            continue;
        }
        if let Some(st) = t.strip_prefix("*** ") {
            if ["FLOP", "TURN", "RIVER"].iter().any(|w| st.starts_with(w)) {
                street.iter_mut().for_each(|x| *x = 0);
                let end = t.rfind(']').map_or(t.len(), |k| k + 1);
                out.push((n, Cow::Borrowed(&t[..end]).into()));
            } else if st.starts_with("HOLE CARDS") {
                if let Some((i, _)) = dead.take() {
                    return err(
                        n,
                        format!("{} posts a dead small blind, then no big blind", seats[i].1),
                    );
                }
                out.push((n, Cow::Borrowed(t).into()));
            }
            continue;
        }
        if let Some(rest) = t.strip_prefix("Uncalled bet of ") {
            let Some((a, name)) = rest.split_once(" returned to ") else {
                return err(n, format!("expected `Uncalled bet of X returned to NAME`, not `{t}`"));
            };
            let c = cents(a, n)?;
            let text = || format!("Uncalled bet ({}) returned to {name}", w(c));
            out.push((
                n,
                match seats.iter().position(|seat| seat.1 == name.trim()) {
                    Some(i) => Piece::with_amount(c, |a| StarsEvent::Uncalled(i, a), text),
                    None => text().into(),
                },
            ));
            continue;
        }
        if let Some(rest) = t.strip_prefix("Dealt to ") {
            if rest.contains("] [") {
                // Stud's and draw's cards, never in a hand read here.
                continue;
            }
            out.push((n, Cow::Borrowed(t).into()));
            continue;
        }
        // Chat (`NAME: text`), observers, the button's line and the site's notices.
        let Some((i, rest)) = who(seats, t) else { continue };
        let name = seats[i].1;
        let (verb, all_in) = match rest
            .strip_suffix(", and is all in")
            .or_else(|| rest.strip_suffix(" and is all in"))
        {
            Some(v) => (v, " and is all-in"),
            None => (rest, ""),
        };
        let mut said = |verb: &str, amounts: &[i64]| {
            out.push((n, Piece::said_all_in(i, name, (verb, all_in), amounts, s)));
        };
        if let Some(x) = verb.strip_prefix("posts a dead small blind of ") {
            acted[i] = true;
            dead = Some((i, cents(x, n)?));
        } else if let Some(x) = verb.strip_prefix("posts the small blind of ") {
            acted[i] = true;
            let c = cents(x, n)?;
            street[i] = street[i].saturating_add(c);
            said("posts small blind #", &[c]);
        } else if let Some(x) =
            verb.strip_prefix("posts the big blind of ").or_else(|| verb.strip_prefix("posts "))
        {
            acted[i] = true;
            let c = cents(x, n)?;
            street[i] = street[i].saturating_add(c);
            match dead.take() {
                Some((j, d)) if j == i => {
                    said("posts small & big blinds #", &[c.saturating_add(d)])
                }
                Some((j, _)) => {
                    return err(
                        n,
                        format!("{} posts a dead small blind, then no big blind", seats[j].1),
                    );
                }
                None => said("posts big blind #", &[c]),
            }
        } else if let Some(x) = verb.strip_prefix("antes ") {
            acted[i] = true;
            said("posts the ante #", &[cents(x, n)?]);
        } else if verb == "folds" {
            acted[i] = true;
            folded[i] = true;
            out.push((n, Piece::Event(StarsEvent::Fold(i))));
        } else if verb == "checks" {
            acted[i] = true;
            out.push((n, Piece::Event(StarsEvent::Check(i))));
        } else if let Some(x) = verb.strip_prefix("calls ") {
            acted[i] = true;
            let c = cents(x, n)?;
            street[i] = street[i].saturating_add(c);
            said("calls #", &[c]);
        } else if let Some(x) = verb.strip_prefix("bets ") {
            acted[i] = true;
            let c = cents(x, n)?;
            street[i] = street[i].saturating_add(c);
            said("bets #", &[c]);
        } else if let Some(x) = verb.strip_prefix("raises to ") {
            acted[i] = true;
            let to = cents(x, n)?;
            let bet = street.iter().copied().max().unwrap_or(0);
            street[i] = to;
            said("raises # to #", &[to.saturating_sub(bet), to]);
        } else if verb.starts_with("shows [") {
            let end = verb.find(']').map_or(verb.len(), |k| k + 1);
            shown[i] = Some(verb[6..end].to_string());
            out.push((n, [name, ": shows ", &verb[6..end]].concat().into()));
        } else if verb == "mucks" || verb.starts_with("mucks ") {
            out.push((n, Piece::Event(StarsEvent::Mucks(i))));
        } else if let Some(x) =
            verb.strip_prefix("wins ").or_else(|| verb.strip_prefix("ties for "))
        {
            // `wins the pot ($4)`, `wins the low side pot ($2) with ...`, `wins pot 2 ($3)`.
            let open = x.find('(');
            let close = open.and_then(|o| x[o..].find(')').map(|c| o + c));
            let (Some(o), Some(c)) = (open, close) else {
                return err(n, format!("expected `wins the pot (X)`, not `{t}`"));
            };
            let got = cents(&x[o + 1..c], n)?;
            wins_read = true;
            won[i] = won[i].saturating_add(got);
            let text = || format!("{name} collected {} from pot", w(got));
            out.push((
                n,
                Piece::with_amount(got, |a| StarsEvent::Collected(i, a, "pot".into()), text),
            ));
        } else if IDLE.iter().any(|w| verb.starts_with(w)) {
            // Chips for the next hand, the clock, seats taken and left, hands named.
        } else {
            return err(
                n,
                format!(
                    "expected an action after `{name}` (posts, antes, folds, checks, calls, bets, raises to, shows, mucks, wins), not `{rest}`"
                ),
            );
        }
    }
    Ok(None)
}

/// What the summary's seats say each player collected (`Seat 5: NAME (small blind) collected
/// (80), mucked`, `showed [...] and won ($5)`): the line, the seat and the amount.
fn summary_collected(
    lines: &[Line<'_>],
    seats: &[(u32, &str)],
) -> Result<Vec<(usize, usize, i64)>, TextError> {
    let mut got = Vec::new();
    let summary = lines.iter().skip_while(|l| !l.text.starts_with("*** SUMMARY"));
    for l in summary {
        let Some((_, body)) =
            l.text.strip_prefix("Seat ").and_then(|r| super::lines::split_once(r, ": "))
        else {
            continue;
        };
        let Some((i, rest)) = who(seats, body) else { continue };
        for mark in ["collected (", "won ("] {
            if let Some(k) = find(rest, mark) {
                let inside = rest[k + mark.len()..].split(')').next().unwrap_or("");
                got.push((l.number, i, cents(inside, l.number)?));
            }
        }
    }
    Ok(got)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_header_orders_give_the_table_the_stakes_the_game_and_the_time() {
        let l = Line {
            number: 1,
            text: "Full Tilt Poker Game #22: Table Oslo (6 max, deep) - NL Hold'em - $0.05/$0.10 - 20:14:22 CET - 2010/06/12 [14:14:22 ET - 2010/06/12]",
        };
        let h = read_header(&l).unwrap();
        assert_eq!((h.number, h.table.as_str(), h.max), ("22", "Oslo", Some(6)));
        assert_eq!((h.stakes, h.game), ("$0.05/$0.10", "NL Hold'em"));
        assert_eq!(h.date.as_deref(), Some("2010/06/12 14:14:22 ET"));
        let l = Line {
            number: 1,
            text: "FullTiltPoker Game #23: $5 Sit & Go (Turbo) (77), Table 1 - 30/60 Ante 5 - No Limit Hold'em - 8:19:00 ET - 2010/11/06",
        };
        let h = read_header(&l).unwrap();
        assert_eq!(h.tournament, Some(("77".into(), "$5 Sit & Go (Turbo)".into())));
        assert_eq!((h.table.as_str(), h.stakes, h.game), ("1", "30/60", "No Limit Hold'em"));
        assert_eq!(h.date.as_deref(), Some("2010/11/06 8:19:00 ET"));
        assert!(read_header(&Line { number: 4, text: "Full Tilt Poker Game #1: Table" }).is_err());
    }

    #[test]
    fn games_are_named_in_pokerstars_words() {
        assert_eq!(stars_game("PL Omaha H/L"), Some("Omaha Hi/Lo Pot Limit"));
        assert_eq!(stars_game("Limit Hold'em"), Some("Hold'em Limit"));
        assert_eq!(stars_game("PL 5 Card Omaha Hi"), Some("5 Card Omaha Pot Limit"));
        assert_eq!(stars_game("Limit Razz"), None);
        assert_eq!(stars_game("PL Courchevel Hi"), None);
    }
}
