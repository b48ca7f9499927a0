//! `felt replay` through the real binary: reports, exit codes, JSON, bundles, directories.

use assert_cmd::Command;
use predicates::prelude::*;

use crate::replay_rules::LEGAL;

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
        .stdout(predicate::str::contains(
            "nlhe_side_pot_three_all_in_levels.phh (nlhe): legal, results match",
        ))
        // The worked side-pot example: p1 all-in for 70 in total, p2 and p3 put in 140 each.
        .stdout(predicate::str::contains(
            "pot 1: 210 paid in by p1, p2, p3; eligible p1, p2, p3; won by p1; paid p1 210",
        ))
        .stdout(predicate::str::contains(
            "pot 2: 140 paid in by p2, p3; eligible p2, p3; won by p2; paid p2 140",
        ))
        .stdout(predicate::str::contains("showdown: p1 to show first"))
        .stdout(predicate::str::contains("final stacks: 210, 200, 60"))
        .stdout(predicate::str::ends_with(format!(
            "{n} hands in {n} files: {n} legal and matching, 0 legal with pots undecided (unknown \
             cards), 0 illegal, 0 mismatched, 0 unfinished, 0 unsupported, 0 malformed\n",
            n = LEGAL.len()
        )));
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
    let bundle = format!("[1]\n{illegal}\n[2]\n{legal}\n[3]\nvariant = '5CD'\nstarting_stacks = [1, 1]\nactions = []\n");
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
            "mixed.phhs [3] (5CD): UNSUPPORTED: variant `5CD` is not supported: feltkit plays NT, FT, PT, F7S, PO, FO/8, F7S/8, FR, NS, N2L1D, F2L3D, FB and the presets nlhe",
        ))
        .stdout(predicate::str::contains(
            "3 hands in 1 file: 1 legal and matching, 0 legal with pots undecided (unknown cards), 1 illegal",
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
        .stdout(predicate::str::starts_with("/nonexistent/hand.phh: UNREADABLE: "))
        .stdout(predicate::str::ends_with("no hands found in 0 files; 1 path unreadable\n"));
    let dir = tempdir();
    let path = dir.join("broken.phh");
    std::fs::write(&path, "variant = 'NT'\nactions = ['p1 cc'\n").unwrap();
    felt()
        .args(["replay", path.to_str().unwrap()])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("broken.phh: MALFORMED: TOML line 3"))
        .stdout(predicate::str::contains("1 hand in 1 file: 0 legal, "))
        .stdout(predicate::str::contains(", 1 malformed\n"));
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
    let n = LEGAL.len();
    assert_eq!(lines.len(), n + 1);
    let seed = lines
        .iter()
        .find(|v| v["source"].as_str().unwrap().ends_with("nlhe_side_pot_three_all_in_levels.phh"))
        .unwrap();
    assert_eq!(seed["status"], "legal");
    assert_eq!(seed["pots"][0]["contributors"], serde_json::json!(["p1", "p2", "p3"]));
    assert_eq!(seed["pots"][1]["contributors"], serde_json::json!(["p2", "p3"]));
    assert_eq!(seed["pots"][1]["eligible"], serde_json::json!(["p2", "p3"]));
    assert_eq!(seed["names"], serde_json::json!({}));
    assert_eq!((seed["section"].is_null(), &seed["line"]), (true, &serde_json::json!(1)));
    assert_eq!(seed["pots"][1]["payouts"]["p2"], "140");
    assert_eq!(seed["final_stacks"], serde_json::json!(["210", "200", "60"]));
    assert_eq!(seed["first_to_show"], "p1");
    let decimals = lines
        .iter()
        .find(|v| v["source"].as_str().unwrap().ends_with("nlhe_decimal_stakes.phh"))
        .unwrap();
    assert_eq!(decimals["final_stacks"], serde_json::json!(["9.95", "9.65", "10.40"]));
    let by_file = |f: &str| lines.iter().find(|v| v["source"].as_str().unwrap().ends_with(f));
    let drop = by_file("nlhe_dead_money_joins_the_main_pot.phh").unwrap();
    assert_eq!((&drop["dead_money"], &drop["pots"][0]["amount"]), (&"9".into(), &"129".into()));
    let cashout = by_file("nlhe_cashout_paid_outside_the_pot.phh").unwrap();
    assert_eq!(cashout["paid_outside_pot"], serde_json::json!(["0", "-7", "25"]));
    assert_eq!(cashout["winnings"], serde_json::json!(["0", "81", "0"]));
    assert!(decimals.get("paid_outside_pot").is_none() && decimals.get("dead_money").is_none());
    assert_eq!(lines[n]["hands"], n);
    assert_eq!((&lines[n]["files"], &lines[n]["malformed"]), (&n.into(), &0.into()));
    let bad =
        felt().args(["replay", "--json", &data("illegal/duplicate_card.phh")]).output().unwrap();
    let v: serde_json::Value =
        serde_json::from_str(String::from_utf8(bad.stdout).unwrap().lines().next().unwrap())
            .unwrap();
    assert_eq!(v["illegal_action"]["number"], 2);
    assert_eq!(v["illegal_action"]["reason"], "duplicate card: As was already dealt");
}

