//! Hand files with results worked out by hand from the rule texts (tests/data/replay/legal), and
//! illegal hands that must be refused for the right reason (tests/data/replay/illegal).

use feltkit::rules::Chips;
use std::path::PathBuf;

use feltkit::phh::toml::{parse, Value};
use feltkit::phh::{replay_text, Status};

fn data(dir: &str) -> Vec<(String, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/replay").join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "phh"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// The hand-worked legal hands of tests/data/replay/legal, in name order.
pub const LEGAL: &[&str] = &[
    "americana_bring_in_by_suit_and_opener_by_suit",
    "americana_nl_side_pot_and_opener_by_suit",
    "flhe_bomb_pot_flop_bets_the_small_bet",
    "flhe_cap_and_heads_up_unlimited",
    "flhe_half_bet_all_in_reopens",
    "flhe_heads_up_protected_all_in_deals_the_rest_out",
    "flhe_protected_all_in_wins_the_main_pot",
    "flhe_short_big_blind_counts_toward_the_cap",
    "fo8_big_o_five_cards_pot_limit_quartered_low",
    "fo8_double_board_bomb_pot_halves_split_high_and_low",
    "nlhe_all_in_call_for_less_leaves_the_big_blind_no_option",
    "nlhe_all_in_raise_nobody_can_call_in_full",
    "nlhe_big_blind_ante_posted_after_a_short_blind",
    "nlhe_bomb_pot_short_stack_side_pot",
    "nlhe_button_straddle_acts_last_before_the_flop",
    "nlhe_cashout_paid_outside_the_pot",
    "nlhe_dead_money_joins_the_main_pot",
    "nlhe_decimal_stakes",
    "nlhe_heads_up_blinds_reversed",
    "nlhe_muck_forfeits",
    "nlhe_odd_chip_clockwise",
    "nlhe_out_of_turn_action_is_ignored",
    "nlhe_run_it_twice_splits_each_pot_between_the_runs",
    "nlhe_short_all_in_call_only",
    "nlhe_short_all_ins_add_up_to_a_full_raise",
    "nlhe_short_big_blind_folded_to_wins_the_matched_part",
    "nlhe_short_big_blind_gets_the_unmatched_part_back",
    "nlhe_short_big_blind_still_sets_the_full_price",
    "nlhe_short_raise_only_for_the_whole_stack",
    "nlhe_side_pot_three_all_in_levels",
    "nlhe_table_cap_keeps_the_rest_of_the_stack",
    "nlhe_timeout_checks_when_free_and_folds_facing_a_bet",
    "nt_big_blind_checks_after_an_all_in_call_for_less",
    "nt_double_board_bomb_pot_each_board_its_half",
    "nt_run_it_three_times_odd_chip_to_the_first_run",
    "plhe_pot_sized_raises",
    "plo_pot_limit_preflop_no_limit_after",
    "po5_exactly_two_of_five_hole_cards",
    "po6_six_cards_short_all_in_side_pot",
    "stud7_bring_in_by_suit_open_pair_and_heads_up_raises",
    "stud7_community_seventh_card",
    "stud7_odd_chip_to_the_highest_card",
    "stud7_protected_all_in_after_the_forced_bring_in",
    "stud7_short_all_in_side_pot",
    "stud7_spread_bets_anywhere_in_the_spread",
    "turnover_expose_and_table_stake",
    "turnover_heads_up_antes",
];

#[test]
fn hand_worked_hands_replay_and_match_their_results() {
    let files = data("legal");
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, LEGAL);
    for (name, text) in &files {
        let reports = replay_text(text, name, true);
        assert_eq!(reports.len(), 1);
        let r = &reports[0];
        assert!(r.checked, "{name}: no recorded results to check");
        assert_eq!(r.status, Status::Legal, "{name}");
        assert!(r.mismatches.is_empty(), "{name}: {:?}", r.mismatches);
        // A changed result must be caught: bump the first finishing stack by one chip.
        let tampered = text.replacen("finishing_stacks = [", "finishing_stacks = [1", 1);
        assert!(!replay_text(&tampered, name, true)[0].ok(), "{name}: tampered result accepted");
    }
}

