//! The hand state machine: forced bets, dealing, betting rounds, the turnover expose.
//!
//! Phases run in order for each street: [`Phase::Dealing`] until the street's cards are out,
//! then [`Phase::Betting`] (skipped when fewer than two players can bet), then for turnover
//! [`Phase::Exposing`]; after the last street, [`Phase::Showdown`]. A hand won by folds goes to
//! [`Phase::Over`]. Once no more betting is possible (everyone but one is all-in, or the last
//! round is over) the showdown is *open*: players may show or muck while the remaining cards are
//! dealt, as PokerKit writes all-in hands.

use std::collections::VecDeque;

use crate::card::{Card, CardSet};

use super::error::{RuleError, SetupError};
use super::{player_name, Chips, Game, Reopen, ShowStart, Stakes, Structure};

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The street's cards are being dealt.
    Dealing,
    /// A betting round is under way.
    Betting,
    /// Turnover: live players expose one hole card each.
    Exposing,
    /// All cards are out and betting is over; live players show or muck.
    Showdown,
    /// Everyone but one player folded.
    Over,
}

/// A record of what one action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Hole cards dealt (`None` for an unknown card).
    HoleDealt {
        /// The player.
        player: usize,
        /// The cards.
        cards: Vec<Option<Card>>,
    },
    /// Board cards dealt.
    BoardDealt {
        /// The cards.
        cards: Vec<Option<Card>>,
    },
    /// A fold.
    Folded {
        /// The player.
        player: usize,
    },
    /// A check.
    Checked {
        /// The player.
        player: usize,
    },
    /// A call of `amount` more chips (all-in when the stack ran out).
    Called {
        /// The player.
        player: usize,
        /// Chips added.
        amount: Chips,
        /// Whether the call put the player all-in.
        all_in: bool,
    },
    /// A bet or raise to `to` chips in the round.
    BetOrRaised {
        /// The player.
        player: usize,
        /// The player's round total after it.
        to: Chips,
        /// Whether it is a full bet or raise (it reopens the betting).
        full: bool,
        /// Whether it put the player all-in.
        all_in: bool,
    },
    /// A hole card turned face up and out of the hand (turnover).
    Exposed {
        /// The player.
        player: usize,
        /// The card.
        card: Option<Card>,
    },
    /// Cards shown at showdown.
    Shown {
        /// The player.
        player: usize,
    },
    /// A hand mucked at showdown: it gives up every pot.
    Mucked {
        /// The player.
        player: usize,
    },
}

/// One hand being played.
#[derive(Clone, Debug)]
pub struct Hand {
    pub(super) game: Game,
    pub(super) n: usize,
    pub(super) starting: Vec<Chips>,
    pub(super) stacks: Vec<Chips>,
    pub(super) bets: Vec<Chips>,
    pub(super) committed: Vec<Chips>,
    pub(super) dead: Vec<Chips>,
    pub(super) returned: Vec<Chips>,
    pub(super) folded: Vec<bool>,
    pub(super) mucked: Vec<bool>,
    pub(super) shown: Vec<bool>,
    pub(super) hole: Vec<Vec<Option<Card>>>,
    pub(super) exposed: Vec<Vec<Option<Card>>>,
    pub(super) board: Vec<Option<Card>>,
    seen: CardSet,
    pub(super) street: usize,
    pub(super) phase: Phase,
    pending_hole: Vec<usize>,
    pending_board: usize,
    pending_expose: Vec<bool>,
    to_act: VecDeque<usize>,
    acted: Vec<bool>,
    faced: Vec<Chips>,
    full_level: Chips,
    min_increment: Chips,
    raises: u32,
    round_opener: usize,
    last_aggressor: Option<usize>,
    pub(super) closed: bool,
    pub(super) show_order: Option<Vec<usize>>,
    pub(super) first_shown: Option<usize>,
    pub(super) unswept: Vec<Chips>,
    stakes_min_bet: Chips,
    small_bet: Chips,
    big_bet: Chips,
}

