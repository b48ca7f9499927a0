//! Capped no limit (docs/games.md): no limit, but no player may bet more than the table's cap
//! in one hand (PokerStars' `$1/$2 - $40 Cap`; `_table_cap` in PHH).
//!
//! What counts toward the cap is what a player bets: the blinds, calls, bets and raises. Antes
//! and a dead blind (a blind posted to come back in, which goes in the pot as dead money) do
//! not: they are paid before the betting, whatever the cap. A player whose bets reach the cap
//! is all in for the rest of the hand and keeps the rest of the stack: the hand is played with
//! each stack at most the cap plus the player's antes and dead blind, and what is over is set
//! aside until the hand ends ([`HandState::set_aside`]), part of the final stack.
//!
//! ```
//! use feltkit::card::parse_cards;
//! use feltkit::rules::{Chips, HandState, Stakes, Variant};
//! let game = Variant::by_code("nlhe").unwrap();
//! let stakes = Stakes {
//!     blinds: vec![Chips(1), Chips(2), Chips(0)],
//!     min_bet: Chips(2),
//!     stacks: vec![Chips(100), Chips(100), Chips(30)],
//!     table_cap: Some(Chips(40)),
//!     ..Stakes::default()
//! };
//! let mut hand = HandState::new(game, &stakes).unwrap();
//! // p1 and p2 play 40 each (their blinds count toward the cap) and keep 60 behind.
//! assert_eq!(hand.set_aside(), [Chips(60), Chips(60), Chips(0)]);
//! let c = |s: &str| parse_cards(s, game.deck).unwrap().into_iter().map(Some).collect::<Vec<_>>();
//! for (p, cards) in ["AsAh", "KsKh", "QsQh"].iter().enumerate() {
//!     hand.deal_hole(p, &c(cards)).unwrap();
//! }
//! hand.bet_or_raise_to(2, Chips(30)).unwrap(); // p3 all in
//! hand.bet_or_raise_to(0, Chips(40)).unwrap(); // p1 at the cap
//! hand.check_or_call(1).unwrap(); // p2 at the cap
//! for board in ["2c3d8h", "9c", "Jd"] {
//!     hand.deal_board(&c(board)).unwrap();
//! }
//! // p1's aces win the main pot (90) and the side pot (20), and keep the 60 set aside.
//! let outcome = hand.finish().unwrap();
//! assert_eq!(outcome.final_stacks, [Chips(170), Chips(60), Chips(0)]);
//! ```

use super::error::SetupError;
use super::state::HandState;
use super::{Chips, MAX_CHIPS};

impl HandState {
    /// Under a table cap of `cap`, sets aside what each player may not bet: all of the stack
    /// over the cap plus the player's `antes` and `dead_blinds` (in player order, as posted).
    pub(super) fn set_aside_over_cap(
        &mut self,
        cap: Chips,
        antes: &[Chips],
        dead_blinds: &[Chips],
    ) -> Result<(), SetupError> {
        if cap <= Chips::ZERO {
            return Err(SetupError::Stake(format!(
                "the table cap is {cap}: it must be positive (the most a player may bet in the hand)"
            )));
        }
        if cap > MAX_CHIPS {
            let why = "too large (at most 10^15 chips)";
            return Err(SetupError::Amount { field: "_table_cap", index: 1, value: cap, why });
        }
        let get = |v: &[Chips], i: usize| v.get(i).copied().unwrap_or(Chips::ZERO);
        for i in 0..self.n {
            let most = cap.saturating_add(get(antes, i)).saturating_add(get(dead_blinds, i));
            let over = (self.stacks[i] - most).max(Chips::ZERO);
            self.stacks[i] -= over;
            self.set_aside[i] += over;
        }
        Ok(())
    }

    /// The players whose bets reached the table cap: all in, with chips set aside.
    pub fn at_table_cap(&self) -> Vec<usize> {
        (0..self.n)
            .filter(|&i| self.stacks[i] == Chips::ZERO && self.set_aside[i] > Chips::ZERO)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Chips, HandState, Stakes, Variant};

    /// Heads-up, the antes apply reversed as the blinds do; the dead blinds do not.
    #[test]
    fn antes_and_dead_blinds_are_paid_outside_the_cap() {
        let game = Variant::by_code("nlhe").unwrap();
        let stakes = Stakes {
            antes: vec![Chips(1), Chips(3)],
            blinds: vec![Chips(2), Chips(1)],
            min_bet: Chips(2),
            stacks: vec![Chips(100), Chips(100)],
            dead_blinds: vec![Chips(0), Chips(5)],
            table_cap: Some(Chips(20)),
            ..Stakes::default()
        };
        let hand = HandState::new(game, &stakes).unwrap();
        // p1 antes 3 (reversed): 23 played, 77 aside, less the ante and the small blind of 1;
        // p2 antes 1 and owes 5 dead: 26 played, 74 aside, less those and the big blind of 2.
        assert_eq!(hand.set_aside(), [Chips(77), Chips(74)]);
        assert_eq!(hand.stacks(), [Chips(19), Chips(18)]);
        let zero = Stakes { table_cap: Some(Chips(0)), ..stakes };
        let e = HandState::new(game, &zero).unwrap_err();
        assert!(e.to_string().starts_with("the table cap is 0: it must be positive"), "{e}");
        // As large as the PHH reader takes and no larger (the engine fuzz target found the
        // engine playing a cap the reader refuses).
        let largest = Stakes { table_cap: Some(crate::rules::MAX_CHIPS), ..zero.clone() };
        assert!(HandState::new(game, &largest).is_ok());
        let over = Stakes { table_cap: Some(Chips(i64::MAX)), ..zero };
        let e = HandState::new(game, &over).unwrap_err();
        assert!(e.to_string().contains("_table_cap") && e.to_string().contains("too large"), "{e}");
    }
}
