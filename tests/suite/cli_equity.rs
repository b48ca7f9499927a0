//! `felt equity` driven through the real binary.

use assert_cmd::Command;
use predicates::prelude::*;

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = felt().arg("equity").args(args).arg("--json").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn plain_output_is_an_aligned_table_naming_the_method() {
    felt()
        .args(["equity", "AhKh", "QsQd"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "method: exhaustive (chosen automatically), 1712304 deals",
        ))
        .stdout(predicate::str::contains("AhKh     46.2145%   46.0179%    0.3932%"))
        .stdout(predicate::str::contains("QsQd     53.7855%"));
}

#[test]
fn json_has_method_deals_and_players() {
    let v = json(&["AhKh", "QsQd", "--board", "Kd8h2c"]);
    assert_eq!(v["method"], "exhaustive");
    assert_eq!(v["deals"], 990);
    let p = &v["players"][0];
    assert_eq!(p["spec"], "AhKh");
    assert!(p.get("stderr").is_none());
    let sum = p["equity"].as_f64().unwrap() + v["players"][1]["equity"].as_f64().unwrap();
    assert!((sum - 1.0).abs() < 1e-12);
}

#[test]
fn monte_carlo_is_reproducible_across_thread_counts_and_reports_stderr() {
    let args = ["QQ+,AKs", "JJ-99,AQs", "--monte-carlo", "--iterations", "100000", "--seed", "7"];
    let one = json(&[&args[..], &["--threads", "1"]].concat());
    let two = json(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(one, two);
    assert_eq!(one["method"], "monte_carlo");
    assert_eq!(one["deals"], 100000);
    assert!(one["players"][0]["stderr"].as_f64().unwrap() > 0.0);
}

#[test]
fn bad_input_exits_2_with_the_player_and_token() {
    felt().args(["equity", "AA", "KK+,AQx"]).assert().code(2).stderr(predicate::str::contains(
        "player 2 (\"KK+,AQx\"): range token 2 (\"AQx\", column 5)",
    ));
    felt()
        .args(["equity", "AhKh", "AhQd"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Ah is used twice: in player 1 and in player 2"));
    felt().args(["equity", "AA", "KK", "--exhaustive", "--monte-carlo"]).assert().code(2);
    felt().args(["equity", "AA", "KK", "--board", "2c3c"]).assert().code(2);
}

#[test]
fn a_stopping_rule_means_monte_carlo_and_is_refused_with_exhaustive() {
    let v = json(&["AhKh", "QsQd", "--iterations", "10000"]);
    assert_eq!(v["method"], "monte_carlo");
    assert_eq!(v["deals"], 10000);
    felt().args(["equity", "AhKh", "QsQd", "--exhaustive", "--iterations", "10"]).assert().code(2);
}

#[test]
fn monte_carlo_with_a_full_board_deals_no_extra_card() {
    // Regression: with five board cards and exact hands the one-draw dealer added a sixth card.
    let mc =
        json(&["AhKh", "QsQd", "--board", "2c7d9hJs4h", "--monte-carlo", "--iterations", "1000"]);
    let exact = json(&["AhKh", "QsQd", "--board", "2c7d9hJs4h", "--exhaustive"]);
    assert_eq!(exact["players"][1]["equity"], 1.0);
    assert_eq!(mc["players"][1]["equity"], 1.0);
    let turn =
        json(&["AhKh", "QsQd", "--board", "2c7d9hJs", "--monte-carlo", "--iterations", "20000"]);
    let turn_exact = json(&["AhKh", "QsQd", "--board", "2c7d9hJs", "--exhaustive"]);
    let (a, b) = (
        turn["players"][0]["equity"].as_f64().unwrap(),
        turn_exact["players"][0]["equity"].as_f64().unwrap(),
    );
    assert!((a - b).abs() < 0.02, "turn: {a} vs exact {b}");
}

#[test]
fn a_zero_weight_range_says_no_combo_has_a_weight_above_zero() {
    // Regression: `AA:0` was reported as "no combo left after removing those that use the
    // board, dead or other players' cards", which blamed cards that were never given.
    felt().args(["equity", "AA:0", "KK"]).assert().code(2).stderr(
        "felt: player 1 (\"AA:0\"): range token 1 (\"AA:0\", column 1): the range has no combo \
         with a weight above zero (a weight of 0, or one below 0.0005, removes a hand): expected \
         at least one hand weighted above 0, such as `AA` or `AA:0.5`\n",
    );
    // The token that emptied the range is the one named.
    felt()
        .args(["equity", "KK", "QQ,AA:0,QQ:0"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "felt: player 2 (\"QQ,AA:0,QQ:0\"): range token 3 (\"QQ:0\", column 9): the range has no combo",
        ));
    // Collisions with the board keep their own message.
    felt()
        .args(["equity", "AhAs", "AA", "--board", "Ad2c3c"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no combo left after removing"));
}

#[test]
fn one_deal_is_singular() {
    // Regression: a full board with exact hands printed "1 deals".
    felt()
        .args(["equity", "AhKh", "QsQd", "--board", "2c3d4h5s9d"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("method: exhaustive (chosen automatically), 1 deal\n"));
}

#[test]
fn one_card_is_singular_in_card_count_errors() {
    // Regression: "board has 1 cards".
    felt()
        .args(["equity", "AhKh", "QsQd", "--board", "2c"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("board has 1 card, expected"));
    felt()
        .args(["equity", "--game", "turnover", "AhKdQc", "9s"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("1 card, expected"));
}

#[test]
fn numeric_flags_out_of_range_are_refused_with_their_range() {
    for (flag, value, says) in [
        ("--threads", "10000", "from 1 to 256"),
        ("--threads", "18446744073709551615", "from 1 to 256"),
        ("--threads", "0", "from 1 to 256"),
        ("--time", "1e20", "at most 86400"),
        ("--time", "0", "more than 0"),
        ("--iterations", "0", "from 1 to 1000000000000"),
        ("--iterations", "1000000000001", "from 1 to 1000000000000"),
    ] {
        felt()
            .args(["equity", "AhKh", "QsQd", flag, value])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(flag).and(predicate::str::contains(says)));
    }
}

#[test]
fn one_monte_carlo_deal_shows_its_standard_error_as_unknown_not_inf() {
    // Regression: `--iterations 1` printed `inf%` in the table.
    let out = felt()
        .args(["equity", "AhKh", "QsQd", "--iterations", "1"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let table = String::from_utf8(out).unwrap();
    assert!(!table.contains("inf"), "{table}");
    let rows: Vec<&str> = table.lines().skip(2).collect();
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.ends_with("  n/a")), "{table}");
    // JSON stays JSON: the key is there, with null.
    let v = json(&["AhKh", "QsQd", "--iterations", "1"]);
    assert_eq!(v["deals"], 1);
    for p in v["players"].as_array().unwrap() {
        assert_eq!(p.get("stderr"), Some(&serde_json::Value::Null), "{v}");
    }
}

#[test]
fn monte_carlo_json_has_a_stderr_key_and_exhaustive_json_has_none() {
    let mc = json(&["AhKh", "QsQd", "--iterations", "20000"]);
    assert!(mc["players"][0]["stderr"].as_f64().is_some_and(|se| se > 0.0 && se < 0.01));
    let exact = json(&["AhKh", "QsQd", "--board", "Kd8h2c"]);
    assert!(exact["players"][0].get("stderr").is_none());
}

#[test]
fn the_stderr_flag_must_be_above_0_and_at_most_1() {
    for bad in ["0", "1.5", "inf", "NaN", "x"] {
        felt().args(["equity", "AhKh", "QsQd", "--stderr", bad]).assert().code(2).stderr(
            predicate::str::contains(format!("invalid value '{bad}' for '--stderr")).and(
                predicate::str::contains(
                    "expected a standard error more than 0 and at most 1, such as 0.001",
                ),
            ),
        );
    }
    felt().args(["equity", "AhKh", "QsQd", "--stderr", "1"]).assert().success();
}

#[test]
fn a_range_token_typo_points_at_the_character() {
    // Regression: a doubled suitedness letter was "exact cards: bad suit K".
    felt().args(["equity", "QQ+,AKss", "JJ"]).assert().code(2).stderr(
        "felt: player 1 (\"QQ+,AKss\"): range token 2 (\"AKss\", column 5): 's' at column 8 \
         repeats the suitedness: write AKs\n",
    );
}

#[test]
fn a_range_for_a_stud_player_says_stud_takes_known_cards() {
    felt().args(["equity", "--game", "stud7", "QQ+", "AhKd7c"]).assert().code(2).stderr(
        "felt: player 1 (\"QQ+\"): stud7 takes each player's exact known cards (as in AhKd7c, \
         or \"\" when none are known), not a range: ranges are for holdem, shortdeck and the omaha games\n",
    );
}

#[test]
fn players_split_into_single_cards_get_a_hint_to_quote_the_hand() {
    felt().args(["equity", "Ah", "Kh", "QsQd"]).assert().code(2).stderr(
        "felt: player 1 (\"Ah\"): range token 1 (\"Ah\", column 1): 1 card: a hold'em hand is \
         two cards, as in AhKh, or a class such as AK (a hand written with a space is quoted: \
         \"Ah Kh\")\n\
         felt: hint: players 1 and 2 are one card each (Ah, Kh): give each player's cards as one \
         argument, written together (AhKh) or quoted (\"Ah Kh\")\n",
    );
    // Quoted, the same cards are one hand.
    let v = json(&["Ah Kh", "QsQd", "--board", "Kd8h2c"]);
    assert_eq!(v["deals"], 990);
}

#[test]
fn stud_players_split_into_single_cards_get_the_same_hint_as_a_note() {
    // One card per player is a legal stud deal, so the answer comes, with a note before it
    // saying how to give one player's cards, as hold'em's hint does.
    let note = "felt: note: players 1 and 2 are one card each (Kh, Kd); if they are one \
                player's cards, give them as one argument, written together (KhKd) or quoted \
                (\"Kh Kd\")\n";
    for game in ["stud7", "stud8", "razz"] {
        let args = ["equity", "--game", game, "Kh", "Kd", "QsQcJs", "--iterations", "1000"];
        let out = felt().args(args).assert().success().stderr(note).get_output().stdout.clone();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().count(), 5, "three players answered: {out}");
    }
    // One one-card player among others: no note.
    felt()
        .args(["equity", "--game", "stud7", "Kh", "QsQcJs", "--iterations", "1000"])
        .assert()
        .success()
        .stderr("");
}

#[test]
fn a_stud_player_with_no_known_cards_is_named_in_the_table() {
    felt()
        .args(["equity", "--game", "stud7", "", "AhKd7c", "--iterations", "1000"])
        .assert()
        .success()
        .stdout(predicate::str::contains("\n(none known)  "));
}

/// The first line `felt equity ARGS` writes to stderr, then the process is stopped: the runs
/// these are asked for take minutes to hours.
fn first_stderr_line(args: &[&str]) -> String {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("felt"))
        .arg("equity")
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stderr.take().unwrap()).read_line(&mut line).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    line
}

#[test]
fn a_long_exhaustive_run_prints_its_estimate_before_starting() {
    // Seven-card stud, 2 and 2 known cards: the library's model counts 0.5 ns per player and
    // deal, so (48 choose 5) * (43 choose 5) * 2 * 0.5 ns = 1.65e12 ns, 27 min on one thread.
    let line =
        first_stderr_line(&["--game", "stud7", "AhKd", "9s9h", "--exhaustive", "--threads", "1"]);
    assert_eq!(
        line,
        "felt: exhaustive enumeration estimated at 27 min on 1 thread (27 min of single-core work)\n"
    );
    // A short one says nothing.
    felt().args(["equity", "AhKh", "QsQd", "--exhaustive"]).assert().success().stderr("");
}

#[test]
fn an_exhaustive_run_over_3_hours_needs_allow_long() {
    // Seven-card stud, three players with 4, 3 and 3 known cards: 42 cards left, so (42
    // choose 3) * (39 choose 4) * (35 choose 4) * 3 players * 0.5 ns = 7.4e13 ns, 21 hours.
    let args =
        ["--game", "stud7", "AhKd7c5s", "9s9h2c", "QcJc3d", "--exhaustive", "--threads", "1"];
    felt().arg("equity").args(args).assert().code(2).stdout("").stderr(
        "felt: exhaustive enumeration estimated at 21 hours on 1 thread (21 hours of \
         single-core work), more than the 3 hours felt runs without asking: add --allow-long to run it, or \
         use Monte Carlo (--monte-carlo, or leave out --exhaustive), which stops at a standard \
         error of 0.0005 far sooner\n",
    );
    let line = first_stderr_line(&[&args[..], &["--allow-long"]].concat());
    assert_eq!(
        line,
        "felt: exhaustive enumeration estimated at 21 hours on 1 thread (21 hours of \
         single-core work)\n"
    );
}
