//! Turnover: three hole cards each; after the flop every player turns one face up, and the
//! showdown is the best five of the two hole cards left and the five board cards.
//!
//! Which card a player turns up is a strategy, not a rule; equity needs one, so feltkit uses a
//! simple, deterministic one and documents it: **a player keeps the two hole cards that make
//! the best five-card hand with the flop**; on equal hands, the pair with the higher top card,
//! then the higher second card, then a suited pair over an offsuit one, then the pair that
//! turns up the card of lowest index. Players given two cards have already turned up their
//! third (name it with `--dead`, where it changes nothing but the deck).

use rayon::prelude::*;

use super::deal::{each_subset, Batch};
use super::holdem::choose;
use super::monte_carlo::Sampler;
use super::query::ParsedQuery;
use super::tally::{Counts, Tally, MAX_PLAYERS};
use super::{EquityError, Progress};
use crate::card::Card;
use crate::eval::standard::Hand;

/// A turnover spot: each player's hole cards, the known board and the cards left.
#[derive(Clone, Debug)]
pub(crate) struct TurnoverSpot {
    holes: Vec<Vec<Card>>,
    board: Vec<Card>,
    deck: Vec<Card>,
}

impl TurnoverSpot {
    /// Reads the players' cards and the deck left.
    pub fn new(q: &ParsedQuery) -> Result<TurnoverSpot, EquityError> {
        let holes = q.known_cards();
        let counts: Vec<usize> = holes.iter().map(Vec::len).collect();
        if counts.iter().any(|&n| n != counts[0]) {
            return Err(EquityError::TurnoverStage(format!(
                "players hold {counts:?} hole cards: all hold 3 (before the expose) or all 2 \
                 (after it)"
            )));
        }
        if counts[0] == 2 && q.board.len() < 3 {
            return Err(EquityError::TurnoverStage(
                "2 hole cards means the expose after the flop: give the flop with --board".into(),
            ));
        }
        let deck = q.cards_left();
        let needed = 5 - q.board.len();
        if needed > deck.len() {
            return Err(EquityError::DeckTooSmall { left: deck.len(), needed });
        }
        Ok(TurnoverSpot { holes, board: q.board.clone(), deck })
    }

    /// The number of distinct deals (flop, then turn and river).
    pub fn deals(&self) -> f64 {
        let left = self.deck.len() as u64;
        if self.board.len() >= 3 {
            choose(left, 5 - self.board.len() as u64) as f64
        } else {
            choose(left, 3) as f64 * choose(left - 3, 2) as f64
        }
    }

    /// The estimated single-core nanoseconds of exhaustive enumeration.
    pub fn exhaustive_cost(&self) -> f64 {
        // Measured (`equity-calibrate`, docs/performance.md): about 5 ns per player and deal.
        self.deals() * self.holes.len() as f64 * 5.0
    }
}

/// The two hole cards a player keeps after seeing the flop (see the module docs).
pub fn keep(hole: &[Card], flop: &[Card]) -> [Card; 2] {
    if let [a, b] = hole {
        return [*a, *b];
    }
    let flop_hand = flop.iter().fold(Hand::EMPTY, |h, c| h.add(*c));
    // The kept pair and its sort key: hand with the flop, top card, second card, suited.
    type Keep = ([Card; 2], (u16, u8, u8, bool));
    let mut best: Option<Keep> = None;
    // Exposing hole[i] keeps the other two; lowest exposed index wins remaining ties.
    let mut order: Vec<usize> = (0..hole.len()).collect();
    order.sort_by_key(|&i| hole[i].index());
    for &out in &order {
        let kept: Vec<Card> = (0..hole.len()).filter(|&i| i != out).map(|i| hole[i]).collect();
        let (a, b) = (kept[0], kept[1]);
        let rank = flop_hand.add(a).add(b).rank().map_or(0, |r| r.value());
        let (hi, lo) = if a.rank() >= b.rank() { (a, b) } else { (b, a) };
        let key = (rank, hi.rank().index(), lo.rank().index(), a.suit() == b.suit());
        if best.is_none_or(|(_, k)| key > k) {
            best = Some(([a, b], key));
        }
    }
    best.map_or([hole[0], hole[1]], |b| b.0)
}

fn hands_for(s: &TurnoverSpot, flop: &[Card]) -> [Hand; MAX_PLAYERS] {
    let mut hands = [Hand::EMPTY; MAX_PLAYERS];
    for (p, hole) in s.holes.iter().enumerate() {
        let [a, b] = keep(hole, flop);
        hands[p] = Hand::EMPTY.add(a).add(b);
    }
    hands
}

fn showdown(hands: &[Hand], board: Hand, counts: &mut Counts) {
    let mut ranks = [0u16; MAX_PLAYERS];
    for (r, h) in ranks.iter_mut().zip(hands) {
        *r = (*h + board).rank7().value();
    }
    counts.showdown(&ranks[..hands.len()], 1);
}

