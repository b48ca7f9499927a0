//! Writing hands as PHH text, amounts exact: the one writer of PHH hands (`felt convert`,
//! `felt deal`, the Python package's `to_phh`).
//!
//! Every typed part of a [`HandRecord`] is written from its type, in one order, PHH's
//! natural one: the game, what identifies the hand (number, venue, table, time, currency,
//! tournament), why it cannot be replayed, the players and their seats, the stakes, the
//! starting stacks, the actions, the results, and last a site's own account of the hand. The
//! fields the record has no type for (`other`) follow, except the identification fields PHH
//! names (`venue`, `currency`, `time_zone`...), which are written in their place: the writer
//! alone decides this order, whatever the order of `other` (the reader keeps the order of the
//! file). So a record whose `other` is in the written order ([`read::hands`] of any text
//! [`write_record`] wrote gives one) reads back as the same record, and a hand read and
//! written again is written the same way.
//!
//! [`read::hands`]: super::read::hands
//!
//! The variant, the players' names, the actions and `_structure` are literal strings (`'p1
//! f'`) when they can be; every other string is written in double quotes with every control
//! character escaped. Keys that are not bare (letters, digits, `_`, `-`) are quoted, and a
//! [`Value::Num`] or [`Value::Other`] whose text would not read back as that kind of value (a
//! number that is not a decimal, a "date" holding a quote or a non-ASCII character) is
//! written as a string. Numbers are written without `fmt`: `felt deal` writes about a million
//! hands a second.
//!
//! ```
//! use feltkit::phh::read::hands;
//! use feltkit::phh::write::write_record;
//! let text = "variant = 'nlhe'\nblinds_or_straddles = [0.50, 1.00]\n\
//!             starting_stacks = [100, 100]\nactions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 f']\n";
//! let record = hands(text).next().unwrap().unwrap().record.unwrap();
//! let written = write_record(&record);
//! assert!(written.contains("blinds_or_straddles = [0.50, 1.00]")); // amounts stay exact
//! assert!(written.contains("actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 f']"));
//! let again = hands(&written).next().unwrap().unwrap().record.unwrap();
//! assert_eq!(again, record);
//! ```

use std::fmt::Write;

use crate::card::Card;
use crate::record::{Entry, SiteAccounting, TableFields, Unreplayable};

use super::action::{Action, CardList};
use super::amount::{format_chips, Amount};
use super::record::{HandRecord, RecordedAction};
use super::toml::{is_bare_char, is_decimal, Value};

/// Writes `s` as a TOML basic string: `"`, `\` and every control character (C0 and DEL)
/// escaped as `\uXXXX`.
pub(crate) fn push_quoted(out: &mut String, s: &str) {
    push_basic_string(out, s, false);
}

/// Writes `s` as a TOML basic string: `"`, `\` and every control character (C0 and DEL)
/// escaped, a newline and a tab as `\n` and `\t` when `short`, else as `\u000A` and `\u0009`
/// like the other control characters.
pub(crate) fn push_basic_string(out: &mut String, s: &str, short: bool) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' if short => out.push_str("\\n"),
            '\t' if short => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Writes `s` as a literal string (`'p1 cbr 3'`) when it is one line without `'` or control
/// characters, else as a basic string.
pub(crate) fn push_literal(out: &mut String, s: &str) {
    if s.is_empty() || s.contains('\'') || s.chars().any(|c| c.is_control()) {
        return push_quoted(out, s);
    }
    out.push('\'');
    out.push_str(s);
    out.push('\'');
}

/// Writes a whole number in decimal.
pub(crate) fn push_int(out: &mut String, n: impl Into<u64>) {
    push_digits(out, n.into(), 1);
}

