//! Winamax's lines put in PokerStars' words, for the PokerStars reader
//! ([`super::pokerstars::parse_pieces`]).
//!
//! | Winamax writes | read as |
//! |---|---|
//! | `Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.50€/1€) - DATE` | `Hold'em No Limit (0.50/1)`, hand `1-2-3`, `€` and `EUR` |
//! | `Tournament "NAME" buyIn: 0,90€ + 0,10€ level: 3 - ... (10/60/120)` | a tournament hand: ante 10, blinds 60/120 |
//! | `Go Fast "NAME"` | a fast-fold hand (`_room = "Go Fast"`) |
//! | `Table: 'NAME' 6-max (real money) Seat #4 is the button` | `Table 'NAME' 6-max Seat #4 is the button` |
//! | `Seat 1: NAME (20.50€)` | `Seat 1: NAME (20.50€ in chips)` |
//! | `NAME posts ante 10`, `NAME posts small blind 1€ out of position` | `NAME: posts the ante 10`, a dead small blind |
//! | `NAME raises 2€ to 3€`, `NAME folds`, ... | `NAME: raises 2€ to 3€` (the raise counted from the bet), `NAME: folds`, ... |
//! | `*** PRE-FLOP ***` | `*** HOLE CARDS ***` |
//! | `NAME collected 4€ from side pot 1`, `from pot(HI)` | `from side pot-1`, `from pot` |
//! | `Total pot 12.90€ \| Rake 0.80€` (after rake), `\| No rake`, `6.27k` | the total before rake |
//!
//! Winamax writes no `Uncalled bet` line: the part of the largest bet nobody matched stays in
//! the total and in what its player collected. It is taken out of both here and written as an
//! `Uncalled bet` line, so that the pots are the ones the rules make.

use std::borrow::Cow;

use super::collected::Written;
use super::collected::{
    call_over_all_in, give_back, hold, line_of, push_number, totals, uncalled, write, Seats,
};
use super::header::parse_header;
use super::lines::{amount, find, rfind, split_once, who, Line};
use super::pokerstars::{
    cents_amount, err, parse_pieces, GameName, Piece, Refusal, Seat, StarsEvent, StarsHand,
    TextError, Tournament,
};
use super::split::HandText;
use super::summary_piece;
use crate::phh::table::MAX_SEAT;
use crate::phh::Amount;

/// Where each hand starts.
pub(super) const HEADER: &str = "Winamax Poker - ";

/// The places every amount is counted in here: Winamax writes cents at most.
const PLACES: u8 = 2;

/// What the header says besides the game and the stakes.
#[derive(Debug, PartialEq, Eq)]
struct Header<'t> {
    /// `CashGame`, `Go Fast "NAME"`, `Tournament "NAME" buyIn: X level: N`.
    kind: &'t str,
    /// The hand number (`9250793-388-1478989461`).
    number: &'t str,
    /// The game as written (`Holdem no limit`).
    game: &'t str,
    /// The stakes: the blinds, after the ante when there is one (`10/60/120`).
    stakes: Vec<Amount>,
    /// The currency symbol of the stakes, if any.
    symbol: Option<char>,
    /// The date as written.
    date: &'t str,
}

/// The hand number of a header line (`HandId: #9250793-388-1478989461`).
pub(super) fn hand_number(header: &str) -> Option<&str> {
    let k = find(header, "HandId: #")?;
    let rest = &header[k + 9..];
    let id = rest.split(' ').next()?;
    (!id.is_empty()).then_some(id)
}

/// `Winamax Poker - KIND - HandId: #N - GAME (STAKES) - DATE`.
fn read_header<'t>(l: &Line<'t>) -> Result<Header<'t>, TextError> {
    let t = l.text;
    let expected = "expected `Winamax Poker - KIND - HandId: #N - GAME (STAKES) - DATE`";
    let Some(body) = t.strip_prefix(HEADER) else { return err(l.number, expected) };
    let Some(k) = find(body, " - HandId: #") else { return err(l.number, expected) };
    let kind = &body[..k];
    let rest = &body[k + 12..];
    let Some((number, rest)) = rest.split_once(" - ") else { return err(l.number, expected) };
    let (Some(open), Some(close)) = (rest.find('('), rest.find(')')) else {
        return err(l.number, "expected the stakes in the header, as `(0.50€/1€)` or `(10/20)`");
    };
    if close < open {
        return err(l.number, expected);
    }
    let inside = &rest[open + 1..close];
    let stakes: Option<Vec<Amount>> = inside.split('/').map(amount).collect();
    let stakes = stakes.filter(|s| (2..=3).contains(&s.len())).ok_or_else(|| TextError {
        line: l.number,
        why: format!("expected two or three amounts in the stakes `({inside})`"),
    })?;
    let symbol = inside.chars().find(|c| matches!(c, '€' | '$' | '£'));
    let date = rest[close + 1..].trim_start_matches([' ', '-']).trim();
    Ok(Header { kind, number, game: rest[..open].trim(), stakes, symbol, date })
}

