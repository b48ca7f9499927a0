//! The additive hand of the table-driven evaluators (standard, Americana, short deck), written
//! once and generic over its deck's tables.
//!
//! A hand of up to seven cards is two words, each the sum of its cards' addends (see
//! [`crate::eval::tables`] for the layout): `key` holds the hash of the ranks and one counter
//! per suit, whose top bit lights at five cards of the suit; `mask` holds one bit per card in
//! its suit's 16-bit lane and the card count. Hole cards and a board therefore combine by
//! addition, and a hand's rank is a flush test, one hash and one table load. What differs
//! between the decks is only data: each card's addends and the tables, which a [`Table`]
//! supplies. [`standard::Hand`](super::standard::Hand),
//! [`AmericanaHand`](super::americana::AmericanaHand) and
//! [`ShortDeckHand`](super::shortdeck::ShortDeckHand) are this type with their table.
//!
//! ```
//! use feltkit::card::Card;
//! use feltkit::eval::shortdeck::ShortDeckHand;
//! use feltkit::eval::Category;
//! let c = |s: &str| s.parse::<Card>().unwrap();
//! let hole = ShortDeckHand::EMPTY.add(c("Ac")).add(c("Kc"));
//! let board = ShortDeckHand::EMPTY.add(c("6c")).add(c("7c")).add(c("8c")).add(c("8d"));
//! assert_eq!((hole + board).len(), 6);
//! assert_eq!((hole + board).rank().unwrap().category(), Category::Flush);
//! ```

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::ops::Add;

use crate::card::{Card, CardSet};
use crate::eval::tables;
use crate::eval::EvalError;

/// The data of one table-driven ranking: each card's addends, the perfect-hash tables, and how
/// a table entry (or a flush lane) becomes the ranking's value.
pub trait Table: Copy + 'static {
    /// The ranking's value type (larger is better).
    type Rank: Copy;

    /// Each card's hash addend, indexed by `card.index()` (256 entries, so that any byte is a
    /// valid index; cards outside the deck add 0).
    const KEYS: &'static [u64; 256];

    /// Each card's mask addend: its bit in its suit's lane plus one in the count field.
    const MASKS: &'static [u64; 256];

    /// `Ok` when `card` belongs to the ranking's deck, else the error that says so.
    fn check(card: Card) -> Result<(), EvalError>;

    /// The value of a hand of 5, 6 or 7 cards without a flush (`len` cards, hash `key`,
    /// card mask `mask`); `None` for other counts.
    fn lookup(len: usize, key: u64, mask: u64) -> Option<Self::Rank>;

    /// The value of a hand with five or more cards of suit `suit` (0 to 3), whose ranks in
    /// that suit are the lane `mask >> 16 * suit`.
    fn flush(suit: u32, mask: u64) -> Self::Rank;
}

/// An additive hand of up to seven cards of the ranking `T`.
///
/// Adding a card twice, or more than seven cards, gives a meaningless (but safe) result;
/// [`Hand::from_cards`] checks, the `add` and `+` hot paths do not.
pub struct Hand<T: Table> {
    key: u64,
    mask: u64,
    table: PhantomData<T>,
}

impl<T: Table> Clone for Hand<T> {
    #[inline(always)]
    fn clone(&self) -> Hand<T> {
        *self
    }
}

impl<T: Table> Copy for Hand<T> {}

impl<T: Table> PartialEq for Hand<T> {
    fn eq(&self, other: &Hand<T>) -> bool {
        (self.key, self.mask) == (other.key, other.mask)
    }
}

impl<T: Table> Eq for Hand<T> {}

impl<T: Table> Hash for Hand<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.key, self.mask).hash(state);
    }
}

impl<T: Table> fmt::Debug for Hand<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Hand").field("key", &self.key).field("mask", &self.mask).finish()
    }
}

impl<T: Table> Default for Hand<T> {
    fn default() -> Hand<T> {
        Hand::EMPTY
    }
}

impl<T: Table> Hand<T> {
    /// The hand with no cards.
    pub const EMPTY: Hand<T> = Hand::from_parts(tables::KEY_BASE, 0);

    /// The hand of these two words (what the evaluators' own hot paths build).
    #[inline(always)]
    pub(crate) const fn from_parts(key: u64, mask: u64) -> Hand<T> {
        Hand { key, mask, table: PhantomData }
    }

    /// The hash word: rank hash and suit counters.
    #[inline(always)]
    pub(crate) const fn key(self) -> u64 {
        self.key
    }

    /// The card word: one bit per card in its suit's lane, and the count.
    #[inline(always)]
    pub(crate) const fn mask(self) -> u64 {
        self.mask
    }

    /// This hand with one more card (a card outside the ranking's deck adds nothing useful).
    #[inline(always)]
    #[allow(clippy::should_implement_trait)] // `+` is the union of two hands
    pub fn add(self, card: Card) -> Hand<T> {
        let i = card.index() as usize;
        Hand::from_parts(self.key.wrapping_add(T::KEYS[i]), self.mask.wrapping_add(T::MASKS[i]))
    }

