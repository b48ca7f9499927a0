//! Eight-or-better low: the low half of the high-low split games (Omaha hi-lo, seven-card stud
//! hi-lo).
//!
//! A low hand is five cards of **five different ranks, all eight or lower**, the ace counting
//! as the lowest card (below the two). Straights and flushes do not matter: 5-4-3-2-A (the
//! "wheel") is the best low even when it is a straight, and a flush is as good a low as any
//! other suiting. Two lows compare by their highest card, the lower winning; if those are
//! equal, by the next highest, and so on: 8-5-4-3-2 beats 8-6-3-2-A (five below six), and
//! 7-6-5-4-3 beats 8-4-3-2-A. Five cards with a pair, or with a nine or higher, are no low at
//! all: a player without a qualifying low takes no part in the low half of the pot, and a pot
//! with no qualifying low goes to the high hand whole.
//!
//! A [`EightLow`] orders so that the **better low is greater**, and "no qualifying low" is
//! `None`, below every low (`Option`'s order): the maximum of several `Option<EightLow>` is the
//! winner, and `None` when nobody qualifies.
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::low;
//! let cards = |s| parse_cards(s, Deck::Standard).unwrap();
//! let wheel = low::evaluate(&cards("5c4d3h2sAc")).unwrap().unwrap();
//! let eight = low::evaluate(&cards("8c7d6h5s4c")).unwrap().unwrap();
//! assert!(wheel > eight);
//! assert_eq!(eight.to_string(), "8-7-6-5-4 (eight low)");
//! assert_eq!(low::evaluate(&cards("9c4d3h2sAc")).unwrap(), None); // a nine: no low
//! assert_eq!(low::evaluate(&cards("4c4d3h2sAc")).unwrap(), None); // a pair: no low
//! // Stud: the best low of seven cards.
//! let seven = low::evaluate(&cards("Kc 8d 7h 2s Ac 2d 5h")).unwrap().unwrap();
//! assert_eq!(seven.to_string(), "8-7-5-2-A (eight low)");
//! // Omaha: exactly two hole cards and three board cards; here only A-2 can join 3-4-5.
//! let omaha = low::omaha_low(&cards("Ac2dKhKs"), &cards("3h4s5dQcJd")).unwrap().unwrap();
//! assert_eq!(omaha, wheel);
//! ```
//!
//! # How it is computed
//!
//! A low is a set of five ranks, kept as a bit mask (bit 0 the ace, bit 7 the eight). For sets
//! of the same size, comparing the highest rank first is the same as comparing the masks as
//! numbers, so the smaller mask is the better low. The best low of several cards is the five
//! lowest distinct ranks among those eight or lower (one table lookup); the best Omaha low is
//! the smallest union of a hole pair's mask and a board triple's mask that has five bits.

use std::cmp::Ordering;
use std::fmt;

use crate::card::{Card, Rank};
use crate::eval::EvalError;

/// An eight-or-better low: five distinct ranks, all eight or lower, the ace low. The better
/// low is the greater value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EightLow(u8);

impl EightLow {
    /// The low of these five distinct ace-low ranks (bit 0 = ace, ..., bit 7 = eight); `None`
    /// unless exactly five bits are set.
    pub const fn from_mask(mask: u8) -> Option<EightLow> {
        if mask.count_ones() == 5 {
            Some(EightLow(mask))
        } else {
            None
        }
    }

    /// The ranks as a mask: bit 0 the ace, bit 1 the two, ..., bit 7 the eight.
    pub const fn mask(self) -> u8 {
        self.0
    }

    /// A number where larger is better and equal is a split: 255 less the mask, so 224 for
    /// 5-4-3-2-A and 7 for 8-7-6-5-4.
    pub const fn value(self) -> u32 {
        255 - self.0 as u32
    }

    /// The five ranks, highest first.
    pub fn ranks(self) -> [Rank; 5] {
        let mut out = [Rank::ACE; 5];
        let mut m = self.0;
        for slot in out.iter_mut().rev() {
            *slot = ace_low_rank(m.trailing_zeros() as u8);
            m &= m.wrapping_sub(1);
        }
        out
    }

    /// The highest of the five ranks: "eight low" for an 8.
    pub fn top(self) -> Rank {
        ace_low_rank(7 - self.0.leading_zeros() as u8)
    }

    /// The low's name after its top card: `eight low` ... `five low`.
    pub fn name(self) -> &'static str {
        low_name(self.top())
    }
}

