//! 888poker's lines put in PokerStars' words, for the PokerStars reader
//! ([`super::pokerstars::parse_after_header`]).
//!
//! | 888 writes | read as |
//! |---|---|
//! | `#Game No : 79911308`, `***** 888poker Hand History for Game 79911308 *****` | hand `79911308` |
//! | `$0.01/$0.02 Blinds No Limit Holdem - *** 04 02 2011 13:04:49` | `Hold'em No Limit ($0.01/$0.02) - 2011/02/04 13:04:49` |
//! | `$5/$10 Blinds Fix Limit Holdem`, `Pot Limit OmahaHL`, `Fix Limit Omaha` | `Hold'em Limit ($10/$20)`, `Omaha Hi/Lo Pot Limit`, `Omaha Limit` |
//! | `Table Oslo 6 Max (Real Money)`, `(Practice Play)`, `Seat 4 is the button` | `Table 'Oslo' 6-max Seat #4 is the button`, play money |
//! | `Tournament #132736084 40 $ + 4 $ - Table #10 6 Max (Real Money)` | a tournament hand, its amounts chips |
//! | `Seat 1: NAME ( $2.06 )` | `Seat 1: NAME ($2.06 in chips)` |
//! | `NAME posts ante [$1]`, `posts dead blind [$1 + $2]` | `NAME: posts the ante $1`, `posts small & big blinds $3` |
//! | `NAME calls [$2]`, `bets [$2]`, `raises [$6]` (the chips the action puts in) | `calls $2`, `bets $2`, `raises $X to $Y` |
//! | `** Dealing down cards **`, `** Dealing flop ** [ 5c, 2s, Jd ]` | `*** HOLE CARDS ***`, `*** FLOP *** [5c 2s Jd]` |
//! | `NAME shows [ Ah, Kd ]`, `NAME collected [ $10 ]` | `NAME: shows [Ah Kd]`, `NAME collected $10 from pot` |
//!
//! Amounts are read whatever their marks: `$1,728.25`, `0,01 $`, `42.797,60 $`, `1.183.764 $`. A
//! mark followed by three digits separates thousands, one followed by one or two digits starts
//! the cents (888 writes cents at most).
//!
//! 888 writes no `Uncalled bet` line, no total pot and no rake: the part of the largest bet
//! nobody matched is in what its player collects. It is taken out of that and written as an
//! `Uncalled bet` line. The total pot is then what was put in less the uncalled bet, and the
//! rake the total less what was collected: it must not be below zero (collected more than was
//! put in), in a tournament it must be zero, and in a cash game at most a tenth of the pot
//! (rounded up to the cent), a rake no card room takes beyond.

use std::borrow::Cow;

use super::collected::{
    give_back, hold, line_of, push_number, push_written, totals, uncalled, write_ending, written,
    Ending, Seats,
};
use super::header::{parse_header, site_header};
use super::lines::{find, rfind, who, Line};
use super::pokerstars::Tournament;
use super::pokerstars::{err, parse_pieces, GameName, Piece, Refusal, StarsHand, TextError};
use super::split::HandText;

/// Where each hand starts.
pub(super) const HEADER: &str = "#Game No : ";

/// The line that opens a hand's summary.
pub(super) const SUMMARY: &str = "** Summary **";

/// The hand number of a hand's first line (`#Game No : 79911308`).
pub(super) fn hand_number(first: &str) -> Option<&str> {
    let k = find(first, HEADER)?;
    let id = first[k + HEADER.len()..].trim();
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then_some(id)
}

/// An amount as 888 writes it (`$1,728.25`, `0,01 $`, `1.183.764 $`, `[$2]`), in hundredths;
/// `None` for anything else. A mark (`.` or `,`) followed by three digits separates thousands;
/// one followed by one or two digits, last, starts the cents.
pub(super) fn cents(text: &str) -> Option<i64> {
    // Most amounts are digits with perhaps a dollar sign, cents and brackets around them.
    let quick = text.trim_ascii_start().trim_start_matches(['[', '$']).trim_ascii_start();
    let quick = quick.trim_ascii_end().trim_end_matches(']').trim_ascii_end();
    if let Some(c) = plain_cents(quick).or_else(|| comma_grouped_cents(quick)) {
        return Some(c);
    }
    // A currency code after the amount (`$2 USD`, `4,520 EUR`): the general rule trims it
    // off with the spaces before it, and reads what is left as the quick readers do.
    let before_code = quick.trim_end_matches(|c: char| c.is_ascii_alphabetic()).trim_ascii_end();
    if before_code.len() < quick.len()
        && let Some(c) = plain_cents(before_code).or_else(|| comma_grouped_cents(before_code))
    {
        return Some(c);
    }
    general_cents(text)
}

