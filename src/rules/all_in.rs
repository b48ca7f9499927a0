//! The moment a hand's betting is over for good while cards are still to come: every live
//! player but at most one is all in. From then on the cards alone decide the pots, and what
//! they decide beyond each player's expected share is luck ([`crate::luck`]).

use crate::card::Card;

use super::state::{HandState, Phase};
use super::Chips;

impl HandState {
    /// Whether no more betting can happen in this hand while the dealer still owes cards: two
    /// or more players are live, at most one of them has chips behind, and the hand waits for
    /// the next street's cards. A game with a draw to come is never in this state (a draw is
    /// a decision, not luck), nor is turnover before every player has turned a card up.
    pub fn all_in_with_cards_to_come(&self) -> bool {
        if self.phase != Phase::Dealing || self.game.has_draws() {
            return false;
        }
        // Turnover: the card each player turns up is still a choice; the moment comes after.
        if self.game.expose_after.is_some_and(|e| e >= self.street) {
            return false;
        }
        let (mut live, mut behind) = (0, 0);
        for i in 0..self.n {
            if self.live(i) {
                live += 1;
                if self.stacks[i] > Chips::ZERO {
                    behind += 1;
                }
            }
        }
        live >= 2 && behind <= 1
    }

    /// The cards turned face up out of the players' hands so far (turnover), where known.
    pub fn exposed_cards(&self) -> Vec<Card> {
        (0..self.n).flat_map(|i| self.exposed[i].iter().copied().flatten()).collect()
    }

    /// The board cards dealt so far (`None`: a card not known).
    pub fn board(&self) -> &[Option<Card>] {
        &self.board
    }

    /// Whether `player` is still in the hand: seated, and neither folded nor mucked.
    pub fn is_live(&self, player: usize) -> bool {
        player < self.n && self.live(player)
    }
}
