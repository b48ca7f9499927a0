//! Every hand ranking feltkit has, by name: [`Ranking`] picks one, [`Ranking::rank`] ranks a
//! hand under it, and [`Ranked`] says what the hand is, in words a player uses.
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::{Class, Ranking};
//! let cards = |s| parse_cards(s, Deck::Standard).unwrap();
//! let r = Ranking::AceFive.rank(&cards("Ac2d3h4s5c"), None).unwrap();
//! assert_eq!(r.to_string(), "5-4-3-2-A low");
//! let omaha: Ranking = "omaha".parse().unwrap();
//! // Q-J with T-9-8: only two board hearts, so no flush.
//! let r = omaha.rank(&cards("AhKhQhJh"), Some(&cards("Th9h8c7d2s"))).unwrap();
//! assert_eq!(r.class, Class::Category(feltkit::eval::Category::Straight));
//! assert_eq!(Ranking::Badugi.rank(&cards("2s3s4d7h"), None).unwrap().key(), "three_card_badugi");
//! ```

use std::fmt;
use std::str::FromStr;

use crate::card::{format_cards, parse_cards, Card, CardError, Deck, Rank};
use crate::eval::{
    ace_five, americana, badugi, deuce_seven, low, omaha, shortdeck, standard, Category, EvalError,
    Evaluation,
};

/// Which hand ranking a game uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Ranking {
    /// Standard 52-card ranking (hold'em games, seven-card stud): best five of 5 to 7 cards.
    #[default]
    Standard,
    /// 32-card Americana ranking: flush above full house, suits break ties.
    Americana,
    /// 36-card short deck (six-plus): flush above full house, A-6-7-8-9 the lowest straight.
    ShortDeck,
    /// Omaha high: exactly two hole cards and three board cards, standard ranks.
    Omaha,
    /// Eight-or-better low (the low half of Omaha hi-lo and stud hi-lo); a hand may have no
    /// low.
    EightOrBetter,
    /// Ace-to-five low (razz): pairs count, straights and flushes do not.
    AceFive,
    /// Deuce-to-seven low: standard reversed, the ace high, A-2-3-4-5 no straight.
    DeuceSeven,
    /// Badugi: most cards of different suits and ranks, then lowest.
    Badugi,
}

/// A ranking's names and what it takes: one row per ranking, in [`Ranking::ALL`] order.
struct Row {
    name: &'static str,
    aliases: &'static [&'static str],
    takes: &'static str,
}

const ROWS: [Row; 8] = [
    Row { name: "standard", aliases: &["holdem"], takes: "5 to 7 cards" },
    Row { name: "americana", aliases: &[], takes: "5 to 7 cards of the 32-card deck (7 to A)" },
    Row {
        name: "short-deck",
        aliases: &["shortdeck", "six-plus"],
        takes: "5 to 7 cards of the 36-card deck (6 to A)",
    },
    Row {
        name: "omaha",
        aliases: &["omaha-high", "plo"],
        takes: "2 to 6 hole cards and 3 to 5 board cards",
    },
    Row {
        name: "eight-or-better",
        aliases: &["8-or-better", "eight-low"],
        takes: "5 to 7 cards, or 2 to 6 hole cards and 3 to 5 board cards",
    },
    Row { name: "ace-five", aliases: &["a-5", "razz"], takes: "5 to 7 cards" },
    Row { name: "deuce-seven", aliases: &["2-7"], takes: "5 cards" },
    Row { name: "badugi", aliases: &[], takes: "4 cards" },
];

impl Ranking {
    /// Every ranking, in the order `felt rank --help` lists them.
    pub const ALL: [Ranking; 8] = [
        Ranking::Standard,
        Ranking::Americana,
        Ranking::ShortDeck,
        Ranking::Omaha,
        Ranking::EightOrBetter,
        Ranking::AceFive,
        Ranking::DeuceSeven,
        Ranking::Badugi,
    ];