    /// The hand of these cards: distinct, of the ranking's deck, at most seven.
    pub fn from_cards(cards: &[Card]) -> Result<Hand<T>, EvalError> {
        if cards.len() > 7 {
            return Err(EvalError::WrongCount(cards.len()));
        }
        let mut seen = CardSet::EMPTY;
        let mut hand = Hand::EMPTY;
        for &card in cards {
            T::check(card)?;
            if !seen.insert(card) {
                return Err(EvalError::Duplicate(card));
            }
            hand = hand.add(card);
        }
        Ok(hand)
    }

    /// The number of cards in the hand.
    #[inline(always)]
    pub const fn len(self) -> usize {
        (self.mask >> tables::COUNT_SHIFT & 7) as usize
    }

    /// Whether the hand has no cards.
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Whether some suit has five cards or more.
    #[inline(always)]
    pub(crate) const fn has_flush(self) -> bool {
        self.key & tables::FLUSH_BITS != 0
    }

    /// The suit (0 to 3) with five cards or more; meaningful only when [`Hand::has_flush`].
    #[inline(always)]
    pub(crate) const fn flush_suit(self) -> u32 {
        // The flush suit's counter has its top bit at 4 * suit + 3.
        (self.key & tables::FLUSH_BITS).trailing_zeros() / 4
    }

    /// The rank of a hand of 5, 6 or 7 cards; `None` for other counts.
    #[inline]
    pub fn rank(self) -> Option<T::Rank> {
        if self.has_flush() {
            return Some(T::flush(self.flush_suit(), self.mask));
        }
        T::lookup(self.len(), self.key, self.mask)
    }
}

impl<T: Table> Add for Hand<T> {
    type Output = Hand<T>;
    /// The union of two hands with no card in common.
    #[inline(always)]
    fn add(self, other: Hand<T>) -> Hand<T> {
        Hand::from_parts(
            self.key.wrapping_add(other.key).wrapping_sub(tables::KEY_BASE),
            self.mask.wrapping_add(other.mask),
        )
    }
}

/// Each card's hash addend for a deck whose lowest rank index is `low` (cards below it add 0),
/// with the table's multiplier `mul`.
pub(crate) const fn keys_from(mul: u64, low: usize) -> [u64; 256] {
    let mut keys = [0u64; 256];
    let mut i = low * 4;
    while i < 52 {
        keys[i] = tables::card_key(mul, (i / 4 - low) as u32, (i % 4) as u32);
        i += 1;
    }
    keys
}

/// Each card's mask addend for a deck whose lowest rank index is `low` (cards below it add 0).
pub(crate) const fn masks_from(low: usize) -> [u64; 256] {
    let mut masks = [0u64; 256];
    let mut i = low * 4;
    while i < 52 {
        masks[i] = (1u64 << ((i % 4) * 16 + i / 4 - low)) + (1 << tables::COUNT_SHIFT);
        i += 1;
    }
    masks
}

