//! The real hand histories a user can point this at (not part of the repository), each file sent
//! to `felt serve`'s `/api/replay` with `check` and read by `felt replay --check --json FILE`:
//! the answers must be the same, hand by hand and in the summary. Prints, for each site's
//! folder, how many hands replay and match and how many are refused, by reason.
//! `FELTKIT_REAL_DIR=.../hand-histories cargo test --release --test suite serve_real -- --ignored --nocapture`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{json, Value};

use super::serve::Server;

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|x| x == "txt" || x == "log" || x == "xml") {
            out.push(path);
        }
    }
}

/// A report without the name of its input (`text` for the API, the path for the command).
fn unnamed(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(o) = v.as_object_mut() {
        o.retain(|k, _| k != "file" && k != "source");
    }
    v
}

/// A refusal's reason without its line and the text it quotes: the reasons of one kind read
/// the same.
fn reason(text: &str) -> String {
    let mut out = String::new();
    let mut quoted = false;
    for c in text.chars() {
        if c == '`' {
            quoted = !quoted;
        } else if !quoted {
            out.push(c);
        }
    }
    let out = match out.split_once(": ") {
        Some((head, rest)) if head.starts_with("line ") => rest.to_string(),
        _ => out,
    };
    out.trim_start_matches([':', ' ']).chars().take(90).collect()
}

#[test]
#[ignore]
fn real_hands_answer_the_same_through_the_api() {
    let Some(root) = std::env::var_os("FELTKIT_REAL_DIR") else { return };
    let s = Server::start(&["--max-body", "67108864", "--timeout", "600"]);
    let mut sites: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    sites.sort();
    let mut differ = Vec::new();
    for site in sites {
        let mut list = Vec::new();
        files(&site, &mut list);
        let (mut hands, mut ok, mut checked_files, mut not_utf8) = (0u64, 0u64, 0usize, 0usize);
        let mut refused: BTreeMap<String, u64> = BTreeMap::new();
        let mut other: BTreeMap<String, u64> = BTreeMap::new();
        for path in &list {
            // A JSON string is UTF-8: a text in another encoding is decoded by the client first.
            let Ok(text) = std::fs::read_to_string(path) else {
                not_utf8 += 1;
                continue;
            };
            let (status, _, api) =
                s.post("/api/replay", &json!({"text": text, "check": true}).to_string());
            let out = Command::new(env!("CARGO_BIN_EXE_felt"))
                .args(["replay", "--check", "--json"])
                .arg(path)
                .output()
                .unwrap();
            let mut lines: Vec<Value> = String::from_utf8_lossy(&out.stdout)
                .lines()
                .filter_map(|l| serde_json::from_str(l).ok())
                .collect();
            let summary = lines.pop().unwrap_or(Value::Null);
            let reports: Vec<Value> =
                lines.iter().filter(|l| l.get("checked").is_some()).map(unnamed).collect();
            let answered: Vec<Value> =
                api["hands"].as_array().into_iter().flatten().map(unnamed).collect();
            if status != 200 || api["summary"] != summary || answered != reports {
                differ.push(format!(
                    "{}: {status}: {} against {}",
                    path.display(),
                    api["summary"]["summary"],
                    summary["summary"]
                ));
                continue;
            }
            checked_files += 1;
            for r in &answered {
                hands += 1;
                let status = r["status"].as_str().unwrap_or("?").to_string();
                match status.as_str() {
                    "legal" if r["mismatches"].as_array().is_some_and(|m| m.is_empty()) => ok += 1,
                    "legal" => *other.entry("mismatched".into()).or_default() += 1,
                    "unsupported" => {
                        let why = reason(r["reason"].as_str().unwrap_or("?"));
                        *refused.entry(why).or_default() += 1;
                    }
                    _ => *other.entry(status).or_default() += 1,
                }
            }
        }
        let name = site.file_name().unwrap().to_string_lossy().into_owned();
        eprintln!(
            "{name}: {checked_files} of {} files answered the same ({not_utf8} not UTF-8, not sent); {hands} hands: {ok} legal and matching, {} refused, other {other:?}",
            list.len(),
            refused.values().sum::<u64>()
        );
        for (why, n) in &refused {
            eprintln!("    refused {n}: {why}");
        }
    }
    assert!(
        differ.is_empty(),
        "{} files answered differently: {:?}",
        differ.len(),
        &differ[..differ.len().min(10)]
    );
}
