//! PokerKit 0.7.7's own PokerStars parser as a second reader of the texts in
//! `tests/data/pokerstars`: `tests/pokerkit/from_pokerstars.py` reads each file with
//! `HandHistory.from_pokerstars` and replays each hand with PokerKit. Hand by hand, PokerKit's
//! players, betting actions (folds, checks and calls, bets and raises) and stacks after the
//! replay must be feltkit's, except where PokerKit's reading is known to differ: each such hand
//! names the difference (docs/import.md, "PokerKit's reading"), and the test checks that the
//! difference is exactly that one. Every sample file is listed, so a new one must say what
//! PokerKit makes of it.
//!
//! Skipped with a message without PokerKit 0.7.7, unless `FELTKIT_REQUIRE_POKERKIT` is set
//! (as in CI).

use std::collections::HashMap;
use std::process::Command;

use feltkit::import::convert;
use feltkit::phh::read::hands;
use feltkit::phh::replay_text;
use serde_json::Value;

use crate::common;

/// What PokerKit makes of one hand of a sample.
enum PokerKit {
    /// The same players, actions and final stacks as feltkit.
    Same,
    /// The same players and actions, but these final stacks, for the reason given.
    Stacks(&'static [&'static str], &'static str),
    /// The same players, but other actions and these final stacks, for the reason given.
    Plays(&'static [&'static str], &'static str),
    /// PokerKit cannot read the hand: the cause it gives contains this.
    Refuses(&'static str),
    /// PokerKit does not find the hand in the file (its header does not start a line).
    NotFound,
    /// The text stops mid-hand (feltkit: cut off); PokerKit replays what there is and stops
    /// before the hand's end.
    StopsMidHand,
}

use PokerKit::*;

/// Not "Hold'em No Limit": PokerKit's parser reads no other game.
const NOT_NL: &str = "Unable to parse variant";
/// PokerKit reads no `posts the ante` line: the replay runs out of chips where the text did
/// not, and PokerKit's repair of the hand fails.
const NO_ANTES: &str = "Unable to repair the hand history";
/// PokerStars gives the odd cent of a split pot to the first winner after the button; PokerKit
/// counts in decimals and splits it in halves.
const HALF_CENTS: &[&str] = &["1.99", "2.005", "2.005"];

/// Every sample, every hand (by number), and what PokerKit makes of it.
const SAMPLES: &[(&str, &[(&str, PokerKit)])] = &[
    ("all_in_preflop.txt", &[("13001", Same)]),
    ("big_blind_option.txt", &[("16001", Same)]),
    ("broken_fixed_limit_raise.txt", &[("8001", Refuses(NOT_NL))]),
    ("broken_odd_cent.txt", &[("7001", Stacks(HALF_CENTS, "odd cent halved"))]),
    ("broken_rake.txt", &[("1001", Same)]),
    ("broken_run_collected.txt", &[("30001", Refuses(NO_ANTES))]),
    ("broken_side_pot_wrong_player.txt", &[("1001", Same)]),
    ("broken_total_pot.txt", &[("1001", Same)]),
    ("broken_wrong_collected.txt", &[("1001", Same)]),
    (
        "capped_no_limit.txt",
        // PokerKit has no table cap: the players at the cap bet on after the flop, and Rowan B's
        // whole stack plays.
        &[("30010", Plays(&["13.95", "15.00", "0.00", "58.25"], "no table cap"))],
    ),
    ("cash_nl_side_pots.txt", &[("1001", Same)]),
    ("crlf_bom.txt", &[("4001", Same), ("5001", Same)]),
    (
        "cut_off.txt",
        &[
            // `Jo: posts small & big blinds $0.15` is not read: Jo's 0.15 stays with Jo.
            ("3001", Stacks(&["9.90", "10.20", "9.90", "10"], "small & big blinds not posted")),
            // Cut off, with hand 2001 glued to its last line: one text to PokerKit.
            ("3002", Refuses(NO_ANTES)),
            ("2001", NotFound),
            ("5001", StopsMidHand),
        ],
    ),
    (
        "dead_blind.txt",
        // Gil's dead small blind (a second `posts small blind`) is read as a live blind that
        // PokerKit counts toward Gil's call: Gil puts in 0.05 less, Ida wins 0.05 less.
        &[("3002", Stacks(&["10.15", "10.25", "9.70", "9.90"], "dead blind counted as live"))],
    ),
    ("euro_decimals.txt", &[("10001", Same)]),
    ("five_card_omaha.txt", &[("11006", Refuses(NOT_NL))]),
    ("five_card_omaha_hi_lo_split.txt", &[("11007", Refuses(NOT_NL))]),
    ("fixed_limit.txt", &[("8001", Refuses(NOT_NL))]),
    ("fold_all_in_on_the_blind.txt", &[("30020", Refuses(NO_ANTES))]),
    ("heads_up.txt", &[("12001", Same)]),
    ("micro_stakes_leading_point.txt", &[("20001", Same)]),
    ("omaha.txt", &[("11001", Refuses(NOT_NL))]),
    ("omaha_big_blind_to_come_in.txt", &[("11030", Refuses(NOT_NL))]),
    ("omaha_hi_lo_limit_no_low.txt", &[("11005", Refuses(NOT_NL))]),
    ("omaha_hi_lo_quartered.txt", &[("11004", Refuses(NOT_NL))]),
    ("omaha_hi_lo_split.txt", &[("11003", Refuses(NOT_NL))]),
    ("omaha_pot_limit_showdown.txt", &[("11002", Refuses(NOT_NL))]),
    (
        "posts_small_and_big_blinds.txt",
        &[("3001", Stacks(&["9.90", "10.20", "9.90", "10"], "small & big blinds not posted"))],
    ),
    ("pot_limit.txt", &[("9001", Refuses(NOT_NL))]),
    ("pot_limit_preflop_no_limit_after.txt", &[("11031", Refuses(NOT_NL))]),
    ("run_twice_from_the_flop.txt", &[("30001", Refuses(NO_ANTES))]),
    ("run_twice_from_the_turn.txt", &[("30002", Refuses(NO_ANTES))]),
    ("showdown_consistent.txt", &[("20002", Same)]),
    ("shows_mucks.txt", &[("6001", Same)]),
    ("sitting_out.txt", &[("4001", Same)]),
    ("six_card_omaha_missing_turn_card.txt", &[("11008", Refuses(NOT_NL))]),
    ("split_pot_odd_cent.txt", &[("7001", Stacks(HALF_CENTS, "odd cent halved"))]),
    ("split_pot_uneven_rake.txt", &[("7002", Same)]),
    ("tournament_antes.txt", &[("2001", Refuses(NO_ANTES))]),
    ("tournament_no_ante.txt", &[("14001", Same)]),
    ("uncalled_bet.txt", &[("5001", Same)]),
    ("windows1252.txt", &[("10001", Same)]),
    // Every line of the Zoom archive form starts with a space: PokerKit's pattern for a hand
    // wants `PokerStars` at the start of a line, and finds none.
    ("zoom_archive.txt", &[("7001", NotFound), ("4001", NotFound)]),
    ("zoom_hand.txt", &[("15001", Same)]),
];

/// `3.50` and `3.5`, `20.00` and `20`: the same amount.
fn exact(s: &str) -> String {
    if s.contains('.') && s.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s.to_string()
    }
}

