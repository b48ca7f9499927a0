//! Merge Network hand-history XML: each hand-written text in `tests/data/merge` replays to the
//! stacks worked out by hand below, the site's own accounting (each winner's amount, the
//! uncalled bet handed back, each seat's finishing stack) is checked at its line, the games
//! not played are refused with the reason, and `felt replay` and `felt convert` read the texts
//! by their content or with `--format merge`.

use crate::common::{converted_texts_replay_as_the_texts, felt_says, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::{replay_text, Status};

const MERGE: SiteSamples = SiteSamples { folder: "merge", format: "merge" };

/// Each good text, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the button) worked out by hand from its lines.
const GOOD: [(&str, &[&str]); 7] = [
    // Button seat 3; p1 is Mossbank (small blind 0.50, folds). Tilda raises to 3, Brisket
    // calls, Rowan is all in for 40, Tilda for 100, Brisket calls all in for 75.50: Tilda's
    // last 24.50 comes back. Main pot 3 x 40 + 0.50 = 120.50, less 3 of rake, to Rowan's
    // aces; side pot 2 x 35.50 = 71 to Brisket's kings over Tilda's queens.
    ("cash_nl_side_pot.xml", &["119.50", "117.50", "24.50", "71"]),
    // Antes 3 x 10, blinds 50/100 (the game's own stakes, not the description's 40/80); the
    // balances are before them (version 2.1). Okra is all in for 1,500 in all, Juniper calls:
    // 2 x 1,500 + 110 = 3,110 to Juniper's tens and twos, no rake.
    ("tournament_antes.xml", &["0", "2890", "5810"]),
    // An older tournament text: balances after the blinds, so Ferro has 1,400 + 100 and
    // Hazel 1,450 + 50. Both all in for 1,500: 3,000 to Ferro's full house.
    ("tournament_old_balances.txt", &["3000", "0"]),
    // Quill posts 0.75 (0.50 live, 0.25 dead), raises the pot to 2, Dagny and Sorrel call:
    // 0.25 + 0.25 + 4 x 2 = 6.50 less 0.30 of rake; his flop bet of 4 comes back inside the
    // winner's 10.20. Quill: 50 - 6.25 + 10.20.
    ("cash_plo.xml", &["39.75", "28", "53.95", "58"]),
    // 3 x 1 + 2 x 1 + 2 x 2 = 9, less 0.40: halves of 4.30, Tolliver's three kings high and
    // Wren's 7-4-3-2-A low. Wren: 30 - 4 + 4.30.
    ("omaha_hilo.xml", &["30.30", "25.30", "39"]),
    // Before 8 September 2010 a raise's amount is what it adds: Larkin 1 + 5, Pike 2 + 16,
    // Larkin calls 12: 36, less 1; Pike's flop bet of 20 comes back inside his 55.
    ("raise_adds_2010.xml", &["167", "182"]),
    // Bets of 2/4; Cobb's new player's blind of 2 is live and he checks. 1 + 3 x 4 + 2 x 2 + 2
    // x 4 = 25, less 1, to Vesna's queens. Vesna: 60 - 10 + 24.
    ("fixed_limit.xml", &["44", "46", "70", "74"]),
];

#[test]
fn each_text_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD {
        MERGE.ends_at(name, stacks);
    }
}

