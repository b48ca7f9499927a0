//! iPoker network XML: each hand-written sample in `tests/data/ipoker` replays to the stacks
//! worked out by hand below, the site's accounting (each player's `win` and `bet`, with no pot
//! or rake written) is checked at the lines of the players, and `felt replay` and `felt
//! convert` read the files by their content or with `--format ipoker`.

use crate::common::{converted_texts_replay_as_the_texts, felt_says, RealHands, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::read::hands;
use feltkit::phh::{replay_text, Status};
use feltkit::record::Amount;

const IPOKER: SiteSamples = SiteSamples { folder: "ipoker", format: "ipoker" };

fn amount(text: &str) -> Amount {
    Amount::parse(text).unwrap()
}

/// Each good sample, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the button in flop games, the lowest seat in stud) worked out by hand from its
/// elements.
const GOOD: [(&str, &[&str]); 7] = [
    // Button Marlow; p1 Tessa_K, p2 quietfox. Marlow is all in for 40 on the flop, Tessa_K
    // and quietfox call; Tessa_K folds to quietfox's river bet of 40, which comes back. Main
    // pot 3 x 40 = 120 to Marlow's aces over quietfox's kings, side pot 2 x 20 = 40 to
    // quietfox. iPoker pays 117 and 39 (+ the 40 back): a rake of 4 of 160.
    ("cash_nl_side_pot.xml", &["40", "99", "117"]),
    // Decimal commas, a thousands point, Windows-1252 and CRLF. 0.05 + 2 x 0.30 = 0.65, less
    // 0.03; Anaïs's flop bet of 0.45 comes back inside the `win` of 1.07. Anaïs: 1204.60 -
    // 0.75 + 1.07.
    ("cash_decimal_commas_latin1.txt", &["9.80", "12.10", "1204.92"]),
    // Antes 4 x 25, blinds 50/100; Belle all in for 1,425 on the blind, Dmitri calls: 100 + 2
    // x 1,425 = 2,950 to Belle's three queens, no rake in a tournament.
    ("tournament_antes.xml", &["2950", "1300", "4975", "3175"]),
    // Heads up, Ilka the big blind. 2 x (1.50 + 2 + 4) = 15 to Ilka's straight (7-8 with
    // 5-6-9) over Fenwick's three jacks, less 0.75.
    ("cash_plo.xml", &["56.75", "72.50"]),
    // Bets of 2/4 on blinds of 1/2: 4 + 4 + 4 (Rosalind folds the flop) + 2 x 4 + 2 x 4 = 28,
    // to Quinn's three kings, less 1.
    ("cash_fixed_limit.xml", &["41", "58", "75"]),
    // 2 x (0.20 + 0.40 + 1) = 3.20, less 0.16: halves of 1.52. Velma's four queens win high,
    // duskrider's 8-5-3-2-A low.
    ("cash_omaha_hilo.xml", &["24.92", "29.92"]),
    // Antes 0.02, Hollis (the 2 up) brings in 0.05, Greta completes to 0.10, then bets 0.20
    // on fifth street: 0.04 + 2 x 0.30 = 0.64, less 0.02: halves of 0.31. Hollis's kings full
    // win high, Greta's 7-6-4-3-A low.
    ("stud_hilo.xml", &["9.99", "9.99"]),
];

#[test]
fn each_sample_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD {
        IPOKER.ends_at(name, stacks);
    }
}

#[test]
fn the_hands_name_their_games_stakes_tables_and_tournaments() {
    IPOKER.holds(
        "cash_nl_side_pot.xml",
        &["variant = 'nlhe'", "venue = \"iPoker\"", "hand = 900100101", "min_bet = 1.00"],
    );
    IPOKER.holds("cash_fixed_limit.xml", &["variant = 'flhe'", "small_bet = 2", "big_bet = 4"]);
    IPOKER.holds("cash_plo.xml", &["variant = 'plo'", "currency_symbol = \"$\""]);
    IPOKER.holds("cash_omaha_hilo.xml", &["variant = 'flo8'", "_structure = 'pot-limit'"]);
    IPOKER.holds(
        "stud_hilo.xml",
        &["variant = 'F7S/8'", "bring_in = 0.05", "small_bet = 0.10", "big_bet = 0.20"],
    );
    IPOKER.holds(
        "tournament_antes.xml",
        &["_tournament_id = \"7700123\"", "antes = [25, 25, 25, 25]", "_buy_in = \"$10+$1\""],
    );
    IPOKER.holds("cash_decimal_commas_latin1.txt", &["Jürgen_W", "1204.60", "currency = \"EUR\""]);
}

#[test]
fn each_session_of_a_file_gives_its_games_its_table_and_stakes() {
    let text = std::fs::read(IPOKER.path("several_sessions.xml")).unwrap();
    let games = convert_as(IPOKER.format(), &text);
    assert_eq!(games.len(), 2);
    let want = [
        ("900800801", "table = \"Aurora, 300801\"", "min_bet = 0.02", ["2.01", "1.99"]),
        ("900800802", "table = \"Borealis, 300802\"", "min_bet = 0.05", ["1.94", "5.05"]),
    ];
    for (hand, (number, table, stake, stacks)) in games.iter().zip(want) {
        assert_eq!(hand.number.as_deref(), Some(number));
        assert!(hand.phh.contains(table) && hand.phh.contains(stake), "{}", hand.phh);
        let r = replay_text(&hand.phh, "t", true).remove(0);
        assert!(r.ok() && r.checked && r.mismatches.is_empty(), "{r:?}");
        let record = hands(&hand.phh).next().unwrap().unwrap().record.unwrap();
        let want: Vec<Amount> = stacks.iter().map(|s| amount(s)).collect();
        assert_eq!(record.finishing_stacks.unwrap(), want);
    }
}

