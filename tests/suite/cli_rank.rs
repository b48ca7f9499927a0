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

/// The plain output's lines as (hand, name, value).
fn ranked(game: &str, hands: &[&str]) -> Vec<(String, String, u32)> {
    let out = felt().args(["rank", "--game", game]).args(hands).assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    text.lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), f[1].to_string(), f[2].parse().unwrap())
        })
        .collect()
}

fn cards(s: &str) -> Vec<feltkit::card::Card> {
    feltkit::card::parse_cards(s, feltkit::card::Deck::Standard).unwrap()
}

/// Checks that `values` order the hands as the reference values do (equal stays equal, better
/// stays better).
fn same_order(values: &[u32], reference: &[u32]) {
    for i in 0..values.len() {
        for j in 0..values.len() {
            assert_eq!(values[i].cmp(&values[j]), reference[i].cmp(&reference[j]), "{i} {j}");
        }
    }
}

#[test]
fn ace_five_ranks_the_wheel_best_and_names_lows_by_their_cards() {
    use feltkit::eval::reference::games::ace_five;
    let hands = ["Ac2d3h4s5c", "2c3d4h5s6c", "Kc 9d 7h 4s 2c Ad 2h", "AcAd2h3s4c", "AcAdAh2s2c"];
    let r = ranked("razz", &hands);
    let names: Vec<&str> = r.iter().map(|x| x.1.as_str()).collect();
    assert_eq!(
        names,
        ["5-4-3-2-A low", "6-5-4-3-2 low", "9-7-4-2-A low", "one pair", "full house"]
    );
    let values: Vec<u32> = r.iter().map(|x| x.2).collect();
    same_order(&values, &hands.map(|h| ace_five(&cards(h))));
    assert_eq!(values.iter().max(), Some(&values[0]));
}

#[test]
fn deuce_seven_ranks_7_5_4_3_2_best_and_the_ace_high() {
    use feltkit::eval::reference::games::deuce_seven5;
    let hands =
        ["7c5d4h3s2c", "7c6d4h3s2c", "8c5d4h3s2c", "KcQdJhTs8c", "Ac5d4h3s2c", "6c5d4h3s2c"];
    let r = ranked("deuce-seven", &hands);
    let names: Vec<&str> = r.iter().map(|x| x.1.as_str()).collect();
    assert_eq!(
        names,
        [
            "7-5-4-3-2 low",
            "7-6-4-3-2 low",
            "8-5-4-3-2 low",
            "K-Q-J-T-8 low",
            "A-5-4-3-2 low",
            "straight"
        ]
    );
    let values: Vec<u32> = r.iter().map(|x| x.2).collect();
    same_order(&values, &hands.map(|h| deuce_seven5(&cards(h))));
    assert!(values.windows(2).all(|w| w[0] > w[1]));
}

#[test]
fn eight_or_better_says_no_low_and_ranks_stud_and_omaha_hands() {
    use feltkit::eval::reference::games::{eight_low, omaha_low};
    let stud = ["5c4d3h2sAc", "8c7d6h5s4c", "Kc 8d 7h 2s Ac 2d 5h", "9c4d3h2sAc", "4c4d3h2sAcKd"];
    let r = ranked("eight-or-better", &stud);
    let names: Vec<&str> = r.iter().map(|x| x.1.as_str()).collect();
    assert_eq!(names, ["5-4-3-2-A low", "8-7-6-5-4 low", "8-7-5-2-A low", "no low", "no low"]);
    // No low is below every low: the reference's `None` as 0.
    let reference = stud.map(|h| eight_low(&cards(h)).map_or(0, |v| v + 1));
    same_order(&r.iter().map(|x| x.2).collect::<Vec<_>>(), &reference);
    // Omaha hi-lo: two hole cards and three board cards; the 3 cannot join A-2.
    let r = ranked("eight-or-better", &["AcKc2d3d/4h5h6s9s8s", "AcKc2d3d/9h9sTsJsQs"]);
    assert_eq!((r[0].0.as_str(), r[0].1.as_str()), ("AcKc2d3d/4h5h6s9s8s", "6-5-4-2-A low"));
    assert_eq!(r[1].1, "no low");
    assert_eq!(omaha_low(&cards("AcKc2d3d"), &cards("9h9sTsJsQs")), None);
    let json = felt()
        .args(["rank", "--json", "--game", "eight-or-better", "9c4d3h2sAc"])
        .assert()
        .success();
    assert_eq!(
        String::from_utf8(json.get_output().stdout.clone()).unwrap(),
        "{\"hand\":\"9c4d3h2sAc\",\"category\":\"no_low\",\"name\":\"no low\",\"rank\":0}\n"
    );
}