/// Each stud and draw text, and its stacks after rake worked out by hand (p1 first: the first
/// seat in stud, the first seat after the button in the draw games).
const STUD_AND_DRAW: [(&str, &[&str]); 6] = [
    // Antes 3 x 0.05; Marten's 3c brings in for 0.10, Tavish calls, Odile completes to 0.50 and
    // both call: 1.65. Odile's kings bet 0.50 on fourth street (Marten folds), 1 on fifth, 1
    // raised to 2 by Tavish on sixth: 8.65. Odile folds to Tavish's seventh-street bet, which
    // comes back (marked uncalled); Tavish is paid 8.25, 0.40 of rake. Tavish: 8 - 4.05 + 8.25.
    ("seven_card_stud.xml", &["5.95", "11.45", "12.20"]),
    // An older tournament text: balances after the antes of 10, so each stack is 10 more.
    // Brisk's king brings in for 20, Hollin completes to 50, Quince folds, Brisk calls; then 50,
    // 100, 100, 100 each: 30 + 2 x 400 = 830 to Hollin's 6-5-3-2-A, no rake.
    ("razz.xml", &["1090", "1420", "2990"]),
    // Antes 3 x 0.02, Ames brings in for 0.05, Wren folds, Kettering completes to 0.25; then
    // 0.25, 0.50, 0.50, 0.50 each: 0.06 + 2 x 2 = 4.06, less 0.20, halves of 1.93 to Ames's
    // kings and jacks and Kettering's 7-5-4-3-A. Kettering: 9 - 2.02 + 1.93.
    ("stud_hilo.xml", &["5.98", "8.91", "4.91"]),
    // Button seat 0 (Perrin); Gisla's small blind 0.50 folds. Perrin and Thessaly put in 2, 1,
    // 4 and 2: 18.50, less 0.90, to Perrin's 8-6-5-4-3 over Thessaly's 8-7-4-3-2.
    ("triple_draw.xml", &["34.50", "41", "48.60"]),
    // Corvina on the button posts 0.05 and raises to 0.20; 0.10 and 0.40 each after: 1.40,
    // less 0.07. Lusk folds to the last bet of 0.20, paid back inside Corvina's 1.53.
    ("badugi.xml", &["7.30", "10.63"]),
    // Two players raise five times after the first draw: 2 + 2 x 5 = 12, less 0.60; Barnaby's
    // last bet of 2 comes back inside his 13.40.
    ("triple_draw_heads_up.xml", &["30.40", "24"]),
];

#[test]
fn stud_razz_triple_draw_and_badugi_replay_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in STUD_AND_DRAW {
        MERGE.ends_at(name, stacks);
    }
    MERGE.holds(
        "seven_card_stud.xml",
        &["variant = 'stud7'", "bring_in = 0.10", "small_bet = 0.50", "big_bet = 1.00"],
    );
    // A tournament writes no stakes: the completion is the small bet, fifth street's the big.
    MERGE.holds(
        "razz.xml",
        &["variant = 'FR'", "small_bet = 50.00", "big_bet = 100.00", "_tournament = true"],
    );
    MERGE.holds("stud_hilo.xml", &["variant = 'F7S/8'", "antes = [0.02, 0.02, 0.02]"]);
    MERGE.holds(
        "triple_draw.xml",
        &["variant = 'F2L3D'", "seats = [2, 5, 1]", "'p2 sd KsKd'", "'d dh p2 7s9c'"],
    );
    MERGE.holds("badugi.xml", &["variant = 'FB'", "'p1 sd ??'", "'d dh p1 ??'", "'p2 sd'"]);
    // Heads-up at a cash table Merge sets no cap on raises.
    MERGE.holds("triple_draw_heads_up.xml", &["_cap = 0"]);
    assert!(!MERGE.phh("triple_draw.xml").contains("_cap"), "a table of three keeps the cap");
}

#[test]
fn the_hands_name_their_games_tables_and_tournaments() {
    MERGE.holds(
        "cash_nl_side_pot.xml",
        &[
            "variant = 'nlhe'",
            "venue = \"Merge\"",
            "hand = \"90000001-11\"",
            "table = \"Harbor Lane (90000001)\"",
            "seats = [6, 1, 3, 4]",
            "min_bet = 1.00",
        ],
    );
    MERGE.holds("fixed_limit.xml", &["variant = 'flhe'", "small_bet = 2.00", "big_bet = 4.00"]);
    MERGE.holds(
        "cash_plo.xml",
        &["variant = 'plo'", "blinds_or_straddles = [0.25, 0.50, 0.50, 0.00]"],
    );
    MERGE.holds("omaha_hilo.xml", &["variant = 'flo8'"]);
    MERGE.holds(
        "tournament_antes.xml",
        &["_tournament_id = \"81000001-1\"", "antes = [10.00, 10.00, 10.00]", "min_bet = 100.00"],
    );
}

