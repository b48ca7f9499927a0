//! Playing hands: the rules engine as a simulator, and random legal hands for every game.
//!
//! [`HandState::next`] says what a hand waits for (the dealer's cards, a player's options, an
//! expose, the showdown); [`Dealer`] deals from a seeded, shuffled deck; [`Played`] keeps the
//! actions while they are applied, and gives the hand's record with its results
//! ([`Played::finish_record`]), or that record as a PHH document ([`Played::finish`]). [`random_hand`] plays a whole hand with random legal choices (`felt deal`).
//!
//! A tiny bot, calling everything:
//!
//! ```
//! use feltkit::play::{Dealer, Played};
//! use feltkit::rules::{Chips, Next, Stakes, Variant};
//! let game = Variant::by_code("nlhe").unwrap();
//! let stakes = Stakes {
//!     blinds: vec![Chips(1), Chips(2), Chips(0)],
//!     stacks: vec![Chips(100), Chips(80), Chips(60)],
//!     ..Stakes::default()
//! };
//! let mut dealer = Dealer::new(game.deck, 7);
//! let mut hand = Played::new(game, &stakes).unwrap();
//! loop {
//!     match hand.hand().next() {
//!         Next::Deal(due) => dealer.deal(&mut hand, &due).unwrap(),
//!         Next::Act(o) if o.call.is_some() => hand.check_or_call(o.player).unwrap(),
//!         Next::Act(o) => hand.fold(o.player).unwrap(),
//!         Next::Expose(players) => {
//!             for p in players {
//!                 let card = hand.hand().hole_cards(p)[0];
//!                 hand.expose(p, card).unwrap();
//!             }
//!         }
//!         Next::Show(players) => {
//!             for p in players {
//!                 hand.show(p).unwrap();
//!             }
//!         }
//!         Next::Finish => break,
//!     }
//! }
//! let (text, outcome) = hand.finish().unwrap();
//! assert_eq!(outcome.final_stacks.iter().sum::<Chips>(), Chips(240));
//! // The PHH document replays to the same result.
//! let report = &feltkit::phh::replay_text(&text, "bot.phh", true)[0];
//! assert!(report.ok(), "{:?}", report.status);
//! ```

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::card::{Card, Deck};
use crate::record::{Action, Amount, HandRecord, RecordedAction, RecordedPot};
use crate::rules::{
    CardList, CardsDue, Chips, Event, HandState, Outcome, RuleError, SetupError, Stakes, Structure,
    Variant,
};

/// A shuffled deck: each card dealt is drawn at random from those left (a shuffle done as the
/// cards are needed, so a hand that uses 15 cards does not shuffle 52).
#[derive(Clone, Debug)]
pub struct Dealer {
    cards: Vec<Card>,
    rng: Xoshiro256PlusPlus,
    /// The deck's cards in order, to gather them again for another hand.
    deck: Deck,
    all: Vec<Card>,
}

impl Dealer {
    /// A deck of `deck`'s cards shuffled from `seed`.
    pub fn new(deck: Deck, seed: u64) -> Dealer {
        let all: Vec<Card> = Card::all().filter(|&c| deck.contains(c)).collect();
        let rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        Dealer { cards: all.clone(), rng, deck, all }
    }

    /// A deck shuffled from a seed drawn from `rng`.
    pub fn from_rng(deck: Deck, rng: &mut impl Rng) -> Dealer {
        Dealer::new(deck, rng.random())
    }

    /// Gathers `deck`'s cards and shuffles them again from `seed`: the deck [`Dealer::new`]
    /// gives, in the vector this one holds.
    fn reset(&mut self, deck: Deck, seed: u64) {
        if deck != self.deck {
            *self = Dealer::new(deck, seed);
            return;
        }
        self.cards.clear();
        self.cards.extend_from_slice(&self.all);
        self.rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    }

    /// Cards left.
    pub fn left(&self) -> usize {
        self.cards.len()
    }