/// Writes `n` in decimal with at least `width` digits (zeros before; at most 20).
pub(crate) fn push_digits(out: &mut String, mut n: u64, width: usize) {
    if n < 10 && width <= 1 {
        out.push(char::from(b'0' + n as u8));
        return;
    }
    // Two digits at a time, from the table of `00` to `99`.
    const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";
    let mut buf = [b'0'; 20];
    let mut k = buf.len();
    while n >= 10 {
        let d = (n % 100) as usize * 2;
        n /= 100;
        k -= 2;
        buf[k] = PAIRS[d];
        buf[k + 1] = PAIRS[d + 1];
    }
    if n > 0 || k == buf.len() {
        k -= 1;
        buf[k] = b'0' + n as u8;
    }
    let k = k.min(buf.len().saturating_sub(width));
    // ASCII digits, pushed one by one (checking them as UTF-8 to push them as one string costs
    // more than these few pushes).
    out.extend(buf[k..].iter().map(|&b| char::from(b)));
}

/// Writes `c` chips of `places` decimals as an amount, as [`format_chips`] does.
pub(crate) fn push_chips(out: &mut String, c: i64, places: u8) {
    if places > 18 {
        return out.push_str(&format_chips(crate::rules::Chips(c), places));
    }
    if c < 0 {
        out.push('-');
    }
    let digits = c.unsigned_abs();
    if places == 0 {
        return push_digits(out, digits, 1);
    }
    let scale = 10u64.pow(u32::from(places));
    push_digits(out, digits / scale, 1);
    out.push('.');
    push_digits(out, digits % scale, usize::from(places));
}

/// Writes an amount as [`Amount`]'s `Display` does (`inf` for a stack not known).
pub(crate) fn push_amount(out: &mut String, a: Amount) {
    if a.is_infinite() {
        out.push_str("inf");
    } else {
        push_chips(out, a.units, a.places);
    }
}

/// Writes `[a, b, c]` with `item` writing each.
fn push_list<T>(out: &mut String, v: &[T], mut item: impl FnMut(&mut String, &T)) {
    out.push('[');
    for (k, x) in v.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        item(out, x);
    }
    out.push(']');
}

fn push_amounts(out: &mut String, v: &[Amount]) {
    push_list(out, v, |o, &a| push_amount(o, a));
}

fn push_cards(out: &mut String, cards: &CardList) {
    for c in cards.iter() {
        match c {
            Some(c) => push_card(out, *c),
            None => out.push_str("??"),
        }
    }
}

fn push_card(out: &mut String, c: Card) {
    out.push(c.rank().to_char());
    out.push(c.suit().to_char());
}

/// Writes one action in PHH's notation, as [`Action`]'s `Display` does: `d dh p1 AsKs`,
/// `p2 cbr 300`, `p5 _out_of_turn cbr 40`.
pub(crate) fn push_action(out: &mut String, a: &Action) {
    let player = |out: &mut String, p: usize| {
        out.push('p');
        push_int(out, p as u64 + 1);
    };
    match a {
        Action::DealHole { player: p, cards } => {
            out.push_str("d dh ");
            player(out, *p);
            out.push(' ');
            push_cards(out, cards);
        }
        Action::DealBoard { cards } => {
            out.push_str("d db ");
            push_cards(out, cards);
        }
        Action::OutOfTurn(p, inner) => {
            player(out, *p);
            out.push_str(" _out_of_turn ");
            // The inner action without its actor.
            let mut text = String::with_capacity(16);
            push_action(&mut text, inner);
            out.push_str(text.split_once(' ').map_or(text.as_str(), |(_, rest)| rest));
        }
        Action::ChooseRuns(p, k) => {
            player(out, *p);
            out.push_str(" _runs ");
            push_int(out, u64::from(*k));
        }
        Action::CashOut(p, x) => {
            player(out, *p);
            out.push_str(" _cashout ");
            push_amount(out, *x);
        }
        Action::Fold(p)
        | Action::CheckOrCall(p)
        | Action::Check(p)
        | Action::BetOrRaiseTo(p, _)
        | Action::BringIn(p)
        | Action::Discard(p, _)
        | Action::ShowOrMuck(p, _)
        | Action::TimeOut { player: p, .. } => {
            player(out, *p);
            match a {
                Action::Fold(_) => out.push_str(" f"),
                Action::CheckOrCall(_) => out.push_str(" cc"),
                Action::Check(_) => out.push_str(" ck"),
                Action::BetOrRaiseTo(_, x) => {
                    out.push_str(" cbr ");
                    push_amount(out, *x);
                }
                Action::BringIn(_) => out.push_str(" pb"),
                Action::Discard(_, c) => {
                    out.push_str(" sd");
                    if !c.is_empty() {
                        out.push(' ');
                        push_cards(out, c);
                    }
                }
                Action::ShowOrMuck(_, c) => {
                    out.push_str(" sm");
                    if let Some(c) = c {
                        out.push(' ');
                        push_cards(out, c);
                    }
                }
                Action::TimeOut { all_in, .. } => {
                    out.push_str(if *all_in { " _timeout all-in" } else { " _timeout" })
                }
                _ => {}
            }
        }
    }
}

