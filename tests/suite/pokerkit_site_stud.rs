//! Differential check of the stud, razz and draw hands read from Winamax, OnGame, Bovada and
//! Merge texts: PokerKit 0.7.7 (`tests/pokerkit/finishing_stacks.py`) replays each sample as converted
//! and must end with the stacks feltkit's replay ends with before the rake (PokerKit takes no
//! rake). PokerKit knows feltkit's preset `stud7` by PHH's code `F7S`, and wants an `antes`
//! field in every hand.
//!
//! Without Python or PokerKit the test is skipped with a message, unless
//! `FELTKIT_REQUIRE_POKERKIT` is set.

use std::process::Command;

use crate::common;
use feltkit::import::{convert_as, Format};
use feltkit::phh::replay_text;

/// Each sample: its folder (the format's name) and file.
const SAMPLES: [(&str, &str); 13] = [
    ("winamax", "stud.txt"),
    ("winamax", "stud_hilo.txt"),
    ("winamax", "razz.txt"),
    ("winamax", "triple_draw.txt"),
    ("ongame", "seven_card_stud.txt"),
    ("ongame", "stud_hilo.txt"),
    ("bovada", "stud.txt"),
    ("bovada", "broken_stud_result.txt"),
    ("merge", "seven_card_stud.xml"),
    ("merge", "razz.xml"),
    ("merge", "stud_hilo.xml"),
    ("merge", "triple_draw.xml"),
    ("merge", "badugi.xml"),
];

#[test]
fn pokerkit_replays_the_sites_stud_and_draw_samples_to_the_same_stacks_before_rake() {
    let Some(python) = common::pokerkit_python() else { return };
    let script = format!("{}/tests/pokerkit/finishing_stacks.py", env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("feltkit-pokerkit-stud-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (folder, name) in SAMPLES {
        let path = format!("{}/tests/data/{folder}/{name}", env!("CARGO_MANIFEST_DIR"));
        let format = Format::named(folder).unwrap();
        let phh = convert_as(format, &std::fs::read(&path).unwrap()).remove(0).phh;
        let report = replay_text(&phh, name, false).remove(0);
        let outcome = report.outcome.as_ref().unwrap_or_else(|| panic!("{path}: {report:?}"));
        let unit = 10i64.pow(u32::from(report.places));
        let ours: Vec<i64> = outcome.final_stacks.iter().map(|c| c.0).collect();
        let n = ours.len();
        let mut theirs_phh = phh.replace("variant = 'stud7'", "variant = 'F7S'");
        if !theirs_phh.contains("\nantes = ") {
            let zeros = vec!["0"; n].join(", ");
            theirs_phh = theirs_phh.replacen(
                "\nstarting_stacks = ",
                &format!("\nantes = [{zeros}]\nstarting_stacks = "),
                1,
            );
        }
        let file = dir.join(format!("{folder}_{name}.phhs"));
        std::fs::write(&file, format!("[1]\n{theirs_phh}")).unwrap();
        let out = Command::new(&python).arg(&script).arg(&file).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let errors = String::from_utf8_lossy(&out.stderr);
        let line = text.lines().next().unwrap_or_default();
        let theirs: Vec<i64> = line
            .split_whitespace()
            .skip(1)
            .map(|s| {
                let a =
                    feltkit::record::Amount::parse(s).unwrap_or_else(|| panic!("{path}: {line}"));
                a.to_units(report.places).unwrap()
            })
            .collect();
        assert_eq!(theirs, ours, "{path}: PokerKit says `{line}` {errors}, in units of 1/{unit}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
