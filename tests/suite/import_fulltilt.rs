//! Full Tilt Poker hand-history text: each hand-written text in `tests/data/fulltilt` replays
//! to the stacks worked out by hand below, the site's accounting (what each player won, the
//! total pot and the rake) is checked line by line, a UTF-16 text reads as its UTF-8 twin, and
//! `felt replay` and `felt convert` read the texts by their content or with `--format
//! fulltilt`.

use crate::common::{converted_texts_replay_as_the_texts, felt, felt_says, RealHands, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::{replay_text, Status};

const FTP: SiteSamples = SiteSamples { folder: "fulltilt", format: "fulltilt" };

/// Each good text, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the button) worked out by hand from its lines.
const GOOD: [(&str, &[&str]); 7] = [
    // Button seat 4: p1 is Ansel. Ansel all in for 40, called by Corwin and Dagny, Brita's big
    // blind dead in it: main pot 3 x 40 + 1 = 121, less the rake of 3: 118 to Ansel's aces.
    // Flop 20 each, turn Corwin 40 and Dagny 15 all in (25 back to Corwin): a side pot of
    // 2 x 35 = 70 to Dagny's kings over Corwin's queens. Corwin: 100 - 75.
    ("cash_nl_side_pot.txt", &["118", "99", "25", "70"]),
    // Chat, an observer, the clock, chips added for the next hand and a seat sitting out (not
    // dealt in), under the older `FullTiltPoker Game #` header. 0.05 + 2 x (0.35 + 0.50 + 1)
    // = 3.75, less 0.20: 3.55 to Gisli's nines. Gisli: 8 - 1.85 + 3.55.
    ("chat_and_observers.txt", &["9.95", "10.55", "9.70"]),
    // Antes 3 x 10, blinds 50/100; Kaja all in for 890 after the ante, Ivo calls: 30 + 50 +
    // 2 x 890 = 1,860 to Kaja's kings, no rake.
    ("tournament_antes.txt", &["1940", "1860", "600"]),
    // 0.25 + 2 x 1.75 + 2 x 2.50 = 8.75, less 0.40; Nell's turn bet of 5 is not called.
    // Nell: 40 - 4.25 + 8.35.
    ("cash_plo.txt", &["49.75", "55.75", "44.10"]),
    // Bets of 1/2 on blinds of 0.50/1: 3 x 2 + 2 x 2 + 2 x 2 = 14, less 0.70, to Oda's queens.
    ("cash_fixed_limit.txt", &["23", "14", "37.30"]),
    // 3 x 0.10 + 3 x 0.30 = 1.20, less 0.06: halves of 0.57. Tor's three kings win high,
    // Sigrun's 8-5-3-2-A beats Ulla's 8-6-5-4-2 for low.
    ("cash_omaha_hilo.txt", &["10.17", "10.17", "9.60"]),
    // The PLO text saved as UTF-16 (little-endian, with its byte-order mark, CRLF).
    ("utf16_cash_plo.txt", &["49.75", "55.75", "44.10"]),
];

/// The stud, razz and draw texts, and their stacks after rake worked out by hand (p1 first:
/// the lowest seat in stud, the first seat after the button in the draw games).
const STUD_AND_DRAW: [(&str, &[&str]); 8] = [
    // Antes 4 x 0.50, Bodil's bring-in 1, Dagny completes to 2, Arvid calls: 2 + 1 + 4 = 7.
    // Fourth 2 x 2, fifth 2 x 8, sixth and seventh 2 x 4 each: 43, less 2 of rake, 41 to
    // Arvid's kings up. Arvid: 50 - 0.50 - 20 + 41; Dagny: 45 - 0.50 - 20.
    ("cash_stud.txt", &["70.50", "38.50", "59.50", "24.50"]),
    // Antes 3 x 0.20, Eira's bring-in 0.25 completed to 1 by Frode and called: 3.60. Fourth
    // 3 x 1, fifth 3 x 4, sixth and seventh 2 x 2 each (Gry folds on sixth): 26.60, less 1.20:
    // halves of 12.70, Frode's three kings high, Eira's 8-4-3-2-A low. Gry: 25 - 6.20.
    ("cash_stud_hilo.txt", &["32.50", "42.50", "18.80"]),
    // Antes 3 x 0.05, Hege's bring-in 0.15 (the king, razz's highest card), 0.50 each from
    // Ivar and Jorunn, 0.50 each on fourth: 2.30; Jorunn's fifth-street bet of 1 is not
    // called. 2.30 less 0.10 to Jorunn: 15 - 1 + 2.20.
    ("cash_razz.txt", &["9.80", "10.95", "16.15"]),
    // Blinds 0.25/0.50, Mette raises to 1.50, Lars calls; after the draw 2 bets of 2: 7.25,
    // less 0.35, 6.90 to Mette's 7-5-4-3-2. Lars: 30 - 3.50.
    ("cash_single_draw.txt", &["19.75", "26.50", "28.40"]),
    // Heads-up: Nils (button, small blind) raises to 2, Olga calls; 1, 2 and 4 after the
    // three draws: 2 x 9 = 18, less 0.90, 17.10 to Nils's 7-6-4-3-2. Olga is p1.
    ("cash_triple_draw.txt", &["26", "48.10"]),
    // Blinds 0.25/0.50, Rolf raises to 1, Quinn calls: 2.25; 0.50 each after the first draw,
    // 2 each after the second: 7.25; Rolf's last bet of 1 is not called. 7.25 less 0.35 to
    // Rolf: 22 - 3.50 + 6.90. Quinn: 18 - 3.50.
    ("cash_badugi.txt", &["19.75", "14.50", "25.40"]),
    // Tora comes in under the gun with a dead small blind of 0.50 and a live 1, then raises to
    // 2 (1 more) in turn; Sven calls: 0.50 + 0.50 + 2 + 2 = 5. Nothing after the first draw,
    // 4 each after the second, 2 each after the third: 17, less 0.85, 16.15 to Tora's
    // 7-5-4-3-2. Tora: 25 - 0.50 - 8 + 16.15; Sven: 30 - 8.
    ("cash_triple_draw_newcomer_post.txt", &["34.50", "22", "32.65", "40"]),
    // Yngve is all in on an ante of 4 of the 5: 1 of Wenche's comes back, the pot is 8, and
    // Wenche's 7-6-4-3-A beats Yngve's J-T-9-3-2 with no betting: 500 - 4 + 8.
    ("tournament_razz_all_in_on_the_ante.txt", &["504", "0"]),
];

#[test]
fn each_text_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD.iter().chain(&STUD_AND_DRAW) {
        FTP.ends_at(name, stacks);
    }
}

