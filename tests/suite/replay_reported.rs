//! Defects reported by users of `felt replay`, each pinned by a test named after it: a check
//! with no results recorded, sessions at tables that alternate, FIFOs in directories, cards
//! that cannot be read, and amounts quoted in the engine's chips.

use std::io::Write;
use std::process::Stdio;
use std::time::Duration;

use assert_cmd::Command;
use predicates::prelude::*;

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

fn data(p: &str) -> String {
    format!("{}/tests/data/{p}", env!("CARGO_MANIFEST_DIR"))
}

fn tempdir() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("felt-reported-").tempdir().unwrap()
}

/// A legal hand heads-up: p2 folds the big blind, p1 wins 2 and gets 1 back (hand-worked:
/// p1 101, p2 99).
const FOLDED: &str = "variant = 'nlhe'\nblinds_or_straddles = [1, 2]\n\
    starting_stacks = [100, 100]\nactions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\n";

#[test]
fn check_of_a_hand_without_results_says_nothing_was_recorded_not_matching() {
    let dir = tempdir();
    let bare = dir.path().join("bare.phh");
    std::fs::write(&bare, FOLDED).unwrap();
    let recorded = dir.path().join("recorded.phh");
    std::fs::write(&recorded, format!("{FOLDED}finishing_stacks = [101, 99]\n")).unwrap();
    let (bare, recorded) = (bare.to_str().unwrap(), recorded.to_str().unwrap());
    felt()
        .args(["replay", "--check", bare, recorded])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("bare.phh (nlhe): legal, nothing recorded to compare\n"))
        .stdout(predicate::str::contains("recorded.phh (nlhe): legal, results match\n"))
        .stdout(predicate::str::ends_with(
            "2 hands in 2 files: 1 legal and matching, 1 legal with nothing recorded to compare, \
             0 legal with pots undecided (unknown cards), 0 illegal, 0 mismatched, 0 unfinished, \
             0 unsupported, 0 malformed\n",
        ));
    let out = felt().args(["replay", "--check", "--json", bare, recorded]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["nothing_recorded"], true);
    assert_eq!(
        (lines[0]["checked"].as_bool(), lines[0]["ok"].as_bool()),
        (Some(false), Some(true))
    );
    assert!(lines[1].get("nothing_recorded").is_none(), "{}", lines[1]);
    assert_eq!(
        (lines[2]["ok"].as_u64(), lines[2]["nothing_recorded"].as_u64()),
        (Some(1), Some(1))
    );
    // Without --check nothing is compared, and the plain wording stays.
    felt()
        .args(["replay", bare])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("bare.phh (nlhe): legal\n"))
        .stdout(predicate::str::contains("1 hand in 1 file: 1 legal, 0 legal with pots"));
}

/// The hand-worked legal session of `tests/data/sessions/cash_legal.phhs` (table 7, players A
/// to F, hands 1 to 6), its sections without their headers.
fn cash_hands() -> Vec<String> {
    let text = std::fs::read_to_string(data("sessions/cash_legal.phhs")).unwrap();
    let mut hands: Vec<String> = text.split("\n[").skip(1).map(|s| s.to_string()).collect();
    for h in &mut hands {
        let body = h.split_once('\n').unwrap().1.to_string();
        *h = body;
    }
    assert_eq!(hands.len(), 6);
    hands
}

/// The same session at table 8, played by other players (A2 to F2).
fn at_table_eight(hand: &str) -> String {
    let mut h = hand.replace("table = 7", "table = 8");
    for p in ["A", "B", "C", "D", "E", "F"] {
        h = h.replace(&format!("'{p}'"), &format!("'{p}2'"));
    }
    h
}

/// Two tables' hands one after the other, as a tournament's or a site's export mixes them.
fn alternating(seven: &[String], eight: &[String]) -> String {
    let mut out = String::new();
    for (k, (a, b)) in seven.iter().zip(eight).enumerate() {
        out.push_str(&format!("[{}]\n{a}\n[{}]\n{b}\n", 2 * k + 1, 2 * k + 2));
    }
    out
}

