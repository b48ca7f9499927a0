//! Hold'em starting-hand ranges in the notation of PokerStove, Equilab and Pio.
//!
//! A range is a comma-separated list of tokens; each token names a set of two-card combos,
//! optionally followed by `:weight` (a fraction from 0 to 1, three decimals kept). Forms:
//!
//! | token | combos | meaning |
//! |---|---|---|
//! | `AhKh` | 1 | exact cards |
//! | `QQ`, `AKs`, `AKo`, `AK` | 6, 4, 12, 16 | a hand class (pair, suited, offsuit, both) |
//! | `QQ+` | 18 | the pair and every higher pair |
//! | `QQ-` | 66 | the pair and every lower pair |
//! | `TT-77` | 24 | pairs from one to the other (either order) |
//! | `A2s+`, `KTo+`, `KT+` | | the low card rises up to one below the high card |
//! | `A5s-A2s` | 16 | same high card, low card from one to the other |
//! | `T9s-65s` | 20 | same gap, both cards move together |
//! | `random`, `xx`, `any` | 1,326 | every combo |
//! | `15%` | 200 | the strongest 15 % of the 1,326 combos by [`order`] |
//!
//! Choices where tools disagree, written down:
//! * `T9s+`: `+` on a non-pair always raises the low card up to one below the high card (the
//!   rule PokerStove-style notation applies to `K9s+`), so `T9s+` is just `T9s`; some tools
//!   read it as the connectors T9s, JTs, QJs, KQs, which here is written `KQs-T9s`.
//! * A combo named twice keeps the weight of its last token (`AA,AhAs:0.5` gives AhAs half
//!   weight), as Pio does; weight `0` removes it. A text that leaves no combo with a weight
//!   above zero (`AA:0`, `0%`) is an error ([`RangeErrorKind::NoWeight`]).
//! * Percentages count combos, not classes: `15%` takes classes in [`order`]'s order while the
//!   combos taken so far are below 15 % of 1,326 minus half the next class (the nearest count).
//! * Ranks and suits are case-insensitive; `10` is accepted for `T`; the suit symbols `♣♦♥♠`
//!   are suits (`A♠K♠`). Spaces around tokens, around a `-` or `:` are ignored, and exact cards
//!   may be spaced (`Ah Kh`); any other space inside a token is an error (hands are separated
//!   by commas). A trailing comma (`QQ+,AKs,`) is ignored; an empty token elsewhere is an error.
//!
//! Errors name the token (its position and the column where it starts) and, where one
//! character is at fault, that character and its column in the whole text:
//! `range token 2 ("AKss", column 5): 's' at column 8 repeats the suitedness: write AKs`.
//!
//! ```
//! use feltkit::range::Range;
//! let r = Range::parse("QQ+,AKs").unwrap();
//! assert_eq!(r.len(), 18 + 4);
//! let e = Range::parse("QQ+,AKx").unwrap_err();
//! assert_eq!(e.column, 5);
//! assert_eq!(e.token, "AKx");
//! ```

use std::fmt;

use thiserror::Error;

use crate::card::{Card, CardError, CardSet, Rank, Suit};

pub mod grid;
pub mod hits;
pub mod omaha;
pub mod order;

mod notation;

pub use notation::{MAX_RANGE_TEXT, MAX_TOKEN};

/// Two distinct cards, the higher index first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Combo {
    hi: Card,
    lo: Card,
}

impl Combo {
    /// The combo of two cards; `None` if they are the same card.
    pub fn new(a: Card, b: Card) -> Option<Combo> {
        match a.index().cmp(&b.index()) {
            std::cmp::Ordering::Greater => Some(Combo { hi: a, lo: b }),
            std::cmp::Ordering::Less => Some(Combo { hi: b, lo: a }),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// The two cards, higher index first.
    pub const fn cards(self) -> [Card; 2] {
        [self.hi, self.lo]
    }

    /// The two cards as a set.
    pub fn set(self) -> CardSet {
        CardSet::from_bits(1 << self.hi.index() | 1 << self.lo.index())
    }

    /// A dense index 0..1326 (`hi * (hi - 1) / 2 + lo` over card indices).
    pub const fn index(self) -> usize {
        let h = self.hi.index() as usize;
        h * (h - 1) / 2 + self.lo.index() as usize
    }

    /// The combo with this dense index, if below 1,326.
    pub fn from_index(index: usize) -> Option<Combo> {
        if index >= COMBOS {
            return None;
        }
        let mut h = 1usize;
        while (h + 1) * h / 2 <= index {
            h += 1;
        }
        let lo = index - h * (h - 1) / 2;
        Combo::new(Card::from_index(h as u8)?, Card::from_index(lo as u8)?)
    }

    /// All 1,326 combos in index order.
    pub fn all() -> impl Iterator<Item = Combo> {
        // Index `h (h - 1) / 2 + lo`: higher card outer, lower card inner.
        (1..52u8).filter_map(Card::from_index).flat_map(|hi| {
            (0..hi.index()).filter_map(Card::from_index).map(move |lo| Combo { hi, lo })
        })
    }

    /// The combo's hand class (`AKs`, `QQ`, `72o`).
    pub fn class(self) -> HandClass {
        HandClass::of(self.hi, self.lo)
    }
}

impl fmt::Display for Combo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Higher rank first, as players write it.
        let (a, b) =
            if self.hi.rank() >= self.lo.rank() { (self.hi, self.lo) } else { (self.lo, self.hi) };
        write!(f, "{a}{b}")
    }
}

