//! `felt replay --session`: the table lines of each hand and the summary of each session.

use feltkit::session::{HandCheck, Missed, Seated, Session, TableState};
use std::fmt::Write as _;
use std::io::{self, Write};

use serde_json::{json, Value};

fn missed_words(m: Missed) -> &'static str {
    match (m.big, m.small) {
        (true, _) => "missed the big blind: ML",
        (false, true) => "missed the small blind: MS",
        _ => "owes nothing",
    }
}

/// Writes the table's state as one line's text (without the newline).
fn write_state(out: &mut String, s: &TableState) {
    // Writing to a String cannot fail.
    let seat = |out: &mut String, x: &Seated| {
        let _ = write!(out, "seat {} ({})", x.seat, x.name);
    };
    if let Some(l) = s.level {
        let _ = write!(out, "level {l}; ");
    }
    if let Some((b, who)) = &s.button {
        match who {
            Some(nm) => write!(out, "button seat {b} ({nm}); "),
            None => write!(out, "button seat {b} (dead); "),
        }
        .unwrap_or(());
    }
    if let Some(x) = &s.small_blind {
        out.push_str("small blind ");
        seat(out, x);
        out.push_str("; ");
    }
    if let Some(x) = &s.big_blind {
        out.push_str("big blind ");
        seat(out, x);
        out.push_str("; ");
    }
    out.push_str("dealt in: ");
    for (k, x) in s.dealt_in.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        seat(out, x);
    }
    for (k, (x, m)) in s.sitting_out.iter().enumerate() {
        out.push_str(if k == 0 { "; sitting out: " } else { ", " });
        if m.any() {
            let _ = write!(out, "seat {} ({}, {})", x.seat, x.name, m.marker());
        } else {
            seat(out, x);
        }
    }
    for (k, (nm, x)) in s.left.iter().enumerate() {
        out.push_str(if k == 0 { "; left before the hand: " } else { ", " });
        let _ = write!(out, "{nm} with {x}");
    }
}

/// Writes the lines that go under a hand's report.
pub fn write_text(out: &mut String, check: &HandCheck) {
    if let Some(s) = &check.state {
        let _ = write!(out, "  table (hand {} of the session): ", check.number);
        write_state(out, s);
        out.push('\n');
    }
    for v in &check.violations {
        let _ = writeln!(out, "  TABLE RULE BROKEN ({}): {}", v.rule.code(), v.message);
    }
    for n in &check.notes {
        let _ = writeln!(out, "  table note: {n}");
    }
}

/// One JSON object for a hand's table check.
pub fn json(check: &HandCheck, source: &str) -> Value {
    let seated = |s: &Seated| json!({"seat": s.seat, "player": s.name});
    let state = check.state.as_ref().map(|s| {
        json!({
            "level": s.level,
            "button": s.button.as_ref().map(|(b, who)| json!({"seat": b, "player": who})),
            "small_blind": s.small_blind.as_ref().map(seated),
            "big_blind": s.big_blind.as_ref().map(seated),
            "dealt_in": s.dealt_in.iter().map(seated).collect::<Vec<_>>(),
            "sitting_out": s.sitting_out.iter().map(|(x, m)| json!({"seat": x.seat, "player": x.name,
                "missed": m.marker(), "owes": missed_words(*m)})).collect::<Vec<_>>(),
            "left": s.left.iter().map(|(nm, x)| json!({"player": nm, "took": x})).collect::<Vec<_>>(),
        })
    });
    let violations: Vec<Value> = check
        .violations
        .iter()
        .map(|v| json!({"rule": v.rule.code(), "message": v.message}))
        .collect();
    json!({"table_check": {"source": source, "number": check.number, "ok": check.violations.is_empty(),
        "state": state, "violations": violations, "notes": check.notes}})
}

/// Writes the summary of a session that ends, as JSON or as text. It is written one player at
/// a time: a session may have seen hundreds of thousands.
pub fn write_summary(
    out: &mut impl Write,
    json: bool,
    label: &str,
    session: &Session,
) -> io::Result<()> {
    if json {
        write_summary_json(out, label, session)
    } else {
        write_summary_text(out, label, session)
    }
}

/// Writes the summary of one session as text: its first line, then one line per player.
fn write_summary_text(out: &mut impl Write, label: &str, session: &Session) -> io::Result<()> {
    let (hands, violations) = session.totals();
    writeln!(
        out,
        "session {label}: {}, {}",
        feltkit::text::count(hands, "hand", "hands"),
        if violations == 0 {
            "no table rule broken".to_string()
        } else {
            feltkit::text::count(violations, "table rule broken", "table rules broken")
        }
    )?;
    for p in session.player_results() {
        let end = match (&p.finished, p.seated) {
            (Some(f), true) => format!("finished with {f}"),
            (Some(f), false) => format!("left with {f}"),
            (None, _) => "result unknown (a hand was not settled, or a stack was not known)".into(),
        };
        let net = p.net.as_deref().unwrap_or("unknown");
        writeln!(
            out,
            "  {}: {}, brought {}, {end}, net {net}",
            p.name,
            feltkit::text::count(p.hands, "hand", "hands"),
            p.brought
        )?;
    }
    Ok(())
}

/// Writes the summary of one session as one JSON object on one line, `{"hands", "ok",
/// "players": [{"brought", "finished", "hands", "net", "player", "seated"}, ...], "session",
/// "violations"}` (keys in order), one player at a time.
fn write_summary_json(out: &mut impl Write, label: &str, session: &Session) -> io::Result<()> {
    let (hands, violations) = session.totals();
    write!(out, "{{\"hands\":{hands},\"ok\":{},\"players\":[", violations == 0)?;
    for (k, p) in session.player_results().enumerate() {
        let v = json!({"player": p.name, "hands": p.hands, "brought": p.brought,
            "finished": p.finished, "net": p.net, "seated": p.seated});
        write!(out, "{}{v}", if k == 0 { "" } else { "," })?;
    }
    writeln!(out, "],\"session\":{},\"violations\":{violations}}}", json!(label))
}
