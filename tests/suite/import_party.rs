//! PartyPoker hand-history text: each hand-written text in `tests/data/partypoker` replays to
//! the stacks worked out by hand below, the site's accounting (what each player wins, with no
//! total pot or rake printed) is checked line by line, and `felt replay` and `felt convert`
//! read the texts by their content or with `--format partypoker`.

use crate::common::{converted_texts_replay_as_the_texts, felt, felt_says, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::{replay_text, Status};

const PARTY: SiteSamples = SiteSamples { folder: "partypoker", format: "partypoker" };

/// Each good text, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the button) worked out by hand from its lines.
const GOOD: [(&str, &[&str]); 6] = [
    // Button seat 1 (Wren_42): p1 is 7Kestrel. 7Kestrel is all in for 20, Olle.K for 45.50,
    // Wren_42 calls 45.50: main pot 3 x 20 = 60 (7Kestrel's aces), side pot 2 x 25.50 = 51
    // (Olle.K's kings over Wren_42's queen high). Party pays 57 and 48.50: a rake of 5.50 of
    // 111. Wren_42: 100 - 45.50.
    ("cash_nl_side_pot.txt", &["57", "48.50", "80", "54.50"]),
    // The title alone opens each hand; euros; a point after each action. Maren raises to
    // 0.30, ulla calls: 0.05 + 2 x 0.30 = 0.65; Maren's flop bet of 0.45 is not called and
    // Party counts it in the 1.07 Maren wins: 0.65 - 0.03 of rake + 0.45. Maren: 10 - 0.75
    // + 1.07.
    ("cash_title_only_two_hands.txt", &["8.35", "11.95", "10.32"]),
    // Antes 4 x 25; the blinds 100/200 are posted by the two seats after the button (Andra,
    // Bex), which the text does not write. noodle all in for 1,550 after the ante, Pim99
    // calls: 100 + 100 + 200 + 2 x 1,550 = 3,500 to noodle's queens, no rake.
    ("tournament_antes.txt", &["2995", "4075", "3500", "4425"]),
    // Lo Wei 3.50, Fenna and Tarik_S 12.50 before the flop, 25 each on it: 78.50. Fenna's
    // turn bet of 40 is not called and is in the 115.50 Fenna wins (78.50 - 3 + 40). Fenna:
    // 210 - 77.50 + 115.50.
    ("cash_plo.txt", &["156.50", "248", "57.50"]),
    // Bets of 2/4 on blinds of 1/2: 3 x 4 before the flop, 2 x 4 on it, 2 x 4 on the turn:
    // 28. Bram.D's river bet of 4 comes back inside the 31 Bram.D wins (28 - 1 + 4).
    // Bram.D: 150 - 16 + 31.
    ("cash_fixed_limit.txt", &["26", "48", "165"]),
    // 2 x 0.30 + 2 x 0.40 = 1.40, less 0.06: halves of 0.67. Velma's three queens win high;
    // duskrider's 8-6-4-3-2 beats Velma's 8-6-5-4-2 for low.
    ("cash_plo_hilo.txt", &["9.97", "8.97"]),
];

#[test]
fn each_text_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD {
        PARTY.ends_at(name, stacks);
    }
}

#[test]
fn the_second_hand_of_a_text_ends_at_its_own_stacks() {
    // ulla calls the small blind to 0.10, bets 0.20 on the turn, Maren calls: 0.60, less
    // 0.02. PHH order: ulla (seat 6), Maren (seat 2), Piet.V (seat 5).
    let text = std::fs::read(PARTY.path("cash_title_only_two_hands.txt")).unwrap();
    let hands = convert_as(PARTY.format(), &text);
    assert_eq!(hands.len(), 2);
    assert_eq!(hands[1].number.as_deref(), Some("900000202"));
    let r = replay_text(&hands[1].phh, "t", true).remove(0);
    assert!(r.ok() && r.checked, "{:?} {:?}", r.status, r.mismatches);
    let record = feltkit::phh::read::hands(&hands[1].phh).next().unwrap().unwrap().record.unwrap();
    let stacks: Vec<Option<i64>> =
        record.finishing_stacks.unwrap().iter().map(|a| a.to_units(2)).collect();
    assert_eq!(stacks, [Some(1223), Some(1002), Some(835)]);
}

#[test]
fn the_hands_name_their_games_tables_and_tournaments() {
    PARTY.holds(
        "cash_nl_side_pot.txt",
        &["variant = 'nlhe'", "venue = \"PartyPoker\"", "hand = 900000101", "7Kestrel"],
    );
    PARTY.holds("cash_fixed_limit.txt", &["variant = 'flhe'", "small_bet = 2", "big_bet = 4"]);
    PARTY.holds("cash_plo.txt", &["variant = 'plo'", "Lo Wei"]);
    PARTY.holds("cash_plo_hilo.txt", &["variant = 'flo8'"]);
    PARTY.holds(
        "tournament_antes.txt",
        &["_tournament_id = \"71000001\"", "antes = [25, 25, 25, 25]"],
    );
}

