//! Random hold'em deals for Monte Carlo.
//!
//! Players' combos are drawn in turn, each with probability proportional to its weight; if a
//! combo shares a card with one drawn before, the *whole* deal is redrawn. Redrawing only the
//! clashing player would favour combos that clash less; redrawing the deal samples exactly the
//! product of the weights restricted to deals without shared cards. The board is then completed
//! from the cards left, each card uniform among those not yet used.

use rand::{Rng, RngCore};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::holdem::Setup;
use super::monte_carlo::Sampler;
use super::tally::{Counts, MAX_PLAYERS};
use super::EquityError;
use crate::card::Card;
use crate::eval::standard::Hand;

/// Redraws allowed for one deal before the ranges are declared too overlapping.
const MAX_REDRAWS: u32 = 1_000_000;

struct Player {
    /// Card masks of the combos.
    masks: Vec<u64>,
    /// Hole-card sums of the combos.
    hands: Vec<Hand>,
    /// Cumulative weights (exclusive prefix sums end at `total`).
    cumulative: Vec<u64>,
    total: u64,
}

impl Player {
    #[inline(always)]
    fn draw(&self, rng: &mut Xoshiro256PlusPlus) -> usize {
        if self.masks.len() == 1 {
            return 0;
        }
        let x = rng.random_range(0..self.total);
        // The first combo whose cumulative weight exceeds x.
        self.cumulative.partition_point(|&c| c <= x)
    }
}

/// The hold'em sampler of one setup.
pub(crate) struct HoldemSampler {
    players: Vec<Player>,
    deck: Vec<Card>,
    known: u64,
    board: Hand,
    left: usize,
}

impl HoldemSampler {
    /// Prepares the cumulative weights of each player.
    pub fn new(s: &Setup) -> HoldemSampler {
        let players = s
            .players
            .iter()
            .map(|combos| {
                let mut total = 0;
                let mut cumulative = Vec::with_capacity(combos.len());
                for w in combos {
                    total += w.weight;
                    cumulative.push(total);
                }
                Player {
                    masks: combos.iter().map(|w| w.combo.set().bits()).collect(),
                    hands: combos
                        .iter()
                        .map(|w| {
                            let [a, b] = w.combo.cards();
                            Hand::EMPTY.add(a).add(b)
                        })
                        .collect(),
                    cumulative,
                    total,
                }
            })
            .collect();
        let board = s.board.iter().fold(Hand::EMPTY, |h, c| h.add(*c));
        let deck =
            (0..52u8).filter_map(Card::from_index).filter(|c| !s.known.contains(*c)).collect();
        HoldemSampler { players, deck, known: s.known.bits(), board, left: s.board_left() }
    }
}

impl Sampler for HoldemSampler {
    fn players(&self) -> usize {
        self.players.len()
    }

    fn sample(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        deals: u64,
        counts: &mut Counts,
    ) -> Result<(), EquityError> {
        let n = self.players.len();
        let mut hands = [Hand::EMPTY; MAX_PLAYERS];
        let mut ranks = [0u16; MAX_PLAYERS];
        let deck_len = self.deck.len() as u64;
        for _ in 0..deals {
            let mut redraws = 0;
            let mut used;
            'deal: loop {
                used = self.known;
                for (p, player) in self.players.iter().enumerate() {
                    let i = player.draw(rng);
                    let m = player.masks[i];
                    if used & m != 0 {
                        redraws += 1;
                        if redraws > MAX_REDRAWS {
                            return Err(EquityError::NoDeal);
                        }
                        continue 'deal;
                    }
                    used |= m;
                    hands[p] = player.hands[i];
                }
                break;
            }
            let mut board = self.board;
            for _ in 0..self.left {
                loop {
                    // Lemire's multiply-shift; the bias over 52 cards is below 2^-58.
                    let i = ((rng.next_u64() as u128 * deck_len as u128) >> 64) as usize;
                    let c = self.deck[i];
                    let bit = 1u64 << c.index();
                    if used & bit == 0 {
                        used |= bit;
                        board = board.add(c);
                        break;
                    }
                }
            }
            if n == 2 {
                counts.heads_up((hands[0] + board).rank7(), (hands[1] + board).rank7(), 1);
            } else {
                for p in 0..n {
                    ranks[p] = (hands[p] + board).rank7().value();
                }
                counts.showdown(&ranks[..n], 1);
            }
        }
        if n == 2 {
            counts.finish_heads_up();
        }
        Ok(())
    }
}
