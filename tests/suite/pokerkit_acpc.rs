//! PokerKit 0.7.7's own ACPC reader (`HandHistory.from_acpc_protocol`) as a second reader of
//! the logs in `tests/data/acpc`, given the game and stacks feltkit assumes
//! (`tests/pokerkit/from_acpc.py`): hand by hand, PokerKit's players, betting actions and
//! stacks after its replay must be feltkit's, and the results it reads from the log the ones
//! feltkit checks. The lines feltkit reports as unreadable or illegal PokerKit does not read
//! either. Skipped with a message without PokerKit 0.7.7, unless `FELTKIT_REQUIRE_POKERKIT` is
//! set (as in CI).

use std::process::Command;

use feltkit::import::acpc;
use feltkit::phh::read::hands;
use feltkit::phh::{replay_text, Status};
use serde_json::Value;

use crate::common;

/// Each log and the game it is played as.
const LOGS: &[(&str, &str)] = &[
    ("broken.log", "nolimit"),
    ("limit_2p.log", "limit"),
    ("limit_3p.log", "limit"),
    ("nolimit_2p.log", "nolimit"),
    ("players_first.log", "nolimit"),
];

fn betting(actions: impl IntoIterator<Item = String>) -> Vec<String> {
    actions.into_iter().filter(|a| a.starts_with('p') && !a.contains(" sm")).collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect()
}

#[test]
fn every_acpc_sample_is_cross_checked() {
    let dir = format!("{}/tests/data/acpc", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files, LOGS.iter().map(|(n, _)| n.to_string()).collect::<Vec<_>>());
}

#[test]
fn pokerkit_reads_the_acpc_samples_hand_by_hand_as_feltkit_does() {
    let Some(python) = common::pokerkit_python() else { return };
    let root = env!("CARGO_MANIFEST_DIR");
    let mut compared = 0;
    for (name, game) in LOGS {
        let path = format!("{root}/tests/data/acpc/{name}");
        let out = Command::new(&python)
            .arg(format!("{root}/tests/pokerkit/from_acpc.py"))
            .args([&path, *game])
            .output()
            .unwrap();
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let theirs: Vec<Value> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let text = std::fs::read_to_string(&path).unwrap();
        for h in acpc::convert(&text) {
            let number = h.number.clone().unwrap();
            let ctx = format!("{name} hand {number}");
            let report = replay_text(&h.phh, name, true).remove(0);
            let line = text.lines().nth(h.line - 1).unwrap().trim();
            let read = theirs
                .iter()
                .find(|v| v["hand"].as_u64().map(|n| n.to_string()) == Some(number.clone()));
            match &report.status {
                Status::Legal => {
                    let t = read.unwrap_or_else(|| panic!("{ctx}: PokerKit does not read it"));
                    let record = hands(&h.phh).next().unwrap().unwrap().record.unwrap();
                    let players: Vec<String> =
                        record.players.unwrap().iter().map(|p| p.to_string()).collect();
                    assert_eq!(strings(&t["players"]), players, "{ctx}: players");
                    let ours = betting(record.actions.iter().map(|a| a.text().into_owned()));
                    assert_eq!(betting(strings(&t["actions"])), ours, "{ctx}: actions");
                    let o = report.outcome.as_ref().unwrap();
                    let ours: Vec<String> = o.final_stacks.iter().map(|c| c.to_string()).collect();
                    assert_eq!(strings(&t["stacks"]), ours, "{ctx}: stacks");
                    // The results PokerKit reads are those feltkit checks against the replay.
                    let results: Vec<String> = strings(&t["results"]);
                    let in_log = line
                        .split(':')
                        .find(|f| {
                            f.contains('|')
                                && f.bytes().all(|b| b.is_ascii_digit() || b == b'|' || b == b'-')
                        })
                        .unwrap();
                    assert_eq!(results.join("|"), in_log, "{ctx}: results");
                    compared += 1;
                }
                _ => {
                    assert!(
                        read.is_none(),
                        "{ctx}: PokerKit reads a hand feltkit reports {:?}",
                        report.status
                    );
                    assert!(
                        theirs.iter().any(|v| v["unread"].as_str() == Some(line)),
                        "{ctx}: PokerKit does not say it cannot read `{line}`"
                    );
                }
            }
        }
    }
    assert!(compared >= 10, "only {compared} hands compared");
}
