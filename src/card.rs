//! Cards, ranks, suits, card sets, decks, and the parsing of card text.
//!
//! A [`Card`] is one byte: `rank * 4 + suit`, with ranks `2` = 0 up to `A` = 12 and suits
//! clubs = 0, diamonds = 1, hearts = 2, spades = 3 (the Americana tie-break order, lowest first).
//! A [`CardSet`] is a 64-bit mask with bit `card.index()` set for each card.
//!
//! ```
//! use feltkit::card::{parse_cards, Card, Deck};
//! let cards = parse_cards("AhKh 10d", Deck::Standard).unwrap();
//! assert_eq!(cards[2], "Td".parse::<Card>().unwrap());
//! let err = parse_cards("Ah 6c", Deck::Americana).unwrap_err();
//! assert_eq!(err.to_string(), "card 2 (\"6c\", column 4): 6c is not in the 32-card Americana deck (7 to A)");
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Declares a card's rank or suit: a small index with a character for each value. Gives the
/// type, `new` (the value of an index, if one exists), `index`, `to_char`, and `Display`
/// writing the character.
macro_rules! indexed {
    ($(#[$doc:meta])* $name:ident ($what:literal, $count:literal, $range:literal), $chars:literal, $char_doc:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(u8);

        impl $name {
            #[doc = concat!("The ", $what, " with this index (", $range, "), if it exists.")]
            pub const fn new(index: u8) -> Option<$name> {
                if index < $count {
                    Some($name(index))
                } else {
                    None
                }
            }

            #[doc = concat!("The index ", $range, ".")]
            pub const fn index(self) -> u8 {
                self.0
            }

            #[doc = $char_doc]
            pub const fn to_char(self) -> char {
                $chars[self.0 as usize] as char
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.to_char())
            }
        }
    };
}

indexed! {
    /// A card rank, `Two` (0) to `Ace` (12).
    Rank("rank", 13, "0 = two ... 12 = ace"),
    b"23456789TJQKA",
    "The rank's character: `2`-`9`, `T`, `J`, `Q`, `K`, `A`."
}

indexed! {
    /// A suit, ordered as the Americana tie-break: clubs < diamonds < hearts < spades.
    Suit("suit", 4, "0 = clubs ... 3 = spades"),
    b"cdhs",
    "The suit's lower-case letter: `c`, `d`, `h`, `s`."
}

impl Rank {
    /// The deuce, lowest rank.
    pub const TWO: Rank = Rank(0);
    /// The seven, lowest rank of the Americana deck.
    pub const SEVEN: Rank = Rank(5);
    /// The ten.
    pub const TEN: Rank = Rank(8);
    /// The ace, highest rank.
    pub const ACE: Rank = Rank(12);
    /// All thirteen ranks, lowest first.
    pub const ALL: [Rank; 13] = {
        let mut all = [Rank(0); 13];
        let mut i = 0;
        while i < 13 {
            all[i] = Rank(i as u8);
            i += 1;
        }
        all
    };

    /// The rank for a character (`t` or `T` for ten), if any.
    pub fn from_char(c: char) -> Option<Rank> {
        Some(Rank(match c.to_ascii_uppercase() {
            d @ '2'..='9' => d as u8 - b'2',
            'T' => 8,
            'J' => 9,
            'Q' => 10,
            'K' => 11,
            'A' => 12,
            _ => return None,
        }))
    }
}

impl Suit {
    /// Clubs, the lowest suit.
    pub const CLUBS: Suit = Suit(0);
    /// Diamonds.
    pub const DIAMONDS: Suit = Suit(1);
    /// Hearts.
    pub const HEARTS: Suit = Suit(2);
    /// Spades, the highest suit.
    pub const SPADES: Suit = Suit(3);
    /// All four suits, lowest first.
    pub const ALL: [Suit; 4] = [Suit(0), Suit(1), Suit(2), Suit(3)];

    /// The suit for a letter (either case) or a suit symbol (`♣♦♥♠`, or the white `♧♢♡♤`),
    /// if any.
    pub fn from_char(c: char) -> Option<Suit> {
        Some(Suit(match c.to_ascii_lowercase() {
            'c' | '♣' | '♧' => 0,
            'd' | '♦' | '♢' => 1,
            'h' | '♥' | '♡' => 2,
            's' | '♠' | '♤' => 3,
            _ => return None,
        }))
    }
}

