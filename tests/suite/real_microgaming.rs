//! The real Microgaming XML hand histories a user can point this at (not part of the repository). Their
//! `expected.json` counts none of them, so each hand is held to its own accounting: of the hands
//! of a game feltkit plays (hold'em and Omaha) that replay legally, 96 in 100 must agree with
//! their winners, uncalled bets, rake and each seat's end balance (`felt replay --check`): of the
//! 33 such hands of the folder this was written against, one is a text whose `PostedToPlay` of
//! 0.10 costs its player 0.15 by the player's own end balance, so that 32 agree. Every other
//! hand is printed with its outcome and reason, the refused ones grouped by reason.
//! `FELTKIT_MICROGAMING_DIR=... cargo test --release --test suite real_microgaming -- --ignored --nocapture`.

use feltkit::phh::Status;

use crate::common::real_site_hands;

#[test]
#[ignore]
fn real_microgaming_hands_replay_and_agree_with_their_own_end_balances() {
    let Some(dir) = std::env::var_os("FELTKIT_MICROGAMING_DIR") else { return };
    let real =
        real_site_hands(std::path::Path::new(&dir), "microgaming", &["txt", "xml"], |r, reason| {
            match &r.status {
                Status::Unsupported(_) => Some(format!("refused: {reason}")),
                _ => None,
            }
        });
    real.print(&format!(
        "of {} hands of games played, {} replay legally and {} agree with their winners",
        real.counted, real.legal, real.matched
    ));
    assert!(
        real.legal > 0 && real.matched * 100 >= real.legal * 96,
        "{} of {}",
        real.matched,
        real.legal
    );
}
