//! An ACPC hand's record written as the PHH text `felt convert` gives it: the fields in the
//! order the match-log importer has always written them. This is where a record becomes text
//! for ACPC logs; a writer of any record as PHH can take its place once it writes the same
//! bytes.

use std::fmt::Write as _;

use super::doc::list;
use super::emit::{push_literal, push_quoted};
use crate::record::{Amount, HandRecord, Unreplayable, Value};

/// The PHH text (no section header) of a record built from an ACPC hand line.
pub(super) fn write_phh(r: &HandRecord<'_>) -> String {
    let mut o = String::with_capacity(1024);
    if let Some(Unreplayable::Unreadable(_)) = &r.unreplayable {
        // A line that cannot be read: its number, where it is, and why.
        field(&mut o, "variant", |o| push_quoted(o, &r.variant));
        for (key, value) in &r.other {
            field(&mut o, key, |o| push_value(o, value));
        }
        o.push_str("starting_stacks = []\nactions = []\n");
        return o;
    }
    let other = |key: &str| r.other.iter().find(|(k, _)| k == key).map(|(_, v)| v);
    let push_other = |o: &mut String, key: &str| {
        if let Some(v) = other(key) {
            field(o, key, |o| push_value(o, v));
        }
    };
    field(&mut o, "variant", |o| push_literal(o, &r.variant));
    for key in ["hand", "_log", "_text_line"] {
        push_other(&mut o, key);
    }
    if let Some(players) = &r.players {
        field(&mut o, "players", |o| list(o, players, |o, p| push_literal(o, p)));
    }
    field(&mut o, "antes", |o| amounts(o, &r.antes));
    field(&mut o, "blinds_or_straddles", |o| amounts(o, &r.blinds_or_straddles));
    for (key, value) in [("min_bet", r.min_bet), ("small_bet", r.small_bet), ("big_bet", r.big_bet)]
    {
        if let Some(a) = value {
            field(&mut o, key, |o| push_amount(o, a));
        }
    }
    field(&mut o, "starting_stacks", |o| amounts(o, &r.starting_stacks));
    let mut text = String::with_capacity(32);
    field(&mut o, "actions", |o| {
        list(o, &r.actions, |o, a| {
            text.clear();
            match (&a.text, &a.action) {
                (None, Ok(action)) => {
                    let _ = write!(text, "{action}");
                }
                _ => text.push_str(&a.text()),
            }
            push_literal(o, &text);
        })
    });
    push_other(&mut o, "_action_lines");
    if let Some(finishing) = &r.finishing_stacks {
        field(&mut o, "finishing_stacks", |o| amounts(o, finishing));
    }
    for key in ["_results", "_results_line"] {
        push_other(&mut o, key);
    }
    o
}

/// Writes `key = VALUE` and a line end, `value` writing the value.
fn field(o: &mut String, key: &str, value: impl FnOnce(&mut String)) {
    o.push_str(key);
    o.push_str(" = ");
    value(o);
    o.push('\n');
}

fn amounts(o: &mut String, v: &[Amount]) {
    list(o, v, |o, &a| push_amount(o, a));
}

/// Writes an amount as [`Amount`]'s `Display` does (a whole number without allocating).
fn push_amount(o: &mut String, a: Amount) {
    if a.places == 0 && !a.is_infinite() {
        let _ = write!(o, "{}", a.units);
    } else {
        let _ = write!(o, "{a}");
    }
}

/// Writes a value kept as read: numbers and other bare values as written, strings as TOML
/// basic strings.
fn push_value(o: &mut String, v: &Value<'_>) {
    match v {
        Value::Num(s) | Value::Other(s) => o.push_str(s),
        Value::Str(s) => push_quoted(o, s),
        Value::Bool(b) => o.push_str(if *b { "true" } else { "false" }),
        Value::Array(items) => list(o, items, |o, x| push_value(o, x)),
        Value::Table(entries) => {
            o.push_str("{ ");
            for (k, (key, x)) in entries.iter().enumerate() {
                if k > 0 {
                    o.push_str(", ");
                }
                o.push_str(key);
                o.push_str(" = ");
                push_value(o, x);
            }
            o.push_str(" }");
        }
    }
}