/// A fresh empty directory, removed when dropped.
fn tempdir() -> Dir {
    Dir(tempfile::Builder::new().prefix("felt-replay-").tempdir().unwrap())
}

/// A temporary directory used as a path.
struct Dir(tempfile::TempDir);

impl std::ops::Deref for Dir {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::path::Path> for Dir {
    fn as_ref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::ffi::OsStr> for Dir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.path().as_os_str()
    }
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
        .stdout(predicate::str::contains("2 hands in 1 file: 2 legal and matching"));
}

#[test]
fn a_directory_without_hand_files_says_no_hands_found_and_exits_two() {
    // Regressions: an empty directory replayed "0 hands" and exited 0; later it was counted
    // as "1 hand: ... 1 unreadable", a hand that never existed.
    let dir = tempdir();
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a hand").unwrap();
    let shown = dir.display().to_string();
    felt().args(["replay", &shown]).assert().code(2).stdout(format!(
        "{shown}: NO HANDS: no hand files (.phh, .phhs, or .txt, .log and .xml files of PokerStars text, GGPoker text, Winamax text, PartyPoker text, 888poker text, Full Tilt text, WPN text, Bovada text, OnGame text, Chico text, Cake text, KingsClub text, iPoker XML, Merge XML, Microgaming XML, Absolute text, Everest XML or ACPC logs) found in this directory or below\n\
             no hands found in 0 files; 1 path without hands\n"
    ));
    // With other paths the hands found are still replayed; the empty one still fails the run.
    felt()
        .args(["replay", &data("legal/nlhe_muck_forfeits.phh"), &shown])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("nlhe_muck_forfeits.phh (nlhe): legal"))
        .stdout(predicate::str::contains("\n1 hand in 1 file: 1 legal, "))
        .stdout(predicate::str::ends_with(", 0 malformed; 1 path without hands\n"));
    let out = felt().args(["replay", "--json", &shown]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["status"], "no_hands");
    assert_eq!(lines[0]["source"], shown.as_str());
    assert_eq!((&lines[1]["hands"], &lines[1]["without_hands"]), (&0.into(), &1.into()));
    assert_eq!((&lines[1]["files"], &lines[1]["unreadable"]), (&0.into(), &0.into()));
}

