//! Microgaming hand-history XML: each hand-written text in `tests/data/microgaming` replays to
//! the stacks worked out by hand below (the site's own `endbalance`s), the site's accounting
//! (each winner's amount, the bet handed back, the rake, each seat's end balance) is checked at
//! its line, the games not played are refused with the reason, and `felt replay` and `felt
//! convert` read the texts by their content or with `--format microgaming`.

use crate::common::{converted_texts_replay_as_the_texts, felt_says, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::{replay_text, Status};

const MICROGAMING: SiteSamples = SiteSamples { folder: "microgaming", format: "microgaming" };

/// Each good text, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the dealer) worked out by hand from its lines.
const GOOD: [(&str, &[&str]); 4] = [
    // Dealer seat 2; p1 is Ruta (small blind 0.50, folds). Ingrid raises 3, Pasco calls,
    // Wendel is all in for 100, Ingrid for 30, Pasco calls all in for 80: Wendel's last 20
    // comes back. Main pot 3 x 30 + 0.50 = 90.50, less the rake of 3 (`rake="300"`), to
    // Ingrid's three nines; side pot 2 x 50 = 100 to Wendel's aces over Pasco's queens.
    ("cash_nl_side_pot.xml", &["49.50", "120", "87.50", "0"]),
    // An older text: each call's and raise's value is the street's total. Bexley raises to
    // 0.30 and to 1.20, Mirela calls both: 3, less 0.15; Bexley's turn all-in of 8.50 comes
    // back apart from his 2.85. Bexley: 10 - 1.50 + 2.85.
    ("old_raise_to.xml", &["10.50", "11.35"]),
    // 3 x 0.50 + 2 x 1.50 + 2 x 2 = 8.50, less 0.40: halves of 4.05, Corvin's three kings
    // high and Oskar's 7-4-3-2-A low. Oskar: 25 - 4 + 4.05.
    ("omaha_hilo.xml", &["25.05", "40.05", "29.50"]),
    // Halvard's post of 10 to come in is live and he checks; Noor pays 0.02 to the bad-beat
    // jackpot, raises to 35 and folds to Halvard's flop bet of 75, which comes back: 5 + 10 +
    // 2 x 35 = 85 to Halvard, no rake. Noor: 800 - 0.02 - 35.
    ("jackpot_and_post.xml", &["595", "490", "1050", "764.98"]),
];

#[test]
fn each_text_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD {
        MICROGAMING.ends_at(name, stacks);
    }
}

#[test]
fn the_hands_name_their_games_and_tables() {
    MICROGAMING.holds(
        "cash_nl_side_pot.xml",
        &[
            "variant = 'nlhe'",
            "venue = \"Microgaming\"",
            "hand = 5100000011",
            "table = \"Flop 40 - €200 Max\"",
            "seats = [3, 4, 1, 2]",
            "min_bet = 1.00",
        ],
    );
    MICROGAMING.holds("omaha_hilo.xml", &["variant = 'flo8'", "_structure = 'pot-limit'"]);
    MICROGAMING.holds(
        "jackpot_and_post.xml",
        &["variant = 'plo'", "starting_stacks = [600.00, 500.00, 1000.00, 799.98]"],
    );
}

/// A broken text is reported by `--check` at the line that is wrong.
#[test]
fn a_text_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 2] = [
        // Pasco, all in and beaten, is said to end with 5.
        (
            "broken_end_balance.xml",
            &["line 4: p4 ends the hand with 5.00 by the text", "with 0.00 by the replay"],
        ),
        // The side pot is paid to Pasco, whose queens lose it to Wendel's aces.
        (
            "broken_wrong_player.xml",
            &[
                "line 48: p4 collected 100.00, but the replay awards p4 no pot",
                "the replay pays p2 100.00, but no line says p2 collected it",
                "line 6: p2 ends the hand with 120.00 by the text",
            ],
        ),
    ];
    for (name, says) in cases {
        let r = MICROGAMING.replayed(name);
        assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
        let all = r.mismatches.join("\n");
        for want in says {
            assert!(all.contains(want), "{name}: {want} in\n{all}");
        }
    }
}

#[test]
fn a_malformed_text_says_where_and_why() {
    let r = MICROGAMING.replayed("malformed_seat.log");
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(reason.contains("line 17: seat 7 has no `<Seat>` in the game"), "{reason}");
    let text = std::fs::read_to_string(MICROGAMING.path("omaha_hilo.xml")).unwrap();
    let cases = [
        (
            "type=\"Check\" seat=\"1\"",
            "type=\"Dance\" seat=\"1\"",
            "line 12: `Dance` is not an action feltkit knows",
        ),
        (
            "value=\"K\" suit=\"h\"",
            "value=\"K\" suit=\"x\"",
            "line 22: `value=\"K\" suit=\"x\"` is not a card",
        ),
        ("value=\"1.50\"", "value=\"1.5.0\"", "line 18: `value=\"1.5.0\"` is not an amount"),
        ("alias=\"Corvin\"", "alias=\"\"", "line 3: seat 1 plays but has no `alias`"),
        ("alias=\"Corvin\"", "alias=\"Oskar\"", "line 5: seat 4 has the `alias` of another seat"),
        (
            "<Card value=\"4\" suit=\"s\" id=\"4\"/>",
            "",
            "line 26: `DealRiver` deals 0 cards (expected 1)",
        ),
        // What is not well-formed, at its line and column.
        (
            "alias=\"Corvin\"",
            "alias=\"Corvin\" alias=\"Corvin\"",
            "line 3, column 7: the `<Game>` element is not well-formed XML: `alias` is given twice",
        ),
        (
            "alias=\"Corvin\"",
            "alias=\"Cor&vin;\"",
            "line 3, column 7: the `<Game>` element is not well-formed XML: the value of `alias` cannot be read: `&vin;` is not an entity",
        ),
        (
            "</Seats>",
            "</Seat>",
            "line 6, column 4: the `<Game>` element is not well-formed XML: `</Seat>` closes `<Seats>`",
        ),
    ];
    for (from, to, says) in cases {
        let odd = text.replacen(from, to, 1);
        let phh = convert_as(MICROGAMING.format(), odd.as_bytes()).remove(0).phh;
        let r = replay_text(&phh, "t", true).remove(0);
        let Status::Malformed { reason, .. } = &r.status else { panic!("{to}: {:?}", r.status) };
        assert!(reason.contains(says), "{to}: {reason}");
    }
    let cut: String = text.lines().take(20).collect::<Vec<_>>().join("\n");
    let phh = convert_as(MICROGAMING.format(), cut.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
}

#[test]
fn other_games_are_refused_with_the_reason() {
    let r = MICROGAMING.replayed("seven_card_stud.xml");
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.starts_with("not supported: Seven Card Stud FL"), "{why}");
    assert_eq!(r.hand.as_deref(), Some("5100000011"));
}

#[test]
fn felt_replay_reads_microgaming_xml_by_its_content_and_with_format_microgaming() {
    let old = "[1] hand 4150000007 (nlhe): legal, results match";
    felt_says(&["replay", "--check", &MICROGAMING.path("old_raise_to.xml")], None, 0, &[old]);
    let text = std::fs::read(MICROGAMING.path("omaha_hilo.xml")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "microgaming", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like Microgaming hand-history XML; --format microgaming reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text), 2, &[hint]);
}

#[test]
fn a_converted_text_replays_and_checks_as_the_texts_do() {
    assert!(converted_texts_replay_as_the_texts("microgaming") >= 7);
}