/// One playing card, stored as `rank * 4 + suit` (0 = 2c ... 51 = As).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank.0 * 4 + suit.0)
    }

    /// The card with this index (0 = 2c ... 51 = As), if it exists.
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 {
            Some(Card(index))
        } else {
            None
        }
    }

    /// The index `rank * 4 + suit`, 0 to 51.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 2)
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit(self.0 & 3)
    }

    /// All 52 cards in index order.
    pub fn all() -> impl Iterator<Item = Card> + Clone {
        (0..52).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit())
    }
}

impl FromStr for Card {
    type Err = CardError;

    /// Parses one card: `Ah`, `td`, `10h`.
    fn from_str(s: &str) -> Result<Card, CardError> {
        let cards = parse_cards(s, Deck::Standard)?;
        match cards.as_slice() {
            [card] => Ok(*card),
            _ => Err(CardError {
                position: 2,
                column: 1,
                text: s.to_string(),
                kind: CardErrorKind::NotOneCard,
            }),
        }
    }
}

/// Which deck a game deals from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Deck {
    /// The standard 52-card deck.
    #[default]
    Standard,
    /// The 32-card Americana deck: 7, 8, 9, T, J, Q, K, A in four suits.
    Americana,
    /// The 36-card short deck of short-deck hold'em: 6 to A in four suits.
    ShortDeck,
}

impl Deck {
    /// Whether the card belongs to this deck.
    pub const fn contains(self, card: Card) -> bool {
        match self {
            Deck::Standard => true,
            Deck::Americana => card.rank().0 >= Rank::SEVEN.0,
            Deck::ShortDeck => card.rank().0 >= Rank::SEVEN.0 - 1,
        }
    }

    /// All the deck's cards as a set.
    pub const fn cards(self) -> CardSet {
        match self {
            Deck::Standard => CardSet((1 << 52) - 1),
            // Cards 20 (7c) to 51 (As).
            Deck::Americana => CardSet(((1 << 52) - 1) & !((1 << 20) - 1)),
            // Cards 16 (6c) to 51 (As).
            Deck::ShortDeck => CardSet(((1 << 52) - 1) & !((1 << 16) - 1)),
        }
    }

    /// The number of cards in the deck.
    pub const fn len(self) -> usize {
        self.cards().len()
    }

    /// Never true: a deck always has cards (here for clippy's `len_without_is_empty`).
    pub const fn is_empty(self) -> bool {
        false
    }
}

impl fmt::Display for Deck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Deck::Standard => write!(f, "standard 52-card deck"),
            Deck::Americana => write!(f, "32-card Americana deck (7 to A)"),
            Deck::ShortDeck => write!(f, "36-card short deck (6 to A)"),
        }
    }
}

/// A set of cards as a 64-bit mask (bit `card.index()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);

    /// The set with exactly these mask bits; bits 52 and above are dropped.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ((1 << 52) - 1))
    }

    /// The raw mask.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The number of cards.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the card is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 >> card.0 & 1 == 1
    }

    /// Adds a card; returns false if it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let was = self.contains(card);
        self.0 |= 1 << card.0;
        !was
    }

    /// Removes a card; returns false if it was not there.
    pub fn remove(&mut self, card: Card) -> bool {
        let was = self.contains(card);
        self.0 &= !(1 << card.0);
        was
    }

    /// The cards in both sets.
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards in either set.
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards of `self` not in `other`.
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Whether the sets share no card.
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The cards in index order (2c first).
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for card in self.iter() {
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

/// Iterator over a [`CardSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

/// A card text that could not be read, with where it was.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("card {position} (\"{text}\", column {column}): {kind}")]
pub struct CardError {
    /// Which card of the text, counting from 1.
    pub position: usize,
    /// The character column where the card starts, counting from 1.
    pub column: usize,
    /// The card's text as written (or the rest of the text where no card could be cut out).
    pub text: String,
    /// What was wrong.
    pub kind: CardErrorKind,
}

/// What was wrong with a card text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardErrorKind {
    /// The rank character is not one of 2-9, T (or 10), J, Q, K, A.
    #[error("bad rank {:?}: expected one of 2-9, T (or 10), J, Q, K, A{}", .0, rank_hint(.0))]
    BadRank(String),
    /// The suit character is not one of c, d, h, s.
    #[error("bad suit {:?}: expected one of c, d, h, s{}", .0, suit_hint(.0))]
    BadSuit(String),
    /// The text ended after a rank.
    #[error("missing suit after the rank: expected one of c, d, h, s")]
    MissingSuit,
    /// The card appeared earlier in the same text.
    #[error("{0} appears twice")]
    Duplicate(Card),
    /// The card is not in the game's deck.
    #[error("{card} is not in the {deck}")]
    NotInDeck {
        /// The card.
        card: Card,
        /// The deck it is not in.
        deck: Deck,
    },
    /// Exactly one card was expected.
    #[error("expected exactly one card")]
    NotOneCard,
}

