//! Betting actions: fold, check, call, bet, raise, with the limits of each structure.

use super::error::RuleError;
use super::state::{Event, HandState, Phase};
use super::{player_name, Chips, Reopen, Structure};

impl HandState {
    pub(super) fn total(&self, i: usize) -> Chips {
        self.bets[i] + self.stacks[i]
    }

    /// The most any live player other than `player` can have in this round.
    pub(super) fn max_other_total(&self, player: usize) -> Chips {
        (0..self.n)
            .filter(|&i| i != player && self.live(i))
            .map(|i| self.total(i))
            .max()
            .unwrap_or(Chips::ZERO)
    }

    /// The bet to match: the largest bet in front of a player, and in the presets before the
    /// flop at least the full big blind (a big blind posted short still sets the price).
    pub(super) fn max_bet(&self) -> Chips {
        self.bets.iter().copied().max().unwrap_or(Chips::ZERO).max(self.round_price)
    }

    /// Whether a live player other than `player` has chips behind (can still bet).
    pub(super) fn other_has_chips(&self, player: usize) -> bool {
        (0..self.n).any(|i| i != player && self.live(i) && self.stacks[i] > Chips::ZERO)
    }

    pub(super) fn street_size(&self) -> Chips {
        if self.game.streets[self.street].big_bet || self.big_bet_made {
            self.big_bet
        } else {
            self.small_bet
        }
    }

    /// Fixed-limit stud, 4th street, a pair showing, no big bet yet: the big bet may be bet.
    pub(super) fn open_pair_option_now(&self) -> bool {
        self.game.open_pair_option
            && self.street == 1
            && !self.big_bet_made
            && self.structure() == Structure::FixedLimit
            && self.open_pair_showing()
    }

    pub(super) fn check_turn(&self, player: usize) -> Result<(), RuleError> {
        self.check_player(player)?;
        if self.phase != Phase::Betting {
            let why = match self.phase {
                // Say which cards are missing: `street 1 is not fully dealt: 1 more hole card
                // to p3`.
                Phase::Dealing => self
                    .no_betting_before_the_flop()
                    .unwrap_or_else(|| format!("no betting now: {}", self.waiting_for())),
                Phase::Exposing => "no betting now: players must expose a hole card first".into(),
                Phase::Showdown => "no betting now: the betting is over".into(),
                _ => "no betting now: the hand is over".into(),
            };
            return Err(RuleError::WrongPhase(why));
        }
        match self.to_act.front() {
            Some(p) if p == player => Ok(()),
            Some(_)
                if self.set_aside[player] > Chips::ZERO && self.stacks[player] == Chips::ZERO =>
            {
                Err(RuleError::WrongPhase(format!(
                    "{} is all-in (protected, or at the table cap) and takes no more actions",
                    player_name(player)
                )))
            }
            Some(p) => {
                Err(RuleError::OutOfTurn { actor: player_name(player), expected: player_name(p) })
            }
            None => Err(RuleError::WrongPhase("no one is to act".into())),
        }
    }

    fn check_no_bring_in_due(&self, player: usize) -> Result<(), RuleError> {
        if self.bring_in_due {
            return Err(RuleError::WrongPhase(format!(
                "{} must post the bring-in or complete",
                player_name(player)
            )));
        }
        Ok(())
    }

    /// Says why `player` cannot fold now.
    pub fn verify_fold(&self, player: usize) -> Result<(), RuleError> {
        self.check_turn(player)?;
        self.check_no_bring_in_due(player)
    }

    /// Says why `player` cannot post the bring-in now (stud, third street).
    pub fn verify_bring_in(&self, player: usize) -> Result<(), RuleError> {
        self.check_turn(player)?;
        if !self.bring_in_due {
            return Err(RuleError::WrongPhase(format!(
                "{} cannot post a bring-in: none is due",
                player_name(player)
            )));
        }
        Ok(())
    }

    /// Whether `player` can post the bring-in now.
    pub fn can_bring_in(&self, player: usize) -> bool {
        self.verify_bring_in(player).is_ok()
    }

    /// Posts the bring-in (all-in for less when the stack is short).
    pub fn bring_in(&mut self, player: usize) -> Result<Event, RuleError> {
        self.verify_bring_in(player)?;
        let amount = self.post_bring_in(player);
        self.to_act.pop_front();
        self.after_action();
        Ok(Event::BroughtIn { player, amount })
    }

    /// Puts the due bring-in in for `player` (the actor), leaving them at the front of the
    /// queue; returns the chips posted.
    pub(super) fn post_bring_in(&mut self, player: usize) -> Chips {
        let amount = self.bring_in.min(self.stacks[player]);
        self.put_in(player, amount);
        self.bring_in_due = false;
        if self.game.bring_in_is_bet {
            // The bring-in is the round's bet: raises go on from it.
            self.completion_due = false;
            self.full_level = self.bets[player];
            self.raises += 1;
        }
        self.acted[player] = true;
        self.since_full[player] = true;
        self.faced[player] = self.bets[player];
        amount
    }

