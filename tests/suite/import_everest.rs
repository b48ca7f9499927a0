//! Everest Poker XML hand histories: each hand-written text in `tests/data/everest` replays to
//! the stacks worked out by hand below, what each winner is paid, the bets handed back, the pot
//! and the rake are checked against the replay line by line, the games not played are refused
//! with the reason, and `felt replay` and `felt convert` read the texts by their content or
//! with `--format everest`.

use crate::common::{converted_texts_replay_as_the_texts, felt_says, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::{replay_text, Status};

const EVEREST: SiteSamples = SiteSamples { folder: "everest", format: "everest" };

/// Each good text, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the button) worked out by hand from its elements (amounts in hundredths).
const GOOD: [(&str, &[&str]); 4] = [
    // Positions 0 to 4 are seats 1 to 5; button QUILLON, p1 TALLOW. HOLLIS folds. TALLOW is
    // all in for 10, MARSH_9 for 42; QUILLON calls. Main pot 3 x 10 = 30 to TALLOW's aces, side
    // pot 2 x 32 = 64 to QUILLON's kings; the sweep's rake of 1.50 leaves 29.50 and 63, as the
    // winners are paid. QUILLON: 60 - 42 + 63.
    ("cash_nl_side_pot.xml", &["29.50", "0", "50", "81"]),
    // No small blind: BETTE posts the big blind of 1 alone. CLOVIS calls, ARNO raises to 2,
    // both call: 6. On the flop CLOVIS bets 1, ARNO folds, BETTE calls: 8. BETTE's turn bet
    // of 2 is handed back. BETTE: 10 - 3 + 8.
    ("limit_no_small_blind.xml", &["15", "12", "18"]),
    // The hand's `blinds` says 50/100, a level behind the blinds of 100/200 posted; antes of
    // 25. VELMA is all in for 975, NOODLE for more: 500 of it comes back. 75 + 2 x 975 + 200 =
    // 2,225 to VELMA's pair of aces. NOODLE: 1,500 - 1,000.
    ("tournament_antes.xml", &["500", "2775", "2225"]),
    // Pot-limit Omaha high-low, blinds of 0.25/0.50: ARNO raises to 1.50, both call: 4.50; on
    // the flop ARNO bets 3, BETTE calls, QUINTEN folds: 10.50, less 0.50 of rake. BETTE's
    // full house wins high, ARNO's 8-5-3-2-A low (BETTE has none): 5 each.
    // BETTE: 30 - 4.50 + 5; ARNO: 20 - 4.50 + 5.
    ("omaha_hilo.xml", &["30.50", "13.50", "20.50"]),
];

#[test]
fn each_text_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD {
        EVEREST.ends_at(name, stacks);
    }
}

#[test]
fn the_hands_name_their_games_tables_and_tournaments() {
    EVEREST.holds(
        "cash_nl_side_pot.xml",
        &[
            "variant = 'nlhe'",
            "venue = \"Everest\"",
            "hand = 7400000101",
            "table = \"Marlow-2\"",
            "seats = [2, 4, 5, 1]",
        ],
    );
    EVEREST.holds(
        "limit_no_small_blind.xml",
        &["variant = 'flhe'", "small_bet = 1", "big_bet = 2", "blinds_or_straddles = [1, 0, 0]"],
    );
    EVEREST.holds("omaha_hilo.xml", &["variant = 'flo8'", "_structure = 'pot-limit'"]);
    EVEREST.holds(
        "tournament_antes.xml",
        &[
            "_tournament_id = \"7212650\"",
            "antes = [25, 25, 25]",
            "blinds_or_straddles = [100, 200, 0]",
        ],
    );
}

/// A broken text is reported by `--check` at the line that is wrong.
#[test]
fn a_text_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 2] = [
        // TALLOW is paid 30.50 where the main pot of 30 leaves 29.50 after the rake.
        (
            "broken_won_amount.xml",
            &[
                "line 23: `Total pot 94.00 | Rake 1.50` leaves 92.50 for the players, but the collected lines add up to 93.50",
                "line 31: p1 collected 30.50, more than the 30.00 the replay pays p1 before rake",
            ],
        ),
        // The side pot is paid to MARSH_9's queens, not QUILLON's kings.
        (
            "broken_wrong_player.xml",
            &[
                "line 32: p2 collected 63.00, but the replay awards p2 no pot",
                "the replay pays p4 64.00, but no line says p4 collected it",
            ],
        ),
    ];
    for (name, says) in cases {
        let r = EVEREST.replayed(name);
        assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
        let all = r.mismatches.join("\n");
        for want in says {
            assert!(all.contains(want), "{name}: {want} in\n{all}");
        }
    }
}

