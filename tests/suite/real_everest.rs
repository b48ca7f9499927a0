//! The real Everest Poker XML hand histories a user can point this at (not part of the
//! repository). No `expected.json` counts them, so each hand is held to its own accounting: a
//! hand of a game feltkit plays (hold'em and Omaha) that replays legally must agree with its
//! winners, bets handed back, pot and rake (`felt replay --check`), 99 in 100 at least. Every
//! other hand is printed with its outcome and reason, the refused ones grouped by reason.
//! `FELTKIT_EVEREST_DIR=... cargo test --release --test suite real_everest -- --ignored --nocapture`.

use feltkit::phh::{HandReport, Status};

use crate::common::real_site_hands;

#[test]
#[ignore]
fn real_everest_hands_replay_and_agree_with_their_own_winners() {
    let Some(dir) = std::env::var_os("FELTKIT_EVEREST_DIR") else { return };
    let group = |r: &HandReport, reason: &str| match &r.status {
        Status::Unsupported(_) => Some(format!("refused: {reason}")),
        Status::Malformed { .. } => Some(format!("unreadable: {reason}")),
        Status::Unresolved(_) => Some(format!("undecided: {reason}")),
        _ => None,
    };
    let real = real_site_hands(std::path::Path::new(&dir), "everest", &["txt", "xml"], group);
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