    const fn row(self) -> &'static Row {
        &ROWS[self as usize]
    }

    /// The ranking's name, as `felt rank --game` and Python's `game=` take it: `short-deck`.
    pub const fn name(self) -> &'static str {
        self.row().name
    }

    /// Other names the ranking is known by (`razz` for `ace-five`).
    pub const fn aliases(self) -> &'static [&'static str] {
        self.row().aliases
    }

    /// What a hand of this ranking is, in words: `5 to 7 cards`.
    pub const fn takes(self) -> &'static str {
        self.row().takes
    }

    /// Whether a hand is hole cards and a board apart (Omaha).
    pub const fn needs_board(self) -> bool {
        matches!(self, Ranking::Omaha)
    }

    /// Whether the lowest hand wins: the lows (eight-or-better, ace-five, deuce-seven) and
    /// badugi, whose hands are named after their cards.
    pub const fn is_low(self) -> bool {
        matches!(
            self,
            Ranking::EightOrBetter | Ranking::AceFive | Ranking::DeuceSeven | Ranking::Badugi
        )
    }

    /// Whether hole cards and a board may be given apart (Omaha, and the eight-or-better low
    /// of Omaha hi-lo); the other rankings rank them together.
    pub const fn takes_board(self) -> bool {
        matches!(self, Ranking::Omaha | Ranking::EightOrBetter)
    }

    /// The deck whose cards are read for the ranking (the short deck's cards are read as
    /// standard cards, and a card below the six is then an error of the evaluator).
    pub const fn deck(self) -> Deck {
        match self {
            Ranking::Americana => Deck::Americana,
            _ => Deck::Standard,
        }
    }

    /// Ranks one set of cards (the best five of 5, 6 or 7, or the ranking's own count) as a
    /// category and a value where larger is better. The category is
    /// [`Ranked::category`]'s: the eight-or-better lows and badugi hands, which have no pair,
    /// are [`Category::HighCard`]; use [`Ranking::rank`] for their names. Omaha needs its
    /// board apart, so it is an error here.
    pub fn evaluate(self, cards: &[Card]) -> Result<Evaluation, EvalError> {
        Ok(match self {
            Ranking::Standard => {
                let r = standard::evaluate(cards)?;
                Evaluation { category: r.category(), value: r.value() as u32 }
            }
            Ranking::Americana => {
                let r = americana::evaluate(cards)?;
                Evaluation { category: r.category(), value: r.value() }
            }
            _ => {
                let r = self.rank(cards, None)?;
                Evaluation { category: r.category(), value: r.value }
            }
        })
    }

    /// Ranks a hand: `cards`, or for Omaha and the eight-or-better low of Omaha hi-lo the hole
    /// cards `cards` and the `board` apart. The other rankings rank the hole cards and a board
    /// together, as one set. Checks the card counts ([`Ranking::takes`]), that no card is
    /// given twice and that every card is in the ranking's deck.
    pub fn rank(self, cards: &[Card], board: Option<&[Card]>) -> Result<Ranked, EvalError> {
        if !self.takes_board()
            && let Some(board) = board
        {
            let mut all = Vec::with_capacity(cards.len() + board.len());
            all.extend_from_slice(cards);
            all.extend_from_slice(board);
            return self.rank(&all, None);
        }
        let cat =
            |category: Category, value: u32| Ranked { value, class: Class::Category(category) };
        Ok(match (self, board) {
            (Ranking::Standard, _) => {
                let r = standard::evaluate(cards)?;
                cat(r.category(), r.value().into())
            }
            (Ranking::Americana, _) => {
                let r = americana::evaluate(cards)?;
                cat(r.category(), r.value())
            }
            (Ranking::ShortDeck, _) => {
                let r = shortdeck::evaluate(cards)?;
                cat(r.category(), r.value())
            }
            (Ranking::Omaha, None) => return Err(EvalError::NoBoard("Omaha")),
            (Ranking::Omaha, Some(board)) => {
                let r = omaha::evaluate(cards, board)?;
                cat(r.category(), r.value().into())
            }
            (Ranking::EightOrBetter, board) => {
                let low = match board {
                    Some(board) => low::omaha_low(cards, board)?,
                    None => low::evaluate(cards)?,
                };
                match low {
                    Some(l) => Ranked { value: l.value(), class: Class::Low(l.ranks()) },
                    None => Ranked { value: 0, class: Class::NoLow },
                }
            }
            (Ranking::AceFive, _) => {
                let r = ace_five::evaluate(cards)?;
                match r.category() {
                    Category::HighCard => Ranked { value: r.value(), class: Class::Low(r.ranks()) },
                    c => cat(c, r.value()),
                }
            }
            (Ranking::DeuceSeven, _) => {
                let r = deuce_seven::evaluate(cards)?;
                match (r.category(), <&[Card; 5]>::try_from(cards)) {
                    (Category::HighCard, Ok(five)) => {
                        let mut ranks = five.map(|c| c.rank());
                        ranks.sort_unstable_by(|a, b| b.cmp(a));
                        Ranked { value: r.value(), class: Class::Low(ranks) }
                    }
                    (c, _) => cat(c, r.value()),
                }
            }
            (Ranking::Badugi, _) => {
                let r = badugi::evaluate(cards)?;
                Ranked { value: r.value(), class: Class::Badugi(r.size()) }
            }
        })
    }
}