impl Hand {
    /// Starts a hand: checks the stakes, posts antes and blinds, and waits for the first cards.
    pub fn new(game: Game, stakes: &Stakes) -> Result<Hand, SetupError> {
        if !game.supported {
            return Err(SetupError::Unsupported(game.code));
        }
        let n = stakes.stacks.len();
        if n < 2 || n > game.max_players {
            return Err(SetupError::PlayerCount {
                count: n,
                game: game.code,
                max: game.max_players,
            });
        }
        for (field, v) in [("antes", &stakes.antes), ("blinds_or_straddles", &stakes.blinds)] {
            if !v.is_empty() && v.len() != n {
                return Err(SetupError::Length { field, len: v.len(), players: n });
            }
            if let Some((i, &x)) = v.iter().enumerate().find(|(_, &x)| x < 0) {
                return Err(SetupError::Amount { field, index: i + 1, value: x, why: "negative" });
            }
        }
        if let Some((i, &x)) = stakes.stacks.iter().enumerate().find(|(_, &x)| x <= 0) {
            let why = "a starting stack must be positive";
            return Err(SetupError::Amount {
                field: "starting_stacks",
                index: i + 1,
                value: x,
                why,
            });
        }
        let get = |v: &Vec<Chips>, i: usize| v.get(i).copied().unwrap_or(0);
        // PHH: heads-up, the antes and blinds arrays apply reversed (p1 is the big blind).
        let mut antes: Vec<Chips> =
            (0..n).map(|i| get(&stakes.antes, if n == 2 { 1 - i } else { i })).collect();
        let mut blinds: Vec<Chips> =
            (0..n).map(|i| get(&stakes.blinds, if n == 2 { 1 - i } else { i })).collect();
        let blind_unit = stakes.blinds.iter().copied().filter(|&b| b > 0).min().unwrap_or(0);
        if game.heads_up_double_ante && n == 2 {
            for i in 0..2 {
                antes[i] += 2 * blind_unit;
                blinds[i] = 0;
            }
        }
        let (min_bet, small_bet, big_bet) = sizes(&game, stakes, blind_unit)?;
        let mut hand = Hand {
            game,
            n,
            starting: stakes.stacks.clone(),
            stacks: stakes.stacks.clone(),
            bets: vec![0; n],
            committed: vec![0; n],
            dead: vec![0; n],
            returned: vec![0; n],
            folded: vec![false; n],
            mucked: vec![false; n],
            shown: vec![false; n],
            hole: vec![Vec::new(); n],
            exposed: vec![Vec::new(); n],
            board: Vec::new(),
            seen: CardSet::EMPTY,
            street: 0,
            phase: Phase::Dealing,
            pending_hole: vec![0; n],
            pending_board: 0,
            pending_expose: vec![false; n],
            to_act: VecDeque::new(),
            acted: vec![false; n],
            faced: vec![0; n],
            full_level: 0,
            min_increment: 0,
            raises: 0,
            round_opener: 0,
            last_aggressor: None,
            closed: false,
            show_order: None,
            first_shown: None,
            unswept: vec![0; n],
            stakes_min_bet: min_bet,
            small_bet,
            big_bet,
        };
        let mut posted: Vec<Chips> = (0..n).map(|i| antes[i].min(hand.stacks[i])).collect();
        if game.ante_trimming {
            let mut sorted = posted.clone();
            sorted.sort_unstable();
            let cutoff = sorted[n - 2];
            for p in &mut posted {
                *p = (*p).min(cutoff);
            }
        }
        for (i, &a) in posted.iter().enumerate() {
            hand.stacks[i] -= a;
            hand.committed[i] += a;
            if game.antes_dead && !game.ante_trimming {
                hand.dead[i] = a;
            }
        }
        for (i, &b) in blinds.iter().enumerate() {
            let b = b.min(hand.stacks[i]);
            hand.stacks[i] -= b;
            hand.bets[i] += b;
            hand.committed[i] += b;
        }
        hand.begin_street();
        Ok(hand)
    }

    /// The game being played.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Current stacks (chips behind, not counting bets in front of players).
    pub fn stacks(&self) -> &[Chips] {
        &self.stacks
    }

    /// Starting stacks.
    pub fn starting_stacks(&self) -> &[Chips] {
        &self.starting
    }

    /// Each player's total put in so far (antes, blinds, bets).
    pub fn committed(&self) -> &[Chips] {
        &self.committed
    }

    /// The player to act, in a betting round.
    pub fn actor(&self) -> Option<usize> {
        if self.phase == Phase::Betting {
            self.to_act.front().copied()
        } else {
            None
        }
    }

