//! `felt replay --session`: the table lines of each hand and the summary of each session.

use feltkit::session::{HandCheck, Missed, Seated, SessionSummary, TableState};
use serde_json::{json, Value};

fn seat(s: &Seated) -> String {
    format!("seat {} ({})", s.seat, s.name)
}

fn missed_words(m: Missed) -> &'static str {
    match (m.big, m.small) {
        (true, _) => "missed the big blind: ML",
        (false, true) => "missed the small blind: MS",
        _ => "owes nothing",
    }
}

fn state_line(s: &TableState) -> String {
    let mut parts = Vec::new();
    if let Some(l) = s.level {
        parts.push(format!("level {l}"));
    }
    if let Some((b, who)) = &s.button {
        parts.push(match who {
            Some(nm) => format!("button seat {b} ({nm})"),
            None => format!("button seat {b} (dead)"),
        });
    }
    if let Some(x) = &s.small_blind {
        parts.push(format!("small blind {}", seat(x)));
    }
    if let Some(x) = &s.big_blind {
        parts.push(format!("big blind {}", seat(x)));
    }
    let dealt: Vec<String> = s.dealt_in.iter().map(seat).collect();
    parts.push(format!("dealt in: {}", dealt.join(", ")));
    if !s.sitting_out.is_empty() {
        let out: Vec<String> = s
            .sitting_out
            .iter()
            .map(|(x, m)| {
                if m.any() {
                    format!("seat {} ({}, {})", x.seat, x.name, m.marker())
                } else {
                    seat(x)
                }
            })
            .collect();
        parts.push(format!("sitting out: {}", out.join(", ")));
    }
    if !s.left.is_empty() {
        let left: Vec<String> = s.left.iter().map(|(nm, x)| format!("{nm} with {x}")).collect();
        parts.push(format!("left before the hand: {}", left.join(", ")));
    }
    parts.join("; ")
}

/// The lines written under a hand's report.
pub fn text(check: &HandCheck) -> String {
    let mut out = String::new();
    if let Some(s) = &check.state {
        out.push_str(&format!(
            "  table (hand {} of the session): {}\n",
            check.number,
            state_line(s)
        ));
    }
    for v in &check.violations {
        out.push_str(&format!("  TABLE RULE BROKEN ({}): {}\n", v.rule.code(), v.message));
    }
    for n in &check.notes {
        out.push_str(&format!("  table note: {n}\n"));
    }
    out
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

/// The summary of one session, in text.
pub fn summary_text(label: &str, s: &SessionSummary) -> String {
    let mut out = format!(
        "session {label}: {}, {}\n",
        feltkit::text::count(s.hands, "hand", "hands"),
        if s.violations == 0 {
            "no table rule broken".to_string()
        } else {
            feltkit::text::count(s.violations, "table rule broken", "table rules broken")
        }
    );
    for p in &s.players {
        let end = match (&p.finished, p.seated) {
            (Some(f), true) => format!("finished with {f}"),
            (Some(f), false) => format!("left with {f}"),
            (None, _) => "result unknown (a hand was not settled)".into(),
        };
        let net = p.net.as_deref().unwrap_or("unknown");
        out.push_str(&format!(
            "  {}: {}, brought {}, {end}, net {net}\n",
            p.name,
            feltkit::text::count(p.hands, "hand", "hands"),
            p.brought
        ));
    }
    out
}

/// The summary of one session, as one JSON object.
pub fn summary_json(label: &str, s: &SessionSummary) -> Value {
    let players: Vec<Value> = s
        .players
        .iter()
        .map(|p| {
            json!({"player": p.name, "hands": p.hands, "brought": p.brought,
                "finished": p.finished, "net": p.net, "seated": p.seated})
        })
        .collect();
    json!({"session": label, "hands": s.hands, "violations": s.violations, "ok": s.violations == 0,
        "players": players})
}
