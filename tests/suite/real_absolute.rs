//! The real Absolute Poker and UltimateBet hand histories a user can point this at (not part
//! of the repository). No `expected.json` counts them, so each hand is held to its own
//! summary: a hand of a game feltkit plays (hold'em and Omaha) whose summary adds up (what the
//! seats collected and the rake come to the total pot) must replay legally and agree with it
//! (`felt replay --check`), 99 in 100 at least. Every other hand is printed with its outcome
//! and reason, grouped: refused (a 7-2 proposition table, stud), unreadable, undecided, and
//! summaries that do not add up.
//! `FELTKIT_ABSOLUTE_DIR=... cargo test --release --test suite real_absolute -- --ignored --nocapture`.

use feltkit::phh::{HandReport, Status};

use crate::common::real_site_hands;

#[test]
#[ignore]
fn real_absolute_hands_replay_and_agree_with_their_own_summaries() {
    let Some(dir) = std::env::var_os("FELTKIT_ABSOLUTE_DIR") else { return };
    let group = |r: &HandReport, reason: &str| match &r.status {
        Status::Unsupported(_) => Some(format!("refused: {reason}")),
        Status::Malformed { .. } => Some(format!("unreadable: {reason}")),
        Status::Unresolved(_) => Some(format!("undecided: {reason}")),
        _ if r.mismatches.len() == 1 && r.mismatches[0].contains("`Total pot ") => Some(
            "the summary does not add up: the seats' winnings and the rake are not the total pot"
                .into(),
        ),
        _ => None,
    };
    let real = real_site_hands(std::path::Path::new(&dir), "absolute", &["txt"], group);
    real.print(&format!(
        "{} of {} hands whose summaries add up replay legally and agree with them",
        real.matched, real.counted
    ));
    assert!(
        real.counted > 0 && real.matched * 100 >= real.counted * 99,
        "{} of {}",
        real.matched,
        real.counted
    );
}