/// The number of two-card combos of a 52-card deck.
pub const COMBOS: usize = 1326;

/// One of the 169 starting-hand classes: a pair, or two ranks suited or offsuit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HandClass {
    /// The higher rank (equal to `low` for a pair).
    pub high: Rank,
    /// The lower rank.
    pub low: Rank,
    /// Whether both cards share a suit (always false for a pair).
    pub suited: bool,
}

impl HandClass {
    /// The class of two distinct cards.
    pub fn of(a: Card, b: Card) -> HandClass {
        let (high, low) =
            if a.rank() >= b.rank() { (a.rank(), b.rank()) } else { (b.rank(), a.rank()) };
        HandClass { high, low, suited: high != low && a.suit() == b.suit() }
    }

    /// All 169 classes: pairs, then suited, then offsuit, each from the highest.
    pub fn all() -> Vec<HandClass> {
        let mut v = Vec::with_capacity(169);
        for h in Rank::ALL.iter().rev() {
            v.push(HandClass { high: *h, low: *h, suited: false });
        }
        for suited in [true, false] {
            for h in Rank::ALL.iter().rev() {
                for l in Rank::ALL.iter().rev().filter(|l| *l < h) {
                    v.push(HandClass { high: *h, low: *l, suited });
                }
            }
        }
        v
    }

    /// The class's combos: 6 for a pair, 4 suited, 12 offsuit.
    pub fn combos(self) -> Vec<Combo> {
        let mut v = Vec::new();
        for s1 in Suit::ALL {
            for s2 in Suit::ALL {
                let a = Card::new(self.high, s1);
                let b = Card::new(self.low, s2);
                let keep = if self.high == self.low { s1 < s2 } else { (s1 == s2) == self.suited };
                if keep {
                    v.extend(Combo::new(a, b));
                }
            }
        }
        v
    }
}

impl fmt::Display for HandClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.high, self.low)?;
        if self.high != self.low {
            write!(f, "{}", if self.suited { 's' } else { 'o' })?;
        }
        Ok(())
    }
}

/// A weighted set of combos. Weights are kept in thousandths (0.001 to 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Range {
    /// Weight in thousandths per combo index; 0 = not in the range.
    weights: Vec<u16>,
}

/// The unit of a range weight: weights are whole thousandths.
pub const WEIGHT_UNIT: u16 = 1000;

impl Range {
    /// The empty range.
    pub fn empty() -> Range {
        Range { weights: vec![0; COMBOS] }
    }

    /// Every combo at full weight (`random`).
    pub fn random() -> Range {
        Range { weights: vec![WEIGHT_UNIT; COMBOS] }
    }

    /// Parses range text (see the module docs for the notation). The range has at least one
    /// combo with a weight above zero: an empty text, or one whose every hand has weight 0, is an
    /// error.
    pub fn parse(text: &str) -> Result<Range, RangeError> {
        notation::parse(text)
    }

    /// Sets a combo's weight in thousandths (0 removes it; capped at 1000).
    pub fn set(&mut self, combo: Combo, thousandths: u16) {
        self.weights[combo.index()] = thousandths.min(WEIGHT_UNIT);
    }

    /// A combo's weight in thousandths (0 when not in the range).
    pub fn weight(&self, combo: Combo) -> u16 {
        self.weights[combo.index()]
    }

    /// The number of combos with a positive weight.
    pub fn len(&self) -> usize {
        self.weights.iter().filter(|w| **w > 0).count()
    }

    /// Whether no combo has a positive weight.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The combos with their weights (thousandths), in index order.
    pub fn combos(&self) -> impl Iterator<Item = (Combo, u16)> + '_ {
        self.weights
            .iter()
            .enumerate()
            .filter(|(_, w)| **w > 0)
            .filter_map(|(i, w)| Some((Combo::from_index(i)?, *w)))
    }

    /// The range without the combos that use any card of `cards`.
    pub fn without(&self, cards: CardSet) -> Range {
        let mut r = self.clone();
        for (c, _) in self.combos() {
            if !c.set().is_disjoint(cards) {
                r.weights[c.index()] = 0;
            }
        }
        r
    }
}

/// A range text that could not be read: which token, where, and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("range token {position} (\"{token}\", column {column}): {kind}")]
pub struct RangeError {
    /// Which token of the text, counting from 1.
    pub position: usize,
    /// The character column where the token starts, counting from 1.
    pub column: usize,
    /// The token as written.
    pub token: String,
    /// What was wrong.
    pub kind: RangeErrorKind,
}