#[test]
fn showdown_order_follows_the_last_aggressor_or_the_button() {
    let files = data("legal");
    let get =
        |n: &str| replay_text(&files.iter().find(|(f, _)| f == n).unwrap().1, n, true).remove(0);
    // The river was bet by p2: p2 shows first.
    let sd = get("turnover_expose_and_table_stake").outcome.unwrap().showdown.unwrap();
    assert_eq!((sd.order[0], sd.first_shown), (1, Some(1)));
    // The river was checked: the first live player left of the button shows first.
    let sd = get("nlhe_side_pot_three_all_in_levels").outcome.unwrap().showdown.unwrap();
    assert_eq!(sd.order, vec![0, 1, 2]);
    // p1 bet the river, so p1 is first to show, but mucked: p2 showed first.
    let sd = get("nlhe_muck_forfeits").outcome.unwrap().showdown.unwrap();
    assert_eq!((sd.order[0], sd.first_shown), (0, Some(1)));
    // A hand won by folds has no showdown.
    assert!(get("plhe_pot_sized_raises").outcome.unwrap().showdown.is_none());
}

#[test]
fn illegal_hands_are_refused_at_the_right_action_for_the_right_reason() {
    let files = data("illegal");
    assert_eq!(files.len(), 45);
    for (name, text) in &files {
        let section = &parse(text).unwrap()[0];
        let Some(Value::Num(n)) = section.get("_expect_action") else {
            panic!("{name}: _expect_action")
        };
        let Some(Value::Str(reason)) = section.get("_expect_reason") else {
            panic!("{name}: _expect_reason")
        };
        let r = replay_text(text, name, false).remove(0);
        if n.as_ref() == "0" {
            // A setup that cannot start a hand.
            match &r.status {
                Status::BadSetup(why) => assert!(why.contains(reason.as_ref()), "{name}: {why}"),
                other => panic!("{name}: expected a bad setup, got {other:?}"),
            }
            continue;
        }
        match &r.status {
            Status::Illegal { number, reason: why, text: action } => {
                assert_eq!(number.to_string(), n.as_ref(), "{name}: {why}");
                assert!(why.contains(reason.as_ref()), "{name}: `{why}` lacks `{reason}`");
                let section_actions = section.get("actions").unwrap();
                let Value::Array(actions) = section_actions else { unreachable!() };
                assert_eq!(actions[number - 1], Value::Str(action.clone().into()));
            }
            other => panic!("{name}: expected an illegal action, got {other:?}"),
        }
        // The same hand without its illegal action is legal so far: the refusal is that action's.
        let Value::Array(actions) = section.get("actions").unwrap() else { unreachable!() };
        let cut = n.parse::<usize>().unwrap() - 1;
        let kept: Vec<String> = actions[..cut]
            .iter()
            .map(|a| match a {
                Value::Str(s) => format!("'{s}'"),
                _ => unreachable!(),
            })
            .collect();
        let start = text.find("actions = [").unwrap();
        let end = start + text[start..].find(']').unwrap();
        let truncated = format!("{}actions = [{}{}", &text[..start], kept.join(", "), &text[end..]);
        let r = replay_text(&truncated, name, false).remove(0);
        assert!(matches!(r.status, Status::Incomplete(_)), "{name}: {:?}", r.status);
    }
}

