//! 888poker hand-history text: each hand-written text in `tests/data/888poker` replays to the
//! stacks worked out by hand below, the site's accounting (what each player collected, with no
//! total pot or rake printed) is checked line by line, and `felt replay` and `felt convert`
//! read the texts by their content or with `--format 888poker`.

use crate::common::{converted_texts_replay_as_the_texts, felt_says, RealHands, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::{replay_text, Status};

const P888: SiteSamples = SiteSamples { folder: "888poker", format: "888poker" };

/// Each good text, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the button) worked out by hand from its lines.
const GOOD: [(&str, &[&str]); 7] = [
    // Button seat 1: p1 is brick77. brick77 is all in for 20, Olle.K for 45.50, zanzibar
    // calls 45.50: main pot 3 x 20 = 60 (brick77's aces), side pot 2 x 25.50 = 51 (Olle.K's
    // kings over zanzibar's jack high). 888 pays 57 and 48.50: a rake of 5.50 of 111.
    ("cash_nl_side_pot.txt", &["57", "48.50", "34.50", "100"]),
    // Decimal commas, thousands with a point, Windows-1252 and CRLF. 0.05 + 2 x 0.30 = 0.65;
    // Hanne's flop bet of 0.45 is not called and 888 leaves it out of the 0.62 collected.
    // Hanne: 10 - 0.30 + 0.62.
    ("cash_decimal_commas_latin1.txt", &["7.40", "1204.30", "10.32"]),
    // Antes 4 x 25, blinds 100/200; noodle all in for 1,450 after the ante, Pim99 calls: 100 +
    // 100 + 2 x 1,450 = 3,100 to noodle's queens, no rake.
    ("tournament_antes.txt", &["5875", "775", "4175", "3100"]),
    // An all-in lottery tournament: every stack goes in as its ante (4,000, 2,500, 1,000).
    // Main pot 3 x 1,000 to Cyr_99's three jacks, side pot 2 x 1,500 to Ada_Q's kings over
    // Bo.Rinne's nines; Ada_Q's last 1,500 nobody matched comes back, written nowhere.
    ("tournament_all_in_antes.txt", &["4500", "0", "3000"]),
    // 3 x 7 + 2 x 15 = 51, less 1.50: 49.50. Fenna's turn bet of 40 is not called (and not in
    // what 888 says Fenna collected). Fenna: 210 - 22 + 49.50.
    ("cash_plo.txt", &["193", "237.50", "158"]),
    // Bets of 4/8 on blinds of 2/4. Quinten is all in for 3: main pot 3 x 3 = 9 (three sevens
    // over Bram.D's kings and sevens), side pot 2 x 5 + 2 x 4 = 18 to Bram.D after Ilse_M
    // folds; Bram.D's turn bet of 8 comes back, written as a collected line of its own. 888
    // pays 8.50 and 17.50. Bram.D: 150 - 20 + 17.50 + 8.
    ("cash_fixed_limit.txt", &["8.50", "84", "155.50"]),
    // 0.50 + 2 x 3 + 2 x 6.50 = 19.50, less 0.90: halves of 9.30. Velma's three queens win
    // high; duskrider's 8-5-3-2-A beats Velma's 8-5-4-2-A for low.
    ("cash_plo_hilo.txt", &["54.70", "61.80", "39.80"]),
];

#[test]
fn each_text_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD {
        P888.ends_at(name, stacks);
    }
}

#[test]
fn the_hands_name_their_games_tables_and_tournaments() {
    P888.holds(
        "cash_nl_side_pot.txt",
        &["variant = 'nlhe'", "venue = \"888poker\"", "hand = 900000101"],
    );
    P888.holds("cash_fixed_limit.txt", &["variant = 'flhe'", "small_bet = 4.00", "big_bet = 8.00"]);
    P888.holds("cash_plo.txt", &["variant = 'plo'"]);
    P888.holds(
        "tournament_antes.txt",
        &["_tournament_id = \"140000001\"", "antes = [25, 25, 25, 25]"],
    );
    P888.holds("cash_decimal_commas_latin1.txt", &["Jürgen_W", "1204.60"]);
}