#[test]
fn files_without_hands_are_counted_apart_from_hands() {
    // A bundle of two hands, an empty file and a file of comments: 2 hands in 3 files.
    let dir = tempdir();
    let hand = std::fs::read_to_string(data("legal/nlhe_muck_forfeits.phh")).unwrap();
    std::fs::write(dir.join("a.phhs"), format!("[1]\n{hand}\n[2]\n{hand}")).unwrap();
    std::fs::write(dir.join("b.phh"), "").unwrap();
    std::fs::write(dir.join("c.phh"), "# nothing yet\n\n").unwrap();
    let shown = dir.display().to_string();
    felt()
        .args(["replay", "--check", &shown])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(format!(
            "{shown}/b.phh: NO HANDS: no hand in the file (it is empty or holds only comments)\n"
        )))
        .stdout(predicate::str::ends_with(
            "2 hands in 3 files: 2 legal and matching, 0 legal with pots undecided (unknown \
             cards), 0 illegal, 0 mismatched, 0 unfinished, 0 unsupported, 0 malformed; 2 paths \
             without hands\n",
        ));
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
        .stdout(predicate::str::contains("\n1 hand in 1 file: 0 legal"));
    let short = dir.join("short.phh");
    std::fs::write(&short, showdown_hand("p1 sm AsKs", "[98]")).unwrap();
    felt().args(["replay", "--check", short.to_str().unwrap()]).assert().code(2).stdout(
        predicate::str::contains(
            "MALFORMED: `finishing_stacks` has 1 entry for 2 players (one per player",
        ),
    );
}

/// A heads-up hand in five lines: p2 (the button, small blind heads-up) folds; p1 wins 1.
const SHORT: &str = "variant = 'nlhe'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
                     actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 f']\nfinishing_stacks = [101, 99]\n";

/// A bundle of `n` copies of [`SHORT`], each section six lines: `[k]` is on line 6(k-1)+1.
fn bundle(n: usize) -> String {
    (1..=n).map(|k| format!("[{k}]\n{SHORT}")).collect()
}

#[test]
fn dash_reads_one_document_or_a_bundle_from_standard_input() {
    felt()
        .args(["replay", "--check", "-"])
        .write_stdin(SHORT)
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("<stdin> (nlhe): legal, results match\n"))
        .stdout(predicate::str::contains("\n1 hand in 1 file: 1 legal and matching"));
    felt()
        .args(["replay", "--check", "-"])
        .write_stdin(bundle(3))
        .assert()
        .code(0)
        .stdout(predicate::str::contains("<stdin> [3] (nlhe): legal, results match\n"))
        .stdout(predicate::str::contains("\n3 hands in 1 file: 3 legal and matching"));
    // Beside files, in the order given.
    let out = felt()
        .args(["replay", &data("legal/nlhe_muck_forfeits.phh"), "-"])
        .write_stdin(SHORT)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.find("nlhe_muck_forfeits.phh").unwrap() < text.find("<stdin>").unwrap());
    // An empty standard input holds no hand; `-` twice is refused.
    felt()
        .args(["replay", "-"])
        .write_stdin("")
        .assert()
        .code(2)
        .stdout(predicate::str::contains("<stdin>: NO HANDS: no hand in the file"));
    felt()
        .args(["replay", "-", "-"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`-` (standard input) can be given only once"));
}

#[test]
fn a_toml_error_in_one_hand_of_a_bundle_is_that_hand_and_the_others_replay() {
    // Regression: a TOML error anywhere made the whole bundle one unreadable "hand".
    let dir = tempdir();
    let broken = SHORT.replace("'p2 f']", "'p2 f'");
    let mut text = bundle(30);
    let at = text.find("[23]\n").unwrap();
    text.replace_range(at.., &bundle(30)[at..].replacen(SHORT, &broken, 1));
    let path = dir.join("bundle.phhs");
    std::fs::write(&path, &text).unwrap();
    let shown = path.display().to_string();
    // [23] starts on line 6 * 22 + 1 = 133; the unclosed `actions` array (line 137) is found
    // open at the next line's first key.
    felt()
        .args(["replay", "--check", &shown])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(format!(
            "{shown} [23]: MALFORMED: TOML line 138, column 1: expected `,` or `]` in the array\n"
        )))
        .stdout(predicate::str::contains(format!("{shown} [22] (nlhe): legal, results match\n")))
        .stdout(predicate::str::contains(format!("{shown} [24] (nlhe): legal, results match\n")))
        .stdout(predicate::str::ends_with(
            "30 hands in 1 file: 29 legal and matching, 0 legal with pots undecided (unknown \
             cards), 0 illegal, 0 mismatched, 0 unfinished, 0 unsupported, 1 malformed\n",
        ));
    let out = felt().args(["replay", "--json", &shown]).output().unwrap();
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 31);
    let bad = &lines[22];
    assert_eq!(
        (&bad["status"], &bad["section"], &bad["line"]),
        (&"malformed".into(), &"23".into(), &133.into())
    );
    assert_eq!(bad["file"], shown.as_str());
    assert_eq!((&lines[23]["section"], &lines[23]["line"]), (&"24".into(), &139.into()));
}

