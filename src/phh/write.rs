//! Writing hands back as PHH text, amounts exact.
//!
//! What [`write_record`] writes, [`read::hands`](super::read::hands) reads back as the same
//! record: strings are written in double quotes with every control character escaped, keys
//! that are not bare (letters, digits, `_`, `-`) are quoted, and a [`Value::Num`] or
//! [`Value::Other`] whose text would not read back as that kind of value (a number that is not
//! a decimal, a "date" holding a quote or a non-ASCII character) is written as a string.
//!
//! ```
//! use feltkit::phh::read::hands;
//! use feltkit::phh::write::write_record;
//! let text = "variant = 'nlhe'\nblinds_or_straddles = [0.50, 1.00]\n\
//!             starting_stacks = [100, 100]\nactions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 f']\n";
//! let record = hands(text).next().unwrap().unwrap().record.unwrap();
//! let written = write_record(&record);
//! assert!(written.contains("blinds_or_straddles = [0.50, 1.00]")); // amounts stay exact
//! let again = hands(&written).next().unwrap().unwrap().record.unwrap();
//! assert_eq!(again, record);
//! ```

use std::fmt::Write;

use super::action::Action;
use super::amount::Amount;
use super::record::HandRecord;
use super::toml::{is_bare_char, is_decimal, Value};

fn amounts(v: &[Amount]) -> String {
    let items: Vec<String> = v.iter().map(|a| a.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// A TOML basic string: `"`, `\` and every control character (C0 and DEL) escaped.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_basic_string(&mut out, s, true);
    out
}

/// Writes `s` as a TOML basic string: `"`, `\` and every control character (C0 and DEL)
/// escaped, a newline and a tab as `\n` and `\t` when `short`, else as `\u000A` and `\u0009`
/// like the other control characters (as `felt convert` writes them).
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

/// A key: bare when it can be, else quoted.
fn key(k: &str) -> String {
    if !k.is_empty() && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-') {
        k.to_string()
    } else {
        quote(k)
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

fn value(v: &Value) -> String {
    match v {
        Value::Str(s) => quote(s),
        // The reader keeps a number's text without its underscores.
        Value::Num(s) if is_decimal(s) && !s.contains('_') => s.to_string(),
        Value::Other(s) if is_bare_other(s) => s.to_string(),
        Value::Num(s) | Value::Other(s) => quote(s),
        Value::Bool(b) => b.to_string(),
        Value::Array(items) => {
            format!("[{}]", items.iter().map(value).collect::<Vec<_>>().join(", "))
        }
        Value::Table(entries) => {
            let parts: Vec<String> =
                entries.iter().map(|(k, v)| format!("{} = {}", key(k), value(v))).collect();
            format!("{{{}}}", parts.join(", "))
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
    a.to_string()
}

/// Writes one hand as PHH text (a `.phh` file, or one table of a bundle).
pub fn write_record(r: &HandRecord<'_>) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "variant = {}", quote(&r.variant));
    if let Some(t) = r.ante_trimming_status {
        let _ = writeln!(s, "ante_trimming_status = {t}");
    }
    let _ = writeln!(s, "antes = {}", amounts(&r.antes));
    let _ = writeln!(s, "blinds_or_straddles = {}", amounts(&r.blinds_or_straddles));
    for (k, v) in [
        ("min_bet", r.min_bet),
        ("small_bet", r.small_bet),
        ("big_bet", r.big_bet),
        ("bring_in", r.bring_in),
    ] {
        if let Some(v) = v {
            let _ = writeln!(s, "{k} = {v}");
        }
    }
    let _ = writeln!(s, "starting_stacks = {}", amounts(&r.starting_stacks));
    let actions: Vec<String> = r.actions.iter().map(|a| quote(&a.text())).collect();
    let _ = writeln!(s, "actions = [{}]", actions.join(", "));
    if let Some(v) = &r.finishing_stacks {
        let _ = writeln!(s, "finishing_stacks = {}", amounts(v));
    }
    if let Some(v) = &r.winnings {
        let _ = writeln!(s, "winnings = {}", amounts(v));
    }
    if let Some(t) = r.tournament {
        let _ = writeln!(s, "_tournament = {t}");
    }
    if let Some(c) = r.cap {
        let _ = writeln!(s, "_cap = {c}");
    }
    if let Some(st) = &r.structure {
        let _ = writeln!(s, "_structure = {}", quote(st));
    }
    if let Some(k) = r.hole_cards {
        let _ = writeln!(s, "_hole_cards = {k}");
    }
    if let Some(pots) = &r.pots {
        let items: Vec<String> = pots
            .iter()
            .map(|p| {
                let players: Vec<String> = p.players.iter().map(|x| x.to_string()).collect();
                format!(
                    "{{amount = {}, players = [{}], paid = {}}}",
                    p.amount,
                    players.join(", "),
                    amounts(&p.paid)
                )
            })
            .collect();
        let _ = writeln!(s, "_pots = [{}]", items.join(", "));
    }
    if let Some(names) = &r.players {
        let names: Vec<String> = names.iter().map(|n| quote(n)).collect();
        let _ = writeln!(s, "players = [{}]", names.join(", "));
    }
    for (k, v) in &r.other {
        let _ = writeln!(s, "{} = {}", key(k), value(v));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
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