    /// The players still to act in this betting round, in order (the actor first).
    pub fn actors(&self) -> Vec<usize> {
        if self.phase == Phase::Betting {
            self.to_act.iter().copied().collect()
        } else {
            Vec::new()
        }
    }

    /// What `player` must add to call the current bet.
    pub fn to_call(&self, player: usize) -> Chips {
        let max = self.max_bet();
        self.bets.get(player).map_or(0, |&b| (max - b).max(0))
    }

    /// A player's hole cards still in the hand (`None`: unknown).
    pub fn hole_cards(&self, player: usize) -> &[Option<Card>] {
        self.hole.get(player).map_or(&[], |h| h.as_slice())
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.n
    }

    fn live(&self, i: usize) -> bool {
        !self.folded[i] && !self.mucked[i]
    }

    pub(super) fn live_count(&self) -> usize {
        (0..self.n).filter(|&i| self.live(i)).count()
    }

    fn begin_street(&mut self) {
        let street = self.game.streets[self.street];
        for i in 0..self.n {
            self.pending_hole[i] = if self.live(i) { street.hole.len() } else { 0 };
        }
        self.pending_board = street.board as usize;
        self.phase = Phase::Dealing;
        if self.pending_board == 0 && self.pending_hole.iter().all(|&p| p == 0) {
            self.begin_betting();
        }
    }

    fn check_player(&self, player: usize) -> Result<(), RuleError> {
        if player >= self.n {
            return Err(RuleError::NoSuchPlayer(player_name(player)));
        }
        Ok(())
    }

    fn check_new_cards(&self, cards: &[Option<Card>]) -> Result<(), RuleError> {
        let mut seen = self.seen;
        for card in cards.iter().flatten() {
            if !self.game.deck.contains(*card) {
                return Err(RuleError::NotInDeck { card: *card, deck: self.game.deck });
            }
            if !seen.insert(*card) {
                return Err(RuleError::DuplicateCard(*card));
            }
        }
        Ok(())
    }

    fn check_dealing(&self) -> Result<(), RuleError> {
        match self.phase {
            Phase::Dealing => Ok(()),
            Phase::Exposing => {
                let missing: Vec<String> =
                    (0..self.n).filter(|&i| self.pending_expose[i]).map(player_name).collect();
                Err(RuleError::MissingExpose { players: missing.join(", ") })
            }
            Phase::Betting => Err(RuleError::WrongPhase(format!(
                "no cards are due: the betting round is not over ({} is to act)",
                self.to_act.front().map_or("nobody".into(), |&p| player_name(p))
            ))),
            Phase::Showdown | Phase::Over => {
                Err(RuleError::WrongPhase("no cards are due: every card of the hand is out".into()))
            }
        }
    }

    /// Says why dealing `cards` to `player` now would be illegal.
    pub fn verify_deal_hole(&self, player: usize, cards: &[Option<Card>]) -> Result<(), RuleError> {
        self.check_player(player)?;
        self.check_dealing()?;
        let due = self.pending_hole[player];
        if cards.is_empty() || cards.len() > due {
            return Err(RuleError::BadDeal(format!(
                "{} cards dealt to {}, who is due {} on this street",
                cards.len(),
                player_name(player),
                due
            )));
        }
        self.check_new_cards(cards)
    }

    /// Whether dealing these hole cards is legal now.
    pub fn can_deal_hole(&self, player: usize, cards: &[Option<Card>]) -> bool {
        self.verify_deal_hole(player, cards).is_ok()
    }

    /// Deals hole cards (`None`: unknown card).
    pub fn deal_hole(&mut self, player: usize, cards: &[Option<Card>]) -> Result<Event, RuleError> {
        self.verify_deal_hole(player, cards)?;
        for card in cards.iter().flatten() {
            self.seen.insert(*card);
        }
        self.hole[player].extend_from_slice(cards);
        self.pending_hole[player] -= cards.len();
        self.after_deal();
        Ok(Event::HoleDealt { player, cards: cards.to_vec() })
    }

