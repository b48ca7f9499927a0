//! `felt luck --payouts`: tournament hands in prizes by the Independent Chip Model, each
//! expectation against the model computed here over every order of finish, applied to the rules
//! engine's own final stacks for every card still to come (each completion replayed).

use crate::common;

use feltkit::card::{parse_cards, Card, Deck};
use feltkit::luck::{hand_luck, hand_luck_in_prizes, HandLuck};
use feltkit::phh::{replay_text, HandReport};

/// The hand `header` + `actions` replayed (results not checked).
fn replay(header: &str, actions: &[String]) -> HandReport {
    let quoted: Vec<String> = actions.iter().map(|a| format!("'{a}'")).collect();
    let text = format!("{header}actions = [{}]\n", quoted.join(", "));
    replay_text(&text, "t", false).remove(0)
}

fn strings(actions: &[&str]) -> Vec<String> {
    actions.iter().map(|a| a.to_string()).collect()
}

/// The cards not named in `known`.
fn rest_of_deck(known: &str) -> Vec<Card> {
    let seen = parse_cards(known, Deck::Standard).unwrap();
    Card::all().filter(|c| !seen.contains(c)).collect()
}

/// The model by its definition: every order of finish of the players with chips, each player
/// next with their share of the chips left; players with no chips after them, the larger
/// stack `before` first, sharing the prizes of their places when tied.
fn model(stacks: &[f64], before: &[f64], payouts: &[f64]) -> Vec<f64> {
    fn orders(
        stacks: &[f64],
        left: Vec<usize>,
        chance: f64,
        place: usize,
        pay: &[f64],
        eq: &mut [f64],
    ) {
        let total: f64 = left.iter().map(|&i| stacks[i]).sum();
        for k in 0..left.len() {
            let p = chance * stacks[left[k]] / total;
            eq[left[k]] += p * pay.get(place).copied().unwrap_or(0.0);
            let mut rest = left.clone();
            rest.remove(k);
            orders(stacks, rest, p, place + 1, pay, eq);
        }
    }
    let mut eq = vec![0.0; stacks.len()];
    let alive: Vec<usize> = (0..stacks.len()).filter(|&i| stacks[i] > 0.0).collect();
    let m = alive.len();
    orders(stacks, alive, 1.0, 0, payouts, &mut eq);
    let mut gone: Vec<usize> = (0..stacks.len()).filter(|&i| stacks[i] == 0.0).collect();
    gone.sort_by(|&a, &b| before[b].total_cmp(&before[a]));
    let mut place = m;
    for group in gone.chunk_by(|&a, &b| before[a] == before[b]) {
        let prize: f64 = (place..place + group.len())
            .map(|p| payouts.get(p).copied().unwrap_or(0.0))
            .sum::<f64>()
            / group.len() as f64;
        for &i in group {
            eq[i] = prize;
        }
        place += group.len();
    }
    eq
}

/// Each player's prize equity after the hand less before it, the model applied to the engine's
/// final stacks of `report`.
fn prize_result(report: &HandReport, payouts: &[f64]) -> Vec<f64> {
    let outcome = report.outcome.as_ref().unwrap_or_else(|| panic!("{:?}", report.status));
    let start: Vec<f64> =
        report.table.as_ref().unwrap().starting.iter().map(|c| c.0 as f64).collect();
    let after: Vec<f64> = outcome.final_stacks.iter().map(|c| c.0 as f64).collect();
    let (a, b) = (model(&after, &start, payouts), model(&start, &start, payouts));
    a.iter().zip(&b).map(|(a, b)| a - b).collect()
}

/// Checks a tournament hand in prizes: its expectation is the model's result averaged over
/// every completion, its result the model's on the dealt one, and luck the difference.
fn check_prizes(
    header: &str,
    prefix: &[&str],
    dealt: &[&str],
    completions: &[Vec<String>],
    payouts: &[f64],
) -> HandLuck {
    let mut actions = strings(prefix);
    actions.extend(strings(dealt));
    let report = replay(header, &actions);
    let luck = hand_luck_in_prizes(&report, Some(payouts)).unwrap();
    assert!(luck.all_in.is_some(), "{luck:?}");
    assert_eq!(luck.prizes.map(|p| p.exact), Some(true), "{luck:?}");
    assert_eq!(luck.stake, "tournament (ICM)");
    let mut want = vec![0.0; luck.net.len()];
    for rest in completions {
        let mut actions = strings(prefix);
        actions.extend(rest.iter().cloned());
        for (w, r) in want.iter_mut().zip(prize_result(&replay(header, &actions), payouts)) {
            *w += r / completions.len() as f64;
        }
    }
    for (i, (got, want)) in luck.expected.iter().zip(&want).enumerate() {
        assert!(
            (got - want).abs() < 1e-9,
            "p{}: expected {got}, every completion gives {want}",
            i + 1
        );
    }
    for (got, want) in luck.net.iter().zip(prize_result(&report, payouts)) {
        assert!((got - want).abs() < 1e-9, "{:?}", luck.net);
    }
    luck
}