/// What was wrong with a range token. Variants that carry a `column` count it in the whole
/// range text, from 1, at the character that is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RangeErrorKind {
    /// The text has no token at all.
    #[error("empty range: expected hands such as `QQ+,AKs` or `random`")]
    Empty,
    /// Nothing between two commas, or before the first.
    #[error("nothing before this comma: remove the extra comma")]
    EmptyToken,
    /// The token is not any known form.
    #[error("not a hand, range or percentage: expected forms like AhKh, QQ+, TT-77, AKs, A2s+, A5s-A2s, random, 15%")]
    Unknown,
    /// A character that should be a rank is not one.
    #[error("'{found}' at column {column} is not a rank: expected one of 2-9, T (or 10), J, Q, K, A{}", rank_hint(*.found))]
    BadRank {
        /// The character.
        found: char,
        /// Its column.
        column: usize,
    },
    /// A character after a class's two ranks that is not `s`, `o`, `+`, `-` or `:weight`.
    #[error("'{found}' at column {column} after the two ranks: expected s (suited), o (offsuit), +, - or :weight{}", suitedness_hint(*.found))]
    BadSuitedness {
        /// The character.
        found: char,
        /// Its column.
        column: usize,
    },
    /// A character that does not belong where it is (a doubled `s` or `+`, a third rank, a
    /// space inside a token, a second `:`); the message names it and what to write instead.
    #[error("{message}")]
    Misplaced {
        /// The character's column.
        column: usize,
        /// What is wrong and what was expected.
        message: String,
    },
    /// Exact cards that could not be read; the card error's column counts the range text.
    #[error("exact cards: {0}")]
    Card(Box<CardError>),
    /// Exact cards, but not two of them.
    #[error("{}: a hold'em hand is two cards, as in AhKh, or a class such as AK (a hand written with a space is quoted: \"Ah Kh\")", crate::text::count(*.0, "card", "cards"))]
    CardCount(usize),
    /// A pair with `s` or `o`, or exact cards that are the same card.
    #[error("{0}")]
    Impossible(String),
    /// The two ends of a dash range do not line up: the message says how.
    #[error("{0}")]
    BadSpan(String),
    /// The weight after `:` is not a number from 0 to 1 (the text after the `:`).
    #[error("{}", notation::weight_message(.0))]
    BadWeight(String),
    /// The percentage is not a number from 0 to 100 (the text before the `%`).
    #[error("{}", notation::percent_message(.0))]
    BadPercent(String),
    /// The range text, or one token of it, is longer than is read: no hand, class, span,
    /// weight or percentage needs that many characters. The token is quoted cut short.
    #[error(
        "{} long: {what} is at most {limit} characters",
        crate::text::count(*.length, "character", "characters")
    )]
    TooLong {
        /// What is too long: `a range text` or `a token`.
        what: &'static str,
        /// Its length in characters.
        length: usize,
        /// The most that is read.
        limit: usize,
    },
    /// Every hand of the text has weight 0 (or the text names none): the range would be empty.
    /// The error points at the last token that left hands out.
    #[error(
        "the range has no combo with a weight above zero (a weight of 0, or one below 0.0005, \
         removes a hand): expected at least one hand weighted above 0, such as `AA` or `AA:0.5`"
    )]
    NoWeight,
}

/// What a character that is not a rank probably was.
fn rank_hint(c: char) -> &'static str {
    match c {
        '1' => " (write T or 10 for a ten)",
        'x' | 'X' => " (there is no wildcard rank: A2+ is every ace with a lower card)",
        _ if Suit::from_char(c).is_some() => {
            " (this is a suit: a card is its rank, then its suit, as in Ah)"
        }
        _ => "",
    }
}

/// What a character that is not a suitedness probably was.
fn suitedness_hint(c: char) -> &'static str {
    if Suit::from_char(c).is_some() {
        " (this is a suit: a class is suited (AKs) or offsuit (AKo); exact cards give each card \
         its suit, as in AhKh)"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combo_index_is_dense_and_round_trips() {
        let all: Vec<Combo> = Combo::all().collect();
        assert_eq!(all.len(), COMBOS);
        for (i, c) in all.iter().enumerate() {
            assert_eq!(c.index(), i);
            assert_eq!(Combo::from_index(i), Some(*c));
        }
    }

    #[test]
    fn classes_cover_every_combo_once() {
        let classes = HandClass::all();
        assert_eq!(classes.len(), 169);
        let mut seen = vec![0; COMBOS];
        for class in &classes {
            for c in class.combos() {
                assert_eq!(c.class(), *class);
                seen[c.index()] += 1;
            }
        }
        assert!(seen.iter().all(|n| *n == 1));
    }

    #[test]
    fn without_removes_colliding_combos() {
        let r = Range::parse("AA").unwrap();
        let board: CardSet = [Card::new(Rank::ACE, Suit::SPADES)].into_iter().collect();
        assert_eq!(r.without(board).len(), 3);
    }
}
