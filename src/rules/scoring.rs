//! What each player's hand is worth at showdown, under the game's [`Scoring`], and who wins
//! each pot: the best hand, or in the high-low games the best high hand and the best
//! eight-or-better low, each taking half.
//!
//! ```
//! use feltkit::rules::scoring::split_high_low;
//! // A pot of 11: the high half takes the odd chip (6), the low half 5 (PokerKit's division).
//! assert_eq!(split_high_low(11), (6, 5));
//! ```

use crate::card::{Card, Rank, Suit};
use crate::eval::{
    ace_five, badugi, deuce_seven, low, omaha, shortdeck, Category, EvalError, Evaluation,
};

use super::error::RuleError;
use super::state::Hand;
use super::{player_name, Chips, Scoring};

/// A hand's worth at showdown: the high (or only) hand, and the eight-or-better low of the
/// high-low games (`None`: no qualifying low, or a game without a low half).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Worth {
    /// The hand under the game's main ranking (in razz, deuce-to-seven and badugi the low hand
    /// that wins); a greater value is a better hand.
    pub high: Evaluation,
    /// The eight-or-better low in the high-low games; a greater value is a better low.
    pub low: Option<low::EightLow>,
}

/// How a pot divides between the high half and the low half: the high half takes the odd chip
/// (PokerKit divides a pot by the number of hand types that play and gives the remainder to
/// the first, the high hand).
pub fn split_high_low(amount: Chips) -> (Chips, Chips) {
    let low = amount / 2;
    (amount - low, low)
}

impl Hand {
    /// The worth of player `i`'s hand with their hole cards and the board.
    pub(super) fn worth(&self, i: usize) -> Result<Worth, RuleError> {
        let all = || self.hole[i].iter().chain(self.board.iter());
        if all().any(|c| c.is_none()) {
            return Err(RuleError::Unresolved(format!(
                "{}'s hand includes an unknown card",
                player_name(i)
            )));
        }
        let unranked = |e: EvalError| {
            RuleError::Unresolved(format!("{}'s hand cannot be ranked: {e}", player_name(i)))
        };
        let mut buf = [Card::new(Rank::TWO, Suit::CLUBS); 16];
        let mut len = 0;
        for c in all().flatten().take(buf.len()) {
            buf[len] = *c;
            len += 1;
        }
        let cards = &buf[..len];
        let hole_len = self.hole[i].len().min(len);
        let (hole, board) = cards.split_at(hole_len);
        let eval = |category: Category, value: u32| Evaluation { category, value };
        let worth = match self.game.scoring {
            Scoring::High => {
                Worth { high: self.game.ranking.evaluate(cards).map_err(unranked)?, low: None }
            }
            Scoring::ShortDeck => {
                let r = shortdeck::evaluate(cards).map_err(unranked)?;
                Worth { high: eval(r.category(), r.value()), low: None }
            }
            Scoring::Omaha | Scoring::OmahaHiLo => {
                let r = omaha::evaluate(hole, board).map_err(unranked)?;
                let low = if self.game.scoring == Scoring::OmahaHiLo {
                    low::omaha_low(hole, board).map_err(unranked)?
                } else {
                    None
                };
                Worth { high: eval(r.category(), u32::from(r.value())), low }
            }
            Scoring::StudHiLo => {
                let r = crate::eval::standard::evaluate(cards).map_err(unranked)?;
                let low = low::evaluate(cards).map_err(unranked)?;
                Worth { high: eval(r.category(), u32::from(r.value())), low }
            }
            Scoring::Razz => {
                let r = ace_five::evaluate(cards).map_err(unranked)?;
                Worth { high: eval(r.category(), r.value()), low: None }
            }
            Scoring::DeuceSeven => {
                let r = deuce_seven::evaluate(cards).map_err(unranked)?;
                Worth { high: eval(r.category(), r.value()), low: None }
            }
            Scoring::Badugi => {
                let r = badugi::evaluate(cards).map_err(unranked)?;
                Worth { high: eval(Category::HighCard, r.value()), low: None }
            }
        };
        Ok(worth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_high_half_takes_the_odd_chip() {
        assert_eq!(split_high_low(10), (5, 5));
        assert_eq!(split_high_low(11), (6, 5));
        assert_eq!(split_high_low(1), (1, 0));
        assert_eq!(split_high_low(0), (0, 0));
    }
}
