//! The rules engine: one state machine for every game, with games as plain data.
//!
//! A [`Variant`] (from [`variant::VARIANTS`]) says how a variant is dealt and bet; [`Stakes`] give one
//! hand's antes, blinds, bet sizes and stacks. A [`HandState`] then takes actions one at a time.
//! Each action has a `verify_*` method that says why it would be illegal, a `can_*` method built
//! on it, and a method that applies it and returns an [`Event`] record of what happened.
//!
//! ```
//! use feltkit::rules::{Chips, HandState, Stakes, Variant};
//! use feltkit::card::parse_cards;
//! let game = Variant::by_code("nlhe").unwrap();
//! let stakes = Stakes {
//!     blinds: vec![Chips(1), Chips(2)],
//!     min_bet: Chips(2),
//!     stacks: vec![Chips(100), Chips(100)],
//!     ..Stakes::default()
//! };
//! let mut hand = HandState::new(game, &stakes).unwrap();
//! let c = |s: &str| parse_cards(s, game.deck).unwrap().into_iter().map(Some).collect::<Vec<_>>();
//! hand.deal_hole(0, &c("AsAh")).unwrap();
//! hand.deal_hole(1, &c("7c2d")).unwrap();
//! // Heads-up the blinds apply reversed: p2 is the button and small blind, and acts first.
//! assert!(hand.verify_check_or_call(0).is_err());
//! hand.fold(1).unwrap();
//! let outcome = hand.finish().unwrap();
//! assert_eq!(outcome.final_stacks, [Chips(101), Chips(99)]);
//! ```

mod all_in;
mod betting;
pub mod bomb;
mod chips;
mod dealing;
mod draw;
mod error;
mod forced;
mod holding;
mod options;
pub mod outside;
pub mod pots;
pub mod runs;
pub mod scoring;
mod seats;
mod showdown;
mod state;
pub mod stud;
pub mod table_cap;
mod timeout;
pub mod variant;

pub use chips::Chips;
pub use draw::Discard;
pub use error::{RuleError, SetupError};
pub use options::{CardsDue, Next, Options};
pub use showdown::{Outcome, PotAward, RunShare, ShowdownInfo};
pub use state::{CardList, Event, HandState, Phase};
pub use timeout::TimeoutResult;
pub use variant::{
    OddChip, Opening, Reopen, Scoring, ShowStart, Split, Stakes, Street, Structure, TimeoutRule,
    Variant,
};

/// The largest stack or stake a hand may have, in chips (10^15), so that no sum overflows.
pub const MAX_CHIPS: Chips = Chips(1_000_000_000_000_000);

/// Writes a player index as PHH does: index 0 is `p1`.
pub fn player_name(index: usize) -> String {
    format!("p{}", index + 1)
}
