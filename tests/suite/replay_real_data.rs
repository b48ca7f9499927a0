//! Hands of the public PHH dataset that `felt replay` refused or misreported, each pinned by a
//! test named after the defect, on a hand written for it (tests/data/replay/real, each file's
//! comment shows the arithmetic). Where PokerKit 0.7.7 plays the hand, it must end with the same
//! stacks (`tests/pokerkit/finishing_stacks.py`; skipped without PokerKit, as in pokerkit.rs).

use std::process::Command as Process;

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

use crate::common;

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

fn sample(name: &str) -> String {
    format!("{}/tests/data/replay/real/{name}.phh", env!("CARGO_MANIFEST_DIR"))
}

/// The final stacks `felt replay --json` gives the hand of `path` (the first line's report).
fn felt_stacks(path: &str) -> Vec<String> {
    let out = felt().args(["replay", "--check", "--json", path]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let report: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(report["ok"], Value::Bool(true), "{text}");
    let stacks = report["final_stacks"].as_array().expect("final stacks");
    stacks.iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// The finishing stacks PokerKit 0.7.7 gives the hand of `path`, or `None` without PokerKit.
fn pokerkit_stacks(path: &str) -> Option<Vec<String>> {
    let python = common::pokerkit_python()?;
    let script = format!("{}/tests/pokerkit/finishing_stacks.py", env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("hand.phhs");
    std::fs::write(&bundle, format!("[1]\n{}", std::fs::read_to_string(path).unwrap())).unwrap();
    let out = Process::new(python).arg(script).arg(&bundle).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let line = String::from_utf8(out.stdout).unwrap();
    let mut fields = line.split_whitespace();
    assert_eq!(fields.next(), Some("1"), "{line}");
    Some(fields.map(str::to_string).collect())
}

/// A stack as a number: `inf` and PokerKit's `Infinity` are the same, as are `99.00` and `99`.
fn number(stack: &str) -> f64 {
    match stack {
        "inf" | "Infinity" => f64::INFINITY,
        _ => stack.parse().unwrap_or_else(|_| panic!("not a stack: {stack}")),
    }
}

/// Checks that feltkit and, where available, PokerKit end the hand of `name` with the
/// hand-worked stacks `expected`.
fn same_stacks(name: &str, expected: &[&str]) {
    let path = sample(name);
    let want: Vec<f64> = expected.iter().map(|s| number(s)).collect();
    let ours: Vec<f64> = felt_stacks(&path).iter().map(|s| number(s)).collect();
    assert_eq!(ours, want, "feltkit, {name}");
    if let Some(theirs) = pokerkit_stacks(&path) {
        let theirs: Vec<f64> = theirs.iter().map(|s| number(s)).collect();
        assert_eq!(theirs, want, "PokerKit 0.7.7, {name}");
    }
}

#[test]
fn repeated_show_of_the_same_cards_in_an_all_in_runout_is_accepted() {
    // Hand-worked: p1's aces win the pot of 200 (PokerKit 0.7.7 itself refuses the second show).
    let path = sample("repeated_show_in_all_in_runout");
    felt()
        .args(["replay", "--check", &path])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("legal, results match"))
        .stdout(predicate::str::contains("final stacks: 200, 0"));
    assert_eq!(felt_stacks(&path), ["200", "0"]);
    // Cards not known at the first shows (`????`) may be shown at the end, as online records
    // write it (PokerKit plays this one).
    same_stacks("repeated_show_unknown_until_the_end", &["200", "0"]);
    // Showing other cards the second time is still refused, saying what was shown.
    let text = std::fs::read_to_string(&path).unwrap();
    let changed = text.replacen(
        "'p1 sm AsAh',\n  'p2 sm 7c2d',\n  'd db 8h'",
        "'p1 sm AsKs',\n  'p2 sm 7c2d',\n  'd db 8h'",
        1,
    );
    assert_ne!(changed, text);
    felt()
        .args(["replay", "-"])
        .write_stdin(changed)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("ILLEGAL action 8 `p1 sm AsKs`"))
        .stdout(predicate::str::contains(
            "p1 showed As Ah and now shows As Ks: a player who shows again must show the same cards",
        ));
}

#[test]
fn winner_may_show_after_everyone_else_folded() {
    same_stacks("winner_shows_after_everyone_folded", &["98", "102"]);
    // A player who folded still has nothing to show.
    let text = std::fs::read_to_string(sample("winner_shows_after_everyone_folded")).unwrap();
    felt()
        .args(["replay", "-"])
        .write_stdin(text.replace("'p2 sm 7c2d'", "'p1 sm AsAh'"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("p1 has folded and has no hand to show"));
}

#[test]
fn unknown_loser_at_showdown_is_settled_by_the_recorded_winnings() {
    same_stacks("unknown_loser_at_showdown", &["98", "98", "104"]);
    felt()
        .args(["replay", "--check", &sample("unknown_loser_at_showdown")])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "note: the hole cards of p1 are not known at showdown and the recorded `winnings` award nothing to them",
        ));
}

