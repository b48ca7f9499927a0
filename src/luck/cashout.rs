//! The room's own number: GGPoker's EV Cashout against the equity feltkit counts.
//!
//! When players are all in with cards to come and their cards shown, GGPoker offers a player
//! with 60% or more of the pots at stake to cash out: the player is paid their expectation and
//! gives up the pots, whatever the cards then do. The room states the rule (its help pages):
//! the cashout is each pot the player can win, less the rake and the jackpot fee taken from it,
//! times the player's equity in it, added up, less a fee of 1% (2% at six-card Omaha), in cents.
//! The room counts the equity from the cards shown only (a folded player's cards, even when the
//! hand's history shows them, are not taken out of the deck), on the board out when the player
//! chose (an offer comes once the flop is out, and again on the turn).
//!
//! The text says what the room paid: `Receives Cashout ($12.5)` when the player then lost the
//! pots, or `Pays Cashout Risk ($0.65)` when the player won them, the cashout being what the
//! player collected less that risk. [`check`] puts the room's number beside the rule's, counted
//! with exact equity, for each offer taken.

use crate::card::{format_cards, parse_cards, Card, Deck};
use crate::equity::{calculate, Query};
use crate::rules::{Chips, Outcome};

use super::AllInSpot;

/// One EV Cashout a player chose, as the hand's record keeps it (`_ev_cashout`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomOffer {
    /// The player (from 0).
    pub player: usize,
    /// The line of the text where the player chose it.
    pub line: usize,
    /// The board out then.
    pub board: Vec<Card>,
}

impl RoomOffer {
    /// The offer of `player` at `line` on `board` as written (`8h9c6c`); `None` when the board
    /// cannot be read.
    pub fn read(player: usize, line: usize, board: &str) -> Option<RoomOffer> {
        let board = parse_cards(board, Deck::Standard)
            .or_else(|_| parse_cards(board, Deck::ShortDeck))
            .ok()?;
        Some(RoomOffer { player, line, board })
    }
}

/// What the room paid for one EV Cashout, beside the rule counted with exact equity.
#[derive(Clone, Debug, PartialEq)]
pub struct CashoutCheck {
    /// The player (from 0).
    pub player: usize,
    /// The line where the player chose it.
    pub line: usize,
    /// The street of the offer: `flop`, `turn`.
    pub street: String,
    /// What the room paid, in the hand's unit.
    pub room: f64,
    /// The rule's cashout: each pot the player could win, after its share of the rake and
    /// fees, times the player's equity in it, added up, less the room's fee.
    pub rule: f64,
    /// The player's equity in the pots at stake, weighted by their size (0 to 1).
    pub equity: f64,
    /// The room's fee (0.01, or 0.02 at six-card Omaha).
    pub fee: f64,
    /// Why the offer cannot be compared, when it cannot (then `rule` and `equity` are 0).
    pub not_compared: Option<String>,
}

impl CashoutCheck {
    /// Whether the room paid what the rule gives, to the cent the room rounds to.
    pub fn agrees(&self) -> bool {
        self.not_compared.is_none() && (self.room - self.rule).abs() < 0.01 + 1e-9
    }
}

/// Each EV Cashout of the hand's all-in moment, beside the rule. `chips` writes chips in the
/// hand's unit; `left` is the share of the pots the site left to the players after rake and
/// fees; `won` is what each player took from the pots, after rake.
pub(super) fn check(
    spot: &AllInSpot,
    outcome: &Outcome,
    chips: &dyn Fn(Chips) -> f64,
    left: f64,
    won: &[f64],
) -> Vec<CashoutCheck> {
    let mut out = Vec::with_capacity(spot.offers.len());
    for offer in &spot.offers {
        let p = offer.player;
        let fee = if spot.holes.get(p).is_some_and(|h| h.len() == 6) { 0.02 } else { 0.01 };
        let street = match offer.board.len() {
            0 => "preflop".to_string(),
            3 => "flop".to_string(),
            4 => "turn".to_string(),
            k => format!("{k} board cards"),
        };
        let paid = outcome.outside.get(p).map_or(0.0, |&c| chips(c));
        // Received when the player then lost the pots; else the risk paid out of them.
        let room = if paid > 0.0 { paid } else { won.get(p).copied().unwrap_or(0.0) + paid };
        let mut c = CashoutCheck {
            player: p,
            line: offer.line,
            street,
            room,
            rule: 0.0,
            equity: 0.0,
            fee,
            not_compared: None,
        };
        let times = spot.offers.iter().filter(|o| o.player == p).count();
        let why = if times > 1 {
            Some(format!("chosen {times} times in the hand: what the text pays is their sum"))
        } else {
            rule(spot, outcome, chips, left, offer)
                .map(|(rule, equity)| {
                    c.rule = rule * (1.0 - fee);
                    c.equity = equity;
                })
                .err()
        };
        c.not_compared = why;
        out.push(c);
    }
    out
}

/// The pots `offer`'s player could win, after the rake, times the player's equity in each on
/// the offer's board, added up (before the room's fee), and the player's equity weighted by
/// the pots.
fn rule(
    spot: &AllInSpot,
    outcome: &Outcome,
    chips: &dyn Fn(Chips) -> f64,
    left: f64,
    offer: &RoomOffer,
) -> Result<(f64, f64), String> {
    let p = offer.player;
    let known =
        |q: usize| spot.holes.get(q).and_then(|h| h.iter().copied().collect::<Option<Vec<Card>>>());
    let (mut value, mut at_stake) = (0.0, 0.0);
    for pot in &outcome.pots {
        let contenders: Vec<usize> = pot
            .contributors
            .iter()
            .copied()
            .filter(|&q| spot.live.get(q).copied().unwrap_or(false))
            .collect();
        if !contenders.contains(&p) {
            continue;
        }
        let amount = chips(pot.amount) * left;
        at_stake += amount;
        if contenders.len() < 2 {
            value += amount;
            continue;
        }
        let mut hands = Vec::with_capacity(contenders.len());
        for &q in &contenders {
            match known(q) {
                Some(cards) if !cards.is_empty() => hands.push(format_cards(&cards)),
                _ => return Err(format!("the cards of p{} are not known", q + 1)),
            }
        }
        // The cards shown only: the room leaves everyone else's in the deck.
        let mut q = Query::new(spot.game, hands);
        q.board = format_cards(&offer.board);
        let e = calculate(&q).map_err(|e| format!("the equity cannot be counted: {e}"))?;
        let k = contenders.iter().position(|&q| q == p).unwrap_or(0);
        value += amount * e.players.get(k).map_or(0.0, |r| r.equity);
    }
    if at_stake <= 0.0 {
        return Err("the player was in no pot at stake".into());
    }
    Ok((value, value / at_stake))
}