/// [`cents`] by its general rule, for any form the quick readers leave.
fn general_cents(text: &str) -> Option<i64> {
    // Windows-1252's no-break space separates thousands too (`15 788,50 $`).
    let spaced;
    let text = if text.contains('\u{a0}') {
        spaced = text.replace('\u{a0}', " ");
        &spaced
    } else {
        text
    };
    let t = text.trim().trim_start_matches('[').trim_end_matches(']').trim();
    let t = t.trim_matches(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','));
    let t = t.trim_end_matches(['.', ',']);
    if t.is_empty() || t.len() > 22 {
        return None;
    }
    let groups: Vec<&str> = t.split(['.', ',', ' ']).collect();
    if groups.iter().any(|g| g.is_empty() || !g.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    let (whole, frac) = match groups.split_last() {
        Some((last, rest)) if !rest.is_empty() && last.len() <= 2 => (rest, Some(*last)),
        _ => (&groups[..], None),
    };
    let (first, more) = whole.split_first()?;
    // Thousands are grouped after a first group of one to three digits that is not a zero
    // (`$0.125` is no amount: neither 125 dollars nor a fraction of a cent).
    if !more.is_empty()
        && (first.len() > 3 || first.starts_with('0') || more.iter().any(|g| g.len() != 3))
    {
        return None;
    }
    // The marks between thousands are all the same, and not the one before the cents.
    let marks: Vec<char> = t.chars().filter(|c| matches!(c, '.' | ',' | ' ')).collect();
    let (thousands, point) = match frac {
        Some(_) => marks.split_last().map(|(p, t)| (t, Some(*p)))?,
        None => (&marks[..], None),
    };
    if thousands.windows(2).any(|w| w[0] != w[1])
        || thousands.first().zip(point).is_some_and(|(a, b)| *a == b)
    {
        return None;
    }
    let mut units: i64 = 0;
    for g in whole {
        for b in g.bytes() {
            units = units.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
        }
    }
    let cents = match frac {
        Some(f) if f.len() == 1 => i64::from(f.as_bytes()[0] - b'0') * 10,
        Some(f) => f.parse::<i64>().ok()?,
        None => 0,
    };
    units.checked_mul(100)?.checked_add(cents)
}

/// Amounts with their thousands grouped by commas and perhaps cents after a point
/// (`1,975`, `1,138.87`), in hundredths, read in one pass; `None` for any other form (read by
/// the general rule of [`cents`], which gives these the same value: this form is only its
/// most common case, read without splitting the text).
pub(super) fn comma_grouped_cents(t: &str) -> Option<i64> {
    let b = t.as_bytes();
    // The general rule reads no amount longer than this.
    if b.len() > 22 {
        return None;
    }
    let (whole, frac) = match b.iter().position(|&c| c == b'.') {
        Some(k) => (&b[..k], &b[k + 1..]),
        None => (b, &b[b.len()..]),
    };
    let point = whole.len() < b.len();
    if (point && !(1..=2).contains(&frac.len())) || !frac.iter().all(u8::is_ascii_digit) {
        return None;
    }
    // A first group of one to three digits, not a zero, then `,ddd` at least once.
    let first = whole.iter().position(|&c| c == b',')?;
    if !(1..=3).contains(&first) || whole[0] == b'0' {
        return None;
    }
    let mut units: i64 = 0;
    for (k, &c) in whole.iter().enumerate() {
        let is_comma = k >= first && (k - first) % 4 == 0;
        if is_comma != (c == b',') || !(is_comma || c.is_ascii_digit()) {
            return None;
        }
        if !is_comma {
            units = units.checked_mul(10)?.checked_add(i64::from(c - b'0'))?;
        }
    }
    // The last group is whole: three digits after its comma.
    if (whole.len() - first) % 4 != 0 {
        return None;
    }
    let cents = match frac {
        [a] => i64::from(a - b'0') * 10,
        [a, b] => i64::from(a - b'0') * 10 + i64::from(b - b'0'),
        _ => 0,
    };
    units.checked_mul(100)?.checked_add(cents)
}

/// Most amounts: digits alone (`25`) or with a point and one or two digits of cents (`0.5`,
/// `1728.25`), in hundredths; `None` for any other (read by the general rule of [`cents`]).
pub(super) fn plain_cents(t: &str) -> Option<i64> {
    let b = t.as_bytes();
    let point = b.iter().position(|c| !c.is_ascii_digit());
    let (whole, frac) = match point {
        None => (b, &b[b.len()..]),
        Some(k) if b[k] == b'.' && (b.len() - k - 1 == 1 || b.len() - k - 1 == 2) => {
            (&b[..k], &b[k + 1..])
        }
        _ => return None,
    };
    if whole.is_empty() || whole.len() > 16 || !frac.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let units = whole.iter().fold(0i64, |u, d| u * 10 + i64::from(d - b'0'));
    let cents = match frac {
        [a] => i64::from(a - b'0') * 10,
        [a, b] => i64::from(a - b'0') * 10 + i64::from(b - b'0'),
        _ => 0,
    };
    Some(units * 100 + cents)
}

