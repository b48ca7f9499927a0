//! The real KingsClub hand histories a user can point this at (not part of the repository).
//! No `expected.json` counts them, so each hand is held to what it says: a hand of a game
//! feltkit plays whose own summary adds up (what its players are said to win, with the rake,
//! is what its seats' results say changed hands) must replay legally and agree with it (`felt
//! replay --check`), 99 in 100 at least. Every other hand is printed with its outcome and
//! reason, grouped: refused, unreadable, undecided, and summaries that do not add up.
//! `FELTKIT_KINGSCLUB_DIR=... cargo test --release --test suite real_kingsclub -- --ignored --nocapture`.

use feltkit::phh::{HandReport, Status};

use crate::common::real_site_hands;

/// The group of hands whose own summary does not add up.
const ADDS_UP: &str = "the summary does not add up: what the players win and the rake are not what the seats' results say changed hands";

#[test]
#[ignore]
fn real_kingsclub_hands_replay_and_agree_with_their_own_summaries() {
    let Some(dir) = std::env::var_os("FELTKIT_KINGSCLUB_DIR") else { return };
    let group = |r: &HandReport, reason: &str| match &r.status {
        Status::Unsupported(_) => Some(format!("refused: {reason}")),
        Status::Malformed { .. } => Some(format!("unreadable: {reason}")),
        Status::Unresolved(_) => Some(format!("undecided: {reason}")),
        _ if r.mismatches.iter().any(|m| m.contains("`Total pot ")) => Some(ADDS_UP.into()),
        _ => None,
    };
    let real = real_site_hands(std::path::Path::new(&dir), "kingsclub", &["txt"], group);
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
