//! Winamax hand-history text: each hand-written text in `tests/data/winamax` replays to the
//! stacks worked out by hand below, the site's accounting (collected, the total written after
//! rake, the uncalled bet counted in what its player collects) is checked line by line, the
//! games not read are refused at their line, and `felt replay` and `felt convert` read the
//! texts by their content or with `--format winamax`.

use crate::common::{converted_texts_replay_as_the_texts, felt_says, RealHands, SiteSamples};
use feltkit::import::{convert_as, Format};
use feltkit::phh::{replay_text, HandReport, Status};

const WINAMAX: SiteSamples = SiteSamples { folder: "winamax", format: "winamax" };

fn path(name: &str) -> String {
    WINAMAX.path(name)
}

fn winamax() -> Format {
    WINAMAX.format()
}

fn replayed(name: &str) -> HandReport {
    WINAMAX.replayed(name)
}

/// Each good text, and the stacks after rake (the site's own results, written as
/// `finishing_stacks`, p1 first: the first seat after the button) worked out by hand from its
/// lines.
const GOOD: [(&str, &[&str]); 11] = [
    // Button seat 2: p1 is Kerbrat (seat 4). Zoe.L is all-in for 8, tonton_42 for 12, Kerbrat
    // matches 12: main pot 3 x 8 = 24 (Zoe.L's set of kings), side pot 2 x 4 = 8 (tonton_42's
    // set of sevens over Kerbrat's aces). The site keeps 1.20 and pays 23.10 and 7.70.
    ("cash_nl_side_pots.txt", &["38.50", "23.10", "30", "7.70"]),
    // Antes 4 x 25, blinds 100/200; grosbill all-in for 1,475 and called: 100 + 100 + 2 x
    // 1,475 = 3,150, no rake. zecarlos: 2,250 - 125; Pauline_R: 4,200 - 1,500.
    ("tournament_antes.txt", &["2125", "2700", "3150", "6275"]),
    // 0.25 + 2 x 1.75 + 2 x 3.75 = 11.25, less 0.50 of rake: 10.75. 7plumes's turn bet of 6
    // is not called: Winamax counts it in the 16.75 collected. 7plumes: 48.15 - 5.50 + 10.75.
    ("cash_plo.txt", &["49.75", "53.40", "56.90"]),
    // 0.50 + 2 x 13 = 26.50, less 1.30: 25.20, cut in halves of 12.60. Rosalie M's three aces
    // win high; Gaspard's 7-5-3-2-A (2c 7h with As 5d 3h) is the only low.
    ("cash_plo_hilo.txt", &["79.50", "119.60", "99.60"]),
    // 1 + 2 x 6 + 2 x 10 = 33, less 1.50: 31.50, all Oskar W's (A-K-Q-J-T over Q-J-T-9-8; the
    // board has two cards of eight or less, so no low).
    ("cash_plo5_hilo.txt", &["199", "225.50", "134"]),
    // 0.05 + 2 x 0.30 = 0.65, less 0.06: 0.59; Max_Ko's flop bet of 0.40 comes back (Winamax
    // counts it in the 0.99 collected). Max_Ko: 12.35 - 0.30 + 0.59 = 12.64.
    ("go_fast.txt", &["10.35", "9.70", "12.64", "9.80"]),
    // kiki_breizh posts a big blind out of position and acts in turn: 0.25 + 3 x 1.50 + 2 x 3 +
    // 2 x 7 = 24.75, less 1.20: 23.55 to Anouk (three nines). Anouk: 55 - 11.50 + 23.55.
    ("cash_nl_rake.txt", &["49.75", "20.90", "67.05", "36.70", "61.75"]),
    // Stud: players in seat order. Iris brings in 2 over the antes and nobody calls: the 2
    // come back, the antes are hers. Iris: 120 - 1 + 2; vieux_loup: 95.50 - 1.
    ("stud.txt", &["121", "94.50"]),
    // Antes 3, third street 3 x 4, fourth 3 x 4, fifth 2 x 16 (coquelicot folds), sixth and
    // seventh 2 x 8 each: 91, less 4.50: 86.50, cut in halves of 43.25. Maelle's jacks full
    // win high; Bastien_K's 6-4-3-2-A is the only low. Each of them put in 41.
    ("stud_hilo.txt", &["152.25", "90.25", "51.40"]),
    // Razz: Hugo_V's king brings in 2 and folds; Sixtine and pamplemousse put in 1 + 8 + 4;
    // Sixtine's bet of 8 on fifth street is not called. 29 less 1: 28 to Sixtine (Winamax's
    // 36 collected counts the 8). Sixtine: 45.20 - 13 + 28.
    ("razz.txt", &["67", "60.20", "87"]),
    // Triple draw, button seat 2: p1 is fanfaron (small blind 0.50, folds). Lou-Anne and
    // Odile put in 2 + 2 + 2 + 2 each and stand pat three times: 16.50, less 0.80: 15.70 to
    // Lou-Anne's 7-5-4-3-2. Lou-Anne: 40 - 8 + 15.70.
    ("triple_draw.txt", &["62", "47.70", "42"]),
];