/// A broken text is reported by `--check` at the line that is wrong.
#[test]
fn a_text_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 5] = [
        // Rowan is said to win 122.50 of a main pot of 120.50.
        (
            "broken_winner.xml",
            &[
                "line 40: `Total pot 191.50 | Rake 0.00` leaves 191.50 for the players, but the collected lines add up to 193.50",
                "line 41: p2 collected 122.50, more than the 120.50 the replay pays p2 before rake",
            ],
        ),
        // The side pot is paid to Tilda, whose queens lose it to Brisket's kings.
        (
            "broken_wrong_player.xml",
            &[
                "line 42: p3 collected 71.00, but the replay awards p3 no pot",
                "the replay pays p4 71.00, but no line says p4 collected it",
            ],
        ),
        // Tilda is said to get 26.50 back, where 24.50 of her bet was not called.
        (
            "broken_uncalled.xml",
            &[
                "line 40: uncalled bet of 26.50 returned to p3, but the replay returns 24.50",
                "line 5: p3 ends the hand with 26.50 by the text",
            ],
        ),
        // The pot is paid to Thessaly, whose 8-7 loses it to Perrin's 8-6.
        (
            "broken_draw_wrong_player.xml",
            &[
                "line 56: p2 collected 17.60 from pot, but the replay awards the pot to p3",
                "line 56: the replay pays p3 17.60 from the pot, but no line says p3 collected it",
            ],
        ),
        // Kettering's low half is said to be 2.33 of a pot of 4.06: more than the pot's half.
        (
            "broken_stud_winner.xml",
            &[
                "line 57: `Total pot 4.06 | Rake 0.00` leaves 4.06 for the players, but the collected lines add up to 4.26",
                "line 58: p2 collected 2.33 from pot, but the replay pays p2 2.03",
            ],
        ),
    ];
    for (name, says) in cases {
        let r = MERGE.replayed(name);
        assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
        let all = r.mismatches.join("\n");
        for want in says {
            assert!(all.contains(want), "{name}: {want} in\n{all}");
        }
    }
}

