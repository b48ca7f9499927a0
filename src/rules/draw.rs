//! Draw games: standing pat or discarding, the replacement cards, and the stub running out.
//!
//! On a draw street every player still in the hand (all-in players too) stands pat or discards
//! some of their cards, one after another from p1 (the first seat left of the button), as
//! PokerKit orders them. Then, after one burn, each is dealt as many new cards face down as they
//! discarded, and the betting round follows. Discards and folded hands are out of play; when
//! the stub cannot give a player all their replacement cards, those cards and the burns are
//! shuffled into a new stub (PokerKit's reading), so a discarded card may then be dealt again.
//!
//! ```
//! use feltkit::card::parse_cards;
//! use feltkit::rules::{Chips, HandState, Next, Stakes, Variant};
//! let game = Variant::by_code("F2L3D").unwrap();
//! let stakes = Stakes {
//!     blinds: vec![Chips(1), Chips(2)],
//!     small_bet: Chips(2),
//!     big_bet: Chips(4),
//!     stacks: vec![Chips(50), Chips(50)],
//!     ..Stakes::default()
//! };
//! let mut hand = HandState::new(game, &stakes).unwrap();
//! let c = |s: &str| parse_cards(s, game.deck).unwrap().into_iter().map(Some).collect::<Vec<_>>();
//! hand.deal_hole(0, &c("7h6c4c3d2c")).unwrap();
//! hand.deal_hole(1, &c("AsQs6s5c3c")).unwrap();
//! hand.check_or_call(1).unwrap(); // heads-up, p2 is the button and small blind
//! hand.check_or_call(0).unwrap();
//! // The first draw: p1 first, then p2.
//! let Next::Deal(due) = hand.next() else { panic!() };
//! assert_eq!(due.draws, vec![0, 1]);
//! hand.discard(0, &[]).unwrap(); // p1 stands pat
//! hand.discard(1, &c("AsQs")).unwrap();
//! let Next::Deal(due) = hand.next() else { panic!() };
//! assert_eq!((due.hole, due.draws), (vec![(1, 2)], vec![]));
//! hand.deal_hole(1, &c("2hQh")).unwrap();
//! assert_eq!(hand.hole_cards(1).len(), 5);
//! ```

use crate::card::{Card, CardSet};
use crate::text::count;

use super::error::RuleError;
use super::player_name;
use super::state::{CardList, HandState, Phase};

/// What a stand-pat or a discard did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discard {
    /// The player.
    pub player: usize,
    /// The cards thrown away (none: the player stood pat); as many replacements are now due.
    pub cards: CardList,
}

impl HandState {
    /// The players still to stand pat or discard on this draw, in order (empty outside a draw).
    pub fn draws_due(&self) -> Vec<usize> {
        if self.phase != Phase::Dealing {
            return Vec::new();
        }
        (0..self.n).filter(|&i| self.pending_draw[i]).collect()
    }

    /// Says why `player` cannot stand pat (no cards) or discard `cards` now.
    pub fn verify_discard(&self, player: usize, cards: &[Option<Card>]) -> Result<(), RuleError> {
        self.check_player(player)?;
        let name = || player_name(player);
        if self.phase != Phase::Dealing || !self.pending_draw[player] {
            let why = if self.game.has_draws() {
                "is not due to draw now"
            } else {
                "cannot draw: the game has no draws"
            };
            return Err(RuleError::WrongPhase(format!("{} {why}", name())));
        }
        if let Some(first) = (0..self.n).find(|&i| self.pending_draw[i])
            && first != player
        {
            return Err(RuleError::OutOfTurn { actor: name(), expected: player_name(first) });
        }
        let held = &self.hole[player];
        if cards.len() > held.len() {
            return Err(RuleError::BadCards(format!(
                "{} discards {} but holds {}",
                name(),
                count(cards.len(), "card", "cards"),
                held.len()
            )));
        }
        // Known cards are discarded from the known cards held first, then from the unknown ones
        // (revealing them); an unknown discard takes an unknown card held.
        let unknown_held = held.iter().filter(|h| h.is_none()).count();
        let mut listed = CardSet::EMPTY;
        let mut from_unknown = 0;
        for &card in cards {
            match card {
                Some(c) => {
                    if !listed.insert(c) {
                        return Err(RuleError::DuplicateCard(c));
                    }
                    if !held.contains(&Some(c)) {
                        if !self.game.deck.contains(c) {
                            return Err(RuleError::NotInDeck { card: c, deck: self.game.deck });
                        }
                        if self.seen.contains(c) {
                            return Err(RuleError::BadCards(format!(
                                "{} does not hold {c}",
                                name()
                            )));
                        }
                        from_unknown += 1;
                    }
                }
                None => from_unknown += 1,
            }
        }
        if from_unknown > unknown_held {
            return Err(RuleError::BadCards(format!(
                "{} discards cards they do not hold: {} of their cards are unknown",
                name(),
                unknown_held
            )));
        }
        Ok(())
    }

