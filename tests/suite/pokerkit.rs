//! Differential test against PokerKit 0.7.7: random hands of every PHH code feltkit plays, from
//! `feltkit::play`, are replayed by PokerKit (`tests/pokerkit/finishing_stacks.py`), hand by
//! hand, and must end with the same stacks. (PokerKit 0.7.7's hand-history reader has no code
//! for pot-limit hold'em, and its `FO/8` bets pot limit: the script registers `PT` and a
//! fixed-limit `FO/8` from PokerKit's own parts, and plays five- and six-card Omaha with its
//! Omaha classes given more hole cards.)
//!
//! Python is found as `$FELTKIT_PYTHON`, else `python3`. Without Python or PokerKit the test is
//! skipped with a message, unless `FELTKIT_REQUIRE_POKERKIT` is set (CI sets it: `.ci/run`
//! installs PokerKit in a virtual environment).

use std::process::Command;

use crate::common;

use feltkit::play::{random_hand, random_stakes, Style};
use feltkit::rules::{Chips, Stakes, Variant};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Random hands of each of the four main codes: together with the others' 300 each, about
/// 8,000 hands that PokerKit replays in a few minutes of CI's release run.
const HANDS: usize = 1200;

/// The hands compared of a count written for a release build: a quarter in a debug build (CI
/// runs the suite in both; the release run compares them all, and the debug one, there for its
/// overflow checks, the first quarter of the same hands: each test's hands come from one seed).
const fn scaled(hands: usize) -> usize {
    if cfg!(debug_assertions) {
        hands.div_ceil(4)
    } else {
        hands
    }
}

/// The codes compared (with the Omaha games' hole cards), and how many random hands of each.
const CODES: [(&str, usize, usize); 15] = [
    ("NT", 2, HANDS),
    ("FT", 2, HANDS),
    ("PT", 2, HANDS),
    ("F7S", 7, HANDS),
    ("PO", 4, 300),
    ("PO", 5, 300),
    ("PO", 6, 300),
    ("FO/8", 4, 300),
    ("FO/8", 5, 300),
    ("F7S/8", 7, 300),
    ("FR", 7, 300),
    ("NS", 2, 300),
    ("N2L1D", 5, 300),
    ("F2L3D", 5, 300),
    ("FB", 4, 300),
];

#[test]
fn pokerkit_gives_the_same_finishing_stacks_for_random_hands_of_the_phh_codes() {
    let Some(python) = common::pokerkit_python() else { return };
    for (code, hole_cards, hands) in CODES {
        compare(&python, code, hole_cards, scaled(hands), Style::default());
    }
}

/// Run it twice and three times: random hands whose players all ask for the rest of the board
/// to be dealt that many times after an all-in (`pN _runs K`), read by the script as PokerKit's
/// runout-count selection. Each pot is split between the runs by both.
#[test]
fn pokerkit_splits_the_pots_between_runs_as_feltkit_does() {
    let Some(python) = common::pokerkit_python() else { return };
    for (code, hole_cards) in [("NT", 2), ("PT", 2), ("FT", 2), ("PO", 4), ("FO/8", 4), ("NS", 2)] {
        for runs in [2, 3] {
            let style = Style { runs, ..Style::default() };
            let ran = compare(&python, code, hole_cards, 500, style);
            assert!(ran > 10, "{code}: only {ran} hands were run {runs} times");
        }
    }
}

/// Straddles as rooms play them, as `blinds_or_straddles` entries after the blinds (p1 the
/// small blind, p2 the big blind, the last player the button): under the gun, a re-straddle
/// on it, the button's, a Mississippi straddle from a random seat; and one player's ante for
/// the table (a big-blind or a button ante, as `antes`).
#[test]
fn pokerkit_plays_straddles_and_a_big_blind_ante_as_feltkit_does() {
    let Some(python) = common::pokerkit_python() else { return };
    for (code, hole_cards) in [("NT", 2), ("PT", 2), ("FT", 2), ("PO", 4)] {
        for kind in 0..6 {
            let forced = |game: Variant, rng: &mut Xoshiro256PlusPlus| {
                let n = rng.random_range(4..=game.max_players.min(9));
                let mut stakes = random_stakes(game, n, rng);
                match kind {
                    0 => stakes.blinds[2] = Chips(4),
                    1 => (stakes.blinds[2], stakes.blinds[3]) = (Chips(4), Chips(8)),
                    2 => stakes.blinds[n - 1] = Chips(4),
                    3 => stakes.blinds[rng.random_range(2..n)] = Chips(4),
                    4 => {
                        stakes.antes =
                            (0..n).map(|i| Chips(if i == 1 { n as i64 } else { 0 })).collect()
                    }
                    _ => {
                        stakes.antes = (0..n)
                            .map(|i| Chips(if i == n - 1 { 2 * n as i64 } else { 0 }))
                            .collect()
                    }
                }
                stakes
            };
            compare_with(&python, code, hole_cards, scaled(150), Style::default(), forced);
        }
    }
}