#[test]
fn a_malformed_text_says_where_and_why() {
    let r = MERGE.replayed("malformed_seat.log");
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(reason.contains("line 16: seat 7 has no `<player>` in the game"), "{reason}");
    let text = std::fs::read_to_string(MERGE.path("fixed_limit.xml")).unwrap();
    let cases = [
        ("amount=\"4.00\"/>", "amount=\"4.0.0\"/>", "line 16: `amount=\"4.0.0\"` is not an amount"),
        (
            "cards=\"Jd,8s,3c\"",
            "cards=\"Jd,8s,3x\"",
            "line 26: `cards=\"Jd,8s,3x\"` is not a list of cards",
        ),
        (
            "type=\"CHECK\" timestamp=\"1338275240000\"",
            "type=\"DANCE\" timestamp=\"1338275240000\"",
            "line 15: `DANCE` is not an event feltkit knows",
        ),
        (
            "cards=\"Jd,8s,3c,Qh\"",
            "cards=\"Jd,8s,4c,Qh\"",
            "line 32: the board does not carry on the board dealt before",
        ),
        ("<player seat=\"4\"", "<player seat=\"four\"", "line 7: `<player>` has no seat number"),
        (
            "</players>",
            "</players",
            "line 9, column 2: the `<game>` element is not well-formed XML",
        ),
    ];
    for (from, to, says) in cases {
        let odd = text.replacen(from, to, 1);
        let phh = convert_as(MERGE.format(), odd.as_bytes()).remove(0).phh;
        let r = replay_text(&phh, "t", true).remove(0);
        let Status::Malformed { reason, .. } = &r.status else { panic!("{to}: {:?}", r.status) };
        assert!(reason.contains(says), "{to}: {reason}");
    }
    let cut: String = text.lines().take(20).collect::<Vec<_>>().join("\n");
    let phh = convert_as(MERGE.format(), cut.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
}

#[test]
fn games_not_played_and_cancelled_games_are_refused_with_the_reason() {
    let r = MERGE.replayed("cancelled.xml");
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    let says = "not supported: line 2: the site cancelled the game before any play";
    assert!(why.starts_with(says), "{why}");
    assert_eq!(r.hand.as_deref(), Some("56100002-130"));
    let draw = std::fs::read_to_string(MERGE.path("triple_draw.xml")).unwrap();
    let razz = std::fs::read_to_string(MERGE.path("razz.xml")).unwrap();
    let cases = [
        (&draw, "type=\"2-7 Lowball\"", "type=\"A-5 Lowball\"", "not supported: A-5 Lowball Limit $1/$2: feltkit plays deuce-to-seven triple draw and badugi, not this draw game"),
        (&draw, "stakes=\"Limit $1/$2\"", "stakes=\"Pot Limit ($0.50/$1)\"", "not supported: 2-7 Lowball Pot Limit ($0.50/$1): feltkit plays this game fixed limit only"),
        (&razz, "multigametype=\"49\"", "multigametype=\"47\"", "not supported: HORSE Tournament Limit: the mix's seven-card hand has `multigametype` \"47\", a game Merge's texts have not shown"),
    ];
    for (text, from, to, says) in cases {
        let odd = text.replacen(from, to, 1);
        assert_ne!(&odd, text, "{from}");
        let phh = convert_as(MERGE.format(), odd.as_bytes()).remove(0).phh;
        let r = replay_text(&phh, "t", true).remove(0);
        let Status::Unsupported(why) = &r.status else { panic!("{to}: {:?}", r.status) };
        assert!(why.starts_with(says), "{to}: {why}");
    }
}

#[test]
fn a_stud_or_draw_text_that_contradicts_itself_says_where_and_why() {
    let draw = std::fs::read_to_string(MERGE.path("triple_draw.xml")).unwrap();
    let stud = std::fs::read_to_string(MERGE.path("stud_hilo.xml")).unwrap();
    let cases = [
        (&draw, "player=\"4\" text=\"2\"", "player=\"4\" text=\"3\"", "line 22: Thessaly's cards after the draw change 2 of the cards before, but the draw (line 20) changes 3"),
        (&draw, "player=\"4\" text=\"2\"", "player=\"4\" text=\"two\"", "line 20: the draw's `text=\"two\"` is not a number of cards"),
        (&stud, "cards=\"null,null,2c,Kh,Kd\"", "cards=\"null,null,3c,Kh,Kd\"", "line 35: Ames's cards do not carry on the cards written before"),
        (&stud, "cards=\"null,null,2c,Kh,Kd\"", "cards=\"null,null,2c,Kh\"", "line 35: Ames has 4 cards written, not the 5 the street deals"),
        (&stud, "round id=\"FIFTH_STREET\"", "round id=\"POSTFLOP\"", "line 32: `<round id=\"POSTFLOP\">` is not a round of stud"),
    ];
    for (text, from, to, says) in cases {
        let odd = text.replacen(from, to, 1);
        assert_ne!(&odd, text, "{from}");
        let phh = convert_as(MERGE.format(), odd.as_bytes()).remove(0).phh;
        let r = replay_text(&phh, "t", true).remove(0);
        let Status::Malformed { reason, .. } = &r.status else { panic!("{to}: {:?}", r.status) };
        assert!(reason.contains(says), "{to}: {reason}");
    }
}

#[test]
fn a_file_of_many_games_is_cut_at_each_game_with_its_description() {
    let plo = std::fs::read_to_string(MERGE.path("cash_plo.xml")).unwrap();
    let limit = std::fs::read_to_string(MERGE.path("fixed_limit.xml")).unwrap();
    // The second game has no description of its own.
    let second = plo.replace("33800001-4", "33800001-5");
    let second = second.split_once('\n').unwrap().1;
    let text = format!("\u{feff}{plo}\n\n{second}{limit}");
    let hands = convert_as(MERGE.format(), text.as_bytes());
    let got: Vec<_> = hands.iter().map(|h| (h.number.as_deref(), h.line)).collect();
    assert_eq!(got, [(Some("33800001-4"), 2), (Some("33800001-5"), 37), (Some("56100001-9"), 71)]);
    for h in &hands {
        let r = replay_text(&h.phh, "t", true).remove(0);
        assert!(
            r.ok() && r.checked && r.mismatches.is_empty(),
            "{:?} {:?}",
            r.status,
            r.mismatches
        );
    }
    // The second game keeps the first's Omaha description.
    assert!(hands[1].phh.contains("variant = 'plo'"), "{}", hands[1].phh);
}

#[test]
fn felt_replay_reads_merge_xml_by_its_content_and_with_format_merge() {
    let hilo = "[1] hand 45500001-2 (flo8): legal, results match";
    felt_says(&["replay", "--check", &MERGE.path("omaha_hilo.xml")], None, 0, &[hilo]);
    let text = std::fs::read(MERGE.path("fixed_limit.xml")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "merge", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like Merge Network hand-history XML; --format merge reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text.clone()), 2, &[hint]);
    let stars = ["convert", "--to", "pokerstars", &MERGE.path("cash_nl_side_pot.xml")];
    felt_says(
        &stars,
        None,
        0,
        &[
            "Tilda_K: raises $60.00 to $100.00 and is all-in",
            "Brisket collected $71.00 from side pot",
        ],
    );
}

#[test]
fn a_converted_text_replays_and_checks_as_the_texts_do() {
    assert!(converted_texts_replay_as_the_texts("merge") >= 19);
}