/// The amount in a line's brackets (`[$0.02]`, `[ $0.20 ]`), or what is wrong.
fn bracketed(t: &str, n: usize) -> Result<i64, TextError> {
    let open = memchr::memchr(b'[', t.as_bytes());
    let close = memchr::memrchr(b']', t.as_bytes());
    let inside = match (open, close) {
        (Some(o), Some(c)) if o < c => &t[o + 1..c],
        _ => return err(n, format!("expected an amount in brackets (`[$2]`) in `{t}`")),
    };
    cents(inside).ok_or_else(|| TextError {
        line: n,
        why: format!("expected an amount in cents at most in `[{}]`", inside.trim()),
    })
}

/// A card as 888 writes it, in PokerStars' letters: `Td`, `10d`, and the words of its
/// translated clients (`QPik`: spades; ranks in Cyrillic, or as Windows-1252 reads those
/// bytes: `Âh` is the jack of hearts), onto the end of `out`; whether a card was written
/// (nothing is for blank text).
fn push_card(out: &mut String, t: &str) -> bool {
    let t = t.trim();
    // Most cards are a letter or digit and a suit's letter: written as they are.
    if let [rank, suit] = *t.as_bytes()
        && rank.is_ascii()
        && suit.is_ascii()
    {
        out.push(char::from(rank));
        out.push(char::from(suit));
        return true;
    }
    let suits = [("Pik", 's'), ("Herz", 'h'), ("Karo", 'd'), ("Kreuz", 'c')];
    let (rank, suit) = match suits.iter().find(|(w, _)| t.ends_with(w)) {
        Some((w, s)) => (&t[..t.len() - w.len()], *s),
        None => match t.char_indices().last() {
            Some((k, s)) => (&t[..k], s),
            None => return false,
        },
    };
    let rank = match rank {
        "10" => 'T',
        "В" | "Â" => 'J',
        "Д" | "Ä" => 'Q',
        "К" | "Ê" => 'K',
        "Т" | "Ò" => 'A',
        r => r.chars().next().unwrap_or('?'),
    };
    out.push(rank);
    out.push(suit);
    true
}

/// The cards of a line's brackets (`[ 5c, 2s, Jd ]`) in PokerStars' words (`[5c 2s Jd]`).
fn cards(t: &str) -> Option<String> {
    let mut out = String::with_capacity(24);
    push_cards(&mut out, t).then_some(out)
}

/// [`cards`], onto the end of `out`; whether the line has brackets (nothing is written when
/// it has none).
fn push_cards(out: &mut String, t: &str) -> bool {
    let Some(open) = memchr::memchr(b'[', t.as_bytes()) else { return false };
    let Some(close) = memchr::memchr(b']', &t.as_bytes()[open..]).map(|k| open + k) else {
        return false;
    };
    out.push('[');
    let mut first = true;
    for c in t[open + 1..close].split(',') {
        if !first && !c.trim().is_empty() {
            out.push(' ');
        }
        if push_card(out, c) {
            first = false;
        }
    }
    out.push(']');
    true
}

/// The game line (`$5/$10 Blinds Fix Limit Holdem - *** 04 03 2012 15:32:21`): the stakes in
/// hundredths, the currency symbol, the game in PokerStars' words (`None` for a game not
/// read), whether it is fixed limit, and the date as PokerStars writes it.
struct GameLine {
    small: i64,
    big: i64,
    symbol: Option<char>,
    game: Option<&'static str>,
    fixed: bool,
    name: String,
    date: Option<String>,
}