/// What a bad rank character probably was.
fn rank_hint(text: &str) -> &'static str {
    match text.chars().next() {
        Some('1') => " (write T or 10 for a ten)",
        Some(c) if Suit::from_char(c).is_some() => {
            " (this is a suit: a card is its rank, then its suit, as in Ah)"
        }
        _ => "",
    }
}

/// What a bad suit character probably was.
fn suit_hint(text: &str) -> &'static str {
    match text.chars().next() {
        Some(c) if Rank::from_char(c).is_some() => {
            " (this is a rank: every card needs its suit, as in AhKh, not AK)"
        }
        _ => "",
    }
}

/// Parses cards written together (`AhKh`), spaced (`Ah Kh`) or with commas; `10` is accepted
/// for ten, either case for ranks and suits, and the suit symbols `♣♦♥♠` (`A♠K♥`) for suits. Every card must be in `deck` and appear once.
pub fn parse_cards(text: &str, deck: Deck) -> Result<Vec<Card>, CardError> {
    // Columns count characters; ASCII text (the usual case) is read without decoding.
    if text.is_ascii() {
        let bytes = text.as_bytes();
        parse_chars(bytes.len(), |i| bytes[i] as char, deck)
    } else {
        let chars: Vec<char> = text.chars().collect();
        parse_chars(chars.len(), |i| chars[i], deck)
    }
}

fn parse_chars(len: usize, at: impl Fn(usize) -> char, deck: Deck) -> Result<Vec<Card>, CardError> {
    let get = |i: usize| (i < len).then(|| at(i));
    let mut cards = Vec::with_capacity(len / 2);
    let mut seen = CardSet::EMPTY;
    let mut i = 0;
    while i < len {
        let c = at(i);
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        let start = i;
        let position = cards.len() + 1;
        let err = |kind, end: usize| CardError {
            position,
            column: start + 1,
            text: (start..end.min(len)).map(&at).collect(),
            kind,
        };
        let (rank, rank_len) = if c == '1' && get(i + 1) == Some('0') {
            (Rank::TEN, 2)
        } else {
            match Rank::from_char(c) {
                Some(r) => (r, 1),
                None => return Err(err(CardErrorKind::BadRank(c.to_string()), i + 2)),
            }
        };
        i += rank_len;
        let Some(s) = get(i) else {
            return Err(err(CardErrorKind::MissingSuit, i));
        };
        let Some(suit) = Suit::from_char(s) else {
            if s.is_whitespace() || s == ',' {
                return Err(err(CardErrorKind::MissingSuit, i));
            }
            return Err(err(CardErrorKind::BadSuit(s.to_string()), i + 1));
        };
        i += 1;
        let card = Card::new(rank, suit);
        if !deck.contains(card) {
            return Err(err(CardErrorKind::NotInDeck { card, deck }, i));
        }
        if !seen.insert(card) {
            return Err(err(CardErrorKind::Duplicate(card), i));
        }
        cards.push(card);
    }
    Ok(cards)
}

/// Writes cards together, as `AhKh`.
pub fn format_cards(cards: &[Card]) -> String {
    let mut s = String::with_capacity(2 * cards.len());
    for c in cards {
        s.push(c.rank().to_char());
        s.push(c.suit().to_char());
    }
    s
}

