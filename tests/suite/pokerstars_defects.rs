//! Regression tests of PokerStars text that was misread: amounts written `$.25`, amounts past
//! the chip limit, text that contradicts itself, a wrong call reported far from its line, texts
//! read whole, and inputs of one format read as another. The two fixtures are consistent hands
//! worked out by hand (`micro_stakes_leading_point.txt`, `showdown_consistent.txt`); each
//! contradiction is one line of them changed.

use assert_cmd::Command;
use feltkit::import::{convert, read_hands, Format};
use feltkit::phh::{replay_text, HandReport, Status};
use predicates::prelude::*;

fn path(name: &str) -> String {
    format!("{}/tests/data/pokerstars/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

fn text(name: &str) -> String {
    std::fs::read_to_string(path(name)).unwrap()
}

/// The one hand of a text, converted and replayed with `--check`.
fn replayed(text: &str) -> HandReport {
    replay_text(&convert(text.as_bytes()).remove(0).phh, "t", true).remove(0)
}

/// `showdown_consistent.txt` with `from` replaced by `to` (which must be there).
fn changed(from: &str, to: &str) -> String {
    let t = text("showdown_consistent.txt");
    assert!(t.contains(from), "{from}");
    t.replacen(from, to, 1)
}

/// The reason of a malformed report, which must start with `line N: `.
fn malformed_at(r: &HandReport, line: usize) -> String {
    match &r.status {
        Status::Malformed { reason, .. } => {
            assert!(reason.starts_with(&format!("line {line}: ")), "{reason}");
            reason.clone()
        }
        other => panic!("expected MALFORMED at line {line}: {other:?}"),
    }
}

#[test]
fn amounts_written_with_a_leading_point_are_read_as_cents() {
    // $.05/$.10: Ann raises to $.25, Cat calls, Ann's flop bet of $.5 comes back; the pot of
    // $.55 (Bob's $.05, $.25 each) goes to Ann less $.02 of rake. Read as 5 and 25 it was a
    // hundred times too large.
    let r = replayed(&text("micro_stakes_leading_point.txt"));
    assert!(r.ok() && r.checked, "{:?} {:?}", r.status, r.mismatches);
    let o = r.outcome.as_ref().unwrap();
    let stacks: Vec<String> = o.final_stacks.iter().map(|&c| r.chips(c)).collect();
    assert_eq!(stacks, ["4.45", "0.50", "5.30"]);
    let phh = convert(text("micro_stakes_leading_point.txt").as_bytes()).remove(0).phh;
    assert!(phh.contains("blinds_or_straddles = [0.05, 0.10, 0.00]"), "{phh}");
    assert!(phh.contains("starting_stacks = [4.50, 0.75, 5.00]"), "{phh}");
    felt()
        .args(["replay", "--check", &path("micro_stakes_leading_point.txt")])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("hand 20001 (nlhe): legal, results match"));
}

#[test]
fn an_amount_past_the_chip_limit_is_refused_quoting_the_text() {
    let t = text("micro_stakes_leading_point.txt")
        .replace("Seat 1: Ann ($5 in chips)", "Seat 1: Ann ($12345678901234567 in chips)");
    let r = replayed(&t);
    let why = malformed_at(&r, 3);
    assert!(why.contains("$12345678901234567 is too large"), "{why}");
    assert!(!why.contains("100000000000000.00"), "{why}");
    felt()
        .args(["convert", "-"])
        .write_stdin(t)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("UNREADABLE: \"line 3: the amount $12345678901234567"))
        .stdout(predicate::str::contains("100000000000000.00").not());
}

#[test]
fn a_seat_taken_twice_is_malformed_at_the_second_seat_line() {
    let r = replayed(&changed("Seat 4: Fay ($120", "Seat 2: Fay ($120"));
    let why = malformed_at(&r, 5);
    assert!(why.contains("seat 2 is taken twice: by Eve (line 4) and by Fay"), "{why}");
}