/// A key: bare when it can be, else quoted.
fn push_key(out: &mut String, k: &str) {
    if !k.is_empty() && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-') {
        out.push_str(k);
    } else {
        push_quoted(out, k);
    }
}

/// Whether `s` reads back, unquoted, as `Value::Other(s)`: bare characters only, no space at
/// either end, and not a number or a boolean.
fn is_bare_other(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(is_bare_char)
        && !s.starts_with(' ')
        && !s.ends_with(' ')
        && !is_decimal(s)
        && s != "true"
        && s != "false"
}

fn push_value(out: &mut String, v: &Value) {
    match v {
        Value::Str(s) => push_quoted(out, s),
        // The reader keeps a number's text without its underscores.
        Value::Num(s) if is_decimal(s) && !s.contains('_') => out.push_str(s),
        Value::Other(s) if is_bare_other(s) => out.push_str(s),
        Value::Num(s) | Value::Other(s) => push_quoted(out, s),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Array(items) => push_list(out, items, |o, v| push_value(o, v)),
        Value::Table(entries) => {
            out.push('{');
            for (k, (key, v)) in entries.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                push_key(out, key);
                out.push_str(" = ");
                push_value(out, v);
            }
            out.push('}');
        }
    }
}

/// Writes one action as PHH text, as [`parse_action`](super::action::parse_action) reads it
/// back: `d dh p1 AsKs`, `p2 cbr 300`, `p3 _timeout all-in`, `p5 _out_of_turn cbr 40`.
///
/// The action inside [`Action::OutOfTurn`] is written with its verb and amount only: the player
/// is the outer one.
///
/// ```
/// use feltkit::phh::action::{parse_action, Action};
/// use feltkit::phh::write::write_action;
/// for text in ["p3 _timeout", "p3 _timeout all-in", "p5 _out_of_turn cbr 40", "p2 sm"] {
///     assert_eq!(write_action(&parse_action(text).unwrap()), text);
/// }
/// ```
pub fn write_action(a: &Action) -> String {
    let mut out = String::with_capacity(16);
    push_action(&mut out, a);
    out
}

/// Where a field the record has no type for is written: PHH's identification fields in their
/// place among the typed ones (1 to 6), every other field after them all (0). Fields of one
/// place are written in the order of `other`.
fn other_place(key: &str) -> u8 {
    match key {
        "venue" | "_log" => 1,
        "_room" => 2,
        "time_zone_abbreviation" | "time_zone" | "currency" => 3,
        "_play_money" => 4,
        "_tournament_id" | "_buy_in" => 5,
        "_table_cap" => 6,
        _ => 0,
    }
}