const TOURNAMENT: &str = "variant = 'NT'\n_tournament = true\nmin_bet = 2\n";

#[test]
fn a_heads_up_turn_all_in_at_a_three_handed_table_is_the_model_over_every_river() {
    // p3 folds; p1 (AcKd) and p2 (QsQh) are all in on the turn: 42 rivers of 44 give p1 the
    // pot. With a third stack at the table the model is not linear in chips.
    let header =
        format!("{TOURNAMENT}blinds_or_straddles = [1, 2, 0]\nstarting_stacks = [300, 500, 200]\n");
    let prefix = [
        "d dh p1 AcKd",
        "d dh p2 QsQh",
        "d dh p3 7c2d",
        "p3 f",
        "p1 cc",
        "p2 cc",
        "d db Ah7d2c",
        "p1 cc",
        "p2 cc",
        "d db 3s",
        "p1 cbr 298",
        "p2 cc",
    ];
    let river: Vec<Vec<String>> =
        rest_of_deck("AcKdQsQh7c2dAh7d2c3s").iter().map(|c| vec![format!("d db {c}")]).collect();
    assert_eq!(river.len(), 42);
    let luck = check_prizes(&header, &prefix, &["d db Qc"], &river, &[50.0, 30.0, 20.0]);
    // p1 busts: third place, 20 of the 100.
    assert!(luck.net[0] < 0.0 && luck.expected[0] > 0.0, "{luck:?}");
    // Prizes are only moved between the players.
    assert!(luck.net.iter().sum::<f64>().abs() < 1e-9);
    assert!(luck.expected.iter().sum::<f64>().abs() < 1e-9);
}

#[test]
fn three_way_on_the_flop_with_a_side_pot_is_the_model_over_every_turn_and_river() {
    // p1 all in for 50 on the flop, p2 and p3 for 100: a main pot of 150 for all three and a
    // side pot of 100 for p2 and p3, with a fourth stack sitting out of the hand.
    let header = format!(
        "{TOURNAMENT}blinds_or_straddles = [1, 2, 0, 0]\nstarting_stacks = [50, 100, 100, 400]\n"
    );
    let prefix = [
        "d dh p1 AhAd",
        "d dh p2 KsKc",
        "d dh p3 QhJh",
        "d dh p4 7c2d",
        "p3 cc",
        "p4 f",
        "p1 cc",
        "p2 cc",
        "d db 9h8h2c",
        "p1 cbr 48",
        "p2 cbr 98",
        "p3 cc",
    ];
    let deck = rest_of_deck("AhAdKsKcQhJh7c2d9h8h2c");
    let mut runouts = Vec::new();
    for (k, a) in deck.iter().enumerate() {
        for b in &deck[k + 1..] {
            runouts.push(vec![format!("d db {a}"), format!("d db {b}")]);
        }
    }
    assert_eq!(runouts.len(), 41 * 40 / 2);
    check_prizes(&header, &prefix, &["d db 3c", "d db 4d"], &runouts, &[50.0, 30.0, 20.0]);
    // Two places paid of four: the players who bust share nothing.
    check_prizes(&header, &prefix, &["d db 3c", "d db 4d"], &runouts, &[65.0, 35.0]);
}

#[test]
fn winner_take_all_prizes_are_chips_at_the_table_even_when_runouts_are_sampled() {
    // One prize: the model gives each stack its share of the chips, so a hand's prizes are its
    // chips over the chips at the table, expectation included. Three-way before the flop is
    // counted by sampled runouts (more than 50,000), with a standard error.
    let header =
        format!("{TOURNAMENT}blinds_or_straddles = [1, 2, 0]\nstarting_stacks = [100, 200, 300]\n");
    let actions = strings(&[
        "d dh p1 AhAd",
        "d dh p2 KsKc",
        "d dh p3 QhJh",
        "p3 cbr 300",
        "p1 cc",
        "p2 cc",
        "d db 9h8h2c",
        "d db 3c",
        "d db 4d",
    ]);
    let report = replay(&header, &actions);
    let chips = hand_luck(&report).unwrap();
    let prizes = hand_luck_in_prizes(&report, Some(&[600.0])).unwrap();
    let count = prizes.prizes.unwrap();
    assert!(!count.exact);
    let stderr = count.stderr.unwrap();
    assert!(stderr > 0.0 && stderr < 3.0, "{stderr}");
    for i in 0..3 {
        assert!((prizes.net[i] - chips.net[i]).abs() < 1e-9, "{prizes:?}");
        let gap = prizes.expected[i] - chips.expected[i];
        assert!(
            gap.abs() < 4.0 * stderr,
            "p{}: {} against {} (stderr {stderr})",
            i + 1,
            prizes.expected[i],
            chips.expected[i]
        );
    }
    // The same hand gives the same numbers every time.
    assert_eq!(hand_luck_in_prizes(&report, Some(&[600.0])).unwrap(), prizes);
}

