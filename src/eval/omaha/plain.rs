//! Omaha five-card values without a flush, by rank only: one table read per hand.
//!
//! Without a flush a five-card hand's value depends on its ranks alone, and an Omaha hand is a
//! hole pair (91 rank pairs) with a board triple (455 rank triples). The table holds the value
//! of every such combination, indexed by `pair << 9 | triple`: 64 Ki entries of 16 bits, of
//! which the 41,405 used fit in the second-level cache. A hand is then one OR and one load,
//! where the hashed five-card table takes two dependent loads and the hash arithmetic.

use std::sync::OnceLock;

use crate::card::{Card, Rank, Suit};
use crate::eval::standard::Hand;

/// The number of a pair of ranks (rank indices, 0 = two), in either order: 0 to 90.
static PAIR_ID: [u8; 169] = {
    let wide: [u16; 169] = multiset_numbers::<2, 169>();
    let mut ids = [0u8; 169];
    let mut i = 0;
    while i < 169 {
        ids[i] = wide[i] as u8;
        i += 1;
    }
    ids
};

/// The number of a triple of ranks, in any order (index `a * 169 + b * 13 + c`): 0 to 454.
static TRIPLE_ID: [u16; 2197] = multiset_numbers::<3, 2197>();

/// The number of every multiset of `K` ranks, indexed by its ranks in any order as the base-13
/// digits of the index (`N` = 13^`K`): the multisets are numbered from 0 in the order of their
/// ranks sorted from the lowest, first rank first.
const fn multiset_numbers<const K: usize, const N: usize>() -> [u16; N] {
    let mut ids = [0u16; N];
    // An index whose digits never fall is a multiset's sorted form: number those in order.
    let mut next = 0u16;
    let mut i = 0;
    while i < N {
        if sorted_digits::<K>(i) == i {
            ids[i] = next;
            next += 1;
        }
        i += 1;
    }
    // Every other order of the same ranks takes the number of the sorted form.
    let mut i = 0;
    while i < N {
        ids[i] = ids[sorted_digits::<K>(i)];
        i += 1;
    }
    ids
}

/// `code` (`K` base-13 digits) with its digits sorted so that they never fall from the most
/// significant to the least.
const fn sorted_digits<const K: usize>(code: usize) -> usize {
    let mut digits = [0usize; K];
    let (mut rest, mut k) = (code, K);
    while k > 0 {
        k -= 1;
        digits[k] = rest % 13;
        rest /= 13;
    }
    // Insertion sort, smallest first.
    let mut i = 1;
    while i < K {
        let mut j = i;
        while j > 0 && digits[j - 1] > digits[j] {
            (digits[j - 1], digits[j]) = (digits[j], digits[j - 1]);
            j -= 1;
        }
        i += 1;
    }
    let (mut sorted, mut k) = (0, 0);
    while k < K {
        sorted = sorted * 13 + digits[k];
        k += 1;
    }
    sorted
}

/// The number of a pair of ranks (rank indices below 13), in either order: 0 to 90.
#[inline(always)]
pub(crate) fn pair_number(a: u8, b: u8) -> u8 {
    PAIR_ID[(a as usize * 13 + b as usize) % 169]
}

/// The table index part of a hole pair with these ranks (rank indices below 13).
#[inline(always)]
pub(crate) fn pair_index(a: u8, b: u8) -> u16 {
    (pair_number(a, b) as u16) << 9
}

/// The table index part of a board triple with these ranks (rank indices below 13).
#[inline(always)]
pub(crate) fn triple_index(a: u8, b: u8, c: u8) -> u16 {
    TRIPLE_ID[(a as usize * 169 + b as usize * 13 + c as usize) % 2197]
}

/// The table index part of a board triple given as `a * 169 + b * 13 + c` (rank indices).
#[inline(always)]
pub(crate) fn triple_code_index(code: u16) -> u16 {
    TRIPLE_ID[code as usize % 2197]
}

/// The table: `table()[pair_index | triple_index]` is the value of five cards with those ranks
/// and no flush (0 where the ranks need a fifth card of one rank).
pub(crate) fn table() -> &'static [u16; 1 << 16] {
    static TABLE: OnceLock<Box<[u16; 1 << 16]>> = OnceLock::new();
    TABLE.get_or_init(build)
}

fn build() -> Box<[u16; 1 << 16]> {
    let mut t: Box<[u16; 1 << 16]> = Box::new([0; 1 << 16]);
    for lo in 0..13u8 {
        for hi in lo..13 {
            for a in 0..13u8 {
                for b in a..13 {
                    for c in b..13 {
                        let ranks = [lo, hi, a, b, c];
                        if let Some(v) = value(&ranks) {
                            let i = pair_index(lo, hi) | triple_index(a, b, c);
                            t[i as usize] = v;
                        }
                    }
                }
            }
        }
    }
    t
}

/// The value of five cards of these ranks without a flush: each rank's cards take different
/// suits, and the five are never all one suit. `None` for five of one rank.
fn value(ranks: &[u8; 5]) -> Option<u16> {
    let mut seen = [0u8; 13];
    let mut hand = Hand::EMPTY;
    for (i, &r) in ranks.iter().enumerate() {
        let k = seen[r as usize % 13];
        if k >= 4 {
            return None;
        }
        seen[r as usize % 13] += 1;
        // The k-th card of a rank takes suit k, except that the last card of five distinct
        // ranks takes suit 1 so that the five are not all clubs.
        let suit = if i == 4 && k == 0 && seen.iter().all(|&n| n <= 1) { 1 } else { k };
        hand = hand.add(Card::new(Rank::new(r)?, Suit::new(suit)?));
    }
    Some(hand.rank5().value())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pair_and_triple_has_its_own_number() {
        let mut pairs: Vec<u16> =
            (0..13).flat_map(|a| (a..13).map(move |b| pair_index(a, b))).collect();
        pairs.sort_unstable();
        pairs.dedup();
        assert_eq!(pairs.len(), 91);
        // Numbered 0, 1, 2, ... in the order of the sorted ranks, lowest first (the board
        // tables are indexed by these numbers), whatever the order of the ranks given.
        let mut next = 0;
        for lo in 0..13 {
            for hi in lo..13 {
                assert_eq!((pair_number(lo, hi), pair_number(hi, lo)), (next, next));
                next += 1;
            }
        }
        let mut next = 0;
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    let orders = [(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)];
                    for (x, y, z) in orders {
                        assert_eq!(triple_index(x, y, z), next);
                    }
                    next += 1;
                }
            }
        }
        let mut triples = Vec::new();
        for a in 0..13 {
            for b in a..13 {
                for c in b..13 {
                    triples.push(triple_index(a, b, c));
                    assert_eq!(triple_index(c, a, b), triple_index(a, b, c));
                }
            }
        }
        triples.sort_unstable();
        triples.dedup();
        assert_eq!(triples.len(), 455);
        assert!(triples.iter().all(|&t| t < 512));
    }
}
