//! Luck: what the cards dealt after an all-in gave each player beyond their expected share of
//! the pots (`felt luck`).
//!
//! When the betting of a hand is over for good while cards are still to come (every live
//! player but at most one is all in, [`HandState::all_in_with_cards_to_come`]), the replay
//! notes the moment ([`AllInSpot`]). Each pot then goes to its contenders by the cards alone:
//! a contender's expected share of it is their equity among the pot's contenders, counted by
//! exact enumeration of the cards still to come ([`crate::equity`]; Monte Carlo, with its
//! standard error, only where enumeration would take long), the cards of every other player
//! known at that moment taken out of the deck. A player's *all-in adjusted* result is what they
//! won or lost with each pot's award replaced by that expectation; luck is the difference.
//!
//! The rake is taken as the site took it: the pots each player expects are cut by the share
//! of the pots the site kept, so that the adjusted results add up to the actual ones and the
//! luck of a hand to zero, but for money the room paid outside the pot. That money (GG's EV
//! Cashout, all-in insurance) is a side bet on the same cards: the adjusted result leaves it
//! out, so a player who cashed out at their equity has almost no luck in the hand, as they
//! chose.
//!
//! ```
//! use feltkit::luck::hand_luck;
//! use feltkit::phh::replay_text;
//! // Heads-up, all in on the turn: AcKd against QsQh on Ah 7d 2c 3s. Two queens of the 44
//! // rivers save p2.
//! let text = "variant = 'NT'\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n\
//!             starting_stacks = [100, 100]\nactions = ['d dh p1 AcKd', 'd dh p2 QsQh', \
//!             'p2 cc', 'p1 cc', 'd db Ah7d2c', 'p1 cc', 'p2 cc', 'd db 3s', 'p1 cbr 98', \
//!             'p2 cc', 'd db Qc']\n";
//! let report = replay_text(text, "t", false).remove(0);
//! let luck = hand_luck(&report).unwrap();
//! // p2 won the 200 chips; p1 expected 42/44 of them.
//! assert_eq!(luck.net, [-100.0, 100.0]);
//! assert!((luck.expected[0] - (200.0 * 42.0 / 44.0 - 100.0)).abs() < 1e-9);
//! assert!((luck.expected[0] + luck.expected[1]).abs() < 1e-9);
//! ```

use crate::card::{format_cards, Card};
use crate::catalog::Game;
use crate::equity::{calculate, plan, Method, Query};
use crate::phh::{HandReport, Status};
use crate::record::amount::format_chips;
use crate::record::table::HandTime;
use crate::rules::{Chips, HandState};

mod cashout;
pub mod graph;
mod icm;
mod insurance;
mod ledger;
mod sessions;

pub use cashout::{CashoutCheck, RoomOffer};
pub use icm::{prize_equity, EXACT_RUNOUTS, MAX_ICM_PLAYERS, SAMPLED_RUNOUTS};
pub use insurance::{InsuranceCheck, RoomInsurance};
pub use ledger::{Ledger, PlayerLuck};
pub use sessions::{hand_time_text, session_name, SessionClock};

/// The moment a hand's betting was over for good with cards still to come, as the replay saw
/// it ([`HandReport::all_in`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllInSpot {
    /// The game, as the equity counts it.
    pub game: Game,
    /// The action (from 1) after which no more betting could happen.
    pub action: usize,
    /// The board dealt by then.
    pub board: Vec<Option<Card>>,
    /// Each player's cards by then (`None`: not known). A card the record shows only later
    /// (at the showdown) is filled in at the end of the replay.
    pub holes: Vec<Vec<Option<Card>>>,
    /// Whether each player was still in the hand.
    pub live: Vec<bool>,
    /// Cards out of play known by then besides the players' (turnover's cards turned up).
    pub dead: Vec<Card>,
    /// The room's EV Cashouts the players chose after the moment ([`RoomOffer`]), filled in at
    /// the end of the replay.
    pub offers: Vec<RoomOffer>,
    /// The all-in insurances the players bought after the moment ([`RoomInsurance`]), filled
    /// in at the end of the replay.
    pub insured: Vec<RoomInsurance>,
}

impl AllInSpot {
    /// The moment as `hand` stands after action `action`.
    pub fn of(hand: &HandState, action: usize) -> AllInSpot {
        let n = hand.players();
        AllInSpot {
            game: hand.variant().game,
            action,
            board: hand.board().to_vec(),
            holes: (0..n).map(|p| hand.hole_cards(p).to_vec()).collect(),
            live: (0..n).map(|p| hand.is_live(p)).collect(),
            dead: hand.exposed_cards(),
            offers: Vec::new(),
            insured: Vec::new(),
        }
    }

