//! The real OnGame hand histories a user can point this at (not part of the repository). Their
//! `expected.json` counts none of them, so each hand is held to its own summary: every hand of
//! a game feltkit reads (hold'em, Omaha, seven-card stud and stud high-low) must replay legally and agree with its pots, rake
//! and each seat's finishing stack and net (`felt replay --check`); every other hand is printed
//! with its outcome and reason, the refused ones grouped by reason.
//! `FELTKIT_ONGAME_DIR=... cargo test --release --test suite real_ongame -- --ignored --nocapture`.

use feltkit::phh::Status;

use crate::common::real_site_hands;

#[test]
#[ignore]
fn real_ongame_hands_replay_and_agree_with_their_own_summaries() {
    let Some(dir) = std::env::var_os("FELTKIT_ONGAME_DIR") else { return };
    let real = real_site_hands(
        std::path::Path::new(&dir),
        "ongame",
        &["txt", "log"],
        |r, reason| match &r.status {
            Status::Unsupported(_) => Some(format!("refused: {reason}")),
            _ => None,
        },
    );
    real.print(&format!(
        "{} of {} hands of games played replay legally and agree with their summaries",
        real.matched, real.counted
    ));
    assert!(
        real.counted > 0 && real.matched * 100 >= real.counted * 99,
        "{} of {}",
        real.matched,
        real.counted
    );
}