impl Ranking {
    /// Reads and ranks one hand written as text (`AhKhQhJhTh`, `"Ah Kh 10d ..."`), with hole
    /// cards and a board apart as `HOLE/BOARD` (`AhKhQsJs/2c3c4d5d6s`: Omaha needs it, and the
    /// other rankings rank the two parts together). Returns the cards as `felt rank` writes
    /// them (with the `/` when one was given) and the ranked hand.
    ///
    /// ```
    /// use feltkit::eval::Ranking;
    /// let (cards, r) = Ranking::Omaha.rank_text("Ah Kh Qs Js / 2c 3c 4d 5d 6s").unwrap();
    /// assert_eq!((cards.as_str(), r.to_string().as_str()), ("AhKhQsJs/2c3c4d5d6s", "high card"));
    /// let e = Ranking::Omaha.rank_text("AhKhQsJs2c3c4d5d6s").unwrap_err();
    /// assert!(e.to_string().starts_with("omaha takes hole cards and a board apart"));
    /// ```
    pub fn rank_text(self, text: &str) -> Result<(String, Ranked), TextError> {
        let text = text.trim();
        let Some((hole_text, board_text)) = text.split_once('/') else {
            if self.needs_board() {
                return Err(TextError::NoBoard(self));
            }
            let cards = parse_cards(text, self.deck())?;
            let r = self.rank(&cards, None)?;
            return Ok((format_cards(&cards), r));
        };
        if board_text.contains('/') {
            return Err(TextError::TwoSlashes);
        }
        // The whole text is read at once, so that a card's column counts from the text's start
        // and a card both in the hole and on the board is found; the '/' reads as a space.
        let cards = parse_cards(&text.replacen('/', " ", 1), self.deck())?;
        let hole_len = parse_cards(hole_text, self.deck()).map_or(0, |c| c.len());
        let (hole, board) = cards.split_at(hole_len.min(cards.len()));
        let r = self.rank(hole, Some(board))?;
        Ok((format!("{}/{}", format_cards(hole), format_cards(board)), r))
    }
}

