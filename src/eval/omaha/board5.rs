//! Omaha high on a five-card board: one table read per hole pair, and flushes apart.
//!
//! Without a flush, the best hand of a hole pair on a five-card board depends only on the
//! pair's two ranks and the board's five ranks: it is the best of the pair with the board's
//! ten triples, which this table stores once for every rank pair (91) and every multiset of
//! five board ranks (6,188 numbers, [`row`]): 563,108 values of 16 bits (1.1 MiB), built on
//! first use from the rank table of [`super::plain`]. A board's row of 91 values (182 bytes,
//! three cache lines) holds the answers for every hole pair, so a four-card hand is six reads
//! from one row instead of sixty five-card lookups, and players who share a board share the
//! row.
//!
//! Flushes are added apart ([`flush_best`]): a flush needs two hole cards and three board cards
//! of one suit, and on three to five board cards only one suit can have three. A flush of
//! some five cards is worth more than the same ranks unsuited (five distinct ranks without a
//! flush make at most a straight, and a straight of one suit is a straight flush), so the best
//! hand is the larger of the rank-only best and the best flush.

use std::sync::OnceLock;

use super::plain;
use crate::card::Card;
use crate::eval::standard;

/// Rank pairs, the row length.
pub(crate) const PAIRS: usize = 91;
/// Multisets of five ranks (of 13) numbered by [`row`]: C(17, 5), five of one rank included.
const BOARDS: usize = 6188;

/// `BINOM[k][n]` = C(n, k) for k up to 5 and n up to 17.
static BINOM: [[u16; 18]; 6] = {
    let mut t = [[0u16; 18]; 6];
    let mut n = 0;
    while n < 18 {
        t[0][n] = 1;
        let mut k = 1;
        while k < 6 {
            t[k][n] = if n == 0 { 0 } else { t[k - 1][n - 1] + t[k][n - 1] };
            k += 1;
        }
        n += 1;
    }
    t
};

/// Where a board of these five ranks (rank indices below 13, any order) starts in
/// [`table`]: its multiset's number times [`PAIRS`].
///
/// The ranks are sorted (`r0 <= ... <= r4`); then `r_i + i` are five distinct numbers below 17
/// and the multiset's number is their combination's rank, the sum of C(r_i + i, i + 1).
#[inline(always)]
pub(crate) fn row(ranks: [u8; 5]) -> usize {
    let [mut a, mut b, mut c, mut d, mut e] = ranks;
    // A sorting network of nine compare-exchanges (no branches).
    let cx = |x: &mut u8, y: &mut u8| {
        let (lo, hi) = ((*x).min(*y), (*x).max(*y));
        (*x, *y) = (lo, hi);
    };
    cx(&mut a, &mut b);
    cx(&mut d, &mut e);
    cx(&mut c, &mut e);
    cx(&mut c, &mut d);
    cx(&mut b, &mut e);
    cx(&mut a, &mut d);
    cx(&mut a, &mut c);
    cx(&mut b, &mut d);
    cx(&mut b, &mut c);
    let at = |k: usize, n: u8| BINOM[k][(n as usize).min(17)] as usize;
    (at(1, a) + at(2, b + 1) + at(3, c + 2) + at(4, d + 3) + at(5, e + 4)) * PAIRS
}

/// The number of a hole pair of these ranks (rank indices below 13, either order) in a row.
#[inline(always)]
pub(crate) fn pair(a: u8, b: u8) -> usize {
    plain::pair_number(a, b) as usize
}

/// The table: `table()[row(board ranks) + pair(hole ranks)]` is the best value, without a
/// flush, of that hole pair with three of those board cards (0 where every triple would need
/// five cards of one rank).
pub(crate) fn table() -> &'static [u16] {
    static TABLE: OnceLock<Box<[u16]>> = OnceLock::new();
    TABLE.get_or_init(build)
}

