//! `felt replay`: replay recorded hands, report each hand, optionally check recorded results.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use feltkit::phh::{replay_text, HandReport, Status};
use feltkit::rules::player_name;
use feltkit::text::count;
use rayon::prelude::*;
use serde_json::{json, Value};

/// Arguments of `felt replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// Compare each hand's recorded `finishing_stacks`, `winnings` and `_pots` with the replay.
    #[arg(long)]
    check: bool,
    /// Write one JSON object per hand (then a summary object) instead of text.
    #[arg(long)]
    json: bool,
    /// `.phh` files, `.phhs` bundles, or directories (searched recursively for both).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

enum Source {
    File(PathBuf),
    Error(PathBuf, String),
}

fn collect(path: &Path, out: &mut Vec<Source>) {
    match std::fs::metadata(path) {
        Err(e) => out.push(Source::Error(path.to_path_buf(), e.to_string())),
        Ok(m) if m.is_dir() => match std::fs::read_dir(path) {
            Err(e) => out.push(Source::Error(path.to_path_buf(), e.to_string())),
            Ok(entries) => {
                let mut children: Vec<PathBuf> =
                    entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
                children.sort();
                for child in children {
                    let is_hand = child.extension().is_some_and(|x| x == "phh" || x == "phhs");
                    if child.is_dir() || is_hand {
                        collect(&child, out);
                    }
                }
            }
        },
        Ok(_) => out.push(Source::File(path.to_path_buf())),
    }
}

fn replay_source(source: &Source, check: bool) -> Vec<HandReport> {
    let (path, text) = match source {
        Source::Error(p, e) => return vec![unreadable(p, e.clone())],
        Source::File(p) => (p, std::fs::read(p)),
    };
    let label = path.display().to_string();
    match text {
        Err(e) => vec![unreadable(path, e.to_string())],
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => replay_text(&text, &label, check),
            Err(_) => vec![unreadable(path, "the file is not UTF-8 text".into())],
        },
    }
}

fn unreadable(path: &Path, why: String) -> HandReport {
    HandReport::unreadable(path.display().to_string(), why)
}

