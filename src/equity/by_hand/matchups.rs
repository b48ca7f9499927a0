//! Hand by hand, matchup first: the plain calculation's matchup classes (matchups equal up to
//! a suit permutation that keeps the board and the dead cards) are counted once each, as the
//! plain calculation counts them; then every matchup is walked again, its class looked up, and
//! the class's counts, times the matchup's weight, added to each player's combo in it. The
//! matchups of one class can differ in weight (the ranges need not be suit-symmetric), which is
//! why each matchup is attributed on its own rather than the class as a whole.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::super::holdem::{self, rank_pair, Setup, MAX_MATCHUP_CLASSES};
use super::super::tally::{Counts, MAX_PLAYERS};
use super::super::{iso, ranks, EquityError, Progress};
use super::{empty, merge, HandCounts, PerCombo};
use crate::card::{Card, CardSet};
use crate::range::{Combo, COMBOS};

/// Exact per-combo counts, matchup first.
pub(super) fn exhaustive(
    s: &Setup,
    progress: Option<&Progress<'_>>,
) -> Result<PerCombo, EquityError> {
    let estimate = s.class_estimate();
    if estimate > MAX_MATCHUP_CLASSES {
        return Err(EquityError::TooManyMatchups(estimate));
    }
    let classes: Vec<[u16; MAX_PLAYERS]> = holdem::matchup_classes(s)?.into_keys().collect();
    let n = s.players.len();
    let counts = class_counts(s, &classes, progress);
    let index: HashMap<[u16; MAX_PLAYERS], usize> =
        classes.iter().enumerate().map(|(i, k)| (*k, i)).collect();
    let perms = iso::stabilizer(&[s.known_board(), s.dead()]);
    let table = iso::combo_table();
    let first = &s.players[0];
    let out = (0..first.len())
        .into_par_iter()
        .fold(
            || empty(n),
            |mut acc, i0| {
                let w = first[i0];
                let mut pick = [0usize; MAX_PLAYERS];
                pick[0] = i0;
                let mut visit = |pick: &[usize; MAX_PLAYERS], weight: u128| {
                    let mut best = [u16::MAX; MAX_PLAYERS];
                    for &p in &perms {
                        let mut key = [0u16; MAX_PLAYERS];
                        for i in 0..n {
                            key[i] = table[p][s.players[i][pick[i]].combo.index()];
                        }
                        if key < best {
                            best = key;
                        }
                    }
                    // Every matchup's class was listed by the first walk.
                    let Some(&c) = index.get(&best) else { return };
                    for (p, per) in acc.iter_mut().enumerate() {
                        let combo = s.players[p][pick[p]].combo.index();
                        add(&mut per[combo], &counts[c], p, weight);
                    }
                };
                walk(s, 1, &mut pick, w.combo.set(), u128::from(w.weight), &mut visit);
                acc
            },
        )
        .reduce(|| empty(n), merge);
    debug_assert!(out.iter().all(|p| p.len() == COMBOS));
    Ok(out)
}

/// Visits every matchup that extends players `0..depth` (cards `used`, weight `weight`).
fn walk(
    s: &Setup,
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
            walk(
                s,
                depth + 1,
                pick,
                used.union(w.combo.set()),
                weight * u128::from(w.weight),
                visit,
            );
        }
    }
}

/// Adds a matchup's counts, times its weight, to player `p`'s combo.
fn add(h: &mut HandCounts, c: &Counts, p: usize, weight: u128) {
    h.deals += c.deals;
    h.total += u128::from(c.deals) * weight;
    h.wins += u128::from(c.wins[p]) * weight;
    h.ties += u128::from(c.ties[p]) * weight;
    h.tie_share += u128::from(c.shares[p]) * weight;
}

/// Each class's counts, as the plain calculation counts them: matchups whose players hold the
/// same ranks as one group.
fn class_counts(
    s: &Setup,
    classes: &[[u16; MAX_PLAYERS]],
    progress: Option<&Progress<'_>>,
) -> Vec<Counts> {
    let n = s.players.len();
    let holes: Vec<Vec<[Card; 2]>> = classes
        .iter()
        .map(|key| {
            key[..n]
                .iter()
                .filter_map(|i| Combo::from_index(*i as usize))
                .map(Combo::cards)
                .collect()
        })
        .collect();
    let mut groups: HashMap<Vec<[u8; 2]>, usize> = HashMap::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (c, h) in holes.iter().enumerate() {
        let next = groups.len();
        let g = *groups.entry(h.iter().map(|&pair| rank_pair(pair)).collect()).or_insert(next);
        if g == members.len() {
            members.push(Vec::new());
        }
        members[g].push(c);
    }
    let dead = s.dead();
    let done = AtomicU64::new(0);
    let total = classes.len().max(1) as u64;
    let per_group: Vec<Vec<Counts>> = members
        .par_iter()
        .with_min_len(1)
        .map(|group| {
            let matchups: Vec<Vec<[Card; 2]>> = group.iter().map(|&c| holes[c].clone()).collect();
            let plain = ranks::plain(&matchups[0], &s.board, dead);
            let counts = ranks::count_group(&plain, &matchups, &s.board, dead);
            let d = done.fetch_add(group.len() as u64, Ordering::Relaxed) + group.len() as u64;
            if let Some(f) = progress {
                f(d as f64 / total as f64);
            }
            counts
        })
        .collect();
    let mut out = vec![Counts::default(); classes.len()];
    for (group, counts) in members.iter().zip(per_group) {
        for (&c, counts) in group.iter().zip(counts) {
            out[c] = counts;
        }
    }
    out
}