#[test]
fn stud_deals_up_cards_by_street_and_the_seventh_face_down() {
    FTP.holds(
        "cash_stud.txt",
        &[
            "variant = 'stud7'",
            "antes = [0.50, 0.50, 0.50, 0.50]",
            "bring_in = 1.00",
            "small_bet = 2.00",
            "big_bet = 4.00",
            "players = ['Arvid', 'Bodil', 'Cato', 'Dagny']",
            "'d dh p1 4s4dKd'",
            "'d dh p2 ????2c'",
            "'p2 pb'",
            "'p4 cbr 2.00'",
            "'d dh p4 Qh'",
            // Seventh street: Arvid's card is shown to Arvid alone, Dagny's to nobody.
            "'d dh p1 2h'",
            "'d dh p4 ??'",
            "'p4 sm JcTcQsQh3d6s8c'",
        ],
    );
    FTP.holds("cash_stud_hilo.txt", &["variant = 'F7S/8'", "'p1 pb'", "'p2 cbr 1.00'"]);
    FTP.holds("cash_razz.txt", &["variant = 'FR'", "bring_in = 0.15", "'p1 pb'"]);
    // The part of an ante returned to the player whose ante an all-in player cannot match was
    // never in the pot.
    FTP.holds("tournament_razz_all_in_on_the_ante.txt", &["antes = [4, 4]"]);
}

