//! iPoker network XML: each hand-written sample in `tests/data/ipoker` replays to the stacks
//! worked out by hand below, the site's accounting (each player's `win` and `bet`, with no pot
//! or rake written) is checked at the lines of the players, and `felt replay` and `felt
//! convert` read the files by their content or with `--format ipoker`.

use feltkit::import::convert_as;
use feltkit::phh::read::hands;
use feltkit::phh::replay_text;
use feltkit::record::Amount;

use crate::common::SiteSamples;

const IPOKER: SiteSamples = SiteSamples { folder: "ipoker", format: "ipoker" };

fn amount(text: &str) -> Amount {
    Amount::parse(text).unwrap()
}

/// The real iPoker hand histories a user can point this at (not part of the repository):
/// the hands `expected.json` counts must replay, pass `--check` and end with the site's
/// stacks; every other hand's report is printed.
/// `FELTKIT_IPOKER_DIR=... cargo test --release --test suite real_ipoker -- --ignored --nocapture`.
#[test]
#[ignore]
fn real_ipoker_hands_replay_to_the_sites_stacks() {
    let Ok(dir) = std::env::var("FELTKIT_IPOKER_DIR") else { return };
    let expected: serde_json::Value =
        serde_json::from_slice(&std::fs::read(format!("{dir}/expected.json")).unwrap()).unwrap();
    let (mut counted, mut matched) = (0, 0);
    let mut failures = Vec::new();
    for (file, f) in expected["files"].as_object().unwrap() {
        let listed = f["hands"].as_array().unwrap();
        let text = std::fs::read(format!("{dir}/{file}")).unwrap();
        let hands_of_file = convert_as(IPOKER.format(), &text);
        for (k, h) in listed.iter().enumerate() {
            let number = h["hand"].as_str().unwrap();
            // Hands are found by their place in the file: a file may repeat a game's number.
            let Some(hand) = hands_of_file.get(k).filter(|x| x.number.as_deref() == Some(number))
            else {
                failures.push(format!("{file}: hand {number} not found at {}", k + 1));
                continue;
            };
            let r = replay_text(&hand.phh, file, true).remove(0);
            if h["counted"] != true {
                eprintln!(
                    "not counted ({}): {file} hand {number}: {:?} {:?}",
                    h["not_counted_reason"], r.status, r.mismatches
                );
                continue;
            }
            counted += 1;
            let record = hands(&hand.phh).next().unwrap().unwrap().record.unwrap();
            let column = |key: &str| -> Vec<Amount> {
                let v = h[key].as_array().unwrap().iter();
                v.map(|x| amount(x.as_str().unwrap())).collect()
            };
            let (start, finish) = (column("starting_stacks"), column("finishing_stacks"));
            let names: Vec<&str> =
                h["players"].as_array().unwrap().iter().map(|x| x.as_str().unwrap()).collect();
            let ours: Vec<String> =
                record.players.clone().unwrap_or_default().iter().map(|p| p.to_string()).collect();
            let ours_finish: Vec<Option<i64>> = record
                .finishing_stacks
                .clone()
                .unwrap_or_default()
                .iter()
                .map(|a| a.to_units(2))
                .collect();
            // A seated player who is not dealt in must end where the player started.
            let same = names.iter().enumerate().all(|(k, name)| {
                match ours.iter().position(|p| p == name) {
                    Some(j) => ours_finish.get(j) == Some(&finish[k].to_units(2)),
                    None => start[k].to_units(2) == finish[k].to_units(2),
                }
            }) && ours.len() <= names.len();
            if r.ok() && r.checked && r.mismatches.is_empty() && same {
                matched += 1;
            } else {
                failures.push(format!(
                    "{file} hand {number}: {:?} {:?} same stacks: {same}",
                    r.status, r.mismatches
                ));
            }
        }
    }
    eprintln!(
        "{matched} of {counted} counted hands replay to the site's stacks with --check clean; not as expected:\n{}",
        failures.join("\n")
    );
    assert!(counted > 0 && matched * 100 >= counted * 99, "{failures:?}");
}
