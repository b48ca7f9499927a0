//! WPN hand-history text: each hand-written text in `tests/data/wpn` replays to the stacks
//! worked out by hand below, the site's accounting (collected lines, a total pot printed after
//! rake and the jackpot fee) is checked line by line, and `felt replay` and `felt convert`
//! read the texts by their content or with `--format wpn`.

use crate::common::{converted_texts_replay_as_the_texts, felt_says, RealHands, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::{replay_text, Status};

const WPN: SiteSamples = SiteSamples { folder: "wpn", format: "wpn" };

/// Each good text, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the button) worked out by hand from its lines.
const GOOD: [(&str, &[&str]); 5] = [
    // Button seat 1, p1 is Quillon. tallow is all in for 20, Quillon for 45.50, marsh_9
    // calls: main pot 3 x 20 = 60 (tallow's aces), side pot 2 x 25.50 = 51 (Quillon's kings
    // over marsh_9's jacks). WPN's total of 105.50 is after a rake of 5 and a jackpot fee of
    // 0.50; it pays 57 and 48.50.
    ("cash_nl_side_pot.txt", &["48.50", "54.50", "80", "57"]),
    // Antes 4 x 25, blinds 100/200; noodle all in for 1,450 after the ante, Pim99 calls: 100 +
    // 100 + 200 + 2 x 1,450 = 3,300 to noodle's queens, no rake.
    ("tournament_antes.txt", &["4075", "3675", "3300", "4525"]),
    // 3 x 1.50 + 2 x 4.50 = 13.50, less 0.50 of rake: halves of 6.50. Velma's three queens win
    // high; duskrider's 8-5-3-2-A beats Velma's 8-5-4-2-A for low.
    ("cash_plo_hilo.txt", &["60.50", "50.50", "38.50"]),
    // Bets of 2/4 on blinds of 1/2: 3 x 4 + 2 x 4 + 2 x 4 = 28, less 0.90 of rake and 0.10 of
    // fee: 27 to Quinten's three sevens. Quinten: 60 - 12 + 27.
    ("cash_fixed_limit.txt", &["138", "75", "76"]),
    // Blinds 0.05/0.10, Dov straddles 0.20 and raises to 0.80, Arno calls: 1.75, less 0.04 of
    // rake. Dov's flop bet of 1 comes back. Dov: 15 - 0.80 + 1.71.
    ("cash_straddle.txt", &["11.95", "8.90", "15.91", "9.20"]),
];

#[test]
fn each_text_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD {
        WPN.ends_at(name, stacks);
    }
}

#[test]
fn the_hands_name_their_games_tables_and_tournaments() {
    WPN.holds(
        "cash_nl_side_pot.txt",
        &["variant = 'nlhe'", "venue = \"WPN\"", "hand = 500000101", "table = \"Brindle Cove\""],
    );
    WPN.holds("cash_fixed_limit.txt", &["variant = 'flhe'", "small_bet = 2", "big_bet = 4"]);
    WPN.holds("cash_plo_hilo.txt", &["_structure = 'pot-limit'"]);
    WPN.holds(
        "tournament_antes.txt",
        &["_tournament_id = \"7700001\"", "antes = [25, 25, 25, 25]"],
    );
}

/// A broken text is reported by `--check` at the line that is wrong.
#[test]
fn a_text_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 2] = [
        // tallow is said to collect 55 of the main pot's 60 (less its share of the rake).
        (
            "broken_collected_amount.txt",
            &["line 29: `Total pot 111.00 | Rake 5.50` leaves 105.50 for the players, but the collected lines add up to 103.50"],
        ),
        // The side pot paid to marsh_9, whose jacks lose it to Quillon's kings.
        (
            "broken_pot_to_wrong_player.txt",
            &[
                "line 29: the replay pays p1 51.00, but no line says p1 collected it",
                "line 27: p2 collected 48.50, but the replay awards p2 no pot",
            ],
        ),
    ];
    for (name, says) in cases {
        let r = WPN.replayed(name);
        assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
        assert_eq!(r.mismatches.len(), says.len(), "{name}: {:?}", r.mismatches);
        for (got, want) in r.mismatches.iter().zip(says) {
            assert!(got.contains(want), "{name}: {got}");
        }
    }
}

