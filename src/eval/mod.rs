//! Hand evaluation: the standard 52-card ranking, the 32-card Americana ranking, and the
//! rankings of other games.
//!
//! The standard and Americana evaluators turn five, six or seven cards into a number where
//! larger is better and equal means a split, served by perfect-hash tables the crate generates
//! itself (see [`tables`] and `data/README.md`), with one additive hand type ([`additive`]).
//! [`Ranking`] names every ranking below and ranks a hand under any of them.
//!
//! The other rankings each have a module, with a checked `evaluate` and an unchecked hot path:
//!
//! | module | ranking | cards | best hand |
//! |---|---|---|---|
//! | [`omaha`] | Omaha high: exactly 2 hole cards and 3 board cards, standard ranks | 2-6 hole, 3-5 board | royal flush |
//! | [`low`] | eight-or-better low (Omaha hi-lo, stud hi-lo): five ranks 8 or lower, or no low | 5-7, or Omaha | 5-4-3-2-A |
//! | [`ace_five`] | ace-to-five low (razz): pairs count, straights and flushes do not | 5-7 | 5-4-3-2-A |
//! | [`deuce_seven`] | deuce-to-seven low: standard reversed, ace high, A-2-3-4-5 no straight | 5 | 7-5-4-3-2 |
//! | [`badugi`] | badugi: most cards of different suits and ranks, then lowest | 4 | A-2-3-4 of four suits |
//! | [`shortdeck`] | short deck (6 to A): flush above full house, A-6-7-8-9 lowest straight | 5-7 | royal flush |
//!
//! Every value type orders so that **the better hand is greater**, in the low games too, so the
//! winner is the maximum; an eight-or-better low that does not qualify is `None`, below every
//! low. Each is tested against a slow reference in [`reference`](mod@reference) (every hand
//! where there are few enough, large seeded samples otherwise).
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::{standard, Category};
//! let cards = parse_cards("AhKhQhJhTh2c3d", Deck::Standard).unwrap();
//! let rank = standard::evaluate(&cards).unwrap();
//! assert_eq!(rank.category(), Category::StraightFlush);
//! ```

use std::fmt;

use thiserror::Error;

pub mod ace_five;
pub mod additive;
pub mod americana;
pub mod badugi;
pub mod deuce_seven;
pub mod low;
pub mod omaha;
pub mod ranking;
pub mod reference;
pub mod shortdeck;
pub mod standard;
pub mod tables;

pub use ranking::{Class, Ranked, Ranking, TextError, UnknownRanking, CLASS_KEYS};

/// The nine hand categories, in standard order (weakest first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// No pair, no straight, no flush.
    HighCard = 0,
    /// Two cards of one rank.
    OnePair = 1,
    /// Two pairs.
    TwoPair = 2,
    /// Three cards of one rank.
    ThreeOfAKind = 3,
    /// Five consecutive ranks.
    Straight = 4,
    /// Five cards of one suit.
    Flush = 5,
    /// Three of a kind and a pair.
    FullHouse = 6,
    /// Four cards of one rank.
    FourOfAKind = 7,
    /// A straight in one suit.
    StraightFlush = 8,
}