#[test]
fn more_players_than_the_tables_n_max_is_malformed() {
    let r = replayed(&changed("Table 'Vega' 6-max", "Table 'Vega' 2-max"));
    malformed_at(&r, 5);
}

#[test]
fn a_seat_past_the_tables_n_max_is_malformed() {
    let r = replayed(&changed("Seat 4: Fay ($120", "Seat 7: Fay ($120"));
    let why = malformed_at(&r, 5);
    assert!(why.contains("seat 7 is past the table's 6 seats"), "{why}");
}

#[test]
fn a_summary_board_other_than_the_board_dealt_is_malformed() {
    let r = replayed(&changed("Board [Ah 8c 3d Ks 2h]", "Board [Ah 8c 3d Ks 2c]"));
    let why = malformed_at(&r, 28);
    assert!(why.contains("(Ah 8c 3d Ks 2h)"), "{why}");
}

#[test]
fn summary_cards_shown_other_than_the_plays_are_malformed() {
    let r =
        replayed(&changed("Fay (small blind) showed [As Qd]", "Fay (small blind) showed [As Qh]"));
    let why = malformed_at(&r, 31);
    assert!(why.contains("showed [AsQh], but the play shows [AsQd]"), "{why}");
}

#[test]
fn summary_winnings_other_than_the_collected_lines_are_malformed() {
    let r = replayed(&changed("and won ($70.50)", "and won ($71.50)"));
    let why = malformed_at(&r, 30);
    assert!(
        why.contains("Eve won $71.50, but the play's collected lines give Eve $70.50"),
        "{why}"
    );
}

#[test]
fn a_folded_player_shown_as_winning_is_malformed() {
    // The summary says Dan folded and collected.
    let r = replayed(&changed(
        "Seat 1: Dan (big blind) folded before Flop",
        "Seat 1: Dan (big blind) folded before Flop and won ($2)",
    ));
    malformed_at(&r, 29);
    // The summary says Dan, who folded at line 11, showed and won.
    let r = replayed(&changed(
        "Seat 1: Dan (big blind) folded before Flop",
        "Seat 1: Dan (big blind) showed [Qs Qc] and won ($2)",
    ));
    let why = malformed_at(&r, 29);
    assert!(why.contains("Dan folded at line 11"), "{why}");
    // Dan, who folded, collects the pot.
    let r = replayed(&changed("Eve collected $70.50", "Dan collected $70.50"));
    let why = malformed_at(&r, 25);
    assert!(why.contains("Dan collected $70.50, but folded at line 11"), "{why}");
}

#[test]
fn an_action_by_a_name_not_seated_is_malformed() {
    for (from, to, line) in [
        ("Dan: folds", "Don: folds", 11),
        ("Eve: bets $10", "Eva: bets $10", 14),
        ("Eve collected $70.50 from pot", "Eva collected $70.50 from pot", 25),
    ] {
        let r = replayed(&changed(from, to));
        let why = malformed_at(&r, line);
        assert!(why.contains("is not seated at this table"), "{why}");
    }
}

#[test]
fn blinds_and_antes_other_than_the_stakes_are_malformed() {
    let r = replayed(&changed("Fay: posts small blind $1", "Fay: posts small blind $1.50"));
    let why = malformed_at(&r, 6);
    assert!(
        why.contains("Fay posts small blind $1.50, but the small blind here is $1.00"),
        "{why}"
    );
    let r = replayed(&changed("Dan: posts big blind $2", "Dan: posts big blind $3"));
    let why = malformed_at(&r, 7);
    assert!(why.contains("the big blind here is $2.00"), "{why}");
    // A big blind for less is an all-in only.
    let r = replayed(&changed("Dan: posts big blind $2", "Dan: posts big blind $1"));
    malformed_at(&r, 7);
    // Tournament antes of 10 (lines 6 to 8): Eve's of 20 is not the ante.
    let t = std::fs::read_to_string(path("tournament_antes.txt")).unwrap().replacen(
        "Eve: posts the ante 10",
        "Eve: posts the ante 20",
        1,
    );
    let r = replayed(&t);
    let why = malformed_at(&r, 7);
    assert!(why.contains("Eve posts the ante 20, but the ante here is 10"), "{why}");
}