#[test]
fn the_draws_discard_and_deal_the_cards_each_player_is_shown_to_draw() {
    FTP.holds(
        "cash_single_draw.txt",
        &[
            "variant = 'N2L1D'",
            "min_bet = 0.50",
            "'d dh p2 ??????????'",
            "'p2 sd ????'",
            "'p3 sd Kd'",
            "'d dh p2 ????'",
            "'d dh p3 2c'",
        ],
    );
    // Heads-up, the button posts the small blind and is p2; standing pat discards nothing.
    FTP.holds(
        "cash_triple_draw.txt",
        &[
            "variant = 'F2L3D'",
            "players = ['Olga', 'Nils']",
            "blinds_or_straddles = [0.50, 1.00]",
            "'p1 sd Qc'",
            "'p1 sd'",
        ],
    );
    FTP.holds("cash_badugi.txt", &["variant = 'FB'", "'d dh p3 Ac3d5hKh'", "'p3 sd'"]);
    // A big blind posted to come in is written negative: it does not move who acts first.
    FTP.holds(
        "cash_triple_draw_newcomer_post.txt",
        &[
            "blinds_or_straddles = [0.50, 1.00, -1.00, 0.00]",
            "_dead_blinds = [0.00, 0.00, 0.50, 0.00]",
        ],
    );
}

#[test]
fn the_hands_name_their_games_tables_and_tournaments() {
    FTP.holds(
        "cash_nl_side_pot.txt",
        &[
            "variant = 'nlhe'",
            "venue = \"Full Tilt Poker\"",
            "hand = 90000000101",
            "currency = \"USD\"",
        ],
    );
    FTP.holds("cash_fixed_limit.txt", &["variant = 'flhe'", "small_bet = 1", "big_bet = 2"]);
    FTP.holds("cash_plo.txt", &["variant = 'plo'", "table = \"Hardanger\""]);
    FTP.holds("cash_omaha_hilo.txt", &["variant = 'flo8'", "_structure = 'pot-limit'"]);
    FTP.holds(
        "tournament_antes.txt",
        &["_tournament_id = \"123456789\"", "antes = [10, 10, 10]", "year = 2012"],
    );
    // The seat sitting out is not dealt in.
    FTP.holds("chat_and_observers.txt", &["players = ['Eldon', 'Fenna', 'Gisli']"]);
}

#[test]
fn a_utf16_text_reads_as_its_utf8_twin() {
    let plain = std::fs::read(FTP.path("cash_plo.txt")).unwrap();
    let wide = std::fs::read(FTP.path("utf16_cash_plo.txt")).unwrap();
    assert!(wide.starts_with(&[0xff, 0xfe]));
    assert_eq!(feltkit::import::sniff(&wide), Some(FTP.format()));
    assert_eq!(convert_as(FTP.format(), &wide), convert_as(FTP.format(), &plain));
    // Big-endian too, by its own mark.
    let text = String::from_utf8(plain.clone()).unwrap();
    let mut big = vec![0xfe, 0xff];
    big.extend(text.encode_utf16().flat_map(u16::to_be_bytes));
    assert_eq!(convert_as(FTP.format(), &big), convert_as(FTP.format(), &plain));
    // Read as any other format's text, by its content.
    let plo = "[1] hand 90000000404 (plo): legal, results match";
    felt_says(&["replay", "--check", "-"], Some(big), 0, &[plo]);
}

