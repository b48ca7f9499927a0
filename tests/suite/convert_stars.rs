//! `felt convert --to pokerstars`: every legal sample of `tests/data/` (the PHH corpus and
//! rule files, the PokerStars, GGPoker and Winamax samples, `felt deal` hands of several games)
//! written as PokerStars text and read back by the PokerStars reader. The oracles: the source's
//! own recorded results (PokerKit's finishing stacks in the corpus, the sites' collected lines
//! in their samples) must be what the text read back ends with, and the text read back must
//! pass `felt replay --check`; a PokerStars sample must read back as the same record, but for
//! the fields named in `SAME_BUT`. A hand that cannot be written must say why.

use std::collections::BTreeMap;

use feltkit::import::write_stars::write_checked;
use feltkit::import::{split, Format};
use feltkit::phh::read::hands;
use feltkit::phh::{replay_record, Status};
use feltkit::record::{Action, Amount, HandRecord};

use super::common::felt;

/// What writing the hands of a group of samples gave.
#[derive(Default, Debug)]
struct Tally {
    /// Legal hands written and read back to the source's results.
    written: usize,
    /// Legal hands refused, by reason (its first words).
    refused: BTreeMap<String, usize>,
    /// Hands that are not legal or whose results do not match their replay: refused.
    not_legal: usize,
    /// What went wrong.
    failures: Vec<String>,
}

/// Amounts compared by value (`20` and `20.00` are one amount).
fn values(v: &[Amount]) -> Vec<i64> {
    v.iter().map(|a| a.to_chips(9).map_or(i64::MIN, |c| c.0)).collect()
}

/// Writes one record, reads it back, and checks it against the source; with `same`, also
/// that the record read back is the source's (PokerStars sources).
fn round_trip(label: &str, source: &HandRecord<'_>, same: bool, tally: &mut Tally) {
    let report = replay_record(source, label.into(), true);
    let legal = report.status == Status::Legal && report.mismatches.is_empty();
    let written = write_checked(source, 1);
    let text = match (legal, written) {
        (false, Ok(_)) => {
            tally.failures.push(format!("{label}: written, but its replay is {:?}", report.status));
            return;
        }
        (false, Err(_)) => {
            tally.not_legal += 1;
            return;
        }
        (true, Err(why)) => {
            assert!(!why.is_empty());
            let what = why.split(':').next().unwrap_or(&why).to_string();
            *tally.refused.entry(what).or_default() += 1;
            return;
        }
        (true, Ok(text)) => text,
    };
    let back = split(Format::PokerStars, text.as_bytes());
    assert_eq!(back.len(), 1, "{label}:\n{text}");
    back[0].hand().read(&mut |r| {
        let back = r.unwrap_or_else(|e| panic!("{label}: {e}\n{text}"));
        let again = replay_record(&back, label.into(), true);
        if again.status != Status::Legal || !again.mismatches.is_empty() {
            tally
                .failures
                .push(format!("{label}: read back, {:?} {:?}", again.status, again.mismatches));
            return;
        }
        // The oracle: the source's recorded finishing stacks (PokerKit's, or the site's after
        // rake), which the text's collected lines must give back.
        if let (Some(want), Some(got)) = (&source.finishing_stacks, &back.finishing_stacks)
            && values(want) != values(got)
        {
            tally
                .failures
                .push(format!("{label}: finishing stacks {want:?}, read back {got:?}\n{text}"));
            return;
        }
        if same && let Some(diff) = differs(source, &back) {
            tally.failures.push(format!(
                "{label}: read back with another {diff} (may differ: {SAME_BUT})\n{text}"
            ));
            return;
        }
        tally.written += 1;
    });
}

/// The fields a PokerStars hand read back from our text may differ in from the hand read
/// from the site's: the lines of the text (`_text_line`, `_action_lines`, `_seat_lines`,
/// `_summary_line`, each entry's `line`), the header's time zone and extras the writer does
/// not keep (`venue`, the time zone names, a Zoom or Home Game room), the seats of players
/// sitting out, and the hole cards of players the site's text did not show. Amounts are
/// compared by value: the site writes whole dollars as `$6`, which reads as `6`, where the
/// writer always gives the cents, `$6.00`, read as `6.00` (and `_chip = 0.01`); and the
/// collected lines in any order (the site tells them around the shows).
const SAME_BUT: &str =
    "lines, venue, time zone, sitting-out seats, order of deals and shows, amounts' decimals";