#[test]
fn a_raise_whose_increment_does_not_add_up_is_malformed() {
    // The big blind is $2: a raise to $6 raises by $4, not $3.
    let r = replayed(&changed("Eve: raises $4 to $6", "Eve: raises $3 to $6"));
    let why = malformed_at(&r, 9);
    assert!(why.contains("the bet before is $2.00: a raise to $6.00 raises by $4.00"), "{why}");
}

#[test]
fn a_wrong_call_is_reported_at_its_own_line_with_the_call_the_rules_ask() {
    // Eve bets $10 on the flop: Fay's call is $10, not $12 (it was reported at Fay's seat line
    // as a difference of her stack).
    let r = replayed(&changed("Fay: calls $10", "Fay: calls $12"));
    let why = malformed_at(&r, 15);
    assert!(why.contains("Fay calls $12.00, but the call here is $10.00"), "{why}");
    felt()
        .args(["replay", "--check", "-"])
        .write_stdin(changed("Fay: calls $10", "Fay: calls $12"))
        .assert()
        .code(2)
        .stdout(predicate::str::contains("MALFORMED: line 15: Fay calls $12.00"));
}

#[test]
fn the_reader_holds_about_one_hand_of_a_long_text_and_keeps_the_order() {
    // 20,000 hands read through a small buffer: every hand comes, in order, and the reader
    // never holds more than a few hands' text.
    let one = text("showdown_consistent.txt");
    let big = one.repeat(20_000);
    let mut hands =
        read_hands(Format::PokerStars, std::io::BufReader::with_capacity(8192, big.as_bytes()));
    let (mut count, mut most, mut last_line) = (0, 0, 0);
    while let Some(h) = hands.next() {
        let h = h.unwrap();
        count += 1;
        assert_eq!(h.index, count);
        assert_eq!(h.line, last_line + 1);
        last_line = h.line + one.lines().count() - 1;
        most = most.max(hands.held());
    }
    assert_eq!(count, 20_000);
    // Besides the hands: the block of whole lines being handed out, the start of the next and
    // a block's storage kept for reuse, each about one read of the input's buffer.
    assert!(most < 4 * one.len() + 4 * 8192, "{most} bytes held");
}

#[test]
fn format_pokerstars_on_phh_says_it_is_not_pokerstars_text() {
    let phh = format!("{}/tests/data/replay/legal", env!("CARGO_MANIFEST_DIR"));
    let file = std::fs::read_dir(&phh)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "phh"))
        .unwrap();
    felt()
        .args(["replay", "--format", "pokerstars"])
        .arg(&file)
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "UNREADABLE: not PokerStars text (no `PokerStars Hand #` header found): the text looks like PHH (TOML); --format phh reads it",
        ))
        .stdout(predicate::str::contains("empty").not());
    felt()
        .args(["convert", "--format", "pokerstars"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
        "NO HANDS: the text looks like PHH (TOML), which needs no conversion: felt replay reads it",
    ));
}

#[test]
fn pokerstars_text_or_json_named_phh_says_what_it_looks_like() {
    let dir = std::env::temp_dir().join(format!("feltkit-looks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let stars = dir.join("hand.phh");
    std::fs::write(&stars, text("showdown_consistent.txt")).unwrap();
    let json = dir.join("hand2.phh");
    std::fs::write(&json, "\n  {\"variant\": \"NT\"}\n").unwrap();
    felt().arg("replay").arg(&stars).assert().code(2).stdout(predicate::str::contains(
        "MALFORMED: not PHH: the text looks like PokerStars hand-history text; --format pokerstars reads it",
    ));
    felt()
        .arg("replay")
        .arg(&json)
        .assert()
        .code(2)
        .stdout(predicate::str::contains("MALFORMED: not PHH: the text looks like JSON"));
    std::fs::remove_dir_all(&dir).unwrap();
}
