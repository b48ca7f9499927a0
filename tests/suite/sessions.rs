//! Sessions of hands at one table (`felt replay --session`): hand-worked sessions in
//! `tests/data/sessions/`, legal and broken, through the library and the real binary.

use assert_cmd::Command;
use feltkit::phh::replay_text;
use feltkit::session::{Session, Structure, TableRule};
use predicates::prelude::*;

fn felt() -> Command {
    Command::cargo_bin("felt").unwrap()
}

fn path(name: &str) -> String {
    format!("{}/tests/data/sessions/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn structure() -> Structure {
    Structure::parse(&std::fs::read_to_string(path("tournament_structure.toml")).unwrap()).unwrap()
}

/// Each player's name and net result.
type Nets = Vec<(String, String)>;

/// Every hand's violations (rule and hand number), and each player's net, over one file.
fn run(name: &str, structure: Option<Structure>) -> (Vec<(usize, TableRule)>, Nets) {
    let text = std::fs::read_to_string(path(name)).unwrap();
    let mut session = Session::new(structure);
    let mut found = Vec::new();
    for report in replay_text(&text, name, true) {
        assert!(report.ok(), "{name}: {:?} {:?}", report.status, report.mismatches);
        let check = session.observe(&report);
        found.extend(check.violations.iter().map(|v| (check.number, v.rule)));
    }
    let nets = session
        .summary()
        .players
        .into_iter()
        .map(|p| (p.name, p.net.unwrap_or_default()))
        .collect();
    (found, nets)
}

fn nets(list: &[(&str, &str)]) -> Nets {
    list.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

#[test]
fn a_legal_cash_session_breaks_no_rule_and_nets_add_to_zero() {
    let (found, net) = run("cash_legal.phhs", None);
    assert_eq!(found, []);
    // Worked by hand in the file's header.
    assert_eq!(
        net,
        nets(&[("A", "-1"), ("B", "-3"), ("C", "+3"), ("D", "+3"), ("E", "0"), ("F", "-2")])
    );
}

#[test]
fn the_button_follows_the_small_blind() {
    let (found, _) = run("broken_button_skips_a_seat.phhs", None);
    assert!(found.contains(&(2, TableRule::ButtonMoves)), "{found:?}");
    assert!(found.contains(&(2, TableRule::Blinds)), "{found:?}");
    assert!(found.iter().all(|&(hand, _)| hand == 2));
}

#[test]
fn stacks_carry_over_between_hands() {
    let (found, _) = run("broken_stack_changed_between_hands.phhs", None);
    assert_eq!(found, [(2, TableRule::StacksCarryOver)]);
}

#[test]
fn a_missed_big_blind_is_made_up_before_playing() {
    let (found, _) = run("broken_missed_blind_never_collected.phhs", None);
    assert_eq!(found, [(5, TableRule::MissedBlinds)]);
}

#[test]
fn a_legal_tournament_keeps_its_structure_and_re_buys() {
    let (found, net) = run("tournament_legal.phhs", Some(structure()));
    assert_eq!(found, []);
    assert_eq!(net, nets(&[("X", "-510"), ("Y", "+10"), ("Z", "+500")]));
}

#[test]
fn blinds_rise_only_from_the_next_hand() {
    let (found, _) = run("broken_blind_increase_inside_a_hand.phhs", Some(structure()));
    assert_eq!(found, [(2, TableRule::BlindLevel)]);
    // Without the structure, the same hands are a legal cash session... except that the blinds
    // changed, which a cash session does not check.
    let (found, _) = run("broken_blind_increase_inside_a_hand.phhs", None);
    assert_eq!(found, []);
}

#[test]
fn re_buys_only_in_the_re_buy_period() {
    let (found, _) = run("broken_rebuy_after_the_rebuy_period.phhs", Some(structure()));
    assert_eq!(found, [(4, TableRule::Rebuys)]);
}

#[test]
fn the_command_line_reports_each_hand_and_the_session() {
    felt()
        .args(["replay", "--session", "--check", &path("cash_legal.phhs")])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "table (hand 3 of the session): button seat 2 (B); small blind seat 3 (C); big blind seat 5 (E); dealt in: seat 3 (C), seat 5 (E), seat 1 (A), seat 2 (B); sitting out: seat 4 (D, ML)",
        ))
        .stdout(predicate::str::contains("left before the hand: E with 200"))
        .stdout(predicate::str::contains("session "))
        .stdout(predicate::str::contains("  F: 1 hand, brought 150, finished with 148, net -2"))
        .stdout(predicate::str::ends_with("; 0 table rules broken in 1 session\n"));
}

#[test]
fn a_broken_rule_exits_one_and_names_the_hand() {
    felt()
        .args(["replay", "--session", &path("broken_stack_changed_between_hands.phhs")])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "TABLE RULE BROKEN (stacks-carry-over): C starts with 250, but finished hand 1 with 200 (no chips added are recorded): 50 appear from nowhere",
        ));
}

