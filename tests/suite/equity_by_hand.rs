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
/// board and dead cards), every completion of the board, each hand worth its best five cards.
fn slow_counts(mine: Combo, others: &[Combo], board: &[Card], dead: &[Card]) -> [u64; 4] {
    let mut used: CardSet = board.iter().chain(dead).copied().collect();
    used = used.union(mine.set());
    let [mut total, mut wins, mut ties, mut halves] = [0u64; 4];
    for &o in others.iter().filter(|o| o.set().is_disjoint(used)) {
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
            total += 1;
            if x > y {
                wins += 1;
            } else if x == y {
                ties += 1;
                halves += 1;
            }
        }
    }
    [total, wins, ties, halves]
}

#[test]
fn each_combo_agrees_with_a_slow_enumeration_by_the_rules() {
    for (players, board) in [
        (["AA,KK,AKs,87s", "QQ+,JTs,T9s"], "Ts9s2d4h"),
        (["AA,KK,AKs,87s", "QQ+,JTs,T9s"], "Ts9s2d4h5s"),
        (["AhKh,QsQd,7c7d", "random"], "Ts9s2d4h5s"),
    ] {
        let q = query(&players, board, "", Method::Exhaustive);
        let b = by_hand(&q).unwrap();
        let board = parse_cards(board, Deck::Standard).unwrap();
        let blocked: CardSet = board.iter().copied().collect();
        let range = |p: usize| -> Vec<Combo> {
            Range::parse(players[p])
                .unwrap()
                .combos()
                .map(|(c, _)| c)
                .filter(|c| c.set().is_disjoint(blocked))
                .collect()
        };
        for p in 0..2 {
            let others = range(1 - p);
            for h in &b.players[p] {
                let [total, wins, ties, halves] = slow_counts(h.combo, &others, &board, &[]);
                let c = h.counts;
                assert_eq!(
                    (c.total, c.wins, c.ties, c.tie_share),
                    (total.into(), wins.into(), ties.into(), u128::from(halves) * 1260),
                    "{} of player {p} in {players:?}",
                    h.combo
                );
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