#[test]
fn a_malformed_text_and_the_older_texts_say_where_and_why() {
    // A call of less than the bet: the text contradicts itself at that line.
    let text = std::fs::read_to_string(WPN.path("cash_nl_side_pot.txt")).unwrap();
    let odd = text.replace("marsh_9 calls $44.50", "marsh_9 calls $30.00");
    let phh = convert_as(WPN.format(), odd.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(
        reason.contains("line 14: marsh_9 calls $30.00, but the call here is $44.50"),
        "{reason}"
    );
    let r = WPN.replayed("older_family.txt");
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.starts_with("line 2: `Game ID: 400000606 1/2 Halite (Hold'em)`"), "{why}");
    assert!(why.contains("no limit, pot limit or fixed limit"), "{why}");
    assert_eq!(r.hand.as_deref(), Some("400000606"));
}

#[test]
fn a_cut_off_hand_a_capped_player_and_an_unknown_line_are_reported_at_their_lines() {
    let text = std::fs::read_to_string(WPN.path("cash_plo_hilo.txt")).unwrap();
    let cut: String = text.lines().take(18).collect::<Vec<_>>().join("\n");
    let phh = convert_as(WPN.format(), cut.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
    let capped = text.replace("duskrider bets $4.50", "duskrider caps $4.50");
    let phh = convert_as(WPN.format(), capped.as_bytes()).remove(0).phh;
    let Status::Unsupported(why) = replay_text(&phh, "t", true).remove(0).status else {
        panic!("a capped hand is not played")
    };
    assert!(why.starts_with("line 15: duskrider caps"), "{why}");
    let odd = text.replace("oaktree folds", "oaktree dances");
    let phh = convert_as(WPN.format(), odd.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(reason.contains("line 16: expected an action after `oaktree`"), "{reason}");
}

#[test]
fn a_walk_gives_back_the_big_blind_nobody_called() {
    // WPN writes no `Uncalled bet` line for a walk: the pot of 0.30 it names is the blinds
    // together, and the big blind is said to win it all. The replay gives back the 0.10 over
    // the small blind: 0.10 + 0.10 is the pot, and Cyd ends at 9 - 0.20 + 0.30 = 9.10.
    let walk = "Hand #500000707 - Holdem(No Limit) - $0.10/$0.20 - 2023/01/15 03:03:03 UTC\n\
Kestrel 6-max Seat #1 is the button\nSeat 1: Arno ($10.00)\nSeat 2: Bette ($12.00)\nSeat 3: Cyd ($9.00)\n\
Bette posts the small blind $0.10\nCyd posts the big blind $0.20\n*** HOLE CARDS ***\nArno folds\nBette folds\n\
Cyd does not show\n*** SUMMARY ***\nTotal pot $0.30\nSeat 1: Arno (button) folded on the Pre-Flop\n\
Seat 2: Bette (small blind) folded on the Pre-Flop\nSeat 3: Cyd did not show and won $0.30\n";
    let hand = convert_as(WPN.format(), walk.as_bytes()).remove(0);
    let r = replay_text(&hand.phh, "t", true).remove(0);
    assert!(r.ok() && r.checked && r.mismatches.is_empty(), "{:?} {:?}", r.status, r.mismatches);
    assert!(hand.phh.contains("finishing_stacks = [11.90, 9.10, 10.00]"), "{}", hand.phh);
}

#[test]
fn felt_replay_reads_wpn_text_by_its_content_and_with_format_wpn_or_acr() {
    let plo = "[1] hand 500000303 (flo8): legal, results match";
    felt_says(&["replay", "--check", &WPN.path("cash_plo_hilo.txt")], None, 0, &[plo]);
    let text = std::fs::read(WPN.path("cash_fixed_limit.txt")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "acr", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like WPN hand-history text; --format wpn reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text.clone()), 2, &[hint]);
    let stars = ["convert", "--to", "pokerstars", &WPN.path("cash_nl_side_pot.txt")];
    felt_says(&stars, None, 0, &["PokerStars Hand #500000101", "Quillon collected"]);
}

#[test]
fn a_converted_text_replays_and_checks_as_the_texts_do() {
    assert!(converted_texts_replay_as_the_texts("wpn") >= 8);
}

/// The real WPN hand histories a user can point this at (not part of the repository): the
/// hands `expected.json` counts must replay, pass `--check` and end with the site's stacks;
/// every other hand's report is printed. All 6 do.
/// `FELTKIT_WPN_DIR=... cargo test --release --test suite real_wpn -- --ignored --nocapture`.
#[test]
#[ignore]
fn real_wpn_hands_replay_to_the_sites_stacks() {
    let Some(real) = RealHands::of("FELTKIT_WPN_DIR", WPN.format()) else { return };
    assert!(real.counted > 0 && real.matched * 100 >= real.counted * 99, "{real:?}");
}