    /// Deals what `due` says, holes in player order, then the board. In a draw game, when the
    /// stub cannot give a player all their cards, the cards out of play are shuffled in first,
    /// as the engine expects ([`HandState::stub_left`], [`HandState::out_of_play`]).
    pub fn deal(&mut self, hand: &mut Played, due: &CardsDue) -> Result<(), RuleError> {
        for &(p, k) in &due.hole {
            if hand.hand.variant().has_draws() && hand.hand.stub_left() < k {
                for c in hand.hand.out_of_play() {
                    if !self.cards.contains(&c) {
                        self.cards.push(c);
                    }
                }
                hand.counts.reshuffles += 1;
            }
            let cards = self.take(k)?;
            hand.deal_hole(p, &cards)?;
        }
        if due.board > 0 {
            let cards = self.take(due.board)?;
            hand.deal_board(&cards)?;
        }
        Ok(())
    }

    fn take(&mut self, k: usize) -> Result<CardList, RuleError> {
        if k > self.cards.len() || k > 8 {
            return Err(RuleError::BadDeal(format!(
                "{k} cards are due but only {} are left in the deck",
                self.cards.len()
            )));
        }
        let mut out = CardList::default();
        for _ in 0..k {
            let i = self.rng.random_range(0..self.cards.len());
            out.push(Some(self.cards.swap_remove(i)));
        }
        Ok(out)
    }
}

/// A hand being played, with its actions kept as the hand record will hold them.
#[derive(Clone, Debug)]
pub struct Played {
    hand: HandState,
    stakes: Stakes,
    /// The actions so far, in order, as the record holds them.
    actions: Vec<RecordedAction<'static>>,
    /// What the hand has reached so far.
    counts: Counts,
    /// Pots of an earlier hand's record, whose vectors a later record reuses.
    spare_pots: Vec<RecordedPot>,
    /// The street whose betting round the last action belonged to.
    round: Option<usize>,
    /// Players (bits) who have acted in this betting round since its last full bet or raise.
    acted: u64,
    /// Players (bits) who acted before an all-in raise short of a full raise and have not acted
    /// since: their next turn shows whether the betting was reopened for them.
    pending_short: u64,
}

impl Played {
    /// Starts a hand (antes and blinds posted).
    pub fn new(game: Variant, stakes: &Stakes) -> Result<Played, SetupError> {
        Ok(Played {
            hand: HandState::new(game, stakes)?,
            stakes: stakes.clone(),
            actions: Vec::with_capacity(32),
            counts: Counts::default(),
            spare_pots: Vec::new(),
            round: None,
            acted: 0,
            pending_short: 0,
        })
    }

    /// The hand, for its questions ([`HandState::next`], [`HandState::options`], ...).
    pub fn hand(&self) -> &HandState {
        &self.hand
    }

    /// The actions so far, in order (each built by the hand, never one that failed).
    pub fn actions(&self) -> &[RecordedAction<'static>] {
        &self.actions
    }

    /// What the hand has reached so far (its outcome's part is added by [`Counts::of`]).
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    fn log(&mut self, e: Result<Event, RuleError>) -> Result<(), RuleError> {
        let e = e?;
        self.counts.event(&e, self.hand.variant());
        let action = match e {
            Event::HoleDealt { player, cards } => Action::DealHole { player, cards },
            Event::BoardDealt { cards } => Action::DealBoard { cards },
            Event::BroughtIn { player, .. } => Action::BringIn(player),
            Event::Folded { player } => Action::Fold(player),
            Event::Checked { player } | Event::Called { player, .. } => Action::CheckOrCall(player),
            Event::BetOrRaised { player, to, .. } => {
                Action::BetOrRaiseTo(player, Amount::whole(to.get()))
            }
            Event::Exposed { player, card } => {
                Action::Discard(player, CardList::from_slice(&[card]))
            }
            Event::Shown { player } => {
                Action::ShowOrMuck(player, Some(CardList::from_slice(self.hand.hole_cards(player))))
            }
            Event::Mucked { player } => Action::ShowOrMuck(player, None),
            Event::TimedOut { player, .. } => Action::TimeOut { player, all_in: false },
            Event::ProtectedAllIn { player, .. } => Action::TimeOut { player, all_in: true },
            Event::OutOfTurnIgnored { .. } => return Ok(()),
            Event::RunsChosen { player, runs } => Action::ChooseRuns(player, runs),
            Event::CashedOut { player, amount } => {
                Action::CashOut(player, Amount::whole(amount.get()))
            }
        };
        self.actions.push(RecordedAction::built(action));
        Ok(())
    }

    /// Deals hole cards.
    pub fn deal_hole(&mut self, player: usize, cards: &[Option<Card>]) -> Result<(), RuleError> {
        let e = self.hand.deal_hole(player, cards);
        self.log(e)
    }

