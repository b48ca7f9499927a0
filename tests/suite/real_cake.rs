//! The real Cake hand histories a user can point this at (not part of the repository). No
//! `expected.json` counts them, so each hand is held to what it says: a hand of a game feltkit
//! plays (hold'em and Omaha) whose winnings add up (what the players are said to win is no more
//! than what was put in, less a rake of at most a tenth) must replay legally and agree with
//! them (`felt replay --check`), 99 in 100 at least. Every other hand is printed with its
//! outcome and reason, grouped: refused, unreadable, undecided, and winnings that do not add up.
//! `FELTKIT_CAKE_DIR=... cargo test --release --test suite real_cake -- --ignored --nocapture`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use feltkit::import::{convert_as, Format};
use feltkit::phh::{replay_text, Status};

/// The `.txt` files below `dir`, in name order.
fn texts(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            texts(&path, out);
        } else if path.extension().is_some_and(|x| x == "txt") {
            out.push(path);
        }
    }
    out.sort();
}

#[test]
#[ignore]
fn real_cake_hands_replay_and_agree_with_their_own_summaries() {
    let Some(dir) = std::env::var_os("FELTKIT_CAKE_DIR") else { return };
    let format = Format::named("cake").unwrap();
    let mut files = Vec::new();
    texts(Path::new(&dir), &mut files);
    let (mut played, mut matched, mut hands) = (0, 0, 0);
    let mut others: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for path in &files {
        let text = std::fs::read(path).unwrap();
        let shown = path.strip_prefix(&dir).unwrap_or(path).display().to_string();
        for (k, hand) in convert_as(format, &text).iter().enumerate() {
            hands += 1;
            let r = replay_text(&hand.phh, &shown, true).remove(0);
            let at = format!("{shown} [{}] hand {}", k + 1, hand.number.as_deref().unwrap_or("?"));
            // The reason without its line, to group the hands alike.
            let reason = |why: &str| why.split_once(": ").map_or(why, |(_, w)| w).to_string();
            let group = match &r.status {
                Status::Unsupported(why) => Some(format!("refused: {}", reason(why))),
                Status::Malformed { reason: why, .. } => Some(format!("unreadable: {}", reason(why))),
                Status::Unresolved(why) => Some(format!("undecided: {}", reason(why))),
                _ if r.mismatches.len() == 1 && r.mismatches[0].contains("`Total pot ") => {
                    Some("the winnings do not add up: what the players win and the rake are not what was put in".into())
                }
                _ => None,
            };
            if let Some(g) = group {
                others.entry(g).or_default().push(at);
                continue;
            }
            played += 1;
            if r.ok() && r.checked && r.mismatches.is_empty() {
                matched += 1;
            } else {
                eprintln!("not matched: {at}: {:?} {:?}", r.status, r.mismatches);
            }
        }
    }
    eprintln!("{hands} hands in {} files: {matched} of {played} hands whose winnings add up replay legally and agree with them", files.len());
    for (why, at) in &others {
        eprintln!("{} hands: {why}\n  {}", at.len(), at.join("\n  "));
    }
    assert!(played > 0 && matched * 100 >= played * 99, "{matched} of {played}");
}
