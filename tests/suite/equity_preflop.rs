//! The heads-up preflop table answers exact preflop queries with the counts of enumeration,
//! to the last digit, for exact hands and weighted ranges.

use feltkit::card::Card;
use feltkit::equity::{
    calculate, calculate_by_enumeration, plan, preflop, Equity, Game, Method, Options, Query,
};
use feltkit::range::{Combo, HandClass};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Fewer random cases without optimizations (each enumeration then takes tens of ms).
fn cases(debug: usize, release: usize) -> usize {
    if cfg!(debug_assertions) {
        debug
    } else {
        release
    }
}

fn same_counts(a: &Equity, b: &Equity) -> bool {
    a.total == b.total
        && a.deals == b.deals
        && a.players.iter().zip(&b.players).all(|(x, y)| {
            (x.wins, x.ties, x.tie_share, x.equity) == (y.wins, y.ties, y.tie_share, y.equity)
        })
}

fn check(players: [String; 2]) {
    let q = Query::new(Game::Holdem, players);
    let table = calculate(&q);
    let enumerated = calculate_by_enumeration(&q, &Options::default());
    match (table, enumerated) {
        (Ok(a), Ok(b)) => {
            assert!(same_counts(&a, &b), "{:?}\ntable {a:?}\nenumeration {b:?}", q.players);
            assert_eq!(a.method, Method::Exhaustive);
        }
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        (a, b) => panic!("{:?}: table {a:?}, enumeration {b:?}", q.players),
    }
}

#[test]
fn random_exact_matchups_count_as_enumeration_does() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut deck: Vec<Card> = Card::all().collect();
    for _ in 0..cases(12, 400) {
        deck.shuffle(&mut rng);
        let hand = |i: usize| format!("{}{}", deck[i], deck[i + 1]);
        check([hand(0), hand(2)]);
    }
}

/// A random weighted range of a few parts: whole classes, single combos, pairs of combos.
fn random_range(rng: &mut Xoshiro256PlusPlus, classes: &[HandClass]) -> String {
    let parts = rng.random_range(1..=3);
    let mut out = Vec::new();
    for _ in 0..parts {
        let class = *classes.choose(rng).unwrap();
        let text = match rng.random_range(0..3) {
            0 => class.to_string(),
            1 => class.combos().choose(rng).unwrap().to_string(),
            _ => {
                let combos: Vec<Combo> = class.combos();
                let picked: Vec<String> =
                    combos.choose_multiple(rng, 2).map(|c| c.to_string()).collect();
                picked.join(",")
            }
        };
        let weight = match rng.random_range(0..3) {
            0 => String::new(),
            1 => format!(":{}", rng.random_range(1..1000) as f64 / 1000.0),
            _ => ":0.5".to_string(),
        };
        for t in text.split(',') {
            out.push(format!("{t}{weight}"));
        }
    }
    out.join(",")
}

#[test]
fn random_weighted_range_pairs_count_as_enumeration_does() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    let classes = HandClass::all();
    for _ in 0..cases(25, 2000) {
        check([random_range(&mut rng, &classes), random_range(&mut rng, &classes)]);
    }
}

#[test]
fn wide_ranges_against_one_hand_count_as_enumeration_does() {
    // Class-uniform against exact hands and partial classes: the per-class sums.
    for players in [["QQ+,AKs", "AhKd"], ["AcKc", "TT+,AQs+:0.5"], ["22+:0.25,AK", "AsKs,QQ"]] {
        check(players.map(String::from));
    }
}

#[test]
fn random_against_random_splits_every_pot_evenly() {
    // 1,326 x 1,225 ordered pairs of hands, each over C(48, 5) = 1,712,304 boards; by symmetry
    // each side wins as often as it loses.
    let e = calculate(&Query::new(Game::Holdem, ["random", "random"])).unwrap();
    assert_eq!(e.deals, 1_326 * 1_225 * 1_712_304);
    assert_eq!(e.total, e.deals as u128);
    assert_eq!(e.players[0].wins, e.players[1].wins);
    assert_eq!(e.players[0].equity, 0.5);
}

