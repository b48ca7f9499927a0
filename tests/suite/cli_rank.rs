//! `felt rank` driven through the real binary.

use assert_cmd::Command;
use predicates::str::contains;

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

#[test]
fn ranks_arguments_with_category_names() {
    felt()
        .args(["rank", "AhKhQhJhTh", "2c3d4h5s7c", "Ac Ad Kc Kd Qh Qs 7c"])
        .assert()
        .success()
        .stdout(
            "AhKhQhJhTh\tstraight flush\t32777\n\
             2c3d4h5s7c\thigh card\t0\n\
             AcAdKcKdQhQs7c\ttwo pair\t9049\n",
        );
}

#[test]
fn json_lines_carry_hand_category_and_rank() {
    let out = felt().args(["rank", "--json", "10h10d10c2s2d"]).assert().success();
    let line = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let v: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(v["hand"], "ThTdTc2s2d");
    assert_eq!(v["category"], "full_house");
    assert_eq!(v["rank"].as_u64().unwrap() >> 12, 6);
}

#[test]
fn stdin_lines_keep_going_past_a_bad_line_and_exit_1() {
    felt()
        .arg("rank")
        .write_stdin("AhKhQhJhTh\nAhKhQhJhXh\n\n2c2d2h2s3c\nAhAhKdQc2s\n")
        .assert()
        .code(1)
        .stdout(contains("AhKhQhJhTh\tstraight flush"))
        .stdout(contains("2c2d2h2s3c\tfour of a kind"))
        .stderr(contains("line 2: card 5 (\"Xh\", column 9): bad rank"))
        .stderr(contains("line 5: card 2 (\"Ah\", column 3): Ah appears twice"));
}

#[test]
fn a_byte_order_mark_on_the_first_line_is_not_a_card() {
    felt()
        .arg("rank")
        .write_stdin("\u{feff}AhKhQhJhTh\r\n2c2d2h2s3c\r\n")
        .assert()
        .code(0)
        .stdout(contains("AhKhQhJhTh\tstraight flush"))
        .stdout(contains("2c2d2h2s3c\tfour of a kind"));
}

#[test]
fn americana_ranking_and_deck() {
    felt()
        .args(["rank", "--game", "americana", "7c8c9cJcKc", "AcAdAhKsKd"])
        .assert()
        .success()
        .stdout(contains("7c8c9cJcKc\tflush"))
        .stdout(contains("AcAdAhKsKd\tfull house"));
    felt().args(["rank", "--game", "americana", "6c8c9cJcKc"]).assert().code(1).stderr(contains(
        "hand 1: card 1 (\"6c\", column 1): 6c is not in the 32-card Americana deck",
    ));
}

#[test]
fn wrong_card_counts_are_errors() {
    felt()
        .args(["rank", "--json", "AhKh"])
        .assert()
        .code(1)
        .stdout(contains("\"error\":\"2 cards, expected 5, 6 or 7\""));
}

#[test]
fn a_line_that_is_not_utf8_is_a_bad_line_with_its_number() {
    // Regression: one such line stopped the whole run with "stream did not contain valid
    // UTF-8" and no line number.
    let input: &[u8] = b"AhKhQhJhTh\nAh\xffKhQhJh9h\n2c2d2h2s3c\n";
    felt()
        .arg("rank")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(
            "AhKhQhJhTh\tstraight flush\t32777\n\
             2c2d2h2s3c\tfour of a kind\t28672\n",
        )
        .stderr(
            "felt rank: line 2: not UTF-8 text: byte 0xFF at column 3; hands are written as text, \
             such as AhKhQhJhTh\n",
        );
    // JSON keeps the bad line's place, with the text as far as it can be shown.
    let out = felt().args(["rank", "--json"]).write_stdin(input).assert().code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["input"], "Ah\u{fffd}KhQhJh9h");
    assert!(lines[1]["error"].as_str().unwrap().starts_with("not UTF-8 text"));
    assert_eq!(lines[2]["hand"], "2c2d2h2s3c");
}

#[test]
fn a_line_far_too_long_is_a_bad_line_and_is_not_held_in_memory() {
    let mut input = "AhKhQhJhTh\n".to_string();
    input.push_str(&"Ah".repeat(50_000));
    input.push_str("\n2c2d2h2s3c\n");
    felt()
        .arg("rank")
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout(contains("AhKhQhJhTh\tstraight flush"))
        .stdout(contains("2c2d2h2s3c\tfour of a kind"))
        .stderr(
            "felt rank: line 2: the line is 100000 bytes long: a hand of 5 to 7 cards is far \
             shorter (lines are read up to 4096 bytes)\n",
        );
}

#[test]
fn a_hand_split_into_separate_arguments_gets_a_hint_to_quote_it() {
    felt()
        .args(["rank", "Ah", "Kh", "Qh", "Jh", "Th"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(contains("felt rank: hand 5: 1 card, expected 5, 6 or 7\n"))
        .stderr(contains(
            "felt rank: hint: 5 arguments have fewer than 5 cards each: each argument is one \
             hand, so quote a hand written with spaces, as in felt rank \"Ah Kh Qh Jh Th\"\n",
        ));
    // Quoted, it is one hand.
    felt()
        .args(["rank", "Ah Kh Qh Jh Th"])
        .assert()
        .success()
        .stdout("AhKhQhJhTh\tstraight flush\t32777\n");
    // One short argument among full hands is a plain mistake: no hint.
    felt()
        .args(["rank", "AhKhQhJhTh", "2c3d"])
        .assert()
        .code(1)
        .stderr("felt rank: hand 2: 2 cards, expected 5, 6 or 7\n");
}

#[test]
fn suit_symbols_are_read_as_suits() {
    felt()
        .args(["rank", "A♠ K♠ Q♠ J♠ T♠", "2♣2♦2♥2♠3♣"])
        .assert()
        .success()
        .stdout("AsKsQsJsTs\tstraight flush\t32777\n2c2d2h2s3c\tfour of a kind\t28672\n");
}