/// Whether the field `key` of a record is written from the record's typed parts (so that it
/// is not also kept in `other`, nor written from it): always for the fields the record has a
/// type for, and for the fields of the table, the site's text and the site's accounting when
/// the record holds a value of them.
pub fn from_type(r: &HandRecord<'_>, key: &str) -> bool {
    let t = &r.table;
    match key {
        "hand" => r.hand.is_some(),
        "_chip" => r.chip.is_some(),
        "rake" => r.rake.is_some(),
        "table" => t.table.is_some(),
        "seats" => t.seats.is_some(),
        "seat_count" => t.seat_count.is_some(),
        "level" => t.level.is_some(),
        "_button" => t.button.is_some(),
        "_dead_blinds" => !t.dead_blinds.is_empty(),
        "_buy_ins" => !t.buy_ins.is_empty(),
        "_sitting_out" => !t.sitting_out.is_empty(),
        "time" => t.time_of_day().is_some(),
        "day" => t.date()[0].is_some(),
        "month" => t.date()[1].is_some(),
        "year" => t.date()[2].is_some(),
        "_text_line" => r.site_text.line.is_some(),
        "currency_symbol" => !r.site_text.currency_symbol.is_empty(),
        "_action_lines" => !r.site_text.action_lines.is_empty(),
        "_collected" | "_uncalled" | "_rebuys" | "_total_pot" | "_rake" | "_site_pots"
        | "_summary_line" | "_seat_lines" => r.accounting.is_some(),
        "_results" | "_results_line" => r.log_results.is_some(),
        "_fees" => r.accounting.as_ref().is_some_and(|a| !a.fees.is_empty()),
        "_unnamed_pots" => r.accounting.as_ref().is_some_and(|a| a.unnamed_pots),
        "_not_replayable" => matches!(r.unreplayable, Some(Unreplayable::Unsupported(_))),
        "_cut_off" => matches!(r.unreplayable, Some(Unreplayable::CutOff(_))),
        "_unreadable" => matches!(r.unreplayable, Some(Unreplayable::Unreadable(_))),
        _ => TYPED.contains(&key),
    }
}

/// The fields the reader always reads into the record's types (or refuses), in the order
/// they are written.
const TYPED: [&str; 21] = [
    "variant",
    "ante_trimming_status",
    "_tournament",
    "players",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "min_bet",
    "small_bet",
    "big_bet",
    "_structure",
    "_cap",
    "_hole_cards",
    "_bomb_pot",
    "_boards",
    "_dead_money",
    "starting_stacks",
    "actions",
    "finishing_stacks",
    "winnings",
    "_pots",
];

/// Writes one hand as PHH text (a `.phh` file, or one table of a bundle).
pub fn write_record(r: &HandRecord<'_>) -> String {
    let mut out = String::with_capacity(1024 + 16 * r.actions.len());
    push_record(&mut out, r);
    out
}

/// Appends one hand as PHH text to `out` ([`write_record`]).
pub fn push_record(out: &mut String, r: &HandRecord<'_>) {
    let o = out;
    field(o, "variant");
    push_literal(o, &r.variant);
    o.push('\n');
    if let Some(t) = r.ante_trimming_status {
        field(o, "ante_trimming_status");
        o.push_str(if t { "true\n" } else { "false\n" });
    }
    if let Some(h) = &r.hand {
        field(o, "hand");
        if !h.is_empty() && h.len() <= 18 && h.bytes().all(|b| b.is_ascii_digit()) {
            o.push_str(h);
        } else {
            push_quoted(o, h);
        }
        o.push('\n');
    }
    others(o, r, 1);
    if let Some(line) = r.site_text.line {
        int_field(o, "_text_line", line as u64);
    }
    others(o, r, 2);
    identification(o, r);
    why_not_replayable(o, r.unreplayable.as_ref());
    players(o, r);
    if let Some(c) = r.chip {
        amount_field(o, "_chip", c);
    }
    others(o, r, 6);
    stakes(o, r);
    if let Some(d) = r.dead_money {
        amount_field(o, "_dead_money", d);
    }
    amounts_field(o, "starting_stacks", &r.starting_stacks);
    field(o, "actions");
    push_list(o, &r.actions, |o, a| match a {
        RecordedAction::Read { text, .. } => push_literal(o, text),
        RecordedAction::Built(a) => {
            o.push('\'');
            push_action(o, a);
            o.push('\'');
        }
    });
    o.push('\n');
    let lines = &r.site_text.action_lines;
    if !lines.is_empty() {
        field(o, "_action_lines");
        push_list(o, lines, |o, l| match l {
            Some(l) => push_int(o, *l),
            None => o.push_str("\"\""),
        });
        o.push('\n');
    }
    results(o, r);
    if let Some(a) = &r.accounting {
        accounting(o, a);
    }
    if let Some(log) = &r.log_results {
        amounts_field(o, "_results", &log.results);
        int_field(o, "_results_line", log.line as u64);
    }
    others(o, r, 0);
}