/// Exact counts over every deal.
pub(crate) fn exhaustive(s: &TurnoverSpot, progress: Option<&Progress<'_>>) -> Tally {
    let n = s.holes.len();
    let known = s.board.iter().fold(Hand::EMPTY, |h, c| h.add(*c));
    if s.board.len() >= 3 {
        let hands = hands_for(s, &s.board[..3]);
        let mut c = Counts::default();
        each_subset(&s.deck, 5 - s.board.len(), 0, known, &|h: Hand, c| h.add(c), &mut |_, b| {
            showdown(&hands[..n], b, &mut c)
        });
        let mut t = Tally::new(n);
        t.add(&c, 1, c.deals);
        return t;
    }
    // No flop yet: the flop decides what each player keeps.
    let mut flops = Vec::new();
    each_subset(&s.deck, 3, 0u64, (), &|_, _| (), &mut |m, _| flops.push(m));
    let work = super::Items::new(progress, flops.len());
    flops
        .par_iter()
        .fold(
            || Tally::new(n),
            |mut t, &mask| {
                work.start();
                let flop: Vec<Card> =
                    s.deck.iter().copied().filter(|c| mask >> c.index() & 1 == 1).collect();
                let hands = hands_for(s, &flop);
                let board = flop.iter().fold(Hand::EMPTY, |h, c| h.add(*c));
                let rest: Vec<Card> =
                    s.deck.iter().copied().filter(|c| mask >> c.index() & 1 == 0).collect();
                let mut c = Counts::default();
                each_subset(&rest, 2, 0, board, &|h: Hand, c| h.add(c), &mut |_, b| {
                    showdown(&hands[..n], b, &mut c)
                });
                t.add(&c, 1, c.deals);
                work.finish(1);
                t
            },
        )
        .reduce(|| Tally::new(n), Tally::merge)
}

/// Random turnover deals.
pub(crate) struct TurnoverSampler {
    setup: TurnoverSpot,
    /// Known-flop hands, when the flop is given.
    fixed: Option<[Hand; MAX_PLAYERS]>,
}

impl TurnoverSampler {
    /// Prepares the sampler.
    pub fn new(s: &TurnoverSpot) -> TurnoverSampler {
        let fixed = (s.board.len() >= 3).then(|| hands_for(s, &s.board[..3]));
        TurnoverSampler { setup: s.clone(), fixed }
    }
}

impl Sampler for TurnoverSampler {
    fn players(&self) -> usize {
        self.setup.holes.len()
    }

    fn sample(&self, batch: Batch, counts: &mut Counts) -> Result<(), EquityError> {
        crate::cpu::fast(
            #[inline(always)]
            || self.sample_on(batch, counts),
        )
    }
}

impl TurnoverSampler {
    /// [`Sampler::sample`]'s loop, compiled into each of `cpu::fast`'s copies.
    #[inline(always)]
    fn sample_on(&self, mut batch: Batch, counts: &mut Counts) -> Result<(), EquityError> {
        let s = &self.setup;
        let n = s.holes.len();
        let mut board = [Card::new(crate::card::Rank::TWO, crate::card::Suit::CLUBS); 5];
        let known = s.board.len().min(5);
        board[..known].copy_from_slice(&s.board[..known]);
        for _ in 0..batch.deals {
            let mut used = 0u64;
            for c in &mut board[known..] {
                *c = batch.draw(&s.deck, &mut used);
            }
            let hands = match &self.fixed {
                Some(h) => *h,
                None => hands_for(s, &board[..3]),
            };
            let b = board.iter().fold(Hand::EMPTY, |h, c| h.add(*c));
            showdown(&hands[..n], b, counts);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::testing::cards;

    #[test]
    fn hole_cards_must_describe_one_moment_of_the_game() {
        let setup = |players: &[&str], board: &str| {
            let mut q =
                crate::equity::Query::new(crate::equity::Game::Turnover, players.iter().copied());
            q.board = board.into();
            TurnoverSpot::new(&q.parse().unwrap())
        };
        assert!(matches!(setup(&["AhKd7c", "9s9h"], "2c3d4h"), Err(EquityError::TurnoverStage(_))));
        assert!(matches!(setup(&["AhKd", "9s9h"], ""), Err(EquityError::TurnoverStage(_))));
        assert!(setup(&["AhKd", "9s9h"], "2c3d4h").is_ok());
        assert!(setup(&["AhKd7c", "9s9h2c"], "").is_ok());
    }

    #[test]
    fn a_player_keeps_the_pair_that_makes_the_best_hand_with_the_flop() {
        // Kings full beats a pair of sevens.
        assert_eq!(keep(&cards("KhKd7c"), &cards("Ks7d2h")), [cards("Kh")[0], cards("Kd")[0]]);
        // Nothing connects: keep the two highest cards.
        let kept = keep(&cards("Ah2d9c"), &cards("Ks7d4h"));
        assert_eq!(kept, [cards("Ah")[0], cards("9c")[0]]);
        // Two cards: nothing to choose.
        assert_eq!(keep(&cards("Ah2d"), &cards("Ks7d4h")), [cards("Ah")[0], cards("2d")[0]]);
    }
}