/// The game in PokerStars' words (`Omaha Hi/Lo Pot Limit`), or `None` for a game the
/// PokerStars reader does not read (stud and draw: [`super::winamax_stud`]).
fn stars_game(game: &str) -> Option<String> {
    let (base, limit) =
        [(" no limit", "No Limit"), (" pot limit", "Pot Limit"), (" fixed limit", "Limit")]
            .iter()
            .find_map(|(w, s)| {
                let k = game.len().checked_sub(w.len())?;
                game.get(k..)
                    .filter(|end| end.eq_ignore_ascii_case(w))
                    .map(|_| (game[..k].trim(), *s))
            })?;
    let base = match base {
        "Holdem" | "Hold'em" => "Hold'em".to_string(),
        "Omaha" | "Omaha Hi/Lo" => base.to_string(),
        _ => match base.split_once(" Card ") {
            Some((n, rest))
                if matches!(n, "5" | "6") && matches!(rest, "Omaha" | "Omaha Hi/Lo") =>
            {
                base.to_string()
            }
            _ => return None,
        },
    };
    Some(format!("{base} {limit}"))
}

/// An amount in hundredths.
pub(super) fn cents(a: Amount) -> Option<i64> {
    a.to_units(PLACES)
}

/// Hundredths written as an amount, with the text's currency symbol after it, as Winamax
/// writes amounts.
pub(super) fn written(c: i64, symbol: Option<char>) -> String {
    let a = if c % 100 == 0 {
        Amount { units: c / 100, places: 0 }
    } else {
        Amount { units: c, places: PLACES }
    };
    match symbol {
        Some(s) => format!("{a}{s}"),
        None => a.to_string(),
    }
}

/// [`written`], onto the end of `out`: the digits as PokerStars' reader writes them
/// ([`super::collected::push_written`] without a symbol), the symbol after.
fn push_amount(out: &mut String, c: i64, symbol: Option<char>) {
    super::collected::push_written(out, c, None);
    if let Some(s) = symbol {
        out.push(s);
    }
}

/// What the summary says of a seat: the cards shown, folded, mucked, the amounts won.
#[derive(Default, Clone)]
pub(super) struct SummarySeat {
    pub line: Option<usize>,
    pub folded: bool,
    pub mucked: bool,
    pub showed: Option<String>,
    pub won: i64,
}

/// An amount in hundredths at line `n`, or what was expected there.
pub(super) fn money(t: &str, n: usize) -> Result<i64, TextError> {
    amount(t).and_then(cents).ok_or_else(|| TextError {
        line: n,
        why: format!(
            "expected an amount in cents at most, not `{}`",
            t.split(' ').next().unwrap_or(t)
        ),
    })
}

/// Reads a line of the summary at line `n` into what it says of its seat (`Seat 2: NAME
/// showed [...] and won 114€ with ...`); a line of no seat says nothing.
pub(super) fn summary_seat(
    t: &str,
    n: usize,
    seats: &[(u32, &str)],
    summary: &mut [SummarySeat],
) -> Result<(), TextError> {
    let Some((seat, body)) =
        t.strip_prefix("Seat ").and_then(|r| super::lines::split_once(r, ": "))
    else {
        return Ok(());
    };
    let seat = seat.parse::<u32>().ok();
    let Some(i) = seats.iter().position(|(no, name)| seat == Some(*no) && body.starts_with(name))
    else {
        return err(n, format!("expected a player of the seat list in `{t}`"));
    };
    let after = &body[seats[i].1.len()..];
    let say = &mut summary[i];
    say.line.get_or_insert(n);
    say.folded |= find(after, "folded").is_some();
    say.mucked |= find(after, " mucked").is_some();
    if let Some(k) = find(after, "showed [") {
        let rest = &after[k + 7..];
        say.showed = rest.find(']').map(|c| rest[..=c].to_string());
    }
    if let Some(k) = find(after, " won ") {
        say.won = say.won.saturating_add(money(&after[k + 5..], n)?);
    }
    Ok(())
}

