//! Each combo's counts: the [`Sink`] of [`by_hand`](super::by_hand).
//!
//! Every deal counted for the ranges is counted for exactly one combo of each player, so a
//! player's combos' counts add up to the plain counts. Two strategies count a class of deals
//! once for all its members (matchup first counts a matchup class, board first a class of
//! boards): their counts go to the representative's combos, and a combo's counts on the other
//! members are those of its image. A suit permutation `g` kept by the ranges maps the deals
//! where a player holds `c` onto those where it holds `g(c)`, so the counts gathered on the
//! representatives are averaged over the kept permutations: `count(c) = Σ_g raw(g(c)) / |G|`,
//! an exact integer division (the sum is the true count times `|G|`). When the permutations
//! do not keep every range's weights (exact hands among the ranges), matchup first instead
//! walks every matchup again and gives it its class's counts, times the matchup's weight.

use std::collections::HashMap;

use rayon::prelude::*;

use super::by_hand::HandCounts;
use super::holdem::HoldemSpot;
use super::iso;
use super::monte_carlo::tally_state;
use super::preflop;
use super::sink::{ClassKey, DealSink, Sink};
use super::tally::MAX_PLAYERS;
use super::tally::{Counts, Tally, TIE_UNIT};
use super::EquityError;
use crate::card::CardSet;
use crate::range::COMBOS;

/// Per player, counts indexed by combo index, and the matchup classes' counts waiting to be
/// spread over their combos.
#[derive(Clone, Debug, Default)]
pub(crate) struct PerCombo {
    players: usize,
    /// `counts[p][c]`: player `p`'s combo `c` (empty until something is counted).
    pub counts: Vec<Vec<HandCounts>>,
    /// Matchup first: each class's index and counts.
    classes: Vec<(usize, Counts)>,
}

impl PerCombo {
    fn grown(&mut self) -> &mut Vec<Vec<HandCounts>> {
        if self.counts.is_empty() {
            self.counts = vec![vec![HandCounts::default(); COMBOS]; self.players];
        }
        &mut self.counts
    }

    /// Player `p`'s counts with combo `c` (zero when never counted).
    pub fn get(&self, p: usize, c: usize) -> HandCounts {
        self.counts.get(p).map_or_else(HandCounts::default, |v| v[c])
    }

    /// Replaces every combo's counts by the average of its images' under `perms` (indices
    /// into [`iso::all_perms`]): see the module's comment.
    fn symmetrize(&mut self, perms: &[usize]) {
        let table = iso::combo_table();
        let order = perms.len().max(1) as u128;
        let raw = std::mem::take(self.grown());
        let mut out = vec![vec![HandCounts::default(); COMBOS]; self.players];
        for (p, per) in out.iter_mut().enumerate() {
            for (c, h) in per.iter_mut().enumerate() {
                for &g in perms {
                    h.add(&raw[p][table[g][c] as usize]);
                }
                debug_assert!(h.total % order == 0 && u128::from(h.deals) % order == 0);
                *h = HandCounts {
                    deals: (u128::from(h.deals) / order) as u64,
                    total: h.total / order,
                    wins: h.wins / order,
                    ties: h.ties / order,
                    tie_share: h.tie_share / order,
                    squares: 0,
                };
            }
        }
        self.counts = out;
    }
}

/// Adds a matchup's counts, times its weight, to player `p`'s combo (no squares: exhaustive).
fn add_matchup(h: &mut HandCounts, c: &Counts, p: usize, deals: u64, weight: u128) {
    h.deals += deals;
    h.total += u128::from(c.deals) * weight;
    h.wins += u128::from(c.wins[p]) * weight;
    h.ties += u128::from(c.ties[p]) * weight;
    h.tie_share += u128::from(c.shares[p]) * weight;
}

impl Sink for PerCombo {
    const ROWS: usize = 2;
    type Deals = ComboDeals;

    fn new(players: usize) -> PerCombo {
        PerCombo { players, ..PerCombo::default() }
    }

    fn merge(mut self, mut other: PerCombo) -> PerCombo {
        if self.counts.is_empty() {
            std::mem::swap(&mut self.counts, &mut other.counts);
        } else {
            for (x, y) in self.counts.iter_mut().zip(&other.counts) {
                for (c, d) in x.iter_mut().zip(y) {
                    c.add(d);
                }
            }
        }
        self.classes.append(&mut other.classes);
        self
    }