fn game_line(l: &Line<'_>) -> Result<GameLine, TextError> {
    let t = l.text;
    let Some(k) = find(t, " Blinds ") else {
        return err(l.number, "expected `SMALL/BIG Blinds GAME - *** DATE` after the header");
    };
    let stakes = &t[..k];
    let Some((a, b)) = stakes.split_once('/') else {
        return err(l.number, format!("expected the blinds as `SMALL/BIG` in `{stakes}`"));
    };
    let (Some(small), Some(big)) = (cents(a), cents(b)) else {
        return err(l.number, format!("expected two amounts in `{stakes}`"));
    };
    let symbol = stakes.chars().find(|c| matches!(c, '$' | '€' | '£'));
    let rest = &t[k + 8..];
    let (name, date) = match find(rest, " - ") {
        Some(d) => (rest[..d].trim(), rest[d + 3..].trim_start_matches(['*', ' ']).trim()),
        None => (rest.trim(), ""),
    };
    let mut name = name;
    while let Some(x) = name.strip_suffix(" Jackpot table") {
        name = x;
    }
    let name = name.trim();
    let game = match name {
        "No Limit Holdem" => Some("Hold'em No Limit"),
        "Pot Limit Holdem" => Some("Hold'em Pot Limit"),
        "Fix Limit Holdem" => Some("Hold'em Limit"),
        "Pot Limit Omaha" => Some("Omaha Pot Limit"),
        "No Limit Omaha" => Some("Omaha No Limit"),
        "Fix Limit Omaha" => Some("Omaha Limit"),
        "Pot Limit OmahaHL" => Some("Omaha Hi/Lo Pot Limit"),
        "Fix Limit OmahaHL" => Some("Omaha Hi/Lo Limit"),
        "No Limit OmahaHL" => Some("Omaha Hi/Lo No Limit"),
        _ => None,
    };
    // `04 02 2011 13:04:49`: day, month, year.
    let mut words = date.split_whitespace();
    let date = match (words.next(), words.next(), words.next(), words.next()) {
        (Some(d), Some(m), Some(y), Some(clock)) if clock.contains(':') => {
            let mut out = String::with_capacity(date.len());
            for (part, then) in [(y, '/'), (m, '/'), (d, ' ')] {
                out.push_str(part);
                out.push(then);
            }
            out.push_str(clock);
            Some(out)
        }
        _ => None,
    };
    Ok(GameLine {
        small,
        big,
        symbol,
        game,
        fixed: name.starts_with("Fix Limit"),
        name: name.to_string(),
        date,
    })
}

/// The table line: `Table Oslo 6 Max (Real Money)`, `Tournament #N BUY-IN - Table #10 6 Max
/// (Real Money)`: the table's name, its seats, play money, and the tournament with its buy-in.
struct TableLine {
    name: String,
    max: Option<u32>,
    play_money: bool,
    tournament: Option<Tournament>,
}

fn table_line(t: &str) -> TableLine {
    let play_money = find(t, "(Practice Play)").is_some() || find(t, "(Play Money)").is_some();
    let mut body = t.rfind(" (").map_or(t, |k| &t[..k]).trim();
    // `6 Max` at the end: the table's seats.
    let mut max = None;
    if let Some(head) = body.strip_suffix(" Max") {
        let digits = head.rsplit(' ').next().unwrap_or("");
        if let Ok(m) = digits.parse::<u32>() {
            max = Some(m);
            body = head[..head.len() - digits.len()].trim();
        }
    }
    let Some(rest) = body.strip_prefix("Tournament #") else {
        let name = body.strip_prefix("Table ").unwrap_or(body).replace('\'', "");
        return TableLine { name, max, play_money, tournament: None };
    };
    let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
    let after = rest[end..].trim();
    let (buy_in, table) = match find(after, " - Table ") {
        Some(k) => (after[..k].trim(), after[k + 9..].trim()),
        None => (after, ""),
    };
    let tournament = Tournament {
        id: rest[..end].to_string(),
        buy_in: (!buy_in.is_empty()).then(|| buy_in.to_string()),
        level: None,
    };
    let name = if table.is_empty() { "1".to_string() } else { table.replace('\'', "") };
    TableLine { name, max, play_money, tournament: Some(tournament) }
}

/// The seat and name of a seat line (`Seat 3: NAME ( $2.06 )`), and its stack's text.
fn seat_of(t: &str) -> Option<(u32, &str, &str)> {
    let (seat, body) = super::lines::split_once(t.strip_prefix("Seat ")?, ": ")?;
    let open = rfind(body, " ( ").or_else(|| rfind(body, " ("))?;
    let stack = body[open..].trim().strip_prefix('(')?.strip_suffix(')')?;
    Some((seat.parse().ok()?, body[..open].trim(), stack))
}