/// A broken text is reported by `--check` at the line that is wrong.
#[test]
fn a_text_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 3] = [
        // 8.85 + 0.40 of rake is more than the 8.75 put in.
        (
            "broken_collected_amount.txt",
            &[
                "line 24: `Total pot 8.75 | Rake 0.40` leaves 8.35 for the players, but the collected lines add up to 8.85",
                "line 22: p3 collected 8.85 from pot, but the replay pays p3 8.35 from the pot (8.75 less 0.40 of rake)",
            ],
        ),
        // Razz: 2.30 collected, the whole pot, where the summary takes 0.10 of rake from it.
        (
            "broken_razz_collected_amount.txt",
            &[
                "line 31: `Total pot 2.30 | Rake 0.10` leaves 2.20 for the players, but the collected lines add up to 2.30",
                "line 29: p3 collected 2.30 from pot, but the replay pays p3 2.20 from the pot (2.30 less 0.10 of rake)",
            ],
        ),
        // The side pot paid to Corwin, whose queens lose it to Dagny's kings.
        (
            "broken_pot_to_wrong_player.txt",
            &[
                "line 27: p3 collected 70.00, but the replay awards p3 no pot",
                "line 31: the replay pays p4 70.00, but no line says p4 collected it",
            ],
        ),
    ];
    for (name, says) in cases {
        let r = FTP.replayed(name);
        assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
        assert_eq!(r.mismatches.len(), says.len(), "{name}: {:?}", r.mismatches);
        for (got, want) in r.mismatches.iter().zip(says) {
            assert!(got.contains(want), "{name}: {got}");
        }
    }
}

