//! Dealing: hole and board cards, duplicate and deck checks, the turnover expose.

use crate::card::Card;
use crate::text::count;

use super::error::RuleError;
use super::player_name;
use super::state::{CardList, Event, HandState, Phase};

impl HandState {
    pub(super) fn check_player(&self, player: usize) -> Result<(), RuleError> {
        if player >= self.n {
            return Err(RuleError::NoSuchPlayer(player_name(player)));
        }
        Ok(())
    }

    pub(super) fn check_dealing(&self) -> Result<(), RuleError> {
        match self.phase {
            Phase::Dealing => Ok(()),
            Phase::Exposing => {
                let missing: Vec<String> =
                    (0..self.n).filter(|&i| self.pending_expose[i]).map(player_name).collect();
                Err(RuleError::MissingExpose { players: missing.join(", ") })
            }
            Phase::Betting => Err(RuleError::WrongPhase(format!(
                "no cards are due: the betting round is not over ({} is to act)",
                self.to_act.front().map_or("nobody".into(), player_name)
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
        if let Some(first) = (0..self.n).find(|&i| self.pending_draw[i]) {
            return Err(RuleError::WrongPhase(format!(
                "no replacement cards yet: {} must first stand pat or discard",
                player_name(first)
            )));
        }
        let due = self.pending_hole[player];
        if cards.is_empty() || cards.len() > due {
            return Err(RuleError::BadDeal(format!(
                "{} dealt to {}, who is due {} on this street",
                count(cards.len(), "card", "cards"),
                player_name(player),
                due
            )));
        }
        self.check_dealt_cards(cards)
    }

    /// Whether dealing these hole cards is legal now.
    pub fn can_deal_hole(&self, player: usize, cards: &[Option<Card>]) -> bool {
        self.verify_deal_hole(player, cards).is_ok()
    }

    /// Deals hole cards (`None`: unknown card).
    pub fn deal_hole(&mut self, player: usize, cards: &[Option<Card>]) -> Result<Event, RuleError> {
        self.verify_deal_hole(player, cards)?;
        self.take_cards(cards);
        let pattern = self.game.streets[self.street].hole;
        let first = pattern.len().saturating_sub(self.pending_hole[player]);
        for (k, &card) in cards.iter().enumerate() {
            let up = pattern.get(first + k).copied().unwrap_or(false);
            self.hole[player].push(card, up);
            // A new face-down card after a show (stud all-in): the hand must be shown again.
            if !up {
                self.shown[player] = false;
            }
        }
        self.pending_hole[player] -= cards.len();
        self.after_deal();
        Ok(Event::HoleDealt { player, cards: CardList::from_slice(cards) })
    }

    /// Says why dealing these board cards now would be illegal.
    pub fn verify_deal_board(&self, cards: &[Option<Card>]) -> Result<(), RuleError> {
        self.check_dealing()?;
        if cards.is_empty() || cards.len() > self.pending_board {
            return Err(RuleError::BadDeal(format!(
                "{} dealt, {} due on this street",
                count(cards.len(), "board card", "board cards"),
                self.pending_board
            )));
        }
        self.verify_board_split(cards.len())?;
        self.check_dealt_cards(cards)
    }

    /// Whether dealing these board cards is legal now.
    pub fn can_deal_board(&self, cards: &[Option<Card>]) -> bool {
        self.verify_deal_board(cards).is_ok()
    }

    /// Deals board cards.
    pub fn deal_board(&mut self, cards: &[Option<Card>]) -> Result<Event, RuleError> {
        self.verify_deal_board(cards)?;
        self.take_cards(cards);
        self.board.extend_from_slice(cards);
        self.pending_board -= cards.len();
        self.after_deal();
        Ok(Event::BoardDealt { cards: CardList::from_slice(cards) })
    }

    pub(super) fn after_deal(&mut self) {
        if self.nothing_due() {
            self.begin_betting();
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
}
