//! Badugi: four cards, the lowest hand of all different suits and all different ranks wins.
//!
//! A badugi hand is the largest set of a player's four cards with no two of the same suit and
//! no two of the same rank; the other cards do not play. Four such cards (a "badugi") beat any
//! three, three beat any two, two beat any one. Between hands of the same size the highest card
//! decides, the lower winning, then the next highest, and so on; the ace is the lowest card.
//! So A♣2♦3♥4♠ is the best hand, and K♣Q♦J♥T♠ still beats every three-card hand. When a player
//! has several sets of the largest size, the lowest one plays: from 2♠3♠4♦7♥ the two and the
//! three cannot both play (one suit), and 2♠4♦7♥ is the hand.
//!
//! [`BadugiRank`] orders so that the **better hand is greater**.
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::badugi;
//! let r = |s| badugi::evaluate(&parse_cards(s, Deck::Standard).unwrap()).unwrap();
//! assert!(r("Ac2d3h4s") > r("Ac2d3h5s"));
//! assert!(r("KcQdJhTs") > r("Ac2d3h3s")); // four cards beat three
//! assert_eq!(r("2s3s4d7h").to_string(), "7-4-2 (three-card hand)");
//! assert_eq!(r("KcKdKhKs").size(), 1);
//! ```
//!
//! # How it is computed
//!
//! Each of the 15 non-empty subsets of the four cards plays if its suits and its ranks are all
//! different (the number of distinct suits and of distinct ranks, counted on bit masks, equals
//! its size). A playing subset's value is its size, then its ace-low rank mask inverted: for
//! sets of one size, the smaller mask is the lower hand (see [`super::low`]). The best value
//! over the subsets is the hand's.

use std::fmt;

use crate::card::{Card, Rank};
use crate::eval::low::{ace_low_rank, write_ranks, ACE_LOW_BITS};
use crate::eval::EvalError;

/// A badugi hand: `size << 13 | (0x1fff ^ ranks)`, where `ranks` is the playing cards' ace-low
/// rank mask (bit 0 = ace ... bit 12 = king). The better hand is greater.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BadugiRank(u16);

impl BadugiRank {
    /// A number where larger is better and equal is a split: `size << 13 | (0x1fff ^ ranks)`.
    /// A♣2♦3♥4♠ is 40,944.
    pub const fn value(self) -> u32 {
        self.0 as u32
    }

    /// How many cards play: 4 for a badugi, down to 1.
    pub const fn size(self) -> u8 {
        (self.0 >> 13) as u8
    }

    /// The ranks that play, as an ace-low mask (bit 0 = ace, ..., bit 12 = king).
    pub const fn mask(self) -> u16 {
        (self.0 & 0x1fff) ^ 0x1fff
    }

    /// The ranks that play, highest first.
    pub fn ranks(self) -> Vec<Rank> {
        (0..13u8).rev().filter(|&i| self.mask() >> i & 1 == 1).map(ace_low_rank).collect()
    }

    /// `badugi` for four cards, else `three-card hand` and so on.
    pub const fn name(self) -> &'static str {
        match self.size() {
            4 => "badugi",
            3 => "three-card hand",
            2 => "two-card hand",
            _ => "one-card hand",
        }
    }
}

impl fmt::Display for BadugiRank {
    /// `4-3-2-A (badugi)`, `7-4-2 (three-card hand)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_ranks(f, &self.ranks())?;
        write!(f, " ({})", self.name())
    }
}

/// The badugi hand of exactly four distinct cards.
pub fn evaluate(cards: &[Card]) -> Result<BadugiRank, EvalError> {
    Ok(rank(crate::eval::distinct_array(cards, "4")?))
}

/// The hot path of [`evaluate`], without checks: meaningful for four distinct cards.
#[inline]
pub fn rank(cards: &[Card; 4]) -> BadugiRank {
    let ranks = cards.map(|c| ACE_LOW_BITS[c.index() as usize & 63]);
    let suits = cards.map(|c| 1u8 << (c.index() & 3));
    let mut best = 0u16;
    for subset in 1u8..16 {
        let (mut r, mut s) = (0u16, 0u8);
        for i in 0..4 {
            if subset >> i & 1 == 1 {
                r |= ranks[i];
                s |= suits[i];
            }
        }
        let n = subset.count_ones();
        if r.count_ones() == n && s.count_ones() == n {
            best = best.max((n as u16) << 13 | (0x1fff ^ r));
        }
    }
    BadugiRank(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Deck};
    use crate::eval::testing::{assert_ascending, rank_of};

    #[test]
    fn a_2_3_4_of_four_suits_is_the_best_hand() {
        assert_eq!(rank_of(evaluate, "Ac2d3h4s").to_string(), "4-3-2-A (badugi)");
        assert_eq!(rank_of(evaluate, "Ac2d3h4s").value(), 40944);
        assert!(rank_of(evaluate, "Ac2d3h4s") > rank_of(evaluate, "Ac2d3h5s"));
        assert!(rank_of(evaluate, "Ac2d3h5s") > rank_of(evaluate, "Ac2d4h5s"));
    }

    #[test]
    fn more_cards_beat_fewer_and_the_highest_card_decides_within_a_size() {
        let order = [
            "KcKdKhKs", // one card: a king
            "AcAdAhAs", // one card: an ace
            "KcQcJdTd", // two cards: Q-T
            "Ac2c3c4d", // two cards: 4-A
            "KcQdJhJs", // three cards: K-Q-J
            "4c8dKhKs", // three cards: K-8-4
            "2s3s4d7h", // three cards: 7-4-2
            "KcQdJhTs", // badugi, king high
            "Ac2d3h5s",
        ];
        assert_ascending(evaluate, &order);
    }

    #[test]
    fn the_lowest_playing_set_is_chosen() {
        // 2s3s: one of them plays; 2s with 4d and 7h is lower than 3s with them.
        assert_eq!(
            rank_of(evaluate, "2s3s4d7h").ranks(),
            [7, 4, 2].map(|i| Rank::new(i - 2).unwrap())
        );
        // A pair: the other rank plays with the rest.
        assert_eq!(rank_of(evaluate, "AcAd3h4s").to_string(), "4-3-A (three-card hand)");
        assert_eq!(rank_of(evaluate, "Ac2c3c4c").to_string(), "A (one-card hand)");
    }

    #[test]
    fn only_four_cards_are_a_hand() {
        let cards = parse_cards("Ac2d3h", Deck::Standard).unwrap();
        assert_eq!(evaluate(&cards).unwrap_err().to_string(), "3 cards, expected 4");
    }
}