impl Ord for EightLow {
    /// The better (lower) low is greater.
    fn cmp(&self, other: &EightLow) -> Ordering {
        other.0.cmp(&self.0)
    }
}

impl PartialOrd for EightLow {
    fn partial_cmp(&self, other: &EightLow) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for EightLow {
    /// `8-6-4-3-A (eight low)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_ranks(f, &self.ranks())?;
        write!(f, " ({})", self.name())
    }
}

/// Writes ranks as `8-6-4-3-A`.
pub(crate) fn write_ranks(f: &mut fmt::Formatter<'_>, ranks: &[Rank]) -> fmt::Result {
    for (i, r) in ranks.iter().enumerate() {
        if i > 0 {
            f.write_str("-")?;
        }
        write!(f, "{r}")?;
    }
    Ok(())
}

/// The rank of ace-low position `i` (0 = ace, 1 = two, ..., 12 = king).
pub(crate) fn ace_low_rank(i: u8) -> Rank {
    Rank::ALL[(i as usize + 12) % 13]
}

/// The name of a low after its top card: `five low` ... `king low` (an ace top, possible only
/// where the ace plays high, is `ace low`).
pub(crate) fn low_name(top: Rank) -> &'static str {
    const NAMES: [&str; 13] = [
        "two low",
        "three low",
        "four low",
        "five low",
        "six low",
        "seven low",
        "eight low",
        "nine low",
        "ten low",
        "jack low",
        "queen low",
        "king low",
        "ace low",
    ];
    NAMES[top.index() as usize % 13]
}

/// Each card's ace-low rank bit (bit 0 = ace, ..., bit 12 = king), indexed by `card.index()`.
pub(crate) static ACE_LOW_BITS: [u16; 64] = {
    let mut bits = [0u16; 64];
    let mut i = 0;
    while i < 52 {
        bits[i] = 1 << ((i / 4 + 1) % 13);
        i += 1;
    }
    bits
};

/// The five lowest bits of an 8-bit mask, or 0 when it has fewer than five.
static LOWEST_FIVE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut m = 0;
    while m < 256 {
        let mut v = m as u8;
        while v.count_ones() > 5 {
            v &= !(1 << (7 - v.leading_zeros()));
        }
        t[m] = if v.count_ones() == 5 { v } else { 0 };
        m += 1;
    }
    t
};

/// A card's eight-or-better bit: its ace-low bit if it is an eight or lower, else 0.
#[inline(always)]
fn low_bit(card: Card) -> u8 {
    (ACE_LOW_BITS[card.index() as usize & 63] & 0xff) as u8
}

/// The best eight-or-better low of 5 to 7 distinct cards (five-card hands, seven-card stud
/// hi-lo), or `None` when no five of them qualify.
pub fn evaluate(cards: &[Card]) -> Result<Option<EightLow>, EvalError> {
    crate::eval::check_distinct(cards, 5..=7, "5 to 7")?;
    Ok(best(cards))
}

/// The hot path of [`evaluate`], without checks: the best low of any five of `cards` (the
/// five lowest distinct ranks, eight or lower). Meaningful for distinct cards; never panics.
#[inline]
pub fn best(cards: &[Card]) -> Option<EightLow> {
    let mask = cards.iter().fold(0u8, |m, &c| m | low_bit(c));
    EightLow::from_mask(LOWEST_FIVE[mask as usize])
}

/// The best low of cards whose eight-or-better rank bits (bit 0 the ace, ..., bit 7 the eight)
/// are `mask`: the five lowest, or `None` when there are fewer than five. Lets a caller that
/// adds cards one at a time keep only the OR of their bits.
#[inline(always)]
pub(crate) fn best_of_mask(mask: u8) -> Option<EightLow> {
    EightLow::from_mask(LOWEST_FIVE[mask as usize])
}

/// A card's eight-or-better rank bit, 0 above the eight (see [`best_of_mask`]).
#[inline(always)]
pub(crate) fn low_bit_of(card: Card) -> u8 {
    low_bit(card)
}

/// The best eight-or-better low of exactly two of `hole` and exactly three of `board` (Omaha
/// hi-lo), after checking the deal as [`super::omaha::evaluate`] does: 2 to 6 hole cards, 3 to
/// 5 board cards, no card twice. `None` when no such five cards qualify.
///
/// ```
/// use feltkit::card::{parse_cards, Deck};
/// use feltkit::eval::low;
/// let cards = |s| parse_cards(s, Deck::Standard).unwrap();
/// // Four low cards in the hand but only two low board cards: no low.
/// assert_eq!(low::omaha_low(&cards("Ac2d3h4s"), &cards("5d6cKhQsJd")).unwrap(), None);
/// ```
pub fn omaha_low(hole: &[Card], board: &[Card]) -> Result<Option<EightLow>, EvalError> {
    crate::eval::omaha::check(hole, board)?;
    Ok(omaha_low_rank(hole, board))
}