/// `key = `.
fn field(o: &mut String, key: &str) {
    o.push_str(key);
    o.push_str(" = ");
}

fn int_field(o: &mut String, key: &str, n: u64) {
    field(o, key);
    push_int(o, n);
    o.push('\n');
}

fn amount_field(o: &mut String, key: &str, a: Amount) {
    field(o, key);
    push_amount(o, a);
    o.push('\n');
}

fn amounts_field(o: &mut String, key: &str, v: &[Amount]) {
    field(o, key);
    push_amounts(o, v);
    o.push('\n');
}

fn str_field(o: &mut String, key: &str, s: &str) {
    field(o, key);
    push_quoted(o, s);
    o.push('\n');
}

/// The fields of `other` written at `place` ([`other_place`]).
fn others(o: &mut String, r: &HandRecord<'_>, place: u8) {
    for (k, v) in &r.other {
        if other_place(k) == place && !from_type(r, k) {
            push_key(o, k);
            o.push_str(" = ");
            push_value(o, v);
            o.push('\n');
        }
    }
}

/// The table, the time, the currency and the tournament.
fn identification(o: &mut String, r: &HandRecord<'_>) {
    let t: &TableFields = &r.table;
    if let Some(name) = &t.table {
        str_field(o, "table", name);
    }
    if let Some(n) = t.seat_count {
        int_field(o, "seat_count", n.into());
    }
    if let Some(secs) = t.time_of_day() {
        field(o, "time");
        let secs = secs.unsigned_abs();
        push_digits(o, secs / 3600, 2);
        o.push(':');
        push_digits(o, secs / 60 % 60, 2);
        o.push(':');
        push_digits(o, secs % 60, 2);
        o.push('\n');
    }
    for (key, part) in ["day", "month", "year"].into_iter().zip(t.date()) {
        if let Some(n) = part {
            field(o, key);
            push_chips(o, n, 0);
            o.push('\n');
        }
    }
    others(o, r, 3);
    if !r.site_text.currency_symbol.is_empty() {
        str_field(o, "currency_symbol", &r.site_text.currency_symbol);
    }
    others(o, r, 4);
    if let Some(t) = r.tournament {
        field(o, "_tournament");
        o.push_str(if t { "true\n" } else { "false\n" });
    }
    others(o, r, 5);
    if let Some(l) = t.level {
        int_field(o, "level", l.into());
    }
}

fn why_not_replayable(o: &mut String, why: Option<&Unreplayable>) {
    let (key, why) = match why {
        Some(Unreplayable::Unsupported(w)) => ("_not_replayable", w),
        Some(Unreplayable::CutOff(w)) => ("_cut_off", w),
        Some(Unreplayable::Unreadable(w)) => ("_unreadable", w),
        None => return,
    };
    str_field(o, key, why);
}

/// The players, their seats, the button and the players sitting out.
fn players(o: &mut String, r: &HandRecord<'_>) {
    let t = &r.table;
    if let Some(names) = &r.players {
        field(o, "players");
        push_list(o, names, |o, n| push_literal(o, n));
        o.push('\n');
    }
    if let Some(seats) = &t.seats {
        field(o, "seats");
        push_list(o, seats, |o, &s| push_int(o, s));
        o.push('\n');
    }
    if let Some(b) = t.button {
        int_field(o, "_button", b.into());
    }
    if !t.sitting_out.is_empty() {
        field(o, "_sitting_out");
        push_list(o, &t.sitting_out, |o, s| {
            o.push_str("{ seat = ");
            push_int(o, s.seat);
            o.push_str(", player = ");
            push_quoted(o, &s.player);
            o.push_str(" }");
        });
        o.push('\n');
    }
}