    /// Fills the cards not known at the moment from `end`, the same hand at its end: the
    /// cards a player shows at the showdown were theirs all along. Each player's cards keep
    /// their places, so only the cards held at the moment are taken.
    pub fn fill_from(&mut self, end: &HandState) {
        for (p, cards) in self.holes.iter_mut().enumerate() {
            let last = end.hole_cards(p);
            for (k, c) in cards.iter_mut().enumerate() {
                if c.is_none() {
                    *c = last.get(k).copied().flatten();
                }
            }
        }
    }

    /// The street of the moment, in words: `preflop`, `flop`, `turn` in the board games,
    /// `3rd street` to `6th street` in stud.
    pub fn street(&self) -> String {
        if self.game.is_stud() {
            let cards = self.holes.iter().map(Vec::len).max().unwrap_or(0);
            return format!("{cards}{} street", if cards == 3 { "rd" } else { "th" });
        }
        match self.board.len() {
            0 => "preflop".into(),
            3 => "flop".into(),
            4 => "turn".into(),
            k => format!("{k} board cards"),
        }
    }
}

/// What luck did to the players of one hand.
#[derive(Clone, Debug, PartialEq)]
pub struct HandLuck {
    /// The players' names, p1 first (`p1`, `p2`, ... where the record names none).
    pub players: Vec<String>,
    /// The big blind, in the hand's unit (0 when the game has none).
    pub big_blind: f64,
    /// The hand's variant code (`NT`, `PO`, `F7S`, ...).
    pub game: String,
    /// The stakes: `tournament`, else the blinds in the hand's unit (`0.50/1`, `0/0` for a
    /// game without blinds).
    pub stake: String,
    /// When the hand started, when the record says (`time`, with `day`, `month`, `year`).
    pub time: Option<HandTime>,
    /// The file (or other source) the hand was read from.
    pub source: String,
    /// What each player won or lost, in the hand's unit, after the rake the site took.
    pub net: Vec<f64>,
    /// What each player would have won or lost with each pot at stake after the all-in
    /// awarded by expectation, and nothing paid outside the pot: `net` where the hand had no
    /// such moment (or it could not be settled).
    pub expected: Vec<f64>,
    /// The all-in moment, when the hand had one and it could be settled.
    pub all_in: Option<AllInEquity>,
    /// Why the hand had an all-in moment that could not be settled (cards not known, a game
    /// whose equity feltkit does not count).
    pub unsettled: Option<String>,
    /// Each EV Cashout the room paid in the hand, beside its own rule counted with exact
    /// equity.
    pub cashouts: Vec<CashoutCheck>,
    /// Each all-in insurance bought in the hand, its price beside the chance of losing the
    /// insured pot counted with exact equity.
    pub insurance: Vec<InsuranceCheck>,
    /// A tournament hand counted in prizes ([`hand_luck_in_prizes`]): `net` and `expected` are
    /// then prize equity by the Independent Chip Model, in the payouts' unit.
    pub prizes: Option<PrizeCount>,
}

/// How a tournament hand's prizes were counted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrizeCount {
    /// Whether every runout after the all-in was counted for the expected prizes (else
    /// random ones; `true` without an all-in).
    pub exact: bool,
    /// When runouts were sampled: the standard error of the expected prizes (the largest
    /// player's), in the payouts' unit.
    pub stderr: Option<f64>,
}

/// The equities of an all-in moment.
#[derive(Clone, Debug, PartialEq)]
pub struct AllInEquity {
    /// `preflop`, `flop`, `turn`, `3rd street`, ...
    pub street: String,
    /// Each pot at stake, main pot first: its chips (in the hand's unit) and each contender's
    /// share of it.
    pub pots: Vec<PotEquity>,
}

/// One pot's expectation.
#[derive(Clone, Debug, PartialEq)]
pub struct PotEquity {
    /// The pot, in the hand's unit, before rake.
    pub amount: f64,
    /// Each contender and their expected share of the pot (0 to 1), in player order.
    pub shares: Vec<(usize, f64)>,
    /// Whether every deal still to come was counted (else Monte Carlo).
    pub exact: bool,
    /// Monte Carlo's standard error of the largest share, when not exact.
    pub stderr: Option<f64>,
}

impl HandLuck {
    /// Luck: each player's result less their all-in adjusted result.
    pub fn luck(&self) -> Vec<f64> {
        self.net.iter().zip(&self.expected).map(|(n, e)| n - e).collect()
    }
}

/// The luck of a replayed hand; `None` when the hand did not replay to a settled result (its
/// status says why) or a stack was not known.
pub fn hand_luck(report: &HandReport) -> Option<HandLuck> {
    hand_luck_in_prizes(report, None)
}

