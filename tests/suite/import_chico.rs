//! Chico network hand-history text (BetOnline, PayNoRake, SportsBetting.ag): each hand-written
//! text in `tests/data/chico` replays to the stacks worked out by hand below, what each seat is
//! said to have won and the rake are checked against the replay line by line, the games not
//! played are refused with the reason, and `felt replay` and `felt convert` read the texts by
//! their content or with `--format chico`.

use crate::common::{converted_texts_replay_as_the_texts, felt_says, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::{replay_text, Status};

const CHICO: SiteSamples = SiteSamples { folder: "chico", format: "chico" };

/// Each good text, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the button) worked out by hand from its lines.
const GOOD: [(&str, &[&str]); 4] = [
    // Seats 0 to 7 are seats 1 to 8; button quillon, p1 tallow. Fenwick sits out and is not
    // dealt in. tallow is all in for 10, marsh_9 for 42; quillon covers both. Main pot 3 x 10
    // = 30 to tallow's aces, side pot 2 x 32 = 64 to quillon's kings; the rake of 1.50 leaves
    // 29.50 and 63, as the summary says. quillon: 60 - 42 + 63.
    ("cash_nl_side_pot.txt", &["29.50", "0", "50", "81"]),
    // Hollis posts a dead blind of 1 (0.50 dead, 1 live) and checks; Velma raises to 3.50,
    // two call; Velma bets 6 on the flop, Hollis calls; her turn bet comes back. 0.50 + 3 x
    // 3.50 + 0.50 + 2 x 6 = 23.50, less 1 of rake: Velma 100 - 9.50 + 22.50.
    ("cash_plo_dead_blind.txt", &["79.50", "71.50", "40", "113"]),
    // Bets of 1/2 on blinds of 0.50/1: Arno and Bette put in 2 + 1 + 2 = 5 each, Quinten 2:
    // 12, less 0.60, halves of 5.70. Arno's three kings win high, Bette's 6-4-3-2-A low.
    ("omaha_hilo_limit.txt", &["33", "40.70", "30.70"]),
    // The header says 40/80, the blinds posted are 50/100 with antes of 10. noodle is all in
    // for 1,450 after the ante, Hollis calls; no street is written before the showdown, the
    // summary's board is dealt. 4 x 10 + 100 + 2 x 1,450 = 3,040 to noodle's three queens.
    ("tournament_antes.txt", &["3040", "2890", "890", "940"]),
];

#[test]
fn each_text_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD {
        CHICO.ends_at(name, stacks);
    }
}

#[test]
fn the_hands_name_their_games_tables_and_tournaments() {
    CHICO.holds(
        "cash_nl_side_pot.txt",
        &[
            "variant = 'nlhe'",
            "venue = \"Chico\"",
            "hand = 2000000101",
            "table = \"Marlow\"",
            "seats = [4, 6, 1, 3]",
        ],
    );
    CHICO.holds(
        "cash_plo_dead_blind.txt",
        &["variant = 'plo'", "blinds_or_straddles = [0.50, 1.00"],
    );
    CHICO.holds("omaha_hilo_limit.txt", &["variant = 'flo8'", "small_bet = 1", "big_bet = 2"]);
    CHICO.holds(
        "tournament_antes.txt",
        &[
            "_tournament_id = \"7212650\"",
            "antes = [10, 10, 10, 10]",
            "blinds_or_straddles = [50, 100, 0, 0]",
        ],
    );
}

/// A broken text is reported by `--check` at the line that is wrong.
#[test]
fn a_text_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 2] = [
        // tallow is said to win 30.50 where the main pot of 30 leaves 29.50 after its rake:
        // the seats' winnings and the rake come to 95, a chip more than the 94 put in.
        (
            "broken_won_amount.txt",
            &[
                "line 34: `Total pot 95.00`: the replay's pots add up to 94.00",
                "line 38: p1 collected 30.50, more than the 30.00 the replay pays p1 before rake",
            ],
        ),
        // The side pot is said to go to marsh_9's queens, not quillon's kings.
        (
            "broken_wrong_winner.txt",
            &[
                "line 39: p2 collected 63.00, but the replay awards p2 no pot",
                "the replay pays p4 64.00, but no line says p4 collected it",
            ],
        ),
    ];
    for (name, says) in cases {
        let r = CHICO.replayed(name);
        assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
        let all = r.mismatches.join("\n");
        for want in says {
            assert!(all.contains(want), "{name}: {want} in\n{all}");
        }
    }
}

