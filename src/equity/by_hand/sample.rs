//! Hand by hand, Monte Carlo: the plain hold'em sampler's deals, drawn the same way from the
//! same generators (batch `b` from its own generator under the seed, rounds of fixed sizes), so
//! that the same seed gives the same deals as the plain calculation on any thread count; each
//! deal is counted under the combo each player was dealt.
//!
//! Players' combos are drawn in turn by weight and the whole deal redrawn on a clash; a player
//! whose range is every two cards left, equally weighted, is dealt two cards from the deck after
//! the board (see the plain sampler, `holdem_sample.rs`, for why this is exact).

use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use super::super::deal::Uniform32;
use super::super::holdem::Setup;
use super::super::holdem_sample::HoldemSampler;
use super::super::monte_carlo::{batch_rng, drive, tally_state, BATCH};
use super::super::tally::{Tally, MAX_PLAYERS, TIE_UNIT};
use super::super::{EquityError, Progress, Query};
use super::{empty, HandCounts, PerCombo};
use crate::card::{Card, Rank, Suit};
use crate::eval::standard::Hand;
use crate::range::{Combo, COMBOS};

/// The plain sampler, and what names the combos it deals.
struct Sampler {
    plain: HoldemSampler,
    /// Per player, the combo index of each combo of its range, in the range's order.
    combos: Vec<Vec<u16>>,
    /// The combo index of two card indices.
    pair: Vec<u16>,
}

/// Per player and combo, unweighted: deals, wins, ties, tie shares and squares.
type Batch = Vec<[u64; 5]>;

impl Sampler {
    fn new(s: &Setup) -> Sampler {
        let combos =
            s.players.iter().map(|p| p.iter().map(|w| w.combo.index() as u16).collect()).collect();
        let mut pair = vec![0u16; 52 * 52];
        for c in Combo::all() {
            let [a, b] = c.cards();
            pair[a.index() as usize * 52 + b.index() as usize] = c.index() as u16;
            pair[b.index() as usize * 52 + a.index() as usize] = c.index() as u16;
        }
        Sampler { plain: HoldemSampler::new(s), combos, pair }
    }

    /// Draws and counts `deals` deals into `acc` (player `p`'s combo `c` at `p * COMBOS + c`),
    /// the plain sampler's deals one for one.
    fn sample(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        deals: u64,
        acc: &mut Batch,
    ) -> Result<(), EquityError> {
        let n = self.combos.len();
        let mut hands = [Hand::EMPTY; MAX_PLAYERS];
        let mut places = [0usize; MAX_PLAYERS];
        let mut picks = [0u16; MAX_PLAYERS];
        let mut ranks = [0u16; MAX_PLAYERS];
        let mut dealt = [[Card::new(Rank::TWO, Suit::CLUBS); 2]; MAX_PLAYERS];
        let mut deck = self.plain.deck_copy();
        let mut bits = Uniform32::default();
        for _ in 0..deals {
            let used = self.plain.draw_players(rng, &mut hands, &mut places)?;
            let board =
                self.plain.complete(rng, &mut bits, &mut deck, used, &mut hands, &mut dealt);
            for p in 0..n {
                picks[p] = if self.plain.is_free(p) {
                    let [a, b] = dealt[p];
                    self.pair[a.index() as usize * 52 + b.index() as usize]
                } else {
                    self.combos[p][places[p]]
                };
                ranks[p] = (hands[p] + board).rank7().value();
            }
            count(&ranks[..n], &picks[..n], acc);
        }
        Ok(())
    }
}

/// Counts one showdown under each player's combo.
#[inline(always)]
fn count(ranks: &[u16], picks: &[u16], acc: &mut Batch) {
    let best = ranks.iter().copied().max().unwrap_or(0);
    let k = ranks.iter().filter(|&&r| r == best).count() as u64;
    let share = TIE_UNIT / k.max(1);
    for (p, (&r, &c)) in ranks.iter().zip(picks).enumerate() {
        let a = &mut acc[p * COMBOS + c as usize];
        a[0] += 1;
        if r == best {
            if k == 1 {
                a[1] += 1;
                a[4] += TIE_UNIT * TIE_UNIT;
            } else {
                a[2] += 1;
                a[3] += share;
                a[4] += share * share;
            }
        }
    }
}

/// Runs batches until the query's stopping rule holds (the plain driver's rule and rounds).
pub(super) fn run(
    q: &Query,
    s: &Setup,
    progress: Option<&Progress<'_>>,
) -> Result<PerCombo, EquityError> {
    let sampler = Sampler::new(s);
    let n = s.players.len();
    let mut totals = empty(n);
    drive(q, progress, |batches, limit| {
        let batch = batches
            .into_par_iter()
            .try_fold(
                || vec![[0u64; 5]; n * COMBOS],
                |mut acc, b| {
                    let deals = BATCH.min(limit - b * BATCH);
                    sampler.sample(&mut batch_rng(q.seed, b), deals, &mut acc).map(|_| acc)
                },
            )
            .try_reduce(
                || vec![[0u64; 5]; n * COMBOS],
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(&b) {
                        for k in 0..5 {
                            x[k] += y[k];
                        }
                    }
                    Ok(a)
                },
            )?;
        for (i, x) in batch.iter().enumerate().filter(|(_, x)| x[0] > 0) {
            let h = &mut totals[i / COMBOS][i % COMBOS];
            h.add(&HandCounts {
                deals: x[0],
                total: u128::from(x[0]),
                wins: u128::from(x[1]),
                ties: u128::from(x[2]),
                tie_share: u128::from(x[3]),
                squares: u128::from(x[4]),
            });
        }
        Ok(tally_state(&tally_of(&totals)))
    })?;
    Ok(totals)
}

/// The whole ranges' tally of per-combo counts.
pub(super) fn tally_of(counts: &PerCombo) -> Tally {
    let mut t = Tally::new(counts.len());
    for (p, combos) in counts.iter().enumerate() {
        for c in combos {
            if p == 0 {
                t.deals += c.deals;
                t.total += c.total;
            }
            t.wins[p] += c.wins;
            t.ties[p] += c.ties;
            t.shares[p] += c.tie_share;
            t.squares[p] += c.squares;
        }
    }
    t
}