#[test]
fn a_session_whose_hands_alternate_tables_keeps_one_session_per_table() {
    let seven = cash_hands();
    let eight: Vec<String> = seven.iter().map(|h| at_table_eight(h)).collect();
    let dir = tempdir();
    let path = dir.path().join("two_tables.phhs");
    std::fs::write(&path, alternating(&seven, &eight)).unwrap();
    let p = path.to_str().unwrap();
    // Each table alone is the hand-worked legal session: together, still no rule broken, and
    // each table's session counts its own six hands and its players' nets (from the file's
    // header: A -1, B -3, C +3, D +3, E 0, F -2).
    felt()
        .args(["replay", "--session", "--check", p])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(format!("session {p}: 6 hands, no table rule broken\n")))
        .stdout(predicate::str::contains(format!(
            "session {p} (table '8'): 6 hands, no table rule broken\n"
        )))
        .stdout(predicate::str::is_match("\n  A: 6 hands, .*, net -1\n").unwrap())
        .stdout(predicate::str::is_match("\n  F2: 1 hand, .*, net -2\n").unwrap())
        .stdout(predicate::str::contains("  B2: ").and(predicate::str::contains("net -3\n")))
        .stdout(predicate::str::contains("table (hand 6 of the session)").count(2))
        .stdout(predicate::str::ends_with("; 0 table rules broken in 2 sessions\n"));
}