#[test]
fn every_good_text_replays_legal_with_the_sites_accounting_and_the_stacks_worked_by_hand() {
    for (name, after_rake) in GOOD {
        WINAMAX.ends_at(name, after_rake);
        assert!(replayed(name).mismatches.is_empty(), "{name}");
    }
}

fn holds(name: &str, fields: &[&str]) {
    WINAMAX.holds(name, fields)
}

#[test]
fn a_cash_hand_reads_its_number_table_seats_and_euros_in_phh_order() {
    holds(
        "cash_nl_side_pots.txt",
        &[
            "hand = \"4811203-57-1700000001\"",
            "venue = \"Winamax\"",
            "variant = 'nlhe'",
            "players = ['Kerbrat', 'Zoe.L', 'Margaux B', 'tonton_42']",
            "seats = [4, 5, 1, 2]",
            "table = \"Lyon 07\"",
            "currency = \"EUR\"",
            "'d dh p1 AsAd'",
            "'d dh p3 ????'",
        ],
    );
}

#[test]
fn the_uncalled_part_of_a_bet_comes_back_and_leaves_what_was_collected() {
    // The text has no `Uncalled bet` line: 6 of the 16.75 collected is the bet nobody called.
    holds("cash_plo.txt", &["_uncalled = [{ player = 2, amount = 6", "_total_pot = 11.25"]);
    holds("go_fast.txt", &["_uncalled = [{ player = 3, amount = 0.40", "_room = \"Go Fast\""]);
}

#[test]
fn the_games_are_played_under_the_presets_of_their_card_room_rules() {
    holds("cash_plo.txt", &["variant = 'plo'"]);
    holds("cash_plo_hilo.txt", &["variant = 'flo8'", "_structure = 'pot-limit'"]);
    holds("cash_plo5_hilo.txt", &["variant = 'flo8'", "_hole_cards = 5"]);
}

#[test]
fn a_tournament_hand_reads_its_antes_blinds_buy_in_and_a_total_in_thousands() {
    holds(
        "tournament_antes.txt",
        &[
            "antes = [25, 25, 25, 25]",
            "blinds_or_straddles = [100, 200, 0, 0]",
            "level = 6",
            "_tournament_id = \"612345\"",
            "_buy_in = \"4.50€ + 0.50€\"",
            "_total_pot = 3150",
            "_rake = 0",
        ],
    );
}

