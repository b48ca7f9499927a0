//! Deuce-to-seven low (2-7 single draw, 2-7 triple draw): the standard ranking turned upside
//! down, for exactly five cards.
//!
//! The worst standard hand wins. Straights and flushes count against a hand, as pairs do, and
//! the ace is always high: A-2-3-4-5 is no straight but an ace-high hand (a poor one), and
//! 7-5-4-3-2 of mixed suits, the worst standard hand, is the best 2-7 hand (the "number one").
//! Hands without a pair, straight or flush compare by their highest card, the lower winning,
//! then the next: 7-5-4-3-2 beats 7-6-4-3-2, which beats 8-5-4-3-2; any king-high hand beats
//! A-5-4-3-2. Then come, each worse than the one before: one pair, two pair, three of a kind,
//! straight, flush, full house, four of a kind, straight flush.
//!
//! [`DeuceSevenRank`] orders so that the **better (lower) hand is greater**.
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::{deuce_seven, Category};
//! let r = |s| deuce_seven::evaluate(&parse_cards(s, Deck::Standard).unwrap()).unwrap();
//! assert!(r("7c5d4h3s2c") > r("7c6d4h3s2c"));
//! assert!(r("KcQdJhTs8c") > r("Ac2d3h4s5c")); // A-5-4-3-2 is ace high, not a straight
//! assert_eq!(r("Ac2d3h4s5c").category(), Category::HighCard);
//! assert_eq!(r("6c5d4h3s2c").category(), Category::Straight);
//! assert_eq!(r("7c5c4c3c2c").to_string(), "flush (24595)");
//! ```
//!
//! # How it is computed
//!
//! From the standard evaluator: a 2-7 hand is as good as its standard value is bad, except the
//! five-high straight A-2-3-4-5, which standard poker counts as a straight (and, suited, as a
//! straight flush) and 2-7 does not. Its value is placed by hand: the standard value `v` of
//! every other hand is doubled, and A-5-4-3-2 gets one less than twice the value of A-6-4-3-2
//! (the lowest ace-high hand standard poker knows), so it lands between the best ace-high
//! hand A-6-4-3-2 and the worst king-high hand K-Q-J-T-8; the suited A-5-4-3-2 lands in the
//! same way just below the ace-high flush A-6-4-3-2. The 2-7 value is then a constant less
//! that number.

use std::fmt;

use crate::card::Card;
use crate::eval::standard::{Hand, HandRank};
use crate::eval::{Category, EvalError};

/// Standard value of A-6-4-3-2 without a flush: the lowest ace-high hand (784 king-high-or-
/// lower hands without a straight come below it).
const ACE_SIX_HIGH: u32 = 784;
/// Standard value of the A-6-4-3-2 flush.
const ACE_SIX_FLUSH: u32 = (Category::Flush as u32) << 12 | 784;
/// Standard value of the straight 5-4-3-2-A.
const WHEEL: u32 = (Category::Straight as u32) << 12;
/// Standard value of the straight flush 5-4-3-2-A.
const STEEL_WHEEL: u32 = (Category::StraightFlush as u32) << 12;
/// Twice the best standard value (the royal flush), plus one.
const TOP: u32 = 2 * ((Category::StraightFlush as u32) << 12 | 9) + 1;

/// A deuce-to-seven hand. The better (lower) hand is the greater value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DeuceSevenRank(u32);

impl DeuceSevenRank {
    /// The 2-7 rank of five cards whose standard rank is `rank`.
    #[inline(always)]
    pub const fn from_standard(rank: HandRank) -> DeuceSevenRank {
        let v = rank.value() as u32;
        let doubled = match v {
            WHEEL => 2 * ACE_SIX_HIGH - 1,
            STEEL_WHEEL => 2 * ACE_SIX_FLUSH - 1,
            _ => 2 * v,
        };
        DeuceSevenRank(TOP - doubled)
    }

    /// A number where larger is better and equal is a split (not dense: compare only).
    /// 7-5-4-3-2 of mixed suits is 65,555; the royal flush 1.
    pub const fn value(self) -> u32 {
        self.0
    }

    /// The hand's category under 2-7 rules (A-5-4-3-2 is high card, or a flush when suited).
    pub const fn category(self) -> Category {
        let doubled = TOP - self.0;
        if doubled == 2 * ACE_SIX_HIGH - 1 {
            Category::HighCard
        } else if doubled == 2 * ACE_SIX_FLUSH - 1 {
            Category::Flush
        } else {
            Category::ALL[((doubled / 2) >> 12) as usize % 9]
        }
    }
}