/// What the tests of many modules share.
#[cfg(test)]
pub(crate) mod testing {
    use super::{parse_cards, Card, Deck};

    /// The standard-deck cards written in `text`, which a test knows to be valid.
    pub(crate) fn cards(text: &str) -> Vec<Card> {
        parse_cards(text, Deck::Standard).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_layout_is_rank_times_four_plus_suit() {
        let c: Card = "As".parse().unwrap();
        assert_eq!(c.index(), 51);
        let c: Card = "2c".parse().unwrap();
        assert_eq!(c.index(), 0);
        assert_eq!(Card::from_index(4 * 8 + 1).unwrap().to_string(), "Td");
    }

    #[test]
    fn every_card_round_trips_through_its_text() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
        }
    }

    #[test]
    fn parses_ten_forms_spacing_and_case() {
        let cards = parse_cards("AhKh 10d, tc JS", Deck::Standard).unwrap();
        assert_eq!(format_cards(&cards), "AhKhTdTcJs");
        // Columns count characters, not bytes.
        let e = parse_cards("Ah é", Deck::Standard).unwrap_err();
        assert_eq!((e.position, e.column), (2, 4));
    }

    #[test]
    fn errors_name_the_card_and_its_position() {
        let e = parse_cards("AhXh", Deck::Standard).unwrap_err();
        assert_eq!((e.position, e.column), (2, 3));
        assert!(matches!(e.kind, CardErrorKind::BadRank(_)));
        let e = parse_cards("Ah Kx", Deck::Standard).unwrap_err();
        assert_eq!(
            e.to_string(),
            "card 2 (\"Kx\", column 4): bad suit \"x\": expected one of c, d, h, s"
        );
        let e = parse_cards("Ah Kd Ah", Deck::Standard).unwrap_err();
        assert_eq!(e.kind, CardErrorKind::Duplicate("Ah".parse().unwrap()));
        assert_eq!(e.position, 3);
        let e = parse_cards("AhK", Deck::Standard).unwrap_err();
        assert_eq!(e.kind, CardErrorKind::MissingSuit);
        let e = parse_cards("Ah 6c", Deck::Americana).unwrap_err();
        assert!(matches!(e.kind, CardErrorKind::NotInDeck { .. }));
        assert!("AhKh".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
    }

    #[test]
    fn suit_symbols_are_suits() {
        let cards = parse_cards("A♠K♥ Q♦J♣ T♤9♡8♢7♧", Deck::Standard).unwrap();
        assert_eq!(format_cards(&cards), "AsKhQdJcTs9h8d7c");
    }

    #[test]
    fn a_rank_where_a_suit_belongs_says_every_card_needs_its_suit() {
        // Regression: `AKQJT` said only "bad suit \"K\"".
        let e = parse_cards("AKQJT", Deck::Standard).unwrap_err();
        assert_eq!(
            e.to_string(),
            "card 1 (\"AK\", column 1): bad suit \"K\": expected one of c, d, h, s (this is a \
             rank: every card needs its suit, as in AhKh, not AK)"
        );
        let e = parse_cards("hA", Deck::Standard).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("(this is a suit: a card is its rank, then its suit, as in Ah)"),
            "{e}"
        );
        let e = parse_cards("1h", Deck::Standard).unwrap_err();
        assert!(e.to_string().ends_with("(write T or 10 for a ten)"), "{e}");
    }

    #[test]
    fn decks_hold_52_and_32_cards() {
        assert_eq!(Deck::Standard.len(), 52);
        assert_eq!(Deck::Americana.len(), 32);
        assert!(Deck::Americana.cards().iter().all(|c| c.rank() >= Rank::SEVEN));
    }

    #[test]
    fn card_set_operations() {
        let mut s: CardSet = parse_cards("AhKh", Deck::Standard).unwrap().into_iter().collect();
        assert_eq!(s.len(), 2);
        assert!(!s.insert("Ah".parse().unwrap()));
        assert!(s.remove("Kh".parse().unwrap()));
        assert_eq!(s.to_string(), "Ah");
    }
}
