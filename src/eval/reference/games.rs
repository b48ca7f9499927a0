//! Slow, obviously correct references for Omaha, the low rankings and badugi: every allowed
//! subset of the cards is tried, and each is ranked by sorting its ranks and comparing them as
//! the rules say, with no tables and no bit tricks.
//!
//! Every value here is a `u32` where **larger is better** (a low hand that is better has the
//! larger value), so the best hand of several subsets is their maximum, and an eight-or-better
//! low that does not qualify is `None`, below every `Some`.
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::reference::games;
//! let cards = |s| parse_cards(s, Deck::Standard).unwrap();
//! // A-2 in the hand and 3-4-5 on the board: the best possible low.
//! let wheel = games::omaha_low(&cards("Ac2dKhKs"), &cards("3h4s5dQcJd"));
//! assert_eq!(wheel, games::eight_low(&cards("Ac2d3h4s5d")));
//! assert!(games::deuce_seven5(&cards("7c5d4h3s2c")) > games::deuce_seven5(&cards("Ac2d3h4s5c")));
//! ```

use crate::card::Card;

use super::standard5;

/// Every `k`-card subset of `cards`, in order.
pub fn subsets(cards: &[Card], k: usize) -> Vec<Vec<Card>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    if cards.len() < k {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, &first) in cards.iter().enumerate() {
        for mut rest in subsets(&cards[i + 1..], k - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Ranks packed one nibble each, first rank in the highest nibble, five nibbles.
fn pack(ranks: &[u32]) -> u32 {
    (0..5).fold(0, |v, i| v << 4 | ranks.get(i).copied().unwrap_or(0))
}

/// A card's rank with the ace low: ace 1, two 2, ..., king 13.
fn ace_low(card: Card) -> u32 {
    (card.rank().index() as u32 + 1) % 13 + 1
}

/// The ranks of `cards` grouped: (rank, count) sorted by count, then rank, both descending;
/// the ranks are given by `rank_of`.
fn groups(cards: &[Card], rank_of: fn(Card) -> u32) -> Vec<(u32, u32)> {
    let mut g: Vec<(u32, u32)> = Vec::new();
    for &c in cards {
        let r = rank_of(c);
        match g.iter_mut().find(|x| x.0 == r) {
            Some(x) => x.1 += 1,
            None => g.push((r, 1)),
        }
    }
    g.sort_by(|a, b| b.1.cmp(&a.1).then(b.0.cmp(&a.0)));
    g
}

/// Omaha high: the best standard value ([`standard5`]) of two of `hole` and three of `board`.
pub fn omaha_high(hole: &[Card], board: &[Card]) -> u32 {
    let mut best = 0;
    for two in subsets(hole, 2) {
        for three in subsets(board, 3) {
            let five: [Card; 5] = [two.as_slice(), three.as_slice()].concat().try_into().unwrap();
            best = best.max(standard5(&five));
        }
    }
    best
}

/// The eight-or-better low of exactly five cards: `None` unless the five ranks are different
/// and all eight or lower (ace low); otherwise larger is better (the highest rank first, lower
/// winning).
pub fn eight_low5(cards: &[Card]) -> Option<u32> {
    let mut ranks: Vec<u32> = cards.iter().map(|&c| ace_low(c)).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
    (cards.len() == 5 && distinct && ranks[0] <= 8).then(|| 0xf_ffff - pack(&ranks))
}

/// The best eight-or-better low of any five of `cards`.
pub fn eight_low(cards: &[Card]) -> Option<u32> {
    subsets(cards, 5).iter().map(|s| eight_low5(s)).max().flatten()
}

/// The best eight-or-better low of two of `hole` and three of `board`.
pub fn omaha_low(hole: &[Card], board: &[Card]) -> Option<u32> {
    let mut best = None;
    for two in subsets(hole, 2) {
        for three in subsets(board, 3) {
            best = best.max(eight_low5(&[two.as_slice(), three.as_slice()].concat()));
        }
    }
    best
}

/// The ace-to-five low of exactly five cards: fewer repeats is better (no pair, one pair, two
/// pair, three of a kind, full house, four of a kind), then the grouped ranks (larger group
/// first, higher rank first) compared with the lower winning. Larger is better.
pub fn ace_five5(cards: &[Card]) -> u32 {
    let g = groups(cards, ace_low);
    let shape: Vec<u32> = g.iter().map(|x| x.1).collect();
    let badness = match shape.as_slice() {
        [1, 1, 1, 1, 1] => 0,
        [2, 1, 1, 1] => 1,
        [2, 2, 1] => 2,
        [3, 1, 1] => 3,
        [3, 2] => 4,
        _ => 5,
    };
    let ranks: Vec<u32> = g.iter().map(|x| x.0).collect();
    (1 << 24) - 1 - (badness << 20 | pack(&ranks))
}

/// The best ace-to-five low of any five of `cards`.
pub fn ace_five(cards: &[Card]) -> u32 {
    subsets(cards, 5).iter().map(|s| ace_five5(s)).max().unwrap_or(0)
}

/// The deuce-to-seven low of exactly five cards: the standard categories with the ace always
/// high (A-2-3-4-5 is no straight), the worse standard hand the better. Larger is better.
pub fn deuce_seven5(cards: &[Card]) -> u32 {
    let g = groups(cards, |c| c.rank().index() as u32);
    let ranks: Vec<u32> = g.iter().map(|x| x.0).collect();
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let straight = g.len() == 5 && ranks[0] - ranks[4] == 4;
    let shape: Vec<u32> = g.iter().map(|x| x.1).collect();
    let category = match (straight, flush, shape.as_slice()) {
        (true, true, _) => 8,
        (_, _, [4, 1]) => 7,
        (_, _, [3, 2]) => 6,
        (_, true, _) => 5,
        (true, _, _) => 4,
        (_, _, [3, 1, 1]) => 3,
        (_, _, [2, 2, 1]) => 2,
        (_, _, [2, 1, 1, 1]) => 1,
        _ => 0,
    };
    (1 << 24) - 1 - (category << 20 | pack(&ranks))
}

/// The badugi value of four cards: over every subset of different suits and different ranks,
/// the most cards, then the lowest highest card (ace low), then the next. Larger is better.
pub fn badugi(cards: &[Card]) -> u32 {
    let mut best = 0;
    for k in 1..=cards.len() {
        for s in subsets(cards, k) {
            let suits_differ = groups(&s, |c| c.suit().index() as u32).len() == k;
            let ranks = groups(&s, ace_low);
            if suits_differ && ranks.len() == k {
                let r: Vec<u32> = ranks.iter().map(|x| x.0).collect();
                best = best.max((k as u32) << 20 | (0xf_ffff - pack(&r)));
            }
        }
    }
    best
}
