//! KingsClub hand-history text: each hand-written text in `tests/data/kingsclub` replays to the
//! stacks worked out by hand below, what each player is said to win and each seat's stack after
//! the hand are checked against the replay line by line, the games not played are refused with
//! the reason, and `felt replay` and `felt convert` read the texts by their content or with
//! `--format kingsclub`.

use crate::common::{converted_texts_replay_as_the_texts, felt_says, SiteSamples};
use feltkit::import::convert_as;
use feltkit::phh::{replay_text, HandReport, Status};

const KINGSCLUB: SiteSamples = SiteSamples { folder: "kingsclub", format: "kingsclub" };

/// Each good text, and the stacks after rake (`finishing_stacks`, p1 first: the first seat
/// after the button, in stud the first seat) worked out by hand from its lines.
const GOOD: [(&str, &[&str]); 11] = [
    // Antes of 25. Oaktree is all in for 2,000; Hollis and Velma put in 5,000 each, Tallow
    // 275. Main pot 3 x 2,000 + 275 = 6,275 to Oaktree's queens less the rake of 5; side pot
    // 2 x 3,000 to Velma's nines over Hollis's ace-king. Velma: 10,000 - 5,000 + 6,000.
    ("cash_nl_side_pot.txt", &["6270", "9725", "5000", "11000"]),
    // Each puts in 120 + 80 + 80; Quinten's river bet of 80 comes back: 560 less 1.
    ("fixed_limit_holdem.txt", &["720", "1079"]),
    // 120 each, the board run twice from the turn: Tom's straight takes run 1, Lina's full
    // house run 2; each run's 120, less half the rake of 1, to its winner.
    ("plo_run_twice.txt", &["119.50", "149.50"]),
    // Arno's small blind folded; Pim and Mira put in 140 each: 290 less 2. Pim's kings full
    // take the high half (144), Mira's 8-7-3-2-A the low (144).
    ("omaha_hilo_limit.txt", &["490", "404", "604"]),
    // Antes of 10, Arno's bring-in of 10 folded; Pim and Mira put in 330 each: 680 less 2.
    // Pim's kings full take the high half, Mira's wheel the low: 339 each.
    ("stud_hilo.txt", &["980", "809", "1209"]),
    // 280 each, 560 less 1 to Quinten's 7-6-4-3-2 over Bette's 8-7-5-3-2.
    ("triple_draw.txt", &["620", "879"]),
    // Antes of 5; Tom all in for 600, Vic calls; Lina's small blind of 25 folded: 1,230 less 5
    // to Vic's 8-6-4-3-2. Vic: 1,500 - 600 + 1,225.
    ("single_draw_nl.txt", &["970", "0", "2125"]),
    // 100 each, run twice from the turn. Run 1: Bob's heart flush takes the high half, Ann's
    // wheel the low; run 2: Ann's diamond flush takes it all (no low). Ann 50 + 100, Bob 50:
    // one board split high and low would have given 100 each.
    ("omaha_hilo_run_twice.txt", &["50", "150"]),
    // Razz: Arno's bring-in of 5 folded, Pim and Mira put in 5 + 40 + 20 + 80 + 40 + 40 each:
    // 460 less 2 to Mira's 6-5-3-2-A over Pim's 7-5-4-3-2. Mira: 700 - 225 + 458.
    ("razz.txt", &["590", "275", "933"]),
    // Big O: Lina puts in 6, Tom and Vic 49 each: 104 less 2. Tom's kings full take the high
    // half, Vic's 8-5-4-2-A the low: 51 each.
    ("big_o.txt", &["194", "152", "302"]),
    // A tournament's chips: 75 of antes, Ann's big blind, 2 x 1,175: 2,625 to Bob's jacks.
    ("tournament.txt", &["0", "2775", "6425"]),
];

#[test]
fn each_text_replays_to_the_stacks_worked_out_by_hand() {
    for (name, stacks) in GOOD {
        KINGSCLUB.ends_at(name, stacks);
    }
}

