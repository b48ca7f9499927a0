//! OnGame hand-history text: each hand-written text in `tests/data/ongame` replays to the
//! stacks worked out by hand below, the site's own accounting (pots before rake, each winner's
//! share after it, the rake, each seat's finishing stack and net) is checked line by line, the
//! games not played are refused with the reason, and `felt replay` and `felt convert` read the
//! texts by their content or with `--format ongame`.

use crate::common::{converted_texts_replay_as_the_texts, felt_says, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::{replay_text, Status};

const ONGAME: SiteSamples = SiteSamples { folder: "ongame", format: "ongame" };

/// Each good text, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the button) worked out by hand from its lines.
const GOOD: [(&str, &[&str]); 7] = [
    // Button seat 1, p1 is tallow. tallow is all in for 20, marsh_9 and Quillon put in 46
    // each; Quillon's flop bet of 30 is called by nobody and comes back. Main pot 3 x 20 = 60
    // to tallow's aces, less 3 of rake; side pot 2 x 26 = 52 to Quillon, less 1. Quillon: 150
    // - 46 + 51; marsh_9: 84.50 - 46; Oda Rey folds and keeps 1,210.25.
    ("cash_nl_side_pot.txt", &["57", "38.50", "1210.25", "155"]),
    // Antes 4 x 25, blinds 100/200; noodle all in for 1,450 after the ante, Hollis calls: 100
    // + 100 + 2 x 1,450 = 3,100 to noodle's queens, no rake. Hollis: 2,400 - 25 - 1,450.
    ("tournament_antes.txt", &["2875", "3100", "5185", "925"]),
    // Blinds 0.50/1 (the table line says €1/€1): Velma raises the pot to 3.50, both call;
    // she bets the pot of 10.50 on the flop, oaktree calls; her turn bet of 20 comes back.
    // 3 x 3.50 + 2 x 10.50 = 31.50, less 1.50: Velma 100 - 14 + 30.
    ("cash_plo.txt", &["60.70", "96", "116"]),
    // Bets of 2/4 on blinds of 1/2: Quinten and Bette each put in 4 + 2 + 12 + 4 = 22, Arno
    // 1: 45, less 2 of rake, to Quinten's three sevens. Quinten: 60 - 22 + 43.
    ("fixed_limit.txt", &["74", "66", "81"]),
    // 3 x 3.50 + 2 x 5 + 2 x 10 = 40.50, less 1.50: halves of 19.50. Velma's three queens win
    // high; duskrider's 7-4-3-2-A is the only low. Velma: 100 - 18.50 + 19.50.
    ("omaha_hilo.txt", &["65.20", "106.50", "101"]),
    // Stud: players in seat order. Cyd brings in 0.05 over antes of 0.02 and Arno folds: the
    // 0.05 come back, the antes (0.04) are Cyd's. Cyd: 5 - 0.02 + 0.04.
    ("seven_card_stud.txt", &["5.98", "5.02"]),
    // Antes 3 x 0.05; third street 3 x 0.25; fourth 2 x 0.50 (Ruut folds), fifth and sixth 2 x
    // 0.50 each: 3.90, less 0.20: halves of 1.85. Halvard's kings win high, Selma's
    // 7-5-4-2-A low. Selma and Halvard put in 1.80 each, Ruut 0.30.
    ("stud_hilo.txt", &["20.05", "12.45", "8.80"]),
];

#[test]
fn each_text_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD {
        ONGAME.ends_at(name, stacks);
    }
}

#[test]
fn the_hands_name_their_games_tables_and_tournaments() {
    ONGAME.holds(
        "cash_nl_side_pot.txt",
        &[
            "variant = 'nlhe'",
            "venue = \"OnGame\"",
            "hand = \"R5-500000101-1\"",
            "table = \"Marlow\"",
        ],
    );
    ONGAME.holds("fixed_limit.txt", &["variant = 'flhe'", "small_bet = 2", "big_bet = 4"]);
    ONGAME.holds("cash_plo.txt", &["variant = 'plo'", "blinds_or_straddles = [0.50, 1.00, 0.00]"]);
    ONGAME.holds("omaha_hilo.txt", &["variant = 'flo8'", "_structure = 'pot-limit'"]);
    ONGAME.holds(
        "tournament_antes.txt",
        &["_tournament_id = \"S-812-4471\"", "_buy_in = \"€10\"", "antes = [25, 25, 25, 25]"],
    );
}