#[test]
fn bad_bytes_and_repeated_sections_are_reported_per_hand() {
    let dir = tempdir();
    let text = bundle(3);
    // Hand 2 (lines 7 to 12) gets a byte that is not UTF-8 in its `actions` line (line 11).
    let at = text.match_indices("'p2 f'").nth(1).unwrap().0;
    let mut bytes = text.into_bytes();
    bytes[at + 1] = 0xff;
    bytes.extend_from_slice(format!("[1]\n{SHORT}").as_bytes());
    let path = dir.join("odd.phhs");
    std::fs::write(&path, bytes).unwrap();
    let shown = path.display().to_string();
    felt()
        .args(["replay", &shown])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(format!(
            "{shown} [2]: MALFORMED: line 11: the text is not UTF-8 (in the hand that starts at line 7)\n"
        )))
        .stdout(predicate::str::contains(format!(
            "{shown} [1]: MALFORMED: section [1] appears twice in this file (in the hand that starts at line 19)\n"
        )))
        .stdout(predicate::str::contains(format!("{shown} [3] (nlhe): legal\n")))
        .stdout(predicate::str::contains("4 hands in 1 file: 2 legal, "));
}

/// Three players see a showdown for 100 each; p1's aces win. With a PHH code the losing hands
/// are out of the running, so the pot's eligible players are p1 alone; all three paid in.
const SHOWDOWN3: &str = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n\
    min_bet = 2\nstarting_stacks = [200, 200, 200]\nactions = ['d dh p1 AsAh', 'd dh p2 KsKh', \
    'd dh p3 7c2d', 'p3 cbr 100', 'p1 cc', 'p2 cc', 'd db Qd9s5c', 'p1 cc', 'p2 cc', 'p3 cc', \
    'd db 3h', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 8s', 'p1 cc', 'p2 cc', 'p3 cc', 'p1 sm AsAh', \
    'p2 sm KsKh', 'p3 sm 7c2d']\nfinishing_stacks = [400, 100, 100]\n";

#[test]
fn a_pot_names_who_paid_in_beside_who_could_win_it_with_player_names() {
    // Regression: "pot 1: 300 among p1" left out p2 and p3, who paid in and lost.
    let dir = tempdir();
    let plain = dir.join("plain.phh");
    std::fs::write(&plain, SHOWDOWN3).unwrap();
    felt().args(["replay", "--check", plain.to_str().unwrap()]).assert().code(0).stdout(
        predicate::str::contains(
            "  pot 1: 300 paid in by p1, p2, p3; eligible p1; won by p1; paid p1 300\n",
        ),
    );
    let named = dir.join("named.phh");
    let text = format!("{SHOWDOWN3}players = ['Alice', 'Bob', 'Carol']\n");
    std::fs::write(&named, text.replace("[400, 100, 100]", "[400, 101, 99]")).unwrap();
    let shown = named.to_str().unwrap();
    felt()
        .args(["replay", "--check", shown])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "  pot 1: 300 paid in by p1 (Alice), p2 (Bob), p3 (Carol); eligible p1 (Alice); won \
             by p1 (Alice); paid p1 (Alice) 300\n",
        ))
        .stdout(predicate::str::contains("(p1 (Alice), p2 (Bob), p3 (Carol) in order)"))
        .stdout(predicate::str::contains(
            "  mismatch: finishing_stacks p2 (Bob): recorded 101, replayed 100\n",
        ));
    let out = felt().args(["replay", "--check", "--json", shown]).output().unwrap();
    let v: serde_json::Value =
        serde_json::from_str(String::from_utf8(out.stdout).unwrap().lines().next().unwrap())
            .unwrap();
    assert_eq!(v["names"], serde_json::json!({"p1": "Alice", "p2": "Bob", "p3": "Carol"}));
    assert_eq!(v["pots"][0]["contributors"], serde_json::json!(["p1", "p2", "p3"]));
    assert_eq!(v["pots"][0]["eligible"], serde_json::json!(["p1"]));
    assert_eq!(v["mismatches"][0], "finishing_stacks p2 (Bob): recorded 101, replayed 100");
    // In a reason the players are named; the action, quoted as written, is left alone. (A
    // preset: a PHH code reads p3's missing turn as timed out.)
    let early = dir.join("early.phh");
    std::fs::write(&early, text.replace("'p3 cbr 100', ", "").replace("'NT'", "'nlhe'")).unwrap();
    felt().args(["replay", early.to_str().unwrap()]).assert().code(1).stdout(
        predicate::str::contains(
            "ILLEGAL action 4 `p1 cc`: out of turn: p1 (Alice) acted but p3 (Carol) is to act\n",
        ),
    );
}