/// The first field (other than those of [`SAME_BUT`]) in which two records differ.
fn differs(a: &HandRecord<'_>, b: &HandRecord<'_>) -> Option<&'static str> {
    // The betting and the board, amounts by value; the hole cards and shows may be told in
    // another order.
    let betting = |r: &HandRecord<'_>| {
        r.actions()
            .filter(|a| a.chooser().is_some() || matches!(a, Action::DealBoard { .. }))
            .map(|a| match a {
                Action::BetOrRaiseTo(p, to) => format!("p{} cbr {}", p + 1, values(&[*to])[0]),
                a => a.to_string(),
            })
            .collect::<Vec<_>>()
    };
    let collected = |r: &HandRecord<'_>| {
        let site = r.accounting.as_ref();
        let mut v: Vec<(usize, i64)> = site
            .map(|s| s.collected.iter().map(|e| (e.player, values(&[e.amount])[0])).collect())
            .unwrap_or_default();
        v.sort_unstable();
        v
    };
    let total =
        |r: &HandRecord<'_>| r.accounting.as_ref().and_then(|s| s.total_pot).map(|a| values(&[a]));
    let rake =
        |r: &HandRecord<'_>| r.accounting.as_ref().and_then(|s| s.rake).map(|a| values(&[a]));
    [
        (a.variant != b.variant, "variant"),
        (a.players != b.players, "players"),
        (a.table.seats != b.table.seats, "seats"),
        (a.table.button != b.table.button, "button"),
        (values(&a.starting_stacks) != values(&b.starting_stacks), "starting_stacks"),
        (values(&a.blinds_or_straddles) != values(&b.blinds_or_straddles), "blinds_or_straddles"),
        (values(&a.antes) != values(&b.antes), "antes"),
        (betting(a) != betting(b), "betting actions"),
        (a.hand != b.hand, "hand"),
        (a.table.time != b.table.time, "time"),
        (a.table.table != b.table.table, "table"),
        (a.structure != b.structure, "_structure"),
        (a.hole_cards != b.hole_cards, "_hole_cards"),
        (a.tournament != b.tournament, "_tournament"),
        (collected(a) != collected(b), "_collected"),
        (total(a) != total(b), "_total_pot"),
        (rake(a) != rake(b), "_rake"),
    ]
    .into_iter()
    .find_map(|(d, name)| d.then_some(name))
}

/// The files of a folder of site samples: those its `expected.json` lists, in folders below
/// it too (the real hand histories, walked as the `real_` tests of the importers walk them),
/// else the `.txt` files in it, in name order.
fn sample_files(dir: &str) -> Vec<std::path::PathBuf> {
    let root = std::path::Path::new(dir);
    let mut files: Vec<_> = match std::fs::read(root.join("expected.json")) {
        Ok(bytes) => {
            let expected: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            expected["files"].as_object().unwrap().keys().map(|f| root.join(f)).collect()
        }
        Err(_) => std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "txt"))
            .collect(),
    };
    files.sort();
    files
}

/// Every hand of the site samples in `dir` ([`sample_files`]) of `format`.
fn site_samples(dir: &str, format: Format, same: bool) -> Tally {
    let mut tally = Tally::default();
    for path in &sample_files(dir) {
        let bytes = std::fs::read(path).unwrap();
        for (k, pending) in split(format, &bytes).iter().enumerate() {
            let label = format!("{} [{}]", path.display(), k + 1);
            pending.hand().read(&mut |r| {
                if let Ok(record) = r {
                    round_trip(&label, &record, same, &mut tally);
                }
            });
        }
    }
    tally
}

/// Every hand of a PHH text.
fn phh_hands(label: &str, text: &str, tally: &mut Tally) {
    for (k, hand) in hands(text).enumerate() {
        let hand = hand.unwrap();
        if let (false, Ok(record)) = (hand.empty, &hand.record) {
            round_trip(&format!("{label} [{k}]"), record, false, tally);
        }
    }
}

/// Every `.phh` and `.phhs` file under `dir`.
fn phh_tree(dir: &std::path::Path, tally: &mut Tally) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            phh_tree(&path, tally);
        } else if path.extension().is_some_and(|e| e == "phh" || e == "phhs") {
            let text = std::fs::read_to_string(&path).unwrap();
            phh_hands(&path.display().to_string(), &text, tally);
        }
    }
}

fn assert_clean(what: &str, tally: &Tally, least: usize) {
    eprintln!("{what}: {tally:?}");
    assert!(tally.failures.is_empty(), "{what}:\n{}", tally.failures.join("\n\n"));
    assert!(tally.written >= least, "{what}: only {} written: {tally:?}", tally.written);
}

#[test]
fn pokerstars_samples_read_back_as_the_same_hands() {
    let tally = site_samples("tests/data/pokerstars", Format::PokerStars, true);
    assert_clean("PokerStars samples", &tally, 30);
    // The site's sums that do not add up are never written as if they did.
    assert!(tally.not_legal >= 6, "{tally:?}");
}

#[test]
fn ggpoker_and_winamax_samples_end_with_the_sites_stacks() {
    let gg = site_samples("tests/data/ggpoker", Format::named("ggpoker").unwrap(), false);
    assert_clean("GGPoker samples", &gg, 10);
    let wx = site_samples("tests/data/winamax", Format::named("winamax").unwrap(), false);
    assert_clean("Winamax samples", &wx, 5);
}