/// The hot path of [`omaha_low`], without checks. Meaningful for 2 to 6 distinct hole cards
/// and 3 to 5 distinct board cards, none in common; cards past the sixth hole card or the
/// fifth board card are ignored. Never panics.
#[inline]
pub fn omaha_low_rank(hole: &[Card], board: &[Card]) -> Option<EightLow> {
    // Without three low ranks on the board, or two in the hand, there is no low to find.
    let ranks = |cards: &[Card], most: usize| {
        cards[..cards.len().min(most)].iter().fold(0u8, |m, &c| m | low_bit(c)).count_ones()
    };
    if ranks(board, crate::eval::omaha::MAX_BOARD) < 3
        || ranks(hole, crate::eval::omaha::MAX_HOLE) < 2
    {
        return None;
    }
    let (twos, n2) = crate::eval::omaha::pairs(hole, low_bit, |a, b| a | b);
    let (threes, n3) = crate::eval::omaha::triples(board, low_bit, |a, b| a | b);
    // A union with five bits takes two distinct low ranks from the hand and three others from
    // the board. The smallest such union is the best low; 0x100 stands for none.
    let mut best = 0x100u16;
    for &t in &threes[..n3] {
        for &p in &twos[..n2] {
            let u = p | t;
            let v = if u.count_ones() == 5 { u as u16 } else { 0x100 };
            best = best.min(v);
        }
    }
    EightLow::from_mask(best as u8).filter(|_| best < 0x100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Deck};

    fn low(s: &str) -> Option<EightLow> {
        evaluate(&parse_cards(s, Deck::Standard).unwrap()).unwrap()
    }

    #[test]
    fn eight_high_qualifies_and_nine_high_does_not() {
        assert!(low("8c7d6h5s4c").is_some());
        assert_eq!(low("9c7d6h5s4c"), None);
        assert_eq!(low("KcQdJhTs9c"), None);
    }

    #[test]
    fn lows_compare_highest_card_first() {
        let order = ["8c7d6h5s4c", "8c4d3h2sAc", "7c6d5h4s3c", "7c5d4h3s2c", "6c4d3h2sAc"];
        for w in order.windows(2) {
            assert!(low(w[0]) < low(w[1]), "{} below {}", w[0], w[1]);
        }
        // Straights and flushes do not count: the suited wheel is the best low.
        assert_eq!(low("5c4c3c2cAc"), low("5d4c3h2sAc"));
        assert_eq!(low("5c4c3c2cAc").unwrap().value(), 224);
    }

    #[test]
    fn seven_cards_give_the_five_lowest_distinct_ranks() {
        assert_eq!(low("Ac Ad 2c 2d 3c 8h Kd"), None);
        assert_eq!(low("Ac Ad 2c 3d 4c 8h 7d").unwrap().to_string(), "7-4-3-2-A (seven low)");
    }

    #[test]
    fn omaha_low_uses_exactly_two_hole_cards() {
        let cards = |s| parse_cards(s, Deck::Standard).unwrap();
        // A-2 in the hand with 3-4-5 on the board beats every other choice.
        let wheel = omaha_low(&cards("Ac2d7h8s"), &cards("3c4d5hKsQc")).unwrap();
        assert_eq!(wheel.unwrap().to_string(), "5-4-3-2-A (five low)");
        // A paired hole pair counts once: A-A with 2-3-4 on the board is no low.
        assert_eq!(omaha_low(&cards("AcAdKhKs"), &cards("2c3d4hQsJc")).unwrap(), None);
        // The board ace pairs the hole ace: A-2 with A-3-4 is no low, so 2-6 plays.
        let r = omaha_low(&cards("Ac2d6h7s"), &cards("Ad3c4dKsQc")).unwrap().unwrap();
        assert_eq!(r.to_string(), "6-4-3-2-A (six low)");
    }

    #[test]
    fn wrong_counts_are_errors() {
        let cards = parse_cards("Ac2d3h4s", Deck::Standard).unwrap();
        assert_eq!(evaluate(&cards).unwrap_err().to_string(), "4 cards, expected 5 to 7");
    }
}
