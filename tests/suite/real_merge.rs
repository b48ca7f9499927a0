//! The real Merge Network XML hand histories a user can point this at (not part of the repository). Their
//! `expected.json` counts none of them, so each hand is held to its own accounting: of the hands
//! of a game feltkit plays (hold'em and Omaha) whose events add up (they replay legally), 99 in
//! 100 must agree with their winners, uncalled bets and each seat's finishing stack (`felt
//! replay --check`); every other hand is printed with its outcome and reason (a seat that acts
//! but is not listed, a player dealt in who never acts), the refused ones grouped by reason.
//! `FELTKIT_MERGE_DIR=... cargo test --release --test suite real_merge -- --ignored --nocapture`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use feltkit::import::{convert_as, Format};
use feltkit::phh::{replay_text, Status};

/// The `.txt` and `.xml` files below `dir`, in name order.
fn texts(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            texts(&path, out);
        } else if path.extension().is_some_and(|x| x == "txt" || x == "xml") {
            out.push(path);
        }
    }
    out.sort();
}

#[test]
#[ignore]
fn real_merge_hands_replay_and_agree_with_their_own_winners() {
    let Some(dir) = std::env::var_os("FELTKIT_MERGE_DIR") else { return };
    let format = Format::named("merge").unwrap();
    let mut files = Vec::new();
    texts(Path::new(&dir), &mut files);
    let (mut played, mut legal, mut matched, mut hands) = (0, 0, 0, 0);
    let mut refused: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for path in &files {
        let text = std::fs::read(path).unwrap();
        let shown = path.strip_prefix(&dir).unwrap_or(path).display().to_string();
        for (k, hand) in convert_as(format, &text).iter().enumerate() {
            hands += 1;
            let r = replay_text(&hand.phh, &shown, true).remove(0);
            let at = format!("{shown} [{}] hand {}", k + 1, hand.number.as_deref().unwrap_or("?"));
            if let Status::Unsupported(why) = &r.status {
                // The reason without its line, to group the hands refused alike.
                let reason = why.split_once(": ").map_or(why.as_str(), |(_, w)| w);
                refused.entry(reason.to_string()).or_default().push(at);
                continue;
            }
            played += 1;
            legal += usize::from(matches!(r.status, Status::Legal));
            if r.ok() && r.checked && r.mismatches.is_empty() {
                matched += 1;
            } else {
                eprintln!("not matched: {at}: {:?} {:?}", r.status, r.mismatches);
            }
        }
    }
    eprintln!("{hands} hands in {} files: of {played} hands of games played, {legal} replay legally and {matched} agree with their winners", files.len());
    for (reason, at) in &refused {
        eprintln!("refused, {} hands: {reason}\n  {}", at.len(), at.join("\n  "));
    }
    assert!(legal > 0 && matched * 100 >= legal * 99, "{matched} of {legal}");
}