/// Reads one Winamax hand: its lines in PokerStars' words, read by the PokerStars reader.
pub(super) fn parse_hand(text: &HandText) -> Result<StarsHand, TextError> {
    let lines: Vec<Line<'_>> = text.lines().collect();
    let Some(header) = lines.first() else {
        return err(text.line, "an empty hand");
    };
    let h = read_header(header)?;
    let n = h.stakes.len();
    let (small, big) = (h.stakes[n - 2], h.stakes[n - 1]);
    let game = stars_game(h.game);
    let stars = format!(
        "Winamax Hand #{}: {} ({small}/{big}) - {}",
        h.number,
        game.as_deref().unwrap_or("Hold'em Limit"),
        h.date
    );
    let mut hand = parse_header(&Line { number: header.number, text: &stars })?;
    hand.symbol = h.symbol;
    hand.currency = h.symbol.map(|s| match s {
        '$' => "USD".to_string(),
        '£' => "GBP".to_string(),
        _ => "EUR".to_string(),
    });
    if h.kind.starts_with("Go Fast") {
        hand.room = Some("Go Fast");
    }
    let table_line = lines.get(1).copied();
    if let Some(kind) = h.kind.strip_prefix("Tournament ") {
        hand.tournament = Some(tournament(kind, h.number, table_line.map(|l| l.text)));
    }
    let seat_lines: Vec<Line<'_>> =
        lines.iter().skip(2).take_while(|l| is_seat(l.text)).copied().collect();
    let seats: Vec<(u32, &str)> = seat_lines.iter().filter_map(|l| seat_of(l.text)).collect();
    let stacks: Vec<i64> = seat_lines
        .iter()
        .map(|l| {
            let t = l.text;
            let open = rfind(t, " (").map_or(0, |k| k + 2);
            t.get(open..t.len() - 1).and_then(amount).and_then(cents).unwrap_or(i64::MAX)
        })
        .collect();
    let mut out: Vec<(usize, Piece<'_>)> = Vec::with_capacity(lines.len() + 2);
    if let Some(t) = table_line {
        out.push((t.number, table_words(t.text, seats.first().map(|s| s.0)).into()));
    }
    for l in &seat_lines {
        out.push((l.number, listed(l)));
    }
    if game.is_none() {
        hand.game = GameName::Other(h.game.to_string());
        // Stud, razz and triple draw are read from the text by `winamax_stud` once the record
        // of the header and seats is built.
        let why = match super::winamax_stud::game(h.game) {
            Some(Ok(_)) => format!("line {}: {}: read as a stud or draw hand", header.number, h.game),
            Some(Err(why)) => format!("line {}: {why}", header.number),
            None => format!(
                "line {}: {}: feltkit reads Winamax's hold'em, Omaha, seven-card stud, stud high-low, razz and deuce-to-seven triple draw; not this game",
                header.number, h.game
            ),
        };
        hand.refusal = Some(Refusal::NotSupported(why));
        return parse_pieces(hand, header.number, &out);
    }
    let rest = lines.get(2 + seat_lines.len()..).unwrap_or_default();
    let kept = seat_lines.iter().all(|l| name_kept(l.text));
    play(&mut hand, (rest, kept), &seats, &stacks, &mut out)?;
    parse_pieces(hand, header.number, &out)
}

/// The tournament of a header's `Tournament "NAME" buyIn: X level: N`: its number is the one
/// the table's name gives in parentheses (`'Freeroll(5142226)#008'`), else the first part of
/// the hand number.
fn tournament(kind: &str, number: &str, table: Option<&str>) -> Tournament {
    let buy_in = find(kind, "buyIn: ").map(|k| {
        let rest = &kind[k + 7..];
        rest[..find(rest, " level: ").unwrap_or(rest.len())].trim().to_string()
    });
    let level = find(kind, "level: ")
        .and_then(|k| kind[k + 7..].split(' ').next()?.parse().ok())
        .filter(|l| (1..=100_000).contains(l));
    let from_table = table.and_then(|t| {
        let close = t.rfind(")#").or_else(|| t.rfind(")'"))?;
        let open = t[..close].rfind('(')?;
        let id = &t[open + 1..close];
        (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then(|| id.to_string())
    });
    let id = from_table.unwrap_or_else(|| number.split('-').next().unwrap_or(number).to_string());
    Tournament { id, buy_in: buy_in.filter(|b| !b.is_empty()), level }
}

/// Whether a line is a seat of the seat list (`Seat 3: NAME (20.50€)`).
fn is_seat(t: &str) -> bool {
    t.starts_with("Seat ") && t.ends_with(')') && seat_of(t).is_some()
}

/// Seat line `l` (`Seat 2: NAME (1500)`, ending in `)`) in PokerStars' words: the seat the
/// reader reads from `Seat 2: NAME (1500 in chips)`, read already, where it reads one; that
/// text otherwise (a seat out of range or a stack not an amount, for the reader's message).
fn listed<'t>(l: &Line<'t>) -> Piece<'t> {
    let t = l.text;
    let read = || {
        let (seat, body) = t.strip_prefix("Seat ").and_then(|r| split_once(r, ": "))?;
        let seat: u32 = seat.parse().ok().filter(|s| (1..=MAX_SEAT).contains(s))?;
        // What the reader reads before ` in chips)`.
        let b = body.strip_suffix(')')?;
        let open = b.rfind('(')?;
        let stack = amount(&b[open + 1..])?;
        let name = b[..open].trim_end();
        (!name.is_empty()).then(|| Seat { seat, name: name.to_string(), stack, line: l.number })
    };
    match read() {
        Some(seat) => Piece::Listed(seat),
        None => joined(&[&t[..t.len() - 1], " in chips)"]).into(),
    }
}