    /// `player` asks for the rest of the board to be dealt `runs` times
    /// ([`HandState::choose_runs`]).
    pub fn choose_runs(&mut self, player: usize, runs: u8) -> Result<(), RuleError> {
        let e = self.hand.choose_runs(player, runs);
        self.log(e)
    }

    /// Deals board cards.
    pub fn deal_board(&mut self, cards: &[Option<Card>]) -> Result<(), RuleError> {
        let e = self.hand.deal_board(cards);
        self.log(e)
    }

    /// Applies a betting action of `player`, counting what it reaches (`raising`: a bet or
    /// raise, whose size and the cap are looked at).
    fn act(
        &mut self,
        player: usize,
        raising: bool,
        apply: impl FnOnce(&mut HandState) -> Result<Event, RuleError>,
    ) -> Result<(), RuleError> {
        let street = self.hand.street();
        if self.round != Some(street) {
            // The first action of a round: who opens it is as the cards dealt made it.
            self.round = Some(street);
            self.acted = 0;
            self.pending_short = 0;
            self.counts.suit_openers += u64::from(self.hand.opened_by_suit());
        }
        let bit = 1u64.checked_shl(player as u32).unwrap_or(0);
        if self.pending_short & bit != 0 {
            self.pending_short &= !bit;
            self.count_reopening(player);
        }
        let (full, was_capped) = if raising {
            (self.hand.full_raise_to(), self.hand.capped().is_some())
        } else {
            (Chips::ZERO, false)
        };
        let e = apply(&mut self.hand);
        if let Ok(event) = &e {
            self.acted |= bit;
            let all_in = match *event {
                Event::Called { all_in, .. } => all_in,
                Event::BetOrRaised { to, all_in, .. } => {
                    let c = &mut self.counts;
                    if to < full {
                        c.short_all_in_raises += 1;
                        self.pending_short = self.acted & !bit;
                    } else {
                        // A full bet or raise: everyone may raise it, and only the raiser has
                        // acted on it.
                        self.pending_short = 0;
                        self.acted = bit;
                    }
                    c.capped_rounds += u64::from(!was_capped && self.hand.capped().is_some());
                    let cap = self.hand.variant().cap;
                    c.uncapped_rounds +=
                        u64::from(cap.is_some_and(|k| self.hand.raises() == k + 1));
                    all_in
                }
                _ => false,
            };
            if all_in {
                let c = &mut self.counts;
                match street {
                    0 => c.all_ins_round_1 += 1,
                    1 => c.all_ins_round_2 += 1,
                    2 => c.all_ins_round_3 += 1,
                    3 => c.all_ins_round_4 += 1,
                    _ => c.all_ins_round_5 += 1,
                }
            }
        }
        self.log(e)
    }

    /// `player` acted before an all-in raise short of a full raise, and it is their turn again:
    /// whether they may raise, or only call or fold because the short raise did not reopen the
    /// betting for them (cases where they could not raise anyway are not counted).
    fn count_reopening(&mut self, player: usize) {
        let hand = &self.hand;
        if hand.raise_range(player).is_some() {
            self.counts.short_all_ins_reopened += 1;
            return;
        }
        let all_in = hand.stacks()[player] + hand.bets()[player];
        if matches!(hand.verify_bet_or_raise_to(player, all_in), Err(RuleError::NotReopened { .. }))
        {
            self.counts.short_all_ins_closed += 1;
        }
    }

    /// Folds.
    pub fn fold(&mut self, player: usize) -> Result<(), RuleError> {
        self.act(player, false, |h| h.fold(player))
    }

    /// Checks or calls.
    pub fn check_or_call(&mut self, player: usize) -> Result<(), RuleError> {
        self.act(player, false, |h| h.check_or_call(player))
    }

    /// Bets, raises or completes to `to`.
    pub fn bet_or_raise_to(&mut self, player: usize, to: Chips) -> Result<(), RuleError> {
        let fixed = self.hand.variant().structure == Structure::FixedLimit;
        let (completes, opens_big) = match self.hand.options(player) {
            Some(o) => {
                (o.bring_in.is_some(), fixed && o.raise.is_some_and(|(lo, hi)| lo < hi && to == hi))
            }
            None => (false, false),
        };
        let done = self.act(player, true, |h| h.bet_or_raise_to(player, to));
        if done.is_ok() {
            self.counts.completions += u64::from(completes);
            self.counts.big_bet_options += u64::from(opens_big);
        }
        done
    }