#[test]
fn a_missing_or_misshapen_field_is_malformed_input_naming_the_field() {
    // Regression: a field of the wrong length was an "ILLEGAL setup" (exit 1), as if the
    // hand had been played against the rules.
    let dir = tempdir();
    let cases = [
        ("starting_stacks = [100, 100]\n", "", "starting_stacks", "missing field `starting_stacks`"),
        (
            "starting_stacks = [100, 100]",
            "starting_stacks = '100, 100'",
            "starting_stacks",
            "field `starting_stacks` (line 3): expected an array of numbers, found a string",
        ),
        (
            "[1, 2]",
            "[1, 2, 0]",
            "blinds_or_straddles",
            "`blinds_or_straddles` has 3 entries for 2 players (one per player, as in `starting_stacks`)",
        ),
        (
            "[101, 99]",
            "[101, 99, 0]",
            "finishing_stacks",
            "`finishing_stacks` has 3 entries for 2 players",
        ),
        // A negative blind is a newcomer's post (docs/replay.md); a negative ante is wrong.
        ("[1, 2]", "[1, 2]\nantes = [-1, 0]", "antes", "`antes` entry 1 is -1: negative"),
        (
            "[101, 99]\n",
            "[101, 99]\nplayers = ['Alice']\n",
            "players",
            "`players` has 1 entry for 2 players",
        ),
    ];
    for (k, (from, to, field, why)) in cases.into_iter().enumerate() {
        let path = dir.join(format!("m{k}.phh"));
        assert!(SHORT.contains(from));
        std::fs::write(&path, SHORT.replacen(from, to, 1)).unwrap();
        let shown = path.to_str().unwrap();
        felt()
            .args(["replay", shown])
            .assert()
            .code(2)
            .stdout(predicate::str::contains(format!(": MALFORMED: {why}")))
            .stdout(
                predicate::str::contains(", 0 illegal, ")
                    .and(predicate::str::contains(", 1 malformed")),
            );
        let out = felt().args(["replay", "--json", shown]).output().unwrap();
        let v: serde_json::Value =
            serde_json::from_str(String::from_utf8(out.stdout).unwrap().lines().next().unwrap())
                .unwrap();
        assert_eq!((&v["status"], &v["field"]), (&"malformed".into(), &field.into()), "{why}");
    }
}