/// Bomb pots, one board and two: PokerKit has no bomb pot, but plays one as a hand whose antes
/// are the bomb (counted toward the side pots), without blinds, where everyone checks before the
/// flop; and it deals two boards street by street, each pot split between them
/// (`tests/pokerkit/finishing_stacks.py`). A third of the stacks are short, often shorter than
/// the bomb. Omaha high-low is compared on one board only: on two, PokerKit splits a pot's low
/// half among its contenders when none of them has a low but another player has one, where the
/// card rooms and feltkit give the high hand the whole half (docs/replay.md); the hand-worked
/// double board of `FO/8` in `tests/data/replay/legal` checks feltkit's reading.
#[test]
fn pokerkit_plays_bomb_pots_and_double_boards_as_feltkit_does() {
    let Some(python) = common::pokerkit_python() else { return };
    let cases = [("NT", 2, 1), ("PT", 2, 1), ("FT", 2, 1), ("PO", 4, 1), ("FO/8", 4, 1)];
    let more = [("NS", 2, 1), ("NT", 2, 2), ("PT", 2, 2), ("PO", 4, 2), ("NS", 2, 2)];
    for (code, hole_cards, boards) in cases.into_iter().chain(more) {
        let bomb_pot = |game: Variant, rng: &mut Xoshiro256PlusPlus| {
            let n = rng.random_range(2..=game.max_players.min(9));
            let mut stakes = random_stakes(game, n, rng);
            stakes.blinds = vec![Chips::ZERO; n];
            stakes.bomb_pot = Chips(rng.random_range(1..=12));
            stakes.boards = boards;
            stakes
        };
        compare_with(&python, code, hole_cards, scaled(300), Style::default(), bomb_pot);
    }
}

/// Plays `hands` random hands of `code` in `style`, has PokerKit replay them, and checks that
/// every hand ends with the same stacks. Returns how many hands ran the board more than once.
fn compare(python: &str, code: &str, hole_cards: usize, hands: usize, style: Style) -> usize {
    let stakes = |game: Variant, rng: &mut Xoshiro256PlusPlus| {
        let players = rng.random_range(2..=game.max_players.min(9));
        random_stakes(game, players, rng)
    };
    compare_with(python, code, hole_cards, hands, style, stakes)
}

/// As [`compare`], with each hand's stakes (and so its players) from `stakes`.
fn compare_with(
    python: &str,
    code: &str,
    hole_cards: usize,
    hands: usize,
    style: Style,
    mut stakes: impl FnMut(Variant, &mut Xoshiro256PlusPlus) -> Stakes,
) -> usize {
    let script = format!("{}/tests/pokerkit/finishing_stacks.py", env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let mut game = Variant::by_code(code).unwrap();
    if hole_cards != game.hole_cards() {
        game = game.with_hole_cards(hole_cards as u32).unwrap();
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    let mut bundle = String::new();
    let mut ours = Vec::with_capacity(hands);
    let mut ran = 0;
    for k in 1..=hands {
        let stakes = stakes(game, &mut rng);
        let (text, outcome) = random_hand(game, &stakes, style, &mut rng).unwrap();
        bundle.push_str(&format!("[{k}]\n{text}\n"));
        ran += usize::from(outcome.boards.len() > 1);
        // PokerKit has no stud community card: where eight players reach seventh street and
        // the deck runs short, it cannot replay the hand (docs/replay.md).
        let community = game.streets.iter().all(|s| s.board == 0) && text.contains("'d db ");
        let stacks: Vec<String> = outcome.final_stacks.iter().map(|x| x.to_string()).collect();
        ours.push((k, community, stacks.join(" ")));
    }
    let path = dir.path().join(format!("{}-{hole_cards}.phhs", code.replace('/', "")));
    std::fs::write(&path, &bundle).unwrap();
    let out = Command::new(python).arg(&script).arg(&path).output().unwrap();
    assert!(
        out.status.success(),
        "{code} ({hole_cards} cards): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let theirs = String::from_utf8(out.stdout).unwrap();
    let theirs: Vec<&str> = theirs.lines().collect();
    assert_eq!(
        theirs.len(),
        hands,
        "{code} ({hole_cards} cards): PokerKit read {} hands",
        theirs.len()
    );
    let differ: Vec<String> = ours
        .iter()
        .zip(&theirs)
        .filter(|((k, community, stacks), theirs)| {
            let expected = if *community {
                format!("{k} error ValueError('Unable to repair the hand history')")
            } else {
                format!("{k} {stacks}")
            };
            expected != **theirs
        })
        .map(|((k, _, stacks), b)| format!("feltkit {k} {stacks} / PokerKit {b}"))
        .collect();
    assert!(
        differ.is_empty(),
        "{code} ({hole_cards} cards, {} runs): {} hands differ, first: {:?}",
        style.runs,
        differ.len(),
        &differ[..differ.len().min(3)]
    );
    ran
}