#[test]
fn cash_hands_stay_in_chips_with_payouts() {
    let header =
        "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n";
    let r = replay(header, &strings(&["d dh p1 AcKd", "d dh p2 QsQh", "p2 cbr 6", "p1 f"]));
    assert_eq!(hand_luck_in_prizes(&r, Some(&[50.0, 30.0, 20.0])), hand_luck(&r));
}

#[test]
fn felt_luck_counts_tournament_hands_in_prizes_and_refuses_bad_payouts() {
    let dir = tempfile::tempdir().unwrap();
    let header = format!("{TOURNAMENT}blinds_or_straddles = [1, 2, 0]\nstarting_stacks = [300, 500, 200]\nplayers = ['Ann', 'Bob', 'Cy']\n");
    let text = format!("{header}actions = ['d dh p1 AcKd', 'd dh p2 QsQh', 'd dh p3 7c2d', 'p3 f', 'p1 cc', 'p2 cc', 'd db Ah7d2c', 'p1 cc', 'p2 cc', 'd db 3s', 'p1 cbr 298', 'p2 cc', 'd db Qc']\n");
    let path = dir.path().join("sng.phh");
    std::fs::write(&path, text).unwrap();
    let out = common::felt()
        .args(["luck", "--payouts", "50,30,20", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(
        table.contains("prizes: 1 tournament hand in prize equity by ICM (payouts 50, 30, 20)"),
        "{table}"
    );
    // Ann busted in third place (20 of 100) from a stack worth more.
    let row = table.lines().find(|l| l.starts_with("Ann")).unwrap();
    let won: f64 = row.split_whitespace().nth(3).unwrap().parse().unwrap();
    let start = [300.0, 500.0, 200.0];
    let before = model(&start, &start, &[50.0, 30.0, 20.0])[0];
    assert!((won - (20.0 - before)).abs() < 0.005, "{row}");
    let by_stake = common::felt()
        .args(["luck", "--by", "stake", "--payouts", "50,30,20", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&by_stake.stdout).contains("tournament (ICM)"));
    let hands = common::felt()
        .args(["luck", "--hands", "--payouts", "50,30,20", path.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&hands.stdout);
    assert!(text.contains("all in on the turn, counted in prizes by ICM\n"), "{text}");
    for (bad, says) in [
        ("50,-30", "place 2: `-30` is not a prize"),
        ("50,,20", "place 2: `` is not a prize"),
        ("0,0", "every prize is 0"),
        ("fifty", "place 1: `fifty` is not a prize"),
        ("inf", "place 1: `inf` is not a prize"),
    ] {
        let out = common::felt()
            .args(["luck", "--payouts", bad, path.to_str().unwrap()])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{bad}: {err}");
    }
}

#[test]
fn a_table_of_more_players_than_the_model_counts_stays_in_chips() {
    // Eighteen players with chips: the model's work doubles with each, and feltkit counts it
    // for at most sixteen.
    let stacks = vec!["100"; 18].join(", ");
    let mut blinds = vec!["0"; 18];
    blinds[0] = "1";
    blinds[1] = "2";
    let header = format!(
        "variant = 'NT'\n_tournament = true\nmin_bet = 2\nblinds_or_straddles = [{}]\nstarting_stacks = [{stacks}]\n",
        blinds.join(", ")
    );
    let mut actions: Vec<String> = (1..=18).map(|p| format!("d dh p{p} ????")).collect();
    actions.extend((3..=18).map(|p| format!("p{p} f")));
    actions.push("p1 f".into());
    let report = replay(&header, &actions);
    let luck = hand_luck_in_prizes(&report, Some(&[50.0, 30.0, 20.0])).unwrap();
    assert_eq!(luck.prizes, None);
    assert!(luck.unsettled.as_deref().is_some_and(|w| w.contains("more than 16")), "{luck:?}");
    assert_eq!(luck.net, hand_luck(&report).unwrap().net);
}
