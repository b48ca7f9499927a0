//! Short-deck (six-plus) hold'em: the 36-card deck from the six to the ace, where a flush
//! beats a full house and A-6-7-8-9 is the lowest straight.
//!
//! The order of hands, best first: straight flush, four of a kind, **flush, full house**,
//! straight, three of a kind, two pair, one pair, high card. With the twos to fives gone a flush
//! is rarer than a full house, so it ranks above it; three of a kind stays below a straight.
//! This is the order PokerKit 0.7.7 uses for short-deck hold'em (its `ShortDeckHoldemLookup`
//! lists the categories from the weakest: high card, one pair, two pair, three of a kind,
//! straight, full house, flush, four of a kind, straight flush). Some card rooms instead put
//! three of a kind above a straight; feltkit does not. The ace plays high (T-J-Q-K-A) or low,
//! in the place of the missing five: A-6-7-8-9 is a straight whose top card is the nine, the
//! lowest one. Within a category hands compare as in standard poker, and suits never break a
//! tie. A hand is the best five of 5, 6 or 7 cards.
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::{shortdeck, Category};
//! let r = |s| shortdeck::evaluate(&parse_cards(s, Deck::Standard).unwrap()).unwrap();
//! assert!(r("6c7c8cTcQc") > r("AcAdAhKsKd")); // flush beats full house
//! assert!(r("6c7d8h9sTc") > r("Ac6d7h8s9c")); // A-6-7-8-9 is the lowest straight
//! assert_eq!(r("Ac6d7h8s9c").category(), Category::Straight);
//! assert!(r("Ac6d7h8s9c") > r("AcAdAhKsQd")); // a straight beats three of a kind
//! assert!(shortdeck::evaluate(&parse_cards("2c6d7h8s9c", Deck::Standard).unwrap()).is_err());
//! ```
//!
//! # How it is computed
//!
//! With perfect-hash tables made by the same generator as the standard and Americana ones
//! ([`crate::eval::tables`], spec [`crate::eval::tables::SHORTDECK`], file
//! `data/shortdeck.bin`, 33 KB): a hand is the additive two-word value of the standard
//! evaluator with ranks counted from the six, so hole cards and a board combine by addition,
//! and a rank is a flush test and one hash lookup. A direct computation on rank bit masks would
//! also be small, but the generated tables reuse code that is already checked against every
//! hand of two decks, rank 5, 6 and 7 cards the same way as the other evaluators, and are
//! rebuilt byte for byte by a test (fast enough for a debug build), so there is one method to
//! trust rather than two.

use crate::card::Card;
use crate::eval::additive::{self, Table};
use crate::eval::tables;
use crate::eval::EvalError;

additive::deck! {
    spec: tables::SHORTDECK, file: include_bytes!("../../data/shortdeck.bin"), values: u16;

    /// A short-deck hand's value: `order << 12 | class`, where `order` places the category
    /// (flush above full house) and `class` is the hand's place within it, 0 the weakest. Larger
    /// is better; equal is a split. It is shown as `flush (24576)` for the weakest flush,
    /// J-9-8-7-6 of one suit.
    pub struct ShortDeckRank;

    /// The 36-card deck's data for the additive [`ShortDeckHand`].
    pub struct ShortDeck;

    fn check(card: Card) -> Result<(), EvalError> {
        if in_deck(card) {
            Ok(())
        } else {
            Err(EvalError::NotInShortDeck(card))
        }
    }

    #[inline(always)]
    fn lookup(len: usize, key: u64, _: u64) -> Option<ShortDeckRank> {
        Some(ShortDeckRank(match len {
            5 => HASH5.get(key),
            6 => HASH6.get(key),
            7 => HASH7.get(key),
            _ => return None,
        }))
    }

    /// The rank of a hand with five or more cards of one suit: that suit's 9-bit lane.
    #[inline(always)]
    fn flush(suit: u32, mask: u64) -> ShortDeckRank {
        ShortDeckRank(FLUSH[(mask >> (16 * suit)) as usize & 0x1ff])
    }
}

