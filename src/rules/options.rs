//! What a hand waits for and what a player may do: the questions a simulator or a bot asks.
//!
//! ```
//! use feltkit::rules::{Chips, HandState, Next, Stakes, Variant};
//! let game = Variant::by_code("nlhe").unwrap();
//! let stakes = Stakes {
//!     blinds: vec![Chips(1), Chips(2), Chips(0)],
//!     stacks: vec![Chips(100), Chips(100), Chips(30)],
//!     ..Stakes::default()
//! };
//! let mut hand = HandState::new(game, &stakes).unwrap();
//! // First the dealer: two hole cards to each player.
//! let Next::Deal(due) = hand.next() else { panic!() };
//! assert_eq!((due.hole, due.board), (vec![(0, 2), (1, 2), (2, 2)], 0));
//! for p in 0..3 {
//!     hand.deal_hole(p, &[None, None]).unwrap();
//! }
//! // Then p3, first to act preflop: fold, call 2, or raise to 4 up to 30 (all-in).
//! let Next::Act(o) = hand.next() else { panic!() };
//! assert_eq!((o.player, o.fold, o.call, o.raise), (2, true, Some(Chips(2)), Some((Chips(4), Chips(30)))));
//! ```

use super::state::{HandState, Phase};
use super::{Chips, Structure};

/// What a player to act may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The player to act.
    pub player: usize,
    /// Whether they may fold.
    pub fold: bool,
    /// What checking or calling costs (0: a check), when they may.
    pub call: Option<Chips>,
    /// The least and the most they may bet or raise to (their round total). In no limit, pot
    /// limit and spread limit every amount between is legal; in fixed limit only the two ends
    /// (the limit, or the big bet of the open-pair option, or an all-in for less).
    pub raise: Option<(Chips, Chips)>,
    /// The stud bring-in they may post instead (a raise is then the completion).
    pub bring_in: Option<Chips>,
}

/// The cards the dealer owes now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardsDue {
    /// Hole cards: each player owed some, and how many.
    pub hole: Vec<(usize, usize)>,
    /// Board cards (in a double-board bomb pot, those of the board being dealt: the first
    /// board's, then the second's, each in a deal of its own).
    pub board: usize,
    /// Draw games: the players who must first stand pat or discard ([`HandState::discard`]), in
    /// order; their replacement cards then come due as hole cards.
    pub draws: Vec<usize>,
}

/// What the hand waits for next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// The dealer: these cards (in draw games, first the players' stand-pats or discards).
    Deal(CardsDue),
    /// A player's betting action.
    Act(Options),
    /// Turnover: these players each expose a hole card.
    Expose(Vec<usize>),
    /// The showdown: these players show or muck, in order (the first must show: the others may
    /// muck). [`HandState::finish`] settles the hand once they have.
    Show(Vec<usize>),
    /// Nothing: the hand can be settled with [`HandState::finish`].
    Finish,
}

impl HandState {
    /// What the hand waits for next.
    pub fn next(&self) -> Next {
        match self.phase {
            Phase::Dealing => Next::Deal(self.cards_due()),
            Phase::Betting => match self.to_act.front() {
                Some(p) => Next::Act(self.options(p).unwrap_or(Options {
                    player: p,
                    fold: false,
                    call: None,
                    raise: None,
                    bring_in: None,
                })),
                None => Next::Finish,
            },
            Phase::Exposing => Next::Expose(self.exposes_due()),
            Phase::Showdown => {
                let due = self.to_show();
                if due.is_empty() {
                    Next::Finish
                } else {
                    Next::Show(due)
                }
            }
            Phase::Over => Next::Finish,
        }
    }

    /// The cards the dealer owes now (none outside the dealing phase).
    pub fn cards_due(&self) -> CardsDue {
        if self.phase != Phase::Dealing {
            return CardsDue::default();
        }
        CardsDue {
            hole: (0..self.n)
                .filter(|&i| self.pending_hole[i] > 0)
                .map(|i| (i, self.pending_hole[i]))
                .collect(),
            board: self.board_due_now(),
            draws: self.draws_due(),
        }
    }

    /// The players who still have to expose a card (turnover).
    pub fn exposes_due(&self) -> Vec<usize> {
        if self.phase != Phase::Exposing {
            return Vec::new();
        }
        (0..self.n).filter(|&i| self.pending_expose[i]).collect()
    }

    /// The players still to show or muck at the showdown, in showing order.
    pub fn to_show(&self) -> Vec<usize> {
        if !matches!(self.phase, Phase::Showdown | Phase::Dealing) {
            return Vec::new();
        }
        self.show_order
            .iter()
            .flatten()
            .copied()
            .filter(|&i| self.live(i) && !self.shown[i])
            .collect()
    }

    /// What `player` may do now; `None` when it is not their turn to bet.
    pub fn options(&self, player: usize) -> Option<Options> {
        self.check_turn(player).ok()?;
        // (Asked directly: a refusal would format its reason for every decision.)
        let bring_in = self.bring_in_due.then(|| self.bring_in.min(self.stacks[player]));
        let call =
            self.can_check_or_call(player).then(|| self.to_call(player).min(self.stacks[player]));
        Some(Options {
            player,
            fold: self.can_fold(player),
            call,
            raise: self.raise_range(player),
            bring_in,
        })
    }

    /// What a full bet or raise goes to now (the minimum in no limit, pot limit and spread
    /// limit; the limit in fixed limit): a raise to less is an all-in for less.
    pub fn full_raise_to(&self) -> Chips {
        match self.structure() {
            Structure::FixedLimit => self.fixed_sizes().0,
            _ => self.max_bet() + self.min_increment,
        }
    }

    /// The least and the most `player` may bet or raise to now (see [`Options::raise`]).
    pub fn raise_range(&self, player: usize) -> Option<(Chips, Chips)> {
        if player >= self.n {
            return None;
        }
        let max = self.max_bet();
        let all_in = self.total(player);
        // The ends the structure allows; each is checked by the same rules an action is.
        let mut candidates = [all_in; 4];
        match self.structure() {
            Structure::NoLimit
            | Structure::PotLimit
            | Structure::PotLimitPreflop
            | Structure::SpreadLimit => {
                let min = max + self.min_increment;
                candidates[1] = min.min(all_in);
                if self.structure() == Structure::PotLimit {
                    let pot = self.pot_total();
                    candidates[2] = (2 * max - self.bets[player] + pot).max(min).min(all_in);
                }
                if self.structure() == Structure::SpreadLimit {
                    candidates[2] = (max + self.big_bet).min(all_in);
                }
            }
            Structure::FixedLimit => {
                let (expected, big) = self.fixed_sizes();
                candidates[1] = expected.min(all_in);
                candidates[2] = big.map_or(candidates[1], |b| b.min(all_in));
            }
        }
        // Whatever the amount, the player may not raise: no candidate is asked.
        if all_in <= max || self.check_turn(player).is_err() {
            return None;
        }
        let cover = self.may_raise(player, max).ok()?;
        let mut range: Option<(Chips, Chips)> = None;
        for (k, &to) in candidates.iter().enumerate() {
            if to <= max
                || candidates[..k].contains(&to)
                || range.is_some_and(|(lo, hi)| lo <= to && to <= hi)
            {
                continue;
            }
            if self.check_raise_amount(player, to, max, cover).is_ok() {
                range = Some(range.map_or((to, to), |(lo, hi)| (lo.min(to), hi.max(to))));
            }
        }
        range
    }
}
