//! GGPoker's all-in insurance against the equity feltkit counts.
//!
//! Once players are all in with their cards shown, GGPoker sells a player ahead in a pot an
//! insurance: for a premium, the room pays a cover if the player then loses the pot. The text
//! gives both (`get an all-in insurance (premium ($1.2) for ($15))`, or in parts named
//! `Mandatory/Main/Sub`, the main pot and the side pot). The room prices it from its own table
//! of outs, so the premium over the cover is the chance of losing that the room charges for.
//! [`check`] puts it beside the chance counted with exact equity on the board out when the
//! player bought it, from the cards shown (as the room counts its EV Cashout), and the fair
//! premium: the cover times that chance.

use crate::card::{format_cards, parse_cards, Card, Deck};
use crate::equity::{calculate, Query};
use crate::record::amount::Amount;
use crate::rules::Outcome;

use super::AllInSpot;

/// One all-in insurance a player bought, as the hand's record keeps it (`_insurance`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomInsurance {
    /// The player (from 0).
    pub player: usize,
    /// The line of the text where the player bought it.
    pub line: usize,
    /// The board out then.
    pub board: Vec<Card>,
    /// The premium, by part.
    pub premium: Vec<Amount>,
    /// The cover, by part.
    pub cover: Vec<Amount>,
    /// The parts' names (`Mandatory`, `Main`, `Sub`); empty for a single part.
    pub parts: Vec<String>,
}

impl RoomInsurance {
    /// The insurance of `player` at `line` on `board` as written (`8h9c6c`); `None` when the
    /// board cannot be read or the parts do not match.
    pub fn read(
        player: usize,
        line: usize,
        board: &str,
        premium: Vec<Amount>,
        cover: Vec<Amount>,
        parts: Vec<String>,
    ) -> Option<RoomInsurance> {
        let board = parse_cards(board, Deck::Standard)
            .or_else(|_| parse_cards(board, Deck::ShortDeck))
            .ok()?;
        let fits = premium.len() == cover.len() && (parts.is_empty() || parts.len() == cover.len());
        fits.then_some(RoomInsurance { player, line, board, premium, cover, parts })
    }
}

/// An all-in insurance's price beside the chance of losing the insured pot.
#[derive(Clone, Debug, PartialEq)]
pub struct InsuranceCheck {
    /// The player (from 0).
    pub player: usize,
    /// The line where the player bought it.
    pub line: usize,
    /// The street it was bought on: `flop`, `turn`.
    pub street: String,
    /// The premium, in the hand's unit.
    pub premium: f64,
    /// The cover, in the hand's unit.
    pub cover: f64,
    /// The chance of losing the insured pots, counted with exact equity (weighted by each
    /// part's cover; 0 when not compared).
    pub loss: f64,
    /// The fair premium: each part's cover times the chance of losing its pot (0 when not
    /// compared).
    pub fair: f64,
    /// Why the insurance cannot be compared, when it cannot.
    pub not_compared: Option<String>,
}

impl InsuranceCheck {
    /// The premium over the cover: the chance of losing the room charged for.
    pub fn price(&self) -> f64 {
        if self.cover > 0.0 {
            self.premium / self.cover
        } else {
            0.0
        }
    }
}

/// Each insurance bought after `spot`, beside the chance of losing its pots.
pub(super) fn check(spot: &AllInSpot, outcome: &Outcome) -> Vec<InsuranceCheck> {
    let value = |a: &Amount| a.units as f64 / 10f64.powi(i32::from(a.places));
    spot.insured
        .iter()
        .map(|ins| {
            let mut c = InsuranceCheck {
                player: ins.player,
                line: ins.line,
                street: match ins.board.len() {
                    3 => "flop".to_string(),
                    4 => "turn".to_string(),
                    k => format!("{k} board cards"),
                },
                premium: ins.premium.iter().map(value).sum(),
                cover: ins.cover.iter().map(value).sum(),
                loss: 0.0,
                fair: 0.0,
                not_compared: None,
            };
            match fair(spot, outcome, ins, &value) {
                Ok(fair) if c.cover > 0.0 => {
                    c.fair = fair;
                    c.loss = fair / c.cover;
                }
                Ok(_) => c.not_compared = Some("a cover of 0".into()),
                Err(why) => c.not_compared = Some(why),
            }
            c
        })
        .collect()
}

/// The fair premium of `ins`: each part's cover times the chance that the player wins no share
/// of that part's pot (`Main` and a single unnamed part: the main pot; `Sub`: the first side
/// pot), on the insurance's board, from the cards shown.
fn fair(
    spot: &AllInSpot,
    outcome: &Outcome,
    ins: &RoomInsurance,
    value: &dyn Fn(&Amount) -> f64,
) -> Result<f64, String> {
    let mut total = 0.0;
    for (k, cover) in ins.cover.iter().enumerate() {
        if cover.units == 0 {
            continue;
        }
        let pot = match ins.parts.get(k).map(String::as_str) {
            None | Some("Main") => 0,
            Some("Sub") => 1,
            Some(other) => {
                return Err(format!("a part named `{other}`, which GG does not say the pot of"))
            }
        };
        let Some(award) = outcome.pots.get(pot) else {
            return Err(format!("no pot {} for its part", pot + 1));
        };
        let contenders: Vec<usize> = award
            .contributors
            .iter()
            .copied()
            .filter(|&q| spot.live.get(q).copied().unwrap_or(false))
            .collect();
        let Some(me) = contenders.iter().position(|&q| q == ins.player) else {
            return Err("the player is not in the insured pot".into());
        };
        if contenders.len() < 2 {
            continue;
        }
        let mut hands = Vec::with_capacity(contenders.len());
        for &q in &contenders {
            let cards: Option<Vec<Card>> =
                spot.holes.get(q).and_then(|h| h.iter().copied().collect());
            match cards {
                Some(cards) if !cards.is_empty() => hands.push(format_cards(&cards)),
                _ => return Err(format!("the cards of p{} are not known", q + 1)),
            }
        }
        let mut q = Query::new(spot.game, hands);
        q.board = format_cards(&ins.board);
        let e = calculate(&q).map_err(|e| format!("the equity cannot be counted: {e}"))?;
        let p = &e.players[me];
        total += value(cover) * (1.0 - p.win - p.tie);
    }
    Ok(total)
}
