//! `felt deal` through the real binary: bundles that replay, the same on any thread count.

use assert_cmd::Command;
use predicates::prelude::*;

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

fn deal(args: &[&str]) -> String {
    let out = felt().arg("deal").args(args).assert().code(0).get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn every_game_deals_hands_that_replay_legal_and_matching() {
    for game in ["NT", "FT", "PT", "F7S", "nlhe", "flhe", "plhe", "turnover", "stud7"] {
        let bundle = deal(&["--game", game, "-n", "150", "--seed", "5"]);
        felt()
            .args(["replay", "--check", "-"])
            .write_stdin(bundle)
            .assert()
            .code(0)
            .stdout(predicate::str::contains("150 hands in 1 file: 150 legal and matching"));
    }
}

#[test]
fn the_same_seed_gives_the_same_bundle_on_any_thread_count() {
    let one = deal(&["--game", "stud7-spread", "-n", "300", "--seed", "42", "--threads", "1"]);
    let two = deal(&["--game", "stud7-spread", "-n", "300", "--seed", "42", "--threads", "2"]);
    assert_eq!(one, two);
    assert_ne!(one, deal(&["--game", "stud7-spread", "-n", "300", "--seed", "43"]));
    assert!(one.starts_with("[1]\nvariant = 'stud7-spread'\n"));
}

#[test]
fn players_and_stacks_are_as_asked() {
    let bundle = deal(&["--game", "americana-nl", "-n", "20", "--stacks", "50,60,70"]);
    assert_eq!(bundle.matches("starting_stacks = [50, 60, 70]").count(), 20);
    let bundle = deal(&["--game", "nlhe", "-n", "20", "--players", "2", "--stacks", "100"]);
    assert_eq!(bundle.matches("starting_stacks = [100, 100]").count(), 20);
}

#[test]
fn an_output_file_is_written_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hands.phhs");
    felt()
        .args(["deal", "--game", "americana", "-n", "50", "-o", path.to_str().unwrap()])
        .assert()
        .code(0)
        .stdout("");
    felt()
        .args(["replay", "--check", path.to_str().unwrap()])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("50 hands in 1 file: 50 legal and matching"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn bad_arguments_say_what_was_expected() {
    felt()
        .args(["deal", "--game", "PO"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--game PO: expected one of NT, FT"));
    felt()
        .args(["deal", "--game", "stud7", "--players", "9"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("stud7 is played by 2 to 8 players, not 9"));
    felt()
        .args(["deal", "--game", "nlhe", "--players", "3", "--stacks", "10,20"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("disagree"));
    felt()
        .args(["deal", "--game", "nlhe", "--stacks", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("from 1 to"));
}

#[test]
fn stats_count_what_the_hands_reached_on_stderr() {
    let out = felt()
        .args(["deal", "--game", "stud7", "-n", "500", "--stats"])
        .assert()
        .code(0)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    assert!(err.starts_with("felt deal: 500 stud7 hands, seed 0\n"), "{err}");
    let line = err.lines().find(|l| l.trim_start().starts_with("bring-ins ")).unwrap();
    assert!(line.ends_with("per 10,000 hands"), "{line}");
    assert!(!line.contains(" 0  "), "no bring-in in 500 stud hands: {line}");
}