    /// Whether `player` can fold now.
    pub fn can_fold(&self, player: usize) -> bool {
        self.verify_fold(player).is_ok()
    }

    /// Folds.
    pub fn fold(&mut self, player: usize) -> Result<Event, RuleError> {
        self.verify_fold(player)?;
        self.to_act.pop_front();
        self.folded[player] = true;
        self.reserve_hand(player);
        self.after_action();
        Ok(Event::Folded { player })
    }

    /// Says why `player` cannot check or call now.
    pub fn verify_check_or_call(&self, player: usize) -> Result<(), RuleError> {
        self.check_turn(player)?;
        self.check_no_bring_in_due(player)
    }

    /// Says why `player` cannot check (facing a bet) now.
    pub fn verify_check(&self, player: usize) -> Result<(), RuleError> {
        self.verify_check_or_call(player)?;
        let to_call = self.max_bet() - self.bets[player];
        if to_call > Chips::ZERO {
            return Err(RuleError::CheckFacingBet { player: player_name(player), to_call });
        }
        Ok(())
    }

    /// Whether `player` can check or call now.
    pub fn can_check_or_call(&self, player: usize) -> bool {
        self.verify_check_or_call(player).is_ok()
    }

    /// Checks, or calls the current bet (all-in for less when the stack is short).
    pub fn check_or_call(&mut self, player: usize) -> Result<Event, RuleError> {
        self.verify_check_or_call(player)?;
        let max = self.max_bet();
        let amount = (max - self.bets[player]).min(self.stacks[player]);
        self.put_in(player, amount);
        self.to_act.pop_front();
        self.acted[player] = true;
        self.since_full[player] = true;
        self.faced[player] = max;
        let event = if amount == Chips::ZERO {
            Event::Checked { player }
        } else {
            Event::Called { player, amount, all_in: self.stacks[player] == Chips::ZERO }
        };
        self.after_action();
        Ok(event)
    }

    pub(super) fn put_in(&mut self, player: usize, amount: Chips) {
        self.stacks[player] -= amount;
        self.bets[player] += amount;
        self.committed[player] += amount;
    }

    /// Fixed limit: the cap on bets and raises in a betting round, once this round's have
    /// reached it (never in a heads-up round the game leaves uncapped).
    pub fn capped(&self) -> Option<u32> {
        let cap = self.game.cap?;
        let heads_up = self.live_count() == 2;
        if heads_up && self.game.heads_up_uncapped && !self.game.tournament {
            return None;
        }
        (self.raises >= cap).then_some(cap)
    }

    /// Fixed limit: the one amount a bet or raise goes to now, and the big bet of the open-pair
    /// option when it may be taken instead.
    pub(super) fn fixed_sizes(&self) -> (Chips, Option<Chips>) {
        let max = self.max_bet();
        let size = self.street_size();
        let base = if self.completion_due {
            Chips::ZERO
        } else if self.game.reopen == Reopen::Always {
            max
        } else {
            self.full_level
        };
        let expected = if base + size > max { base + size } else { max + size };
        (expected, self.open_pair_option_now().then_some(base + self.big_bet))
    }

    /// Says why `player` cannot bet or raise to `to` (their round total) now.
    pub fn verify_bet_or_raise_to(&self, player: usize, to: Chips) -> Result<(), RuleError> {
        self.check_turn(player)?;
        let max = self.max_bet();
        let all_in = self.total(player);
        if to <= max {
            return Err(RuleError::NotARaise { to, current: max });
        }
        if to > all_in {
            return Err(RuleError::AboveStack { to, max: all_in });
        }
        let cover = self.may_raise(player, max)?;
        self.check_raise_amount(player, to, max, cover)
    }

    /// Says why `player`, whose turn it is, may not raise at all now, whatever the amount (the
    /// current bet is `max`); else the most any other live player can have in the round.
    pub(super) fn may_raise(&self, player: usize, max: Chips) -> Result<Chips, RuleError> {
        let name = || player_name(player);
        if self.stacks[player] <= max - self.bets[player] {
            return Err(RuleError::OnlyCall { player: name() });
        }
        if !self.other_has_chips(player) {
            return Err(RuleError::NobodyToRaise { player: name() });
        }
        // The most any other live player can have in the round.
        let cover = self.max_other_total(player);
        if self.game.is_phh_code() && cover <= max {
            // PokerKit refuses a raise that no other player could call any part of.
            return Err(RuleError::NoneCanMatch { player: name(), most: cover });
        }
        if let Some(cap) = self.capped() {
            return Err(RuleError::Capped { cap });
        }
        if self.game.reopen == Reopen::Always && !self.bring_in_due {
            // PokerKit: a player who faces less than the largest raise of the round (an all-in
            // for less) may not raise, nor may one who acted before all-in raises that do not
            // add up to a full raise.
            let to_call = (max - self.bets[player]).min(self.stacks[player]);
            let short_since = self.short_sum > Chips::ZERO && self.since_full[player];
            if to_call < self.largest_raise || short_since {
                return Err(RuleError::NotReopened { player: name() });
            }
        }
        if self.game.reopen == Reopen::FullRaiseOnly && self.acted[player] {
            let faced = self.faced[player];
            if self.full_level <= faced && max - faced < self.min_increment {
                return Err(RuleError::NotReopened { player: name() });
            }
        }
        Ok(cover)
    }