/// The luck of a replayed hand as [`hand_luck`] gives it; a tournament hand, with `payouts`
/// (the prizes by place, first place first), counted in prize equity by the Independent Chip
/// Model ([`prize_equity`]) instead of chips: what the stacks after the hand are worth less
/// what they were worth before, and after an all-in the expectation of that over the ways the
/// pots could go. The players at the table are taken as the whole field: right for a
/// single-table tournament (a sit-and-go, a spin), an approximation at a multi-table
/// tournament's table.
pub fn hand_luck_in_prizes(report: &HandReport, payouts: Option<&[f64]>) -> Option<HandLuck> {
    if report.status != Status::Legal || report.unknown_stacks.iter().any(|&u| u) {
        return None;
    }
    let outcome = report.outcome.as_ref()?;
    let table = report.table.as_ref()?;
    let n = outcome.final_stacks.len();
    let unit = 10f64.powi(i32::from(report.places));
    let chips = |c: Chips| c.0 as f64 / unit;
    let rake: Vec<Chips> = match report.rake.as_ref() {
        Some(r) if r.taken.len() == n => r.taken.clone(),
        _ => vec![Chips::ZERO; n],
    };
    let net: Vec<f64> = (0..n)
        .map(|i| {
            let start = table.starting.get(i).copied().unwrap_or(Chips::ZERO);
            chips(outcome.final_stacks[i]) - chips(start) - chips(rake[i])
        })
        .collect();
    let players = (0..n)
        .map(|i| report.players.get(i).cloned().unwrap_or_else(|| format!("p{}", i + 1)))
        .collect();
    let stake = if table.tournament {
        "tournament".to_string()
    } else {
        let (small, big) = table.blind_sizes;
        format!("{}/{}", format_chips(small, report.places), format_chips(big, report.places))
    };
    let mut luck = HandLuck {
        players,
        big_blind: chips(table.blind_sizes.1),
        game: report.variant.clone(),
        stake,
        time: table.fields.time,
        source: report.source.clone(),
        expected: net.clone(),
        net,
        all_in: None,
        unsettled: None,
        cashouts: Vec::new(),
        insurance: Vec::new(),
        prizes: None,
    };
    let payouts = payouts.filter(|_| table.tournament);
    // The stacks before the hand, for a tournament hand counted in prizes only.
    let starting: Vec<f64> = match payouts {
        Some(_) => {
            (0..n).map(|i| chips(table.starting.get(i).copied().unwrap_or(Chips::ZERO))).collect()
        }
        None => Vec::new(),
    };
    let Some(spot) = report.all_in.as_deref() else {
        if let Some(payouts) = payouts {
            icm::in_prizes(&mut luck, None, outcome, &starting, payouts, &chips);
        }
        return Some(luck);
    };
    let equity = match pot_equities(spot, outcome, &chips) {
        Ok(e) => e,
        Err(why) => {
            luck.unsettled = Some(why);
            if let Some(payouts) = payouts {
                icm::in_prizes(&mut luck, None, outcome, &starting, payouts, &chips);
            }
            return Some(luck);
        }
    };
    // What each player took from the pots, and what they expected of them, both after the
    // share of the pots the site kept.
    let pots: f64 = equity.pots.iter().map(|p| p.amount).sum();
    let kept: f64 = rake.iter().map(|&c| chips(c)).sum();
    let left = if pots > 0.0 { 1.0 - kept / pots } else { 1.0 };
    // What each player took from the pots, after the rake.
    let from_pots: Vec<f64> = (0..n)
        .map(|i| {
            outcome
                .pots
                .iter()
                .flat_map(|p| &p.payouts)
                .filter(|(p, _)| *p == i)
                .map(|&(_, c)| chips(c))
                .sum::<f64>()
                - chips(rake[i])
        })
        .collect();
    for i in 0..n {
        let won = from_pots[i] + outcome.outside.get(i).map_or(0.0, |&c| chips(c));
        let expected: f64 = equity
            .pots
            .iter()
            .flat_map(|p| p.shares.iter().map(move |&(q, s)| (q, s * p.amount)))
            .filter(|(q, _)| *q == i)
            .map(|(_, x)| x)
            .sum();
        luck.expected[i] = luck.net[i] - won + expected * left;
    }
    luck.cashouts = cashout::check(spot, outcome, &chips, left, &from_pots);
    luck.insurance = insurance::check(spot, outcome);
    luck.all_in = Some(equity);
    if let Some(payouts) = payouts {
        icm::in_prizes(&mut luck, Some(spot), outcome, &starting, payouts, &chips);
    }
    Some(luck)
}