fn build() -> Box<[u16]> {
    let ranks = plain::table();
    let mut t = vec![0u16; BOARDS * PAIRS].into_boxed_slice();
    let mut pair_parts = [(0usize, 0u16); PAIRS];
    for lo in 0..13u8 {
        for hi in lo..13 {
            pair_parts[pair(lo, hi) % PAIRS] = (pair(lo, hi), plain::pair_index(lo, hi));
        }
    }
    for a in 0..13u8 {
        for b in a..13 {
            for c in b..13 {
                for d in c..13 {
                    for e in d..13 {
                        let board = [a, b, c, d, e];
                        let mut parts = [0u16; 10];
                        let mut n = 0;
                        for i in 0..5 {
                            for j in i + 1..5 {
                                for k in j + 1..5 {
                                    parts[n] = plain::triple_index(board[i], board[j], board[k]);
                                    n += 1;
                                }
                            }
                        }
                        let r = row(board);
                        for &(p, index) in &pair_parts {
                            let best = parts.iter().map(|&t| ranks[(index | t) as usize]).max();
                            t[r + p] = best.unwrap_or(0);
                        }
                    }
                }
            }
        }
    }
    t
}

/// The one suit with three or more of these board cards (three to five cards), if any.
#[inline(always)]
pub(crate) fn flush_suit(board: &[Card]) -> Option<u8> {
    // One byte per suit counts its cards; adding 125 sets a byte's top bit from three cards.
    let counts = board.iter().fold(0u32, |m, c| m.wrapping_add(1 << (8 * (c.suit().index() & 3))));
    let three = counts.wrapping_add(0x7d7d_7d7d) & 0x8080_8080;
    (three != 0).then(|| (three.trailing_zeros() / 8) as u8)
}

/// The ranks of the cards of suit `suit` among `cards`, as a 13-bit mask.
#[inline(always)]
pub(crate) fn suit_ranks(cards: &[Card], suit: u8) -> u16 {
    cards
        .iter()
        .filter(|c| c.suit().index() == suit)
        .fold(0u16, |m, c| m | 1 << (c.rank().index() % 13))
}

/// The best flush of two ranks of `hole` and three of `board` (13-bit rank masks of one suit's
/// cards), 0 when `hole` has fewer than two or `board` fewer than three.
#[inline]
pub(crate) fn flush_best(hole: u16, board: u16) -> u16 {
    let bits = |mut m: u16, out: &mut [u16; 6]| {
        let mut n = 0;
        while m != 0 && n < 6 {
            out[n] = m & m.wrapping_neg();
            m &= m - 1;
            n += 1;
        }
        n
    };
    let (mut h, mut b) = ([0u16; 6], [0u16; 6]);
    let (nh, nb) = (bits(hole, &mut h), bits(board, &mut b));
    let mut best = 0u16;
    for i in 0..nh {
        for j in i + 1..nh {
            let two = h[i] | h[j];
            for x in 0..nb {
                for y in x + 1..nb {
                    for z in y + 1..nb {
                        let five = two | b[x] | b[y] | b[z];
                        best = best.max(standard::flush_value(five as u32).value());
                    }
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_multiset_of_five_ranks_has_its_own_row() {
        let mut rows = Vec::new();
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        for e in d..13 {
                            let r = row([a, b, c, d, e]);
                            assert_eq!(row([e, c, a, d, b]), r);
                            assert_eq!(row([b, e, d, a, c]), r);
                            rows.push(r);
                        }
                    }
                }
            }
        }
        rows.sort_unstable();
        rows.dedup();
        assert_eq!(rows.len(), BOARDS);
        assert_eq!(rows.last(), Some(&((BOARDS - 1) * PAIRS)));
    }

    #[test]
    fn only_one_suit_can_flush_and_it_needs_three_board_cards() {
        let cards = |s| crate::card::parse_cards(s, crate::card::Deck::Standard).unwrap();
        assert_eq!(flush_suit(&cards("2h3h4h5c6d")), Some(2));
        assert_eq!(flush_suit(&cards("2h3h4c5c6d")), None);
        assert_eq!(flush_suit(&cards("2s3s4s5s6s")), Some(3));
        assert_eq!(flush_suit(&cards("2c3c4c")), Some(0));
        assert_eq!(suit_ranks(&cards("AhKh2c3h"), 2), 1 << 12 | 1 << 11 | 1 << 1);
        // A-K of hearts with Q-J-T of hearts: a royal flush; with one board heart fewer, none.
        let royal = standard::evaluate(&cards("AhKhQhJhTh")).unwrap().value();
        assert_eq!(flush_best(0b1_1000_0000_0000, 0b0_0111_0000_0001), royal);
        assert_eq!(flush_best(0b1_1000_0000_0000, 0b0_0110_0000_0000), 0);
    }
}