#[test]
fn omaha_plays_exactly_two_hole_cards_where_the_best_seven_card_hand_would_not() {
    use feltkit::eval::reference::games::omaha_high;
    // Hold'em would read 6-5-4-3-2 (a straight from the board); Omaha must take two of the
    // hole cards: A-K with 6-5-4, ace high.
    let r = ranked("omaha", &["AhKhQsJs/2c3c4d5d6s", "Ah Kh Qh Jh / Th 2c 3c 4d 5d"]);
    assert_eq!((r[0].0.as_str(), r[0].1.as_str()), ("AhKhQsJs/2c3c4d5d6s", "high card"));
    let ace_high = ranked("standard", &["AhKh6s5d4d"]);
    assert_eq!(r[0].2, ace_high[0].2);
    // Four hearts in the hand and one on the board is no flush, and no straight takes exactly
    // two hole cards: A-K-T-5-4, high card.
    assert_eq!(r[1].1, "high card");
    let oracle = [("AhKhQsJs", "2c3c4d5d6s"), ("AhKhQhJh", "Th2c3c4d5d")]
        .map(|(h, b)| omaha_high(&cards(h), &cards(b)));
    same_order(&[r[0].2, r[1].2], &oracle);
    // The other rankings rank hole cards and board together: hold'em's A-K sees the straight.
    assert_eq!(ranked("standard", &["AhKh/2c3c4d5d6s"])[0].1, "straight");
}

#[test]
fn badugi_names_each_size() {
    use feltkit::eval::reference::games::badugi;
    let hands = ["Ac2d3h4s", "KcQdJhTs", "2s3s4d7h", "AsAd3h3c", "KcKdKhKs"];
    let r = ranked("badugi", &hands);
    let names: Vec<&str> = r.iter().map(|x| x.1.as_str()).collect();
    assert_eq!(
        names,
        [
            "four-card badugi",
            "four-card badugi",
            "three-card badugi",
            "two-card badugi",
            "one-card badugi"
        ]
    );
    same_order(&r.iter().map(|x| x.2).collect::<Vec<_>>(), &hands.map(|h| badugi(&cards(h))));
}

#[test]
fn short_deck_ranks_a_flush_above_a_full_house() {
    use feltkit::eval::reference::{best_of, shortdeck5};
    let hands = ["6c7c8cTcQc", "AcAdAhKsKd", "Ac6d7h8s9c"];
    let r = ranked("short-deck", &hands);
    assert_eq!(r[0].1, "flush");
    assert_eq!(r[1].1, "full house");
    assert_eq!(r[2].1, "straight");
    same_order(
        &r.iter().map(|x| x.2).collect::<Vec<_>>(),
        &hands.map(|h| best_of(&cards(h), shortdeck5)),
    );
}

#[test]
fn wrong_counts_and_a_missing_board_are_bad_lines_with_their_numbers() {
    felt()
        .args(["rank", "--game", "omaha"])
        .write_stdin(
            "AhKhQsJs/2c3c4d5d6s\nAhKhQsJs2c3c4d5d6s\nAh/2c3c4d\nAhKh/2c3c\nAhKh/2c/3c4d\n",
        )
        .assert()
        .code(1)
        .stdout("AhKhQsJs/2c3c4d5d6s\thigh card\t1122\n")
        .stderr(
            "felt rank: line 2: omaha takes hole cards and a board apart, written HOLE/BOARD as \
             in AhKhQsJs/2c3c4d5d6s (2 to 6 hole cards and 3 to 5 board cards)\n\
             felt rank: line 3: 1 hole card, expected 2 to 6\n\
             felt rank: line 4: 2 board cards, expected 3 to 5\n\
             felt rank: line 5: more than one '/': write hole cards and a board as HOLE/BOARD\n",
        );
    felt()
        .args(["rank", "--game", "badugi", "Ac2d3h", "Ac2d3h4s5c"])
        .assert()
        .code(1)
        .stderr("felt rank: hand 1: 3 cards, expected 4\nfelt rank: hand 2: 5 cards, expected 4\n");
    felt()
        .args(["rank", "--game", "deuce-seven", "7c5d4h3s2c8h"])
        .assert()
        .code(1)
        .stderr("felt rank: hand 1: 6 cards, expected 5\n");
    // A card both in the hole and on the board, with its column in the whole line.
    felt()
        .args(["rank", "--game", "omaha", "AhKhQsJs/Ah3c4d5d6s"])
        .assert()
        .code(1)
        .stderr("felt rank: hand 1: card 5 (\"Ah\", column 10): Ah appears twice\n");
    felt().args(["rank", "--game", "stud8"]).assert().code(2).stderr(contains("eight-or-better"));
}