/// A broken sample is reported at the line that is wrong: iPoker writes no pot nor rake, so
/// the rake is what was put in less what was paid (`win`, the uncalled bet taken out), held
/// to what a card room takes.
#[test]
fn a_sample_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 2] = [
        // Marlow's `win` of 127, more than the main pot of 120: 127 + 39 of the 160 put in.
        (
            "broken_win_amount.xml",
            &[
                "line 10: `Total pot 160.00 | Rake 0.00` leaves 160.00 for the players, but the collected lines add up to 166.00",
                "line 14: p3 collected 127.00, more than the 120.00 the replay pays p3 before rake",
            ],
        ),
        // The main pot paid to quietfox, whose kings lose it to Marlow's aces.
        (
            "broken_pot_to_wrong_player.xml",
            &[
                "line 16: p2 collected 156.00, more than the 40.00 the replay pays p2 before rake",
                "line 10: the replay pays p3 120.00, but no line says p3 collected it",
            ],
        ),
    ];
    for (name, says) in cases {
        let r = IPOKER.replayed(name);
        assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
        assert_eq!(r.mismatches.len(), says.len(), "{name}: {:?}", r.mismatches);
        for want in says {
            assert!(
                r.mismatches.iter().any(|got| got.contains(want)),
                "{name}: {:?}",
                r.mismatches
            );
        }
    }
}

#[test]
fn an_illegal_action_and_a_broken_element_are_reported_at_their_lines() {
    let r = IPOKER.replayed("broken_illegal_action.xml");
    let Status::Illegal { number, reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert_eq!(*number, 3);
    assert!(
        reason.contains("below the minimum") && reason.contains("(line 26 of the text)"),
        "{reason}"
    );
    // The element not closed is reported where the parser finds it; the next game is read.
    let text = std::fs::read(IPOKER.path("unreadable/broken_malformed_element.xml")).unwrap();
    let hands = convert_as(IPOKER.format(), &text);
    let r = replay_text(&hands[0].phh, "t", true).remove(0);
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    let want = "line 25, column 7: the `<game>` element is not well-formed XML";
    assert!(reason.contains(want), "{reason}");
    let r = replay_text(&hands[1].phh, "t", true).remove(0);
    assert!(r.ok() && r.checked, "{r:?}");
}

#[test]
fn a_cut_off_game_an_unknown_action_and_a_partial_export_say_why() {
    let text = std::fs::read_to_string(IPOKER.path("cash_plo.xml")).unwrap();
    let replayed = |text: &str| {
        let phh = convert_as(IPOKER.format(), text.as_bytes()).remove(0).phh;
        replay_text(&phh, "t", true).remove(0)
    };
    let cut: String = text.lines().take(24).collect::<Vec<_>>().join("\n");
    let r = replayed(&cut);
    assert!(
        matches!(&r.status, Status::Incomplete(w) if w.contains("the text stops at line 24, before the game's end")),
        "{:?}",
        r.status
    );
    let odd = text.replace("type=\"4\"", "type=\"42\"");
    let r = replayed(&odd);
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(reason.contains("action type 42 is not one feltkit knows"), "{reason}");
    // Blinds only, no cards nor play: some exports write that much of each game.
    let head: String = text.lines().take(20).collect::<Vec<_>>().join("\n");
    let partial = format!("{head}\n    </round>\n  </game>\n</session>\n");
    let r = replayed(&partial);
    assert!(
        matches!(&r.status, Status::Unsupported(w) if w.contains("a partial export")),
        "{:?}",
        r.status
    );
}

#[test]
fn felt_replay_reads_ipoker_xml_by_its_content_and_with_format_ipoker() {
    let plo = "[1] hand 900400404 (plo): legal, results match";
    felt_says(&["replay", "--check", &IPOKER.path("cash_plo.xml")], None, 0, &[plo]);
    let text = std::fs::read(IPOKER.path("cash_fixed_limit.xml")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "ipoker", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like iPoker hand-history XML; --format ipoker reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text), 2, &[hint]);
    // A directory's `.xml` and `.txt` files that start as iPoker XML are read.
    let dir = format!("{}/tests/data/ipoker", env!("CARGO_MANIFEST_DIR"));
    felt_says(&["replay", &dir], None, 2, &["14 hands in 12 files: 12 legal"]);
}

#[test]
fn a_converted_sample_replays_and_checks_as_the_sample_does() {
    assert!(converted_texts_replay_as_the_texts("ipoker") >= 11);
}

/// The real iPoker hand histories a user can point this at (not part of the repository):
/// the hands `expected.json` counts must replay, pass `--check` and end with the site's
/// stacks; every other hand's report is printed.
/// `FELTKIT_IPOKER_DIR=... cargo test --release --test suite real_ipoker -- --ignored --nocapture`.
#[test]
#[ignore]
fn real_ipoker_hands_replay_to_the_sites_stacks() {
    let Some(real) = RealHands::of("FELTKIT_IPOKER_DIR", IPOKER.format()) else { return };
    assert!(real.counted > 0 && real.matched * 100 >= real.counted * 99, "{real:?}");
}
