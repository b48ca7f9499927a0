//! Every NT, FT, PT and F7S hand of the PokerKit corpus, and the NT, FT and F7S hands of the
//! real-hand corpus, replayed and checked against their recorded results (tests/data/corpus).

use std::path::Path;

use feltkit::phh::{replay_text, HandReport, Status};

use crate::corpus::{corpus, files};

fn replay_dir(dir: &Path) -> Vec<HandReport> {
    let mut paths = Vec::new();
    files(dir, &mut paths);
    paths
        .iter()
        .flat_map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            replay_text(&text, &p.display().to_string(), true)
        })
        .collect()
}

#[test]
fn pokerkit_corpus_nt_ft_pt_f7s_all_match() {
    for code in ["NT", "FT", "PT", "F7S"] {
        let reports = replay_dir(&corpus().join("pokerkit").join(code));
        assert_eq!(reports.len(), 200, "{code}");
        for r in &reports {
            assert!(r.checked, "{}: nothing checked", r.label);
            assert!(r.ok(), "{}: {:?} {:?}", r.label, r.status, r.mismatches);
            let o = r.outcome.as_ref().unwrap();
            let pots: i64 = o.pots.iter().map(|p| p.amount).sum();
            let won: i64 = o.winnings.iter().sum();
            assert_eq!(pots, won, "{}", r.label);
        }
    }
}

/// The eight pluribus hands that split an odd chip as `.5` (MANIFEST.txt).
const HALF_CHIP: &[&str] =
    &["102/0", "32/23", "41b/204", "60/88", "75b/76", "88/128", "91/43", "91/53"];

#[test]
fn real_nt_ft_f7s_hands_match_except_half_chips_which_are_reported() {
    let reports = replay_dir(&corpus().join("phh-real"));
    let mut matched = 0;
    let mut half = 0;
    for r in reports.iter().filter(|r| matches!(r.variant.as_str(), "NT" | "FT" | "F7S")) {
        let name = r.label.replace('\\', "/");
        if HALF_CHIP.iter().any(|h| name.ends_with(&format!("pluribus/{h}.phh"))) {
            half += 1;
            assert_eq!(r.status, Status::Legal, "{name}");
            assert!(!r.mismatches.is_empty(), "{name}");
            for m in &r.mismatches {
                assert!(
                    m.contains("cannot be right") && m.contains("a chip cannot be split"),
                    "{name}: {m}"
                );
            }
            continue;
        }
        match &r.status {
            // Two online hands show unknown cards and record no result: nothing to decide.
            Status::Unresolved(why) => {
                assert!(name.contains("handhq") && !r.checked, "{name}: {why}");
                assert!(why.contains("unknown card"), "{name}: {why}");
            }
            _ => {
                assert!(r.ok(), "{name}: {:?} {:?}", r.status, r.mismatches);
                matched += 1;
            }
        }
    }
    assert_eq!(half, 8);
    // 11 WSOP NT + 7 FT + 13 F7S, 151 pluribus, the BB-ante hand, 10 decided handhq hands,
    // dwan-ivey.
    assert_eq!(matched, 11 + 7 + 13 + 151 + 1 + 10 + 1);
}

#[test]
fn big_blind_ante_hand_reads_trimming_as_false_and_times_out_the_skipped_button() {
    let path = corpus().join("phh-real/data/wsop/2019/42/3/00-01-07.phh");
    let r = replay_text(&std::fs::read_to_string(path).unwrap(), "bb-ante", true).remove(0);
    assert!(r.ok(), "{:?}", r.mismatches);
    assert!(r.notes.iter().any(|n| n.contains("read as false")));
    assert!(r
        .notes
        .iter()
        .any(|n| n.contains("p8 did not act before action 14: timed out and folded")));
}

#[test]
fn other_variants_are_refused_clearly() {
    let reports = replay_dir(&corpus().join("phh-real"));
    for r in reports.iter().filter(|r| !matches!(r.variant.as_str(), "NT" | "FT" | "F7S")) {
        match &r.status {
            Status::Unsupported(why) => {
                assert!(why.contains("not supported"), "{}: {why}", r.label)
            }
            other => panic!("{}: {other:?}", r.label),
        }
    }
}