impl Category {
    /// All categories in standard order, weakest first.
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
    ];

    /// The category at place `order` (0 the weakest, 8 and above the straight flush) of the
    /// orders where a flush beats a full house (short deck, Americana).
    pub(crate) const fn in_flush_above_full_house_order(order: u16) -> Category {
        match order {
            5 => Category::FullHouse,
            6 => Category::Flush,
            0..=8 => Category::ALL[order as usize],
            _ => Category::StraightFlush,
        }
    }

    /// The category's name in words: `straight flush`.
    pub const fn name(self) -> &'static str {
        match self {
            Category::HighCard => "high card",
            Category::OnePair => "one pair",
            Category::TwoPair => "two pair",
            Category::ThreeOfAKind => "three of a kind",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full house",
            Category::FourOfAKind => "four of a kind",
            Category::StraightFlush => "straight flush",
        }
    }

    /// The category's snake_case key: `straight_flush`.
    pub const fn key(self) -> &'static str {
        match self {
            Category::HighCard => "high_card",
            Category::OnePair => "one_pair",
            Category::TwoPair => "two_pair",
            Category::ThreeOfAKind => "three_of_a_kind",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full_house",
            Category::FourOfAKind => "four_of_a_kind",
            Category::StraightFlush => "straight_flush",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A ranked hand: its category and a value where larger is better ([`Ranking::evaluate`];
/// [`Ranked`] also names the lows and badugi hands).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Evaluation {
    /// The hand's category.
    pub category: Category,
    /// The hand's value: compare two values of the same ranking; equal means a split.
    pub value: u32,
}

/// Why a set of cards could not be evaluated.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EvalError {
    /// Evaluation needs 5, 6 or 7 cards.
    #[error("{}, expected 5, 6 or 7", crate::text::count(*.0, "card", "cards"))]
    WrongCount(usize),
    /// A card appears twice.
    #[error("{0} appears twice")]
    Duplicate(crate::card::Card),
    /// A ranking that takes some other number of cards (Omaha, the lows, badugi) got the
    /// wrong number.
    #[error("{}, expected {expected}", crate::text::count(*count, "card", "cards"))]
    Count {
        /// The number of cards given.
        count: usize,
        /// The numbers the ranking takes, in words (`4`, `5 to 7`).
        expected: &'static str,
    },
    /// Omaha: the wrong number of hole cards.
    #[error("{}, expected {expected}", crate::text::count(*count, "hole card", "hole cards"))]
    HoleCount {
        /// The number of hole cards given.
        count: usize,
        /// The numbers the ranking takes, in words.
        expected: &'static str,
    },
    /// Omaha: the wrong number of board cards.
    #[error("{}, expected {expected}", crate::text::count(*count, "board card", "board cards"))]
    BoardCount {
        /// The number of board cards given.
        count: usize,
        /// The numbers the ranking takes, in words.
        expected: &'static str,
    },
    /// A card below the six, in the 36-card short deck.
    #[error("{0} is not in the 36-card short deck (6 to A)")]
    NotInShortDeck(crate::card::Card),
    /// Omaha: hole cards without a board (the ranking's name).
    #[error("{0} ranks hole cards and a board apart, and no board was given")]
    NoBoard(&'static str),
    /// A card is not in the ranking's deck.
    #[error("{card} is not in the {deck}")]
    NotInDeck {
        /// The card.
        card: crate::card::Card,
        /// The deck.
        deck: crate::card::Deck,
    },
}

/// Checks that `cards` are distinct, and their number is in `counts` (`expected` says so in
/// words for the error).
pub(crate) fn check_distinct(
    cards: &[crate::card::Card],
    counts: std::ops::RangeInclusive<usize>,
    expected: &'static str,
) -> Result<(), EvalError> {
    if !counts.contains(&cards.len()) {
        return Err(EvalError::Count { count: cards.len(), expected });
    }
    let mut seen = crate::card::CardSet::EMPTY;
    for &card in cards {
        if !seen.insert(card) {
            return Err(EvalError::Duplicate(card));
        }
    }
    Ok(())
}

/// `cards` as an array of exactly `N` distinct cards (`expected` says the count in words for
/// the error).
pub(crate) fn distinct_array<'a, const N: usize>(
    cards: &'a [crate::card::Card],
    expected: &'static str,
) -> Result<&'a [crate::card::Card; N], EvalError> {
    check_distinct(cards, N..=N, expected)?;
    cards.try_into().map_err(|_| EvalError::Count { count: cards.len(), expected })
}

/// Checks that `cards` are 5 to 7 distinct cards of `deck`.
pub(crate) fn check_cards(
    cards: &[crate::card::Card],
    deck: crate::card::Deck,
) -> Result<(), EvalError> {
    if !(5..=7).contains(&cards.len()) {
        return Err(EvalError::WrongCount(cards.len()));
    }
    let mut seen = crate::card::CardSet::EMPTY;
    for &card in cards {
        if !deck.contains(card) {
            return Err(EvalError::NotInDeck { card, deck });
        }
        if !seen.insert(card) {
            return Err(EvalError::Duplicate(card));
        }
    }
    Ok(())
}

/// What the evaluators' tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::EvalError;
    use crate::card::testing::cards;
    use crate::card::Card;

    /// An evaluator: the rank of a hand of cards, or why the cards are no hand.
    pub(crate) type Evaluate<R> = fn(&[Card]) -> Result<R, EvalError>;

    /// The rank `evaluate` gives the hand written in `text` (standard-deck cards), which the
    /// test knows to be a valid hand.
    pub(crate) fn rank_of<R>(evaluate: Evaluate<R>, text: &str) -> R {
        evaluate(&cards(text)).unwrap()
    }

    /// Checks that each hand of `order` ranks below the next under `evaluate`.
    pub(crate) fn assert_ascending<R: Ord>(evaluate: Evaluate<R>, order: &[&str]) {
        for w in order.windows(2) {
            assert!(rank_of(evaluate, w[0]) < rank_of(evaluate, w[1]), "{} below {}", w[0], w[1]);
        }
    }
}
