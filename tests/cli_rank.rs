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
        .stdout(contains("\"error\":\"expected 5, 6 or 7 cards, got 2\""));
}