/// The betting actions of a hand (folds, checks or calls, bets or raises), amounts exact.
fn betting<'a>(actions: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    actions
        .into_iter()
        .filter(|a| a.starts_with('p') && !a.contains(" sm"))
        .map(|a| a.split(' ').map(exact).collect::<Vec<_>>().join(" "))
        .collect()
}

/// feltkit's reading of one hand: players, betting actions, final stacks (`None` when the
/// hand does not settle: cut off, refused).
struct Ours {
    players: Vec<String>,
    actions: Vec<String>,
    stacks: Option<Vec<String>>,
}

fn ours(name: &str) -> HashMap<String, Ours> {
    let path = format!("{}/tests/data/pokerstars/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(path).unwrap();
    convert(&bytes)
        .into_iter()
        .map(|h| {
            let record = hands(&h.phh).next().unwrap().unwrap().record.unwrap();
            let players =
                record.players.unwrap_or_default().iter().map(|p| p.to_string()).collect();
            let texts: Vec<_> = record.actions.iter().map(|a| a.text()).collect();
            let actions = betting(texts.iter().map(|a| a.as_ref()));
            let report = replay_text(&h.phh, name, false).remove(0);
            let stacks = report
                .outcome
                .as_ref()
                .map(|o| o.final_stacks.iter().map(|&c| exact(&report.chips(c))).collect());
            (h.number.unwrap(), Ours { players, actions, stacks })
        })
        .collect()
}

fn theirs(python: &str, name: &str) -> Vec<Value> {
    let script = format!("{}/tests/pokerkit/from_pokerstars.py", env!("CARGO_MANIFEST_DIR"));
    let path = format!("{}/tests/data/pokerstars/{name}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(python).arg(script).arg(path).output().unwrap();
    assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect()
}

#[test]
fn every_sample_says_what_pokerkit_makes_of_it() {
    let dir = format!("{}/tests/data/pokerstars", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    files.sort();
    let listed: Vec<&str> = SAMPLES.iter().map(|(n, _)| *n).collect();
    assert_eq!(files, listed);
    for (name, expected) in SAMPLES {
        let mut numbers: Vec<String> = ours(name).into_keys().collect();
        numbers.sort();
        let mut want: Vec<&str> = expected.iter().map(|(n, _)| *n).collect();
        want.sort();
        assert_eq!(numbers, want, "{name}: the hands feltkit reads");
    }
}

#[test]
fn pokerkit_reads_the_no_limit_holdem_samples_hand_by_hand_as_feltkit_does() {
    let Some(python) = common::pokerkit_python() else { return };
    let mut same_files = 0;
    for (name, expected) in SAMPLES {
        let ours = ours(name);
        let theirs = theirs(&python, name);
        let by_number: HashMap<String, &Value> =
            theirs.iter().map(|v| (v["hand"].as_str().unwrap().to_string(), v)).collect();
        for number in by_number.keys() {
            assert!(
                expected.iter().any(|(n, _)| n == number),
                "{name}: PokerKit reads hand {number}, which the table does not list"
            );
        }
        let mut all_same = true;
        for (number, what) in expected.iter() {
            let ctx = format!("{name} hand {number}");
            let mine = &ours[*number];
            let theirs = by_number.get(*number);
            let read = |t: Option<&&Value>| -> (Vec<String>, Vec<String>, Vec<String>) {
                let t = t.unwrap_or_else(|| panic!("{ctx}: PokerKit does not read it"));
                assert!(t.get("error").is_none(), "{ctx}: PokerKit: {}", t["error"]);
                let actions = strings(&t["actions"]);
                let stacks = strings(&t["stacks"]).iter().map(|s| exact(s)).collect();
                (strings(&t["players"]), betting(actions.iter().map(String::as_str)), stacks)
            };
            match what {
                Same | Stacks(..) => {
                    let (players, actions, stacks) = read(theirs);
                    assert_eq!(players, mine.players, "{ctx}: players");
                    assert_eq!(actions, mine.actions, "{ctx}: actions");
                    assert_eq!(theirs.unwrap()["complete"], true, "{ctx}: complete");
                    let ours = mine.stacks.as_ref().unwrap_or_else(|| panic!("{ctx}: settles"));
                    if let Stacks(want, why) = what {
                        all_same = false;
                        let want: Vec<String> = want.iter().map(|s| exact(s)).collect();
                        assert_eq!(stacks, want, "{ctx}: PokerKit's stacks ({why})");
                        assert_ne!(&stacks, ours, "{ctx}: the difference ({why}) is gone");
                    } else {
                        assert_eq!(&stacks, ours, "{ctx}: final stacks");
                    }
                }
                Plays(want, why) => {
                    all_same = false;
                    let (players, actions, stacks) = read(theirs);
                    assert_eq!(players, mine.players, "{ctx}: players");
                    assert_ne!(actions, mine.actions, "{ctx}: the difference ({why}) is gone");
                    let want: Vec<String> = want.iter().map(|s| exact(s)).collect();
                    assert_eq!(stacks, want, "{ctx}: PokerKit's stacks ({why})");
                }
                Refuses(cause) => {
                    all_same = false;
                    let t = theirs.unwrap_or_else(|| panic!("{ctx}: PokerKit finds it"));
                    let error = t["error"].as_str().unwrap_or_else(|| panic!("{ctx}: {t}"));
                    assert!(error.contains(cause), "{ctx}: PokerKit's error `{error}`");
                }
                NotFound => {
                    all_same = false;
                    assert!(theirs.is_none(), "{ctx}: PokerKit finds it: {theirs:?}");
                }
                StopsMidHand => {
                    all_same = false;
                    assert!(mine.stacks.is_none(), "{ctx}: feltkit settles a cut-off hand");
                    let t = theirs.unwrap_or_else(|| panic!("{ctx}: PokerKit finds it"));
                    assert_eq!(t["complete"], false, "{ctx}: {t}");
                }
            }
        }
        same_files += usize::from(all_same);
    }
    assert!(same_files >= 8, "{same_files} samples read the same by PokerKit, fewer than 8");
}