#[test]
fn amounts_too_large_for_exact_sums_are_malformed_and_name_their_field() {
    let text = "variant = 'nlhe'\nblinds_or_straddles = [1, 2]\n\
                starting_stacks = [9000000000000000000, 5]\nactions = []\n";
    match replay_text(text, "big", false).remove(0).status {
        Status::Malformed { field, reason } => {
            assert_eq!(field.as_deref(), Some("starting_stacks"));
            assert!(reason.contains("too large"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    // The most negative amount there is: no overflow taking its size.
    let text = text.replace("9000000000000000000", "-9223372036854775808");
    assert!(matches!(
        replay_text(&text, "big", false).remove(0).status,
        Status::Malformed { field: Some(f), .. } if f == "starting_stacks"
    ));
    let text = "variant = 'nlhe'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
                actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'p2 cbr 9223372036854775807']\n";
    match replay_text(text, "big", false).remove(0).status {
        Status::Illegal { number: 3, reason, .. } => {
            assert!(reason.contains("more than the player has"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_straddle_out_of_turn_is_malformed_in_the_presets_and_taken_as_written_in_phh_codes() {
    // p3 straddles 4, then p5 re-straddles 8 though p4 did not: the re-straddle is out of turn.
    let text = "variant = 'nlhe'\nblinds_or_straddles = [1, 2, 4, 0, 8]\n\
                starting_stacks = [100, 100, 100, 100, 100]\nactions = []\n";
    let malformed = |text: &str| match replay_text(text, "straddle", false).remove(0).status {
        Status::Malformed { field, reason } => (field, reason),
        other => panic!("{other:?}"),
    };
    let (field, reason) = malformed(text);
    assert_eq!(field.as_deref(), Some("blinds_or_straddles"));
    assert!(reason.contains("entry 5 is 8: a re-straddle out of turn"), "{reason}");
    // A straddle of less than twice the big blind, in the file's own unit.
    let (_, reason) = malformed(&text.replace("[1, 2, 4, 0, 8]", "[0.5, 1, 1.5, 0, 0]"));
    assert!(reason.contains("entry 3 is 1.5: a straddle is at least twice"), "{reason}");
    // PokerKit takes any entries: under a PHH code the same blinds start a hand.
    let text = "variant = 'NT'\nantes = 0\nblinds_or_straddles = [1, 2, 4, 0, 8]\nmin_bet = 2\n\
                starting_stacks = [100, 100, 100, 100, 100]\nactions = []\n";
    assert!(matches!(replay_text(text, "straddle", false).remove(0).status, Status::Incomplete(_)));
}

#[test]
fn blinds_are_won_by_the_last_player_left_even_one_who_put_nothing_in() {
    // Americana with blinds and no antes: p4, p1 and p2 fold to p3, who put nothing in. The
    // blinds (12 after p2's uncalled 12 went back) are p3's, not lost: chips are conserved.
    let text = "variant = 'americana'\nantes = []\nblinds_or_straddles = [12, 24, 0, 0]\n\
                min_bet = 48\nsmall_bet = 123\nbig_bet = 246\nbring_in = 0\n\
                starting_stacks = [181, 351, 316, 991]\n\
                actions = ['d dh p3 Kd8s', 'd dh p4 Kh', 'd dh p1 QcAd', 'd dh p2 8c7c', \
                'd dh p4 Ah', 'p4 f', 'p1 f', 'p2 f']\n";
    let report = replay_text(text, "blinds.phh", false).remove(0);
    let outcome = report.outcome.expect("the hand is decided");
    assert_eq!(outcome.final_stacks, vec![Chips(169), Chips(339), Chips(340), Chips(991)]);
    assert_eq!(outcome.final_stacks.iter().sum::<Chips>(), Chips(181 + 351 + 316 + 991));
}

#[test]
fn a_check_is_not_legal_while_a_stud_bring_in_is_due() {
    use feltkit::card::parse_cards;
    use feltkit::rules::{HandState, Stakes, Variant};
    let game = Variant::by_code("stud7").unwrap();
    let stakes = Stakes {
        antes: vec![Chips(1), Chips(1), Chips(1)],
        bring_in: Chips(2),
        small_bet: Chips(5),
        big_bet: Chips(10),
        stacks: vec![Chips(20), Chips(20), Chips(20)],
        ..Stakes::default()
    };
    let mut hand = HandState::new(game, &stakes).unwrap();
    let c = |s: &str| parse_cards(s, game.deck).unwrap().into_iter().map(Some).collect::<Vec<_>>();
    hand.deal_hole(0, &c("AsAh2c")).unwrap();
    hand.deal_hole(1, &c("KsKh9c")).unwrap();
    hand.deal_hole(2, &c("QsQhTc")).unwrap();
    // p1's deuce is the lowest door card: p1 must bring in or complete, not check. verify_check
    // agrees with the check itself.
    let verdict = hand.verify_check(0).unwrap_err().to_string();
    assert!(verdict.contains("must post the bring-in or complete"), "{verdict}");
    assert_eq!(hand.check_or_call(0).unwrap_err().to_string(), verdict);
}

fn replay_one(text: &str) -> feltkit::phh::HandReport {
    replay_text(text, "hand", false).remove(0)
}

#[test]
fn a_short_big_blind_sets_the_full_price_in_presets_and_its_posted_amount_in_phh_codes() {
    use feltkit::card::parse_cards;
    use feltkit::rules::{HandState, Stakes, Variant};
    // Blinds 5/10, the big blind has 6: p3 is first to act.
    let stakes = Stakes {
        blinds: vec![Chips(5), Chips(10), Chips::ZERO],
        stacks: vec![Chips(200), Chips(6), Chips(200)],
        ..Stakes::default()
    };
    for (code, to_call, min_raise) in [("nlhe", 10, 20), ("NT", 6, 16)] {
        let game = Variant::by_code(code).unwrap();
        let mut hand = HandState::new(game, &stakes).unwrap();
        let c =
            |s: &str| parse_cards(s, game.deck).unwrap().into_iter().map(Some).collect::<Vec<_>>();
        for (p, cards) in ["7c2d", "AsAh", "KsKh"].iter().enumerate() {
            hand.deal_hole(p, &c(cards)).unwrap();
        }
        assert_eq!(hand.to_call(2), Chips(to_call), "{code}");
        assert!(!hand.can_bet_or_raise_to(2, Chips(min_raise - 1)), "{code}");
        assert!(hand.can_bet_or_raise_to(2, Chips(min_raise)), "{code}");
        // The small blind owes the rest of the full blind too.
        assert_eq!(hand.to_call(0), Chips(to_call - 5), "{code}");
    }
}

#[test]
fn a_short_small_blind_does_not_change_the_price() {
    // Blinds 5/10, the small blind has 3: calling still costs 10, a raise goes to 20.
    let text = "variant = 'nlhe'\nblinds_or_straddles = [5, 10, 0]\n\
                starting_stacks = [3, 100, 100]\nactions = ['d dh p1 AsAh', 'd dh p2 KsKh', \
                'd dh p3 QsQh', 'p3 cbr 19']\n";
    match replay_one(text).status {
        Status::Illegal { number: 4, reason, .. } => {
            assert!(reason.contains("below the minimum of 20"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_raise_below_the_minimum_keeping_chips_behind_is_illegal_in_phh_codes_and_presets() {
    // p3 raised to 100 (the next raise goes to at least 190); p2 raises to 150, all p3 has, while
    // keeping 350 behind: below the minimum and not all-in. PokerKit 0.7.7 refuses it too ("The
    // amount 150 is below the minimum allowed 190").
    let hand = |variant: &str| {
        format!(
            "variant = '{variant}'\nblinds_or_straddles = [5, 10, 0]\nmin_bet = 10\n\
             starting_stacks = [500, 500, 150]\nactions = ['d dh p1 7c2d', 'd dh p2 KsKh', \
             'd dh p3 AsAh', 'p3 cbr 100', 'p1 f', 'p2 cbr 150', 'p3 cc', 'd db 2s5d9c', \
             'd db Jh', 'd db 3c', 'p2 sm KsKh', 'p3 sm AsAh']\n"
        )
    };
    for variant in ["NT", "nlhe"] {
        assert!(
            matches!(
                replay_one(&hand(variant)).status,
                Status::Illegal { number: 6, reason, .. } if reason.contains("below the minimum of 190")
            ),
            "{variant}"
        );
    }
}

#[test]
fn dead_money_that_is_negative_or_has_no_pot_to_join_is_malformed() {
    let hand = |extra: &str| {
        replay_one(&format!(
            "variant = 'NT'\nmin_bet = 2\n{extra}\nstarting_stacks = [100, 100]\nactions = []\n"
        ))
    };
    let reason = |r: feltkit::phh::HandReport| match r.status {
        Status::Malformed { field, reason } => (field, reason),
        other => panic!("{other:?}"),
    };
    let (field, why) = reason(hand("blinds_or_straddles = [1, 2]\n_dead_money = -0.5"));
    assert_eq!(field.as_deref(), Some("_dead_money"));
    assert!(why.contains("-0.5: dead money is chips the room adds to the pot"), "{why}");
    let (_, why) = reason(hand("_dead_money = 3"));
    assert!(why.contains("there is no pot for the dead money to join"), "{why}");
    let (_, why) = reason(hand("blinds_or_straddles = [1, 2]\n_dead_money = 'x'"));
    assert!(why.contains("_dead_money"), "{why}");
}

#[test]
fn a_side_pot_left_to_one_player_stays_theirs_when_they_muck_against_the_main_pot() {
    // p1 is all in for 10; p2 raises to 50 and p3 calls; on the flop p2 bets 20 and p3 folds,
    // so the side pot of 80 (40 each from p2 and p3 above p1's 10) is p2's alone. At the
    // showdown p2 mucks against p1's aces: p1 wins the main pot of 30, p2 keeps the side pot
    // and gets the uncalled 20 back. Final: p1 30, p2 100 - 50 + 80 = 130, p3 50.
    for variant in ["NT", "nlhe"] {
        let text = format!(
            "variant = '{variant}'\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\nstarting_stacks = [10, 100, 100]\nactions = ['d dh p1 AhAd', 'd dh p2 KsKc', 'd dh p3 QhJh', 'p3 cc', 'p1 cbr 10', 'p2 cbr 50', 'p3 cc', 'd db 2c3d4h', 'p2 cbr 20', 'p3 f', 'd db 9s', 'd db Tc', 'p1 sm AhAd', 'p2 sm']\nfinishing_stacks = [30, 130, 50]\n"
        );
        let r = replay_text(&text, "t", true).remove(0);
        assert_eq!(r.status, Status::Legal, "{variant}");
        assert!(r.ok() && r.mismatches.is_empty(), "{variant}: {:?}", r.mismatches);
        let outcome = r.outcome.unwrap();
        let pots: Vec<(i64, Vec<usize>)> =
            outcome.pots.iter().map(|p| (p.amount.0, p.winners.clone())).collect();
        assert_eq!(pots, [(30, vec![0]), (80, vec![1])], "{variant}");
    }
}
