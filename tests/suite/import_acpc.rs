//! ACPC match logs: each hand-written log in `tests/data/acpc` replays to the stacks worked out
//! by hand below under the competition's games (no limit: 20,000 chips, blinds 50 and 100;
//! fixed limit: blinds 5 and 10, bets 10 and 20), the log's own results are checked against the
//! replay, and a line that cannot be read is reported at its line.

use assert_cmd::Command;
use feltkit::import::{acpc, sniff, Format};
use feltkit::phh::{replay_text, HandReport, Status};
use predicates::prelude::*;

fn path(name: &str) -> String {
    format!("{}/tests/data/acpc/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

/// Every hand of a log, converted and replayed with `--check`.
fn replayed(name: &str) -> Vec<HandReport> {
    let text = std::fs::read_to_string(path(name)).unwrap();
    acpc::convert(&text).iter().map(|h| replay_text(&h.phh, name, true).remove(0)).collect()
}

fn stacks(r: &HandReport) -> Vec<String> {
    let o = r.outcome.as_ref().unwrap_or_else(|| panic!("not settled: {r:?}"));
    o.final_stacks.iter().map(|&c| r.chips(c)).collect()
}

/// Each hand legal, matching the log's results, with these final stacks.
fn all_match(name: &str, expected: &[&[&str]]) {
    let reports = replayed(name);
    assert_eq!(reports.len(), expected.len(), "{name}");
    for (r, want) in reports.iter().zip(expected) {
        assert!(r.ok() && r.checked, "{name}: {:?} {:?}", r.status, r.mismatches);
        assert_eq!(stacks(r), *want, "{name} hand {:?}", r.hand);
    }
}

#[test]
fn no_limit_raises_are_to_a_total_over_the_hand_and_the_big_blind_is_first_heads_up() {
    all_match(
        "nolimit_2p.log",
        &[
            // Bob raises to 200, Alice calls; on the flop Bob raises to 400 in all (200 more),
            // Alice calls; on the turn Alice bets to 1000 in all and Bob folds: +400 Alice.
            &["20400", "19600"],
            // Alice (button) raises to 300, Bob to 900, Alice calls; Bob's queens win 900.
            &["20900", "19100"],
            // The button folds its small blind.
            &["20050", "19950"],
            // All-in before the flop for 20,000; Alice's queens hold.
            &["0", "40000"],
        ],
    );
    let text = std::fs::read_to_string(path("nolimit_2p.log")).unwrap();
    let first = &acpc::convert(&text)[0].phh;
    for field in [
        "variant = 'NT'",
        "hand = 0",
        "players = ['Alice', 'Bob']",
        "blinds_or_straddles = [50, 100]",
        "starting_stacks = [20000, 20000]",
        "'p2 cbr 200', 'p1 cc', 'd db 8dTh6d', 'p1 cc', 'p2 cbr 200'",
        "finishing_stacks = [20400, 19600]",
        "_text_line = 3",
    ] {
        assert!(first.contains(field), "{field}: {first}");
    }
}

#[test]
fn fixed_limit_raises_are_one_bet_more_small_bets_then_big_bets() {
    all_match(
        "limit_2p.log",
        &[
            // 20 before the flop, 40 on the flop (bet, raise, call), a river bet of 20: 60.
            &["20060", "19940"],
            // Four bets before the flop (40), four on the flop (80 in all), a fold on the turn.
            &["19920", "20080"],
        ],
    );
    let text = std::fs::read_to_string(path("limit_2p.log")).unwrap();
    let hand = &acpc::convert(&text)[1].phh;
    assert!(hand.contains("variant = 'FT'") && hand.contains("small_bet = 10"), "{hand}");
}

#[test]
fn three_players_are_small_blind_big_blind_button_and_a_tie_splits_the_pot() {
    all_match(
        "limit_3p.log",
        &[
            // 20 each before the flop; Ann's turn bet of 20 is not called.
            &["20040", "19980", "19980"],
            // Everyone plays the board's aces full of kings: 10 each back.
            &["20000", "20000", "20000"],
        ],
    );
}

#[test]
fn the_older_form_names_the_players_first() {
    all_match("players_first.log", &[&["20400", "19600"], &["20050", "19950"]]);
}

#[test]
fn a_wrong_result_an_unreadable_line_and_an_illegal_raise_are_reported_at_their_lines() {
    let r = replayed("broken.log");
    assert_eq!(r.len(), 5);
    assert_eq!(
        r[0].mismatches,
        [
            "line 2: the log's result for p1 is -400, the replay's +400",
            "line 2: the log's result for p2 is +400, the replay's -400"
        ]
    );
    let malformed = |r: &HandReport| match &r.status {
        Status::Malformed { reason, .. } => reason.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        malformed(&r[1]),
        "line 3: the betting `r200x`, character 5: expected `c`, `f`, `r` or `/`, not `x`"
    );
    assert!(malformed(&r[2]).starts_with("line 4: expected `STATE:HAND:BETTING"), "{:?}", r[2]);
    assert_eq!(
        malformed(&r[3]),
        "line 5: expected cards (`Ks4s`) in the hole cards of player 2, not `Qh1c`"
    );
    // Bob raises to 200; Alice's raise to 250 is less than a full raise (to 300).
    match &r[4].status {
        Status::Illegal { reason, .. } => {
            assert!(reason.contains("below the minimum of 300") && reason.contains("line 6"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_acpc_log_is_known_by_its_first_hand_line() {
    assert_eq!(sniff(b"# name/game\nSTATE:0:f:2c3d|AhAd:50|-50:A|B\n"), Some(Format::Acpc));
    assert_eq!(sniff(b"A|B:0:f:2c3d|AhAd:50|-50\n"), Some(Format::Acpc));
    assert_eq!(sniff(b"# just a comment\nvariant = 'NT'\n"), None);
    assert_eq!(sniff(b"STATES:0\n"), None);
}

#[test]
fn felt_replay_and_convert_read_acpc_logs() {
    felt()
        .args(["replay", "--check", &path("nolimit_2p.log")])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("[4] hand 3 (NT): legal, results match"))
        .stdout(predicate::str::contains("4 hands in 1 file: 4 legal and matching"));
    felt()
        .args(["replay", "--check", &path("broken.log")])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "[2] hand 1 (NT): MALFORMED: line 3: the betting `r200x`, character 5",
        ))
        .stdout(predicate::str::contains(
            "mismatch: line 2: the log's result for p1 (Alice) is -400, the replay's +400",
        ));
    let text = std::fs::read(path("limit_3p.log")).unwrap();
    felt()
        .args(["replay", "--check", "--format", "acpc", "-"])
        .write_stdin(text)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("<stdin> [2] hand 1 (FT): legal, results match"));
    felt()
        .args(["convert", &path("limit_2p.log"), &path("broken.log")])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("[7]\nvariant = 'NT'\nhand = 4\n"))
        .stderr(predicate::str::contains(
            "7 hands from 2 inputs: 4 to replay, 0 not replayable (a game or feature feltkit does not play), 0 cut off, 3 unreadable",
        ));
}

#[test]
fn an_acpc_raise_past_the_stack_is_refused_quoting_the_log() {
    // Stacks are 20,000: a raise to 10^17 (or to a number of 21 digits, past any integer) was
    // an all-in that left "nobody to act", or "expected `rN`".
    let log = "STATE:0:r99999999999999999c/cc/cc/cc:Ks4s|QhJc/8dTh6d/3h/2c:0|0:A|B\n\
               STATE:1:r123456789012345678901c:Ks4s|QhJc/8dTh6d/3h/2c:0|0:A|B\n";
    let hands = feltkit::import::acpc::convert(log);
    for (h, digits) in hands.iter().zip(["99999999999999999", "123456789012345678901"]) {
        let r = feltkit::phh::replay_text(&h.phh, "t", true).remove(0);
        match &r.status {
            Status::Malformed { reason, .. } => assert!(
                reason.ends_with(&format!(
                    "character 1: `r{digits}` raises to more than the stack of 20000 chips"
                )),
                "{reason}"
            ),
            other => panic!("{other:?}"),
        }
    }
}
