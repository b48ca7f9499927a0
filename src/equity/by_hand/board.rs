//! Hand by hand, board first (heads-up, wide ranges): the plain calculation's boards (one per
//! class of boards that a suit permutation keeping the ranges, board and dead cards maps onto
//! each other), every combo of either range ranked once per board and the combos sorted by
//! rank; each combo's wins, ties and weight are read off running sums of the other player's
//! weight below and equal to its rank, less the other player's combos that share one of its
//! cards. Both players' combos are counted from the same sort.
//!
//! A board stands for its class, but a combo's counts on the other boards of the class are
//! those of its image: a permutation `g` maps the deals where a player holds `c` on board `B`
//! onto those where it holds `g(c)` on `g(B)`. So the counts are gathered per combo on the
//! class representatives (`raw`, times the class size) and then averaged over the kept
//! permutations: `count(c) = Σ_g raw(g(c)) / |G|`, an exact integer division (the sum is the
//! true count times `|G|`).

use rayon::prelude::*;

use super::super::board_first::{canonical_boards, symmetries};
use super::super::holdem::Setup;
use super::super::iso;
use super::super::tally::TIE_UNIT;
use super::super::Progress;
use super::{HandCounts, PerCombo};
use crate::card::Card;
use crate::eval::standard::Hand;
use crate::range::{Combo, COMBOS};

/// One combo of either range on one board.
#[derive(Clone, Copy)]
struct Entry {
    rank: u16,
    combo: u16,
    a: u8,
    b: u8,
    w: [u64; 2],
}

/// Per player and combo: wins, ties and weight (weighted) and deals, on the class
/// representatives times the class sizes. `u64` holds them: a combo's weight against the other
/// range on one board is at most 1000 × 1326 × 1000, and the boards at most C(48, 5).
type Raw = Vec<[[u64; 4]; 2]>;

/// Exact per-combo counts of a heads-up setup, board first.
pub(super) fn exhaustive(s: &Setup, progress: Option<&Progress<'_>>) -> PerCombo {
    let perms = symmetries(s);
    let boards = canonical_boards(s, &perms);
    let mut weights = vec![[0u64; 2]; COMBOS];
    for (p, combos) in s.players.iter().enumerate().take(2) {
        for w in combos {
            weights[w.combo.index()][p] = w.weight;
        }
    }
    let combos: Vec<(usize, [Card; 2])> = (0..COMBOS)
        .filter(|&i| weights[i] != [0, 0])
        .filter_map(|i| Combo::from_index(i).map(|c| (i, c.cards())))
        .collect();
    let known = s.board.iter().fold(Hand::EMPTY, |h, c| h.add(*c));
    let deck: Vec<Card> = (0..52u8).filter_map(Card::from_index).collect();
    let total = boards.len() as u64;
    let done = std::sync::atomic::AtomicU64::new(0);
    let raw: Raw = boards
        .par_iter()
        .fold(
            || vec![[[0u64; 4]; 2]; COMBOS],
            |mut acc, &(bits, mult)| {
                let board = deck
                    .iter()
                    .filter(|c| bits >> c.index() & 1 == 1)
                    .fold(known, |h, c| h.add(*c));
                let mut entries: Vec<Entry> = combos
                    .iter()
                    .filter(|(_, [a, b])| (bits >> a.index() | bits >> b.index()) & 1 == 0)
                    .map(|&(i, [a, b])| Entry {
                        rank: board.add(a).add(b).rank7().value(),
                        combo: i as u16,
                        a: a.index(),
                        b: b.index(),
                        w: weights[i],
                    })
                    .collect();
                count_board(&mut entries, mult, &mut acc);
                let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                if let Some(f) = progress
                    && (d.is_multiple_of(1024) || d == total)
                {
                    f(d as f64 / total as f64);
                }
                acc
            },
        )
        .reduce(
            || vec![[[0u64; 4]; 2]; COMBOS],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(&b) {
                    for p in 0..2 {
                        for k in 0..4 {
                            x[p][k] += y[p][k];
                        }
                    }
                }
                a
            },
        );
    symmetrize(&raw, &perms)
}

