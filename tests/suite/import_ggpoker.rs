//! GGPoker hand-history text: each hand-written text in `tests/data/ggpoker` replays to the
//! stacks worked out by hand below, the site's accounting (collected, rake and the fees beside
//! it) is checked line by line, the features feltkit does not play are refused at their line,
//! and `felt replay` and `felt convert` read the texts by their content or with `--format
//! ggpoker`.

use crate::common::{converted_texts_replay_as_the_texts, felt, felt_says, SiteSamples};
use feltkit::import::{convert_as, read_hands, Format};
use feltkit::phh::read::hands;
use feltkit::phh::{replay_text, HandReport, Status};
use feltkit::record::{Amount, Fee, HandRecord};

const GG: SiteSamples = SiteSamples { folder: "ggpoker", format: "ggpoker" };

fn path(name: &str) -> String {
    GG.path(name)
}

fn gg() -> Format {
    GG.format()
}

fn phh(name: &str) -> String {
    GG.phh(name)
}

fn replayed(name: &str) -> HandReport {
    GG.replayed(name)
}

/// The first hand's record as the reader builds it (the replay's input, before any PHH text).
fn with_record<T>(name: &str, f: impl FnOnce(&HandRecord<'_>) -> T) -> T {
    let bytes = std::fs::read(path(name)).unwrap();
    let hand = read_hands(gg(), &bytes[..]).next().unwrap().unwrap();
    let mut out = None;
    let mut f = Some(f);
    hand.hand().read(&mut |r| {
        if let (Some(f), Ok(r)) = (f.take(), r) {
            out = Some(f(&r));
        }
    });
    out.unwrap()
}

fn amount(text: &str) -> Amount {
    Amount::parse(text).unwrap()
}

/// Amounts in cents, to compare them whatever places each is written with.
fn cents(v: &[Amount]) -> Vec<Option<i64>> {
    v.iter().map(|a| a.to_units(2)).collect()
}

/// Each good text, and the stacks after rake (the site's own results, written as
/// `finishing_stacks`, p1 first) worked out by hand from its lines.
const GOOD: [(&str, &[&str]); 14] = [
    // Button seat 3: p1 is seat 4 (small blind). The pot: 0.05 + 0.10 + 0.85 + 0.85 + 2 x 0.90
    // + 2 x 2.10 = 7.85; rake 0.39 and jackpot 0.21 leave Hero 7.25. Hero: 12.05 - 3.85 +
    // 7.25 = 15.45; 5c0e7a21: 10.40 - 3.85 = 6.55.
    ("cash_nl_showdown.txt", &["9.95", "4.52", "15.80", "6.55", "15.45", "7.15"]),
    // Main pot 3 x 1.10 = 3.30, side pot 2 x 2.10 = 4.20, both Hero's (kings): the site keeps
    // 0.25 + 0.10 and pays 3.16 and 3.99, 7.15 in all. 6e29d053: 6.44 - 3.20 = 3.24.
    ("cash_nl_side_pots.txt", &["7.15", "0", "3.24", "5"]),
    // Main pot 3 x 2 + 0.05 = 6.05, side pot 2 x 4 = 8, both split between two straights
    // (Kh Ah, Ad Kd): the site keeps 0.12 of the main pot and 0.15 of the side pot and gives
    // each pot's odd cent to e1f2a3b4, first after the button: 2.97 + 3.93 = 6.90 and 2.96 +
    // 3.92 = 6.88. p1 is e1f2a3b4 (small blind); Hero: 2.50 - 0.05.
    ("cash_split_side_pots.txt", &["6.90", "2.45", "6.88", "0", "4"]),
    // PLO: 0.10 + 0.25 + 1.10 (a pot-sized raise) + 1.10; Hero's flop bet comes back; 2.55
    // less 0.10 of rake. Hero: 31.70 - 1.10 + 2.45 = 33.05.
    ("cash_plo.txt", &["17.95", "25.25", "23.90", "33.05"]),
    // PLO-5: 0.65 before the flop, 0.80 on it, 2 on the river: 3.45 less 0.17. A pair of
    // kings (Ks Qs with Kd Jc 9h) beats Hero's king high (8h 7h with Kd Jc 9h).
    ("cash_plo5.txt", &["12.25", "8.30", "10.33"]),
    // PLO-6: Hero's pot-sized raise to 0.60 from the small blind takes the blinds.
    ("cash_plo6.txt", &["20.20", "14.40", "20"]),
    // 2 x 1,289.63 + 5 = 2,584.26, less 2 of rake and 1 of jackpot: 2,581.26. Hero: 2,040 -
    // 1,289.63 + 2,581.26 = 3,331.63.
    ("cash_thousands.txt", &["3507.40", "0", "3331.63", "1000"]),
    // Fixed limit: 0.25 + 1 + 1 + 2 x 0.50 = 3.25, less 0.15: 3.10. 2b3c4d5e: 15 - 1 - 0.50.
    ("fixed_limit.txt", &["19.75", "13.50", "20.10"]),
    // Antes 5 x 40, blinds 150/300, 2,835 twice: 6,320, all Hero's; no rake written.
    ("tournament_bounty.txt", &["5120", "19660", "0", "12410", "11645"]),
    // 0.10 + 3 x 0.50 = 1.60, less 0.05; the straddler checks its option, then wins on the
    // flop: 25 - 0.50 + 1.55 = 26.05.
    ("straddle.txt", &["24.90", "29.50", "26.05", "24.50"]),
    // Dead 0.25 + 1.50 + 0.50 + 1.50, then 2 x 2 on the flop: 7.75, less 0.38 and 0.02.
    // f0e1d2c3: 50 - 0.25 - 1.50 - 2 = 46.25; Hero: 50 - 3.50 + 7.35 = 53.85.
    ("missed_blind.txt", &["53.85", "61.25", "46.25", "50", "48.20"]),
    // Run twice, all-in before the flop: 0.05 + 2 x 9.40 = 18.85, less 0.50 and 0.11: 9.12 a
    // run. Run 1 (8c 4d 2s Kd 5c): 3f4e5d6c's pair of kings; run 2 (Jh 9c 6h 3s Td): Hero's
    // set of jacks. Hero: 10 - 9.40 + 9.12 = 9.72.
    ("run_twice.txt", &["9.95", "9.12", "9.72"]),
    // Run three times on the river: 3 x 1.50 + 2 x 3 + 2 x 25.50 = 61.50, less 1.50 and 0.90:
    // 19.70 a run. b2's jacks make a set on Js; Hero's queens beat them on 5h, and make two
    // pair on Ad. Hero: 40 - 30 + 2 x 19.70 = 49.40.
    ("run_three_times.txt", &["19.70", "49.40", "48.50"]),
    // Straddle 0.50 under the gun, re-straddle 1 on the button; everyone folds to it and 0.50
    // comes back: 0.10 + 0.25 + 0.50 + 0.50 = 1.35, no rake. aa11bb22: 25 - 0.50 + 1.35.
    ("double_straddle.txt", &["24.90", "24.75", "24.50", "25.85"]),
];

#[test]
fn every_good_text_replays_legal_with_the_sites_accounting_and_the_stacks_worked_by_hand() {
    for (name, after_rake) in GOOD {
        GG.ends_at(name, after_rake);
    }
}

fn holds(name: &str, fields: &[&str]) {
    GG.holds(name, fields)
}

#[test]
fn a_rush_and_cash_hand_reads_hex_names_hero_and_hidden_cards_in_phh_order() {
    let r = replayed("cash_nl_showdown.txt");
    let note = "rake 0.39 and Jackpot 0.21 taken from the pots, as the summary states (line 41)";
    assert!(r.notes.iter().any(|n| n == note), "{:?}", r.notes);
    holds(
        "cash_nl_showdown.txt",
        &[
            "hand = \"RC4100000101\"",
            "venue = \"GGPoker\"",
            "players = ['1be847f0', 'e03a6c9d', '77ab10c4', '5c0e7a21', 'Hero', '9fd2b403']",
            "seats = [4, 5, 6, 1, 2, 3]",
            "table = \"RushAndCash20450011\"",
            "'d dh p1 ????'",
            "'d dh p5 QsQh'",
            "_unnamed_pots = true",
        ],
    );
}

#[test]
fn the_summarys_fees_are_typed_in_the_sites_accounting_with_their_line() {
    let (fees, rake, total, unnamed) = with_record("cash_nl_showdown.txt", |r| {
        let a = r.accounting.as_ref().unwrap();
        (a.fees.clone(), a.rake, a.total_pot, a.unnamed_pots)
    });
    let fee = |name: &'static str, a: &str| Fee { name: name.into(), amount: amount(a), line: 41 };
    assert_eq!(
        fees,
        [fee("Jackpot", "0.21"), fee("Bingo", "0"), fee("Fortune", "0"), fee("Tax", "0")]
    );
    assert_eq!((rake, total), (Some(amount("0.39")), Some(amount("7.85"))));
    assert!(unnamed);
    // Written as `_fees` and read back the same.
    let text = phh("cash_nl_showdown.txt");
    assert!(text.contains("_fees = [{ name = \"Jackpot\", amount = 0.21, line = 41 }"), "{text}");
    let read = hands(&text).next().unwrap().unwrap().record.unwrap();
    assert_eq!(read.accounting.unwrap().fees, fees);
}

#[test]
fn omaha_of_five_and_six_hole_cards_says_how_many() {
    holds("cash_plo.txt", &["variant = 'plo'"]);
    holds("cash_plo5.txt", &["variant = 'plo'", "_hole_cards = 5", "'d dh p1 ??????????'"]);
    holds("cash_plo6.txt", &["_hole_cards = 6"]);
}

#[test]
fn fixed_limit_holdem_is_played_with_its_small_and_big_bets() {
    holds("fixed_limit.txt", &["variant = 'flhe'", "small_bet = 0.50", "big_bet = 1.00"]);
}

#[test]
fn a_tournament_hand_reads_its_level_antes_name_and_a_summary_without_rake() {
    holds(
        "tournament_bounty.txt",
        &[
            "antes = [40, 40, 40, 40, 40]",
            "level = 7",
            "_tournament_id = \"88001234\"",
            "_buy_in = \"Bounty Hunters $5.40\"",
            "_rake = 0",
        ],
    );
}

#[test]
fn a_straddle_of_twice_the_big_blind_after_it_is_a_third_blind() {
    holds("straddle.txt", &["blinds_or_straddles = [0.10, 0.25, 0.50, 0.00]"]);
}

#[test]
fn a_re_straddle_from_the_seat_left_of_the_straddle_is_a_fourth_blind() {
    holds("double_straddle.txt", &["blinds_or_straddles = [0.10, 0.25, 0.50, 1.00]"]);
}

#[test]
fn a_missed_small_blind_is_posted_dead() {
    holds("missed_blind.txt", &["_dead_blinds = [0.00, 0.00, 0.25, 0.00, 0.00]"]);
}

#[test]
fn features_feltkit_does_not_play_are_refused_at_their_line() {
    let straddle = std::fs::read_to_string(path("straddle.txt")).unwrap();
    // A straddle posted by the big blind breaks the straddle rule the engine plays; a button
    // blind is played in short deck only.
    let by_blind = std::fs::read_to_string(path("straddle_by_the_big_blind.txt")).unwrap();
    let button_blind = straddle.replace(
        "55ee66ff: straddle $0.5\n",
        "55ee66ff: straddle $0.5\n11aa22bb: posts button blind $0.25\n",
    );
    let cases = [
        (by_blind, "line 9: a straddle the engine does not play (`Hero: straddle $0.5`): a straddle comes from a seat after the big blind"),
        (button_blind, "line 10: a button blind (`11aa22bb: posts button blind $0.25`): feltkit plays a button blind in short deck only"),
    ];
    for (text, why) in cases {
        let text = convert_as(gg(), text.as_bytes()).remove(0).phh;
        let r = replay_text(&text, "t", true).remove(0);
        assert!(
            matches!(&r.status, Status::Unsupported(w) if w.starts_with(why)),
            "{:?}",
            r.status
        );
        // The players and their stacks are kept.
        assert!(text.contains("starting_stacks = [") && text.contains("players = ["), "{text}");
    }
}

#[test]
fn short_deck_plays_the_button_blind_and_the_straddles_after_it() {
    // Antes of 0.5 each; the button (Hero) posts a blind of 0.5 and, when nobody calls, takes
    // the antes: Hero 50 - 0.5 + 1.5; the others 50 - 0.5.
    let r = replayed("short_deck_button_blind.txt");
    assert!(r.ok() && r.checked, "{:?} {:?}", r.status, r.mismatches);
    holds(
        "short_deck_button_blind.txt",
        &["variant = 'NS'", "finishing_stacks = [49.5, 49.5, 51.0]"],
    );
    // The player right of the button straddles to 1: the button acts first (it folds), then
    // 5a4b3c2d, and the straddler last. The straddler gets 0.5 back and wins the antes, the
    // button blind and the 0.5 called of the straddle: 50 - 0.5 - 1 + 0.5 + 2.5 = 51.5.
    let r = replayed("short_deck_straddle.txt");
    assert!(r.ok() && r.checked, "{:?} {:?}", r.status, r.mismatches);
    holds(
        "short_deck_straddle.txt",
        &["blinds_or_straddles = [0.0, 1.0, 0.5]", "finishing_stacks = [49.5, 51.5, 49.0]"],
    );
    // Out of turn: the straddler cannot act before the button.
    let text = std::fs::read_to_string(path("short_deck_straddle.txt"))
        .unwrap()
        .replace("Hero: folds\n5a4b3c2d: folds\n", "5a4b3c2d: folds\nHero: folds\n");
    let r = replay_text(&convert_as(gg(), text.as_bytes()).remove(0).phh, "t", true).remove(0);
    assert!(!r.ok(), "{:?}", r.status);
}

#[test]
fn a_cash_drop_is_dead_money_the_cards_win_with_the_main_pot() {
    // The pot: 0.02 + 0.05 + 0.05 of Hero's raise called by nobody (0.10 of it back) + 0.50
    // of the room's = 0.62, Hero's when both blinds fold, with no rake. Hero: 5 - 0.15 + 0.10
    // + 0.62 = 5.57; c0ffee12 4.80 - 0.02; 0ddba115 6.10 - 0.05.
    holds("cash_drop.txt", &["_dead_money = 0.5\n", "finishing_stacks = [4.78, 6.05, 5.57]"]);
    let r = replayed("cash_drop.txt");
    assert!(r.ok() && r.checked, "{:?} {:?}", r.status, r.mismatches);
    let o = r.outcome.unwrap();
    assert_eq!(o.pots[0].amount, feltkit::rules::Chips(62));
    // Without the drop, the site's total pot and Hero's collected line are 0.50 more than the
    // players put in.
    let text = phh("cash_drop.txt").replace("_dead_money = 0.5\n", "");
    let r = replay_text(&text, "no drop", true).remove(0);
    assert!(r.mismatches.iter().any(|m| m.contains("`Total pot 0.62`")), "{:?}", r.mismatches);
}

#[test]
fn an_ev_cashout_and_insurance_are_paid_outside_the_pot_the_cards_still_win() {
    // EV Cashout: Hero (aces) is all-in for 8 against queens, cashes out on the turn and
    // loses; the room pays the 14.83 GG says. The pot (16.10, less 0.30 of rake and 0.10 of
    // jackpot) goes to e5e6e7e8's set: 8 - 8 + 15.70 = 15.70. Hero: 10 - 8 + 14.83 = 16.83.
    // The offer is kept with its line and the board then.
    holds(
        "ev_cashout.txt",
        &[
            "'p1 _cashout 14.83']",
            "finishing_stacks = [16.83, 9.90, 15.70]",
            "winnings = [0.00, 0.00, 15.70]",
            "_ev_cashout = [{player = 1, line = 21, board = \"5h7c2d4s\"}]",
        ],
    );
    // Insurance: Hero (kings, p1 heads-up) wins the 80 pot less 3 of rake and pays the 1.20
    // premium: 40 - 40 + 77 - 1.20 = 75.80.
    holds("insurance.txt", &["'p1 _cashout -1.2']", "finishing_stacks = [75.8, 0.0]"]);
    for name in ["ev_cashout.txt", "insurance.txt"] {
        let r = replayed(name);
        assert!(r.ok() && r.checked, "{name}: {:?} {:?}", r.status, r.mismatches);
    }
    // A cashout chosen with no amount in the text is refused at the line it is chosen on.
    let text = std::fs::read_to_string(path("ev_cashout.txt")).unwrap();
    let text = text.replace("Hero: Receives Cashout ($14.83)\n", "");
    let hand = convert_as(gg(), text.as_bytes()).remove(0).phh;
    let r = replay_text(&hand, "no amount", true).remove(0);
    let why = "line 21: an EV Cashout or insurance whose amount the text does not give";
    assert!(matches!(&r.status, Status::Unsupported(w) if w == why), "{:?}", r.status);
}

/// The mismatches of the first hand of a broken text.
fn mismatches(name: &str) -> Vec<String> {
    let r = replayed(name);
    assert!(matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
    r.mismatches
}

#[test]
fn a_total_pot_the_replay_does_not_make_is_flagged_at_the_summary_line() {
    let m = mismatches("broken_total_pot.txt");
    assert!(
        m[0].starts_with("line 41: `Total pot 7.95`: the replay's pots add up to 7.85"),
        "{m:?}"
    );
}

#[test]
fn a_fee_that_does_not_add_up_is_flagged_with_the_rake_and_fees_it_states() {
    let m = mismatches("broken_jackpot.txt");
    assert_eq!(
        m[0],
        "line 41: `Total pot 7.85 | Rake 0.39 | Jackpot 0.11` leaves 7.35 for the players, but the collected lines add up to 7.25"
    );
    assert!(m[1].starts_with("line 39: p5 collected 7.25 from pot"), "{m:?}");
}

#[test]
fn a_pot_collected_by_the_wrong_player_is_flagged_at_the_collected_line() {
    let m = mismatches("broken_wrong_winner.txt");
    assert_eq!(m[0], "line 39: p4 collected 7.25 from pot, but the replay awards the pot to p5");
    // With side pots the site names no pot: a loser's collected line is flagged all the same.
    let m = mismatches("broken_main_pot_wrong_player.txt");
    assert_eq!(m, ["line 26: p2 collected 3.16, but the replay awards p2 no pot"]);
}

#[test]
fn a_hand_run_more_than_once_chooses_its_runs_before_the_first_card_of_them() {
    holds("run_twice.txt", &["'p3 sm JsJd', 'p2 _runs 2', 'p3 _runs 2', 'd db 8c4d2s'"]);
    // All-in on the turn: the first run's flop and turn are shared, the rivers are the runs.
    holds("run_three_times.txt", &["'p2 sm AsQd', 'p1 _runs 3', 'p2 _runs 3', 'd db Js'"]);
    holds("run_three_times.txt", &["line = 29, run = 1 }", "line = 31, run = 2 }"]);
}

#[test]
fn an_amount_collected_on_the_wrong_run_is_flagged_at_its_line() {
    let m = mismatches("broken_run_collected.txt");
    assert_eq!(
        m,
        [
            "line 29: the replay pays p2 9.43 on run 1, but no line says p2 collected it",
            "line 25: p3 collected 9.12 on run 1, but the replay awards p3 no pot on run 1",
            "line 27: p2 collected 9.12 on run 2, but the replay awards p2 no pot on run 2",
            "line 29: the replay pays p3 9.42 on run 2, but no line says p3 collected it",
        ]
    );
}

#[test]
fn a_wrong_uncalled_bet_is_flagged_at_its_line() {
    let m = mismatches("broken_uncalled.txt");
    assert!(
        m[0].starts_with(
            "line 23: uncalled bet of 1.40 returned to p4, but the replay returns 1.50"
        ),
        "{m:?}"
    );
}

#[test]
fn felt_replay_reads_gg_text_by_its_content_and_with_format_ggpoker() {
    let plo = "[1] hand OM4100000303 (plo): legal, results match";
    felt_says(&["replay", "--check", &path("cash_plo.txt")], None, 0, &[plo]);
    let text = std::fs::read(path("cash_plo.txt")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "ggpoker", "-"], stdin, 0, &["<stdin> [1]"]);
    let broken = "mismatch: line 41: `Total pot 7.85 | Rake 0.39";
    felt_says(&["replay", "--check", &path("broken_jackpot.txt")], None, 1, &[broken]);
    // Read as PokerStars text, a GG text has no hand, and the message says what reads it.
    let hint = "the text looks like GGPoker hand-history text; --format ggpoker reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text), 2, &[hint]);
}

#[test]
fn felt_convert_writes_gg_hands_as_a_bundle_that_replays_the_same() {
    let out = felt()
        .args([
            "convert",
            "--format",
            "ggpoker",
            &path("cash_nl_showdown.txt"),
            &path("straddle_by_the_big_blind.txt"),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let bundle = String::from_utf8(out.stdout).unwrap();
    assert!(bundle.contains("[1]\n") && bundle.contains("[2]\n"), "{bundle}");
    assert!(bundle.contains("_not_replayable = \"line 9: a straddle the engine"), "{bundle}");
    let reports = replay_text(&bundle, "bundle", true);
    assert!(reports[0].ok() && reports[0].checked, "{:?}", reports[0].mismatches);
    assert!(matches!(reports[1].status, Status::Unsupported(_)));
}

#[test]
fn directories_are_searched_for_gg_text() {
    let dir = std::env::temp_dir().join(format!("feltkit-gg-dir-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("gg")).unwrap();
    std::fs::copy(path("straddle.txt"), dir.join("gg/a.txt")).unwrap();
    std::fs::copy(path("cash_plo.txt"), dir.join("b.txt")).unwrap();
    std::fs::write(dir.join("notes.txt"), "Poker night.\n").unwrap();
    let says = [
        "a.txt [1] hand RC4100000808 (nlhe): legal, results match",
        "b.txt [1] hand OM4100000303 (plo): legal, results match",
        "2 hands in 2 files: 2 legal and matching",
    ];
    felt_says(&["replay", "--check", dir.to_str().unwrap()], None, 0, &says);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The real GGPoker hand histories a user can point this at (not part of the repository):
/// every hand `expected.json` counts must replay, pass `--check` and end with the site's
/// stacks; the hands it does not count must be refused as not played, never misread.
/// `FELTKIT_GGPOKER_DIR=... cargo test --test suite real_ggpoker -- --ignored --nocapture`.
#[test]
#[ignore]
fn real_ggpoker_hands_replay_to_the_sites_stacks() {
    let Ok(dir) = std::env::var("FELTKIT_GGPOKER_DIR") else { return };
    let expected: serde_json::Value =
        serde_json::from_slice(&std::fs::read(format!("{dir}/expected.json")).unwrap()).unwrap();
    let (mut counted, mut matched, mut refused, mut ran) = (0, 0, 0, 0);
    let (mut outside_hands, mut outside_matched) = (0, 0);
    let mut reasons: std::collections::BTreeMap<String, usize> = Default::default();
    let mut failures = Vec::new();
    for (file, f) in expected["files"].as_object().unwrap() {
        let hands_of_file = convert_as(gg(), &std::fs::read(format!("{dir}/{file}")).unwrap());
        let listed = f["hands"].as_array().unwrap();
        assert_eq!(hands_of_file.len(), listed.len(), "{file}");
        for h in listed {
            let index = h["index"].as_u64().unwrap() as usize;
            let text = &hands_of_file[index].phh;
            let r = replay_text(text, file, true).remove(0);
            if let Status::Unsupported(why) = &r.status {
                refused += 1;
                // `line 12: a Cash Drop (...)`: the reason without its line and quote.
                let what = why.strip_prefix("not supported: ").unwrap_or(why);
                let what = match what.strip_prefix("line ") {
                    Some(rest) => rest.split_once(": ").map_or(rest, |x| x.1),
                    None => what,
                };
                let what = what.split(" (").next().unwrap_or(what);
                let what = what.split(':').next().unwrap_or(what);
                *reasons.entry(what.to_string()).or_default() += 1;
            }
            // Money from outside the pot is played: the pots still end with the site's stacks
            // (`finishing_stacks` of expected.json: stack, less put in, plus collected), and
            // the record's stacks are those plus what the text says was paid outside the pot.
            let features: Vec<&str> =
                h["features"].as_array().unwrap().iter().filter_map(|f| f.as_str()).collect();
            let outside_feature = ["cash-drop", "ev-cashout", "insurance"];
            if features.iter().any(|f| outside_feature.contains(f)) {
                outside_hands += 1;
                if matches!(r.status, Status::Unsupported(_)) {
                    continue;
                }
                let record = hands(text).next().unwrap().unwrap().record.unwrap();
                let mut stacks = cents(&record.finishing_stacks.clone().unwrap_or_default());
                for a in record.actions() {
                    if let feltkit::record::Action::CashOut(p, x) = a {
                        stacks[*p] = stacks[*p].zip(x.to_units(2)).map(|(s, x)| s - x);
                    }
                }
                let site = h["finishing_stacks"].as_array().unwrap().iter();
                let site: Vec<Amount> = site.map(|x| amount(x.as_str().unwrap())).collect();
                if r.ok() && r.checked && stacks == cents(&site) {
                    outside_matched += 1;
                } else {
                    failures.push(format!(
                        "{file} [{}]: outside the pot: {:?} {:?}",
                        index + 1,
                        r.status,
                        r.mismatches
                    ));
                }
                continue;
            }
            // A hand run more than once is not counted by the site's arithmetic alone, but
            // its finishing stacks are read from the text all the same: it is held to them.
            let runs = h["not_counted_reason"].as_str().is_some_and(|w| w.starts_with("run-it-"));
            if runs {
                ran += 1;
            }
            if h["counted"] != true && !runs {
                if r.ok() && !matches!(r.status, Status::Unsupported(_)) {
                    failures.push(format!("{file} [{}]: not counted, but replayed", index + 1));
                }
                continue;
            }
            counted += 1;
            let record = hands(text).next().unwrap().unwrap().record.unwrap();
            let site = h["finishing_stacks"].as_array().unwrap().iter();
            let site: Vec<Amount> = site.map(|x| amount(x.as_str().unwrap())).collect();
            let same = cents(&record.finishing_stacks.unwrap_or_default()) == cents(&site);
            match (r.ok() && r.checked, same) {
                (true, true) => matched += 1,
                _ => failures.push(format!(
                    "{file} [{}]: {:?} {:?}",
                    index + 1,
                    r.status,
                    r.mismatches
                )),
            }
        }
    }
    eprintln!(
        "{matched} of {counted} counted hands (with {ran} run more than once) replay to the site's stacks with --check clean; {outside_matched} of {outside_hands} hands with money from outside the pot too; {refused} refused: {reasons:?}; not as expected:\n{}",
        failures.join("\n")
    );
    // Hands the site's arithmetic counts but feltkit does not play are refused, each for
    // its reason: a straddle by the big blind, a second by the same player. Two hands of the
    // texts.
    let not_played = ["a straddle the engine does not play"];
    let refused_counted =
        |f: &&String| f.contains("Unsupported(") && not_played.iter().any(|w| f.contains(w));
    assert!(counted > 0 && matched + 2 >= counted, "{matched} of {counted}");
    assert!(outside_hands > 0, "no hand with money from outside the pot");
    assert!(failures.iter().all(|f| refused_counted(&f)), "{failures:?}");
}

#[test]
fn a_converted_text_replays_and_checks_as_the_text_does() {
    assert!(converted_texts_replay_as_the_texts("ggpoker") >= 20);
    assert!(converted_texts_replay_as_the_texts("pokerstars") >= 30);
}