    /// Says why dealing these board cards now would be illegal.
    pub fn verify_deal_board(&self, cards: &[Option<Card>]) -> Result<(), RuleError> {
        self.check_dealing()?;
        if cards.is_empty() || cards.len() > self.pending_board {
            return Err(RuleError::BadDeal(format!(
                "{} board cards dealt, {} due on this street",
                cards.len(),
                self.pending_board
            )));
        }
        self.check_new_cards(cards)
    }

    /// Whether dealing these board cards is legal now.
    pub fn can_deal_board(&self, cards: &[Option<Card>]) -> bool {
        self.verify_deal_board(cards).is_ok()
    }

    /// Deals board cards.
    pub fn deal_board(&mut self, cards: &[Option<Card>]) -> Result<Event, RuleError> {
        self.verify_deal_board(cards)?;
        for card in cards.iter().flatten() {
            self.seen.insert(*card);
        }
        self.board.extend_from_slice(cards);
        self.pending_board -= cards.len();
        self.after_deal();
        Ok(Event::BoardDealt { cards: cards.to_vec() })
    }

    fn after_deal(&mut self) {
        if self.pending_board == 0 && self.pending_hole.iter().all(|&p| p == 0) {
            self.begin_betting();
        }
    }

    fn total(&self, i: usize) -> Chips {
        self.bets[i] + self.stacks[i]
    }

    /// The most any live player other than `player` can have in this round.
    fn max_other_total(&self, player: usize) -> Chips {
        (0..self.n)
            .filter(|&i| i != player && self.live(i))
            .map(|i| self.total(i))
            .max()
            .unwrap_or(0)
    }

    fn max_bet(&self) -> Chips {
        self.bets.iter().copied().max().unwrap_or(0)
    }

    fn street_size(&self) -> Chips {
        if self.game.streets[self.street].big_bet {
            self.big_bet
        } else {
            self.small_bet
        }
    }

    fn begin_betting(&mut self) {
        self.phase = Phase::Betting;
        self.to_act.clear();
        self.last_aggressor = None;
        self.raises = 0;
        self.acted.iter_mut().for_each(|a| *a = false);
        self.faced.iter_mut().for_each(|f| *f = 0);
        let max = self.max_bet();
        self.full_level = max;
        self.min_increment = match self.game.structure {
            Structure::FixedLimit | Structure::SpreadLimit => self.street_size(),
            _ => self.stakes_min_bet,
        };
        if max > 0 && self.game.blind_counts_toward_cap {
            self.raises = 1;
        }
        // The player after the largest bet (the big blind preflop; otherwise the last seat).
        let top = (0..self.n).max_by_key(|&i| (self.bets[i], i)).unwrap_or(0);
        self.round_opener = (top + 1) % self.n;
        if self.closed {
            self.end_betting();
            return;
        }
        for k in 0..self.n {
            let i = (self.round_opener + k) % self.n;
            if self.live(i) && self.stacks[i] > 0 && self.max_other_total(i) > self.bets[i] {
                self.to_act.push_back(i);
            }
        }
        let lone_covered = self.to_act.len() == 1 && self.bets[self.to_act[0]] >= max;
        if self.to_act.is_empty() || lone_covered {
            self.end_betting();
        }
    }

    fn end_betting(&mut self) {
        self.to_act.clear();
        // An uncalled bet or raise goes back to its maker.
        let mut sorted = self.bets.clone();
        sorted.sort_unstable();
        let second = if self.n >= 2 { sorted[self.n - 2] } else { 0 };
        for i in 0..self.n {
            if self.bets[i] > second {
                let back = self.bets[i] - second;
                self.stacks[i] += back;
                self.committed[i] -= back;
                self.returned[i] += back;
                self.bets[i] = second;
            }
        }
        if self.live_count() <= 1 {
            self.unswept = std::mem::replace(&mut self.bets, vec![0; self.n]);
            self.phase = Phase::Over;
            return;
        }
        self.bets.iter_mut().for_each(|b| *b = 0);
        let with_chips = (0..self.n).filter(|&i| self.live(i) && self.stacks[i] > 0).count();
        if with_chips <= 1 {
            self.closed = true;
        }
        let last = self.street + 1 == self.game.streets.len();
        if self.show_order.is_none() && (self.closed || last) {
            self.open_showdown();
        }
        if self.game.expose_after == Some(self.street) {
            for i in 0..self.n {
                self.pending_expose[i] = self.live(i);
            }
            self.phase = Phase::Exposing;
        } else {
            self.next_street();
        }
    }

