//! # feltkit
//!
//! Poker hand evaluation, equity calculation and hand replay.
//!
//! * [`card`]: cards, card sets, the 52- and 32-card decks, and card text.
//! * [`eval`]: the standard and Americana hand rankings on perfect-hash tables.
//! * [`rules`]: the rules engine: games as data, one hand state machine, pots and showdowns.
//! * [`phh`]: PHH hand histories: reading and writing (exact decimals), replay and check.
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::Ranking;
//! let cards = parse_cards("AsKsQsJsTs 2c 3d", Deck::Standard).unwrap();
//! let e = Ranking::Standard.evaluate(&cards).unwrap();
//! assert_eq!(e.category.key(), "straight_flush");
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod card;
pub mod eval;
pub mod phh;
pub mod rules;