    /// Whether `player` can stand pat or discard `cards` now.
    pub fn can_discard(&self, player: usize, cards: &[Option<Card>]) -> bool {
        self.verify_discard(player, cards).is_ok()
    }

    /// `player` stands pat (no cards) or discards `cards`; as many replacement cards become due
    /// to them, dealt once every player has drawn.
    pub fn discard(&mut self, player: usize, cards: &[Option<Card>]) -> Result<Discard, RuleError> {
        self.verify_discard(player, cards)?;
        for &card in cards {
            let pos = card.and_then(|c| self.hole[player].iter().position(|&h| h == Some(c)));
            let pos = pos.or_else(|| self.hole[player].iter().position(|h| h.is_none()));
            if let Some(pos) = pos {
                self.hole[player].remove(pos);
            }
            match card {
                Some(c) => {
                    self.seen.insert(c);
                    self.reserve.insert(c);
                }
                None => self.reserve_unknown += 1,
            }
        }
        self.pending_hole[player] += cards.len();
        self.pending_draw[player] = false;
        self.after_deal();
        Ok(Discard { player, cards: CardList::from_slice(cards) })
    }

    /// Draw games: a folded hand's cards go out of play, to be shuffled in if the stub runs out.
    pub(super) fn reserve_hand(&mut self, player: usize) {
        if !self.game.has_draws() {
            return;
        }
        for &card in self.hole[player].iter() {
            match card {
                Some(c) => {
                    self.reserve.insert(c);
                }
                None => self.reserve_unknown += 1,
            }
        }
    }

    /// Cards out of play (discards, folded hands' cards) that are shuffled into a new stub when
    /// the stub runs out (draw games; empty otherwise). Unknown cards are not listed.
    pub fn out_of_play(&self) -> Vec<Card> {
        Card::all().filter(|&c| self.reserve.contains(c)).collect()
    }

    /// The cards left in the stub: the deck less the cards dealt and burned (in a draw game,
    /// when a deal needs more than this, the cards out of play are shuffled in first).
    pub fn stub_left(&self) -> usize {
        self.game.deck.len().saturating_sub(self.stub_taken)
    }

    /// Whether dealing `k` cards now runs the stub out, so that the cards out of play are
    /// shuffled in first (draw games only).
    fn runs_out(&self, k: usize) -> bool {
        self.game.has_draws() && self.stub_left() < k
    }

    /// Checks that `cards`, about to be dealt, are in the deck and not in play: a card seen
    /// before may come back only in a draw game, when it is out of play and the stub runs out.
    pub(super) fn check_dealt_cards(&self, cards: &[Option<Card>]) -> Result<(), RuleError> {
        self.check_cards(cards, self.runs_out(cards.len()))
    }

    /// Checks that `cards`, newly seen (dealt, or shown for unknown cards), are in the deck and
    /// were not seen before.
    pub(super) fn check_new_cards(&self, cards: &[Option<Card>]) -> Result<(), RuleError> {
        self.check_cards(cards, false)
    }

    /// Checks cards newly seen; with `reuse`, cards out of play may come back.
    fn check_cards(&self, cards: &[Option<Card>], reuse: bool) -> Result<(), RuleError> {
        let mut listed = CardSet::EMPTY;
        for &card in cards.iter().flatten() {
            if !self.game.deck.contains(card) {
                return Err(RuleError::NotInDeck { card, deck: self.game.deck });
            }
            let back_in = reuse && self.reserve.contains(card);
            if !listed.insert(card) || (self.seen.contains(card) && !back_in) {
                return Err(RuleError::DuplicateCard(card));
            }
        }
        Ok(())
    }

    /// Takes dealt cards from the stub: shuffles the cards out of play in first when the stub
    /// runs out (draw games), and marks the cards seen.
    pub(super) fn take_cards(&mut self, cards: &[Option<Card>]) {
        if self.runs_out(cards.len()) {
            let left = self.stub_left() + self.reserve.len() + self.reserve_unknown;
            self.seen = self.seen.difference(self.reserve);
            self.reserve = CardSet::EMPTY;
            self.reserve_unknown = 0;
            self.stub_taken = self.game.deck.len().saturating_sub(left);
        }
        for card in cards.iter().flatten() {
            self.seen.insert(*card);
        }
        self.stub_taken += cards.len();
    }
}