#[test]
fn the_hands_name_their_games_tables_and_tournaments() {
    KINGSCLUB.holds(
        "cash_nl_side_pot.txt",
        &[
            "variant = 'nlhe'",
            "venue = \"KingsClub\"",
            "table = \"Lyon Mix\"",
            "antes = [25, 25, 25, 25]",
        ],
    );
    KINGSCLUB
        .holds("fixed_limit_holdem.txt", &["variant = 'flhe'", "small_bet = 40", "big_bet = 80"]);
    KINGSCLUB.holds("plo_run_twice.txt", &["variant = 'plo'", "p1 _runs 2", "p2 _runs 2"]);
    KINGSCLUB.holds("stud_hilo.txt", &["variant = 'F7S/8'", "bring_in = 10"]);
    KINGSCLUB.holds("triple_draw.txt", &["variant = 'F2L3D'", "p1 sd KdQc", "d dh p1 2d8h"]);
    KINGSCLUB.holds("razz.txt", &["variant = 'FR'", "bring_in = 5"]);
    KINGSCLUB
        .holds("big_o.txt", &["variant = 'flo8'", "_hole_cards = 5", "_structure = 'pot-limit'"]);
    KINGSCLUB.holds("single_draw_nl.txt", &["variant = 'N2L1D'", "min_bet = 50"]);
    KINGSCLUB.holds(
        "tournament.txt",
        &["hand = 5100008", "_tournament_id = \"4410\"", "table = \"T4410 [2]\""],
    );
}

/// The mismatches of the first hand of sample `name`, which must replay legally.
fn mismatches(name: &str) -> String {
    let r: HandReport = KINGSCLUB.replayed(name);
    assert!(r.checked && matches!(r.status, Status::Legal), "{name}: {:?}", r.status);
    r.mismatches.join("\n")
}

/// A broken text is reported by `--check` at the line that is wrong.
#[test]
fn a_text_that_does_not_add_up_is_reported_at_its_line() {
    let cases: [(&str, &[&str]); 3] = [
        // Quinten is said to win 600 of a pot of 560 less 1.
        (
            "broken_won_amount.txt",
            &["line 30: p2 collected 600 from pot, but the replay pays p2 559"],
        ),
        // The side pot is said to go to Hollis's ace-king, not Velma's nines.
        (
            "broken_wrong_winner.txt",
            &[
                "line 43: p3 collected 6000, but the replay awards p3 no pot",
                "the replay pays p4 6000, but no line says p4 collected it",
            ],
        ),
        // Pim's seat line says 414 (and +14), where the replay leaves him 404.
        (
            "broken_final_stack.txt",
            &["line 31: p2 ends the hand with 414 by the text", "with 404 by the replay"],
        ),
    ];
    // The board run twice, each said to win half the pot as if it had been run once.
    let text = std::fs::read_to_string(KINGSCLUB.path("omaha_hilo_run_twice.txt")).unwrap();
    let halves = text.replace("wins (150)", "wins (100)").replace("wins (50)", "wins (100)");
    let r = replayed_text(&halves);
    let all = r.mismatches.join("\n");
    assert!(
        all.contains("line 26: p1 collected 100, more than the 50 the replay pays p1"),
        "{all}"
    );
    for (name, says) in cases {
        let all = mismatches(name);
        for want in says {
            assert!(all.contains(want), "{name}: {want} in\n{all}");
        }
    }
}

/// The first hand of `text` converted, replayed and checked.
fn replayed_text(text: &str) -> HandReport {
    let phh = convert_as(KINGSCLUB.format(), text.as_bytes()).remove(0).phh;
    replay_text(&phh, "t", true).remove(0)
}

#[test]
fn a_malformed_text_says_where_and_why() {
    let text = std::fs::read_to_string(KINGSCLUB.path("fixed_limit_holdem.txt")).unwrap();
    let cases = [
        ("Bette folds", "Bette dances", "line 25: expected an action after `Bette`"),
        (
            "Quinten calls 120",
            "Quinten calls 1x0",
            "line 13: expected an amount (`1,138.87`), not `1x0`",
        ),
        (
            "Quinten calls 120",
            "Quinten calls 200",
            "line 13: Quinten calls 200, but the bet is 120",
        ),
        (
            "Seat 2: Bette (720) -280",
            "Seat 2: Bette (720) -28",
            "line 28: Bette ends with 720 after starting with 1000",
        ),
        ("Limit Holdem - 40/80", "Limit Holdem - 40", "line 1: expected the stakes as `SMALL/BIG`"),
        ("2021-03-04 20:20:00", "March 4th", "line 2: expected the date and time"),
        (
            "Dealt to Bette: [Ts 9h]",
            "Dealt to Betty: [Ts 9h]",
            "line 10: expected `Dealt to NAME: [cards]`",
        ),
    ];
    for (from, to, says) in cases {
        assert!(text.contains(from), "{from}");
        let r = replayed_text(&text.replace(from, to));
        let Status::Malformed { reason, .. } = &r.status else { panic!("{to}: {:?}", r.status) };
        assert!(reason.contains(says), "{to}: {reason}");
    }
    let stud = std::fs::read_to_string(KINGSCLUB.path("stud_hilo.txt")).unwrap();
    let r = replayed_text(&stud.replace("Mira calls 80\n*** 5TH", "Mira calls 8\n*** 5TH"));
    let Status::Malformed { reason, .. } = &r.status else { panic!("{:?}", r.status) };
    assert!(reason.contains("line 26: Mira calls 8, but the bet is 80"), "{reason}");
    let cut: String = text.lines().take(20).collect::<Vec<_>>().join("\n");
    let r = replayed_text(&cut);
    assert!(matches!(r.status, Status::Incomplete(_)), "{:?}", r.status);
}