#[test]
fn absurd_recorded_winnings_are_a_mismatch_not_a_match() {
    // Regression: `rake * 100` wrapped around for winnings of -18446744073709530.7, and the
    // hand was "legal, results match" (debug builds panicked).
    let dir = tempdir();
    let text = "variant = 'NT'\nblinds_or_straddles = [0.50, 1, 0]\nmin_bet = 1\n\
                starting_stacks = [50, 50, 50]\nactions = ['d dh p1 ????', 'd dh p2 ????', \
                'd dh p3 ????', 'p3 cbr 10', 'p1 cc', 'p2 f', 'd db 2c3c4c', 'p1 cc', 'p3 cbr 5', \
                'p1 f']\nwinnings = [0, 0, -18446744073709530.7]\n";
    let path = dir.join("raked.phh");
    std::fs::write(&path, text).unwrap();
    felt()
        .args(["replay", "--check", path.to_str().unwrap()])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("raked.phh (NT): legal, results DIFFER\n"))
        .stdout(predicate::str::contains(
            "  mismatch: winnings p3: recorded -18446744073709530.7, replayed 21.0\n",
        ))
        .stdout(predicate::str::contains("taken as rake").not());
}

#[cfg(unix)]
#[test]
fn directory_links_are_not_followed_unless_asked_and_loops_end() {
    // Regression: a link to its own directory reported the same hand 41 times, and two such
    // links never finished, with memory growing.
    use std::os::unix::fs::symlink;
    let dir = tempdir();
    std::fs::write(dir.join("h.phh"), SHORT).unwrap();
    symlink(&dir, dir.join("again")).unwrap();
    symlink(&dir, dir.join("self")).unwrap();
    let shown = dir.display().to_string();
    let one_hand = "\n1 hand in 1 file: 1 legal, 0 legal with pots undecided (unknown cards), 0 \
                    illegal, 0 mismatched, 0 unfinished, 0 unsupported, 0 malformed\n";
    felt()
        .args(["replay", &shown])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(0)
        .stdout(predicate::str::ends_with(one_hand))
        .stderr(format!(
            "felt replay: {shown}/again: a link to a directory: not followed (--follow follows \
             links)\nfelt replay: {shown}/self: a link to a directory: not followed (--follow \
             follows links)\n"
        ));
    // Followed, each directory is read once: both links lead back to one already being read.
    felt()
        .args(["replay", "--follow", &shown])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(0)
        .stdout(predicate::str::ends_with(one_hand))
        .stderr(predicate::str::contains("/again: leads to ").and(predicate::str::contains(
            "which is already being read or was read: a loop or a second link, not followed again",
        )));
    // A link given on the command line is followed: it is what the user asked for.
    let other = tempdir();
    symlink(&dir, other.join("hands")).unwrap();
    felt()
        .args(["replay", other.join("hands").to_str().unwrap()])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(0)
        .stdout(predicate::str::ends_with(one_hand));
}

#[test]
fn reports_are_written_in_input_order_while_the_input_is_still_being_read() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("felt"))
        .args(["replay", "--threads", "4", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                return;
            }
        }
    });
    // Hand 1 is whole once the next header is read: its report comes while stdin is open.
    stdin.write_all(format!("[1]\n{SHORT}[2]\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
    let first = rx.recv_timeout(std::time::Duration::from_secs(60));
    assert_eq!(first.as_deref(), Ok("<stdin> [1] (nlhe): legal"));
    // Then 500 more hands on four threads: the reports keep the order of the input.
    let rest: String = (3..=501).map(|k| format!("[{k}]\n{SHORT}")).collect();
    stdin.write_all(format!("{SHORT}{rest}").as_bytes()).unwrap();
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(0));
    reader.join().unwrap();
    let heads: Vec<String> = rx.try_iter().filter(|l| l.starts_with("<stdin> [")).collect();
    let expected: Vec<String> = (2..=501).map(|k| format!("<stdin> [{k}] (nlhe): legal")).collect();
    assert_eq!(heads, expected);
}

#[test]
fn a_closed_stdout_stops_the_replay_without_an_error() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("felt"))
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        stdin.write_all(bundle(20000).as_bytes()).ok();
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert_eq!(first, "<stdin> [1] (nlhe): legal\n");
    // The reader is dropped: the next write fails with a broken pipe.
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}
