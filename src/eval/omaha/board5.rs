//! Omaha high on a five-card board: one table read per hole pair, and flushes apart.
//!
//! Without a flush, the best hand of a hole pair on a five-card board depends only on the
//! pair's two ranks and the board's five ranks: it is the best of the pair with the board's
//! ten triples, which this table stores once for every rank pair (91) and every multiset of
//! five board ranks (6,175): 561,925 values of 16 bits (1.1 MiB), built on first use from the
//! rank table of [`super::plain`]. A board finds its row through the five-card rank hash of
//! the standard evaluator ([`Hand::slot5`], five additions of the cards' words and a shift, no
//! sorting) and a 16 KiB map from hash slot to row. A row of 91 values (182 bytes, three cache
//! lines) holds the answers for every hole pair, so a four-card hand is six reads from one row
//! instead of sixty five-card lookups, and players who share a board share the row.
//!
//! Flushes are added apart ([`flush_best`]): a flush needs two hole cards and three board cards
//! of one suit, and on three to five board cards only one suit can have three
//! ([`Hand::suit_of_three`]). A flush of some five cards is worth more than the same ranks
//! unsuited (five distinct ranks without a flush make at most a straight, and a straight of one
//! suit is a straight flush), so the best hand is the larger of the rank-only best and the best
//! flush.

use std::sync::OnceLock;

use super::plain;
use crate::card::{Card, Rank, Suit};
use crate::eval::standard::{self, Hand};

/// Rank pairs, the row length.
pub(crate) const PAIRS: usize = 91;
/// Multisets of five ranks of 13 with at most four of each: C(17, 5) less the 13 of five of a
/// rank.
const BOARDS: usize = 6175;
/// Slots of the five-card rank hash ([`Hand::slot5`]).
const SLOTS: usize = 1 << 13;

/// The table and the row number of each five-card rank hash slot.
struct Tables {
    /// Each slot's multiset number (0 for slots no multiset takes).
    rows: Box<[u16; SLOTS]>,
    /// [`BOARDS`] rows of [`PAIRS`] values.
    values: Box<[u16]>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

/// The board's row: the best value without a flush of each rank pair ([`pair`]) with three of
/// these five board cards (0 where every triple would need five cards of one rank). The board
/// must hold five cards.
#[inline(always)]
pub(crate) fn row(board: Hand) -> &'static [u16; PAIRS] {
    let t = tables();
    let start = t.rows[board.slot5() % SLOTS] as usize * PAIRS;
    // Every row number is below BOARDS, so the row is always there.
    t.values.get(start..start + PAIRS).and_then(|r| r.try_into().ok()).unwrap_or(&[0; PAIRS])
}

/// The number of a hole pair of these ranks (rank indices below 13, either order) in a row.
#[inline(always)]
pub(crate) fn pair(a: u8, b: u8) -> u8 {
    plain::pair_number(a, b)
}

fn build() -> Tables {
    let ranks = plain::table();
    let mut rows: Box<[u16; SLOTS]> = Box::new([0; SLOTS]);
    let mut values = vec![0u16; BOARDS * PAIRS].into_boxed_slice();
    let mut pair_parts = [(0usize, 0u16); PAIRS];
    for lo in 0..13u8 {
        for hi in lo..13 {
            pair_parts[pair(lo, hi) as usize % PAIRS] =
                (pair(lo, hi) as usize, plain::pair_index(lo, hi));
        }
    }
    let mut id = 0;
    for a in 0..13u8 {
        for b in a..13 {
            for c in b..13 {
                for d in c..13 {
                    for e in d..13 {
                        let board = [a, b, c, d, e];
                        if e == a {
                            continue; // five of one rank
                        }
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
                        rows[hand_of(&board).slot5() % SLOTS] = id as u16;
                        for &(p, index) in &pair_parts {
                            let best = parts.iter().map(|&t| ranks[(index | t) as usize]).max();
                            values[id * PAIRS + p] = best.unwrap_or(0);
                        }
                        id += 1;
                    }
                }
            }
        }
    }
    Tables { rows, values }
}

