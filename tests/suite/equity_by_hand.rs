//! Equity hand by hand: the parts add up, integer for integer, to the plain calculation, and
//! each combo's counts agree with a slow enumeration written here from the rules.

use feltkit::card::{parse_cards, Card, CardSet, Deck};
use feltkit::equity::{
    by_hand, by_hand_with, calculate, ByHand, Game, HandCounts, Method, Options, Query,
};
use feltkit::eval::reference::{best_of, standard5};
use feltkit::range::{Combo, Range};

fn query(players: &[&str], board: &str, dead: &str, method: Method) -> Query {
    let mut q = Query::new(Game::Holdem, players.iter().copied());
    q.board = board.into();
    q.dead = dead.into();
    q.method = method;
    q
}

/// Each player's combos' counts, added up.
fn sums(b: &ByHand, p: usize) -> HandCounts {
    let mut s = HandCounts::default();
    for h in &b.players[p] {
        s.add(&h.counts);
    }
    s
}

/// The sum of every player's parts is the plain calculation's counts, exactly: the same wins,
/// ties, tie shares, weighted total and deals, through each of the exhaustive ways (exact hands,
/// board first, matchup first; heads-up and three-way; weighted ranges; dead cards).
#[test]
fn by_hand_counts_add_up_to_the_plain_counts_exactly() {
    for (players, board, dead) in [
        (&["AhKh", "QsQd"][..], "Js7c2d", ""),
        (&["QQ+,AKs", "JJ-99,AQs"][..], "", ""),
        (&["QQ+,AKs", "random"][..], "Ts9s2d", ""),
        (&["22+,A2s+,KTo+", "random"][..], "Ts9s2d4c", "Ah"),
        (&["AA:0.5,KK,AKs", "QQ+,AQs:0.25,T9s"][..], "Ts9s2d", "Ah"),
        (&["AA,KK,AKs:0.3", "QQ,JTs", "AhQh,99"][..], "Ts9s2d", ""),
        (&["JJ-88", "AK,KQs"][..], "", ""),
    ] {
        let q = query(players, board, dead, Method::Exhaustive);
        let plain = calculate(&q).unwrap();
        let b = by_hand(&q).unwrap();
        assert_eq!(b.equity, plain, "{players:?} {board}");
        for (p, pe) in plain.players.iter().enumerate() {
            let s = sums(&b, p);
            assert_eq!(
                (s.wins, s.ties, s.tie_share, s.total, s.deals),
                (pe.wins, pe.ties, pe.tie_share, plain.total, plain.deals),
                "{players:?} {board} player {p}"
            );
            // Weighted by share, the classes' equities give the player's equity.
            let classes = b.classes(p);
            let sum: f64 = classes.iter().map(|c| b.share(&c.counts) * c.counts.equity()).sum();
            assert!((sum - pe.equity).abs() < 1e-12, "{sum} vs {}", pe.equity);
        }
    }
}

/// A combo's counts by the rules: every opposing combo that shares no card with it (or with the
/// board and dead cards), each counted its weight times, every completion of the board, each
/// hand worth its best five cards.
fn slow_counts(mine: Combo, others: &[(Combo, u64)], board: &[Card], dead: &[Card]) -> [u64; 4] {
    let mut used: CardSet = board.iter().chain(dead).copied().collect();
    used = used.union(mine.set());
    let [mut total, mut wins, mut ties, mut halves] = [0u64; 4];
    for &(o, w) in others.iter().filter(|(o, _)| o.set().is_disjoint(used)) {
        let taken = used.union(o.set());
        let deck: Vec<Card> = Card::all().filter(|c| !taken.contains(*c)).collect();
        let mut boards: Vec<Vec<Card>> = vec![board.to_vec()];
        for _ in board.len()..5 {
            boards = boards
                .into_iter()
                .flat_map(|b| {
                    let last = b.last().copied().filter(|_| b.len() > board.len());
                    deck.iter()
                        .filter(move |c| last.is_none_or(|l| c.index() > l.index()))
                        .map(move |c| [b.clone(), vec![*c]].concat())
                        .collect::<Vec<_>>()
                })
                .collect();
        }
        for b in boards {
            let value = |c: Combo| best_of(&[&b[..], &c.cards()[..]].concat(), standard5);
            let (x, y) = (value(mine), value(o));
            total += w;
            if x > y {
                wins += w;
            } else if x == y {
                ties += w;
                halves += w;
            }
        }
    }
    [total, wins, ties, halves]
}