/// Why a hand's luck is not counted ([`hand_luck`] gives none): its status, in words.
pub fn not_counted(r: &HandReport) -> String {
    match &r.status {
        Status::Legal if r.unknown_stacks.iter().any(|&u| u) => "a stack not known".into(),
        Status::Legal => "no result".into(),
        Status::Illegal { number, reason, .. } => format!("illegal at action {number}: {reason}"),
        Status::BadSetup(why) => format!("illegal setup: {why}"),
        Status::Incomplete(why) => format!("unfinished: {why}"),
        Status::Unresolved(why) => format!("pots undecided: {why}"),
        Status::Unsupported(why) => format!("unsupported: {why}"),
        Status::Malformed { reason, .. } => format!("malformed: {reason}"),
        Status::Unreadable(why) => format!("unreadable: {why}"),
    }
}

/// The estimated single-core nanoseconds of exact enumeration an all-in moment is still
/// counted with (a fifth of a second: every hold'em and Omaha all-in of a heads-up pot, and the
/// later streets of stud); beyond it, Monte Carlo.
pub const EXACT_LIMIT: f64 = 2e8;

/// The standard error Monte Carlo runs to where exact enumeration would take longer than
/// [`EXACT_LIMIT`]: a tenth of a percent of the pot.
pub const MONTE_CARLO_STDERR: f64 = 0.001;

/// The equity query of a pot at `spot` among `contenders` on `board`: exact where the
/// enumeration is quick, else Monte Carlo to a fixed standard error (a hand's luck is one pot
/// among many: docs/luck.md).
fn pot_query(spot: &AllInSpot, contenders: &[usize], board: &[Card]) -> Result<Query, String> {
    let known =
        |p: usize| spot.holes.get(p).and_then(|h| h.iter().copied().collect::<Option<Vec<Card>>>());
    let mut hands = Vec::with_capacity(contenders.len());
    for &p in contenders {
        match known(p) {
            Some(cards) if !cards.is_empty() => hands.push(format_cards(&cards)),
            _ => return Err(format!("all in with the cards of p{} not known", p + 1)),
        }
    }
    // Every other card known at the moment is out of the deck.
    let dead: Vec<Card> = (0..spot.holes.len())
        .filter(|p| !contenders.contains(p))
        .flat_map(|p| spot.holes[p].iter().copied().flatten())
        .chain(spot.dead.iter().copied())
        .collect();
    let mut q = Query::new(spot.game, hands);
    q.board = format_cards(board);
    q.dead = format_cards(&dead);
    if plan(&q).is_ok_and(|(_, cost)| cost > EXACT_LIMIT) {
        q.method = Method::MonteCarlo;
        q.stderr = Some(MONTE_CARLO_STDERR);
    }
    Ok(q)
}

/// Each pot's contenders and their expected shares at `spot`.
fn pot_equities(
    spot: &AllInSpot,
    outcome: &crate::rules::Outcome,
    chips: &dyn Fn(Chips) -> f64,
) -> Result<AllInEquity, String> {
    if spot.game.entry().equity.is_none() {
        return Err(format!(
            "all in with cards to come in {}, whose equity feltkit does not count yet",
            spot.game.entry().name
        ));
    }
    let Some(board) = spot.board.iter().copied().collect::<Option<Vec<Card>>>() else {
        return Err("all in with a board card not known".into());
    };
    let mut pots = Vec::with_capacity(outcome.pots.len());
    for pot in &outcome.pots {
        let amount = chips(pot.amount);
        // The players in the hand at the moment who reached the pot's level (whoever mucked
        // at the showdown since was a contender all the same), in player order.
        let contenders: Vec<usize> = pot
            .contributors
            .iter()
            .copied()
            .filter(|&p| spot.live.get(p).copied().unwrap_or(false))
            .collect();
        if contenders.len() < 2 {
            let shares = contenders.iter().map(|&p| (p, 1.0)).collect();
            pots.push(PotEquity { amount, shares, exact: true, stderr: None });
            continue;
        }
        let q = pot_query(spot, &contenders, &board)?;
        let e = calculate(&q)
            .map_err(|e| format!("the equity of the all-in cannot be counted: {e}"))?;
        let exact = e.method == Method::Exhaustive;
        let stderr = e.players.iter().filter_map(|p| p.stderr).reduce(f64::max);
        let shares = contenders.iter().zip(&e.players).map(|(&p, r)| (p, r.equity)).collect();
        pots.push(PotEquity { amount, shares, exact, stderr: if exact { None } else { stderr } });
    }
    Ok(AllInEquity { street: spot.street(), pots })
}