    fn next_street(&mut self) {
        if self.street + 1 < self.game.streets.len() {
            self.street += 1;
            self.begin_street();
        } else {
            self.phase = Phase::Showdown;
        }
    }

    fn open_showdown(&mut self) {
        let start = match (self.last_aggressor, self.game.show_start) {
            (Some(p), _) => p,
            (None, ShowStart::RoundOpener) => self.round_opener,
            (None, ShowStart::LeftOfButton) => 0,
        };
        let order = (0..self.n).map(|k| (start + k) % self.n).filter(|&i| self.live(i)).collect();
        self.show_order = Some(order);
    }

    fn check_turn(&self, player: usize) -> Result<(), RuleError> {
        self.check_player(player)?;
        if self.phase != Phase::Betting {
            let why = match self.phase {
                Phase::Dealing => "no betting now: the street's cards are still being dealt",
                Phase::Exposing => "no betting now: players must expose a hole card first",
                Phase::Showdown => "no betting now: the betting is over",
                _ => "no betting now: the hand is over",
            };
            return Err(RuleError::WrongPhase(why.into()));
        }
        match self.to_act.front() {
            Some(&p) if p == player => Ok(()),
            Some(&p) => {
                Err(RuleError::OutOfTurn { actor: player_name(player), expected: player_name(p) })
            }
            None => Err(RuleError::WrongPhase("no one is to act".into())),
        }
    }

    /// Says why `player` cannot fold now.
    pub fn verify_fold(&self, player: usize) -> Result<(), RuleError> {
        self.check_turn(player)
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
        self.after_action();
        Ok(Event::Folded { player })
    }

    /// Says why `player` cannot check or call now.
    pub fn verify_check_or_call(&self, player: usize) -> Result<(), RuleError> {
        self.check_turn(player)
    }