#[test]
fn games_not_played_and_draws_run_twice_are_refused_with_the_reason() {
    let path = KINGSCLUB.path("games_not_played.txt");
    let text = std::fs::read(&path).unwrap();
    let hands = convert_as(KINGSCLUB.format(), &text);
    assert_eq!(hands.len(), 2);
    let why: Vec<String> = hands
        .iter()
        .map(|h| match replay_text(&h.phh, "t", true).remove(0).status {
            Status::Unsupported(why) => why,
            other => panic!("{other:?}"),
        })
        .collect();
    assert!(
        why[0].starts_with("line 1: Limit Badacey: feltkit does not play badacey"),
        "{}",
        why[0]
    );
    assert!(
        why[1].starts_with(
            "line 15: Limit A-5 Single Draw: feltkit plays single draw deuce-to-seven only"
        ),
        "{}",
        why[1]
    );
    // A draw run twice: the drawn cards of each run.
    let draw = std::fs::read_to_string(KINGSCLUB.path("single_draw_nl.txt")).unwrap();
    let r = replayed_text(&draw.replace("draws [2d]", "draws [2d] [9s]"));
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.starts_with("line 22: the draw was run more than once"), "{why}");
    // A blind posted out of turn, in hold'em and in a draw game: its dead part is not written.
    for name in ["fixed_limit_holdem.txt", "triple_draw.txt"] {
        let text = std::fs::read_to_string(KINGSCLUB.path(name)).unwrap();
        let from = "Quinten: posts the small blind 20";
        assert!(text.contains(from), "{name}");
        let r = replayed_text(&text.replace(from, "Quinten: posts blind 60"));
        let Status::Unsupported(why) = &r.status else { panic!("{name}: {:?}", r.status) };
        assert!(why.contains(": a blind posted out of turn (`posts blind X`)"), "{name}: {why}");
    }
    // A stud showdown whose last card is never shown.
    let stud = std::fs::read_to_string(KINGSCLUB.path("stud_hilo.txt")).unwrap();
    let r = replayed_text(&stud.replace("[Kh Js Kd Qd Kc 7c Qs]", "[Kh Js Kd Qd Kc 7c]"));
    let Status::Unsupported(why) = &r.status else { panic!("{:?}", r.status) };
    assert!(why.contains("Pim shows 6 of the 7 cards dealt"), "{why}");
}

#[test]
fn felt_replay_reads_kingsclub_text_by_its_content_and_with_format_kingsclub() {
    let tour = "[1] hand 5100008 (nlhe): legal, results match";
    felt_says(&["replay", "--check", &KINGSCLUB.path("tournament.txt")], None, 0, &[tour]);
    let text = std::fs::read(KINGSCLUB.path("triple_draw.txt")).unwrap();
    let stdin = Some(text.clone());
    felt_says(&["replay", "--check", "--format", "kingsclub", "-"], stdin, 0, &["<stdin> [1]"]);
    let hint = "the text looks like KingsClub hand-history text; --format kingsclub reads it";
    felt_says(&["replay", "--format", "pokerstars", "-"], Some(text), 2, &[hint]);
    let stars = ["convert", "--to", "pokerstars", &KINGSCLUB.path("cash_nl_side_pot.txt")];
    felt_says(
        &stars,
        None,
        0,
        &[
            "Oaktree: raises $1225.00 to $1975.00 and is all-in",
            "Velma collected $6000.00 from side pot",
        ],
    );
}

#[test]
fn a_converted_text_replays_and_checks_as_the_texts_do() {
    assert!(converted_texts_replay_as_the_texts("kingsclub") >= 15);
}