/// Whether the PokerStars reader reads from seat line `t`, written in its words (`Seat 2: NAME
/// (1500 in chips)`), the name [`seat_of`] reads: the name before the stack's last `(`,
/// trimmed at its end, the same as the name before the last ` (`, trimmed at both ends.
fn name_kept(t: &str) -> bool {
    let Some((_, body)) = t.strip_prefix("Seat ").and_then(|r| split_once(r, ": ")) else {
        return false;
    };
    let Some(b) = body.strip_suffix(')') else { return false };
    let read = b.rfind('(').map(|open| b[..open].trim_end());
    read.is_some() && read == seat_of(t).map(|s| s.1)
}

/// The seat and name of a seat line.
fn seat_of(t: &str) -> Option<(u32, &str)> {
    let (seat, body) = super::lines::split_once(t.strip_prefix("Seat ")?, ": ")?;
    let name = body[..body.rfind(" (")?].trim();
    Some((seat.parse().ok()?, name))
}

/// `Table: 'NAME' 6-max (real money) Seat #4 is the button` in PokerStars' words; a table
/// without a button (stud) gets the first seat's, which stud's play
/// ([`super::winamax_stud`]) does not read.
/// The pieces written one after another, in one string of their length.
fn joined(pieces: &[&str]) -> String {
    let mut out = String::with_capacity(pieces.iter().map(|p| p.len()).sum());
    for p in pieces {
        out.push_str(p);
    }
    out
}

fn table_words(t: &str, first_seat: Option<u32>) -> Cow<'_, str> {
    let rest = t.strip_prefix("Table: ").or_else(|| t.strip_prefix("Table ")).unwrap_or(t);
    let mut out = format!("Table {}", rest.replace(" (real money)", ""));
    if let Some(k) = find(&out, " (play money)") {
        out.replace_range(k..k + 13, " Play Money");
    }
    if find(&out, "Seat #").is_none() {
        out.push_str(&format!(" Seat #{} is the button", first_seat.unwrap_or(1)));
    }
    Cow::Owned(out)
}

