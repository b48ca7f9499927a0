//! Random legal hands (`feltkit::play`): every game, replayed and checked against their own
//! recorded results.

use feltkit::phh::{replay_text, Status};
use feltkit::play::{random_hand, random_stakes, Style};
use feltkit::rules::variant::VARIANTS;
use feltkit::rules::Chips;
use feltkit::rules::Variant;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The games random play covers: every game feltkit plays.
fn played() -> impl Iterator<Item = &'static Variant> {
    VARIANTS.iter().filter(|g| g.supported)
}

#[test]
fn random_hands_of_every_game_replay_legal_and_matching() {
    for game in played() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut showdowns = 0;
        for k in 0..300 {
            let players = rng.random_range(2..=game.max_players.min(10));
            let stakes = random_stakes(*game, players, &mut rng);
            let (text, outcome) = random_hand(*game, &stakes, Style::default(), &mut rng)
                .unwrap_or_else(|e| panic!("{} hand {k}: {e}", game.code));
            let total: Chips = stakes.stacks.iter().sum();
            assert_eq!(outcome.final_stacks.iter().sum::<Chips>(), total, "{} hand {k}", game.code);
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
    for game in played() {
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
    for code in ["flhe", "FT", "stud7", "americana"] {
        assert!(by_game[code].capped_rounds > 0, "{code}: no round raised to the cap");
    }
    for code in ["flhe", "stud7"] {
        assert!(by_game[code].uncapped_rounds > 0, "{code}: no heads-up round past the cap");
    }
    for code in ["NT", "nlhe", "FT", "flhe"] {
        assert!(by_game[code].short_all_ins_closed > 0, "{code}: never a raise refused");
        let c = &by_game[code];
        let rounds = [c.all_ins_round_1, c.all_ins_round_2, c.all_ins_round_3, c.all_ins_round_4];
        assert!(rounds.iter().all(|&n| n > 0), "{code}: all-ins by round {rounds:?}");
    }
    assert!(by_game["stud7"].all_ins_round_5 > 0);
    for code in ["N2L1D", "F2L3D", "FB"] {
        let c = &by_game[code];
        assert!(c.discards > 0 && c.pats > 0, "{code}: {} drawn, {} pats", c.discards, c.pats);
    }
    assert!(by_game["F2L3D"].reshuffles > 0, "F2L3D: the stub never ran out");
    assert!(by_game["flhe"].short_all_ins_reopened > 0);
    for code in ["stud7", "F7S", "americana", "americana-nl"] {
        assert!(by_game[code].suit_openers > 0, "{code}: no round opened by suit");
    }
}

/// Hole cards for `Played::deal_hole`.
fn cards(text: &str) -> Vec<Option<feltkit::card::Card>> {
    feltkit::card::parse_cards(text, feltkit::card::Deck::Standard)
        .unwrap()
        .into_iter()
        .map(Some)
        .collect()
}

fn hold_em(code: &str, stacks: &[i64]) -> feltkit::play::Played {
    use feltkit::rules::{Stakes, Structure, Variant};
    let game = Variant::by_code(code).unwrap();
    let mut stakes =
        Stakes { stacks: stacks.iter().copied().map(Chips).collect(), ..Stakes::default() };
    stakes.blinds = (0..stacks.len())
        .map(|i| [Chips(1), Chips(2)].get(i).copied().unwrap_or(Chips::ZERO))
        .collect();
    if game.structure == Structure::FixedLimit {
        (stakes.small_bet, stakes.big_bet) = (Chips(2), Chips(4));
    } else {
        stakes.min_bet = Chips(2);
    }
    let mut hand = feltkit::play::Played::new(game, &stakes).unwrap();
    let holes = ["AsKs", "QdJd", "9c9h", "7c2d", "5h5s"];
    for (p, hole) in holes.iter().enumerate().take(stacks.len()) {
        hand.deal_hole(p, &cards(hole)).unwrap();
    }
    hand
}

#[test]
fn a_short_all_in_that_does_not_reopen_is_counted_for_each_player_who_had_acted() {
    // p1 small blind, p2 big blind (13 chips in all), p3 on the button.
    let mut hand = hold_em("nlhe", &[100, 13, 100]);
    hand.bet_or_raise_to(2, Chips(10)).unwrap(); // a full raise (8 more)
    hand.check_or_call(0).unwrap();
    hand.bet_or_raise_to(1, Chips(13)).unwrap(); // all-in, 3 more: short
                                                 // The raiser and the caller had both acted on the full raise: neither may raise again.
    assert_eq!(hand.hand().raise_range(2), None);
    hand.check_or_call(2).unwrap();
    hand.check_or_call(0).unwrap();
    let c = hand.counts();
    assert_eq!(
        (c.short_all_in_raises, c.short_all_ins_closed, c.short_all_ins_reopened),
        (1, 2, 0)
    );
    assert_eq!((c.all_ins, c.all_ins_round_1, c.all_ins_round_2), (1, 1, 0));
}

#[test]
fn short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting() {
    // p1 and p2 (the blinds) have 14 and 18 chips; p3 opens, p4 on the button.
    let mut hand = hold_em("nlhe", &[14, 18, 100, 100]);
    hand.bet_or_raise_to(2, Chips(10)).unwrap(); // full: 8 more
    hand.check_or_call(3).unwrap();
    hand.bet_or_raise_to(0, Chips(14)).unwrap(); // short: 4 more
    hand.bet_or_raise_to(1, Chips(18)).unwrap(); // short: 4 more, 8 in all since p3's raise
    assert!(hand.hand().raise_range(2).is_some());
    hand.check_or_call(2).unwrap();
    hand.check_or_call(3).unwrap();
    let c = hand.counts();
    assert_eq!(
        (c.short_all_in_raises, c.short_all_ins_closed, c.short_all_ins_reopened),
        (2, 0, 2)
    );
    assert_eq!(c.all_ins_round_1, 2);
}

#[test]
fn a_fixed_limit_round_raised_to_the_cap_and_a_heads_up_round_past_it_are_counted() {
    let mut hand = hold_em("flhe", &[500, 500, 500]);
    let mut raises = 0;
    while let Some(feltkit::rules::Next::Act(o)) = Some(hand.hand().next()) {
        match o.raise {
            Some((lo, _)) => hand.bet_or_raise_to(o.player, lo).unwrap(),
            None => break,
        }
        raises += 1;
    }
    assert!(hand.hand().capped().is_some(), "stopped after {raises} raises without the cap");
    assert_eq!((hand.counts().capped_rounds, hand.counts().uncapped_rounds), (1, 0));

    // Heads-up in a cash game the raises go on past the cap.
    let mut hand = hold_em("flhe", &[500, 500]);
    let cap = hand.hand().variant().cap.unwrap();
    for _ in 0..cap + 3 {
        let Some(feltkit::rules::Next::Act(o)) = Some(hand.hand().next()) else { unreachable!() };
        hand.bet_or_raise_to(o.player, o.raise.unwrap().0).unwrap();
    }
    assert_eq!(hand.hand().capped(), None);
    assert_eq!((hand.counts().capped_rounds, hand.counts().uncapped_rounds), (0, 1));
}

#[test]
fn a_bring_in_decided_by_suit_is_counted() {
    use feltkit::rules::{Stakes, Variant};
    let game = Variant::by_code("stud7").unwrap();
    let stakes = Stakes {
        antes: vec![Chips(1); 3],
        bring_in: Chips(2),
        small_bet: Chips(5),
        big_bet: Chips(10),
        stacks: vec![Chips(100); 3],
        ..Stakes::default()
    };
    // The two deuces showing tie by rank: the deuce of clubs brings in.
    for (holes, by_suit) in
        [(["AsKs2d", "QdJd2c", "9c9h8h"], 1), (["AsKs2d", "QdJd3c", "9c9h8h"], 0)]
    {
        let mut hand = feltkit::play::Played::new(game, &stakes).unwrap();
        for (p, hole) in holes.iter().enumerate() {
            hand.deal_hole(p, &cards(hole)).unwrap();
        }
        let feltkit::rules::Next::Act(o) = hand.hand().next() else { unreachable!() };
        assert_eq!(o.player, if by_suit == 1 { 1 } else { 0 });
        hand.bring_in(o.player).unwrap();
        assert_eq!(hand.counts().suit_openers, by_suit, "{holes:?}");
    }
}