/// A broken text is reported by `--check` at the line that is wrong.
#[test]
fn a_text_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 2] = [
        // tallow is said to win 55 of the main pot's 60, where the rake of 4 leaves the players
        // 108 of the pots' 112; tallow's stack of 57 is then 2 more than the replay pays.
        (
            "broken_won_amount.txt",
            &[
                "line 31: `Total pot 112.00 | Rake 4.00` leaves 108.00 for the players, but the collected lines add up to 106.00",
                "line 35: p1 ends the hand with 57.00 by the text",
            ],
        ),
        // noodle is said to end with 3,300 (and a net of +1,825), 200 more than the pot.
        (
            "broken_finishing_stack.txt",
            &["line 34: p2 ends the hand with 3300 by the text", "with 3100 by the replay"],
        ),
    ];
    for (name, says) in cases {
        let r = ONGAME.replayed(name);
        assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
        let all = r.mismatches.join("\n");
        for want in says {
            assert!(all.contains(want), "{name}: {want} in\n{all}");
        }
    }
}

#[test]
fn a_malformed_text_says_where_and_why() {
    // A net that is not the finishing stack less the starting stack.
    let r = ONGAME.replayed("malformed_net.log");
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(
        reason.contains(
            "line 37: Arno's net -$2 is not the finishing stack $74 less the starting stack $75"
        ),
        "{reason}"
    );
    let text = std::fs::read_to_string(ONGAME.path("fixed_limit.txt")).unwrap();
    let cases = [
        // A call of more than the bet.
        ("Bette calls $2", "Bette calls $3", "line 17: Bette calls $3, but the call here is $2"),
        // A raise whose two amounts disagree: 8 put in cannot make a bet of 12 from 2.
        ("Quinten raises $8 to $12", "Quinten raises $9 to $12", "line 26: Quinten raises $9 to $12, but with $4 in on this street a raise to $12 puts in $8"),
        ("Arno folds", "Arno dances", "line 16: expected an action after `Arno`"),
        ("Main pot: $45 won by Quinten ($43)", "Main pot: $45 won by Nobody ($43)", "line 34: expected a seated player's name in `Nobody ($43)`"),
    ];
    for (from, to, says) in cases {
        let odd = text.replace(from, to);
        let phh = convert_as(ONGAME.format(), odd.as_bytes()).remove(0).phh;
        let r = replay_text(&phh, "t", true).remove(0);
        let Status::Malformed { reason, .. } = &r.status else { panic!("{to}: {:?}", r.status) };
        assert!(reason.contains(says), "{to}: {reason}");
    }
    let cut: String = text.lines().take(20).collect::<Vec<_>>().join("\n");
    let phh = convert_as(ONGAME.format(), cut.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
}

#[test]
fn draw_and_stud_not_fixed_limit_are_refused_with_the_reason() {
    let r = ONGAME.replayed("five_card_draw.txt");
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.starts_with("line 3: LIMIT FIVE_CARD_DRAW"), "{why}");
    assert!(why.contains("but not which"), "{why}");
    assert_eq!(r.hand.as_deref(), Some("R5-910000606-4"));
    let stud = std::fs::read_to_string(ONGAME.path("seven_card_stud.txt")).unwrap();
    let r = replayed_text(&stud.replace("(LIMIT SEVEN_CARD_STUD", "(POT_LIMIT SEVEN_CARD_STUD"));
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(
        why.starts_with("line 3: POT_LIMIT SEVEN_CARD_STUD: feltkit plays this game fixed limit"),
        "{why}"
    );
}

/// The first hand of a text, converted, replayed and checked.
fn replayed_text(text: &str) -> feltkit::phh::HandReport {
    let phh = convert_as(ONGAME.format(), text.as_bytes()).remove(0).phh;
    replay_text(&phh, "t", true).remove(0)
}

#[test]
fn stud_reads_its_antes_bring_in_completion_up_cards_and_showdown() {
    ONGAME.holds(
        "stud_hilo.txt",
        &[
            "variant = 'F7S/8'",
            "players = ['Selma', 'Halvard', 'Ruut']",
            "seats = [2, 4, 7]",
            "antes = [0.05, 0.05, 0.05]",
            "bring_in = 0.10",
            "small_bet = 0.25",
            "big_bet = 0.50",
            "'d dh p1 Ah2c7d'",
            "'d dh p3 ????3s'",
            "'p3 pb'",
            "'p1 cbr 0.25'",
            // `raises $0.50 to $0.75`: a raise to 0.50 on the street, 0.75 in the hand.
            "'p1 cbr 0.50'",
            "'d dh p2 ??'",
            "'p1 sm Ah2c7d4s5hJcTc'",
            "'p2 sm Ks6hKcJdQs8d2d'",
            "_total_pot = 3.90",
        ],
    );
    ONGAME.holds(
        "seven_card_stud.txt",
        &["variant = 'stud7'", "'p2 pb'", "_uncalled = [{ player = 2"],
    );
}