    fn add(&mut self, combos: &[u16], c: &Counts, weight: u128, deals: u64) {
        for (p, (per, &combo)) in self.grown().iter_mut().zip(combos).enumerate() {
            per[usize::from(combo)].add(&HandCounts {
                deals,
                total: u128::from(c.deals) * weight,
                wins: u128::from(c.wins[p]) * weight,
                ties: u128::from(c.ties[p]) * weight,
                tie_share: u128::from(c.shares[p]) * weight,
                squares: u128::from(c.squares[p]) * weight,
            });
        }
    }

    fn class(&mut self, index: usize, _: &ClassKey, _: (u64, u128), counts: &Counts) {
        self.classes.push((index, *counts));
    }

    fn settle_classes(&mut self, s: &HoldemSpot, classes: &[(ClassKey, (u64, u128))]) {
        let mut counts = vec![Counts::default(); classes.len()];
        for (i, c) in std::mem::take(&mut self.classes) {
            counts[i] = c;
        }
        let perms = iso::stabilizer(&[s.known_board(), s.dead()]);
        if symmetric(s, &perms) {
            // Each class's counts, times its weight, on its representative's combos, then
            // spread over their images.
            let per = self.grown();
            for ((key, (size, weight)), c) in classes.iter().zip(&counts) {
                for (p, combos) in per.iter_mut().enumerate() {
                    add_matchup(&mut combos[usize::from(key[p])], c, p, c.deals * size, *weight);
                }
            }
            self.symmetrize(&perms);
        } else {
            let keys: Vec<ClassKey> = classes.iter().map(|(k, _)| *k).collect();
            let walked = each_matchup(s, &keys, &counts, &perms);
            self.counts = walked;
        }
    }

    #[inline(always)]
    fn row(&mut self, p: usize, combo: u16, [wins, ties, total, deals]: [u64; 4]) {
        let h = &mut self.grown()[p][usize::from(combo)];
        h.wins += u128::from(wins);
        h.ties += u128::from(ties);
        h.tie_share += u128::from(ties) * u128::from(TIE_UNIT / 2);
        h.total += u128::from(total);
        h.deals += deals;
    }

    fn settle_rows(&mut self, perms: &[iso::SuitPerm]) {
        let all = iso::all_perms();
        let perms: Vec<usize> =
            perms.iter().filter_map(|g| all.iter().position(|x| x == g)).collect();
        self.symmetrize(&perms);
    }

    fn preflop(t: &preflop::Table, s: &HoldemSpot) -> Result<PerCombo, EquityError> {
        let mut out = PerCombo::new(2);
        let mut matchups = 0u64;
        let per = out.grown();
        for p in 0..2 {
            let (mine, theirs) = (&s.players[p], &s.players[1 - p]);
            for (x, r) in mine.iter().zip(t.rows(mine, theirs)) {
                let w = x.weight as u128;
                let ties = w * r.ties;
                if p == 0 {
                    matchups += r.matchups;
                }
                per[p][x.combo.index()] = HandCounts {
                    deals: r.matchups * preflop::BOARDS as u64,
                    total: w * r.weight * preflop::BOARDS as u128,
                    wins: w * r.wins,
                    ties,
                    tie_share: ties * (TIE_UNIT / 2) as u128,
                    squares: 0,
                };
            }
        }
        if matchups == 0 {
            return Err(EquityError::NoDeal);
        }
        Ok(out)
    }

    fn absorb(&mut self, deals: ComboDeals) {
        let per = self.grown();
        for (i, x) in deals.acc.iter().enumerate().filter(|(_, x)| x[0] > 0) {
            per[i / COMBOS][i % COMBOS].add(&HandCounts {
                deals: x[0],
                total: u128::from(x[0]),
                wins: u128::from(x[1]),
                ties: u128::from(x[2]),
                tie_share: u128::from(x[3]),
                squares: u128::from(x[4]),
            });
        }
    }

    fn state(&self) -> (u64, f64) {
        tally_state(&self.tally())
    }

