//! The real Merge Network XML hand histories a user can point this at (not part of the repository). Their
//! `expected.json` counts none of them, so each hand is held to its own accounting: of the hands
//! of a game feltkit plays (hold'em and Omaha) whose events add up (they replay legally), 99 in
//! 100 must agree with their winners, uncalled bets and each seat's finishing stack (`felt
//! replay --check`); every other hand is printed with its outcome and reason (a seat that acts
//! but is not listed, a player dealt in who never acts), the refused ones grouped by reason.
//! `FELTKIT_MERGE_DIR=... cargo test --release --test suite real_merge -- --ignored --nocapture`.

use feltkit::phh::{HandReport, Status};

use crate::common::real_site_hands;

#[test]
#[ignore]
fn real_merge_hands_replay_and_agree_with_their_own_winners() {
    let Some(dir) = std::env::var_os("FELTKIT_MERGE_DIR") else { return };
    let group = |r: &HandReport, reason: &str| match &r.status {
        Status::Unsupported(_) => Some(format!("refused: {reason}")),
        _ => None,
    };
    let real = real_site_hands(std::path::Path::new(&dir), "merge", &["txt", "xml"], group);
    real.print(&format!(
        "of {} hands of games played, {} replay legally and {} agree with their winners",
        real.counted, real.legal, real.matched
    ));
    assert!(
        real.legal > 0 && real.matched * 100 >= real.legal * 99,
        "{} of {}",
        real.matched,
        real.legal
    );
}