#[test]
fn a_stud_text_that_does_not_add_up_is_reported_at_its_line() {
    // Halvard is said to win 1.95 of the high half, where 3.90 less 0.20 of rake leaves
    // halves of 1.85.
    let r = ONGAME.replayed("broken_stud_won.txt");
    assert!(matches!(r.status, Status::Legal), "{:?}", r.status);
    let all = r.mismatches.join("\n");
    for want in [
        "line 50: `Total pot 3.90 | Rake 0.20` leaves 3.70 for the players, but the collected lines add up to 3.80",
        "line 50: p2 collected 1.95 from pot, but the replay pays p2 1.85",
    ] {
        assert!(all.contains(want), "{want} in\n{all}");
    }
    // A finishing stack 0.05 more than the replay pays, its net agreeing.
    let text = std::fs::read_to_string(ONGAME.path("stud_hilo.txt")).unwrap();
    let r = replayed_text(
        &text.replace("Halvard ($12.45), net: +$0.05", "Halvard ($12.50), net: +$0.10"),
    );
    let all = r.mismatches.join("\n");
    assert!(all.contains("line 53: p2 ends the hand with 12.50 by the text"), "{all}");
    // A raise whose two amounts disagree, and a card count not the street's.
    let cases = [
        ("Selma raises $0.50 to $0.75", "Selma raises $0.50 to $1", "line 28: Selma raises $0.50 to $1, but with $0.25 bet before in the hand a raise putting in $0.50 makes $0.75"),
        ("Dealing to Halvard: [Qs]", "Dealing to Halvard: [Qs, 3d]", "line 33: expected one card dealt in `Dealing to Halvard: [Qs, 3d]`"),
        ("Ruut folds", "Ruut sulks", "line 27: expected an action after `Ruut`"),
    ];
    for (from, to, says) in cases {
        let r = replayed_text(&text.replace(from, to));
        let Status::Malformed { reason, .. } = &r.status else { panic!("{to}: {:?}", r.status) };
        assert!(reason.contains(says), "{to}: {reason}");
    }
}

#[test]
fn hands_glued_together_and_marked_with_a_byte_order_mark_are_cut_apart() {
    // Some texts end a hand and start the next on one line, a byte-order mark between them.
    let one = std::fs::read_to_string(ONGAME.path("fixed_limit.txt")).unwrap();
    let two = one.replace("R5-800000404-3", "R5-800000404-4");
    let glued = format!("\u{feff}{}\u{feff}{two}", one.trim_end());
    let hands = convert_as(ONGAME.format(), glued.as_bytes());
    let numbers: Vec<_> = hands.iter().map(|h| h.number.as_deref()).collect();
    assert_eq!(numbers, [Some("R5-800000404-3"), Some("R5-800000404-4")]);
    for h in &hands {
        let r = replay_text(&h.phh, "t", true).remove(0);
        assert!(
            r.ok() && r.checked && r.mismatches.is_empty(),
            "{:?} {:?}",
            r.status,
            r.mismatches
        );
    }
}

#[test]
fn felt_replay_reads_ongame_text_by_its_content_and_with_format_ongame() {
    let hilo = "[1] hand R5-900000505-21 (flo8): legal, results match";
    felt_says(&["replay", "--check", &ONGAME.path("omaha_hilo.txt")], None, 0, &[hilo]);
    let text = std::fs::read(ONGAME.path("fixed_limit.txt")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "ongame", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like OnGame hand-history text; --format ongame reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text.clone()), 2, &[hint]);
    let stars = ["convert", "--to", "pokerstars", &ONGAME.path("cash_nl_side_pot.txt")];
    felt_says(
        &stars,
        None,
        0,
        &["Quillon: raises $26.00 to $46.00", "tallow collected $57.00 from main pot"],
    );
}

#[test]
fn a_converted_text_replays_and_checks_as_the_texts_do() {
    assert!(converted_texts_replay_as_the_texts("ongame") >= 9);
}