#[test]
fn json_gives_each_hand_s_table_and_the_session() {
    let out = felt()
        .args([
            "replay",
            "--json",
            "--structure",
            &path("tournament_structure.toml"),
            &path("broken_rebuy_after_the_rebuy_period.phhs"),
        ])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let lines: Vec<serde_json::Value> =
        String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let checks: Vec<&serde_json::Value> =
        lines.iter().filter_map(|v| v.get("table_check")).collect();
    assert_eq!(checks.len(), 4);
    assert_eq!(checks[3]["violations"][0]["rule"], "re-buys");
    assert_eq!(checks[2]["state"]["level"], 2);
    assert_eq!(checks[0]["state"]["button"]["player"], "Z");
    let session = lines.iter().find(|v| v.get("session").is_some()).unwrap();
    assert_eq!(session["violations"], 1);
    assert_eq!(session["players"][0]["net"], "-510");
    assert_eq!(lines.last().unwrap()["table_violations"], 1);
}

#[test]
fn a_bad_structure_file_is_an_error_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("s.toml");
    std::fs::write(&bad, "levels = [{ small_blind = 5, big_blind = 10 }]\nrebuys = 3\n").unwrap();
    felt()
        .args(["replay", "--structure", bad.to_str().unwrap(), &path("cash_legal.phhs")])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 2: unknown key `rebuys`"));
}

#[test]
fn hands_without_names_or_seats_are_reported_not_guessed() {
    let text =
        "[1]\nvariant = 'nlhe'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
                actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']\n\
                [2]\nvariant = 'nlhe'\nplayers = ['A', 'B']\nblinds_or_straddles = [1, 2]\n\
                starting_stacks = [100, 100]\nactions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']\n";
    let mut session = Session::new(None);
    let checks: Vec<_> = replay_text(text, "t", false).iter().map(|r| session.observe(r)).collect();
    assert_eq!(checks[0].violations[0].rule, TableRule::Records);
    assert!(checks[0].violations[0].message.contains("`players`"));
    assert_eq!(checks[1].violations[0].rule, TableRule::Records);
    assert!(checks[1].violations[0].message.contains("`seats`"));
}

#[test]
fn two_emergency_all_ins_a_day_then_a_third_the_next_day() {
    let (found, net) = run("emergency_all_ins_legal.phhs", None);
    assert_eq!(found, []);
    assert_eq!(net, nets(&[("Ann", "+5"), ("Bob", "-5")]));
}

#[test]
fn a_third_emergency_all_in_within_24_hours_is_a_fold() {
    let (found, _) = run("broken_third_emergency_all_in_in_a_day.phhs", None);
    assert_eq!(found, [(3, TableRule::EmergencyAllIns)]);
}

#[test]
fn a_player_with_an_emergency_all_in_left_is_not_folded_for_failing_to_act() {
    // Fixed-limit hold'em: p1 times out facing a raise and is folded, but has two emergency
    // all-ins left: the room should have made them all-in.
    let text = "variant = 'flhe'\nplayers = ['Ann', 'Bob']\nseats = [1, 2]\n\
                blinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n\
                starting_stacks = [50, 50]\nactions = ['d dh p1 ????', 'd dh p2 ????', \
                'p2 cbr 4', 'p1 _timeout']\nfinishing_stacks = [48, 52]\n";
    let mut session = Session::new(None);
    let report = &replay_text(text, "t", true)[0];
    assert!(report.ok(), "{:?}", report.status);
    let check = session.observe(report);
    assert_eq!(check.violations.len(), 1);
    assert_eq!(check.violations[0].rule, TableRule::EmergencyAllIns);
    assert!(check.violations[0].message.contains("2 of two emergency all-ins left"));
    // In no-limit hold'em the same timeout is the fold-unless-check rule: nothing to report.
    let nl = text.replace("'flhe'", "'nlhe'").replace("small_bet = 2\nbig_bet = 4\n", "");
    let report = &replay_text(&nl, "t", true)[0];
    assert!(report.ok(), "{:?}", report.status);
    assert_eq!(Session::new(None).observe(report).violations, []);
}

#[test]
fn a_missed_small_blind_is_made_up_dead_and_the_button_can_be_dead() {
    let (found, net) = run("cash_missed_small_blind_and_dead_button.phhs", None);
    assert_eq!(found, []);
    assert_eq!(net, nets(&[("A", "+1"), ("B", "0"), ("C", "-1"), ("D", "0")]));
}

#[test]
fn a_new_player_posts_a_big_blind_or_waits_for_it() {
    let (found, _) = run("broken_new_player_without_a_big_blind.phhs", None);
    assert_eq!(found, [(2, TableRule::NewPlayer)]);
}

#[test]
fn a_busted_tournament_player_is_out_without_a_re_buy() {
    let (found, _) = run("broken_busted_player_dealt_in_again.phhs", Some(structure()));
    assert_eq!(found, [(4, TableRule::Busted)]);
}
