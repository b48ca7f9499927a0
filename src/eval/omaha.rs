//! Omaha high: the best standard hand made of **exactly two** hole cards and **exactly three**
//! board cards.
//!
//! In Omaha a player holds four hole cards (five in five-card Omaha, "PLO5"; this module takes
//! two to six) and shares a board of three to five cards. Unlike hold'em, the hand is not the
//! best five of all the cards: it must use two hole cards and three board cards, no more and
//! no fewer. So four hearts in the hand and one on the board is no flush, and a board of four
//! hearts with one heart in the hand is no flush either; a player needs two hearts in the hand
//! and three on the board. Hands then rank as standard hands ([`super::standard`]); values are
//! standard [`HandRank`]s and compare with them.
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::{omaha, Category};
//! let cards = |s| parse_cards(s, Deck::Standard).unwrap();
//! // Four hearts in the hand, one on the board: no flush. The best hand is a pair of kings
//! // (the hole ace and jack with K-K-Q of the board).
//! let r = omaha::evaluate(&cards("AhJh9h3h"), &cards("Kh Kc Qd 2s 7c")).unwrap();
//! assert_eq!(r.category(), Category::OnePair);
//! // Two hearts in the hand and three on the board: a flush.
//! let r = omaha::evaluate(&cards("Ah3h Kc Kd"), &cards("Qh 9h 2h 7c 7d")).unwrap();
//! assert_eq!(r.category(), Category::Flush);
//! ```
//!
//! # How it is fast
//!
//! Without a flush a five-card hand's value depends on its ranks alone, so the best hand is the
//! larger of two parts. The best without a flush: on a five-card board, one read per hole pair
//! (6 for four hole cards, 10 for five) from the board's row of a table indexed by the board's
//! five ranks and the pair's two ranks (`board5`, 1.1 MiB, built on first use); on a flop or
//! turn, one read per pair and triple of a table indexed by the pair's and the triple's ranks
//! (`plain`, 41,405 values). The best flush, only when the board has three cards of a suit and
//! the hand two: one read of the flush table per two hole cards and three board cards of that
//! suit (usually one). [`rank`] does no checks; [`evaluate`] checks the cards first.

use crate::card::{Card, CardSet};
use crate::eval::standard::{Hand, HandRank};
use crate::eval::EvalError;

pub(crate) mod board5;
pub(crate) mod plain;

/// The most hole cards [`rank`] reads (six-card Omaha); more are ignored.
pub const MAX_HOLE: usize = 6;
/// The most board cards [`rank`] reads; more are ignored.
pub const MAX_BOARD: usize = 5;

/// The best hand of exactly two of `hole` and exactly three of `board`, after checking that
/// there are 2 to 6 hole cards and 3 to 5 board cards, all distinct.
///
/// ```
/// use feltkit::card::{parse_cards, Deck};
/// use feltkit::eval::{omaha, EvalError};
/// let cards = |s| parse_cards(s, Deck::Standard).unwrap();
/// let e = omaha::evaluate(&cards("AhKh"), &cards("AhQd2s")).unwrap_err();
/// assert_eq!(e.to_string(), "Ah appears twice");
/// let e = omaha::evaluate(&cards("AhKhQhJhTh9h8h"), &cards("2c3c4c")).unwrap_err();
/// assert_eq!(e.to_string(), "7 hole cards, expected 2 to 6");
/// ```
pub fn evaluate(hole: &[Card], board: &[Card]) -> Result<HandRank, EvalError> {
    check(hole, board)?;
    Ok(rank(hole, board))
}

/// The hot path of [`evaluate`], without checks: the best hand of exactly two of `hole` and
/// exactly three of `board`. Meaningful for 2 to 6 distinct hole cards and 3 to 5 distinct
/// board cards with none in common; cards past the sixth hole card or fifth board card are
/// ignored, and too few cards give the lowest value (that of 7-5-4-3-2). Never panics.
#[inline]
pub fn rank(hole: &[Card], board: &[Card]) -> HandRank {
    let hole = &hole[..hole.len().min(MAX_HOLE)];
    let board = &board[..board.len().min(MAX_BOARD)];
    let rank = |c: Card| c.rank().index();
    let board_hand = board.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
    let mut best = 0u16;
    if board.len() == 5 {
        // One read per hole pair from the board's row of best values without a flush.
        let row = board5::row(board_hand);
        let (ids, n) = pairs(hole, rank, board5::pair);
        for &p in &ids[..n] {
            best = best.max(row.get(p as usize).copied().unwrap_or(0));
        }
    } else {
        // Three or four board cards: one read of the rank table per pair and triple.
        let (twos, n2) =
            pairs(hole, |c| rank(c) as u16, |a, b| plain::pair_index(a as u8, b as u8));
        let (threes, n3) = triples(board, |c| rank(c) as u16, |a, b| a * 13 + b);
        let table = plain::table();
        for &t in &threes[..n3] {
            let t = plain::triple_code_index(t);
            for &p in &twos[..n2] {
                best = best.max(table[(p | t) as usize]);
            }
        }
    }
    // A flush needs two hole cards and three board cards of one suit.
    let (suit, board_ranks) = board_hand.suit_of_three();
    if suit < 4 {
        let mine = hole.iter().fold(Hand::EMPTY, |h, &c| h.add(c)).lane(suit);
        if mine & mine.wrapping_sub(1) != 0 {
            best = best.max(board5::flush_best(mine, board_ranks));
        }
    }
    HandRank::from_value(best)
}

