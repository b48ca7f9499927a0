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

#[test]
fn random_play_reaches_the_rules_that_matter() {
    use feltkit::play::{random_hand_counted, Counts};
    let mut by_game = std::collections::BTreeMap::new();
    for game in GAMES.iter().filter(|g| g.supported) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut total = Counts::default();
        for _ in 0..400 {
            let players = rng.random_range(2..=game.max_players.min(9));
            let stakes = random_stakes(*game, players, &mut rng);
            let (_, _, counts) =
                random_hand_counted(*game, &stakes, Style::default(), &mut rng).unwrap();
            total.add(&counts);
        }
        assert_eq!(total.hands, 400);
        for (what, n) in [
            ("showdowns", total.showdowns),
            ("all-ins", total.all_in_hands),
            ("side pots", total.side_pots),
            ("mucks", total.mucks),
        ] {
            assert!(n > 0, "{}: no {what} in 400 hands", game.code);
        }
        by_game.insert(game.code, total);
    }
    let stud = ["stud7", "F7S", "americana", "stud7-spread", "americana-nl"];
    for code in stud {
        assert!(by_game[code].bring_ins > 0, "{code}: no bring-in");
    }
    for code in ["stud7", "F7S", "stud7-spread"] {
        assert!(by_game[code].completions > 0, "{code}: no completion");
    }
    assert!(by_game["stud7"].big_bet_options > 0, "stud7: the open-pair option never taken");
    assert!(by_game["turnover"].exposes > 0);
    for code in ["NT", "nlhe", "plhe", "americana-nl"] {
        assert!(by_game[code].short_all_in_raises > 0, "{code}: no short all-in raise");
        assert!(by_game[code].three_pots > 0, "{code}: never three pots");
    }
    assert!(by_game.values().map(|c| c.split_pots).sum::<u64>() > 0);
}
