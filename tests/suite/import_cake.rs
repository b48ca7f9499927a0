//! Cake hand-history text: each hand-written text in `tests/data/cake` replays to the stacks
//! worked out by hand below, what each player is said to win is checked against the replay
//! line by line (Cake writes no total pot and no rake: the pot is what was put in), the games
//! not played are refused with the reason, and `felt replay` and `felt convert` read the texts
//! by their content or with `--format cake`.

use crate::common::{converted_texts_replay_as_the_texts, felt_says, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::{replay_text, Status};

const CAKE: SiteSamples = SiteSamples { folder: "cake", format: "cake" };

/// Each good text, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the button) worked out by hand from its lines.
const GOOD: [(&str, &[&str]); 5] = [
    // Button Velma, p1 oaktree. oaktree is all in for 12.50, tallow for 25; Velma calls 25.
    // Main pot 3 x 12.50 + Hollis's 0.50 = 38 to oaktree's three queens, less 1.50; side pot
    // 2 x 12.50 = 25 to Velma's aces, less 0.50. Velma: 60 - 25 + 24.50.
    ("cash_nl_side_pot.txt", &["36.50", "39.50", "0", "59.50"]),
    // Bets of 0.50/1 on blinds of 0.25/0.50: Bette and Quinten put in 4.50 each (Quinten's
    // last 1 comes back), Arno 0.25: 9.25, less 0.45: Quinten 30 - 4.50 + 8.80.
    ("fixed_limit.txt", &["19.75", "10.50", "34.30"]),
    // Lina folds her small blind; Tom "wins 0.15", his own 0.05 over the small blind among
    // it: it comes back uncalled, and he wins the pot of 0.10.
    ("walk_uncalled_in_win.txt", &["10.01", "9.95"]),
    // Dollars, with the euros after them: Pim and Hollis put in 0.30 + 0.45 + 1 each, Mira
    // 0.10: 3.60, less 0.18, to Pim's sevens. Pim: 9.48 - 1.75 + 3.42.
    ("plo_euro_conversion.txt", &["11.15", "19.90", "8.75"]),
    // noodle is all in for 950, Hollis raises to 2,000 and 1,050 comes back: 75 + 150 + 2 x
    // 950 = 2,125 to Hollis's kings, no rake.
    ("tournament.txt", &["6255", "4010", "0", "5975"]),
];

#[test]
fn each_text_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD {
        CAKE.ends_at(name, stacks);
    }
}

#[test]
fn the_hands_name_their_games_tables_and_tournaments() {
    CAKE.holds(
        "cash_nl_side_pot.txt",
        &["variant = 'nlhe'", "venue = \"Cake\"", "table = \"Lyon (6-max) 12001\""],
    );
    CAKE.holds("fixed_limit.txt", &["variant = 'flhe'", "small_bet = 0.50", "big_bet = 1"]);
    CAKE.holds(
        "plo_euro_conversion.txt",
        &["variant = 'plo'", "currency = \"USD\"", "blinds_or_straddles = [0.05, 0.10, 0.00]"],
    );
    CAKE.holds(
        "tournament.txt",
        &["hand = \"2930A7507F000999\"", "_tournament_id = \"10965119\"", "table = \"Table 5\""],
    );
}

/// A broken text is reported by `--check` at the line that is wrong.
#[test]
fn a_text_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 2] = [
        // Quinten is said to win 9.75 of a pot of 9.25.
        (
            "broken_won_amount.txt",
            &[
                "line 27: `Total pot 9.75`: the replay's pots add up to 9.25",
                "line 27: p3 collected 9.75 from pot, but the replay pays p3 9.25",
            ],
        ),
        // The side pot is said to go to tallow's kings, not Velma's aces.
        (
            "broken_wrong_winner.txt",
            &[
                "line 24: p3 collected 24.50, but the replay awards p3 no pot",
                "the replay pays p4 25.00, but no line says p4 collected it",
            ],
        ),
    ];
    for (name, says) in cases {
        let r = CAKE.replayed(name);
        assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
        let all = r.mismatches.join("\n");
        for want in says {
            assert!(all.contains(want), "{name}: {want} in\n{all}");
        }
    }
}

