//! Absolute Poker and UltimateBet hand-history text: each hand-written text in
//! `tests/data/absolute` replays to the stacks worked out by hand below, what each seat
//! collected, the total pot and the rake are checked against the replay line by line, the
//! games and tables not played are refused with the reason, and `felt replay` and `felt
//! convert` read the texts by their content or with `--format absolute`.

use crate::common::{converted_texts_replay_as_the_texts, felt_says, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::{replay_text, Status};

const ABSOLUTE: SiteSamples = SiteSamples { folder: "absolute", format: "absolute" };

/// Each good text, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the button) worked out by hand from its lines.
const GOOD: [(&str, &[&str]); 4] = [
    // Button QUILLON, p1 TALLOW; FENWICK never acts and is not dealt in. TALLOW is all in for
    // 10, MARSH_9 for 42; QUILLON covers both. Main pot 3 x 10 = 30 to TALLOW's aces, side
    // pot 2 x 32 = 64 to QUILLON's kings; the rake of 1.50 leaves 29.50 and 63, as the
    // collected lines say. QUILLON: 60 - 42 + 63.
    ("cash_nl_side_pot.txt", &["29.50", "0", "50", "81"]),
    // Bets of 2/4, blinds of 1/2. BETTE posts 3, 1 of it dead, raises to 4; CLOVIS and ARNO
    // call: 1 + 1 + 3 x 4 = 14. On the flop BETTE bets 2, CLOVIS raises to 4, BETTE calls;
    // the turn's 4 each: 30 in all, less 1.50 of rake, to BETTE's straight.
    // BETTE: 40 - 1 - 12 + 28.50.
    ("limit_dead_blind.txt", &["59", "76", "55.50", "88"]),
    // Antes of 10, blinds of 50/100 in chips; everyone folds to VELMA's big blind. The site
    // counts the 50 nobody matched in what she collects (180); the rules give it back first:
    // she wins 130. VELMA: 1,000 - 110 + 50 + 130.
    ("tournament_walk.txt", &["2940", "1070", "1490"]),
    // Pot-limit Omaha, blinds of 0.25/0.50: ARNO raises to 1.50, both call: 4.50; on the flop
    // ARNO bets 3, BETTE calls, QUINTEN folds: 10.50, less 0.50 of rake, to BETTE's full house.
    // BETTE: 30 - 4.50 + 10; ARNO: 20 - 4.50.
    ("omaha_pot_limit.txt", &["35.50", "13.50", "15.50"]),
];

#[test]
fn each_text_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD {
        ABSOLUTE.ends_at(name, stacks);
    }
}

#[test]
fn the_hands_name_their_games_tables_and_tournaments() {
    ABSOLUTE.holds(
        "cash_nl_side_pot.txt",
        &[
            "variant = 'nlhe'",
            "venue = \"Absolute\"",
            "hand = 2000000101",
            "table = \"MARLOW ST\"",
            "seats = [2, 4, 5, 1]",
            "blinds_or_straddles = [0.50, 1.00, 0.00, 0.00]",
        ],
    );
    ABSOLUTE.holds(
        "limit_dead_blind.txt",
        &["variant = 'flhe'", "small_bet = 2", "big_bet = 4", "hand = \"C300000202\""],
    );
    ABSOLUTE.holds("omaha_pot_limit.txt", &["variant = 'plo'", "table = \"ROSE AVE\""]);
    ABSOLUTE.holds(
        "tournament_walk.txt",
        &[
            "_tournament_id = \"7212650\"",
            "antes = [10, 10, 10]",
            "blinds_or_straddles = [50, 100, 0]",
        ],
    );
}

/// The second hand of the tournament's text: an all-in of the chips put in, a raise.
#[test]
fn an_all_in_of_the_chips_put_in_raises_by_what_is_in_before_it() {
    let text = std::fs::read(ABSOLUTE.path("tournament_walk.txt")).unwrap();
    let hands = convert_as(ABSOLUTE.format(), &text);
    assert_eq!(hands.len(), 2);
    assert!(hands[1].phh.contains("p1 cbr 1060"), "{}", hands[1].phh);
    let r = replay_text(&hands[1].phh, "t", true).remove(0);
    assert!(r.ok() && r.checked, "{:?} {:?}", r.status, r.mismatches);
    // VELMA 2,250, NOODLE 1,490 - 110, HOLLIS 2,940 - 1,070.
    assert!(hands[1].phh.contains("finishing_stacks = [2250, 1380, 1870]"), "{}", hands[1].phh);
}

/// A broken text is reported by `--check` at the line that is wrong.
#[test]
fn a_text_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 2] = [
        // TALLOW is said to collect 30.50 where the main pot of 30 leaves 29.50 after rake,
        // and the total pot is said to be 95 where 94 was put in.
        (
            "broken_won_amount.txt",
            &[
                "line 27: `Total pot 95.00`: the replay's pots add up to 94.00",
                "line 25: p1 collected 30.50, more than the 30.00 the replay pays p1 before rake",
            ],
        ),
        // The side pot is said to go to MARSH_9's queens, not QUILLON's kings.
        (
            "broken_wrong_winner.txt",
            &[
                "line 24: p2 collected 63.00, but the replay awards p2 no pot",
                "the replay pays p4 64.00, but no line says p4 collected it",
            ],
        ),
    ];
    for (name, says) in cases {
        let r = ABSOLUTE.replayed(name);
        assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
        let all = r.mismatches.join("\n");
        for want in says {
            assert!(all.contains(want), "{name}: {want} in\n{all}");
        }
    }
}

