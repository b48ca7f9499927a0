//! What each player's hand is worth at showdown, under the game's [`Scoring`], and who wins
//! each pot: the best hand, or in the high-low games the best high hand and the best
//! eight-or-better low, each taking half.
//!
//! ```
//! use feltkit::rules::scoring::split_high_low;
//! use feltkit::rules::Chips;
//! // A pot of 11: the high half takes the odd chip (6), the low half 5 (PokerKit's division).
//! assert_eq!(split_high_low(Chips(11)), (Chips(6), Chips(5)));
//! ```

use crate::card::{Card, Rank, Suit};
use crate::eval::{
    ace_five, badugi, deuce_seven, low, omaha, shortdeck, Category, EvalError, Evaluation, Ranking,
};

use super::error::RuleError;
use super::state::HandState;
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

impl HandState {
    /// The worth of player `i`'s hand with their hole cards and the board of run `run` (from
    /// 0; the board itself when it was run once).
    pub(super) fn worth(&self, i: usize, run: usize) -> Result<Worth, RuleError> {
        // A double-board bomb pot: `run` is the board (`bomb.rs`).
        let double;
        let (before, own) = if self.board_count() > 1 {
            double = self.board_on(run);
            (&double[..], &[][..])
        } else {
            self.run_board(run)
        };
        let all = || self.hole[i].iter().chain(before).chain(own);
        if all().any(|c| c.is_none()) {
            return Err(RuleError::Unresolved(format!(
                "{}'s hand includes an unknown card",
                player_name(i)
            )));
        }
        let mut buf = [Card::new(Rank::TWO, Suit::CLUBS); 16];
        let mut len = 0;
        for c in all().flatten().take(buf.len()) {
            buf[len] = *c;
            len += 1;
        }
        let hole_len = self.hole[i].len().min(len);
        let (hole, board) = buf[..len].split_at(hole_len);
        worth_of(self.game.scoring, hole, board).map_err(|e| {
            RuleError::Unresolved(format!("{}'s hand cannot be ranked: {e}", player_name(i)))
        })
    }
}

/// The worth under `scoring` of a hand of `hole` cards with `board` (a stud hand: all its cards
/// as `hole`, no board).
pub fn worth_of(scoring: Scoring, hole: &[Card], board: &[Card]) -> Result<Worth, EvalError> {
    let mut buf = [Card::new(Rank::TWO, Suit::CLUBS); 16];
    let len = (hole.len() + board.len()).min(buf.len());
    for (slot, c) in buf.iter_mut().zip(hole.iter().chain(board)) {
        *slot = *c;
    }
    let cards = &buf[..len];
    let high = |ranking: Ranking| -> Result<Evaluation, EvalError> {
        let eval = |category: Category, value: u32| Evaluation { category, value };
        Ok(match ranking {
            Ranking::Omaha => {
                let r = omaha::evaluate(hole, board)?;
                eval(r.category(), u32::from(r.value()))
            }
            Ranking::ShortDeck => {
                let r = shortdeck::evaluate(cards)?;
                eval(r.category(), r.value())
            }
            Ranking::AceFive => {
                let r = ace_five::evaluate(cards)?;
                eval(r.category(), r.value())
            }
            Ranking::DeuceSeven => {
                let r = deuce_seven::evaluate(cards)?;
                eval(r.category(), r.value())
            }
            Ranking::Badugi => eval(Category::HighCard, badugi::evaluate(cards)?.value()),
            other => other.evaluate(cards)?,
        })
    };
    Ok(match scoring {
        Scoring::High(r) | Scoring::Low(r) => Worth { high: high(r)?, low: None },
        Scoring::HighLow { high: r } => {
            // The eight-or-better low is made as the high hand is: of exactly two hole cards
            // and three board cards in Omaha, of the best five otherwise.
            let low = if scoring.two_hole_cards() {
                low::omaha_low(hole, board)
            } else {
                low::evaluate(cards)
            };
            Worth { high: high(r)?, low: low? }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_high_half_takes_the_odd_chip() {
        assert_eq!(split_high_low(Chips(10)), (Chips(5), Chips(5)));
        assert_eq!(split_high_low(Chips(11)), (Chips(6), Chips(5)));
        assert_eq!(split_high_low(Chips(1)), (Chips(1), Chips::ZERO));
        assert_eq!(split_high_low(Chips::ZERO), (Chips::ZERO, Chips::ZERO));
    }
}
