//! `felt replay` through the real binary: reports, exit codes, JSON, bundles, directories.

use assert_cmd::Command;
use predicates::prelude::*;

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

fn data(p: &str) -> String {
    format!("{}/tests/data/replay/{p}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn legal_hands_that_match_exit_zero_with_a_summary() {
    felt()
        .args(["replay", "--check", &data("legal")])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("nlhe_seed004_side_pot.phh (nlhe): legal, results match"))
        .stdout(predicate::str::contains("pot 2: 140 among p2 p3; won by p2; paid p2 140"))
        .stdout(predicate::str::contains("showdown: p1 to show first"))
        .stdout(predicate::str::contains("final stacks: 210, 200, 60"))
        .stdout(predicate::str::contains(
            "19 hands: 19 legal and matching, 0 legal with pots undecided",
        ));
}

#[test]
fn an_illegal_hand_names_the_action_and_exits_one() {
    felt().args(["replay", &data("illegal/raise_below_minimum.phh")]).assert().code(1).stdout(
        predicate::str::contains(
            "ILLEGAL action 4 `p3 cbr 3`: raise to 3 is below the minimum of 4 (and is not all-in)",
        ),
    );
}

#[test]
fn a_bad_hand_in_a_bundle_does_not_stop_the_others() {
    let dir = tempdir();
    let legal = std::fs::read_to_string(data("legal/nlhe_muck_forfeits.phh")).unwrap();
    let illegal = std::fs::read_to_string(data("illegal/out_of_turn.phh")).unwrap();
    let bundle = format!("[1]\n{illegal}\n[2]\n{legal}\n[3]\nvariant = 'PO'\nstarting_stacks = [1, 1]\nactions = []\n");
    let path = dir.join("mixed.phhs");
    std::fs::write(&path, bundle).unwrap();
    felt()
        .args(["replay", "--check", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "mixed.phhs [1] (nlhe): ILLEGAL action 4 `p1 cc`: out of turn",
        ))
        .stdout(predicate::str::contains("mixed.phhs [2] (nlhe): legal, results match"))
        .stdout(predicate::str::contains(
            "mixed.phhs [3] (PO): UNSUPPORTED: variant `PO` is not supported",
        ))
        .stdout(predicate::str::contains(
            "3 hands: 1 legal and matching, 0 legal with pots undecided (unknown cards), 1 illegal",
        ));
}

#[test]
fn a_mismatch_is_reported_and_exits_one() {
    let dir = tempdir();
    let text = std::fs::read_to_string(data("legal/nlhe_heads_up_blinds_reversed.phh")).unwrap();
    let path = dir.join("wrong.phh");
    std::fs::write(
        &path,
        text.replace("finishing_stacks = [94, 106]", "finishing_stacks = [95, 105]"),
    )
    .unwrap();
    felt().args(["replay", "--check", path.to_str().unwrap()]).assert().code(1).stdout(
        predicate::str::contains("mismatch: finishing_stacks p1: recorded 95, replayed 94"),
    );
    // Without --check the same hand is simply legal.
    felt().args(["replay", path.to_str().unwrap()]).assert().code(0);
}