#[test]
fn seats_swapped_swap_wins_and_losses() {
    let table = preflop::table().unwrap();
    assert_eq!(table.len(), 47_008);
    let card = |s: &str| s.parse::<Card>().unwrap();
    let combo = |a: &str, b: &str| Combo::new(card(a), card(b)).unwrap();
    let (x, y) = (combo("Ah", "Kd"), combo("As", "Kc"));
    // Exchanging hearts with spades and diamonds with clubs maps one hand onto the other.
    let s = table.matchup(x, y).unwrap();
    assert_eq!(s.wins, s.losses);
    let (aces, kings) = (combo("Ah", "As"), combo("Kd", "Kc"));
    let ak = table.matchup(aces, kings).unwrap();
    let ka = table.matchup(kings, aces).unwrap();
    assert_eq!((ak.wins, ak.ties, ak.losses), (ka.losses, ka.ties, ka.wins));
    assert_eq!(ak.wins + ak.ties + ak.losses, 1_712_304);
    assert_eq!(table.matchup(aces, combo("Ah", "Kh")), None);
}

#[test]
fn dead_cards_and_monte_carlo_do_not_read_the_table() {
    let mut q = Query::new(Game::Holdem, ["AhKh", "QsQd"]);
    q.dead = "2c".into();
    let a = calculate(&q).unwrap();
    let b = calculate_by_enumeration(&q, &Options::default()).unwrap();
    assert!(same_counts(&a, &b));
    // 47 cards left: C(47, 5) boards.
    assert_eq!(a.deals, 1_533_939);
    let q = Query::new(Game::Holdem, ["random", "random"]);
    assert_eq!(plan(&q).unwrap().0, Method::Exhaustive);
}

#[test]
fn class_counts_include_card_removal() {
    let table = preflop::table().unwrap();
    let classes = HandClass::all();
    let (aa, kk, aks) = (classes[0], classes[1], classes[13]);
    // AA against KK: 6 x 6 pairs; AA against AKs: each ace pair leaves two aces, so 2 of the
    // 4 AKs.
    assert_eq!(table.class_vs_class(aa, kk).matchups, 36);
    assert_eq!(table.class_vs_class(aa, aks).matchups, 12);
    let c = table.class_vs_class(aa, kk);
    assert_eq!(c.wins + c.ties + c.losses, 36 * 1_712_304);
    // Pocket aces win about 82% against kings.
    let eq = (c.wins as f64 + c.ties as f64 / 2.0) / (36.0 * 1_712_304.0);
    assert!((0.81..0.83).contains(&eq), "{eq}");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
    let all: Vec<Combo> = Combo::all().collect();
    for _ in 0..50 {
        let a = *all.choose(&mut rng).unwrap();
        let b = *classes.choose(&mut rng).unwrap();
        let want: (u32, u64) = b
            .combos()
            .into_iter()
            .filter_map(|c| table.matchup(a, c))
            .fold((0, 0), |(n, w), s| (n + 1, w + s.wins as u64));
        let got = table.combo_vs_class(a, b);
        assert_eq!((got.matchups, got.wins), want, "{a} {b}");
    }
}

#[test]
fn one_hand_against_a_range_reads_as_the_engine_does() {
    let table = preflop::table().unwrap();
    let card = |s: &str| s.parse::<Card>().unwrap();
    let hand = Combo::new(card("Ah"), card("Kh")).unwrap();
    let text = "QQ+:0.5,AKs,JTs:0.25,AhQd";
    let range = feltkit::range::Range::parse(text).unwrap();
    let c = table.hand_vs_range(hand, &range);
    // QQ+ 18 combos less the 3 AA and 3 KK holding a heart ace or king; AKs 3 left; JTs 4; AhQd
    // shares the ace.
    assert_eq!(c.matchups, 12 + 3 + 4);
    let e = calculate(&Query::new(Game::Holdem, ["AhKh", text])).unwrap();
    // Same fractions: the engine divides the weights by their common factor (250).
    assert_eq!(c.weight * 1_712_304, e.total * 250);
    assert_eq!(c.wins, e.players[0].wins * 250);
    assert_eq!(c.ties, e.players[0].ties * 250);
    assert!((c.equity() - e.players[0].equity).abs() < 1e-12);
}