#[test]
fn a_malformed_text_says_where_and_why() {
    let text = std::fs::read_to_string(CHICO.path("cash_plo_dead_blind.txt")).unwrap();
    let cases = [
        // A raise whose two amounts disagree: 3 put in cannot make a bet of 3.50 from 1.
        ("duskrider: calls 2.50", "duskrider: raises 3.00 to 3.50", "line 15: duskrider raises $3 to $3.50, but with $1 in on this street a raise to $3.50 puts in $2.50"),
        ("oaktree: folds", "oaktree: dances", "line 14: expected an action after `oaktree:`"),
        ("Seat 5: Hollis folded on the Turn", "Seat 4: Hollis folded on the Turn", "line 34: seat 4 is not in the seat list"),
        ("Seat 5: Hollis folded on the Turn", "Seat 5: Nobody folded on the Turn", "line 34: expected seat 5's player Hollis"),
        ("Total pot 22.50 | Rake 1.00", "Total pot 22.50 | Rake lots", "line 29: expected an amount (`1450.00`), not `lots`"),
        ("Table 'Oullins' 6-Max, Seat #1", "Table 'Oullins' 6-Max, Seat #2684684", "line 2: the button's seat #2684684 is past the table's seats"),
        ("Hollis: post dead 1.00", "Hollis: post dead 1.0x", "line 9: expected an amount (`1450.00`), not `1.0x`"),
    ];
    for (from, to, says) in cases {
        assert!(text.contains(from), "{from}");
        let odd = text.replace(from, to);
        let phh = convert_as(CHICO.format(), odd.as_bytes()).remove(0).phh;
        let r = replay_text(&phh, "t", true).remove(0);
        let Status::Malformed { reason, .. } = &r.status else { panic!("{to}: {:?}", r.status) };
        assert!(reason.contains(says), "{to}: {reason}");
    }
    // A dead blind of another amount than the big blind is refused: which part is live is
    // not written.
    let odd = text.replace("Hollis: post dead 1.00", "Hollis: post dead 0.50");
    let phh = convert_as(CHICO.format(), odd.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.contains("line 9: Hollis posts a dead blind of $0.50"), "{why}");
    let cut: String = text.lines().take(20).collect::<Vec<_>>().join("\n");
    let phh = convert_as(CHICO.format(), cut.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
}

#[test]
fn stud_and_the_older_gear_poker_text_are_refused_with_the_reason() {
    let r = CHICO.replayed("seven_card_stud.txt");
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.starts_with("line 1: 7 Card Stud Limit: feltkit reads"), "{why}");
    assert_eq!(r.hand.as_deref(), Some("1027900404"));
    let gear = "Gear Poker Game #1014850512: Hold'em - 2012-04-09 12:14:36\nTable 3875596-33 (Play Money) Seat #9 is the button\nSeat 0: Ann (1000.00 in Chips)\n*** SUMMARY ***\n";
    let phh = convert_as(CHICO.format(), gear.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.contains("Gear Poker's older text"), "{why}");
}

#[test]
fn felt_replay_reads_chico_text_by_its_content_and_with_format_chico() {
    let hilo = "[1] hand 1027900303 (flo8): legal, results match";
    felt_says(&["replay", "--check", &CHICO.path("omaha_hilo_limit.txt")], None, 0, &[hilo]);
    // A tournament's file opens with a line of its own before the first hand.
    let tour = "[1] hand 1587461700 (nlhe): legal, results match";
    felt_says(&["replay", "--check", &CHICO.path("tournament_antes.txt")], None, 0, &[tour]);
    let text = std::fs::read(CHICO.path("cash_plo_dead_blind.txt")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "chico", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like Chico hand-history text; --format chico reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text), 2, &[hint]);
    let stars = ["convert", "--to", "pokerstars", &CHICO.path("cash_nl_side_pot.txt")];
    felt_says(
        &stars,
        None,
        0,
        &["tallow: raises $8.50 to $10.00 and is all-in", "quillon collected $64.00 from side pot"],
    );
}

#[test]
fn a_converted_text_replays_and_checks_as_the_texts_do() {
    assert!(converted_texts_replay_as_the_texts("chico") >= 7);
}