/// Declares, in the module that calls it, a deck's side of the additive hand from its
/// generator spec ([`tables::Spec`]): `LOW` (the deck's lowest rank index), the card addends
/// `KEYS` and `MASKS` counted from it with the multiplier of the table file's layout `AT`, the
/// rank type (a `u16` newtype, ordered, shown as `category (value)` through its own `category`
/// method), and the zero-sized deck type whose [`Table`] impl is the given `check`, `lookup`
/// and `flush`.
///
/// Given the table file and the type of its values (`u16` or `u32`), it also declares the
/// file's bytes `BYTES`, their layout `AT`, the 5-, 6- and 7-card perfect hashes `HASH5`,
/// `HASH6` and `HASH7` and the flush values `FLUSH`, all read at compile time; without them
/// the module declares its own.
macro_rules! deck {
    (
        spec: $spec:expr, file: $bytes:expr, values: u16;
        $($rest:tt)*
    ) => {
        $crate::eval::additive::deck!(@tables $spec, $bytes, u16, read_u16s);
        $crate::eval::additive::deck!(spec: $spec; $($rest)*);
    };
    (
        spec: $spec:expr, file: $bytes:expr, values: u32;
        $($rest:tt)*
    ) => {
        $crate::eval::additive::deck!(@tables $spec, $bytes, u32, read_u32s);
        $crate::eval::additive::deck!(spec: $spec; $($rest)*);
    };
    (@tables $spec:expr, $bytes:expr, $value:ident, $read:ident) => {
        const BYTES: &[u8] = $bytes;
        /// The number of flush values: one per set of the deck's ranks.
        const FLUSHES: usize = 1 << $spec.ranks;
        const SH: [$crate::eval::tables::Shape; 3] = $spec.shapes;
        const AT: $crate::eval::tables::Layout =
            $crate::eval::tables::Layout::of(BYTES, SH, ::std::mem::size_of::<$value>(), FLUSHES);

        static HASH5: $crate::eval::tables::PerfectHash<
            $value,
            { SH[0].buckets() },
            { SH[0].slots() },
        > = $crate::eval::tables::PerfectHash::$read(BYTES, &AT, 0);
        static HASH6: $crate::eval::tables::PerfectHash<
            $value,
            { SH[1].buckets() },
            { SH[1].slots() },
        > = $crate::eval::tables::PerfectHash::$read(BYTES, &AT, 1);
        static HASH7: $crate::eval::tables::PerfectHash<
            $value,
            { SH[2].buckets() },
            { SH[2].slots() },
        > = $crate::eval::tables::PerfectHash::$read(BYTES, &AT, 2);
        static FLUSH: [$value; FLUSHES] = $crate::eval::tables::$read(BYTES, AT.flush);
    };
    (
        spec: $spec:expr;
        $(#[$rank_doc:meta])*
        pub struct $rank:ident;
        $(#[$deck_doc:meta])*
        pub struct $deck:ident;
        $($table:tt)*
    ) => {
        /// Lowest rank index of the deck.
        const LOW: usize = $spec.low_rank as usize;

        /// Each card's hash addend, indexed by `card.index()` (256 entries so that any byte is
        /// a valid index and no bounds check is needed).
        static KEYS: [u64; 256] = $crate::eval::additive::keys_from(AT.mul, LOW);

        /// Each card's mask addend: its bit in its suit's lane plus one in the count field.
        static MASKS: [u64; 256] = $crate::eval::additive::masks_from(LOW);

        $(#[$rank_doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $rank(u16);

        impl ::std::fmt::Display for $rank {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{} ({})", self.category(), self.0)
            }
        }

        $(#[$deck_doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $deck;

        impl $crate::eval::additive::Table for $deck {
            type Rank = $rank;

            const KEYS: &'static [u64; 256] = &KEYS;
            const MASKS: &'static [u64; 256] = &MASKS;

            $($table)*
        }
    };
}
pub(crate) use deck;

/// Gives a rank type declared by [`deck!`] for a deck where a flush beats a full house (value
/// `order << 12 | …`, `order` as [`Category::in_flush_above_full_house_order`] reads it) its
/// `value` (with the given doc) and `category`.
///
/// [`Category::in_flush_above_full_house_order`]: crate::eval::Category::in_flush_above_full_house_order
macro_rules! flush_above_full_house {
    ($(#[$value_doc:meta])* $rank:ident) => {
        impl $rank {
            $(#[$value_doc])*
            pub const fn value(self) -> u32 {
                self.0 as u32
            }

            /// The hand's category.
            pub const fn category(self) -> $crate::eval::Category {
                $crate::eval::Category::in_flush_above_full_house_order(self.0 >> 12)
            }
        }
    };
}
pub(crate) use flush_above_full_house;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Deck};
    use crate::eval::{americana, reference, shortdeck, standard};

    #[test]
    fn sums_of_hands_equal_hands_of_all_cards_in_every_deck() {
        let cards = parse_cards("Ac Kc Qd 9c 8c 8d 7c", Deck::Standard).unwrap();
        let (a, b) = cards.split_at(3);
        let std = |c: &[Card]| standard::Hand::from_cards(c).unwrap();
        assert_eq!(std(a) + std(b), std(&cards));
        let am = |c: &[Card]| americana::AmericanaHand::from_cards(c).unwrap();
        assert_eq!(am(a) + am(b), am(&cards));
        assert_eq!((am(a) + am(b)).rank(), Some(americana::evaluate(&cards).unwrap()));
        let sd = |c: &[Card]| shortdeck::ShortDeckHand::from_cards(c).unwrap();
        assert_eq!((sd(a) + sd(b)).len(), 7);
        assert_eq!((sd(a) + sd(b)).rank(), Some(shortdeck::evaluate(&cards).unwrap()));
    }

    #[test]
    fn ranks_agree_with_the_reference_on_five_cards() {
        // A flush, a straight and a pair, weakest first by the slow evaluator.
        let hands = ["4c4d9hJsKc", "9c8dThJsQc", "2h5h9hJhKh"];
        let mut last = None;
        for text in hands {
            let cards = parse_cards(text, Deck::Standard).unwrap();
            let five: [Card; 5] = cards.clone().try_into().unwrap();
            let rank = standard::Hand::from_cards(&cards).unwrap().rank().unwrap();
            assert_eq!(rank.category(), reference::standard5_category(&five), "{text}");
            let pair = (rank, reference::standard5(&five));
            if let Some((r, v)) = last {
                assert!(r < pair.0 && v < pair.1, "{text}");
            }
            last = Some(pair);
        }
    }

    #[test]
    fn the_deck_check_and_the_count_check_name_the_card() {
        let cards = parse_cards("6c7d8h9sTc", Deck::Standard).unwrap();
        assert!(matches!(
            americana::AmericanaHand::from_cards(&cards),
            Err(EvalError::NotInDeck { .. })
        ));
        let c: Card = "Ah".parse().unwrap();
        assert_eq!(shortdeck::ShortDeckHand::from_cards(&[c, c]), Err(EvalError::Duplicate(c)));
        assert_eq!(standard::Hand::EMPTY.add(c).rank(), None);
    }
}