#[test]
fn each_combo_and_class_agrees_with_a_slow_enumeration_by_the_rules() {
    for (players, board) in [
        (["AA,KK,AKs,87s", "QQ+,JTs,T9s"], "Ts9s2d4h"),
        (["AA,KK,AKs,87s", "QQ+,JTs,T9s"], "Ts9s2d4h5s"),
        (["AhKh,QsQd,7c7d", "random"], "Ts9s2d4h5s"),
        (["AA:0.5,KK,AKs:0.25", "QQ+:0.75,JTs,T9s:0.5"], "Ts9s2d4h"),
    ] {
        let q = query(&players, board, "", Method::Exhaustive);
        let b = by_hand(&q).unwrap();
        let board = parse_cards(board, Deck::Standard).unwrap();
        let blocked: CardSet = board.iter().copied().collect();
        // Weights in thousandths: the engine's counts are in its own units (weights over their
        // common factor), so the fractions are compared, to the last bits of a double.
        let range = |p: usize| -> Vec<(Combo, u64)> {
            Range::parse(players[p])
                .unwrap()
                .combos()
                .filter(|(c, _)| c.set().is_disjoint(blocked))
                .map(|(c, w)| (c, u64::from(w)))
                .collect()
        };
        for p in 0..2 {
            let others = range(1 - p);
            // Each combo's slow counts, times its own weight.
            let slow: Vec<[u64; 4]> = b.players[p]
                .iter()
                .map(|h| {
                    slow_counts(h.combo, &others, &board, &[]).map(|x| x * u64::from(h.weight))
                })
                .collect();
            // The engine's unit: its total over the slow total (1/10^6 without weights).
            let unit = b.equity.total as f64 / slow.iter().map(|s| s[0] as f64).sum::<f64>();
            let unweighted = !players.iter().any(|r| r.contains(':'));
            let mut classes: std::collections::HashMap<String, [u64; 4]> = Default::default();
            for (h, slow) in b.players[p].iter().zip(&slow) {
                let class = classes.entry(h.combo.class().to_string()).or_default();
                for (c, x) in class.iter_mut().zip(slow) {
                    *c += x;
                }
                let what = format!("{} of player {p} in {players:?}", h.combo);
                let c = h.counts;
                if unweighted {
                    let [total, wins, ties, halves] = slow.map(|x| u128::from(x / 1_000_000));
                    assert_eq!(
                        (c.total, c.wins, c.ties, c.tie_share),
                        (total, wins, ties, halves * 1260),
                        "{what}"
                    );
                }
                let [total, wins, ties, halves] = slow.map(|x| x as f64);
                assert!((c.total as f64 - total * unit).abs() <= 1e-9 * total * unit, "{what}");
                assert!((c.equity() - (wins + halves / 2.0) / total).abs() < 1e-12, "{what}");
                assert!((c.win() - wins / total).abs() < 1e-12, "{what}");
                assert!((c.tie() - ties / total).abs() < 1e-12, "{what}");
            }
            for class in b.classes(p) {
                let [total, wins, ties, halves] =
                    classes[&class.class.to_string()].map(|x| x as f64);
                let what = format!("{} of player {p} in {players:?}", class.class);
                let c = class.counts;
                assert!((b.share(&c) - total * unit / b.equity.total as f64).abs() < 1e-12);
                assert!((c.equity() - (wins + halves / 2.0) / total).abs() < 1e-12, "{what}");
                assert!((c.win() - wins / total).abs() < 1e-12, "{what}");
                assert!((c.tie() - ties / total).abs() < 1e-12, "{what}");
            }
        }
    }
}

/// Monte Carlo hand by hand draws the plain calculation's deals: the same seed gives the same
/// totals as the plain run, and the same per-combo counts on any thread count.
#[test]
fn monte_carlo_by_hand_is_the_plain_run_recorded_hand_by_hand() {
    for players in [&["QQ+,AKs", "random"][..], &["AA,KK", "QQ,JJ,AK", "random"][..]] {
        let mut q = query(players, "", "", Method::MonteCarlo);
        q.iterations = Some(50_000);
        q.seed = 11;
        let plain = calculate(&q).unwrap();
        let one = by_hand_with(&q, &Options { threads: Some(1), progress: None }).unwrap();
        let three = by_hand_with(&q, &Options { threads: Some(3), progress: None }).unwrap();
        assert_eq!(one.equity, plain, "{players:?}");
        assert_eq!(one, three, "{players:?}");
        let aa = one.classes(0).into_iter().find(|c| c.class.to_string() == "AA").unwrap();
        let se = aa.counts.stderr().expect("thousands of deals");
        assert!(se > 0.0 && se < 0.02, "{se}");
    }
}

/// A class's Monte Carlo equity lands within a few standard errors of its exact equity.
#[test]
fn monte_carlo_classes_agree_with_exhaustive_within_their_standard_errors() {
    let exact =
        by_hand(&query(&["QQ+,AKs,T9s", "JJ,AQs"], "Ts9s2d", "", Method::Exhaustive)).unwrap();
    let mut q = query(&["QQ+,AKs,T9s", "JJ,AQs"], "Ts9s2d", "", Method::MonteCarlo);
    q.iterations = Some(200_000);
    let mc = by_hand(&q).unwrap();
    for (e, m) in exact.classes(0).iter().zip(mc.classes(0)) {
        assert_eq!(e.class, m.class);
        let se = m.counts.stderr().unwrap();
        let diff = (e.counts.equity() - m.counts.equity()).abs();
        assert!(diff <= 5.0 * se + 1e-9, "{}: {diff} > 5 x {se}", e.class);
    }
}

#[test]
fn by_hand_is_for_holdem_only() {
    let q = Query::new(Game::Omaha, ["AsAhKsKh", "JdTd9c8c"]);
    let e = by_hand(&q).unwrap_err();
    assert_eq!(e.to_string(), "equity hand by hand is for holdem ranges, not omaha");
}