/// Five cards of these ranks (at most four of each; the k-th card of a rank takes suit k).
fn hand_of(ranks: &[u8; 5]) -> Hand {
    let mut seen = [0u8; 13];
    let mut hand = Hand::EMPTY;
    for &r in ranks {
        let k = seen[r as usize % 13];
        seen[r as usize % 13] += 1;
        if let (Some(rank), Some(suit)) = (Rank::new(r), Suit::new(k)) {
            hand = hand.add(Card::new(rank, suit));
        }
    }
    hand
}

/// The best flush of two ranks of `hole` and three of `board` (13-bit rank masks of one suit's
/// cards), 0 when `hole` has fewer than two or `board` fewer than three. Board triples are the
/// board less one or two of its ranks (four or five cards of the suit); in the common case of
/// two hole cards and three board cards of the suit, one read of the flush table.
#[inline]
pub(crate) fn flush_best(hole: u16, board: u16) -> u16 {
    let lowest = |m: u16| m & m.wrapping_neg();
    let mut triples = [0u16; 10];
    let mut n = 0;
    match board.count_ones() {
        3 => {
            triples[0] = board;
            n = 1;
        }
        4 => {
            let mut rest = board;
            while rest != 0 && n < 10 {
                let x = lowest(rest);
                rest ^= x;
                triples[n] = board ^ x;
                n += 1;
            }
        }
        5 => {
            let mut first = board;
            while first != 0 {
                let x = lowest(first);
                first ^= x;
                let mut rest = first;
                while rest != 0 && n < 10 {
                    let y = lowest(rest);
                    rest ^= y;
                    triples[n] = board ^ x ^ y;
                    n += 1;
                }
            }
        }
        _ => {}
    }
    let mut best = 0u16;
    let mut first = hole;
    while first != 0 {
        let x = lowest(first);
        first ^= x;
        let mut rest = first;
        while rest != 0 {
            let y = lowest(rest);
            rest ^= y;
            for &t in &triples[..n] {
                best = best.max(standard::flush_value((x | y | t) as u32).value());
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
        let t = tables();
        let mut rows = Vec::new();
        for a in 0..13u8 {
            for b in a..13 {
                for c in b..13 {
                    for d in c..13 {
                        for e in (d..13).filter(|&e| e != a) {
                            let slot = hand_of(&[a, b, c, d, e]).slot5();
                            // The same ranks in another order and other suits.
                            assert_eq!(hand_of(&[e, c, a, d, b]).slot5(), slot);
                            rows.push(t.rows[slot]);
                        }
                    }
                }
            }
        }
        rows.sort_unstable();
        rows.dedup();
        assert_eq!(rows.len(), BOARDS);
        assert_eq!(rows.last(), Some(&(BOARDS as u16 - 1)));
    }

    #[test]
    fn only_one_suit_can_flush_and_it_needs_three_board_cards() {
        let cards = |s| crate::card::parse_cards(s, crate::card::Deck::Standard).unwrap();
        let hand = |s| Hand::from_cards(&cards(s)).unwrap();
        assert_eq!(hand("2h3h4h5c6d").suit_of_three(), (2, 0b111));
        assert_eq!(hand("2h3h4c5c6d").suit_of_three(), (4, 0));
        assert_eq!(hand("2s3s4s5s6s").suit_of_three(), (3, 0b11111));
        assert_eq!(hand("2c3c4c").suit_of_three(), (0, 0b111));
        assert_eq!(hand("AhKh2c3h").lane(2), 1 << 12 | 1 << 11 | 1 << 1);
        assert_eq!(hand("AhKh2c3h").lane(4), 0);
        // A-K of hearts with Q-J-T of hearts: a royal flush; with one board heart fewer, none.
        let royal = standard::evaluate(&cards("AhKhQhJhTh")).unwrap().value();
        assert_eq!(flush_best(0b1_1000_0000_0000, 0b0_0111_0000_0001), royal);
        assert_eq!(flush_best(0b1_1000_0000_0000, 0b0_0110_0000_0000), 0);
        // Five board hearts and three hole hearts: 3 pairs with 10 triples; the best is the
        // royal flush of A-K with Q-J-T.
        assert_eq!(flush_best(0b1_1000_0000_0001, 0b0_0111_0000_0110), royal);
        let straight_flush = standard::evaluate(&cards("6h5h4h3h2h")).unwrap().value();
        assert_eq!(flush_best(0b0_0000_0001_1000, 0b0_0000_0000_0111), straight_flush);
    }
}