/// The forced bets, the bet sizes, the game's structure, and chips posted or added before the
/// hand.
fn stakes(o: &mut String, r: &HandRecord<'_>) {
    if !r.antes.is_empty() {
        amounts_field(o, "antes", &r.antes);
    }
    if !r.blinds_or_straddles.is_empty() {
        amounts_field(o, "blinds_or_straddles", &r.blinds_or_straddles);
    }
    for (key, a) in [
        ("min_bet", r.min_bet),
        ("small_bet", r.small_bet),
        ("big_bet", r.big_bet),
        ("bring_in", r.bring_in),
    ] {
        if let Some(a) = a {
            amount_field(o, key, a);
        }
    }
    if let Some(s) = &r.structure {
        field(o, "_structure");
        push_literal(o, s);
        o.push('\n');
    }
    if let Some(c) = r.cap {
        int_field(o, "_cap", c.into());
    }
    if let Some(k) = r.hole_cards {
        int_field(o, "_hole_cards", k.into());
    }
    if let Some(b) = r.bomb_pot {
        amount_field(o, "_bomb_pot", b);
    }
    if let Some(k) = r.boards {
        int_field(o, "_boards", k.into());
    }
    let t = &r.table;
    if !t.dead_blinds.is_empty() {
        amounts_field(o, "_dead_blinds", &t.dead_blinds);
    }
    if !t.buy_ins.is_empty() {
        amounts_field(o, "_buy_ins", &t.buy_ins);
    }
}

/// `finishing_stacks`, `winnings`, `_pots` and `rake`.
fn results(o: &mut String, r: &HandRecord<'_>) {
    if let Some(v) = &r.finishing_stacks {
        amounts_field(o, "finishing_stacks", v);
    }
    if let Some(v) = &r.winnings {
        amounts_field(o, "winnings", v);
    }
    if let Some(pots) = &r.pots {
        field(o, "_pots");
        push_list(o, pots, |o, p| {
            o.push_str("{amount = ");
            push_amount(o, p.amount);
            o.push_str(", players = ");
            push_list(o, &p.players, |o, &x| push_int(o, x as u64));
            o.push_str(", paid = ");
            push_amounts(o, &p.paid);
            o.push('}');
        });
        o.push('\n');
    }
    if let Some(rake) = r.rake {
        amount_field(o, "rake", rake);
    }
}

/// The site's account of the hand.
fn accounting(o: &mut String, a: &SiteAccounting) {
    field(o, "_seat_lines");
    push_list(o, &a.seat_lines, |o, &l| push_int(o, l as u64));
    o.push('\n');
    if let Some(t) = a.total_pot {
        amount_field(o, "_total_pot", t);
    }
    if let Some(t) = a.rake {
        amount_field(o, "_rake", t);
    }
    if !a.fees.is_empty() {
        field(o, "_fees");
        push_list(o, &a.fees, |o, f| {
            o.push_str("{ name = ");
            push_quoted(o, &f.name);
            o.push_str(", amount = ");
            push_amount(o, f.amount);
            o.push_str(", line = ");
            push_int(o, f.line as u64);
            o.push_str(" }");
        });
        o.push('\n');
    }
    if a.unnamed_pots {
        field(o, "_unnamed_pots");
        o.push_str("true\n");
    }
    if a.total_pot.is_some() || a.rake.is_some() || !a.pots.is_empty() {
        amounts_field(o, "_site_pots", &a.pots);
    }
    if let Some(l) = a.summary_line {
        field(o, "_summary_line");
        push_chips(o, l, 0);
        o.push('\n');
    }
    entries(o, "_collected", &a.collected);
    if !a.uncalled.is_empty() {
        entries(o, "_uncalled", &a.uncalled);
    }
    if !a.rebuys.is_empty() {
        entries(o, "_rebuys", &a.rebuys);
    }
}