    fn tally(&self) -> Tally {
        let mut t = Tally::new(self.players);
        for (p, combos) in self.counts.iter().enumerate() {
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
}

/// One Monte Carlo batch's counts per player and combo (player `p`'s combo `c` at
/// `p * COMBOS + c`), unweighted: deals, wins, ties, tie shares and squares.
pub(crate) struct ComboDeals {
    acc: Vec<[u64; 5]>,
}

impl DealSink for ComboDeals {
    const PER_COMBO: bool = true;

    fn new(players: usize) -> ComboDeals {
        ComboDeals { acc: vec![[0u64; 5]; players * COMBOS] }
    }

    fn merge(&mut self, other: &ComboDeals) {
        for (x, y) in self.acc.iter_mut().zip(&other.acc) {
            for k in 0..5 {
                x[k] += y[k];
            }
        }
    }

    #[inline(always)]
    fn showdown(&mut self, combos: &[u16], ranks: &[u16]) {
        let best = ranks.iter().copied().max().unwrap_or(0);
        let k = ranks.iter().filter(|&&r| r == best).count() as u64;
        let share = TIE_UNIT / k.max(1);
        for (p, (&r, &c)) in ranks.iter().zip(combos).enumerate() {
            let a = &mut self.acc[p * COMBOS + c as usize];
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
}

/// Whether every permutation kept (board and dead cards) keeps every player's weights too.
pub(crate) fn symmetric(s: &HoldemSpot, perms: &[usize]) -> bool {
    let table = iso::combo_table();
    s.players.iter().all(|combos| {
        let mut weights = vec![0u64; COMBOS];
        for w in combos {
            weights[w.combo.index()] = w.weight;
        }
        perms.iter().all(|&g| (0..COMBOS).all(|c| weights[c] == weights[table[g][c] as usize]))
    })
}

/// The class (smallest image under `perms`) of the matchup `pick`.
fn class_of(s: &HoldemSpot, pick: &[usize; MAX_PLAYERS], perms: &[usize]) -> ClassKey {
    let table = iso::combo_table();
    let mut best = [u16::MAX; MAX_PLAYERS];
    for &g in perms {
        let mut key = [0u16; MAX_PLAYERS];
        for i in 0..s.players.len() {
            key[i] = table[g][s.players[i][pick[i]].combo.index()];
        }
        if key < best {
            best = key;
        }
    }
    best
}

/// The per-combo counts by a walk over every matchup, each given its class's counts.
fn each_matchup(
    s: &HoldemSpot,
    classes: &[ClassKey],
    counts: &[Counts],
    perms: &[usize],
) -> Vec<Vec<HandCounts>> {
    let n = s.players.len();
    let index: HashMap<ClassKey, usize> =
        classes.iter().enumerate().map(|(i, k)| (*k, i)).collect();
    let first = &s.players[0];
    let empty = || vec![vec![HandCounts::default(); COMBOS]; n];
    (0..first.len())
        .into_par_iter()
        .fold(empty, |mut acc, i0| {
            let w = first[i0];
            let mut pick = [0usize; MAX_PLAYERS];
            pick[0] = i0;
            let mut visit = |pick: &[usize; MAX_PLAYERS], weight: u128| {
                // Every matchup's class was listed by the first walk.
                let Some(&c) = index.get(&class_of(s, pick, perms)) else { return };
                for (p, per) in acc.iter_mut().enumerate() {
                    let combo = s.players[p][pick[p]].combo.index();
                    add_matchup(&mut per[combo], &counts[c], p, counts[c].deals, weight);
                }
            };
            walk(s, 1, &mut pick, w.combo.set(), u128::from(w.weight), &mut visit);
            acc
        })
        .reduce(empty, |mut a, b| {
            for (x, y) in a.iter_mut().zip(&b) {
                for (c, d) in x.iter_mut().zip(y) {
                    c.add(d);
                }
            }
            a
        })
}

/// Visits every matchup that extends players `0..depth` (cards `used`, weight `weight`).
fn walk(
    s: &HoldemSpot,
    depth: usize,
    pick: &mut [usize; MAX_PLAYERS],
    used: CardSet,
    weight: u128,
    visit: &mut dyn FnMut(&[usize; MAX_PLAYERS], u128),
) {
    if depth == s.players.len() {
        visit(pick, weight);
        return;
    }
    for (i, w) in s.players[depth].iter().enumerate() {
        if w.combo.set().is_disjoint(used) {
            pick[depth] = i;
            let (used, weight) = (used.union(w.combo.set()), weight * u128::from(w.weight));
            walk(s, depth + 1, pick, used, weight, visit);
        }
    }
}
