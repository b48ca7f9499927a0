//! Timeouts (`pN _timeout`, `pN _timeout all-in`) and actions out of turn
//! (`pN _out_of_turn ACTION`): what each game does with them and what the report says.

use feltkit::phh::{replay_text, HandReport, Status};
use feltkit::rules::Chips;

fn replay_one(text: &str) -> HandReport {
    replay_text(text, "hand", true).remove(0)
}

fn file(name: &str) -> String {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/replay/legal")
        .join(format!("{name}.phh"));
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn timeouts_and_actions_out_of_turn_are_noted_in_the_report() {
    let notes = |name: &str| replay_one(&file(name)).notes;
    assert_eq!(
        notes("nlhe_timeout_checks_when_free_and_folds_facing_a_bet"),
        vec![
            "p1 timed out at action 5 and folded",
            "p2 timed out at action 8 and checked",
            "p2 timed out at action 13 and folded",
        ]
    );
    assert_eq!(
        notes("nlhe_out_of_turn_action_is_ignored"),
        vec![
            "p1 acted out of turn at action 4 (`p1 cbr 10`) while p3 was to act: ignored",
            "p2 acted out of turn at action 6 (`p2 f`) while p1 was to act: ignored",
        ]
    );
    assert_eq!(
        notes("flhe_protected_all_in_wins_the_main_pot"),
        vec!["p2 timed out at action 9: all-in protected with 46 behind"]
    );
    assert_eq!(
        notes("stud7_protected_all_in_after_the_forced_bring_in"),
        vec![
            "p1 timed out at action 4: all-in protected with 27 behind (the bring-in of 2 posted for them)"
        ]
    );
}

#[test]
fn a_protected_player_stays_eligible_only_up_to_what_they_paid_in() {
    let outcome = replay_one(&file("flhe_protected_all_in_wins_the_main_pot")).outcome.unwrap();
    // p2 (index 1) put in 4 and can win only the main pot of 4 x 3; the side pot is p1's and p3's.
    assert_eq!(outcome.pots[0].eligible, vec![0, 1, 2]);
    assert_eq!(outcome.pots[0].amount, Chips(12));
    assert_eq!(outcome.pots[1].eligible, vec![0, 2]);
    assert_eq!(outcome.pots[1].amount, Chips(16));
    // The 46 chips behind come back with the final stack.
    assert_eq!(outcome.final_stacks[1], Chips(46 + 12));
}

/// A stud7 hand where p1 (2c, the lowest door card) must bring in and `ACTION` is p1's.
fn stud_hand(variant: &str, action: &str) -> String {
    format!(
        "variant = '{variant}'\nantes = [1, 1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n\
         starting_stacks = [30, 30, 30]\nactions = ['d dh p1 AsAh2c', 'd dh p2 KsKhKd', \
         'd dh p3 QsQh5c', '{action}', 'p2 f', 'p3 f']\n"
    )
}

#[test]
fn a_timeout_with_a_bring_in_due_posts_the_bring_in() {
    for variant in ["stud7", "F7S"] {
        let r = replay_one(&stud_hand(variant, "p1 _timeout"));
        assert_eq!(r.status, Status::Legal, "{variant}");
        assert_eq!(
            r.notes,
            vec!["p1 timed out at action 4: the bring-in of 2 was posted for them"]
        );
        // p2 and p3 fold to the bring-in: p1 wins the antes back and theirs.
        assert_eq!(
            r.outcome.unwrap().final_stacks,
            vec![Chips(32), Chips(29), Chips(29)],
            "{variant}"
        );
    }
}

#[test]
fn timeout_all_in_is_refused_in_games_without_all_in_protection() {
    let r = replay_one(&stud_hand("stud7-spread", "p1 _timeout all-in"));
    assert_eq!(r.status, Status::Legal);
    // p1 keeps 30 - 1 - 2 = 27 behind and wins the main pot of the antes and the bring-in.
    assert_eq!(r.outcome.unwrap().final_stacks, vec![Chips(27 + 5), Chips(29), Chips(29)]);
    for variant in ["F7S", "NT", "americana"] {
        let text = if variant == "NT" {
            "variant = 'NT'\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
             starting_stacks = [100, 100, 100]\nactions = ['d dh p1 AsAh', 'd dh p2 KsKh', \
             'd dh p3 QsQh', 'p3 _timeout all-in']\n"
                .to_string()
        } else if variant == "americana" {
            "variant = 'americana'\nantes = [1, 1, 1]\nstarting_stacks = [30, 30, 30]\n\
             actions = ['d dh p1 7c7d', 'd dh p2 8c8d', 'd dh p3 9c9d', 'p1 _timeout all-in']\n"
                .to_string()
        } else {
            stud_hand(variant, "p1 _timeout all-in")
        };
        match replay_one(&text).status {
            Status::Illegal { number: 4, reason, .. } => {
                assert!(
                    reason.contains(&format!("{variant} has no all-in protection")),
                    "{reason}"
                );
                assert!(reason.contains("_timeout`"), "{reason}");
            }
            other => panic!("{variant}: {other:?}"),
        }
    }
}

#[test]
fn a_phh_code_reads_a_skipped_turn_before_a_timeout_as_timeouts_too() {
    // NT: p3 is to act, but the record goes on with p1's timeout: p3 timed out first (folded,
    // facing the big blind), then p1 (folded, facing 1 more). p2 wins the blinds.
    let text = "variant = 'NT'\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
                starting_stacks = [100, 100, 100]\nactions = ['d dh p1 AsAh', 'd dh p2 KsKh', \
                'd dh p3 QsQh', 'p1 _timeout']\nfinishing_stacks = [99, 101, 100]\n";
    let r = replay_one(text);
    assert!(r.ok(), "{:?} {:?}", r.status, r.mismatches);
    assert_eq!(
        r.notes,
        vec![
            "p3 did not act before action 4: timed out and folded",
            "p1 timed out at action 4 and folded",
        ]
    );
    // A preset is strict: the same timeout is out of turn.
    let preset = text.replace("'NT'", "'nlhe'");
    assert!(matches!(
        replay_one(&preset).status,
        Status::Illegal { number: 4, reason, .. } if reason.contains("out of turn")
    ));
}

#[test]
fn an_action_out_of_turn_needs_a_player_still_in_and_a_betting_round() {
    let hand = |actions: &str| {
        format!(
            "variant = 'nlhe'\nblinds_or_straddles = [1, 2, 0]\nstarting_stacks = [100, 100, 100]\n\
             actions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'd dh p3 QsQh', {actions}]\n"
        )
    };
    let refused = |actions: &str, number: usize, why: &str| match replay_one(&hand(actions)).status
    {
        Status::Illegal { number: n, reason, .. } => {
            assert_eq!(n, number, "{reason}");
            assert!(reason.contains(why), "{actions}: {reason}");
        }
        other => panic!("{actions}: {other:?}"),
    };
    // p3 folded: an action out of turn needs a player still in.
    refused("'p3 f', 'p3 _out_of_turn cbr 10'", 5, "p3 is out of the hand");
    // Between betting rounds nobody is to act.
    refused(
        "'p3 cc', 'p1 cc', 'p2 cc', 'p1 _out_of_turn f'",
        7,
        "no betting now: street 2 is not fully dealt: 3 more board cards",
    );
    // Text after `_out_of_turn` that is not a betting action cannot be read.
    refused("'p1 _out_of_turn sm AsAh'", 4, "not a betting action");
    refused("'p1 _out_of_turn'", 4, "expected `pN _out_of_turn ACTION`");
    // A player all-in may still act out of turn: ignored.
    let r = replay_one(&hand("'p3 cbr 100', 'p3 _out_of_turn f', 'p1 f', 'p2 f'"));
    assert_eq!(r.status, Status::Legal);
    assert_eq!(r.outcome.unwrap().final_stacks, vec![Chips(99), Chips(98), Chips(103)]);
}