#[test]
fn a_hand_number_that_repeats_or_goes_back_at_a_table_is_a_broken_rule() {
    let seven = cash_hands();
    let mut eight: Vec<String> = seven.iter().map(|h| at_table_eight(h)).collect();
    // Table 8's fourth to sixth hands say they are hands 2, 1 and 3, after hands 1 to 3: the
    // first two go back below 3, the third repeats it. Table 7 numbers its hands 1 to 6 as
    // well, which is no fault: numbers count per table.
    eight[3] = eight[3].replace("hand = 4", "hand = 2");
    eight[4] = eight[4].replace("hand = 5", "hand = 1");
    eight[5] = eight[5].replace("hand = 6", "hand = 3");
    let dir = tempdir();
    let path = dir.path().join("numbers.phhs");
    std::fs::write(&path, alternating(&seven, &eight)).unwrap();
    let out =
        felt().args(["replay", "--session", "--check", path.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let broken: Vec<&str> = stdout.lines().filter(|l| l.contains("TABLE RULE BROKEN")).collect();
    assert_eq!(
        broken,
        [
            "  TABLE RULE BROKEN (hand-numbers): hand 2 comes after hand 3 at this table: hand numbers go up",
            "  TABLE RULE BROKEN (hand-numbers): hand 1 comes after hand 3 at this table: hand numbers go up",
            "  TABLE RULE BROKEN (hand-numbers): hand 3 repeats the number of an earlier hand at this table",
        ],
        "{stdout}"
    );
    assert!(stdout.ends_with("; 3 table rules broken in 2 sessions\n"), "{stdout}");
}

#[cfg(unix)]
fn mkfifo(path: &std::path::Path) {
    let status = std::process::Command::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

#[cfg(unix)]
#[test]
fn a_fifo_named_like_a_hand_file_in_a_directory_is_skipped_not_waited_on() {
    let dir = tempdir();
    std::fs::write(dir.path().join("a.phh"), format!("{FOLDED}finishing_stacks = [101, 99]\n"))
        .unwrap();
    mkfifo(&dir.path().join("b.phh"));
    mkfifo(&dir.path().join("c.txt"));
    felt()
        .args(["replay", "--check", dir.path().to_str().unwrap()])
        .timeout(Duration::from_secs(60))
        .assert()
        .code(0)
        .stderr(predicate::str::contains("b.phh: not a regular file (a FIFO, socket or device)"))
        .stderr(predicate::str::contains("c.txt: not a regular file"))
        .stdout(predicate::str::ends_with(
            "1 hand in 1 file: 1 legal and matching, 0 legal with pots undecided (unknown cards), \
             0 illegal, 0 mismatched, 0 unfinished, 0 unsupported, 0 malformed\n",
        ));
}

#[cfg(unix)]
#[test]
fn a_fifo_named_on_the_command_line_is_read_as_a_stream() {
    let dir = tempdir();
    let fifo = dir.path().join("live.phh");
    mkfifo(&fifo);
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("felt"))
        .args(["replay", "--check", fifo.to_str().unwrap()])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Opening the FIFO for writing waits for the reader: felt has it open by then.
    let mut writer = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
    writer.write_all(format!("{FOLDED}finishing_stacks = [101, 99]\n").as_bytes()).unwrap();
    drop(writer);
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("live.phh (nlhe): legal, results match\n"), "{stdout}");
}

#[test]
fn a_card_that_cannot_be_read_is_malformed_with_its_action_line_and_what_a_card_is() {
    let what = "a card is a rank (2 to 9, T, J, Q, K or A) and a suit (c, d, h or s), as in `Ah` \
                or `Td`, and `??` is an unknown card";
    // The board card `3x` of action 5 (on the file's line 4), in a single hand.
    let dir = tempdir();
    let one = dir.path().join("board.phh");
    std::fs::write(
        &one,
        "variant = 'nlhe'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
         actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 cc', 'p1 cc', 'd db 3x']\n",
    )
    .unwrap();
    felt().args(["replay", one.to_str().unwrap()]).assert().code(2).stdout(
        predicate::str::contains(format!(
        "board.phh (nlhe): MALFORMED: action 5 (`d db 3x`): `3x` is not a card: {what} (line 4)\n"
    )),
    );
    // Action 2 of a hand whose actions run over several lines: line 8 of the file.
    felt()
        .args(["replay", "--json", &data("replay/malformed/card_that_cannot_be_read.phh")])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(format!(
            "\"reason\":\"action 2 (`d dh p2 6xKd`): `6x` in `6xKd` is not a card: {what} (line 8)\""
        )))
        .stdout(predicate::str::contains("\"field\":\"actions\""))
        .stdout(predicate::str::contains("\"status\":\"malformed\""));
    // In a bundle the line counts from the bundle's start: hand [2] starts at line 6, its
    // fifth action is on line 13.
    let bundle = dir.path().join("bundle.phhs");
    std::fs::write(
        &bundle,
        format!(
            "[1]\n{FOLDED}[2]\nvariant = 'nlhe'\nblinds_or_straddles = [1, 2]\n\
             starting_stacks = [100, 100]\nactions = [\n  'd dh p1 AsAh',\n  'd dh p2 7c2d', \
             'p2 cc',\n  'p1 cc', 'd db 2c3'\n]\n"
        ),
    )
    .unwrap();
    felt()
        .args(["replay", bundle.to_str().unwrap()])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("bundle.phhs [1] (nlhe): legal\n"))
        .stdout(predicate::str::contains(format!(
            "bundle.phhs [2] (nlhe): MALFORMED: action 5 (`d db 2c3`): `2c3` is not a list of \
             two-character cards: {what} (line 13)\n"
        )));
}

#[test]
fn amounts_in_a_message_are_in_the_file_s_units_not_the_engine_s_chips() {
    // Blinds 0.50/1: p2 raises to 3.5 (by 2.5), so a re-raise goes to at least 6.0; p1's raise
    // to 4 is short of it (hand-worked). The engine counts tenths: 35, 40 and 60.
    let dir = tempdir();
    let hand = dir.path().join("tenths.phh");
    std::fs::write(
        &hand,
        "variant = 'nlhe'\nblinds_or_straddles = [0.5, 1]\nstarting_stacks = [100, 100]\n\
         actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 cbr 3.5', 'p1 cbr 4']\n",
    )
    .unwrap();
    felt()
        .args(["replay", hand.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
        "ILLEGAL action 4 `p1 cbr 4`: raise to 4.0 is below the minimum of 6.0 (and is not all-in)",
    ));
    // A negative stack in a field, in the file's units.
    std::fs::write(
        &hand,
        "variant = 'nlhe'\nblinds_or_straddles = [0.5, 1]\nstarting_stacks = [100, -3.5]\n\
         actions = []\n",
    )
    .unwrap();
    felt()
        .args(["replay", hand.to_str().unwrap()])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("`starting_stacks` entry 2 is -3.5"));
}