#[test]
fn a_malformed_text_says_where_and_why() {
    let text = std::fs::read_to_string(CAKE.path("fixed_limit.txt")).unwrap();
    let cases = [
        ("Arno: folds", "Arno: dances", "line 9: expected an action after `Arno:`"),
        (
            "Bette: raises to $2",
            "Bette: raises to $0.50",
            "line 18: Bette raises to $0.50, no more than the bet of $1",
        ),
        (
            "Bette: calls $0.50\n*** FLOP",
            "Bette: calls $0.5x\n*** FLOP",
            "line 10: expected an amount (`$0,05`, `2,820`), not `$0.5x`",
        ),
        (
            "Seat 9: Quinten ($30 in chips) DEALER",
            "Seat 9: Quinten ($30 in chips)",
            "line 2: expected `Dealer: Seat N` or a seat marked `DEALER`",
        ),
        ("$0.50/$1 FL Hold'em", "FL Hold'em", "line 1: expected the stakes"),
    ];
    for (from, to, says) in cases {
        assert!(text.contains(from), "{from}");
        let odd = text.replace(from, to);
        let phh = convert_as(CAKE.format(), odd.as_bytes()).remove(0).phh;
        let r = replay_text(&phh, "t", true).remove(0);
        let Status::Malformed { reason, .. } = &r.status else { panic!("{to}: {:?}", r.status) };
        assert!(reason.contains(says), "{to}: {reason}");
    }
    let cut: String = text.lines().take(20).collect::<Vec<_>>().join("\n");
    let phh = convert_as(CAKE.format(), cut.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
}

#[test]
fn stud_dead_blinds_and_coin_flips_are_refused_with_the_reason() {
    let r = CAKE.replayed("seven_card_stud.txt");
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(
        why.starts_with("line 1: 7 Card Stud: feltkit reads Cake's hold'em and Omaha"),
        "{why}"
    );
    let text = std::fs::read_to_string(CAKE.path("walk_uncalled_in_win.txt")).unwrap();
    let dead = text.replace(
        "Tom: posts big blind $0.10",
        "Tom: posts big blind $0.10\nLina:posts dead blind $-0.10 and big blind $0.10",
    );
    let phh = convert_as(CAKE.format(), dead.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.contains("line 6: `Lina:posts dead blind"), "{why}");
    // Stacks that go in by a coin-flip tournament's rules, no action written.
    let flip = "Hand#3022AFD2BD000001 - $5.50 Coin Flip T11522749 -- TICKETCASH -- $5,25 + $0,25 -- 2 Max -- Table 1 -- 0/10/20 NL Hold'em -- 2012.07.15 - 00:53:42\nDealer: Seat 3\nSeat 3: Ann (1 500 in chips)\nSeat 8: Bob (1 500 in chips)\nAnn: shows [Qd 4c]\nBob: shows [As 2s]\n*** FLOP *** [8s,4d,Jd]\n*** TURN *** [Tc]\n*** RIVER *** [Ts]\n***SHOW DOWN***\nAnn wins 3 000 with Two Pairs\n";
    let phh = convert_as(CAKE.format(), flip.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.contains("no blind, bet or fold is written"), "{why}");
}

#[test]
fn felt_replay_reads_cake_text_by_its_content_and_with_format_cake() {
    // The file opens with two byte-order marks, the second written as `ï»¿`.
    let tour = "[1] hand 2930A7507F000999 (nlhe): legal, results match";
    felt_says(&["replay", "--check", &CAKE.path("tournament.txt")], None, 0, &[tour]);
    let text = std::fs::read(CAKE.path("fixed_limit.txt")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "cake", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like Cake hand-history text; --format cake reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text), 2, &[hint]);
    let stars = ["convert", "--to", "pokerstars", &CAKE.path("cash_nl_side_pot.txt")];
    felt_says(
        &stars,
        None,
        0,
        &["oaktree: raises $7.50 to $12.50 and is all-in", "Velma collected $25.00 from side pot"],
    );
}

#[test]
fn a_converted_text_replays_and_checks_as_the_texts_do() {
    assert!(converted_texts_replay_as_the_texts("cake") >= 8);
}