/// Reads one 888 hand: its lines in PokerStars' words, read by the PokerStars reader.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let lines: Vec<Line<'_>> = text.lines().collect();
    let Some(first) = lines.first() else {
        return err(text.line, "an empty hand");
    };
    let Some(number) = hand_number(first.text) else {
        return err(first.number, "expected `#Game No : NUMBER`");
    };
    let (Some(title), Some(game)) = (lines.get(1), lines.get(2)) else {
        return err(first.number, "the hand stops after its first line");
    };
    if find(title.text, "Hand History for Game").is_none() {
        return err(title.number, "expected `***** 888poker Hand History for Game N *****`");
    }
    if find(game.text, " Blinds ").is_none() {
        // The older layout (`$50 USD PL Texas Hold'em - Tuesday, April 03, ...`).
        let mut hand = parse_header(&Line {
            number: game.number,
            text: &format!("888poker Hand #{number}: Hold'em No Limit (1/2)"),
        })?;
        hand.game = GameName::Other(game.text.to_string());
        hand.refusal = Some(Refusal::NotSupported(format!(
            "line {}: `{}`: feltkit reads 888's layout whose game line says `SMALL/BIG Blinds GAME`; this older layout is not read",
            game.number, game.text
        )));
        return Ok(hand);
    }
    let g = game_line(game)?;
    let table = lines.get(3).map(|l| table_line(l.text));
    let tournament = table.as_ref().and_then(|t| t.tournament.clone());
    // Tournament amounts are chips, whatever sign 888 writes with them.
    let s = if tournament.is_some() { None } else { g.symbol };
    // The seat list, each line read once.
    let seat_lines: Vec<(Line<'_>, (u32, &str, &str))> = lines
        .iter()
        .skip(5)
        .skip_while(|l| l.text.starts_with("Total number of players"))
        .map_while(|l| Some((*l, seat_of(l.text)?)))
        .collect();
    let listed = 5
        + lines.iter().skip(5).take_while(|l| l.text.starts_with("Total number")).count()
        + seat_lines.len();
    // A player's stack: from the first seat line naming the player (the seat list's, read
    // already, unless a line before it names the player).
    fn seat_named<'t>(name: &str, from: &[Line<'t>]) -> Option<(u32, &'t str, &'t str)> {
        from.iter().find_map(|s| seat_of(s.text).filter(|s| s.1 == name))
    }
    let before = lines.get(..listed - seat_lines.len()).unwrap_or_default();
    let stack_of = |name: &str| {
        seat_named(name, before)
            .or_else(|| seat_lines.iter().map(|x| x.1).find(|s| s.1 == name))
            .or_else(|| seat_named(name, lines.get(listed..).unwrap_or_default()))
    };
    let posted = |verb: &str| {
        lines.iter().find_map(|l| {
            let k = find(l.text, verb)?;
            let name = &l.text[..k];
            let stack = stack_of(name)?.2;
            let c = cents(&l.text[k + verb.len()..])?;
            // A blind posted all-in says nothing of the table's.
            (cents(stack)? > c).then_some(c)
        })
    };
    // 888 rounds the small blind it names in the game line (`$0.12/$0.25` for a small blind
    // of $0.10): the one posted is the table's.
    let g_small = posted(" posts small blind ").filter(|&c| c <= g.big).unwrap_or(g.small);
    // BLAST tables write the prize pool where the blinds go, and play antes alone, all in: a
    // bet the size of the ante is the only one the hand could hold.
    let ante = || {
        posted(" posts ante ").or_else(|| {
            lines.iter().find_map(|l| cents(&l.text[find(l.text, " posts ante ")? + 12..]))
        })
    };
    let (g_small, g_big) = match g.big {
        0 => ante().map_or((g_small, 0), |a| (a, a)),
        _ => (g_small, g.big),
    };
    let (small, big) = if g.fixed { (g_big, g_big * 2) } else { (g_small, g_big) };
    let (game_text, date) = (g.game.unwrap_or("Hold'em No Limit"), g.date.as_deref().unwrap_or(""));
    let mut hand = site_header("888poker", number, first.number, game_text, (small, big), s, date)?;
    hand.symbol = s;
    hand.currency = s.map(super::lines::currency_of);
    hand.tournament = tournament;
    let Some(table) = table else {
        return err(game.number, "the hand stops after its game line");
    };
    hand.play_money = table.play_money;
    let button_line = lines.get(4).copied();
    let button = button_line
        .and_then(|l| {
            l.text.strip_prefix("Seat ")?.strip_suffix(" is the button")?.parse::<u32>().ok()
        })
        .ok_or_else(|| TextError {
            line: button_line.map_or(game.number + 2, |l| l.number),
            why: "expected `Seat N is the button`".into(),
        })?;
    let mut seats: Vec<(u32, &str)> = Vec::with_capacity(seat_lines.len());
    let mut stacks: Vec<i64> = Vec::with_capacity(seat_lines.len());
    // Room for the summary's lines too: one a seat, the pot's and an uncalled bet's.
    let mut out: Vec<(usize, Piece<'_>)> = Vec::with_capacity(lines.len() + seat_lines.len() + 4);
    // 888 numbers seats up to 10 whatever the table's size: its `6 Max` is kept when no seat
    // is past it.
    let max = table.max.filter(|&m| {
        // The seat list's lines are read already; any other line is read here.
        let read = seat_lines.iter().map(|(_, x)| x.0);
        let others = lines.iter().skip(5).enumerate().filter(|(k, _)| 5 + k >= listed);
        read.chain(others.filter_map(|(_, l)| seat_of(l.text)).map(|x| x.0)).all(|s| s <= m)
    });
    let mut head = String::with_capacity(48 + table.name.len());
    head.push_str("Table '");
    head.push_str(&table.name);
    head.push('\'');
    if let Some(m) = max {
        head.push(' ');
        push_number(&mut head, u64::from(m));
        head.push_str("-max");
    }
    if table.play_money {
        head.push_str(" (Play Money)");
    }
    head.push_str(" Seat #");
    push_number(&mut head, u64::from(button));
    head.push_str(" is the button");
    out.push((lines[3].number, head.into()));
    for (l, (seat, name, stack)) in &seat_lines {
        let Some(c) = cents(stack) else {
            return err(l.number, format!("expected a stack in cents at most, not `{stack}`"));
        };
        seats.push((*seat, name));
        stacks.push(c);
        let mut line = String::with_capacity(24 + name.len());
        line.push_str("Seat ");
        push_number(&mut line, u64::from(*seat));
        line.push_str(": ");
        line.push_str(name);
        line.push_str(" (");
        push_written(&mut line, c, s);
        line.push_str(" in chips)");
        out.push((l.number, line.into()));
    }
    if g.game.is_none() {
        hand.game = GameName::Other(g.name.clone());
        hand.refusal = Some(Refusal::NotSupported(format!(
            "line {}: {}: feltkit reads 888's hold'em and Omaha; this game is not read",
            game.number, g.name
        )));
        return parse_pieces(hand, game.number, &out);
    }
    let rest = lines.get(listed..).unwrap_or_default();
    let tourney = hand.tournament.is_some();
    let head = out.len();
    if let Some(why) = play(rest, &seats, &stacks, s, tourney, &mut out)? {
        hand.refusal = Some(Refusal::NotSupported(why));
        out.truncate(head);
    }
    parse_pieces(hand, first.number, &out)
}

