//! Exhaustive equity against naive oracles that share none of its machinery: every matchup,
//! every board, no suit isomorphism, no shared sums, and either the slow reference evaluator
//! (best five of seven by trying all 21 subsets) or the fast evaluator called on plain card
//! lists. The exact integer counts must agree.

use crate::common;

use feltkit::card::{parse_cards, Card, Deck};
use feltkit::equity::{calculate, Method, Query, TIE_UNIT};
use feltkit::eval::{reference, standard};
use feltkit::range::Range;

/// Weighted equity numerators (wins * TIE_UNIT + shares) and the total weight.
struct Oracle {
    units: Vec<u128>,
    total: u128,
}

fn oracle(q: &Query, eval: &dyn Fn(&[Card]) -> u32) -> Oracle {
    let board = parse_cards(&q.board, Deck::Standard).unwrap();
    let dead = parse_cards(&q.dead, Deck::Standard).unwrap();
    let ranges: Vec<Vec<([Card; 2], u128)>> = q
        .players
        .iter()
        .map(|p| Range::parse(p).unwrap().combos().map(|(c, w)| (c.cards(), w as u128)).collect())
        .collect();
    let n = ranges.len();
    let mut out = Oracle { units: vec![0; n], total: 0 };
    let mut pick = Vec::new();
    walk(&ranges, &board, &dead, &mut pick, eval, &mut out);
    out
}

fn walk(
    ranges: &[Vec<([Card; 2], u128)>],
    board: &[Card],
    dead: &[Card],
    pick: &mut Vec<([Card; 2], u128)>,
    eval: &dyn Fn(&[Card]) -> u32,
    out: &mut Oracle,
) {
    if pick.len() == ranges.len() {
        let used: Vec<Card> =
            board.iter().chain(dead).chain(pick.iter().flat_map(|p| &p.0)).copied().collect();
        let deck: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
        let weight: u128 = pick.iter().map(|p| p.1).product();
        let mut full = board.to_vec();
        boards(&deck, 5 - board.len(), &mut full, &mut |b| {
            let ranks: Vec<u32> = pick
                .iter()
                .map(|p| eval(&[p.0[0], p.0[1], b[0], b[1], b[2], b[3], b[4]]))
                .collect();
            let best = *ranks.iter().max().unwrap();
            let k = ranks.iter().filter(|r| **r == best).count() as u128;
            for (i, r) in ranks.iter().enumerate() {
                if *r == best {
                    out.units[i] += weight * TIE_UNIT as u128 / k;
                }
            }
            out.total += weight;
        });
        return;
    }
    let used: Vec<Card> =
        board.iter().chain(dead).chain(pick.iter().flat_map(|p| &p.0)).copied().collect();
    for &(cards, w) in &ranges[pick.len()] {
        if cards.iter().any(|c| used.contains(c)) {
            continue;
        }
        pick.push((cards, w));
        walk(ranges, board, dead, pick, eval, out);
        pick.pop();
    }
}

fn boards(deck: &[Card], k: usize, acc: &mut Vec<Card>, f: &mut dyn FnMut(&[Card])) {
    if k == 0 {
        f(acc);
        return;
    }
    for i in (k - 1)..deck.len() {
        acc.push(deck[i]);
        boards(&deck[..i], k - 1, acc, f);
        acc.pop();
    }
}

fn slow(cards: &[Card]) -> u32 {
    reference::best_of(cards, reference::standard5)
}

fn fast(cards: &[Card]) -> u32 {
    standard::evaluate(cards).unwrap().value() as u32
}

/// Checks the library's exact counts against the oracle's, as exact fractions.
fn check(q: &Query, eval: &dyn Fn(&[Card]) -> u32) {
    let mut q = q.clone();
    q.method = Method::Exhaustive;
    let e = calculate(&q).unwrap();
    let o = oracle(&q, eval);
    for (p, want) in e.players.iter().zip(&o.units) {
        let got = p.wins * TIE_UNIT as u128 + p.tie_share;
        assert_eq!(
            got * o.total,
            want * e.total,
            "{:?} board {:?}: {}",
            q.players,
            q.board,
            p.spec
        );
    }
}

fn query(players: &[&str], board: &str, dead: &str) -> Query {
    let mut q = Query::new(feltkit::equity::Game::Holdem, players.iter().copied());
    q.board = board.into();
    q.dead = dead.into();
    q
}

#[test]
fn exact_counts_match_the_reference_evaluator_after_the_flop_and_turn() {
    check(&query(&["AcKc", "7h7s"], "Kd8h2c", ""), &slow);
    check(&query(&["AA,KK", "QQ,JJ,AKs"], "Ts9s2d7c", ""), &slow);
    check(&query(&["AA:0.5,KK", "QQ+:0.25,AKs"], "Ts9s2d7c", "Ah"), &slow);
    check(&query(&["AhKh", "random"], "2c7d9hJs", ""), &slow);
    check(&query(&["JJ", "AKs", "T9s,98s"], "Qs8s2c3h", ""), &slow);
    check(&query(&["5c4c", "5d4d", "5h4h", "AsAh"], "3c2d6sKs", ""), &slow);
}

#[test]
fn exact_counts_match_direct_enumeration_preflop() {
    check(&query(&["AhKh", "QsQd"], "", ""), &fast);
    check(&query(&["AsAh", "KdKc", "QsQd"], "", ""), &fast);
    check(&query(&["AhKh", "QsQd"], "", "Qh2c"), &fast);
}

#[test]
fn every_cheap_fixture_row_matches_the_reference_evaluator() {
    for f in common::fixtures().iter().filter(|f| f.query.board.len() >= 6) {
        check(&f.query, &slow);
    }
}
