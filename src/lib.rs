//! # feltkit
//!
//! Poker hand evaluation, equity calculation and hand replay: the library behind the `felt`
//! command (`felt equity`, `felt batch`, `felt replay`, `felt rank`). The repository's
//! `README.md` and `docs/` describe the command; this is the tour of the library.
//!
//! * [`card`]: cards, card sets, the 52- and 32-card decks, and card text.
//! * [`catalog`]: one entry per game: names, deck, streets, ranking and scoring, equity method
//!   and player limits; every list of games reads it.
//! * [`eval`]: the standard and Americana hand rankings on perfect-hash tables.
//! * [`range`]: hold'em ranges in PokerStove/Equilab notation (`QQ+,AKs`, `15%`).
//! * [`equity`]: exhaustive and Monte Carlo equity for hold'em, turnover, stud and Americana.
//! * [`batch`]: CSV/TSV files of equity questions answered row by row (`felt batch`).
//! * [`rules`]: the rules engine: games as data, one hand state machine, pots and showdowns.
//! * [`import`]: sites' hand histories (PokerStars, GGPoker, Winamax, 888poker, PartyPoker,
//!   Full Tilt, WPN, Bovada, OnGame, Chico, Cake, KingsClub, iPoker, Merge, Microgaming, Absolute, Everest) and ACPC logs converted to PHH hands.
//! * [`phh`]: PHH hand histories: reading and writing (exact decimals), replay and check.
//! * [`record`]: what a hand record holds beyond PHH's own fields: exact amounts, a site's accounting.
//! * [`replay_source`]: what `felt replay` reads (files, directories, standard input, text;
//!   PHH, sites' hand histories or ACPC logs), cut into hands for the workers that replay them.
//! * [`play`]: the engine as a simulator: what a hand waits for, random legal hands.
//! * [`session`]: a table's hands in order: stacks, button, blinds, missed blinds, tournament
//!   levels and re-buys, emergency all-ins.
//! * [`picture`]: a range's 13 × 13 grid as SVG and HTML (`felt range --svg`, `--html`).
//! * [`text`]: small helpers for user-facing wording (counts with the noun in the right number).
//!
//! ## Evaluating a hand
//!
//! [`eval::Ranking::evaluate`] ranks the best five of 5, 6 or 7 cards as a number where larger
//! is better and equal is a split. For speed, [`eval::standard::Hand`] combines hole cards and
//! a board by addition and ranks seven cards with one hash and one table load.
//!
//! ```
//! use feltkit::card::{parse_cards, Card, Deck};
//! use feltkit::eval::standard::Hand;
//! use feltkit::eval::{Category, Ranking};
//!
//! let cards = parse_cards("AsKsQsJsTs 2c 3d", Deck::Standard).unwrap();
//! let e = Ranking::Standard.evaluate(&cards).unwrap();
//! assert_eq!(e.category, Category::StraightFlush);
//!
//! let hand = |text: &str| {
//!     let cards = parse_cards(text, Deck::Standard).unwrap();
//!     cards.into_iter().fold(Hand::EMPTY, |h, c: Card| h.add(c))
//! };
//! let board = hand("Qh Jh Th 2c 2d");
//! assert!((hand("AhKh") + board).rank7() > (hand("2s3s") + board).rank7());
//! ```
//!
//! ## An equity query
//!
//! A [`equity::Query`] names the game, the players (ranges or cards), the board and dead cards
//! and the method; [`equity::calculate`] answers it with exact integer counts (exhaustive) or a
//! seeded Monte Carlo estimate.
//!
//! ```
//! use feltkit::equity::{calculate, Game, Method, Query};
//!
//! let mut q = Query::new(Game::Holdem, ["AhKh", "QQ+,AKs"]);
//! q.board = "Js7c2d".into();
//! let e = calculate(&q).unwrap();
//! assert_eq!(e.method, Method::Exhaustive);
//! assert_eq!(format!("{:.6}", e.players[0].equity), "0.226970");
//! assert_eq!(e.deals, 14_850);
//! ```
//!
//! ## Replaying a PHH hand
//!
//! [`phh::replay_text`] replays every hand of a `.phh` or `.phhs` text under its game's rules
//! and, when asked, checks the recorded results.
//!
//! ```
//! use feltkit::phh::{replay_text, Status};
//! use feltkit::rules::Chips;
//!
//! // No-limit hold'em, blinds 1/2. p3 raises to 6, p1 folds, p2 calls; p2 bets 10 on the flop
//! // and p3 folds: p2 wins the pot of 13 (1 + 6 + 6) and gets the uncalled 10 back.
//! let text = "variant = 'nlhe'
//! blinds_or_straddles = [1, 2, 0]
//! starting_stacks = [100, 100, 100]
//! actions = ['d dh p1 7c2d', 'd dh p2 AsAh', 'd dh p3 KsQs', 'p3 cbr 6', 'p1 f', 'p2 cc',
//!            'd db 9h5c2s', 'p2 cbr 10', 'p3 f']
//! finishing_stacks = [99, 107, 94]
//! ";
//! let reports = replay_text(text, "example.phh", true);
//! assert_eq!(reports[0].status, Status::Legal);
//! assert!(reports[0].mismatches.is_empty());
//! let outcome = reports[0].outcome.as_ref().unwrap();
//! assert_eq!(outcome.final_stacks, [Chips(99), Chips(107), Chips(94)]);
//!
//! // A raise below the minimum is refused, with the action's number and the reason.
//! let bad = text.replace("'p3 cbr 6'", "'p3 cbr 3'");
//! let reports = replay_text(&bad, "bad.phh", false);
//! assert!(matches!(&reports[0].status, Status::Illegal { number: 4, .. }));
//! ```
#![deny(missing_docs)]
// `unsafe` only where a copy of a loop compiled for x86-64-v3 is called after `cpu::path`
// checked that the CPU has its features (`cpu::fast`, the hold'em sampler), allowed at each.
#![deny(unsafe_code)]
// The equity loops index several per-player arrays in lockstep (`ranks[p]`, `wins[p]`, ...):
// an index reads plainer there than zipped iterators.
#![allow(clippy::needless_range_loop)]

pub mod alloc;
pub mod api;
pub mod batch;
pub mod card;
pub mod catalog;
pub mod cpu;
pub mod equity;
pub mod eval;
pub mod import;
pub mod luck;
pub mod phh;
pub mod picture;
pub mod play;
pub mod pushfold;
pub mod range;
pub mod record;
pub mod replay_source;
pub mod rules;
pub mod session;
pub mod stop;
pub mod text;

// The Rust examples of the README and of docs/ compile and run as doc-tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

#[cfg(doctest)]
#[doc = include_str!("../docs/rank.md")]
struct RankPageExamples;