/// The play and the summary in PokerStars' words, into `out`: each action with the player's
/// name and a colon, the uncalled bet taken out of the total and of what its player collected,
/// the summary written from what the play and Winamax's summary say.
fn play<'t>(
    hand: &mut StarsHand,
    (lines, names_kept): (&[Line<'t>], bool),
    seats: &[(u32, &str)],
    stacks: &[i64],
    out: &mut Vec<(usize, Piece<'t>)>,
) -> Result<(), TextError> {
    let s = hand.symbol;
    let k = seats.len();
    let Seats { mut put, mut dead, mut surplus, mut street, mut folded } = Seats::new(k);
    let mut acted = vec![false; k];
    let mut shown = vec![false; k];
    let mut collected = Vec::new();
    let mut summary: Vec<SummarySeat> = vec![SummarySeat::default(); k];
    let mut total: Option<(usize, &str, &str)> = None;
    let mut summary_at = None;
    for l in lines {
        let (n, t) = (l.number, l.text);
        if summary_at.is_some() {
            if let Some(rest) = t.strip_prefix("Total pot ") {
                let (pot, rake) = split_once(rest, " | ").unwrap_or((rest, ""));
                total = Some((n, pot.trim(), rake.trim()));
            } else if let Some(board) = t.strip_prefix("Board: ") {
                out.push((n, joined(&["Board ", board]).into()));
            } else {
                summary_seat(t, n, seats, &mut summary)?;
            }
            continue;
        }
        if t == "*** SUMMARY ***" {
            summary_at = Some(n);
            out.push((n, Cow::Borrowed(t).into()));
            continue;
        }
        if let Some(st) = t.strip_prefix("*** ") {
            if st.starts_with("ANTE/BLINDS") {
                continue;
            }
            // The blinds are bets of the first round, which the pre-flop line opens.
            let t = if st.starts_with("PRE-FLOP") {
                "*** HOLE CARDS ***"
            } else {
                street.iter_mut().for_each(|x| *x = 0);
                t
            };
            out.push((n, Cow::Borrowed(t).into()));
            continue;
        }
        let Some((i, rest)) = who(seats, t) else {
            if let Some(name) = t.strip_prefix("Dealt to ").and_then(|r| r.split(" [").next())
                && let Some(i) = seats.iter().position(|s| s.1 == name)
            {
                acted[i] = true;
            }
            out.push((n, Cow::Borrowed(t).into()));
            continue;
        };
        acted[i] = true;
        let name = seats[i].1;
        let (verb, all_in) = match rest.strip_suffix(" and is all-in") {
            Some(v) => (v, true),
            None => (rest, false),
        };
        // An action whose event is read already: its text (for the reader's message) only
        // where an amount does not read.
        let mut event = |e: Option<StarsEvent>, w: &dyn Fn() -> String| {
            out.push((n, e.map_or_else(|| w().into(), Piece::Event)));
        };
        if let Some(x) = verb.strip_prefix("posts ante ") {
            put[i] = put[i].saturating_add(money(x, n)?);
            event(amount(x).map(|a| StarsEvent::Ante(i, a)), &|| {
                joined(&[name, ": posts the ante ", x])
            });
        } else if let Some(x) = verb.strip_prefix("posts small blind ") {
            let (x, dead_blind) = match x.strip_suffix(" out of position") {
                Some(x) => (x, true),
                None => (x, false),
            };
            let c = money(x, n)?;
            put[i] = put[i].saturating_add(c);
            if dead_blind {
                dead[i] = dead[i].saturating_add(c);
            } else {
                street[i] = c;
            }
            let all = if all_in { " and is all-in" } else { "" };
            let e = amount(x).map(|a| StarsEvent::SmallBlind(i, a, all_in));
            event(e, &|| joined(&[name, ": posts small blind ", x, all]));
        } else if let Some(x) = verb.strip_prefix("posts big blind ") {
            let x = x.strip_suffix(" out of position").unwrap_or(x);
            let c = money(x, n)?;
            put[i] = put[i].saturating_add(c);
            street[i] = c;
            let all = if all_in { " and is all-in" } else { "" };
            let e = amount(x).map(|a| StarsEvent::BigBlind(i, a, all_in));
            event(e, &|| joined(&[name, ": posts big blind ", x, all]));
        } else if let Some(x) = verb.strip_prefix("calls ").or_else(|| verb.strip_prefix("bets ")) {
            let c = money(x, n)?;
            put[i] = put[i].saturating_add(c);
            street[i] = street[i].saturating_add(c);
            let e = amount(x).map(|a| match verb.starts_with("calls ") {
                true => StarsEvent::Call(i, a),
                false => StarsEvent::Bet(i, a),
            });
            event(e, &|| joined(&[name, ": ", rest]));
        } else if let Some(x) = verb.strip_prefix("raises ") {
            let Some((_, to)) = split_once(x, " to ") else {
                return err(n, format!("expected `raises X to Y` in `{t}`"));
            };
            // The amount raised to is read; the raise itself is counted here from the bet
            // before it, where Winamax counts it from a bet with a dead blind in it.
            let to_cents = money(to, n)?;
            let bet = street.iter().copied().max().unwrap_or(0);
            let in_hand = |j: usize| acted[j] && !folded[j];
            let sums = (&mut put[..], &mut street[..], &mut surplus[..]);
            if let Some(call) = call_over_all_in((i, to_cents), in_hand, stacks, sums) {
                let text = || {
                    let mut line = String::with_capacity(20 + name.len());
                    line.push_str(name);
                    line.push_str(": calls ");
                    push_amount(&mut line, call, s);
                    line
                };
                event(cents_amount(call).map(|a| StarsEvent::Call(i, a)), &text);
                continue;
            }
            put[i] = put[i].saturating_add(to_cents.saturating_sub(street[i]));
            street[i] = to_cents;
            let by = written(to_cents.saturating_sub(bet), s);
            let all = if all_in { " and is all-in" } else { "" };
            let raise = cents_amount(to_cents.saturating_sub(bet))
                .zip(amount(to))
                .map(|(by, to)| StarsEvent::RaiseTo(i, to, by));
            event(raise, &|| {
                joined(&[name, ": raises ", &by, " to ", to.split(' ').next().unwrap_or(to), all])
            });
        } else if verb == "folds" {
            folded[i] = true;
            event(Some(StarsEvent::Fold(i)), &String::new);
        } else if verb == "checks" {
            event(Some(StarsEvent::Check(i)), &String::new);
        } else if verb.starts_with("shows [") {
            // A high-low hand is shown twice, once for each half: once is the show.
            if !std::mem::replace(&mut shown[i], true) {
                event(None, &|| joined(&[name, ": ", rest]));
            }
        } else if verb.starts_with("mucks") {
            event(Some(StarsEvent::Mucks(i)), &String::new);
        } else if let Some(x) = verb.strip_prefix("collected ") {
            let (a, pot) = split_once(x, " from ").unwrap_or((x, "pot"));
            let pot = pot.trim_end_matches("(HI)").trim_end_matches("(LO)").trim();
            let pot: Cow<'static, str> = match pot.strip_prefix("side pot ") {
                Some(k) => format!("side pot-{k}").into(),
                None => pot.to_string().into(),
            };
            hold(&mut collected, out, (i, money(a, n)?, pot), n);
        } else {
            return err(
                n,
                format!(
                    "expected an action after `{name}` (posts, folds, checks, calls, bets, raises, shows, collected), not `{rest}`"
                ),
            );
        }
    }
    let Some(summary_line) = summary_at else {
        return Ok(());
    };
    let Some((total_line, total_text, rake_text)) = total else {
        return err(summary_line, "expected `Total pot X | Rake Y` in the summary");
    };
    let mut got = totals(&collected, k);
    let (rake, site_total) =
        summary_sums(&summary, &got, seats, (total_line, total_text, rake_text), |c| {
            written(c, s)
        })?;
    // The part of the largest bet nobody matched goes back to its player, and so does what a
    // raise over players all in added beyond the bet.
    let uncalled = uncalled(&put, &dead);
    let name = |i: usize| seats[i].1;
    give_back(&mut collected, &mut got, (uncalled, &surplus), "Winamax", name, |c| written(c, s))
        .or_else(|(_, m)| err(total_line, m))?;
    let surplus_total: i64 = surplus.iter().sum();
    write(&collected, |i| seats[i].1, |c| written(c, s), out);
    if let Some((top, excess)) = uncalled {
        let at = line_of(&collected, top, summary_line);
        let text = || format!("Uncalled bet ({}) returned to {}", written(excess, s), seats[top].1);
        let returned = Piece::with_amount(excess, |a| StarsEvent::Uncalled(top, a), text);
        let before = collected.first().map_or(out.len(), |c| c.at);
        out.insert(before, (at, returned));
    }
    out.retain(|(_, t)| !t.is_blank());
    // The pots the collected lines name, main first, after rake.
    let mut pots: Vec<i64> = Vec::new();
    for c in &collected {
        let index = match c.pot.as_ref() {
            "pot" | "main pot" => 0,
            p => p.strip_prefix("side pot-").and_then(|k| k.parse().ok()).unwrap_or(0),
        };
        // A table of k seats makes at most k - 1 side pots.
        if index >= k.max(2) {
            return err(
                c.line,
                format!(
                    "expected a side pot numbered from 1 to {}, not `{}`",
                    k.max(2) - 1,
                    c.pot.replacen("side pot-", "side pot ", 1)
                ),
            );
        }
        if pots.len() <= index {
            pots.resize(index + 1, 0);
        }
        pots[index] = pots[index].saturating_add(c.cents);
    }
    // A pot whose only line was the uncalled bet is no pot.
    while pots.len() > 1 && pots.last() == Some(&0) {
        pots.pop();
    }
    let listed = if pots.len() > 1 {
        let mut l = format!(" Main pot {}.", written(pots[0], s));
        for (k, p) in pots.iter().enumerate().skip(1) {
            l.push_str(&format!(" Side pot-{k} {}.", written(*p, s)));
        }
        l
    } else {
        String::new()
    };
    let before_rake = site_total
        .saturating_add(rake)
        .saturating_sub(uncalled.map_or(0, |u| u.1))
        .saturating_sub(surplus_total);
    let text = || {
        let mut line = String::with_capacity(32 + listed.len());
        line.push_str("Total pot ");
        push_amount(&mut line, before_rake, s);
        line.push_str(&listed);
        line.push_str(" | Rake ");
        push_amount(&mut line, rake, s);
        line
    };
    let listed_pots = if pots.len() > 1 { &pots[..] } else { &[] };
    let said = summary_piece::total((before_rake, rake), listed_pots, total_line, text);
    out.push((total_line, said));
    // The players dealt in: those the play or the summary names.
    for (i, &(seat, name)) in seats.iter().enumerate() {
        if !acted[i] {
            continue;
        }
        let say = &summary[i];
        let text = || seat_words((seat, name), say, folded[i], got[i], s);
        let shown = say.showed.as_deref();
        let at = say.line.unwrap_or(summary_line);
        let folds = say.folded || folded[i];
        let said = if names_kept {
            summary_piece::seat_as(seats, i, (folds, shown), got[i], at, text)
        } else {
            Piece::from(text())
        };
        out.push((at, said));
    }
    Ok(())
}

/// A seat's line of the summary in PokerStars' words, from what the summary said of it
/// (`say`), whether it folded in the play and what it won in all.
fn seat_words(
    (seat, name): (u32, &str),
    say: &SummarySeat,
    folded: bool,
    got: i64,
    s: Option<char>,
) -> String {
    let mut l = String::with_capacity(64 + name.len());
    l.push_str("Seat ");
    push_number(&mut l, u64::from(seat));
    l.push_str(": ");
    l.push_str(name);
    if say.folded || folded {
        l.push_str(" folded");
    }
    if let Some(cards) = &say.showed {
        l.push_str(" showed ");
        l.push_str(cards);
    } else if say.mucked {
        l.push_str(" mucked");
    }
    if got > 0 {
        l.push_str(" and won (");
        push_amount(&mut l, got, s);
        l.push(')');
    }
    l
}

/// The summary's sums, held to the play: each seat's `won X` to what its collected lines give
/// (`got`), else `MALFORMED` at the seat's line; then the rake of `Rake X` or `No rake`
/// (`rake_text`) and the site's total pot ([`pot_total`]), both at the `Total pot` line.
pub(super) fn summary_sums(
    summary: &[SummarySeat],
    got: &[i64],
    seats: &[(u32, &str)],
    (total_line, total_text, rake_text): (usize, &str, &str),
    w: impl Fn(i64) -> String,
) -> Result<(i64, i64), TextError> {
    for (i, say) in summary.iter().enumerate() {
        if let Some(at) = say.line
            && say.won != got[i]
        {
            return err(
                at,
                format!(
                    "the summary says {} won {}, but the play's collected lines give {}",
                    seats[i].1,
                    w(say.won),
                    w(got[i])
                ),
            );
        }
    }
    let rake = if rake_text.eq_ignore_ascii_case("No rake") {
        0
    } else {
        match rake_text.strip_prefix("Rake ") {
            Some(r) => money(r, total_line)?,
            None => return err(total_line, "expected `Total pot X | Rake Y` or `| No rake`"),
        }
    };
    let paid = got.iter().fold(0i64, |a, &c| a.saturating_add(c));
    Ok((rake, pot_total(total_text, paid, total_line)?))
}

/// The summary's total as written (`12.90€`, `560`, `6.27k`, after rake), in hundredths.
/// Tournament totals of thousands are rounded (`6.27k`): the collected lines' sum is taken
/// when the written total is that sum rounded, else the written total as it stands (and the
/// check then finds the difference).
pub(super) fn pot_total(text: &str, collected: i64, line: usize) -> Result<i64, TextError> {
    let bad = || TextError { line, why: format!("expected an amount in `Total pot {text}`") };
    let Some(thousands) = text.strip_suffix('k') else {
        return amount(text).and_then(cents).ok_or_else(bad);
    };
    let a = Amount::parse(thousands).ok_or_else(bad)?;
    let places = u32::from(a.places);
    // `6.27k` is 6,270 to the nearest 10: in hundredths, a step of 10^(5 - places).
    let step = 10i64.checked_pow(5u32.checked_sub(places).ok_or_else(bad)?).ok_or_else(bad)?;
    let total = a.units.checked_mul(step).ok_or_else(bad)?;
    if collected.abs_diff(total).saturating_mul(2) <= step.unsigned_abs() {
        Ok(collected)
    } else {
        Ok(total)
    }
}

#[cfg(test)]
mod tests {
    use super::super::summary_piece::tests::{read, read_listed};
    use super::*;

    #[test]
    fn a_seat_line_given_as_what_it_says_is_read_as_its_text() {
        let lines = [
            "Seat 1: Ann (1500)",
            "Seat 2: Bo b (2.5€)",
            "Seat 3: x (y) (150€, 5€ bounty)",
            "Seat 0: Zed (10)",
            "Seat 11: Zed (10)",
            "Seat 12: Zed (10)",
            "Seat x: Zed (10)",
            "Seat 4:  (10)",
            "Seat 4: lead ( 10)",
            "Seat 4: é ü (lots)",
            "Seat 4: Q ((5))",
            "Seat 4: Q (-5)",
            "Seat 4: Q (1.234,50€)",
        ];
        let mut fast = 0;
        for t in lines {
            let seats = [(1, "a"), (2, "b")];
            let l = Line { number: 3, text: t };
            let text = |_: usize, _: &(u32, &str)| {
                (3, Piece::from(joined(&[&t[..t.len() - 1], " in chips)"])))
            };
            let said = |_: usize, _: &(u32, &str)| (3, listed(&l));
            fast += usize::from(matches!(listed(&l), Piece::Listed(_)));
            assert_eq!(
                read_listed(&seats[..1], Vec::new(), text),
                read_listed(&seats[..1], Vec::new(), said),
                "{t}"
            );
        }
        assert!(fast >= 4, "{fast}");
        assert!(name_kept("Seat 1: Ann (1500)"));
        assert!(!name_kept("Seat 1:  Ann (1500)"));
        assert!(!name_kept("Seat 1: Ann (1500(5))"));
    }

    #[test]
    fn a_summary_seat_given_as_what_it_says_is_read_as_its_text() {
        let seats: [(u32, &str); 3] = [(1, "Ann"), (2, "a b"), (3, "a")];
        let mut fast = 0;
        for i in 0..seats.len() {
            for showed in [None, Some("[Ah Kd]"), Some("[folded]"), Some("[Ah] x")] {
                for (folded, mucked) in [(false, false), (true, false), (false, true), (true, true)]
                {
                    for got in [0, 5, 150, 1_000, -3] {
                        for s in [None, Some('€'), Some('$')] {
                            let say = SummarySeat {
                                line: Some(9),
                                folded,
                                mucked,
                                showed: showed.map(String::from),
                                won: 0,
                            };
                            let text = seat_words(seats[i], &say, false, got, s);
                            let piece =
                                summary_piece::seat_as(&seats, i, (folded, showed), got, 9, || {
                                    text.clone()
                                });
                            fast += usize::from(matches!(piece, Piece::Seat(_)));
                            assert_eq!(
                                read(&seats, vec![(9, Piece::from(text.clone()))]),
                                read(&seats, vec![(9, piece)]),
                                "{text}"
                            );
                        }
                    }
                }
            }
        }
        assert!(fast > 50, "{fast}");
    }

    #[test]
    fn game_names_are_put_in_pokerstars_words() {
        let cases = [
            ("Holdem no limit", Some("Hold'em No Limit")),
            ("Omaha pot limit", Some("Omaha Pot Limit")),
            ("Omaha Hi/Lo pot limit", Some("Omaha Hi/Lo Pot Limit")),
            ("5 Card Omaha Hi/Lo pot limit", Some("5 Card Omaha Hi/Lo Pot Limit")),
            ("Holdem fixed limit", Some("Hold'em Limit")),
            ("7-Card Stud fixed limit", None),
            ("2-7 Triple Draw fixed limit", None),
            ("Holdem", None),
        ];
        for (w, stars) in cases {
            assert_eq!(stars_game(w).as_deref(), stars, "{w}");
        }
    }

    #[test]
    fn a_total_in_thousands_is_the_collected_sum_it_rounds() {
        // 6.27k is 627,000 hundredths to the nearest 1,000.
        assert_eq!(pot_total("6.27k", 627_400, 9), Ok(627_400));
        assert_eq!(pot_total("6.27k", 626_500, 9), Ok(626_500));
        assert_eq!(pot_total("6.27k", 628_000, 9), Ok(627_000));
        assert_eq!(pot_total("12.90€", 0, 9), Ok(1290));
        assert!(pot_total("x", 0, 9).is_err());
    }

    #[test]
    fn the_header_gives_the_number_the_game_and_the_stakes() {
        let t = "Winamax Poker - Tournament \"A - B\" buyIn: 1€ + 0.10€ level: 2 - HandId: #7-8-9 - Holdem no limit (5/20/40) - 2020/01/02 03:04:05 UTC";
        let h = read_header(&Line { number: 3, text: t }).unwrap();
        assert_eq!(
            (h.kind, h.number, h.game, h.date),
            (
                "Tournament \"A - B\" buyIn: 1€ + 0.10€ level: 2",
                "7-8-9",
                "Holdem no limit",
                "2020/01/02 03:04:05 UTC"
            )
        );
        assert_eq!(h.stakes.iter().map(ToString::to_string).collect::<Vec<_>>(), ["5", "20", "40"]);
        assert_eq!(hand_number(t), Some("7-8-9"));
        let bad = read_header(&Line { number: 3, text: "Winamax Poker - CashGame" }).unwrap_err();
        assert_eq!(bad.line, 3);
    }

    #[test]
    fn amounts_are_written_as_winamax_writes_them() {
        assert_eq!(written(142, Some('€')), "1.42€");
        assert_eq!(written(400, Some('€')), "4€");
        assert_eq!(written(627_000, None), "6270");
    }
}

#[cfg(test)]
mod amount_tests {
    #[test]
    fn an_amount_pushed_is_the_amount_written() {
        for c in [0, 5, 50, 100, 150, 12_345, -7, -200, -12_345, i64::MAX, i64::MIN] {
            for s in [None, Some('€'), Some('$')] {
                let mut out = String::new();
                super::push_amount(&mut out, c, s);
                assert_eq!(out, super::written(c, s), "{c}");
            }
        }
    }
}