/// Runs `felt replay`: exit 0 when every hand is legal and matches, 1 when any hand is illegal,
/// unfinished or mismatched, 2 when any input could not be read (or is a directory with no hand
/// files) or its variant is not played.
pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    let mut sources = Vec::new();
    for p in &args.paths {
        let before = sources.len();
        collect(p, &mut sources);
        // A directory without hands is a mistake (a wrong path, a missing extension), not a
        // successful replay of nothing: it is reported as an input that could not be used.
        if sources.len() == before {
            let why = "no hand files (.phh or .phhs) found in this directory or below";
            sources.push(Source::Error(p.clone(), why.into()));
        }
    }
    let reports: Vec<Vec<HandReport>> =
        sources.par_iter().map(|s| replay_source(s, args.check)).collect();
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut counts = [0usize; 7]; // ok, illegal, mismatched, unfinished, unsupported, unreadable, undecided
    for r in reports.iter().flatten() {
        let slot = match &r.status {
            Status::Legal if r.mismatches.is_empty() => 0,
            Status::Legal => 2,
            Status::Illegal { .. } | Status::BadSetup(_) => 1,
            Status::Incomplete(_) => 3,
            Status::Unresolved(_) if r.checked => 3,
            Status::Unresolved(_) => 6,
            Status::Unsupported(_) => 4,
            Status::Unreadable(_) => 5,
        };
        counts[slot] += 1;
        if args.json {
            writeln!(out, "{}", to_json(r))?;
        } else {
            write_text(&mut out, r)?;
        }
    }
    let total: usize = counts.iter().sum();
    let summary = format!(
        "{}: {} legal{}, {} legal with pots undecided (unknown cards), {} illegal, {} mismatched, {} unfinished, {} unsupported, {} unreadable",
        count(total, "hand", "hands"),
        counts[0],
        if args.check { " and matching" } else { "" },
        counts[6],
        counts[1],
        counts[2],
        counts[3],
        counts[4],
        counts[5]
    );
    if args.json {
        let s = json!({"summary": summary, "hands": total, "ok": counts[0], "undecided": counts[6], "illegal": counts[1],
            "mismatched": counts[2], "unfinished": counts[3], "unsupported": counts[4], "unreadable": counts[5]});
        writeln!(out, "{s}")?;
    } else {
        writeln!(out, "{summary}")?;
    }
    out.flush()?;
    Ok(if counts[4] + counts[5] > 0 {
        ExitCode::from(2)
    } else if counts[1] + counts[2] + counts[3] > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn names(players: &[usize]) -> String {
    players.iter().map(|&p| player_name(p)).collect::<Vec<_>>().join(" ")
}

fn status_line(r: &HandReport) -> String {
    match &r.status {
        Status::Legal if r.checked && r.mismatches.is_empty() => "legal, results match".into(),
        Status::Legal if r.checked => "legal, results DIFFER".into(),
        Status::Legal => "legal".into(),
        Status::Illegal { number, text, reason } => {
            format!("ILLEGAL action {number} `{text}`: {reason}")
        }
        Status::BadSetup(why) => format!("ILLEGAL setup: {why}"),
        Status::Incomplete(why) => format!("UNFINISHED: {why}"),
        Status::Unresolved(why) => format!("UNDECIDED: {why}"),
        Status::Unsupported(why) => format!("UNSUPPORTED: {why}"),
        Status::Unreadable(why) => format!("UNREADABLE: {why}"),
    }
}

fn write_text(out: &mut impl Write, r: &HandReport) -> std::io::Result<()> {
    let hand = r.hand.as_ref().map(|h| format!(" hand {h}")).unwrap_or_default();
    let variant = if r.variant.is_empty() { String::new() } else { format!(" ({})", r.variant) };
    writeln!(out, "{}{hand}{variant}: {}", r.label, status_line(r))?;
    if let Some(o) = &r.outcome {
        for (k, pot) in o.pots.iter().enumerate() {
            let pay: Vec<String> = pot
                .payouts
                .iter()
                .map(|&(p, x)| format!("{} {}", player_name(p), r.chips(x)))
                .collect();
            writeln!(
                out,
                "  pot {}: {} among {}; won by {}; paid {}",
                k + 1,
                r.chips(pot.amount),
                names(&pot.eligible),
                names(&pot.winners),
                pay.join(", ")
            )?;
        }
        let back: Vec<String> = (0..o.uncalled.len())
            .filter(|&i| o.uncalled[i] > 0)
            .map(|i| format!("{} {}", player_name(i), r.chips(o.uncalled[i])))
            .collect();
        if !back.is_empty() {
            writeln!(out, "  uncalled bet returned: {}", back.join(", "))?;
        }
        if let Some(sd) = &o.showdown {
            let first = sd.order.first().map_or("-".into(), |&p| player_name(p));
            let shown = sd.first_shown.map_or("nobody".into(), player_name);
            writeln!(
                out,
                "  showdown: {first} to show first ({} in order); {shown} showed first",
                names(&sd.order)
            )?;
        }
        let stacks: Vec<String> = o.final_stacks.iter().map(|&x| r.chips(x)).collect();
        writeln!(out, "  final stacks: {}", stacks.join(", "))?;
    }
    for m in &r.mismatches {
        writeln!(out, "  mismatch: {m}")?;
    }
    for n in &r.notes {
        writeln!(out, "  note: {n}")?;
    }
    Ok(())
}

fn to_json(r: &HandReport) -> Value {
    let (status, detail) = match &r.status {
        Status::Legal => ("legal", Value::Null),
        Status::Illegal { number, text, reason } => {
            ("illegal", json!({"number": number, "text": text, "reason": reason}))
        }
        Status::BadSetup(w) => ("illegal", json!({"number": 0, "text": "", "reason": w})),
        Status::Incomplete(w) => ("unfinished", json!(w)),
        Status::Unresolved(w) => ("undecided", json!(w)),
        Status::Unsupported(w) => ("unsupported", json!(w)),
        Status::Unreadable(w) => ("unreadable", json!(w)),
    };
    let mut v = json!({
        "source": r.label, "hand": r.hand, "variant": r.variant, "status": status,
        "ok": r.ok(), "checked": r.checked, "mismatches": r.mismatches, "notes": r.notes,
    });
    if status == "illegal" {
        v["illegal_action"] = detail;
    } else if !detail.is_null() {
        v["reason"] = detail;
    }
    if let Some(o) = &r.outcome {
        let pn = |ps: &[usize]| ps.iter().map(|&p| player_name(p)).collect::<Vec<_>>();
        v["pots"] = o
            .pots
            .iter()
            .map(|p| {
                let paid: serde_json::Map<String, Value> =
                    p.payouts.iter().map(|&(q, x)| (player_name(q), json!(r.chips(x)))).collect();
                json!({"amount": r.chips(p.amount), "eligible": pn(&p.eligible), "winners": pn(&p.winners), "payouts": paid})
            })
            .collect();
        v["uncalled"] = o.uncalled.iter().map(|&x| json!(r.chips(x))).collect();
        v["final_stacks"] = o.final_stacks.iter().map(|&x| json!(r.chips(x))).collect();
        v["winnings"] = o.winnings.iter().map(|&x| json!(r.chips(x))).collect();
        if let Some(sd) = &o.showdown {
            v["first_to_show"] = json!(sd.order.first().map(|&p| player_name(p)));
            v["first_shown"] = json!(sd.first_shown.map(player_name));
        }
    }
    v
}
