//! `felt luck` and `feltkit::luck`: each all-in expectation against the rules engine's own
//! payouts averaged over every card still to come (each completion of the hand replayed as a
//! record of its own), and against hand-counted outs.

use crate::common;

use feltkit::card::{parse_cards, Card, Deck};
use feltkit::luck::{hand_luck, HandLuck, Ledger};
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

/// What each player wins or loses on average when the hand `prefix` (up to the all-in) is
/// finished by each of `completions` in turn: the engine's own payouts, averaged.
fn average_result(header: &str, prefix: &[&str], completions: &[Vec<String>]) -> Vec<f64> {
    let mut sum: Vec<f64> = Vec::new();
    for rest in completions {
        let mut actions = strings(prefix);
        actions.extend(rest.iter().cloned());
        let r = replay(header, &actions);
        let outcome = r.outcome.as_ref().unwrap_or_else(|| panic!("{actions:?}: {:?}", r.status));
        let start = &r.table.as_ref().unwrap().starting;
        if sum.is_empty() {
            sum = vec![0.0; start.len()];
        }
        for (s, (f, b)) in sum.iter_mut().zip(outcome.final_stacks.iter().zip(start)) {
            *s += (f.0 - b.0) as f64;
        }
    }
    sum.iter().map(|s| s / completions.len() as f64).collect()
}

/// The cards not named in `known`.
fn rest_of_deck(known: &str) -> Vec<Card> {
    let seen = parse_cards(known, Deck::Standard).unwrap();
    Card::all().filter(|c| !seen.contains(c)).collect()
}

/// Checks a hand's luck: its expectation equals the average of every completion, the adjusted
/// results add up to the actual ones, and luck is the difference.
fn check_against_every_completion(
    header: &str,
    prefix: &[&str],
    dealt: &[&str],
    completions: &[Vec<String>],
) -> HandLuck {
    let mut actions = strings(prefix);
    actions.extend(strings(dealt));
    let report = replay(header, &actions);
    let luck = hand_luck(&report).unwrap_or_else(|| panic!("{:?}", report.status));
    assert!(luck.all_in.is_some(), "{luck:?}");
    let want = average_result(header, prefix, completions);
    for (i, (got, want)) in luck.expected.iter().zip(&want).enumerate() {
        assert!(
            (got - want).abs() < 1e-9,
            "p{}: expected {got}, every completion gives {want}",
            i + 1
        );
    }
    let total = |v: &[f64]| v.iter().sum::<f64>();
    assert!((total(&luck.expected) - total(&luck.net)).abs() < 1e-9);
    for ((l, n), e) in luck.luck().iter().zip(&luck.net).zip(&luck.expected) {
        assert!((l - (n - e)).abs() < 1e-12);
    }
    luck
}

/// Heads-up, AcKd against QsQh, all in on the turn (Ah 7d 2c 3s) for 200 chips.
const TURN_ALL_IN: [&str; 10] = [
    "d dh p1 AcKd",
    "d dh p2 QsQh",
    "p2 cc",
    "p1 cc",
    "d db Ah7d2c",
    "p1 cc",
    "p2 cc",
    "d db 3s",
    "p1 cbr 98",
    "p2 cc",
];

#[test]
fn a_turn_all_in_counts_the_outs_by_hand() {
    // AcKd against QsQh on Ah 7d 2c 3s: the two queens left save p2, the other 42 rivers
    // give p1 the 200 chips.
    let header = "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\nplayers = ['Ann', 'Bob']\n";
    let prefix = TURN_ALL_IN;
    let river: Vec<Vec<String>> =
        rest_of_deck("AcKdQsQhAh7d2c3s").iter().map(|c| vec![format!("d db {c}")]).collect();
    assert_eq!(river.len(), 44);
    let luck = check_against_every_completion(header, &prefix, &["d db Qc"], &river);
    assert_eq!(luck.net, [-100.0, 100.0]);
    assert!((luck.expected[0] - (200.0 * 42.0 / 44.0 - 100.0)).abs() < 1e-9);
    let pot = &luck.all_in.as_ref().unwrap().pots[0];
    assert_eq!(pot.amount, 200.0);
    assert!(pot.exact);
    assert!((pot.shares[1].1 - 2.0 / 44.0).abs() < 1e-12);
    assert_eq!(luck.all_in.as_ref().unwrap().street, "turn");
}