    /// Says why `player` cannot check (facing a bet) now.
    pub fn verify_check(&self, player: usize) -> Result<(), RuleError> {
        self.check_turn(player)?;
        let to_call = self.max_bet() - self.bets[player];
        if to_call > 0 {
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
        self.faced[player] = max;
        let event = if amount == 0 {
            Event::Checked { player }
        } else {
            Event::Called { player, amount, all_in: self.stacks[player] == 0 }
        };
        self.after_action();
        Ok(event)
    }

    fn put_in(&mut self, player: usize, amount: Chips) {
        self.stacks[player] -= amount;
        self.bets[player] += amount;
        self.committed[player] += amount;
    }

    fn capped(&self) -> Option<u32> {
        let cap = self.game.cap?;
        let heads_up = self.live_count() == 2;
        if heads_up && self.game.heads_up_uncapped && !self.game.tournament {
            return None;
        }
        (self.raises >= cap).then_some(cap)
    }

    /// Says why `player` cannot bet or raise to `to` (their round total) now.
    pub fn verify_bet_or_raise_to(&self, player: usize, to: Chips) -> Result<(), RuleError> {
        self.check_turn(player)?;
        let name = || player_name(player);
        let max = self.max_bet();
        let all_in = self.total(player);
        if to <= max {
            return Err(RuleError::NotARaise { to, current: max });
        }
        if to > all_in {
            return Err(RuleError::AboveStack { to, max: all_in });
        }
        if self.stacks[player] <= max - self.bets[player] {
            return Err(RuleError::OnlyCall { player: name() });
        }
        let cover = self.max_other_total(player);
        if cover <= max {
            return Err(RuleError::NobodyToRaise { player: name() });
        }
        if let Some(cap) = self.capped() {
            return Err(RuleError::Capped { cap });
        }
        if self.game.reopen == Reopen::FullRaiseOnly && self.acted[player] {
            let faced = self.faced[player];
            if self.full_level <= faced && max - faced < self.min_increment {
                return Err(RuleError::NotReopened { player: name() });
            }
        }
        // A bet for the whole stack, or for all the most-covered opponent can match, is always
        // allowed, even below the minimum.
        let short_ok = to == all_in || to == cover.min(all_in);
        match self.game.structure {
            Structure::NoLimit | Structure::PotLimit => {
                let min = max + self.min_increment;
                if to < min && !short_ok {
                    return Err(RuleError::BelowMinimum { to, min });
                }
                if self.game.structure == Structure::PotLimit {
                    let pot: Chips = self.committed.iter().sum();
                    let limit = (2 * max - self.bets[player] + pot).max(min);
                    if to > limit {
                        return Err(RuleError::AbovePotLimit { to, max: limit });
                    }
                }
            }
            Structure::FixedLimit => {
                let size = self.street_size();
                let base = if self.game.reopen == Reopen::Always { max } else { self.full_level };
                let expected = if base + size > max { base + size } else { max + size };
                if to != expected && !(short_ok && to < expected) {
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
        self.put_in(player, to - self.bets[player]);
        let all_in = self.stacks[player] == 0;
        let full = match (self.game.reopen, self.game.structure) {
            (Reopen::Always, _) => true,
            (_, Structure::FixedLimit) => {
                to >= self.full_level + self.street_size() || 2 * increment >= self.street_size()
            }
            _ => increment >= self.min_increment,
        };
        if full {
            self.full_level = to;
            self.raises += 1;
            if self.game.structure != Structure::FixedLimit {
                self.min_increment = self.min_increment.max(increment);
            }
        }
        self.last_aggressor = Some(player);
        self.acted[player] = true;
        self.faced[player] = to;
        self.to_act.clear();
        for k in 1..self.n {
            let i = (player + k) % self.n;
            if self.live(i) && self.stacks[i] > 0 {
                self.to_act.push_back(i);
            }
        }
        self.after_action();
        Ok(Event::BetOrRaised { player, to, full, all_in })
    }

    fn after_action(&mut self) {
        if self.to_act.is_empty() || self.live_count() <= 1 {
            self.end_betting();
        }
    }

    /// Says why `player` cannot expose `card` now (turnover).
    pub fn verify_expose(&self, player: usize, card: Option<Card>) -> Result<(), RuleError> {
        self.check_player(player)?;
        if self.phase != Phase::Exposing || !self.pending_expose[player] {
            return Err(RuleError::WrongPhase(format!(
                "{} cannot expose a card now: exposing comes after the flop betting, once per live player",
                player_name(player)
            )));
        }
        match card {
            Some(c) if self.hole[player].contains(&Some(c)) => Ok(()),
            Some(c) if self.hole[player].contains(&None) => self.check_new_cards(&[Some(c)]),
            Some(c) => {
                Err(RuleError::BadCards(format!("{} does not hold {c}", player_name(player))))
            }
            None => Ok(()),
        }
    }

    /// Whether `player` can expose `card` now.
    pub fn can_expose(&self, player: usize, card: Option<Card>) -> bool {
        self.verify_expose(player, card).is_ok()
    }

    /// Turns one hole card face up; it leaves the player's hand (turnover).
    pub fn expose(&mut self, player: usize, card: Option<Card>) -> Result<Event, RuleError> {
        self.verify_expose(player, card)?;
        let pos = self.hole[player].iter().position(|&h| h == card && card.is_some());
        let pos = pos.or_else(|| self.hole[player].iter().position(|h| h.is_none()));
        if let Some(pos) = pos {
            self.hole[player].remove(pos);
        }
        if let Some(c) = card {
            self.seen.insert(c);
        }
        self.exposed[player].push(card);
        self.pending_expose[player] = false;
        if !self.pending_expose.iter().any(|&p| p) {
            self.next_street();
        }
        Ok(Event::Exposed { player, card })
    }

    /// Says why `player` cannot show `cards` (or muck, with `None`) now.
    pub fn verify_show_or_muck(
        &self,
        player: usize,
        cards: Option<&[Option<Card>]>,
    ) -> Result<(), RuleError> {
        self.check_player(player)?;
        let name = player_name(player);
        if self.show_order.is_none() {
            return Err(RuleError::WrongPhase(format!(
                "{name} cannot show or muck yet: the showdown has not begun"
            )));
        }
        if self.phase == Phase::Over {
            return Err(RuleError::WrongPhase("there is no showdown: the hand is over".into()));
        }
        if self.folded[player] {
            return Err(RuleError::WrongPhase(format!(
                "{name} has folded and has no hand to show"
            )));
        }
        if self.shown[player] || self.mucked[player] {
            return Err(RuleError::WrongPhase(format!("{name} has already shown or mucked")));
        }
        let Some(cards) = cards else {
            if self.live_count() == 1 {
                return Err(RuleError::WrongPhase(format!(
                    "{name} holds the last live hand and wins without showing: it cannot be mucked"
                )));
            }
            return Ok(());
        };
        let held = &self.hole[player];
        if cards.len() != held.len() {
            return Err(RuleError::BadCards(format!(
                "{name} shows {} cards but holds {}",
                cards.len(),
                held.len()
            )));
        }
        let unknown_held = held.iter().filter(|h| h.is_none()).count();
        let mut new = Vec::new();
        for &c in cards.iter().flatten() {
            if !held.contains(&Some(c)) {
                new.push(Some(c));
            }
        }
        if new.len() > unknown_held {
            return Err(RuleError::BadCards(format!(
                "{name} shows cards that were not dealt to them: {}",
                new.iter().flatten().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
            )));
        }
        self.check_new_cards(&new)
    }

    /// Whether `player` can show or muck now.
    pub fn can_show_or_muck(&self, player: usize, cards: Option<&[Option<Card>]>) -> bool {
        self.verify_show_or_muck(player, cards).is_ok()
    }

    /// Shows `cards` (their hole cards), or mucks with `None`, giving up every pot.
    pub fn show_or_muck(
        &mut self,
        player: usize,
        cards: Option<&[Option<Card>]>,
    ) -> Result<Event, RuleError> {
        self.verify_show_or_muck(player, cards)?;
        match cards {
            None => {
                self.mucked[player] = true;
                Ok(Event::Mucked { player })
            }
            Some(cards) => {
                for &c in cards.iter().flatten() {
                    if !self.hole[player].contains(&Some(c)) {
                        if let Some(slot) = self.hole[player].iter_mut().find(|h| h.is_none()) {
                            *slot = Some(c);
                            self.seen.insert(c);
                        }
                    }
                }
                self.shown[player] = true;
                if self.first_shown.is_none() {
                    self.first_shown = Some(player);
                }
                Ok(Event::Shown { player })
            }
        }
    }

    /// What the hand is waiting for, in words.
    pub fn waiting_for(&self) -> String {
        match self.phase {
            Phase::Dealing => {
                let holes: Vec<String> = (0..self.n)
                    .filter(|&i| self.pending_hole[i] > 0)
                    .map(|i| {
                        format!("{} more hole card(s) to {}", self.pending_hole[i], player_name(i))
                    })
                    .collect();
                let mut parts = holes;
                if self.pending_board > 0 {
                    parts.push(format!("{} more board card(s)", self.pending_board));
                }
                format!("street {} is not fully dealt: {}", self.street + 1, parts.join(", "))
            }
            Phase::Betting => format!(
                "{} is to act",
                self.to_act.front().map_or("nobody".into(), |&p| player_name(p))
            ),
            Phase::Exposing => {
                let missing: Vec<String> =
                    (0..self.n).filter(|&i| self.pending_expose[i]).map(player_name).collect();
                format!("{} must expose a hole card", missing.join(", "))
            }
            Phase::Showdown | Phase::Over => "nothing".into(),
        }
    }
}

fn sizes(
    game: &Game,
    stakes: &Stakes,
    blind_unit: Chips,
) -> Result<(Chips, Chips, Chips), SetupError> {
    let big_blind = stakes.blinds.iter().copied().max().unwrap_or(0);
    match game.structure {
        Structure::NoLimit | Structure::PotLimit => {
            let default = if game.heads_up_double_ante { blind_unit } else { big_blind };
            let min_bet = if stakes.min_bet > 0 { stakes.min_bet } else { default };
            if min_bet <= 0 {
                return Err(SetupError::Stake(
                    "`min_bet` must be positive (or give blinds)".into(),
                ));
            }
            Ok((min_bet, min_bet, 2 * min_bet))
        }
        Structure::FixedLimit | Structure::SpreadLimit => {
            let small = if stakes.small_bet > 0 { stakes.small_bet } else { big_blind };
            let big = if stakes.big_bet > 0 { stakes.big_bet } else { 2 * small };
            if small <= 0 || big < small {
                return Err(SetupError::Stake(
                    "`small_bet` and `big_bet` must be positive, big at least small".into(),
                ));
            }
            Ok((small, small, big))
        }
    }
}