/// A broken text is reported by `--check` at the line that is wrong: 888 prints no total pot
/// nor rake, so the rake is what was put in less what was collected, held to what a card room
/// takes (nothing below zero, at most a tenth of the pot).
#[test]
fn a_text_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 3] = [
        // 39.50 of 51 leaves 11.50: more than a tenth (5.10).
        (
            "broken_collected_amount.txt",
            &[
                "line 24: `Total pot 51.00 | Rake 5.10` leaves 45.90 for the players, but the collected lines add up to 39.50",
                "line 25: p2 collected 39.50 from pot, but the replay pays p2 45.90 from the pot (51.00 less 5.10 of rake)",
            ],
        ),
        // 70 + 48.50 of the 111 put in.
        (
            "broken_collected_more_than_put_in.txt",
            &[
                "line 22: `Total pot 111.00 | Rake 0.00` leaves 111.00 for the players, but the collected lines add up to 118.50",
                "line 26: p1 collected 70.00, more than the 60.00 the replay pays p1 before rake",
            ],
        ),
        // The side pot paid to zanzibar, whose jack high loses it to Olle.K's kings.
        (
            "broken_pot_to_wrong_player.txt",
            &[
                "line 22: the replay pays p2 51.00, but no line says p2 collected it",
                "line 27: p3 collected 48.50, but the replay awards p3 no pot",
            ],
        ),
    ];
    for (name, says) in cases {
        let r = P888.replayed(name);
        assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
        assert_eq!(r.mismatches.len(), says.len(), "{name}: {:?}", r.mismatches);
        for (got, want) in r.mismatches.iter().zip(says) {
            assert!(got.contains(want), "{name}: {got}");
        }
    }
}

#[test]
fn a_cut_off_hand_and_an_unknown_line_are_reported_at_their_lines() {
    let text = std::fs::read_to_string(P888.path("cash_plo.txt")).unwrap();
    let cut: String = text.lines().take(18).collect::<Vec<_>>().join("\n");
    let phh = convert_as(P888.format(), cut.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
    let odd = text.replace("Tarik_S folds", "Tarik_S dances");
    let phh = convert_as(P888.format(), odd.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(reason.contains("line 20: expected an action after `Tarik_S`"), "{reason}");
}

#[test]
fn felt_replay_reads_888_text_by_its_content_and_with_format_888poker() {
    let plo = "[1] hand 900000404 (plo): legal, results match";
    felt_says(&["replay", "--check", &P888.path("cash_plo.txt")], None, 0, &[plo]);
    let text = std::fs::read(P888.path("cash_fixed_limit.txt")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "888poker", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like 888poker hand-history text; --format 888poker reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text), 2, &[hint]);
}

#[test]
fn a_converted_text_replays_and_checks_as_the_text_does() {
    assert!(converted_texts_replay_as_the_texts("888poker") >= 9);
}

/// The real 888poker hand histories a user can point this at (not part of the repository):
/// the hands `expected.json` counts must replay, pass `--check` and end with the site's stacks;
/// every other hand's report is printed. Of 132, 127 do. The others: four where a dead blind
/// was posted and a bet was not called, whose expected stacks count the dead small blind in
/// the bet to match (the rules and this reader do not: a pot without a flop then takes no
/// rake, as 888's pots without a flop do; 888's own stacks at the next hand are this
/// reader's), and a hand cancelled before the cards.
/// `FELTKIT_888POKER_DIR=... cargo test --release --test suite real_888 -- --ignored --nocapture`.
#[test]
#[ignore]
fn real_888_hands_replay_to_the_sites_stacks() {
    let Some(real) = RealHands::of("FELTKIT_888POKER_DIR", P888.format()) else { return };
    assert!(real.counted > 0 && real.matched >= 127, "{real:?}");
}
