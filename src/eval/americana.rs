//! The 32-card Americana evaluator: flush beats full house, A-7-8-9-T is the lowest straight,
//! and equal ranks are broken by suit (spades > hearts > diamonds > clubs), so that two
//! five-card hands from one deck never tie (the Americana ranking of `docs/games.md`).
//!
//! The rank-only part comes from the same kind of perfect-hash tables as the standard
//! evaluator ([`crate::eval::tables`]); each entry also names the rank whose best suit breaks a
//! tie (the top card for high card and straights, the highest kicker for pairs), and that suit
//! is read off the hand's card mask.
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::{americana, Category};
//! let r = |s| americana::evaluate(&parse_cards(s, Deck::Americana).unwrap()).unwrap();
//! assert_eq!(r("7c8c9cJcKc").category(), Category::Flush);
//! assert!(r("7c8c9cJcKc") > r("AcAdAhKsKd")); // flush beats full house
//! assert!(r("AsKs9h8d7c") > r("AhKh9s8d7c")); // same ranks: the ace of spades wins
//! ```

use crate::card::{Card, Deck};
use crate::eval::additive;
use crate::eval::tables;
use crate::eval::EvalError;

additive::deck! {
    spec: tables::AMERICANA, file: include_bytes!("../../data/americana.bin"), values: u32;

    /// An Americana hand's value: `order << 12 | class << 2 | suit`, where `order` places the
    /// category (flush above full house). Larger is better; equal is a split.
    pub struct AmericanaRank;

    /// The 32-card deck's data for the additive [`AmericanaHand`].
    pub struct Americana;

    fn check(card: Card) -> Result<(), EvalError> {
        if Deck::Americana.contains(card) {
            Ok(())
        } else {
            Err(EvalError::NotInDeck { card, deck: Deck::Americana })
        }
    }

    #[inline(always)]
    fn lookup(len: usize, key: u64, mask: u64) -> Option<AmericanaRank> {
        let entry = match len {
            5 => HASH5.get(key),
            6 => HASH6.get(key),
            7 => HASH7.get(key),
            _ => return None,
        };
        let mut value = entry as u16;
        if entry >> 20 & 1 == 1 {
            // The best suit held in the tie-break rank: the highest of that rank's lane bits.
            let tie = entry >> 16 & 7;
            let bits = (mask >> tie) & 0x0001_0001_0001_0001;
            value |= ((63 - (bits | 1).leading_zeros()) / 16) as u16;
        }
        Some(AmericanaRank(value))
    }

    #[inline(always)]
    fn flush(suit: u32, mask: u64) -> AmericanaRank {
        let lane = (mask >> (16 * suit)) as usize & 0xff;
        AmericanaRank(FLUSH[lane] as u16 | suit as u16)
    }
}

additive::flush_above_full_house! {
    /// The raw value.
    AmericanaRank
}

/// An additive hand of up to seven Americana cards; the layout is the standard one with ranks
/// counted from the seven (see [`additive`]). A card outside the 32-card deck adds nothing
/// useful.
pub type AmericanaHand = additive::Hand<Americana>;

/// Ranks the best five of 5, 6 or 7 distinct cards of the 32-card deck.
pub fn evaluate(cards: &[Card]) -> Result<AmericanaRank, EvalError> {
    crate::eval::check_cards(cards, Deck::Americana)?;
    AmericanaHand::from_cards(cards)?.rank().ok_or(EvalError::WrongCount(cards.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::eval::testing::rank_of;
    use crate::eval::Category;

    #[test]
    fn low_straight_and_suit_tie_breaks() {
        assert_eq!(rank_of(evaluate, "Ac7d8h9sTc").category(), Category::Straight);
        assert!(rank_of(evaluate, "Ac7d8h9sTc") < rank_of(evaluate, "7d8h9sTcJc"));
        assert!(rank_of(evaluate, "Ac7d8h9sTc") < rank_of(evaluate, "Ac7d8h9sTs"));
        // Two pair: the kicker's suit decides.
        assert!(rank_of(evaluate, "AcAdKcKd9c") < rank_of(evaluate, "AhAsKhKs9d"));
    }

    #[test]
    fn seven_cards_pick_the_best_suit_of_the_tie_rank() {
        // Three pairs: the kicker is a queen, and the queen of spades is held.
        let r = rank_of(evaluate, "AcAdKcKdQhQs7c");
        assert_eq!(r.category(), Category::TwoPair);
        assert_eq!(r.value() & 3, 3);
    }

    #[test]
    fn cards_outside_the_deck_are_errors() {
        let cards = parse_cards("Ac6d8h9sTc", Deck::Standard).unwrap();
        assert!(matches!(evaluate(&cards), Err(EvalError::NotInDeck { .. })));
    }
}
