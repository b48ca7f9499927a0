//! Site texts played by rules beyond plain no limit, each hand-written in the site's form with
//! its results worked out by hand below: PokerStars' boards run twice (each run's collected
//! lines checked on that run), capped no limit (`_table_cap`), a player all in on the blinds
//! whom the site shows folding; GGPoker's runs told by their streets, and its all-in insurance
//! in named parts.

use assert_cmd::Command;
use feltkit::import::{convert_as, Format};
use feltkit::phh::{replay_text, HandReport, Status};
use predicates::prelude::*;

fn path(site: &str, name: &str) -> String {
    format!("{}/tests/data/{site}/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A site's format by its `--format` name.
fn format(site: &str) -> Format {
    Format::named(site).unwrap()
}

/// The first hand of a text, converted to PHH.
fn phh_of(site: &str, text: &str) -> String {
    convert_as(format(site), text.as_bytes()).remove(0).phh
}

/// The first hand of a sample, converted to PHH.
fn phh(site: &str, name: &str) -> String {
    phh_of(site, &std::fs::read_to_string(path(site, name)).unwrap())
}

/// The first hand of a sample, converted, replayed and checked.
fn replayed(site: &str, name: &str) -> HandReport {
    replay_text(&phh(site, name), name, true).remove(0)
}

/// A hand that replays legal and matches the site's accounting, with these final stacks (the
/// replay's, before rake), in PHH order.
fn plays_to(site: &str, name: &str, expected: &[&str]) -> HandReport {
    let r = replayed(site, name);
    assert!(r.ok() && r.checked, "{name}: {:?} {:?}", r.status, r.mismatches);
    let o = r.outcome.as_ref().unwrap();
    let got: Vec<String> = o.final_stacks.iter().map(|&c| r.chips(c)).collect();
    assert_eq!(got, expected, "{name}");
    r
}

fn holds(site: &str, name: &str, fields: &[&str]) {
    let text = phh(site, name);
    for field in fields {
        assert!(text.contains(field), "{field} in\n{text}");
    }
}

#[test]
fn pokerstars_run_twice_from_the_flop_splits_the_pot_between_the_runs() {
    // Olek (p1) all-in for 150, called by Mira (p3); Tansy's big blind of 2 is in: 302, 151 a
    // run. Run 1 (2c 7d 9h Js 3c): Olek's queens; run 2 (Kd 8s 4h 5d Kc): Mira's kings. Before
    // the rake of 1: Olek 151, Tansy 178, Mira 200 - 150 + 151 = 201.
    plays_to("pokerstars", "run_twice_from_the_flop.txt", &["151.00", "178.00", "201.00"]);
    // The players still in choose two runs before the first card of the runs; the site's own
    // results are after the rake (150.50 a run).
    holds(
        "pokerstars",
        "run_twice_from_the_flop.txt",
        &[
            "'p3 cc', 'p1 _runs 2', 'p3 _runs 2', 'd db 2c7d9h'",
            "finishing_stacks = [150.50, 178.00, 200.50]",
            "line = 22, run = 1 }",
            "line = 26, run = 2 }",
        ],
    );
}

#[test]
fn pokerstars_run_twice_from_the_turn_shares_the_flop() {
    // Olek (p3) all-in on the flop for 80, called by Mira (p2); Tansy's small blind of 0.50 is
    // in: 160.50, 80.25 a run. Run 1 (Th 6c 2d 9s Ad): Mira's tens and nines; run 2 (Th 6c 2d
    // Kd 3h): Olek's kings and tens. Tansy 119.50; Mira 100 - 80 + 80.25; Olek 80 - 80 + 80.25.
    plays_to("pokerstars", "run_twice_from_the_turn.txt", &["119.50", "100.25", "80.25"]);
    holds(
        "pokerstars",
        "run_twice_from_the_turn.txt",
        &["'d db Th6c2d'", "'p2 _runs 2', 'p3 _runs 2', 'd db 9s'"],
    );
}

#[test]
fn pokerstars_run_collected_beyond_what_the_run_pays_is_flagged_at_its_line() {
    // Each run pays 151 before the rake of 1: the text gives Mira 151.50 on run 2 (line 26),
    // and Olek 149.50 on run 1, which add up to the same 301.
    let r = replayed("pokerstars", "broken_run_collected.txt");
    assert_eq!(r.status, Status::Legal);
    assert_eq!(
        r.mismatches,
        ["line 26: p3 collected 151.50 on run 2, more than the 151.00 the replay pays p3 on run 2 before rake"]
    );
}

#[test]
fn a_second_run_dealt_without_the_summary_saying_so_is_malformed_at_its_street() {
    let text = std::fs::read_to_string(path("pokerstars", "run_twice_from_the_flop.txt")).unwrap();
    let cases = [
        (
            text.replace("Hand was run twice\n", ""),
            "line 16: the play deals a board run 2 times (`*** SECOND FLOP ***`), but the summary has no line saying the hand was run more than once",
        ),
        (
            text.replace("Hand was run twice", "Hand was run three times"),
            "line 29: the summary says the hand was run 3 times, but the play deals 2 boards",
        ),
    ];
    for (text, why) in cases {
        let r = replay_text(&phh_of("pokerstars", &text), "t", true).remove(0);
        assert!(
            matches!(&r.status, Status::Malformed { reason, .. } if reason.starts_with(why)),
            "{:?}",
            r.status
        );
    }
}

#[test]
fn gg_runs_are_told_by_their_streets_and_a_summary_that_disagrees_is_malformed() {
    // The summary's `Hand was run two times` is left out: the second run's flop (line 21)
    // says the board was run twice.
    let r = replayed("ggpoker", "malformed/broken_runs_not_said.txt");
    let why = "line 21: the play deals a board run 2 times (`*** SECOND FLOP ***`), but the summary has no line saying the hand was run more than once";
    assert!(
        matches!(&r.status, Status::Malformed { reason, .. } if reason.starts_with(why)),
        "{:?}",
        r.status
    );
    let text = std::fs::read_to_string(path("ggpoker", "run_twice.txt")).unwrap();
    let three = text.replace("Hand was run two times", "Hand was run three times");
    let r = replay_text(&phh_of("ggpoker", &three), "t", true).remove(0);
    let why = "line 30: the summary says the hand was run 3 times, but the play deals 2 boards";
    assert!(
        matches!(&r.status, Status::Malformed { reason, .. } if reason.starts_with(why)),
        "{:?}",
        r.status
    );
}

#[test]
fn capped_no_limit_holds_each_players_bets_to_the_cap_and_keeps_the_rest_of_the_stack() {
    // Cap 10. Pell (p2) raises to the cap, Rowan (p3) calls all-in for 8, Ivo (p4) calls to the
    // cap: nobody can bet after, though Pell and Ivo have chips behind. Main pot 3 x 8 + Juna's
    // 0.25 = 24.25, side pot 2 x 2 = 4, both to Ivo's queens. Juna 14.20 - 0.25; Pell 25 - 10;
    // Rowan 0; Ivo 40 - 10 + 28.25 (the site's 27 is after its rake of 1.25).
    let r = plays_to("pokerstars", "capped_no_limit.txt", &["13.95", "15.00", "0.00", "58.25"]);
    for note in [
        "p2 reached the table cap of 10.00 (`_table_cap`): all in for the rest of the hand, 15.00 of the stack kept behind",
        "p4 reached the table cap of 10.00 (`_table_cap`): all in for the rest of the hand, 30.00 of the stack kept behind",
    ] {
        assert!(r.notes.iter().any(|n| n == note), "{note}: {:?}", r.notes);
    }
    holds("pokerstars", "capped_no_limit.txt", &["_table_cap = 10.00"]);
}

#[test]
fn a_table_cap_that_is_not_a_positive_amount_is_malformed() {
    let text = "variant = 'nlhe'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
                starting_stacks = [100, 100]\n_table_cap = 0\nactions = []\n";
    let r = replay_text(text, "t", false).remove(0);
    assert!(
        matches!(&r.status, Status::Malformed { field: Some(f), .. } if f == "_table_cap"),
        "{:?}",
        r.status
    );
}

#[test]
fn a_player_all_in_on_the_big_blind_who_folds_gives_up_the_pot_at_the_showdown() {
    // Osk (p2) is all-in for 60 on the big blind and shown folding: the fold is no action, and
    // his unknown hand loses at the showdown. Main pot 50 + 3 x 60 = 230, side pot 2 x 640 =
    // 1,280, both to Brin's kings. Nadia 3,100 - 50; Osk 0; Brin 2,250 - 700 + 1,510; Quill
    // 2,400; Ferro 1,800 - 700.
    let r = plays_to(
        "pokerstars",
        "fold_all_in_on_the_blind.txt",
        &["3050", "0", "3060", "2400", "1100"],
    );
    assert!(r.notes.iter().any(|n| n.contains("p2")), "{:?}", r.notes);
    let text = phh("pokerstars", "fold_all_in_on_the_blind.txt");
    assert!(!text.contains("'p2 f'") && text.contains("'d dh p2 ????'"), "{text}");
    // Folded to with no showdown after, the all-in player's hand would still be live: refused.
    let all = std::fs::read_to_string(path("pokerstars", "fold_all_in_on_the_blind.txt")).unwrap();
    let head: String = all.lines().take(15).map(|l| format!("{l}\n")).collect();
    let folded_to = format!(
        "{head}Brin: folds\nUncalled bet (200) returned to Ferro\nFerro collected 310 from pot\n\
         *** SUMMARY ***\nTotal pot 310 | Rake 0\nSeat 1: Quill folded before Flop (didn't bet)\n\
         Seat 2: Ferro (button) collected (310)\nSeat 3: Nadia V (small blind) folded before Flop\n\
         Seat 4: Osk (big blind) folded before Flop\nSeat 5: Brin folded before Flop\n"
    );
    let r = replay_text(&phh_of("pokerstars", &folded_to), "t", true).remove(0);
    let why = "not supported: line 15: Osk folds while all-in on the antes or blinds, and no showdown follows";
    assert!(matches!(&r.status, Status::Unsupported(w) if w.starts_with(why)), "{:?}", r.status);
}

#[test]
fn gg_insurance_in_named_parts_is_read_and_noted() {
    // Hero (aces, p3) is all-in against kings for 120 each; a1b2c3d4's small blind of 1 is in:
    // 241, less the rake of 5, to Hero, who pays the premium of 0.5 + 6 + 0 = 6.5: 150 - 120 +
    // 236 - 6.5 = 259.5 by the site; the replay's, before the rake, 264.5.
    let r = plays_to("ggpoker", "insurance_in_parts.txt", &["149.0", "0.0", "264.5"]);
    let note = "p3 insured all-in (line 22): a premium of 6.5 (Mandatory 0.5, Main 6, Sub 0) for a cover of 26 (Mandatory 2, Main 24, Sub 0)";
    assert!(r.notes.iter().any(|n| n == note), "{:?}", r.notes);
    holds(
        "ggpoker",
        "insurance_in_parts.txt",
        &["'p3 _cashout -6.5'", "finishing_stacks = [149, 0, 259.5]", "_insurance = ["],
    );
    // The premium paid (7, line 25) is not what the parts add up to.
    let r = replayed("ggpoker", "malformed/broken_insurance_parts.txt");
    let why = "line 22: the insurance premium's parts (0.5 + 6 + 0) add up to 6.5, but line 25 pays a premium of 7";
    assert!(
        matches!(&r.status, Status::Malformed { reason, .. } if reason == why),
        "{:?}",
        r.status
    );
    Command::cargo_bin("felt")
        .unwrap()
        .args(["replay", "--json", &path("ggpoker", "insurance_in_parts.txt")])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("insured all-in (line 22): a premium of 6.5"));
}