/// The play and the summary in PokerStars' words, into `out`: each action with the player's
/// name and a colon, the uncalled bet taken out of what its player collected, a total pot and
/// rake worked out and checked, and the summary written from the play.
fn play<'t>(
    lines: &[Line<'t>],
    seats: &[(u32, &str)],
    stacks: &[i64],
    s: Option<char>,
    tournament: bool,
    out: &mut Vec<(usize, Piece<'t>)>,
) -> Result<Option<String>, TextError> {
    let k = seats.len();
    let Seats { mut put, mut dead, mut surplus, mut street, mut folded } = Seats::new(k);
    let mut acted = vec![false; k];
    let mut shown: Vec<Option<String>> = vec![None; k];
    let mut collected = Vec::new();
    let mut summary_at = None;
    let mut dealt = false;
    for l in lines {
        let (n, t) = (l.number, l.text);
        if t == SUMMARY {
            summary_at = Some(n);
            continue;
        }
        if let Some(st) = t.strip_prefix("** Dealing ") {
            let lower = st.to_ascii_lowercase();
            let name = ["down cards", "flop", "turn", "river"]
                .iter()
                .find(|w| lower.starts_with(*w))
                .ok_or_else(|| TextError {
                    line: n,
                    why: format!("expected `** Dealing down cards/flop/turn/river **`, not `{t}`"),
                })?;
            if *name == "down cards" {
                dealt = true;
                out.push((n, "*** HOLE CARDS ***".into()));
                continue;
            }
            street.iter_mut().for_each(|x| *x = 0);
            let board = cards(st).ok_or_else(|| TextError {
                line: n,
                why: "expected the board cards in `[...]`".into(),
            })?;
            let mut line = String::with_capacity(12 + name.len() + board.len());
            line.push_str("*** ");
            for c in name.chars() {
                line.push(c.to_ascii_uppercase());
            }
            line.push_str(" *** ");
            line.push_str(&board);
            out.push((n, line.into()));
            continue;
        }
        if t.starts_with('(') || t.starts_with("Total number of players") {
            // `(Hi: Jc, Jh, Js, Ks, As)`: the hand a high-low player showed, named.
            continue;
        }
        if let Some(rest) = t.strip_prefix("Dealt to ") {
            let Some(k) = rest.find(" [") else {
                return err(n, format!("expected `Dealt to NAME [cards]`, not `{t}`"));
            };
            let name = &rest[..k];
            if let Some(i) = seats.iter().position(|s| s.1 == name) {
                acted[i] = true;
                let mut line = String::with_capacity(24 + name.len());
                line.push_str("Dealt to ");
                line.push_str(name);
                line.push(' ');
                push_cards(&mut line, rest);
                out.push((n, line.into()));
            }
            continue;
        }
        let Some((i, rest)) = who(seats, t) else {
            return err(n, format!("expected a line of the play (an action of a seated player, a street), not `{t}`"));
        };
        acted[i] = true;
        let name = seats[i].1;
        let mut say = |words: &str, amounts: &[i64]| {
            out.push((n, Piece::said(i, name, words, amounts, s)));
        };
        if rest.starts_with("posts ante ") {
            let c = bracketed(rest, n)?;
            put[i] = put[i].saturating_add(c);
            say("posts the ante #", &[c]);
        } else if rest.starts_with("posts small blind ") {
            let c = bracketed(rest, n)?;
            put[i] = put[i].saturating_add(c);
            street[i] = c;
            say("posts small blind #", &[c]);
        } else if rest.starts_with("posts big blind ") {
            let c = bracketed(rest, n)?;
            put[i] = put[i].saturating_add(c);
            street[i] = c;
            say("posts big blind #", &[c]);
        } else if let Some(x) = rest.strip_prefix("posts dead blind ") {
            // `[$1 + $2]`: the small blind, dead, and the big blind, live.
            let inside = x.trim().trim_start_matches('[').trim_end_matches(['.', ']']);
            let parts: Option<Vec<i64>> = inside.split(" + ").map(cents).collect();
            let Some(parts) = parts.filter(|p| (1..=2).contains(&p.len())) else {
                return err(n, format!("expected `posts dead blind [SMALL + BIG]`, not `{t}`"));
            };
            let total: i64 = parts.iter().sum();
            put[i] = put[i].saturating_add(total);
            if let [d, 0] = parts[..] {
                // `[$25 + $0]`: a small blind alone, dead.
                dead[i] = dead[i].saturating_add(d);
                say("posts small blind #", &[d]);
            } else if let [d, live] = parts[..] {
                dead[i] = dead[i].saturating_add(d);
                street[i] = live;
                say("posts small & big blinds #", &[total]);
            } else {
                street[i] = total;
                say("posts big blind #", &[total]);
            }
        } else if rest.starts_with("calls ") {
            let c = bracketed(rest, n)?;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            say("calls #", &[c]);
        } else if rest.starts_with("bets ") {
            let c = bracketed(rest, n)?;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            say("bets #", &[c]);
        } else if rest.starts_with("raises ") {
            // The chips the raise puts in: the raise is to the player's bet with them.
            let c = bracketed(rest, n)?;
            let to = street[i].saturating_add(c);
            let bet = street.iter().copied().max().unwrap_or(0);
            let mut others = (0..k).filter(|&j| j != i && acted[j] && !folded[j]).peekable();
            let others_all_in = others.peek().is_some()
                && others.all(|j| put[j] >= stacks.get(j).copied().unwrap_or(i64::MAX));
            if to <= bet || others_all_in {
                let call = bet.saturating_sub(street[i]).min(c);
                put[i] = put[i].saturating_add(call);
                street[i] = street[i].saturating_add(call);
                surplus[i] = surplus[i].saturating_add(c - call);
                say("calls #", &[call]);
                continue;
            }
            put[i] = put[i].saturating_add(c);
            street[i] = to;
            say("raises # to #", &[to - bet, to]);
        } else if rest == "folds" {
            if !dealt && put[i] == 0 {
                // Folded before the cards are dealt, having put nothing in: not dealt in.
                acted[i] = false;
                continue;
            }
            folded[i] = true;
            say("folds", &[]);
        } else if rest == "checks" {
            say("checks", &[]);
        } else if rest.starts_with("shows [") {
            let c = cards(rest).unwrap_or_default();
            let mut line = String::with_capacity(9 + name.len() + c.len());
            line.push_str(name);
            line.push_str(": shows ");
            line.push_str(&c);
            shown[i] = Some(c);
            out.push((n, line.into()));
        } else if rest.starts_with("mucks") {
            say("mucks hand", &[]);
        } else if rest.starts_with("did not show") || rest.starts_with("does not show") {
        } else if rest.starts_with("collected ") {
            hold(&mut collected, out, (i, bracketed(rest, n)?, Cow::Borrowed("pot")), n);
        } else {
            return err(
                n,
                format!(
                    "expected an action after `{name}` (posts, folds, checks, calls, bets, raises, shows, mucks, collected), not `{rest}`"
                ),
            );
        }
    }
    let Some(summary_line) = summary_at else {
        return Ok(None);
    };
    let mut got = totals(&collected, k);
    // The part of the largest bet nobody matched goes back to its player, and so does what a
    // raise over players all in added beyond the bet.
    let uncalled = uncalled(&put, &dead);
    let returned: i64 = uncalled.map_or(0, |u| u.1).saturating_add(surplus.iter().sum());
    let total = put.iter().sum::<i64>().saturating_sub(returned);
    // 888 writes what goes back either as collected (a line of its own, or inside the pot the
    // player won) or not at all: it is in the collected lines when they give more than the pot.
    if got.iter().sum::<i64>() > total {
        let name = |i: usize| seats[i].1;
        give_back(&mut collected, &mut got, (uncalled, &surplus), "888", name, |c| written(c, s))
            .or_else(|(i, m)| err(line_of(&collected, i, summary_line), m))?;
    }
    let ending = Ending {
        collected: &collected,
        got: &got,
        seats,
        acted: &acted,
        folded: &folded,
        shown: &shown,
        uncalled,
        total,
        tournament,
        dealt,
        summary_line,
        at: summary_line,
        // The players dealt in: those the play names.
        list_silent_winners: false,
        symbol: s,
    };
    Ok(write_ending(&ending, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_read_whatever_their_marks() {
        let cases = [
            ("$0.01", Some(1)),
            ("$1,728.25", Some(172_825)),
            ("0,01 $", Some(1)),
            ("0,5 $", Some(50)),
            ("42.797,60 $", Some(4_279_760)),
            ("1.183.764 $", Some(118_376_400)),
            ("8.000 $", Some(800_000)),
            ("$2,968", Some(296_800)),
            ("[ $0.20 ]", Some(20)),
            ("25 $", Some(2500)),
            (" 15 788,50 $ ", Some(1_578_850)),
            ("15\u{a0}788,50 $", Some(1_578_850)),
            ("$0.125", None),
            ("1,2.50", None),
            ("1.000.00", None),
            ("pot", None),
            ("99999999999999999999", None),
            ("9999999999999999", Some(999_999_999_999_999_900)),
            ("99999999999999999", None),
            ("12.", Some(1200)),
            ("0.5", Some(50)),
            ("007.05", Some(705)),
            (".50", None),
        ];
        for (t, want) in cases {
            assert_eq!(cents(t), want, "{t}");
        }
    }

    #[test]
    fn comma_grouped_amounts_read_quickly_are_read_as_the_general_rule_reads_them() {
        // Every text of up to eight of these characters: each one the quick reader takes must
        // have the value the general rule gives it.
        let alphabet = [b'0', b'1', b'9', b',', b'.'];
        let mut taken = 0;
        for len in 1..=8u32 {
            for mut code in 0..5usize.pow(len) {
                let mut t = String::new();
                for _ in 0..len {
                    t.push(char::from(alphabet[code % 5]));
                    code /= 5;
                }
                if let Some(c) = comma_grouped_cents(&t) {
                    taken += 1;
                    assert_eq!(Some(c), general_cents(&t), "{t}");
                }
            }
        }
        assert!(taken > 100, "{taken}");
        // With signs, spaces and a currency code's letters too: every text of up to six
        // characters is read by `cents` as by the general rule.
        let alphabet = [b'0', b'5', b',', b'.', b' ', b'U', b'$', b'['];
        for len in 1..=6u32 {
            for mut code in 0..8usize.pow(len) {
                let mut t = String::new();
                for _ in 0..len {
                    t.push(char::from(alphabet[code % 8]));
                    code /= 8;
                }
                assert_eq!(cents(&t), general_cents(&t), "{t}");
            }
        }
        for t in ["9,223,372,036,854,775", "92,233,720,368,547,758.07", "1,000,000,000,000,000"] {
            assert_eq!(comma_grouped_cents(t).or_else(|| general_cents(t)), general_cents(t));
        }
    }

    #[test]
    fn cards_are_put_in_pokerstars_letters() {
        assert_eq!(cards("[ 5c, 2s, 10d ]").as_deref(), Some("[5c 2s Td]"));
        assert_eq!(cards("[ 8Pik, QPik ]").as_deref(), Some("[8s Qs]"));
        assert_eq!(cards("[ 9s, Âh, Òd ]").as_deref(), Some("[9s Jh Ad]"));
    }

    #[test]
    fn the_game_line_gives_the_stakes_the_game_and_the_date() {
        let l =
            Line { number: 3, text: "$5/$10 Blinds Fix Limit Holdem - *** 04 03 2012 15:32:21" };
        let g = game_line(&l).unwrap();
        assert_eq!((g.small, g.big, g.symbol, g.fixed), (500, 1000, Some('$'), true));
        assert_eq!(
            (g.game, g.date.as_deref()),
            (Some("Hold'em Limit"), Some("2012/03/04 15:32:21"))
        );
        let l = Line { number: 3, text: "25 $/50 $ Blinds Pot Limit OmahaHL - ***" };
        let g = game_line(&l).unwrap();
        assert_eq!(
            (g.small, g.big, g.game, g.date),
            (2500, 5000, Some("Omaha Hi/Lo Pot Limit"), None)
        );
        assert!(game_line(&Line { number: 3, text: "Razz" }).is_err());
    }

    #[test]
    fn the_table_line_gives_the_name_the_seats_and_the_tournament() {
        let t = table_line("Table Oslo 6 Max (Real Money)");
        assert_eq!((t.name.as_str(), t.max, t.play_money), ("Oslo", Some(6), false));
        let t = table_line("Table Rubtsovsk (Practice Play)");
        assert_eq!((t.name.as_str(), t.max, t.play_money), ("Rubtsovsk", None, true));
        let t = table_line("Tournament #38339532 $3.15 + $0.35 - Table #47 (Real Money)");
        let tour = t.tournament.unwrap();
        assert_eq!((tour.id.as_str(), tour.buy_in.as_deref()), ("38339532", Some("$3.15 + $0.35")));
        assert_eq!(t.name, "#47");
    }
}
