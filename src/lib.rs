//! # feltkit
//!
//! Poker hand evaluation, equity calculation and hand replay.
//!
//! * [`card`]: cards, card sets, the 52- and 32-card decks, and card text.
//! * [`eval`]: the standard and Americana hand rankings on perfect-hash tables.
//! * [`range`]: hold'em ranges in PokerStove/Equilab notation (`QQ+,AKs`, `15%`).
//! * [`equity`]: exhaustive and Monte Carlo equity for hold'em, turnover, stud and Americana.
//! * [`batch`]: CSV/TSV files of equity questions answered row by row (`felt batch`).
//! * [`rules`]: the rules engine: games as data, one hand state machine, pots and showdowns.
//! * [`phh`]: PHH hand histories: reading and writing (exact decimals), replay and check.
//! * [`text`]: small helpers for user-facing wording (counts with the noun in the right number).
//!
//! ```
//! use feltkit::card::{parse_cards, Deck};
//! use feltkit::eval::Ranking;
//! let cards = parse_cards("AsKsQsJsTs 2c 3d", Deck::Standard).unwrap();
//! let e = Ranking::Standard.evaluate(&cards).unwrap();
//! assert_eq!(e.category.key(), "straight_flush");
//!
//! use feltkit::equity::{calculate, Game, Query};
//! let eq = calculate(&Query::new(Game::Holdem, ["AhKh", "QsQd"])).unwrap();
//! assert_eq!(format!("{:.6}", eq.players[0].equity), "0.462145");
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]
// The equity loops index several per-player arrays in lockstep (`ranks[p]`, `wins[p]`, ...):
// an index reads plainer there than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub mod batch;
pub mod card;
pub mod equity;
pub mod eval;
pub mod phh;
pub mod range;
pub mod rules;
pub mod text;