/// Checks an Omaha deal: 2 to 6 hole cards, 3 to 5 board cards, no card twice.
pub(crate) fn check(hole: &[Card], board: &[Card]) -> Result<(), EvalError> {
    if !(2..=MAX_HOLE).contains(&hole.len()) {
        return Err(EvalError::HoleCount { count: hole.len(), expected: "2 to 6" });
    }
    if !(3..=MAX_BOARD).contains(&board.len()) {
        return Err(EvalError::BoardCount { count: board.len(), expected: "3 to 5" });
    }
    let mut seen = CardSet::EMPTY;
    for &card in hole.iter().chain(board) {
        if !seen.insert(card) {
            return Err(EvalError::Duplicate(card));
        }
    }
    Ok(())
}

/// Every pair of the first [`MAX_HOLE`] cards, each card mapped by `one` and a pair joined by
/// `join`; with the number of pairs (at most 15).
#[inline(always)]
pub(crate) fn pairs<T: Copy + Default>(
    cards: &[Card],
    one: impl Fn(Card) -> T,
    join: impl Fn(T, T) -> T,
) -> ([T; 15], usize) {
    let cards = &cards[..cards.len().min(MAX_HOLE)];
    let mut out = [T::default(); 15];
    let mut n = 0;
    for (i, &a) in cards.iter().enumerate() {
        let a = one(a);
        for &b in &cards[i + 1..] {
            if let Some(slot) = out.get_mut(n) {
                *slot = join(a, one(b));
            }
            n += 1;
        }
    }
    (out, n.min(15))
}

/// Every triple of the first [`MAX_BOARD`] cards, mapped and joined as in [`pairs`]; with the
/// number of triples (at most 10).
#[inline(always)]
pub(crate) fn triples<T: Copy + Default>(
    cards: &[Card],
    one: impl Fn(Card) -> T,
    join: impl Fn(T, T) -> T,
) -> ([T; 10], usize) {
    let cards = &cards[..cards.len().min(MAX_BOARD)];
    let mut out = [T::default(); 10];
    let mut n = 0;
    for (i, &a) in cards.iter().enumerate() {
        let a = one(a);
        for (j, &b) in cards.iter().enumerate().skip(i + 1) {
            let ab = join(a, one(b));
            for &c in &cards[j + 1..] {
                if let Some(slot) = out.get_mut(n) {
                    *slot = join(ab, one(c));
                }
                n += 1;
            }
        }
    }
    (out, n.min(10))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::cards;
    use crate::eval::{standard, Category};

    fn omaha(hole: &str, board: &str) -> HandRank {
        evaluate(&cards(hole), &cards(board)).unwrap()
    }

    fn five(s: &str) -> HandRank {
        standard::evaluate(&cards(s)).unwrap()
    }

    #[test]
    fn exactly_two_hole_cards_and_three_board_cards_play() {
        // Four of a kind on the board plays as trips with two hole cards: A-A-A with K-Q.
        assert_eq!(omaha("KcQd3s2h", "AcAdAhAs5c"), five("AcAdAhKcQd"));
        // One hole ace does not make a flush with four board hearts.
        assert_eq!(omaha("Ah2c3d4s", "KhQhJh9h8c").category(), Category::HighCard);
        // A straight needs two hole cards: 9-8 in the hand with 7-6-5 on the board.
        assert_eq!(omaha("9c8dKsKh", "7h6s5c2d2h"), five("9c8d7h6s5c"));
        // Three of a kind in the hand is only a pair.
        assert_eq!(omaha("QcQdQh4s", "9h7s2c").category(), Category::OnePair);
    }

    #[test]
    fn five_card_omaha_and_short_boards_work() {
        assert_eq!(omaha("AhAd9s8c2h", "AsKcQd"), five("AhAdAsKcQd"));
        assert_eq!(omaha("AhKh", "QhJhTh2c"), five("AhKhQhJhTh"));
        assert_eq!(omaha("2c3d4h5s6c7d", "8h9sTc"), five("6c7d8h9sTc"));
    }

    #[test]
    fn bad_deals_are_errors_naming_what_is_wrong() {
        let e = evaluate(&cards("Ah"), &cards("2c3c4c")).unwrap_err();
        assert_eq!(e, EvalError::HoleCount { count: 1, expected: "2 to 6" });
        assert_eq!(e.to_string(), "1 hole card, expected 2 to 6");
        let e = evaluate(&cards("AhKh"), &cards("2c3c")).unwrap_err();
        assert_eq!(e.to_string(), "2 board cards, expected 3 to 5");
        let e = evaluate(&cards("AhKh"), &cards("2c3c4c5c6c7c")).unwrap_err();
        assert_eq!(e.to_string(), "6 board cards, expected 3 to 5");
        let e = evaluate(&cards("AhKh2c"), &cards("2c3c4c")).unwrap_err();
        assert_eq!(e, EvalError::Duplicate("2c".parse().unwrap()));
    }

    #[test]
    fn the_unchecked_path_never_panics_on_odd_counts() {
        let many = cards("AhKhQhJhTh9h8h7h");
        assert_eq!(rank(&many, &many[..0]).value(), 0);
        let _ = rank(&many, &many);
        assert_eq!(pairs(&many, |_| 1u8, |a, b| a + b).1, 15);
        assert_eq!(triples(&many, |_| 1u8, |a, b| a + b).1, 10);
    }
}