/// The counts of every combo from the class representatives' (see the module's comment).
fn symmetrize(raw: &Raw, perms: &[iso::SuitPerm]) -> PerCombo {
    let images: Vec<Vec<usize>> = perms
        .iter()
        .map(|g| {
            (0..COMBOS)
                .map(|i| {
                    Combo::from_index(i)
                        .and_then(|c| {
                            let [a, b] = c.cards();
                            Combo::new(iso::map_card(g, a), iso::map_card(g, b))
                        })
                        .map_or(i, Combo::index)
                })
                .collect()
        })
        .collect();
    let order = perms.len().max(1) as u128;
    let half = u128::from(TIE_UNIT / 2);
    let mut out = super::empty(2);
    for (p, per) in out.iter_mut().enumerate() {
        for (c, h) in per.iter_mut().enumerate() {
            let mut sum = [0u128; 4];
            for image in &images {
                for (k, s) in sum.iter_mut().enumerate() {
                    *s += u128::from(raw[image[c]][p][k]);
                }
            }
            debug_assert!(sum.iter().all(|s| s % order == 0), "{sum:?} over {order}");
            let [wins, ties, total, deals] = sum.map(|s| s / order);
            *h = HandCounts {
                deals: deals as u64,
                total,
                wins,
                ties,
                tie_share: ties * half,
                squares: 0,
            };
        }
    }
    out
}

/// Adds one board's counts of every combo, times `mult`.
fn count_board(entries: &mut [Entry], mult: u64, acc: &mut Raw) {
    // Each player's weight and combo count, in all and per card.
    let mut all = [0u64; 2];
    let mut card = [[0u64; 52]; 2];
    let mut n = [0u64; 2];
    let mut ncard = [[0u64; 52]; 2];
    for e in entries.iter() {
        for p in 0..2 {
            if e.w[p] > 0 {
                all[p] += e.w[p];
                card[p][e.a as usize] += e.w[p];
                card[p][e.b as usize] += e.w[p];
                n[p] += 1;
                ncard[p][e.a as usize] += 1;
                ncard[p][e.b as usize] += 1;
            }
        }
    }
    entries.sort_unstable_by_key(|e| e.rank);
    let mut below_all = [0u64; 2];
    let mut below = [[0u64; 52]; 2];
    let mut eq = [[0u64; 52]; 2];
    let mut start = 0;
    while start < entries.len() {
        let rank = entries[start].rank;
        let mut end = start;
        let mut eq_all = [0u64; 2];
        while end < entries.len() && entries[end].rank == rank {
            let e = entries[end];
            for p in 0..2 {
                eq_all[p] += e.w[p];
                eq[p][e.a as usize] += e.w[p];
                eq[p][e.b as usize] += e.w[p];
            }
            end += 1;
        }
        for e in &entries[start..end] {
            let (a, b) = (e.a as usize, e.b as usize);
            for p in 0..2 {
                let w = e.w[p];
                if w == 0 {
                    continue;
                }
                // The other player's combos: those sharing a card with this one are taken out
                // per card, and the one with the same two cards (taken out twice) put back.
                let o = 1 - p;
                let own = e.w[o];
                let r = &mut acc[e.combo as usize][p];
                r[0] += mult * w * (below_all[o] - below[o][a] - below[o][b]);
                r[1] += mult * w * (eq_all[o] + own - eq[o][a] - eq[o][b]);
                r[2] += mult * w * (all[o] + own - card[o][a] - card[o][b]);
                r[3] += mult * (n[o] + u64::from(own > 0) - ncard[o][a] - ncard[o][b]);
            }
        }
        for e in &entries[start..end] {
            for p in 0..2 {
                below_all[p] += e.w[p];
                below[p][e.a as usize] += e.w[p];
                below[p][e.b as usize] += e.w[p];
                eq[p][e.a as usize] = 0;
                eq[p][e.b as usize] = 0;
            }
        }
        start = end;
    }
}