#[test]
fn stud_razz_and_triple_draw_read_their_antes_bring_in_up_cards_and_bets() {
    holds(
        "stud_hilo.txt",
        &[
            "variant = 'F7S/8'",
            "players = ['Maelle', 'Bastien_K', 'coquelicot']",
            "seats = [1, 3, 6]",
            "antes = [1.00, 1.00, 1.00]",
            "bring_in = 2.00",
            "small_bet = 4.00",
            "big_bet = 8.00",
            "'d dh p2 ????3c'",
            "'d dh p3 Ah2sKs'",
            "'d dh p1 ??'",
            "'p2 pb'",
            "'p3 cbr 4.00'",
            "_total_pot = 91",
            "_rake = 4.50",
        ],
    );
    holds("stud.txt", &["variant = 'stud7'", "_uncalled = [{ player = 1, amount = 2.00"]);
    holds("razz.txt", &["variant = 'FR'", "'p1 pb'", "_uncalled = [{ player = 2, amount = 8.00"]);
    holds(
        "triple_draw.txt",
        &[
            "variant = 'F2L3D'",
            "players = ['fanfaron', 'Lou-Anne', 'Odile']",
            "blinds_or_straddles = [0.50, 1.00, 0.00]",
            "'d dh p2 7c5d4s3h2c'",
            "'d dh p3 ??????????'",
            "'p2 sd'",
            "'p3 sm 8d6h4c3d2s'",
        ],
    );
}

#[test]
fn a_draw_where_cards_are_changed_and_a_game_not_played_are_refused_at_their_line() {
    let r = replayed_as("triple_draw.txt", |t| {
        t.replacen("Odile stands pat [X X X X X]", "Odile discards 2 cards", 1)
    });
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.contains("line 18: `Odile discards 2 cards`: a player changing cards"), "{why}");
    let r = replayed_as("stud.txt", |t| t.replace("Stud fixed limit", "Stud pot limit"));
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(
        why.contains("line 1: 7-Card Stud pot limit: feltkit plays this game fixed limit only"),
        "{why}"
    );
    let r = replayed_as("stud.txt", |t| t.replace("7-Card Stud", "5-Card Stud"));
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.contains("line 1: 5-Card Stud fixed limit: feltkit reads Winamax's"), "{why}");
}

#[test]
fn a_stud_line_not_understood_is_malformed_at_its_line() {
    let r = replayed_as("stud_hilo.txt", |t| t.replace("[X X 3c] [4c]", "[X X 3c] [4c 5c]"));
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(reason.contains("line 20: expected 1 cards dealt"), "{reason}");
    let r = replayed_as("razz.txt", |t| t.replace("Hugo_V folds", "Hugo_V waves"));
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(reason.contains("line 17: expected an action after `Hugo_V`"), "{reason}");
}

#[test]
fn a_wrong_collected_amount_in_stud_is_flagged_at_its_line_and_at_the_summary() {
    // 91 in the pot, 4.50 of rake: 43.25 for each half, not 44.25 for Maelle's.
    let m = mismatches("broken_stud_collected.txt");
    assert_eq!(m.len(), 2, "{m:?}");
    assert!(m[0].starts_with("line 53: `Total pot 91.00 | Rake 4.50` leaves 86.50 for the players, but the collected lines add up to 87.50"), "{m:?}");
    assert!(
        m[1].starts_with("line 50: p1 collected 44.25 from pot, but the replay pays p1 43.25"),
        "{m:?}"
    );
}