fn entries(o: &mut String, key: &str, v: &[Entry]) {
    field(o, key);
    push_list(o, v, |o, e| {
        o.push_str("{ player = ");
        push_int(o, e.player as u64 + 1);
        o.push_str(", amount = ");
        push_amount(o, e.amount);
        if !e.pot.is_empty() {
            o.push_str(", pot = ");
            push_quoted(o, &e.pot);
        }
        o.push_str(", line = ");
        push_int(o, e.line as u64);
        if e.run > 0 {
            o.push_str(", run = ");
            push_int(o, e.run as u64);
        }
        o.push_str(" }");
    });
    o.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_written_as_the_standard_formatting_writes_them() {
        let mut values: Vec<u64> = (0..1200).collect();
        values.extend([9_999, 10_000, 100_005, 1_234_567, u64::MAX, u64::MAX / 10, 10u64.pow(19)]);
        for n in values {
            for width in [1, 2, 3, 5, 20, 25] {
                let mut out = String::new();
                push_digits(&mut out, n, width);
                assert_eq!(out, format!("{n:0width$}", width = width.min(20)), "{n} {width}");
            }
        }
    }

    #[test]
    fn amounts_are_written_as_their_display_writes_them() {
        for (units, places) in [(0, 0), (-5, 3), (150, 2), (i64::MIN, 2), (7, 19), (-12, 255)] {
            let a = Amount { units, places };
            let mut out = String::new();
            push_amount(&mut out, a);
            assert_eq!(out, a.to_string(), "{units} {places}");
        }
        let mut out = String::new();
        push_amount(&mut out, Amount::INFINITE);
        assert_eq!(out, "inf");
    }
    use crate::phh::toml::parse;

    #[test]
    fn round_trips_a_hand_with_decimals_and_extra_fields() {
        let text = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.50, 1]\nmin_bet = 1\n\
                    starting_stacks = [200.30, 81.60]\nactions = ['d dh p1 ????', 'p2 f']\n\
                    winnings = [1.5, 0]\ntime = 00:00:09\nplayers = ['a \"b\"', 'c']\n";
        let first = HandRecord::from_section(parse(text).unwrap().remove(0)).unwrap();
        let written = write_record(&first);
        let second = HandRecord::from_section(parse(&written).unwrap().remove(0)).unwrap();
        assert_eq!(first, second);
        assert!(written.contains("starting_stacks = [200.30, 81.60]"), "{written}");
    }

    #[test]
    fn fields_without_a_type_are_written_in_phh_order_whatever_their_order_in_the_record() {
        use crate::phh::read::hands;
        fn read(text: &str) -> HandRecord<'_> {
            hands(text).next().unwrap().unwrap().record.unwrap()
        }
        let text = "variant = 'NT'\nevent = 'Main Event'\ncurrency = 'USD'\n\
                    starting_stacks = [100, 100]\nactions = ['p1 f']\nvenue = 'WSOP'\n";
        // The venue after the variant, the currency among the identification fields, the
        // others after every typed field.
        let expected = "variant = 'NT'\nvenue = \"WSOP\"\ncurrency = \"USD\"\n\
                        starting_stacks = [100, 100]\nactions = ['p1 f']\nevent = \"Main Event\"\n";
        let mut r = read(text);
        assert_eq!(write_record(&r), expected);
        r.other.reverse();
        assert_eq!(write_record(&r), expected);
        // What is written reads back in the written order, and is written the same again.
        let again = read(expected);
        let keys: Vec<&str> = again.other.iter().map(|(k, _)| k.as_ref()).collect();
        assert_eq!(keys, ["venue", "currency", "event"]);
        assert_eq!(write_record(&again), expected);
    }

    #[test]
    fn every_action_form_reads_back_as_written() {
        use super::super::action::parse_action;
        for text in [
            "d dh p1 AsKs",
            "d dh p2 ????",
            "d db 7c8d9h",
            "p1 f",
            "p2 cc",
            "p3 ck",
            "p2 cbr 300",
            "p2 cbr 0.50",
            "p4 pb",
            "p1 sd Ah",
            "p1 sd",
            "p1 sm AsKs",
            "p2 sm",
            "p3 _timeout",
            "p3 _timeout all-in",
            "p5 _out_of_turn cbr 40",
            "p5 _out_of_turn f",
            "p5 _out_of_turn cc",
            "p5 _out_of_turn ck",
            "p5 _out_of_turn pb",
        ] {
            let action = parse_action(text).unwrap();
            assert_eq!(write_action(&action), text);
            assert_eq!(parse_action(&write_action(&action)), Ok(action));
        }
    }
}