impl fmt::Display for DeuceSevenRank {
    /// `high card (65555)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.category(), self.0)
    }
}

/// The deuce-to-seven rank of exactly five distinct cards.
pub fn evaluate(cards: &[Card]) -> Result<DeuceSevenRank, EvalError> {
    Ok(rank(crate::eval::distinct_array(cards, "5")?))
}

/// The hot path of [`evaluate`], without checks: meaningful for five distinct cards.
#[inline]
pub fn rank(cards: &[Card; 5]) -> DeuceSevenRank {
    let hand = cards.iter().fold(Hand::EMPTY, |h, &c| h.add(c));
    DeuceSevenRank::from_standard(hand.rank5())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Deck};
    use crate::eval::standard;
    use crate::eval::testing::{assert_ascending, rank_of};

    fn standard(s: &str) -> u32 {
        standard::evaluate(&parse_cards(s, Deck::Standard).unwrap()).unwrap().value() as u32
    }

    #[test]
    fn the_placed_values_are_the_standard_values_of_those_hands() {
        assert_eq!(standard("Ac6d4h3s2c"), ACE_SIX_HIGH);
        assert_eq!(standard("KcQdJhTs8c"), ACE_SIX_HIGH - 1);
        assert_eq!(standard("Ac6c4c3c2c"), ACE_SIX_FLUSH);
        assert_eq!(standard("KcQcJcTc8c"), ACE_SIX_FLUSH - 1);
        assert_eq!(standard("Ac2d3h4s5c"), WHEEL);
        assert_eq!(standard("Ac2c3c4c5c"), STEEL_WHEEL);
    }

    #[test]
    fn the_wheel_is_ace_high_between_king_high_and_a_6_4_3_2() {
        assert!(rank_of(evaluate, "KcQdJhTs8c") > rank_of(evaluate, "Ac5d4h3s2c"));
        assert!(rank_of(evaluate, "Ac5d4h3s2c") > rank_of(evaluate, "Ac6d4h3s2c"));
        assert!(rank_of(evaluate, "Ac5d4h3s2c") > rank_of(evaluate, "2c2d3h4s5c")); // ace high beats a pair
                                                                                    // Suited, it is an ace-high flush, the best of them.
        assert_eq!(rank_of(evaluate, "Ac5c4c3c2c").category(), Category::Flush);
        assert!(rank_of(evaluate, "KcQcJcTc8c") > rank_of(evaluate, "Ac5c4c3c2c"));
        assert!(rank_of(evaluate, "Ac5c4c3c2c") > rank_of(evaluate, "Ac6c4c3c2c"));
        assert!(rank_of(evaluate, "Ac5c4c3c2c") < rank_of(evaluate, "6c5d4h3s2c"));
        // a flush is worse than a straight
    }

    #[test]
    fn lowest_hand_wins_and_straights_and_flushes_count_against() {
        let order = [
            "AcKcQcJcTc", // royal flush, the worst
            "6c5c4c3c2c", // straight flush
            "2c2d2h2s3c", // four of a kind
            "2c2d2h3s3c", // full house
            "7c5c4c3c2c", // flush
            "AcKdQhJsTc", // straight
            "6c5d4h3s2c", // the lowest straight
            "2c2d2h4s3c", // three of a kind
            "2c2d3h3s4c", // two pair
            "2c2d3h4s5c", // one pair
            "Ac5d4h3s2c", // ace high
            "8c5d4h3s2c",
            "7c6d5h4s2c",
            "7c6d4h3s2c",
            "7c5d4h3s2c", // the best hand
        ];
        assert_ascending(evaluate, &order);
        assert_eq!(rank_of(evaluate, "7c5d4h3s2c").value(), TOP);
        assert_eq!(rank_of(evaluate, "AcKcQcJcTc").value(), 1);
        assert_eq!(rank_of(evaluate, "7c5d4h3s2c").to_string(), "high card (65555)");
    }

    #[test]
    fn only_five_cards_are_a_hand() {
        let cards = parse_cards("7c5d4h3s2c9d", Deck::Standard).unwrap();
        assert_eq!(evaluate(&cards).unwrap_err().to_string(), "6 cards, expected 5");
    }
}