additive::flush_above_full_house! {
    /// The raw value, `order << 12 | class`: 0 is the weakest high card, J-9-8-7-6; the royal
    /// flush is `8 << 12 | 5` (six straight flushes, A-6-7-8-9 the lowest).
    ShortDeckRank
}

/// An additive hand of up to seven short-deck cards; the layout is the standard one with
/// ranks counted from the six (see [`additive`]). Cards below the six add nothing.
pub type ShortDeckHand = additive::Hand<ShortDeck>;

impl ShortDeckHand {
    /// The rank of a hand of exactly seven cards (meaningless for any other count).
    #[inline(always)]
    pub fn rank7(self) -> ShortDeckRank {
        if self.has_flush() {
            std::hint::cold_path();
            return ShortDeck::flush(self.flush_suit(), self.mask());
        }
        ShortDeckRank(HASH7.get(self.key()))
    }
}

/// Whether a card is in the 36-card short deck (six or higher).
pub const fn in_deck(card: Card) -> bool {
    card.index() as usize >= LOW * 4
}

/// Ranks the best five of 5, 6 or 7 distinct cards of the 36-card deck.
pub fn evaluate(cards: &[Card]) -> Result<ShortDeckRank, EvalError> {
    if !(5..=7).contains(&cards.len()) {
        return Err(EvalError::WrongCount(cards.len()));
    }
    ShortDeckHand::from_cards(cards)?.rank().ok_or(EvalError::WrongCount(cards.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Deck};
    use crate::eval::testing::{assert_ascending, rank_of};
    use crate::eval::Category;

    #[test]
    fn categories_follow_the_short_deck_order() {
        let order = [
            "Jc9d8h7s6c", // the weakest high card
            "AcKdQhJs9c", // the best high card
            "6c6d7h8s9c", // one pair
            "6c6d7h7s8c", // two pair
            "AcAdAhKsQc", // three of a kind
            "Ac6d7h8s9c", // the lowest straight, A-6-7-8-9
            "6c7d8h9sTc", // straight to the ten
            "TcJdQhKsAc", // the best straight
            "6c6d6h7s7c", // full house
            "AcAdAhKsKc", // the best full house
            "6c7c8c9cJc", // the weakest flush
            "AcKcQcJc9c", // the best flush
            "6c6d6h6s7c", // four of a kind
            "Ac6c7c8c9c", // the lowest straight flush
            "TcJcQcKcAc", // the royal flush
        ];
        assert_ascending(evaluate, &order);
        assert_eq!(rank_of(evaluate, "Jc9d8h7s6c").value(), 0);
        assert_eq!(rank_of(evaluate, "TcJcQcKcAc").value(), 8 << 12 | 5);
        assert_eq!(rank_of(evaluate, "Ac6d7h8s9c").category(), Category::Straight);
        assert_eq!(rank_of(evaluate, "6c7c8c9cJc").category(), Category::Flush);
        assert_eq!(rank_of(evaluate, "6c7c8c9cJc").to_string(), "flush (24576)");
        assert_eq!(rank_of(evaluate, "AcAdAhKsKc").category(), Category::FullHouse);
    }

    #[test]
    fn seven_cards_and_sums_of_hands_agree() {
        let cards = parse_cards("Ac Kc 6c 7c 8c 8d 8h", Deck::Standard).unwrap();
        let hole = ShortDeckHand::from_cards(&cards[..2]).unwrap();
        let board = ShortDeckHand::from_cards(&cards[2..]).unwrap();
        // Trips of eights and a flush: the flush wins.
        assert_eq!((hole + board).rank7(), rank_of(evaluate, "AcKc6c7c8c"));
        assert_eq!((hole + board).rank(), Some(rank_of(evaluate, "AcKc6c7c8c")));
        assert_eq!((hole + board).rank7().category(), Category::Flush);
    }

    #[test]
    fn cards_below_the_six_are_errors() {
        let cards = parse_cards("5c6d7h8s9c", Deck::Standard).unwrap();
        assert_eq!(
            evaluate(&cards).unwrap_err().to_string(),
            "5c is not in the 36-card short deck (6 to A)"
        );
        let cards = parse_cards("6d7h8s9c", Deck::Standard).unwrap();
        assert_eq!(evaluate(&cards), Err(EvalError::WrongCount(4)));
    }
}