/// Why a hand written as text could not be ranked ([`Ranking::rank_text`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A card could not be read (its number and column are in the message).
    #[error(transparent)]
    Cards(#[from] CardError),
    /// The cards cannot be ranked (their count, a card twice, a card outside the deck).
    #[error(transparent)]
    Eval(#[from] EvalError),
    /// Omaha without a `/` between hole cards and board.
    #[error(
        "{0} takes hole cards and a board apart, written HOLE/BOARD as in AhKhQsJs/2c3c4d5d6s \
         ({takes})",
        takes = .0.takes()
    )]
    NoBoard(Ranking),
    /// More than one `/`.
    #[error("more than one '/': write hole cards and a board as HOLE/BOARD")]
    TwoSlashes,
}

impl fmt::Display for Ranking {
    /// The ranking's name: `short-deck`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A ranking name that is not one of [`Ranking::ALL`]'s names or aliases.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown ranking {given:?}: expected {}", expected_names())]
pub struct UnknownRanking {
    /// The name given.
    pub given: String,
}

/// `standard, americana, ..., or badugi`.
fn expected_names() -> String {
    let names: Vec<&str> = Ranking::ALL.iter().map(|r| r.name()).collect();
    match names.split_last() {
        Some((last, rest)) => format!("{}, or {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl FromStr for Ranking {
    type Err = UnknownRanking;

    /// A ranking by name or alias, in any case, with `_` or `-` between words:
    /// `short_deck`, `Razz`, `2-7`.
    fn from_str(s: &str) -> Result<Ranking, UnknownRanking> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        Ranking::ALL
            .into_iter()
            .find(|r| r.name() == wanted || r.aliases().contains(&wanted.as_str()))
            .ok_or_else(|| UnknownRanking { given: s.to_string() })
    }
}

/// A hand ranked by [`Ranking::rank`]: its value and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ranked {
    /// The value: larger is better, equal is a split; compare values of one ranking only.
    pub value: u32,
    /// What the hand is.
    pub class: Class,
}

/// What a ranked hand is, in the terms of its ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// One of the nine categories: every hand of the high rankings, and the low hands with a
    /// pair, straight or flush (which count against them).
    Category(Category),
    /// A low of five different ranks, highest first: the eight-or-better lows, and the
    /// ace-to-five and deuce-to-seven hands without a pair (or, in 2-7, straight or flush).
    Low([Rank; 5]),
    /// Eight-or-better: no five different ranks of eight or lower.
    NoLow,
    /// Badugi: the number of cards that play, 1 to 4.
    Badugi(u8),
}

/// The class keys by [`Ranked::code`]: the nine categories (0 to 8, as [`Category`]), then
/// `low` (9), `no_low` (10) and the badugi sizes `one_card_badugi` to `four_card_badugi` (11 to
/// 14).
pub const CLASS_KEYS: [&str; 15] = [
    "high_card",
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "low",
    "no_low",
    "one_card_badugi",
    "two_card_badugi",
    "three_card_badugi",
    "four_card_badugi",
];

impl Ranked {
    /// The class as a number, for arrays: its index in [`CLASS_KEYS`] (a category's number for
    /// the nine categories, so the high rankings' codes are their categories').
    pub const fn code(&self) -> u8 {
        match self.class {
            Class::Category(c) => c as u8,
            Class::Low(_) => 9,
            Class::NoLow => 10,
            Class::Badugi(n) => 10 + if n >= 1 && n <= 4 { n } else { 1 },
        }
    }

    /// The nearest of the nine categories: a [`Class::Category`]'s own, else
    /// [`Category::HighCard`] (lows and badugi hands have no pair).
    pub const fn category(&self) -> Category {
        match self.class {
            Class::Category(c) => c,
            _ => Category::HighCard,
        }
    }

    /// The class in snake case, for machines: `straight_flush`, `low`, `no_low`,
    /// `three_card_badugi`.
    pub const fn key(&self) -> &'static str {
        CLASS_KEYS[self.code() as usize % CLASS_KEYS.len()]
    }
}