    /// Posts the stud bring-in.
    pub fn bring_in(&mut self, player: usize) -> Result<(), RuleError> {
        self.act(player, false, |h| h.bring_in(player))
    }

    /// Stands pat (no cards) or discards `cards` in a draw game; as many replacements are dealt
    /// once every player has drawn.
    pub fn discard(&mut self, player: usize, cards: &[Option<Card>]) -> Result<(), RuleError> {
        self.hand.discard(player, cards)?;
        if cards.is_empty() {
            self.counts.pats += 1;
        } else {
            self.counts.discards += cards.len() as u64;
        }
        let discard = Action::Discard(player, CardList::from_slice(cards));
        self.actions.push(RecordedAction::built(discard));
        Ok(())
    }

    /// Exposes a hole card (turnover).
    pub fn expose(&mut self, player: usize, card: Option<Card>) -> Result<(), RuleError> {
        let e = self.hand.expose(player, card);
        self.log(e)
    }

    /// Shows the player's hole cards.
    pub fn show(&mut self, player: usize) -> Result<(), RuleError> {
        // A player holds at most eight cards.
        let cards = CardList::from_slice(self.hand.hole_cards(player));
        let e = self.hand.show_or_muck(player, Some(&cards));
        self.log(e)
    }

    /// Mucks at the showdown, giving up every pot.
    pub fn muck(&mut self, player: usize) -> Result<(), RuleError> {
        let e = self.hand.show_or_muck(player, None);
        self.log(e)
    }

    /// Settles the hand: the PHH document (with `finishing_stacks`, `winnings` and `_pots`) and
    /// the outcome.
    pub fn finish(&self) -> Result<(String, Outcome), RuleError> {
        let (record, outcome) = self.finish_record()?;
        Ok((crate::phh::write::write_record(&record), outcome))
    }

    /// Settles the hand: its record (with the finishing stacks, the winnings and the pots) and
    /// the outcome.
    pub fn finish_record(&self) -> Result<(HandRecord<'static>, Outcome), RuleError> {
        let outcome = self.hand.finish()?;
        Ok((self.record(&outcome), outcome))
    }

    /// The hand's record, with the results of `o` (the outcome of [`HandState::finish`]),
    /// taking the actions over rather than copying them.
    pub fn into_record(mut self, o: &Outcome) -> HandRecord<'static> {
        let mut r = HandRecord::default();
        self.record_into(o, &mut r);
        r
    }

    /// The hand's record, with the results of `o`.
    fn record(&self, o: &Outcome) -> HandRecord<'static> {
        let mut r = HandRecord { actions: self.actions.clone(), ..HandRecord::default() };
        record::fill(&mut r, self.hand.variant(), &self.stakes, o, &mut Vec::new());
        r
    }

    /// Writes the hand's record, with the results of `o`, over `r` (a default record, or one
    /// this hand or an earlier one wrote), reusing its vectors: the hand's actions are swapped
    /// into it, and the hand keeps the vector `r` held (to be cleared by [`Played::restart`]).
    fn record_into(&mut self, o: &Outcome, r: &mut HandRecord<'static>) {
        std::mem::swap(&mut r.actions, &mut self.actions);
        record::fill(r, self.hand.variant(), &self.stakes, o, &mut self.spare_pots);
    }

    /// Starts a new hand in place of this one, as [`Played::new`] does, reusing the vectors of
    /// the actions and the stakes.
    fn restart(&mut self, game: Variant, stakes: &Stakes) -> Result<(), SetupError> {
        self.hand = HandState::new(game, stakes)?;
        self.stakes.clone_from(stakes);
        self.actions.clear();
        self.counts = Counts::default();
        self.round = None;
        self.acted = 0;
        self.pending_short = 0;
        Ok(())
    }
}

mod counts;
pub mod deal;
mod random;
mod record;
mod table;

pub use counts::Counts;
pub use random::{
    big_bet, default_stakes, hand_rng, max_random_stack, random_hand, random_hand_counted,
    random_hand_into, random_stacks, random_stakes, RandomHandError, Style, MAX_RANDOM_BETS,
};
pub use table::Table;
