//! Random legal hands (`feltkit::play`): every game, replayed and checked against their own
//! recorded results.

use feltkit::phh::{replay_text, Status};
use feltkit::play::{random_hand, random_stakes, Style};
use feltkit::rules::game::GAMES;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

#[test]
fn random_hands_of_every_game_replay_legal_and_matching() {
    for game in GAMES.iter().filter(|g| g.supported) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut showdowns = 0;
        for k in 0..300 {
            let players = rng.random_range(2..=game.max_players.min(10));
            let stakes = random_stakes(*game, players, &mut rng);
            let (text, outcome) = random_hand(*game, &stakes, Style::default(), &mut rng)
                .unwrap_or_else(|e| panic!("{} hand {k}: {e}", game.code));
            let total: i64 = stakes.stacks.iter().sum();
            assert_eq!(outcome.final_stacks.iter().sum::<i64>(), total, "{} hand {k}", game.code);
            let report = &replay_text(&text, "random.phh", true)[0];
            assert!(
                report.ok() && report.checked,
                "{} hand {k}: {:?} {:?}\n{text}",
                game.code,
                report.status,
                report.mismatches
            );
            assert_eq!(report.status, Status::Legal);
            showdowns += usize::from(outcome.showdown.is_some());
        }
        assert!(showdowns > 30, "{}: only {showdowns} showdowns in 300 hands", game.code);
    }
}