#[test]
fn phh_corpus_and_rule_files_end_with_their_recorded_stacks() {
    let mut tally = Tally::default();
    phh_tree(std::path::Path::new("tests/data/corpus"), &mut tally);
    phh_tree(std::path::Path::new("tests/data/replay/legal"), &mut tally);
    assert_clean("PHH corpus", &tally, 1900);
    // Stud, razz and the draw games are refused, each with its reason.
    assert!(tally.refused.keys().any(|k| k.contains("hold'em and Omaha only")), "{tally:?}");
}

#[test]
fn dealt_hands_of_the_flop_games_are_written_and_the_others_refused() {
    let mut tally = Tally::default();
    for args in [
        &["--game", "nlhe"][..],
        &["--game", "plo", "--hole-cards", "5"],
        &["--game", "flo8"],
        &["--game", "flhe"],
        &["--game", "nlhe", "--structure", "pot-limit-preflop"],
    ] {
        let out = felt().arg("deal").args(args).args(["-n", "60", "--seed", "3"]).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let before = tally.written;
        phh_hands(
            &format!("felt deal {args:?}"),
            std::str::from_utf8(&out.stdout).unwrap(),
            &mut tally,
        );
        assert!(tally.written >= before + 50, "{args:?}: {tally:?}");
    }
    assert_clean("felt deal", &tally, 250);
    let out = felt().args(["deal", "--game", "stud7", "-n", "1", "--seed", "1"]).output().unwrap();
    let mut stud = Tally::default();
    phh_hands("stud", std::str::from_utf8(&out.stdout).unwrap(), &mut stud);
    assert_eq!(stud.written, 0);
    assert!(stud.refused.keys().all(|k| k.contains("hold'em and Omaha only")), "{stud:?}");
}

#[test]
fn the_command_writes_text_that_replays_and_names_each_hand_it_refuses() {
    let dir = std::env::temp_dir().join(format!("felt-tostars-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out.txt");
    let bundle = "[1]\nvariant = 'NT'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
        actions = ['d dh p1 AsAh', 'd dh p2 7c2d', 'p2 cc', 'p1 cbr 6', 'p2 f']\n\
        finishing_stacks = [102, 98]\n\
        [2]\nvariant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n\
        starting_stacks = [100, 100]\nactions = ['d dh p1 AsAhKs', 'd dh p2 7c2d3h', 'p2 pb', 'p1 f']\n";
    let input = dir.join("in.phhs");
    std::fs::write(&input, bundle).unwrap();
    let run = felt()
        .args([
            "convert",
            "--to",
            "pokerstars",
            "-o",
            out.to_str().unwrap(),
            input.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{err}");
    assert!(err.contains("[2]: NOT WRITTEN: PokerStars text as feltkit reads it back holds hold'em and Omaha only"), "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    // Worked by hand: p2 (the button, small blind) calls 1, p1 raises to 6, p2 folds: the 4
    // over p2's 2 go back, p1 wins the 4 in the pot.
    for line in [
        "Seat 2: p2 ($100.00 in chips)",
        "p2: posts small blind $1.00",
        "p1: posts big blind $2.00",
        "p2: calls $1.00",
        "p1: raises $4.00 to $6.00",
        "Uncalled bet ($4.00) returned to p1",
        "p1 collected $4.00 from pot",
        "Total pot $4.00 | Rake $0.00",
    ] {
        assert!(text.contains(&format!("{line}\n")), "{line}:\n{text}");
    }
    let replay = felt().args(["replay", "--check", out.to_str().unwrap()]).output().unwrap();
    assert_eq!(replay.status.code(), Some(0), "{}", String::from_utf8_lossy(&replay.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The real hand histories a user can point this at (not part of the repository), as the
/// `real_` tests of the importers: every hand of `FELTKIT_POKERSTARS_DIR` and
/// `FELTKIT_GGPOKER_DIR` written as PokerStars text and read back to its site's stacks, with
/// the counts printed. `... cargo test --release --test suite real_hands_to_pokerstars --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn real_hands_to_pokerstars_text_read_back_to_the_sites_stacks() {
    for (var, format) in
        [("FELTKIT_POKERSTARS_DIR", "pokerstars"), ("FELTKIT_GGPOKER_DIR", "ggpoker")]
    {
        let Ok(dir) = std::env::var(var) else { continue };
        let tally = site_samples(&dir, Format::named(format).unwrap(), format == "pokerstars");
        eprintln!(
            "{format}: {} written and read back, {} not legal or not adding up, refused: {:?}",
            tally.written, tally.not_legal, tally.refused
        );
        assert!(
            tally.failures.is_empty(),
            "{}",
            tally.failures[..tally.failures.len().min(5)].join("\n\n")
        );
    }
}