/// The malformed text sits in a folder of its own: `felt convert` refuses it, where the
/// round trip of the folder's texts needs every one converted.
#[test]
fn an_unknown_action_a_cut_off_hand_and_a_game_not_read_are_reported_at_their_lines() {
    let r = FTP.replayed("malformed/unknown_action.txt");
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    let want = "line 22: expected an action after `Fenna` (posts, antes, folds, checks, calls, bets, raises to, shows, mucks, wins), not `juggles $0.50`";
    assert_eq!(reason, want);
    let text = std::fs::read_to_string(FTP.path("cash_plo.txt")).unwrap();
    let cut: String = text.lines().take(14).collect::<Vec<_>>().join("\n");
    let phh = convert_as(FTP.format(), cut.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
    let draw = text.replace("Pot Limit Omaha Hi", "Limit 5 Card Draw");
    let phh = convert_as(FTP.format(), draw.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(
        why.starts_with(
            "line 1: Limit 5 Card Draw: feltkit plays seven-card stud, stud high-low and razz"
        ),
        "{why}"
    );
    let pot_limit = std::fs::read_to_string(FTP.path("cash_razz.txt")).unwrap();
    let pot_limit = pot_limit.replace("Limit Razz", "Pot Limit Razz");
    let phh = convert_as(FTP.format(), pot_limit.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert_eq!(
        why,
        "line 1: Pot Limit Razz: feltkit plays this game fixed limit only, not pot limit"
    );
}

/// A stud line that is no action the reader knows, and a draw discarding cards it does not
/// count, are reported at their lines.
#[test]
fn a_stud_or_draw_line_not_understood_is_reported_at_its_line() {
    let stud = std::fs::read_to_string(FTP.path("cash_stud.txt")).unwrap();
    let stud = stud.replace("Cato folds", "Cato juggles");
    let phh = convert_as(FTP.format(), stud.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(
        reason.starts_with("line 17: expected an action after `Cato` (antes, posts, brings in for"),
        "{reason}"
    );
    assert!(reason.ends_with("not `juggles`"), "{reason}");
    let draw = std::fs::read_to_string(FTP.path("cash_badugi.txt")).unwrap();
    let draw = draw.replace("Quinn discards 2 cards", "Quinn discards two cards");
    let phh = convert_as(FTP.format(), draw.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert_eq!(
        reason,
        "line 14: expected `discards N cards` (N at most 7), not `Quinn discards two cards`"
    );
    // A count no game deals is refused at its line, not made into that many cards.
    let text = std::fs::read_to_string(FTP.path("cash_badugi.txt")).unwrap();
    for (from, to) in [
        ("Quinn discards 2 cards", "Quinn discards 99999999999 cards"),
        ("Quinn discards 2 cards", "Quinn is dealt 4000000000 cards"),
    ] {
        let phh = convert_as(FTP.format(), text.replace(from, to).as_bytes()).remove(0).phh;
        let r = replay_text(&phh, "t", true).remove(0);
        let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
        assert!(
            reason.starts_with("line 14: expected `") && reason.contains("(N at most 7)"),
            "{reason}"
        );
    }
}

#[test]
fn felt_replay_reads_full_tilt_text_by_its_content_and_with_format_fulltilt() {
    let plo = "[1] hand 90000000404 (plo): legal, results match";
    felt_says(&["replay", "--check", &FTP.path("cash_plo.txt")], None, 0, &[plo]);
    let text = std::fs::read(FTP.path("cash_fixed_limit.txt")).unwrap();
    for name in ["fulltilt", "full-tilt", "ftp"] {
        let stdin = Some(text.clone());
        felt_says(&["replay", "--check", "--format", name, "-"], stdin, 0, &["<stdin> [1]"]);
    }
    let hint = "the text looks like Full Tilt Poker hand-history text; --format fulltilt reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text), 2, &[hint]);
}

#[test]
fn a_converted_text_replays_and_checks_as_the_text_does() {
    assert!(converted_texts_replay_as_the_texts("fulltilt") >= 18);
}

/// `felt convert --to pokerstars` writes each good text as PokerStars text that replays and
/// checks to the same stacks.
#[test]
fn each_text_written_as_pokerstars_replays_to_the_same_stacks() {
    for (name, _) in GOOD {
        let out = felt().args(["convert", "--to", "pokerstars", &FTP.path(name)]).output().unwrap();
        assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        let stars = String::from_utf8(out.stdout).unwrap();
        assert!(stars.starts_with("PokerStars Hand #"), "{name}: {stars}");
        let ours = replay_text(&FTP.phh(name), name, true).remove(0);
        let again = convert_as(feltkit::import::Format::PokerStars, stars.as_bytes()).remove(0);
        let back = replay_text(&again.phh, name, true).remove(0);
        assert!(
            back.ok() && back.checked,
            "{name}: {:?} {:?}\n{stars}",
            back.status,
            back.mismatches
        );
        let stacks = |phh: &str| {
            let r = feltkit::phh::read::hands(phh).next().unwrap().unwrap().record.unwrap();
            r.finishing_stacks.unwrap()
        };
        assert!(ours.ok(), "{name}");
        assert_eq!(stacks(&again.phh), stacks(&FTP.phh(name)), "{name}");
    }
}

/// The real Full Tilt hand histories a user can point this at (not part of the repository):
/// the hands `expected.json` counts must replay, pass `--check` and end with the site's stacks,
/// or be refused for a game feltkit does not play (five-card stud and draw, Courchevel, Irish,
/// capped no limit without its cap); every other hand's report is printed.
/// `FELTKIT_FULLTILT_DIR=... cargo test --release --test suite real_fulltilt -- --ignored --nocapture`.
#[test]
#[ignore]
fn real_fulltilt_hands_replay_to_the_sites_stacks() {
    let format = feltkit::import::Format::named("fulltilt").unwrap();
    let Some(real) = RealHands::of("FELTKIT_FULLTILT_DIR", format) else { return };
    for (place, why) in &real.refused {
        eprintln!("refused: {place}: {why}");
    }
    for f in &real.failures {
        eprintln!("failed: {f}");
    }
    eprintln!(
        "counted {}, matched {}, refused {}, failed {}",
        real.counted,
        real.matched,
        real.refused.len(),
        real.failures.len()
    );
    let read = real.counted - real.refused.len();
    assert!(real.matched * 100 >= read * 99, "{real:?}");
}
