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

/// `felt replay --check` finds every one of the bundle's `hands` legal and matching.
fn replays_clean(bundle: String, hands: usize) {
    felt().args(["replay", "--check", "-"]).write_stdin(bundle).assert().code(0).stdout(
        predicate::str::contains(format!("{hands} hands in 1 file: {hands} legal and matching")),
    );
}

#[test]
fn every_game_deals_hands_that_replay_legal_and_matching() {
    let games =
        ["NT", "FT", "PT", "F7S", "nlhe", "flhe", "plhe", "plo", "flo8", "turnover", "stud7"];
    for game in games {
        replays_clean(deal(&["--game", game, "-n", "150", "--seed", "5"]), 150);
    }
}

#[test]
fn other_hole_cards_and_structures_are_written_and_replay_legal_and_matching() {
    // Five-card pot-limit Omaha, Big O (five-card Omaha high-low, pot limit), six-card Omaha,
    // no-limit Omaha, fixed-limit no-limit hold'em's code, pot-limit deuce-to-seven and Omaha
    // pot limit before the flop and no limit after.
    let cases: [(&[&str], &str); 7] = [
        (&["--game", "PO", "--hole-cards", "5"], "_hole_cards = 5\n"),
        (
            &["--game", "FO/8", "--hole-cards", "5", "--structure", "pot-limit"],
            "_structure = 'pot-limit'\n_hole_cards = 5\n",
        ),
        (&["--game", "PO", "--hole-cards", "6"], "_hole_cards = 6\n"),
        (&["--game", "PO", "--structure", "no-limit"], "_structure = 'no-limit'\n"),
        (&["--game", "NT", "--structure", "fixed-limit"], "_structure = 'fixed-limit'\n"),
        (&["--game", "F2L3D", "--structure", "pot-limit"], "_structure = 'pot-limit'\n"),
        (
            &["--game", "plo", "--structure", "pot-limit-preflop"],
            "_structure = 'pot-limit-preflop'\n",
        ),
    ];
    for (args, fields) in cases {
        let bundle = deal(&[args, &["-n", "150", "--seed", "5"]].concat());
        assert_eq!(bundle.matches(fields).count(), 150, "{args:?}");
        replays_clean(bundle, 150);
    }
    felt()
        .args(["deal", "--game", "stud7", "--structure", "no-limit"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("stud7 opens its betting with a bring-in"));
    felt().args(["deal", "--game", "NT", "--structure", "pot limit"]).assert().code(2).stderr(
        predicate::str::contains(
            "--structure: expected no-limit, pot-limit, fixed-limit or pot-limit-preflop (pot limit before the flop, no limit after), not `pot limit`",
        ),
    );
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
        .args(["deal", "--game", "5CD"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--game 5CD: expected one of NT, FT"));
    felt()
        .args(["deal", "--game", "stud7", "--players", "9"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("stud7 is played by 2 to 8 players, not 9"));
    // Six cards each, five board cards and three burns: seven players at most.
    felt()
        .args(["deal", "--game", "PO", "--hole-cards", "6", "--players", "8"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "PO with 6 hole cards is played by 2 to 7 players, not 8",
        ));
    felt()
        .args(["deal", "--game", "NT", "--hole-cards", "5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--hole-cards 5: the number of hole cards is chosen in the Omaha games (PO, FO/8, plo, flo8) only: NT deals 2",
        ));
    felt().args(["deal", "--game", "FO/8", "--hole-cards", "7"]).assert().code(2).stderr(
        predicate::str::contains(
            "--hole-cards 7: expected 4, 5 or 6 hole cards (the Omaha games feltkit plays), not 7",
        ),
    );
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

#[test]
fn stakes_set_the_forced_bets_and_scale_the_stacks() {
    let bundle = deal(&["--game", "nlhe", "-n", "30", "--players", "3", "--stakes", "50/100"]);
    assert_eq!(bundle.matches("blinds_or_straddles = [50, 100, 0]\nmin_bet = 100\n").count(), 30);
    // Stacks are drawn from 1 to 150 big bets: none below one big blind.
    for line in bundle.lines().filter(|l| l.starts_with("starting_stacks")) {
        let stacks = line.trim_start_matches("starting_stacks = [").trim_end_matches(']');
        assert!(stacks.split(", ").all(|x| x.parse::<i64>().unwrap() >= 100), "{line}");
    }
    let bundle =
        deal(&["--game", "stud7", "-n", "10", "--stakes", "ante=5,bring-in=10,bets=25/50"]);
    assert_eq!(bundle.matches("small_bet = 25\nbig_bet = 50\nbring_in = 10\n").count(), 10);
    // Stud's ante and bring-in follow the bets unless given.
    let bundle = deal(&["--game", "stud7", "-n", "1", "--players", "2", "--stakes", "50/100"]);
    assert!(bundle.contains("antes = [10, 10]\nsmall_bet = 50\nbig_bet = 100\nbring_in = 20\n"));
    let bundle =
        deal(&["--game", "flhe", "-n", "1", "--players", "4", "--stakes", "blinds=5/10/20"]);
    assert!(bundle.contains("blinds_or_straddles = [5, 10, 20, 0]\nsmall_bet = 20\nbig_bet = 40\n"));
    for game in ["nlhe", "stud7", "americana"] {
        replays_clean(
            deal(&["--game", game, "-n", "100", "--stakes", "ante=3", "--seed", "9"]),
            100,
        );
    }
}

#[test]
fn stakes_that_do_not_fit_the_game_are_refused_before_any_hand() {
    for (game, stakes, message) in [
        ("nlhe", "bring-in=3", "--stakes: bring-in: nlhe has blinds, no bring-in"),
        ("nlhe", "bets=5/10", "--stakes: bets: nlhe has a minimum bet (min-bet=X)"),
        ("nlhe", "10/5", "--stakes: blinds: 5 after 10: each blind or straddle is at least"),
        ("stud7", "blinds=1/2", "--stakes: blinds: stud7 has no blinds"),
        ("stud7", "min-bet=4", "--stakes: min-bet: stud7 bets in two sizes"),
        ("stud7", "10/5", "--stakes: bets: 10/5: the big bet is at least the small one"),
        ("americana", "1/2", "--stakes: bets: americana sizes its bring-in and bets from the ante"),
        ("nlhe", "blinds=1/2/4/8", "--stakes: blinds: 4 blinds or straddles for 3 players"),
        // The presets' straddle rule, as the engine holds it, in deal's own words.
        ("nlhe", "blinds=1/2/3", "--stakes: blinds: 3 after 2: a straddle is at least twice the blind or straddle before it, each from the seat after the one before"),
        ("nlhe", "ante=x", "`ante=x`: expected a whole number of chips from 0"),
        ("nlhe", "ante=1,ante=2", "`ante` is given twice"),
        ("nlhe", "pot=3", "`pot` is not a part of the stakes"),
    ] {
        felt()
            .args(["deal", "--game", game, "--players", "3", "--stakes", stakes, "-n", "5"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
}

#[test]
fn a_style_flag_plays_every_hand_alike() {
    // Nobody folds: eight stud players all reach seventh street, where the deck runs short and
    // one community card is dealt to all.
    let out = felt()
        .args(["deal", "--game", "stud7", "--players", "8", "-n", "20", "--fold", "0", "--stats"])
        .assert()
        .code(0)
        .get_output()
        .clone();
    let stats = String::from_utf8(out.stderr).unwrap();
    let line = stats.lines().find(|l| l.contains("stud community cards")).unwrap();
    assert!(line.split_whitespace().any(|w| w == "20"), "{line}");
    let bundle = String::from_utf8(out.stdout).unwrap();
    assert_eq!(bundle.matches(" f'").count(), 0, "a player folded");
    felt()
        .args(["deal", "--game", "nlhe", "--fold", "101"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`101`: expected a percentage from 0 to 100"));
}

#[test]
fn a_session_is_one_table_that_replay_session_finds_clean_and_notices_when_tampered() {
    for (game, seats) in [("nlhe", "6"), ("flhe", "2"), ("stud7", "8"), ("PT", "9")] {
        let bundle = deal(&["--game", game, "--session", "--players", seats, "-n", "400"]);
        felt()
            .args(["replay", "--session", "--check", "-"])
            .write_stdin(bundle.clone())
            .assert()
            .code(0)
            .stdout(predicate::str::contains(
                "400 hands in 1 file: 400 legal and matching, 0 legal with pots undecided (unknown cards), 0 illegal, 0 mismatched, 0 unfinished, 0 unsupported, 0 malformed; 0 table rules broken in 1 session",
            ));
        // Without hand 200 the stacks no longer carry over (and the button skips a seat).
        let start = bundle.find("\n[200]\n").unwrap();
        let end = bundle.find("\n[201]\n").unwrap();
        let cut = format!("{}{}", &bundle[..start], &bundle[end..]);
        let out = felt().args(["replay", "--session", "--check", "-"]).write_stdin(cut).assert();
        let report = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert!(report.contains("TABLE RULE BROKEN (stacks-carry-over)"), "{game}");
    }
    // Players leave and sit down: dead buttons, dead small blinds, new players waiting for the
    // big blind, all found legal above.
    let bundle = deal(&["--game", "nlhe", "--session", "--players", "6", "-n", "400"]);
    assert!(bundle.matches("\n_button = ").count() > 10);
    assert!(bundle.matches("\n_sitting_out = ").count() > 10);
    assert!(bundle.matches("\n_buy_ins = ").count() > 10);
    // The first hand: every seat dealt in, seat 1 on the small blind.
    let bundle = deal(&["--game", "nlhe", "--session", "--players", "3", "-n", "2"]);
    assert!(bundle.contains("hand = 1\nplayers = ['Ann', 'Bob', 'Cid']\nseats = [1, 2, 3]\n"));
    assert!(bundle.contains("hand = 2\nplayers = ['Bob', 'Cid', 'Ann']\nseats = [2, 3, 1]\n"));
    felt()
        .args(["deal", "--game", "nlhe", "--session", "--players", "2-4"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--session plays at one table: give --players one number",
        ));
}