impl fmt::Display for Ranked {
    /// What the hand is, for a player: `straight flush`, `8-6-4-3-A low`, `no low`,
    /// `three-card badugi`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.class {
            Class::Category(c) => f.write_str(c.name()),
            Class::Low(ranks) => {
                low::write_ranks(f, &ranks)?;
                f.write_str(" low")
            }
            Class::NoLow => f.write_str("no low"),
            Class::Badugi(4) => f.write_str("four-card badugi"),
            Class::Badugi(3) => f.write_str("three-card badugi"),
            Class::Badugi(2) => f.write_str("two-card badugi"),
            Class::Badugi(_) => f.write_str("one-card badugi"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::cards;

    #[test]
    fn every_name_and_alias_parses_back_to_its_ranking() {
        for r in Ranking::ALL {
            assert_eq!(r.name().parse::<Ranking>(), Ok(r));
            assert_eq!(r.name().to_uppercase().replace('-', "_").parse::<Ranking>(), Ok(r));
            for a in r.aliases() {
                assert_eq!(a.parse::<Ranking>(), Ok(r), "{a}");
            }
        }
        assert_eq!(Ranking::ALL.map(|r| r as usize), [0, 1, 2, 3, 4, 5, 6, 7]);
        let e = "holdem-lo".parse::<Ranking>().unwrap_err().to_string();
        assert_eq!(
            e,
            "unknown ranking \"holdem-lo\": expected standard, americana, short-deck, omaha, \
             eight-or-better, ace-five, deuce-seven, or badugi"
        );
    }

    #[test]
    fn names_say_what_the_hand_is() {
        let name = |r: Ranking, c: &str, b: Option<&str>| {
            let board = b.map(cards);
            r.rank(&cards(c), board.as_deref()).unwrap().to_string()
        };
        assert_eq!(name(Ranking::Standard, "AhKhQhJhTh", None), "straight flush");
        assert_eq!(name(Ranking::AceFive, "Ac2d3h4s5c", None), "5-4-3-2-A low");
        assert_eq!(name(Ranking::AceFive, "AcAd2h3s4c", None), "one pair");
        assert_eq!(name(Ranking::DeuceSeven, "7c5d4h3s2c", None), "7-5-4-3-2 low");
        assert_eq!(name(Ranking::DeuceSeven, "Ac5d4h3s2c", None), "A-5-4-3-2 low");
        assert_eq!(name(Ranking::DeuceSeven, "6c5d4h3s2c", None), "straight");
        assert_eq!(name(Ranking::EightOrBetter, "8c6d4h3sAc", None), "8-6-4-3-A low");
        assert_eq!(name(Ranking::EightOrBetter, "9c6d4h3sAc", None), "no low");
        assert_eq!(name(Ranking::EightOrBetter, "AcKc2d3d", Some("4h5h6s9s8s")), "6-5-4-2-A low");
        assert_eq!(name(Ranking::Badugi, "Ac2d3h4s", None), "four-card badugi");
        assert_eq!(name(Ranking::Badugi, "KcKdKhKs", None), "one-card badugi");
        for c in Category::ALL {
            let r = Ranked { value: 0, class: Class::Category(c) };
            assert_eq!((r.key(), r.code()), (c.key(), c as u8));
        }
        // A board joins the hand in the rankings that do not take one apart.
        assert_eq!(name(Ranking::Standard, "AhKh", Some("QhJhTh2c3d")), "straight flush");
    }

    #[test]
    fn evaluations_keep_the_standard_and_americana_values() {
        let e = Ranking::Standard.evaluate(&cards("As Ks 7d 7c 2h 2s 9d")).unwrap();
        assert_eq!((e.category, e.value), (Category::TwoPair, 8312));
        let e = Ranking::EightOrBetter.evaluate(&cards("Kc Qd Jh Ts 9c")).unwrap();
        assert_eq!((e.category, e.value), (Category::HighCard, 0));
        assert_eq!(
            Ranking::Omaha.evaluate(&cards("AhKhQsJs2c")).unwrap_err().to_string(),
            "Omaha ranks hole cards and a board apart, and no board was given"
        );
    }
}