#[test]
fn three_way_on_the_flop_with_a_side_pot_matches_every_turn_and_river() {
    // p1 is all in for 50 on the flop, p2 and p3 for 100: a main pot of 150 for all three,
    // a side pot of 100 for p2 and p3.
    let header = "variant = 'NT'\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\nstarting_stacks = [50, 100, 100]\n";
    let prefix = [
        "d dh p1 AhAd",
        "d dh p2 KsKc",
        "d dh p3 QhJh",
        "p3 cc",
        "p1 cc",
        "p2 cc",
        "d db 9h8h2c",
        "p1 cbr 48",
        "p2 cbr 98",
        "p3 cc",
    ];
    let deck = rest_of_deck("AhAdKsKcQhJh9h8h2c");
    let mut runouts = Vec::new();
    for (k, a) in deck.iter().enumerate() {
        for b in &deck[k + 1..] {
            runouts.push(vec![format!("d db {a}"), format!("d db {b}")]);
        }
    }
    assert_eq!(runouts.len(), 43 * 42 / 2);
    let luck = check_against_every_completion(header, &prefix, &["d db 3c", "d db 4d"], &runouts);
    let pots = &luck.all_in.as_ref().unwrap().pots;
    assert_eq!(pots.iter().map(|p| p.amount).collect::<Vec<_>>(), [150.0, 100.0]);
    assert_eq!(pots[1].shares.iter().map(|s| s.0).collect::<Vec<_>>(), [1, 2]);
}

#[test]
fn omaha_hi_lo_on_the_turn_matches_every_river() {
    // Fixed-limit Omaha hi-lo, heads-up, both all in on the turn for a pot of 20: halves of
    // 10, quarters of 5, so every split is whole chips.
    let header = "variant = 'FO/8'\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\nstarting_stacks = [10, 10]\n";
    let prefix = [
        "d dh p1 Ah2h3cKd",
        "d dh p2 AsKs4d5d",
        "p2 cbr 4",
        "p1 cc",
        "d db 7c8h9s",
        "p1 cbr 2",
        "p2 cc",
        "d db Qd",
        "p1 cbr 4",
        "p2 cc",
    ];
    let river: Vec<Vec<String>> = rest_of_deck("Ah2h3cKdAsKs4d5d7c8h9sQd")
        .iter()
        .map(|c| vec![format!("d db {c}")])
        .collect();
    let luck = check_against_every_completion(header, &prefix, &["d db 6h"], &river);
    assert_eq!(luck.all_in.as_ref().unwrap().pots[0].amount, 20.0);
}

#[test]
fn stud_on_sixth_street_matches_every_seventh_street() {
    // Seven-card stud, both all in after sixth street's betting: each gets one more card face
    // down, 40 * 39 ways.
    let header = "variant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\nstarting_stacks = [31, 31]\n";
    let prefix = [
        "d dh p1 AsAhKd",
        "d dh p2 5c6c3c",
        "p2 pb",
        "p1 cbr 5",
        "p2 cc",
        "d dh p1 Qd",
        "d dh p2 8c",
        "p1 cbr 5",
        "p2 cc",
        "d dh p1 Jc",
        "d dh p2 9d",
        "p1 cbr 10",
        "p2 cc",
        "d dh p1 9s",
        "d dh p2 2h",
        "p1 cbr 10",
        "p2 cc",
    ];
    let deck = rest_of_deck("AsAhKd5c6c3cQd8cJc9d9s2h");
    let mut sevenths = Vec::new();
    for a in &deck {
        for b in deck.iter().filter(|b| *b != a) {
            sevenths.push(vec![format!("d dh p1 {a}"), format!("d dh p2 {b}")]);
        }
    }
    let luck =
        check_against_every_completion(header, &prefix, &["d dh p1 2d", "d dh p2 Tc"], &sevenths);
    assert_eq!(luck.all_in.as_ref().unwrap().street, "6th street");
}