/// The mismatches `--check` finds in the first hand of a text (replayed legal).
fn mismatches(name: &str) -> Vec<String> {
    let r = replayed(name);
    assert!(matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
    r.mismatches
}

#[test]
fn a_wrong_collected_amount_is_flagged_at_its_line_and_at_the_summary() {
    // 24.75 in the pot, 1.20 of rake: 23.55 for Anouk, not 23.65.
    let m = mismatches("broken_collected_amount.txt");
    assert_eq!(
        m,
        [
            "line 35: `Total pot 24.75 | Rake 1.20` leaves 23.55 for the players, but the collected lines add up to 23.65",
            "line 33: p3 collected 23.65 from pot, but the replay pays p3 23.55 from the pot (24.75 less 1.20 of rake)",
        ]
    );
}

#[test]
fn a_side_pot_paid_to_the_wrong_player_is_flagged_at_the_collected_line() {
    let m = mismatches("broken_side_pot_wrong_player.txt");
    assert_eq!(
        m,
        [
            "line 28: p1 collected 7.70 from side pot-1, but the replay awards side pot-1 to p4",
            "line 31: the replay pays p4 7.70 from side pot-1, but no line says p4 collected it",
        ]
    );
}

#[test]
fn a_total_that_does_not_add_up_is_flagged_at_the_summary_line() {
    // Written after rake: 31.80 and 1.20 make 33, where the players put in 32.
    let m = mismatches("broken_total_pot.txt");
    assert_eq!(
        m[..2],
        [
            "line 31: `Total pot 33.00`: the replay's pots add up to 32.00",
            "line 31: `Total pot 33.00 | Rake 1.20` leaves 31.80 for the players, but the collected lines add up to 30.80",
        ]
    );
}

/// The first hand of a sample whose text is changed by `edit`, converted, replayed and checked.
fn replayed_as(name: &str, edit: impl Fn(&str) -> String) -> HandReport {
    let text = edit(&std::fs::read_to_string(path(name)).unwrap());
    let phh = convert_as(winamax(), text.as_bytes()).remove(0).phh;
    replay_text(&phh, name, true).remove(0)
}

#[test]
fn a_summary_that_does_not_say_what_the_collected_lines_give_is_malformed_at_its_line() {
    let r = replayed_as("cash_plo.txt", |t| t.replace("won 16.75€", "won 16.50€"));
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(
        reason.contains(
            "line 26: the summary says 7plumes won 16.50€, but the play's collected lines give 16.75€"
        ),
        "{reason}"
    );
}

#[test]
fn a_hand_cut_off_before_its_summary_is_unfinished_and_keeps_its_number() {
    let r = replayed_as("cash_plo.txt", |t| t.lines().take(15).collect::<Vec<_>>().join("\n"));
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
    assert_eq!(r.hand.as_deref(), Some("5120433-812-1700000200"));
}

#[test]
fn an_action_not_known_is_malformed_at_its_line() {
    let r = replayed_as("cash_plo.txt", |t| t.replace("Bretonne folds", "Bretonne dances"));
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(reason.contains("line 12: expected an action after `Bretonne`"), "{reason}");
}

#[test]
fn felt_replay_reads_winamax_text_by_its_content_and_with_format_winamax() {
    let plo = "[1] hand 5120433-812-1700000200 (plo): legal, results match";
    felt_says(&["replay", "--check", &path("cash_plo.txt")], None, 0, &[plo]);
    let text = std::fs::read(path("go_fast.txt")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "winamax", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like Winamax hand-history text; --format winamax reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text), 2, &[hint]);
}

#[test]
fn a_converted_text_replays_and_checks_as_the_text_does() {
    assert!(converted_texts_replay_as_the_texts("winamax") >= 11);
}

/// The real Winamax hand histories a user can point this at (not part of the repository):
/// every hand `expected.json` counts (hold'em, Omaha, stud, stud high-low and triple draw)
/// must replay, pass `--check` and end with the site's stacks; every other hand's report is
/// printed.
/// `FELTKIT_WINAMAX_DIR=... cargo test --release --test suite real_winamax -- --ignored --nocapture`.
#[test]
#[ignore]
fn real_winamax_hands_replay_to_the_sites_stacks() {
    let Some(real) = RealHands::of("FELTKIT_WINAMAX_DIR", winamax()) else { return };
    eprintln!("{} counted, {} matched", real.counted, real.matched);
    assert!(real.refused.is_empty(), "{real:?}");
    assert!(real.counted > 0 && real.failures.is_empty(), "{real:?}");
    assert_eq!(real.matched, real.counted, "{real:?}");
}