#[test]
fn a_malformed_text_says_where_and_why() {
    let text = std::fs::read_to_string(EVEREST.path("limit_no_small_blind.xml")).unwrap();
    let cases = [
        (
            "<FOLD position=\"0\"/>",
            "<FOLD position=\"7\"/>",
            "line 22: `position=\"7\"` is not a seat of the hand's `<SEAT>`s",
        ),
        (
            "<FOLD position=\"0\"/>",
            "<DANCE position=\"0\"/>",
            "line 22: `<DANCE>` is not an element feltkit knows",
        ),
        (
            "<BET position=\"3\" amount=\"100\"/>\n  <FOLD",
            "<BET position=\"3\" amount=\"lots\"/>\n  <FOLD",
            "line 21: `amount=\"lots\"` is not an amount",
        ),
        ("<COMMUNITY>9h</COMMUNITY>", "<COMMUNITY>9x</COMMUNITY>", "line 25: `9x` is not a card"),
        (
            "<COMMUNITY>9h</COMMUNITY>",
            "<COMMUNITY>9h, 8h, 7h</COMMUNITY>",
            "line 25: 3 board cards dealt after 3",
        ),
        (
            "<SEAT position=\"3\" name=\"CLOVIS\" balance=\"1500\"/>",
            "<SEAT position=\"3\" name=\"CLOVIS\" balance=\"15.00\"/>",
            "line 5: `balance=\"15.00\"` is not an amount",
        ),
        (
            "<SEAT position=\"2\" name=\"BETTE\" balance=\"1000\"/>",
            "<SEAT position=\"2\" name=\"BETTE\" balance=\"1000\">",
            "the `<HAND>` element is not well-formed XML",
        ),
        (
            "<DEALER position=\"0\"/>",
            "",
            "line 2: expected a `<DEALER position=\"N\"/>` in the hand",
        ),
        // A tag without its `>`: told at the next tag's `<`, on the line after.
        (
            "<SEAT position=\"2\" name=\"BETTE\" balance=\"1000\"/>",
            "<SEAT position=\"2\" name=\"BETTE\" balance=\"1000\"",
            "line 5: the `<HAND>` element is not well-formed XML: the tag `<SEAT` is not closed",
        ),
        (
            "name=\"BETTE\"",
            "name=\"BE&TTE;\"",
            "line 4: the `<HAND>` element is not well-formed XML: the value of `name` cannot be read: `&TTE;` is not an entity XML knows",
        ),
    ];
    for (from, to, says) in cases {
        assert!(text.contains(from), "{from}");
        let odd = text.replacen(from, to, 1);
        let phh = convert_as(EVEREST.format(), odd.as_bytes()).remove(0).phh;
        let r = replay_text(&phh, "t", true).remove(0);
        let Status::Malformed { reason, .. } = &r.status else { panic!("{to}: {:?}", r.status) };
        assert!(reason.contains(says), "{to}: {reason}");
    }
    // A penalty blind is refused: which part of it is live is not written.
    let odd = text.replace("amount=\"100\" penalty=\"0\"", "amount=\"100\" penalty=\"1\"");
    let phh = convert_as(EVEREST.format(), odd.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.contains("line 7: BETTE posts a blind of $1 with a penalty"), "{why}");
    // A text that stops before `</HAND>` is cut off.
    let cut: String = text.lines().take(20).collect::<Vec<_>>().join("\n");
    let phh = convert_as(EVEREST.format(), cut.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
}

#[test]
fn other_games_are_refused_with_the_reason() {
    let r = EVEREST.replayed("seven_card_stud.xml");
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.contains("the session's `game=\"seven-card-stud\"`: feltkit reads"), "{why}");
    assert_eq!(r.hand.as_deref(), Some("7700000404"));
}

#[test]
fn felt_replay_reads_everest_xml_by_its_content_and_with_format_everest() {
    let limit = "[1] hand 7500000202 (flhe): legal, results match";
    felt_says(&["replay", "--check", &EVEREST.path("limit_no_small_blind.xml")], None, 0, &[limit]);
    let text = std::fs::read(EVEREST.path("tournament_antes.xml")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "everest", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like Everest hand-history XML; --format everest reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text), 2, &[hint]);
    let stars = ["convert", "--to", "pokerstars", &EVEREST.path("cash_nl_side_pot.xml")];
    felt_says(&stars, None, 0, &["TALLOW: raises $7.00 to $10.00 and is all-in"]);
}

#[test]
fn a_converted_text_replays_and_checks_as_the_texts_do() {
    assert!(converted_texts_replay_as_the_texts("everest") >= 7);
}