#[test]
fn turnover_all_in_before_the_flop_is_settled_once_every_card_is_turned_up() {
    // All in before the flop: which card each player turns up after it is a choice, not luck,
    // so the moment comes once both have (p1 keeps AsAh, p2 QcQd): every turn and river of the
    // 43 cards left then, the turned-up Kd and Jh out of the deck.
    let header =
        "variant = 'turnover'\nblinds_or_straddles = [5, 10]\nstarting_stacks = [20, 20]\n";
    let prefix = [
        "d dh p1 AsAhKd",
        "d dh p2 QcQdJh",
        "p1 cbr 10",
        "p2 cc",
        "d db 2s7c9d",
        "p1 sd Kd",
        "p2 sd Jh",
    ];
    let deck = rest_of_deck("AsAhKdQcQdJh2s7c9d");
    let mut runouts = Vec::new();
    for (k, a) in deck.iter().enumerate() {
        for b in &deck[k + 1..] {
            runouts.push(vec![format!("d db {a}"), format!("d db {b}")]);
        }
    }
    assert_eq!(runouts.len(), 43 * 42 / 2);
    let luck = check_against_every_completion(header, &prefix, &["d db 3c", "d db Qh"], &runouts);
    let all_in = luck.all_in.as_ref().unwrap();
    assert_eq!((all_in.street.as_str(), all_in.pots[0].amount), ("flop", 40.0));
    assert!(all_in.pots[0].exact);
}

#[test]
fn a_hand_without_an_all_in_has_no_luck() {
    let header =
        "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n";
    let r = replay(header, &strings(&["d dh p1 AcKd", "d dh p2 QsQh", "p2 cbr 6", "p1 f"]));
    let luck = hand_luck(&r).unwrap();
    assert!(luck.all_in.is_none() && luck.unsettled.is_none());
    assert_eq!(luck.net, [-2.0, 2.0]);
    assert_eq!(luck.expected, luck.net);
}

#[test]
fn an_all_in_whose_cards_are_not_known_is_listed_not_guessed() {
    let header =
        "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n";
    let actions = strings(&[
        "d dh p1 AcKd",
        "d dh p2 ????",
        "p2 cbr 100",
        "p1 cc",
        "d db Ah7d2c",
        "d db 3s",
        "d db Qc",
        "p1 sm AcKd",
        "p2 sm QsQh",
    ]);
    let shown = hand_luck(&replay(header, &actions)).unwrap();
    // Shown at the showdown: known all along.
    assert!(shown.all_in.is_some(), "{shown:?}");
    let mut hidden = actions.clone();
    hidden.truncate(7);
    hidden.push("p1 sm AcKd".into());
    let r = replay(header, &hidden);
    let luck = hand_luck(&r);
    // The pot cannot be awarded without p2's cards: not counted at all, with its status.
    assert!(luck.is_none(), "{luck:?}");
}

#[test]
fn every_sample_site_hand_adds_up_to_no_luck() {
    let mut ledger = Ledger::default();
    for dir in ["ggpoker", "pokerstars", "winamax"] {
        let format = feltkit::import::Format::named(dir).unwrap();
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(dir);
        for file in std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()) {
            if file.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            let bytes = std::fs::read(&file).unwrap();
            let hands = feltkit::import::read_hands(format, &bytes[..]).map_while(Result::ok);
            let source = file.display().to_string();
            for r in hands.flat_map(|h| h.replay(&source, true)) {
                let Some(luck) = hand_luck(&r) else { continue };
                // What the players took from the pots they won by luck the others lost; only
                // money the room paid outside the pot (insurance, cashouts) comes from
                // elsewhere.
                let sum: f64 = luck.luck().iter().sum();
                let unit = 10f64.powi(i32::from(r.places));
                let outside: f64 =
                    r.outcome.as_ref().unwrap().outside.iter().map(|c| c.0 as f64 / unit).sum();
                assert!((sum - outside).abs() < 1e-9, "{}: luck adds up to {sum}", r.label);
                ledger.add(&r.label, &luck);
            }
        }
    }
    assert!(ledger.all_in >= 5, "{ledger:?}");
}

