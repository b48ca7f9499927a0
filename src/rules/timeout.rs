//! Players who fail to act, and actions made out of turn (docs/games.md, "Timeouts").
//!
//! Every game follows the *fold-unless-check* rule ([`HandState::time_out`]): a player who was to
//! act and did not checks if that costs nothing and folds otherwise. The fixed-limit hold'em and
//! stud presets also have *all-in protection* ([`HandState::time_out_all_in`]): a player who lost
//! their connection or timed out is treated as all-in for the rest of the hand. An action made
//! out of turn is ignored ([`HandState::out_of_turn`]).
//!
//! ```
//! use feltkit::card::parse_cards;
//! use feltkit::rules::{Chips, Event, HandState, Stakes, Variant};
//! let game = Variant::by_code("flhe").unwrap();
//! let stakes = Stakes {
//!     blinds: vec![Chips(1), Chips(2), Chips(0)],
//!     stacks: vec![Chips(50); 3],
//!     ..Stakes::default()
//! };
//! let mut hand = HandState::new(game, &stakes).unwrap();
//! let c = |s: &str| parse_cards(s, game.deck).unwrap().into_iter().map(Some).collect::<Vec<_>>();
//! for (p, cards) in ["AsAh", "KsKh", "QsQh"].iter().enumerate() {
//!     hand.deal_hole(p, &c(cards)).unwrap();
//! }
//! // p3 is to act; p1 acting now is out of turn, and ignored.
//! assert_eq!(hand.out_of_turn(0), Ok(Event::OutOfTurnIgnored { player: 0 }));
//! // p3 loses their connection: all-in with nothing put in, 50 set aside.
//! let event = hand.time_out_all_in(2).unwrap();
//! assert_eq!(event, Event::ProtectedAllIn { player: 2, brought_in: Chips(0), behind: Chips(50) });
//! assert_eq!((hand.stacks()[2], hand.set_aside()[2]), (Chips(0), Chips(50)));
//! // No-limit hold'em has no all-in protection.
//! let nlhe = HandState::new(Variant::by_code("nlhe").unwrap(), &stakes).unwrap();
//! assert!(nlhe.verify_time_out_all_in(2).is_err());
//! ```

use super::error::RuleError;
use super::state::{Event, HandState, Phase};
use super::{player_name, Chips, TimeoutRule};

/// What the fold-unless-check rule did for a player who failed to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeoutResult {
    /// Checking cost nothing: the player checked.
    Checked,
    /// The player faced a bet and folded.
    Folded,
    /// A stud bring-in was due from the player and was posted for them.
    BroughtIn {
        /// Chips posted.
        amount: Chips,
    },
}

impl HandState {
    /// Says why `player` cannot time out now: it must be their turn to act.
    pub fn verify_time_out(&self, player: usize) -> Result<(), RuleError> {
        self.check_turn(player)
    }

    /// Whether `player` can time out now.
    pub fn can_time_out(&self, player: usize) -> bool {
        self.verify_time_out(player).is_ok()
    }

    /// `player`, who was to act, did not (the fold-unless-check rule): they post the bring-in if
    /// one is due from them, else check if that costs nothing, else fold.
    pub fn time_out(&mut self, player: usize) -> Result<Event, RuleError> {
        self.verify_time_out(player)?;
        let result = if self.bring_in_due {
            let amount = match self.bring_in(player)? {
                Event::BroughtIn { amount, .. } => amount,
                _ => Chips::ZERO,
            };
            TimeoutResult::BroughtIn { amount }
        } else if self.to_call(player) == Chips::ZERO {
            self.check_or_call(player)?;
            TimeoutResult::Checked
        } else {
            self.fold(player)?;
            TimeoutResult::Folded
        };
        Ok(Event::TimedOut { player, result })
    }

    /// Says why `player` cannot be protected all-in now: the game must have all-in protection,
    /// and it must be their turn to act.
    pub fn verify_time_out_all_in(&self, player: usize) -> Result<(), RuleError> {
        self.check_player(player)?;
        if self.game.timeout != TimeoutRule::AllInProtection {
            return Err(RuleError::NoAllInProtection {
                player: player_name(player),
                game: self.game.code,
            });
        }
        self.check_turn(player)
    }

    /// Whether `player` can be protected all-in now.
    pub fn can_time_out_all_in(&self, player: usize) -> bool {
        self.verify_time_out_all_in(player).is_ok()
    }

    /// `player`, who was to act, failed to act and is protected all-in: the bring-in is posted
    /// for them if one is due, then their chips behind are set aside until the hand ends. They
    /// put in no more chips, stay eligible for the pots up to what they paid in and take no
    /// more actions; the others bet on in a side pot.
    pub fn time_out_all_in(&mut self, player: usize) -> Result<Event, RuleError> {
        self.verify_time_out_all_in(player)?;
        let brought_in = if self.bring_in_due { self.post_bring_in(player) } else { Chips::ZERO };
        let behind = self.stacks[player];
        self.stacks[player] = Chips::ZERO;
        self.set_aside[player] += behind;
        self.to_act.pop_front();
        self.acted[player] = true;
        self.faced[player] = self.max_bet();
        self.after_action();
        Ok(Event::ProtectedAllIn { player, brought_in, behind })
    }

    /// Says why an action by `player` now cannot be ignored as out of turn: there must be a
    /// betting round with someone else to act, and `player` must still be in the hand.
    pub fn verify_out_of_turn(&self, player: usize) -> Result<(), RuleError> {
        self.check_player(player)?;
        let name = || player_name(player);
        if self.phase != Phase::Betting {
            // The same reason a betting action would be refused for now.
            return self.check_turn(player);
        }
        if !self.live(player) {
            return Err(RuleError::WrongPhase(format!(
                "{} is out of the hand: only a player still in can act out of turn",
                name()
            )));
        }
        if self.to_act.front() == Some(player) {
            return Err(RuleError::NotOutOfTurn { player: name() });
        }
        Ok(())
    }

    /// Whether an action by `player` now would be out of turn (and ignored).
    pub fn can_out_of_turn(&self, player: usize) -> bool {
        self.verify_out_of_turn(player).is_ok()
    }

    /// An action by `player` out of turn: ignored by rule, nothing changes, play goes on in order.
    pub fn out_of_turn(&mut self, player: usize) -> Result<Event, RuleError> {
        self.verify_out_of_turn(player)?;
        Ok(Event::OutOfTurnIgnored { player })
    }
}
