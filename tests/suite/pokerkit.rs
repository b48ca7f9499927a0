//! Differential test against PokerKit 0.7.7: random hands of the PHH codes NT, FT, PT and F7S
//! from `feltkit::play` are replayed by PokerKit (`tests/pokerkit/finishing_stacks.py`), hand by
//! hand, and must end with the same stacks. (PokerKit 0.7.7's hand-history reader has no code
//! for pot-limit hold'em: the script registers `PT` from PokerKit's own pot-limit betting and
//! hold'em streets.)
//!
//! Python is found as `$FELTKIT_PYTHON`, else `python3`. Without Python or PokerKit the test is
//! skipped with a message, unless `FELTKIT_REQUIRE_POKERKIT` is set (CI sets it: `.ci/run`
//! installs PokerKit in a virtual environment).

use std::process::Command;

use crate::common;

use feltkit::play::{random_hand, random_stakes, Style};
use feltkit::rules::Game;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const HANDS: usize = 2000;

#[test]
fn pokerkit_gives_the_same_finishing_stacks_for_random_hands_of_the_phh_codes() {
    let Some(python) = common::pokerkit_python() else { return };
    let script = format!("{}/tests/pokerkit/finishing_stacks.py", env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    for code in ["NT", "FT", "PT", "F7S"] {
        let game = Game::by_code(code).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
        let mut bundle = String::new();
        let mut ours = Vec::with_capacity(HANDS);
        for k in 1..=HANDS {
            let players = rng.random_range(2..=game.max_players.min(9));
            let stakes = random_stakes(game, players, &mut rng);
            let (text, outcome) = random_hand(game, &stakes, Style::default(), &mut rng).unwrap();
            bundle.push_str(&format!("[{k}]\n{text}\n"));
            let stacks: Vec<String> = outcome.final_stacks.iter().map(|x| x.to_string()).collect();
            ours.push(format!("{k} {}", stacks.join(" ")));
        }
        let path = dir.path().join(format!("{code}.phhs"));
        std::fs::write(&path, &bundle).unwrap();
        let out = Command::new(&python).arg(&script).arg(&path).output().unwrap();
        assert!(out.status.success(), "{code}: {}", String::from_utf8_lossy(&out.stderr));
        let theirs = String::from_utf8(out.stdout).unwrap();
        let theirs: Vec<&str> = theirs.lines().collect();
        assert_eq!(theirs.len(), HANDS, "{code}: PokerKit read {} hands", theirs.len());
        let differ: Vec<String> = ours
            .iter()
            .zip(&theirs)
            .filter(|(a, b)| a.as_str() != **b)
            .map(|(a, b)| format!("feltkit {a} / PokerKit {b}"))
            .collect();
        assert!(
            differ.is_empty(),
            "{code}: {} hands differ, first: {:?}",
            differ.len(),
            &differ[..differ.len().min(3)]
        );
    }
}