#[test]
fn felt_luck_writes_each_player_and_what_it_counted() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let hand = "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\nplayers = ['Ann', 'Bob']\nactions = ['d dh p1 AcKd', 'd dh p2 QsQh', 'p2 cc', 'p1 cc', 'd db Ah7d2c', 'p1 cc', 'p2 cc', 'd db 3s', 'p1 cbr 98', 'p2 cc', 'd db Qc']\n";
    let unknown = "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = ['d dh p1 AcKd', 'd dh p2 ????', 'p2 cbr 100', 'p1 cc', 'd db Ah7d2c', 'd db 3s', 'd db Qc', 'p1 sm AcKd']\n";
    std::fs::write(dir.join("a.phh"), hand).unwrap();
    std::fs::write(dir.join("b.phh"), unknown).unwrap();
    // p2's cards never shown, and the record gives p1 the pot: settled as p2's loss, but the
    // all-in cannot be.
    std::fs::write(dir.join("c.phh"), format!("{unknown}finishing_stacks = [200, 0]\n")).unwrap();
    let out = common::felt().args(["luck", "--hands", dir.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("all in on the turn"), "{text}");
    assert!(text.contains("Ann 95.45%, Bob 4.55%"), "{text}");
    assert!(text.contains("Ann: won -100.00, all-in EV +90.91, luck -190.91"), "{text}");
    assert!(text.contains("not counted: ") && text.contains("b.phh"), "{text}");
    assert!(
        text.contains("not settled: ")
            && text.contains("c.phh: all in with the cards of p2 not known (counted as dealt)"),
        "{text}"
    );
    assert!(text.contains("2 hands in 3 files: 1 all in with cards to come and settled by expectation, 1 all in but not settled, 1 not counted"), "{text}");
    let out = common::felt().args(["luck", "--json", dir.to_str().unwrap()]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["players"][0]["player"], "Ann");
    assert_eq!(v["players"][0]["luck"], -190.909091);
    assert_eq!(v["not_counted"].as_array().unwrap().len(), 1);
    let out = common::felt().args(["luck", "--csv", dir.to_str().unwrap()]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("player,hands,all_in,won,all_in_ev,luck,"), "{text}");
    assert!(text.contains("\nBob,1,1,100.00,-90.91,190.91,"), "{text}");
    // Per game and stake: the group's columns after the player's.
    let out = common::felt()
        .args(["luck", "--by", "game", "--by", "stake", "--csv", dir.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("player,game,stake,hands,"), "{text}");
    assert!(text.contains("\nAnn,NT,1/2,1,1,-100.00,90.91,-190.91,"), "{text}");
    let out =
        common::felt().args(["luck", "--by", "seat", dir.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("possible values: game, stake"));
    let out =
        common::felt().args(["luck", dir.join("none.phh").to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// The reports of every hand of a GG text.
fn gg_reports(text: &str) -> Vec<feltkit::phh::HandReport> {
    let format = feltkit::import::Format::named("ggpoker").unwrap();
    let hands = feltkit::import::read_hands(format, text.as_bytes()).map_while(Result::ok);
    hands.flat_map(|h| h.replay("t", true)).collect()
}

#[test]
fn the_rooms_ev_cashout_is_put_beside_its_rule_counted_with_exact_equity() {
    // Hero's aces against queens, all in; Hero cashes out on the turn (5h 7c 2d 4s): the
    // queens win with the two queens left of the 44 rivers. The rule: the pot after rake and
    // jackpot (16.10 - 0.30 - 0.10 = 15.70) x 42/44 x 99% = 14.8365; the room paid 14.83.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ggpoker");
    let text = std::fs::read_to_string(path.join("ev_cashout.txt")).unwrap();
    let luck = hand_luck(&gg_reports(&text)[0]).unwrap();
    let [c] = &luck.cashouts[..] else { panic!("{:?}", luck.cashouts) };
    let rule = 15.70 * 42.0 / 44.0 * 0.99;
    assert_eq!((c.player, c.line, c.street.as_str()), (0, 21, "turn"));
    assert!((c.room - 14.83).abs() < 1e-9 && (c.rule - rule).abs() < 1e-9, "{c:?}");
    assert!((c.equity - 42.0 / 44.0).abs() < 1e-12 && c.agrees(), "{c:?}");
    // A room that paid 14.00 is 0.8365 short of its rule.
    let short = text.replace("($14.83)", "($14.00)");
    let luck = hand_luck(&gg_reports(&short)[0]).unwrap();
    let c = &luck.cashouts[0];
    assert!(!c.agrees() && (c.room - c.rule + 0.8365).abs() < 1e-9, "{c:?}");
    // Chosen on the flop too (5h 7c 2d: 990 turn and river pairs): the text pays one sum for
    // both, which is not compared.
    let twice = text.replace(
        "*** TURN *** [5h 7c 2d] [4s]\n",
        "Hero: Chooses to EV Cashout\n*** TURN *** [5h 7c 2d] [4s]\n",
    );
    let luck = hand_luck(&gg_reports(&twice)[0]).unwrap();
    assert_eq!(luck.cashouts.len(), 2);
    assert!(luck.cashouts.iter().all(|c| c.not_compared.is_some() && !c.agrees()));
    assert_eq!(luck.cashouts[0].street, "flop");
    // The offer survives the hand's PHH text (`felt convert`): the same check from it.
    let format = feltkit::import::Format::named("ggpoker").unwrap();
    let phh = feltkit::import::split(format, text.as_bytes())[0].convert().phh;
    let from_phh = hand_luck(&feltkit::phh::replay_text(&phh, "p", true).remove(0)).unwrap();
    assert_eq!(from_phh.cashouts, hand_luck(&gg_reports(&text)[0]).unwrap().cashouts);
}

#[test]
fn an_all_in_insurance_is_put_beside_the_chance_of_losing_counted_runout_by_runout() {
    // Hero (Ks Kd 9h 8h) insures against Ac Qd Jd Tc on Kc 8s 3d: a premium of 1.20 for a
    // cover of 15. The chance of losing the pot: every turn and river of the 41 cards left,
    // both hands ranked with the Omaha evaluator.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ggpoker");
    let text = std::fs::read_to_string(path.join("insurance.txt")).unwrap();
    let luck = hand_luck(&gg_reports(&text)[0]).unwrap();
    let [c] = &luck.insurance[..] else { panic!("{:?}", luck.insurance) };
    let cards = |t: &str| parse_cards(t, Deck::Standard).unwrap();
    let (hero, villain, flop) = (cards("KsKd9h8h"), cards("AcQdJdTc"), cards("Kc8s3d"));
    let rest = rest_of_deck("KsKd9h8hAcQdJdTcKc8s3d");
    let (mut lost, mut runouts) = (0u32, 0u32);
    for (k, &turn) in rest.iter().enumerate() {
        for &river in &rest[k + 1..] {
            let board = [flop[0], flop[1], flop[2], turn, river];
            let rank = |hole: &[Card]| feltkit::eval::omaha::evaluate(hole, &board).unwrap();
            runouts += 1;
            lost += u32::from(rank(&villain) > rank(&hero));
        }
    }
    assert_eq!(runouts, 820);
    let loss = f64::from(lost) / f64::from(runouts);
    assert_eq!((c.player, c.line, c.street.as_str()), (0, 20, "flop"));
    assert!((c.premium - 1.2).abs() < 1e-9 && (c.cover - 15.0).abs() < 1e-9, "{c:?}");
    assert!((c.price() - 0.08).abs() < 1e-12);
    assert!((c.loss - loss).abs() < 1e-12 && (c.fair - 15.0 * loss).abs() < 1e-9, "{c:?}");
    // The insurance survives the hand's PHH text (`felt convert`): the same check from it.
    let format = feltkit::import::Format::named("ggpoker").unwrap();
    let phh = feltkit::import::split(format, text.as_bytes())[0].convert().phh;
    assert!(phh.contains("board = \"Kc8s3d\""), "{phh}");
    let from_phh = hand_luck(&feltkit::phh::replay_text(&phh, "p", true).remove(0)).unwrap();
    assert_eq!(from_phh.insurance, luck.insurance);
    // In parts, a mandatory part is not compared: GG does not say which pot it covers.
    let parts = std::fs::read_to_string(path.join("insurance_in_parts.txt")).unwrap();
    let luck = hand_luck(&gg_reports(&parts)[0]).unwrap();
    let [c] = &luck.insurance[..] else { panic!("{:?}", luck.insurance) };
    assert!(c.not_compared.as_deref().is_some_and(|w| w.contains("Mandatory")), "{c:?}");
    // With its mandatory part moved to the main pot, it is.
    let main = parts.replace("Mandatory/Main/Sub", "Main/Main/Sub");
    let luck = hand_luck(&gg_reports(&main)[0]).unwrap();
    assert_eq!(luck.insurance[0].not_compared, None, "{:?}", luck.insurance);
}

/// The real GGPoker hand histories a user can point this at (not part of the repository):
/// every EV Cashout the room paid, beside its rule counted with exact equity; most agree to
/// the cent, and the middle one is within a cent.
/// `FELTKIT_GGPOKER_DIR=... cargo test --release --test suite real_ggpoker_ev -- --ignored
/// --nocapture`.
#[test]
#[ignore]
fn real_ggpoker_ev_cashouts_are_the_rooms_rule_to_the_cent() {
    let Ok(dir) = std::env::var("FELTKIT_GGPOKER_DIR") else { return };
    let mut files = Vec::new();
    let mut todo = vec![std::path::PathBuf::from(dir)];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().path()) {
            if e.is_dir() {
                todo.push(e);
            } else if e.extension().is_some_and(|x| x == "txt") {
                files.push(e);
            }
        }
    }
    files.sort();
    let (mut diffs, mut seen) = (Vec::new(), std::collections::BTreeSet::new());
    for file in files {
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        if !text.contains("Chooses to EV Cashout") {
            continue;
        }
        for r in gg_reports(&text) {
            let Some(luck) = hand_luck(&r) else { continue };
            for c in &luck.cashouts {
                if !seen.insert((r.hand.clone(), c.line)) {
                    continue;
                }
                println!("{} line {}: {:?}", r.hand.as_deref().unwrap_or("?"), c.line, c);
                if c.not_compared.is_none() {
                    diffs.push(c.room - c.rule);
                }
            }
        }
    }
    diffs.sort_by(f64::total_cmp);
    let agree = diffs.iter().filter(|d| d.abs() < 0.01 + 1e-9).count();
    println!("{} compared, {agree} agree to the cent: {diffs:?}", diffs.len());
    assert!(diffs.len() >= 15 && 2 * agree > diffs.len(), "{diffs:?}");
    assert!(diffs[diffs.len() / 2].abs() < 0.01, "{diffs:?}");
}

/// Over random hands dealt by `felt deal` (all-ins made often), what the cards gave each
/// player beyond their all-in expectation adds up to nothing, within three standard errors
/// (each hand's luck has mean zero: its square estimates its variance), in every game whose
/// equity feltkit counts. The hands per game are few enough to run on every change; set
/// `FELTKIT_LUCK_DEALT=100000` for the full count (docs/luck.md gives its results).
#[test]
fn dealt_all_ins_give_no_luck_on_average() {
    let scale: usize =
        std::env::var("FELTKIT_LUCK_DEALT").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    // The game's `felt deal` arguments and the hands dealt on every change (about as many
    // all-in moments settle in a second or two on one core).
    let games: [(&[&str], usize); 11] = [
        (&["-g", "NT"], 4000),
        (&["-g", "NS"], 600),
        (&["-g", "PO"], 120),
        (&["-g", "PO", "--hole-cards", "5"], 100),
        (&["-g", "PO", "--hole-cards", "6"], 100),
        // Fixed limit: short stacks, to be all in often.
        (&["-g", "FO/8", "--stacks", "12"], 600),
        (&["-g", "F7S", "--players", "2", "--stacks", "30"], 300),
        (&["-g", "F7S/8", "--players", "2", "--stacks", "30"], 300),
        (&["-g", "FR", "--players", "2", "--stacks", "30"], 200),
        (&["-g", "americana"], 60),
        (&["-g", "turnover", "--stacks", "20"], 1500),
    ];
    for (args, hands) in games {
        let hands = if scale > 0 { scale } else { hands };
        let n = hands.to_string();
        let mut cmd = common::felt();
        // Nobody mucks at the showdown: a hand mucked that would have won a share (a low, in
        // high-low) gives that share up, which no equity foresees.
        let play = ["-n", &n, "--raise", "60", "--fold", "10", "--muck", "0", "--seed", "7"];
        cmd.arg("deal").args(args).args(play);
        if !args.contains(&"--players") {
            cmd.args(["--players", "2-4"]);
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let (mut sum, mut squares, mut settled) = ([0.0f64; 9], [0.0f64; 9], 0);
        for r in feltkit::phh::replay_text(&text, "dealt", false) {
            let luck =
                hand_luck(&r).unwrap_or_else(|| panic!("{args:?} {}: {:?}", r.label, r.status));
            assert!(luck.unsettled.is_none(), "{args:?} {}: {:?}", r.label, luck.unsettled);
            settled += usize::from(luck.all_in.is_some());
            for (p, x) in luck.luck().iter().enumerate() {
                sum[p] += x;
                squares[p] += x * x;
            }
        }
        assert!(settled * 4 > hands, "{args:?}: only {settled} of {hands} hands all in");
        for p in (0..9).filter(|&p| squares[p] > 0.0) {
            let z = sum[p] / squares[p].sqrt();
            println!("{args:?} p{}: {hands} hands, {settled} all in, luck {:+.1} = {z:+.2} standard errors", p + 1, sum[p]);
            assert!(
                z.abs() < 3.0,
                "{args:?} p{}: luck {} is {z:.2} standard errors",
                p + 1,
                sum[p]
            );
        }
    }
}

#[test]
fn a_board_run_twice_keeps_the_expectation_of_one_run() {
    // The turn all-in above, run twice: each run's river takes half the pot, 100 chips. The
    // expectation is the one run's (42 of 44 rivers for p1), and the engine's payouts averaged
    // over every pair of rivers (44 x 43) give it.
    let header =
        "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n";
    let prefix: Vec<&str> = TURN_ALL_IN.iter().copied().chain(["p1 _runs 2"]).collect();
    let deck = rest_of_deck("AcKdQsQhAh7d2c3s");
    let mut pairs = Vec::new();
    for a in &deck {
        for b in deck.iter().filter(|b| *b != a) {
            pairs.push(vec![format!("d db {a}"), format!("d db {b}")]);
        }
    }
    assert_eq!(pairs.len(), 44 * 43);
    // One run to each: p2's queen on the first river, p1's king on the second.
    let luck = check_against_every_completion(header, &prefix, &["d db Qc", "d db Kc"], &pairs);
    assert_eq!(luck.net, [0.0, 0.0]);
    assert!((luck.expected[0] - (200.0 * 42.0 / 44.0 - 100.0)).abs() < 1e-9);
}

#[test]
fn a_heads_up_preflop_all_in_is_every_board_counted() {
    // AsAd against 7c2h, all in before the flop for 200: p1's share is the boards it wins
    // plus half those it ties, of all 1,712,304, each counted here with the evaluator (the
    // luck's equity comes from the preflop table).
    let header =
        "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n";
    let prefix = ["d dh p1 AsAd", "d dh p2 7c2h", "p2 cbr 100", "p1 cc"];
    let report = replay(
        header,
        &strings(&prefix)
            .into_iter()
            .chain(strings(&["d db Kh9s3d", "d db 4c", "d db 5h"]))
            .collect::<Vec<_>>(),
    );
    let luck = hand_luck(&report).unwrap();
    let deck = rest_of_deck("AsAd7c2h");
    let eval = |cards: &[Card]| feltkit::eval::standard::evaluate(cards).unwrap();
    let (mut wins, mut ties, mut boards) = (0u64, 0u64, 0u64);
    let n = deck.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let board = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                        let hand = |x: &str| {
                            let mut v = parse_cards(x, Deck::Standard).unwrap();
                            v.extend(board);
                            eval(&v)
                        };
                        let (p1, p2) = (hand("AsAd"), hand("7c2h"));
                        boards += 1;
                        wins += u64::from(p1 > p2);
                        ties += u64::from(p1 == p2);
                    }
                }
            }
        }
    }
    assert_eq!(boards, 1_712_304);
    let share = (wins as f64 + ties as f64 / 2.0) / boards as f64;
    assert!((luck.expected[0] - (200.0 * share - 100.0)).abs() < 1e-9, "{luck:?} {share}");
    assert_eq!(luck.all_in.as_ref().unwrap().street, "preflop");
}