#[test]
fn results_that_award_no_one_anything_do_not_settle_unknown_hands() {
    // iPoker's records write `winnings` as all zeros: they tell nothing of who won.
    let text = std::fs::read_to_string(sample("unknown_loser_at_showdown")).unwrap();
    let zeros = text.replace("winnings = [0, 0, 6]", "winnings = [0, 0, 0]");
    assert_ne!(zeros, text);
    felt()
        .args(["replay", "-"])
        .write_stdin(zeros)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("UNDECIDED: p1's hand includes an unknown card"));
}

#[test]
fn undecided_hand_with_results_is_counted_as_undecided_not_unfinished() {
    // The record awards the pot to p1, whose cards are not known: nothing decides it.
    let text = std::fs::read_to_string(sample("unknown_loser_at_showdown")).unwrap();
    let awarded = text.replace("winnings = [0, 0, 6]", "winnings = [6, 0, 0]");
    assert_ne!(awarded, text);
    felt()
        .args(["replay", "--check", "-"])
        .write_stdin(awarded)
        .assert()
        .code(1)
        .stdout(predicate::str::contains("UNDECIDED"))
        .stdout(predicate::str::contains(
            "1 hand in 1 file: 0 legal and matching, 1 legal with pots undecided (unknown cards), 0 illegal, 0 mismatched, 0 unfinished,",
        ));
}

#[test]
fn rake_in_cents_at_whole_dollar_stakes_counts_the_hand_in_cents() {
    // PokerKit 0.7.7 reads `rake` as a function of its own and cannot load the hand: the
    // hand-worked stacks are the oracle.
    let path = sample("rake_in_cents_at_whole_dollar_stakes");
    assert_eq!(felt_stacks(&path), ["99.00", "94.00", "107.00"]);
    felt()
        .args(["replay", "--check", &sample("rake_in_cents_at_whole_dollar_stakes")])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("final stacks: 99.00, 94.00, 107.00"))
        .stdout(predicate::str::contains("recorded winnings are 0.65 less than the pot of 13.00"));
}

#[test]
fn infinite_starting_stacks_are_played_and_end_infinite() {
    same_stacks("unknown_stacks_inf", &["inf", "98", "inf"]);
    let text = std::fs::read_to_string(sample("unknown_stacks_inf")).unwrap();
    // A finite finishing stack for a player whose stack was not known is a mismatch.
    felt()
        .args(["replay", "--check", "-"])
        .write_stdin(text.replace("finishing_stacks = [inf, 98, inf]", "finishing_stacks = [414, 98, inf]"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "p1 started with a stack not known (`inf`), so it ends not known: recorded 414, expected inf",
        ));
}

#[test]
fn a_stack_that_is_not_a_number_says_what_was_found_not_a_date() {
    let text = std::fs::read_to_string(sample("unknown_stacks_inf")).unwrap();
    for (stacks, found) in [("[abc, 100, inf]", "`abc`"), ("[-inf, 100, inf]", "`-inf`")] {
        felt()
            .args(["replay", "-"])
            .write_stdin(text.replace("[inf, 100, inf]", stacks))
            .assert()
            .code(2)
            .stdout(predicate::str::contains(format!(
                "MALFORMED: field `starting_stacks` (line 10): expected a number, found {found} (or `inf` for a stack not known)"
            )));
    }
    // `inf` is a stack, not a blind.
    felt()
        .args(["replay", "-"])
        .write_stdin(
            text.replace("blinds_or_straddles = [1, 2, 0]", "blinds_or_straddles = [1, inf, 0]"),
        )
        .assert()
        .code(2)
        .stdout(predicate::str::contains("expected a number, found `inf`"))
        .stdout(predicate::str::contains("date").not());
}

#[test]
fn negative_blind_is_a_newcomers_live_post_that_does_not_open_the_betting() {
    same_stacks("negative_blind_newcomer_post", &["104", "98", "98"]);
    // p3 acts first, after the big blind: no one timed out.
    felt()
        .args(["replay", "--check", &sample("negative_blind_newcomer_post")])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("note:").not());
}

#[test]
fn session_does_not_carry_over_stacks_that_are_not_known() {
    // Two hands at one table, every stack `inf`: nothing to carry over, nothing broken (the
    // chips the engine plays such a stack with never show).
    let hand = |k: u32, seats: &str, players: &str| {
        format!(
            "[{k}]\nvariant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n\
             starting_stacks = [inf, inf, inf]\n\
             actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', 'p2 f']\n\
             table = 'T'\nseats = {seats}\nplayers = {players}\n"
        )
    };
    let bundle = hand(1, "[1, 2, 3]", "['a', 'b', 'c']") + &hand(2, "[2, 3, 1]", "['b', 'c', 'a']");
    felt()
        .args(["replay", "--session", "-"])
        .write_stdin(bundle)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("2 hands, no table rule broken"))
        .stdout(predicate::str::contains("a: 2 hands, brought 0, result unknown"))
        .stdout(predicate::str::contains("1000000000000000").not());
}