    /// Says why the structure refuses a raise to `to` (above the current bet `max`, within the
    /// player's stack) by a player who may raise; `cover` as [`HandState::may_raise`] gives it.
    pub(super) fn check_raise_amount(
        &self,
        player: usize,
        to: Chips,
        max: Chips,
        cover: Chips,
    ) -> Result<(), RuleError> {
        // Below the minimum, only a bet for the whole stack (PokerKit reads the PHH codes so
        // too).
        let short_ok = to == self.total(player);
        match self.structure() {
            Structure::NoLimit | Structure::PotLimit | Structure::PotLimitPreflop => {
                let min = max + self.min_increment;
                if to < min && !short_ok {
                    return Err(RuleError::BelowMinimum { to, min });
                }
                if self.structure() == Structure::PotLimit {
                    let pot = self.pot_total();
                    let limit = (2 * max - self.bets[player] + pot).max(min);
                    if to > limit {
                        return Err(RuleError::AbovePotLimit { to, max: limit });
                    }
                }
            }
            Structure::FixedLimit => {
                let (expected, big) = self.fixed_sizes();
                let big_option = big == Some(to);
                // PHH codes: a raise up to the most any other player can put in, short of the
                // fixed size, is the full raise with its uncalled part left out (PokerKit up to
                // 0.7.3 read records so; docs/replay.md).
                let capped = self.game.is_phh_code() && to == cover && to < expected;
                let allowed = to == expected || big_option || capped || (short_ok && to < expected);
                if !allowed {
                    return Err(RuleError::WrongFixedSize { to, expected });
                }
            }
            Structure::SpreadLimit => {
                let min = max + self.min_increment;
                let top = max + self.big_bet;
                if (to < min && !short_ok) || to > top {
                    return Err(RuleError::OutsideSpread { to, min, max: top });
                }
            }
        }
        Ok(())
    }

    /// Whether `player` can bet or raise to `to` now.
    pub fn can_bet_or_raise_to(&self, player: usize, to: Chips) -> bool {
        self.verify_bet_or_raise_to(player, to).is_ok()
    }

    /// Bets or raises to `to` chips in the round (PHH `cbr`).
    pub fn bet_or_raise_to(&mut self, player: usize, to: Chips) -> Result<Event, RuleError> {
        self.verify_bet_or_raise_to(player, to)?;
        let max = self.max_bet();
        let increment = to - max;
        if self.open_pair_option_now()
            && to - if self.completion_due { Chips::ZERO } else { max } == self.big_bet
        {
            self.big_bet_made = true;
            self.min_increment = self.big_bet;
        }
        self.completion_due = false;
        self.bring_in_due = false;
        self.put_in(player, to - self.bets[player]);
        let all_in = self.stacks[player] == Chips::ZERO;
        let full = match (self.game.reopen, self.structure()) {
            (Reopen::Always, _) => true,
            (_, Structure::FixedLimit) => {
                to >= self.full_level + self.street_size() || 2 * increment >= self.street_size()
            }
            _ => increment >= self.min_increment,
        };
        if full {
            self.full_level = to;
            self.raises += 1;
            if self.structure() != Structure::FixedLimit {
                self.min_increment = self.min_increment.max(increment);
            }
        }
        // PokerKit's bookkeeping for the PHH codes' reopening rule (see `verify`).
        if increment >= self.largest_raise {
            self.since_full.iter_mut().for_each(|a| *a = false);
        }
        self.largest_raise = self.largest_raise.max(increment);
        self.short_sum = if all_in { self.short_sum + increment } else { Chips::ZERO };
        if self.short_sum >= self.largest_raise {
            self.short_sum = Chips::ZERO;
        }
        self.since_full[player] = true;
        self.last_aggressor = Some(player);
        self.acted[player] = true;
        self.faced[player] = to;
        self.to_act.clear();
        for k in 1..self.n {
            let i = (player + k) % self.n;
            if self.live(i) && self.stacks[i] > Chips::ZERO {
                self.to_act.push_back(i);
            }
        }
        self.after_action();
        Ok(Event::BetOrRaised { player, to, full, all_in })
    }

    pub(super) fn after_action(&mut self) {
        if self.to_act.is_empty() || self.live_count() <= 1 || self.nothing_left_to_decide() {
            self.end_betting();
        }
    }

    /// In the presets, whether the one player left to act has put in at least the bet to
    /// match while every other player still in is all in: no bet of that player's could be
    /// called, so card rooms deal on (a big blind whose small blind called all in for less
    /// has no option). PokerKit, and so the PHH codes, still asks that player to act
    /// (docs/games.md, "Nobody left to bet against").
    fn nothing_left_to_decide(&self) -> bool {
        !self.game.is_phh_code()
            && self.to_act.len() == 1
            && self
                .to_act
                .front()
                .is_some_and(|p| self.bets[p] >= self.max_bet() && !self.other_has_chips(p))
    }
}
