//! Bomb pots (docs/games.md): the hand-worked hands of tests/data/replay/legal reported board by
//! board, written and read back, and `felt deal --bomb-pot` bundles that replay clean.

use std::path::PathBuf;

use assert_cmd::Command;
use feltkit::phh::read::hands;
use feltkit::phh::report::{to_json, write_text};
use feltkit::phh::write::write_record;
use feltkit::phh::{replay_text, Status};
use feltkit::rules::Chips;
use predicates::prelude::*;

fn legal(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/replay/legal")
        .join(format!("{name}.phh"));
    std::fs::read_to_string(path).unwrap()
}

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

#[test]
fn a_short_stack_all_in_for_less_than_the_bomb_plays_for_the_main_pot_only() {
    // The file's comment works it out: main pot 3 x 6, side pot 2 x 4 + 2 x 20.
    let r = replay_text(&legal("nlhe_bomb_pot_short_stack_side_pot"), "t", true).remove(0);
    assert!(r.ok(), "{:?} {:?}", r.status, r.mismatches);
    let o = r.outcome.as_ref().unwrap();
    assert_eq!(o.bomb_pot, Chips(10));
    assert!(!o.double_board && o.boards.is_empty());
    let pots: Vec<_> =
        o.pots.iter().map(|p| (p.amount, p.eligible.clone(), p.winners.clone())).collect();
    assert_eq!(pots, [(Chips(18), vec![0, 1, 2], vec![2]), (Chips(48), vec![0, 1], vec![1])]);
    let mut text = String::new();
    write_text(&mut text, &r);
    assert!(text.contains("  bomb pot: every player put in 10 before the cards\n"), "{text}");
    assert_eq!(to_json(&r)["bomb_pot"], "10");
}

#[test]
fn a_double_board_reports_each_board_and_what_its_half_paid() {
    let r =
        replay_text(&legal("nt_double_board_bomb_pot_each_board_its_half"), "t", true).remove(0);
    assert!(r.ok(), "{:?} {:?}", r.status, r.mismatches);
    let mut text = String::new();
    write_text(&mut text, &r);
    // Pot 19: 10 to the first board (the odd chip), 9 to the second.
    let want = "  bomb pot: every player put in 5 before the cards, two boards\n  \
                pot 1: 19 paid in by p1, p2, p3; eligible p1, p2; won by p1, p2; paid p1 10, p2 9\n  \
                board 1 (2c 3d 8h 4s Jd): pot 1 10 won by p1, paid p1 10\n  \
                board 2 (Kc 7d 9s 5s Qh): pot 1 9 won by p2, paid p2 9\n";
    assert!(text.contains(want), "{text}");
    let v = to_json(&r);
    assert_eq!(v["boards"][1]["board"], "Kc 7d 9s 5s Qh");
    assert_eq!(v["boards"][0]["pots"][0]["amount"], "10");
    assert_eq!(v["boards"][1]["pots"][0]["payouts"]["p2"], "9");
    assert!(v.get("runs").is_none());
}

#[test]
fn a_double_board_of_omaha_high_low_splits_each_half_between_high_and_low() {
    let r = replay_text(&legal("fo8_double_board_bomb_pot_halves_split_high_and_low"), "t", true)
        .remove(0);
    assert!(r.ok(), "{:?} {:?}", r.status, r.mismatches);
    let pot = &r.outcome.as_ref().unwrap().pots[0];
    let boards: Vec<_> = pot
        .by_run
        .iter()
        .map(|b| (b.amount, b.winners.clone(), b.low_winners.clone(), b.payouts.clone()))
        .collect();
    assert_eq!(
        boards,
        [
            (Chips(12), vec![0, 1], vec![1], vec![(0, Chips(6)), (1, Chips(6))]),
            (Chips(12), vec![0], vec![], vec![(0, Chips(12))]),
        ]
    );
}

#[test]
fn bomb_pot_fields_are_written_and_read_back() {
    for name in
        ["nlhe_bomb_pot_short_stack_side_pot", "nt_double_board_bomb_pot_each_board_its_half"]
    {
        let text = legal(name);
        let record = hands(&text).next().unwrap().unwrap().record.unwrap();
        let written = write_record(&record);
        assert!(written.contains("_bomb_pot = "), "{written}");
        assert_eq!(written.contains("_boards = 2\n"), name.contains("double"), "{written}");
        let again = hands(&written).next().unwrap().unwrap().record.unwrap();
        assert_eq!(again, record);
        assert!(replay_text(&written, name, true)[0].ok(), "{written}");
    }
    // A number of boards other than 1 or 2 is malformed, at its field.
    let text =
        legal("nt_double_board_bomb_pot_each_board_its_half").replace("_boards = 2", "_boards = 3");
    match replay_text(&text, "t", false).remove(0).status {
        Status::Malformed { field, reason } => {
            assert_eq!(field.as_deref(), Some("_boards"));
            assert!(reason.contains("expected 1 or 2 boards"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn felt_deal_bomb_pots_replay_legal_and_matching() {
    let cases: [&[&str]; 5] = [
        &["--game", "nlhe", "--bomb-pot", "5"],
        &["--game", "NT", "--bomb-pot", "3", "--boards", "2"],
        &["--game", "PO", "--bomb-pot", "4", "--boards", "2", "--players", "2-9"],
        &["--game", "FO/8", "--bomb-pot", "2", "--boards", "2", "--stakes", "bets=4/8"],
        &["--game", "flhe", "--bomb-pot", "2", "--runs", "2"],
    ];
    for args in cases {
        let dealt = |threads: &str| {
            let out = felt()
                .arg("deal")
                .args(args)
                .args(["-n", "300", "--seed", "9", "--threads", threads])
                .assert()
                .code(0)
                .get_output()
                .stdout
                .clone();
            String::from_utf8(out).unwrap()
        };
        let bundle = dealt("2");
        assert_eq!(bundle, dealt("1"), "{args:?}: not reproducible");
        assert_eq!(bundle.matches("\n_bomb_pot = ").count(), 300, "{args:?}");
        let double = args.contains(&"--boards");
        assert_eq!(bundle.matches("\n_boards = 2\n").count(), if double { 300 } else { 0 });
        assert!(!bundle.contains("blinds_or_straddles = [1"), "{args:?}");
        felt()
            .args(["replay", "--check", "-"])
            .write_stdin(bundle)
            .assert()
            .code(0)
            .stdout(predicate::str::contains("300 hands in 1 file: 300 legal and matching"));
    }
}

#[test]
fn felt_deal_refuses_bomb_pots_it_cannot_deal() {
    let refused = |args: &[&str], why: &str| {
        felt().arg("deal").args(args).assert().code(2).stderr(predicate::str::contains(why));
    };
    refused(&["--game", "stud7", "--bomb-pot", "5"], "a bomb pot is dealt in the flop games");
    refused(&["--game", "F2L3D", "--bomb-pot", "5"], "a bomb pot is dealt in the flop games");
    refused(&["--game", "nlhe", "--bomb-pot", "5", "--session"], "--bomb-pot deals single hands");
    refused(&["--game", "nlhe", "--bomb-pot", "5", "--stakes", "1/2"], "no blinds or antes");
    refused(&["--game", "nlhe", "--boards", "2"], "--bomb-pot");
    refused(&["--game", "nlhe", "--bomb-pot", "5", "--boards", "3"], "--boards");
    refused(&["--game", "nlhe", "--bomb-pot", "5", "--boards", "2", "--runs", "2"], "run once");
    refused(
        &["--game", "PO", "--bomb-pot", "5", "--boards", "2", "--players", "10"],
        "need 53 cards: the deck has 52",
    );
}