#[test]
fn a_malformed_text_says_where_and_why() {
    let text = std::fs::read_to_string(ABSOLUTE.path("limit_dead_blind.txt")).unwrap();
    let cases = [
        // A raise whose two amounts disagree: 3 put in cannot make a bet of 4 from 2.
        ("BETTE - Raises $2 to $4", "BETTE - Raises $3 to $4", "line 12: BETTE raises $3 to $4, but with $2 in on this street a raise to $4 puts in $2"),
        ("DORA - Folds", "DORA - Dances", "line 14: expected an action after `DORA - `"),
        ("Seat 5: DORA (small blind)", "Seat 7: DORA (small blind)", "line 39: seat 7 is not in the seat list"),
        ("Seat 5: DORA (small blind)", "Seat 5: NOBODY (small blind)", "line 39: expected seat 5's player DORA"),
        ("Total Pot($30) | Rake ($1.50)", "Total Pot($30) | Rake (lots)", "line 34: expected an amount (`$2.13`, `1,440`), not `lots`"),
        ("Total Pot($30) | Rake ($1.50)", "Total Pot($30) | Tip ($1.50)", "line 34: expected `Rake (X)` or `Jackpot Rake (X)` after `|`, not `Tip`"),
        ("Table: BREWERY ST (Real Money) Seat #4", "Table: BREWERY ST (Real Money) Seat #2684684", "line 2: the dealer's seat #2684684 is past the table's seats"),
        ("Seat 1 - ARNO ($80 in chips)", "Seat 1 - ARNO ($8x in chips)", "line 5: expected an amount (`$2.13`, `1,440`), not `$8x`"),
        ("- 2010-12-07 22:18:14 (ET)", "- yesterday", "line 1: expected ` - DATE` after the game"),
    ];
    for (from, to, says) in cases {
        assert!(text.contains(from), "{from}");
        let odd = text.replacen(from, to, 1);
        let phh = convert_as(ABSOLUTE.format(), odd.as_bytes()).remove(0).phh;
        let r = replay_text(&phh, "t", true).remove(0);
        let Status::Malformed { reason, .. } = &r.status else { panic!("{to}: {:?}", r.status) };
        assert!(reason.contains(says), "{to}: {reason}");
    }
    // A dead post whose live part is not the big blind is refused: which part is live is not
    // written.
    let odd = text.replace("BETTE - Posts dead $3 dead $1", "BETTE - Posts dead $3 dead $2");
    let phh = convert_as(ABSOLUTE.format(), odd.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.contains("line 9: BETTE posts $3 of which $2 dead"), "{why}");
    let cut: String = text.lines().take(20).collect::<Vec<_>>().join("\n");
    let phh = convert_as(ABSOLUTE.format(), cut.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
}

#[test]
fn stud_and_the_seven_deuce_tables_are_refused_with_the_reason() {
    let r = ABSOLUTE.replayed("seven_card_stud.txt");
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.starts_with("line 1: `7 Card Stud Normal $1/$2`: feltkit reads"), "{why}");
    assert_eq!(r.hand.as_deref(), Some("1027900404"));
    let text = std::fs::read_to_string(ABSOLUTE.path("cash_nl_side_pot.txt")).unwrap();
    let odd = text.replace("No Limit $1 -", "No Limit $1 (7-2) -");
    let phh = convert_as(ABSOLUTE.format(), odd.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.contains("a 7-2 proposition table"), "{why}");
}

#[test]
fn felt_replay_reads_absolute_text_by_its_content_and_with_format_absolute() {
    let limit = "[1] hand C300000202 (flhe): legal, results match";
    felt_says(&["replay", "--check", &ABSOLUTE.path("limit_dead_blind.txt")], None, 0, &[limit]);
    // A file may open with blank lines.
    let tour = "[2] hand 600000302 (nlhe): legal, results match";
    felt_says(&["replay", "--check", &ABSOLUTE.path("tournament_walk.txt")], None, 0, &[tour]);
    let text = std::fs::read(ABSOLUTE.path("cash_nl_side_pot.txt")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "absolute", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like Absolute hand-history text; --format absolute reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text), 2, &[hint]);
    let stars = ["convert", "--to", "pokerstars", &ABSOLUTE.path("cash_nl_side_pot.txt")];
    felt_says(&stars, None, 0, &["TALLOW: raises $7.00 to $10.00 and is all-in"]);
}

#[test]
fn a_converted_text_replays_and_checks_as_the_texts_do() {
    assert!(converted_texts_replay_as_the_texts("absolute") >= 7);
}