#[test]
fn unreadable_input_exits_two() {
    felt()
        .args(["replay", "/nonexistent/hand.phh"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("UNREADABLE"));
    let dir = tempdir();
    let path = dir.join("broken.phh");
    std::fs::write(&path, "variant = 'NT'\nactions = ['p1 cc'\n").unwrap();
    felt()
        .args(["replay", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("UNREADABLE: TOML line 3"));
}

#[test]
fn json_writes_one_object_per_hand_then_a_summary() {
    let out = felt().args(["replay", "--check", "--json", &data("legal")]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 20);
    let seed = lines
        .iter()
        .find(|v| v["source"].as_str().unwrap().ends_with("nlhe_seed004_side_pot.phh"))
        .unwrap();
    assert_eq!(seed["status"], "legal");
    assert_eq!(seed["pots"][1]["eligible"], serde_json::json!(["p2", "p3"]));
    assert_eq!(seed["pots"][1]["payouts"]["p2"], "140");
    assert_eq!(seed["final_stacks"], serde_json::json!(["210", "200", "60"]));
    assert_eq!(seed["first_to_show"], "p1");
    let decimals = lines
        .iter()
        .find(|v| v["source"].as_str().unwrap().ends_with("nlhe_decimal_stakes.phh"))
        .unwrap();
    assert_eq!(decimals["final_stacks"], serde_json::json!(["9.95", "9.65", "10.40"]));
    assert_eq!(lines[19]["hands"], 19);
    let bad =
        felt().args(["replay", "--json", &data("illegal/duplicate_card.phh")]).output().unwrap();
    let v: serde_json::Value =
        serde_json::from_str(String::from_utf8(bad.stdout).unwrap().lines().next().unwrap())
            .unwrap();
    assert_eq!(v["illegal_action"]["number"], 2);
    assert_eq!(v["illegal_action"]["reason"], "duplicate card: As was already dealt");
}

fn tempdir() -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("felt-replay-{}-{}", std::process::id(), rand_suffix()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::Relaxed)
}

/// A heads-up hold'em hand to showdown; `{show}` is p1's show action, `{finish}` the recorded
/// finishing stacks.
fn showdown_hand(show: &str, finish: &str) -> String {
    format!(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
         starting_stacks = [100, 100]\nactions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 cc', \
         'p1 cc', 'd db 2h3h4h', 'p1 cc', 'p2 cc', 'd db 9c', 'p1 cc', 'p2 cc', 'd db Td', \
         'p1 cc', 'p2 cc', '{show}']\nfinishing_stacks = {finish}\n"
    )
}

#[test]
fn a_byte_order_mark_at_the_start_of_a_hand_file_is_skipped() {
    // Regression: a file saved with a UTF-8 BOM was UNREADABLE ("line 1, column 1: expected a
    // key"), in a .phh file and in a .phhs bundle alike.
    let dir = tempdir();
    let hand = showdown_hand("p1 sm AsKs", "[98, 102]");
    let single = dir.join("bom.phh");
    std::fs::write(&single, format!("\u{feff}{hand}")).unwrap();
    let bundle = dir.join("bom.phhs");
    std::fs::write(&bundle, format!("\u{feff}[1]\n{hand}\n[2]\n{hand}")).unwrap();
    felt()
        .args(["replay", "--check", single.to_str().unwrap()])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("bom.phh (NT): legal, results match"));
    felt()
        .args(["replay", "--check", bundle.to_str().unwrap()])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("bom.phhs [1] (NT): legal, results match"))
        .stdout(predicate::str::contains("2 hands: 2 legal and matching"));
}

#[test]
fn a_directory_without_hand_files_is_an_error_naming_it() {
    // Regression: an empty directory replayed "0 hands" and exited 0.
    let dir = tempdir();
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a hand").unwrap();
    let shown = dir.display().to_string();
    felt().args(["replay", &shown]).assert().code(2).stdout(predicate::str::contains(format!(
        "{shown}: UNREADABLE: no hand files (.phh or .phhs) found in this directory or below"
    )));
    // With other paths the hands found are still replayed; the empty one still fails the run.
    felt()
        .args(["replay", &data("legal/nlhe_muck_forfeits.phh"), &shown])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("nlhe_muck_forfeits.phh (nlhe): legal"))
        .stdout(predicate::str::contains("1 unreadable"));
    let out = felt().args(["replay", "--json", &shown]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let first: serde_json::Value =
        serde_json::from_str(String::from_utf8(out.stdout).unwrap().lines().next().unwrap())
            .unwrap();
    assert_eq!(first["status"], "unreadable");
    assert_eq!(first["source"], shown.as_str());
}

#[test]
fn counts_of_one_are_singular_in_replay_messages() {
    // Regression: "1 hands", "shows 1 cards", "recorded 1 entries for 2 players".
    let dir = tempdir();
    let illegal = dir.join("one_card.phh");
    std::fs::write(&illegal, showdown_hand("p1 sm As", "[98, 102]")).unwrap();
    felt()
        .args(["replay", illegal.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "ILLEGAL action 14 `p1 sm As`: p1 shows 1 card but holds 2",
        ))
        .stdout(predicate::str::contains("\n1 hand: 0 legal"));
    let short = dir.join("short.phh");
    std::fs::write(&short, showdown_hand("p1 sm AsKs", "[98]")).unwrap();
    felt().args(["replay", "--check", short.to_str().unwrap()]).assert().code(1).stdout(
        predicate::str::contains("mismatch: finishing_stacks: recorded 1 entry for 2 players"),
    );
}