/// A broken text is reported by `--check` at the line that is wrong: Party prints no total
/// pot nor rake, so the rake is what was put in less what was won, held to what a card room
/// takes (nothing below zero, at most a tenth of the pot).
#[test]
fn a_text_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 3] = [
        // 40 + 48.50 of 111 leaves 22.50: more than a tenth (11.10).
        (
            "broken_won_amount.txt",
            &[
                "line 28: `Total pot 111.00 | Rake 11.10` leaves 99.90 for the players, but the collected lines add up to 88.50",
            ],
        ),
        // 70 + 48.50 of the 111 put in.
        (
            "broken_won_more_than_put_in.txt",
            &[
                "line 28: `Total pot 111.00 | Rake 0.00` leaves 111.00 for the players, but the collected lines add up to 118.50",
                "line 28: p1 collected 70.00, more than the 60.00 the replay pays p1 before rake",
            ],
        ),
        // The side pot paid to Wren_42, whose queen high loses it to Olle.K's kings.
        (
            "broken_pot_to_wrong_player.txt",
            &[
                "line 28: the replay pays p2 51.00, but no line says p2 collected it",
                "line 27: p4 collected 48.50, but the replay awards p4 no pot",
            ],
        ),
    ];
    for (name, says) in cases {
        let r = PARTY.replayed(name);
        assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
        assert_eq!(r.mismatches.len(), says.len(), "{name}: {:?}", r.mismatches);
        for (got, want) in r.mismatches.iter().zip(says) {
            let got = got.to_string();
            assert!(got.contains(want), "{name}: {got}");
        }
    }
}

#[test]
fn an_unknown_line_and_a_cut_off_hand_are_reported_at_their_lines() {
    let r = PARTY.replayed("malformed/unknown_action.txt");
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(reason.contains("line 16: expected an action after `Tamsin`"), "{reason}");
    assert!(reason.contains("not `dances`"), "{reason}");
    // The text stops before any `wins` line: cut off.
    let text = std::fs::read_to_string(PARTY.path("cash_plo.txt")).unwrap();
    let cut: String = text.lines().take(24).collect::<Vec<_>>().join("\n");
    let phh = convert_as(PARTY.format(), cut.as_bytes()).remove(0).phh;
    let r = replay_text(&phh, "t", true).remove(0);
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
}

#[test]
fn what_the_engine_does_not_play_is_refused_with_its_reason() {
    let text = std::fs::read_to_string(PARTY.path("cash_fixed_limit.txt")).unwrap();
    // A player coming in posts a small blind, live, and calls the rest of the big blind.
    let live = text.replace(
        "Ilse_M posts big blind [$2 USD].\n",
        "Ilse_M posts big blind [$2 USD].\nBram.D posts small blind [$1 USD].\n",
    );
    let stud = text.replace("FL Texas Hold'em", "7 Card Stud");
    for (t, why) in [
        (live, "line 12: `Bram.D posts small blind [$1 USD].`: a second small blind"),
        (stud, "line 3: 7 Card Stud: Party's stud texts show no cards dealt face up but the viewer's own"),
    ] {
        let phh = convert_as(PARTY.format(), t.as_bytes()).remove(0).phh;
        let r = replay_text(&phh, "t", true).remove(0);
        let Status::Unsupported(w) = &r.status else { panic!("{:?}", r.status) };
        assert!(w.contains(why), "{w}");
    }
}

#[test]
fn felt_replay_reads_party_text_by_its_content_and_with_format_partypoker() {
    let plo = "[1] hand 900000401 (plo): legal, results match";
    felt_says(&["replay", "--check", &PARTY.path("cash_plo.txt")], None, 0, &[plo]);
    let text = std::fs::read(PARTY.path("cash_fixed_limit.txt")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "party", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like PartyPoker hand-history text; --format partypoker reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text), 2, &[hint]);
    // 888's text, whose title names the site, is still 888's.
    let p888 = format!("{}/tests/data/888poker/cash_plo.txt", env!("CARGO_MANIFEST_DIR"));
    felt_says(&["replay", "--check", &p888], None, 0, &["(plo): legal, results match"]);
}

#[test]
fn a_converted_text_replays_and_checks_as_the_text_does() {
    assert!(converted_texts_replay_as_the_texts("partypoker") >= 9);
}

#[test]
fn felt_convert_to_pokerstars_writes_text_that_reads_back_to_the_same_stacks() {
    let dir = std::env::temp_dir().join(format!("felt-party-tostars-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out.txt");
    for (name, _) in GOOD {
        let run = felt()
            .args(["convert", "--to", "pokerstars", "-o", out.to_str().unwrap()])
            .arg(PARTY.path(name))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(0), "{name}: {err}");
        let back = std::fs::read(&out).unwrap();
        let stars = convert_as(feltkit::import::Format::PokerStars, &back).remove(0).phh;
        let ours = PARTY.phh(name);
        let stacks = |phh: &str| {
            let r = feltkit::phh::read::hands(phh).next().unwrap().unwrap().record.unwrap();
            let s = r.finishing_stacks.unwrap();
            s.iter().map(|a| a.to_units(2)).collect::<Vec<_>>()
        };
        // Party names no pot in its `wins` lines: the writer takes the rake from the main pot
        // first, so with a side pot the shares after rake may move by the rake between the
        // players; the chips in all are the same.
        let (back, mine) = (stacks(&stars), stacks(&ours));
        if name == "cash_nl_side_pot.txt" {
            let sum = |v: &[Option<i64>]| v.iter().map(|s| s.unwrap()).sum::<i64>();
            assert_eq!(sum(&back), sum(&mine), "{name}");
        } else {
            assert_eq!(back, mine, "{name}");
        }
        let r = replay_text(&stars, name, true).remove(0);
        assert!(r.ok() && r.checked, "{name}: {:?} {:?}", r.status, r.mismatches);
    }
    std::fs::remove_dir_all(&dir).ok();
}
