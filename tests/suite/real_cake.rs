//! The real Cake hand histories a user can point this at (not part of the repository). No
//! `expected.json` counts them, so each hand is held to what it says: a hand of a game feltkit
//! plays (hold'em and Omaha) whose winnings add up (what the players are said to win is no more
//! than what was put in, less a rake of at most a tenth) must replay legally and agree with
//! them (`felt replay --check`), 99 in 100 at least. Every other hand is printed with its
//! outcome and reason, grouped: refused, unreadable, undecided, and winnings that do not add up.
//! `FELTKIT_CAKE_DIR=... cargo test --release --test suite real_cake -- --ignored --nocapture`.

use feltkit::phh::{HandReport, Status};

use crate::common::real_site_hands;

/// The group of hands whose own accounting does not add up.
const ADDS_UP: &str =
    "the winnings do not add up: what the players win and the rake are not what was put in";

#[test]
#[ignore]
fn real_cake_hands_replay_and_agree_with_their_own_summaries() {
    let Some(dir) = std::env::var_os("FELTKIT_CAKE_DIR") else { return };
    let group = |r: &HandReport, reason: &str| match &r.status {
        Status::Unsupported(_) => Some(format!("refused: {reason}")),
        Status::Malformed { .. } => Some(format!("unreadable: {reason}")),
        Status::Unresolved(_) => Some(format!("undecided: {reason}")),
        _ if r.mismatches.len() == 1 && r.mismatches[0].contains("`Total pot ") => {
            Some(ADDS_UP.into())
        }
        _ => None,
    };
    let real = real_site_hands(std::path::Path::new(&dir), "cake", &["txt"], group);
    real.print(&format!(
        "{} of {} hands whose winnings add up replay legally and agree with them",
        real.matched, real.counted
    ));
    assert!(
        real.counted > 0 && real.matched * 100 >= real.counted * 99,
        "{} of {}",
        real.matched,
        real.counted
    );
}
