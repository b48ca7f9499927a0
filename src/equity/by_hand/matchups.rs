//! Hand by hand, matchup first: the plain calculation's matchup classes (matchups equal up to
//! a suit permutation that keeps the board and the dead cards) are counted once each, as the
//! plain calculation counts them; then every matchup is walked again, its class looked up, and
//! the class's counts, times the matchup's weight, added to each player's combo in it. The
//! matchups of one class can differ in weight (the ranges need not be suit-symmetric), which is
//! why each matchup is attributed on its own rather than the class as a whole. When the
//! permutations keep every range's weights (ranges written as classes, no exact hands), the
//! second walk is not needed: a class's counts go to its representative's combos and are then
//! spread over their images, as board first does with boards.

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
    let (classes, sizes): (Vec<[u16; MAX_PLAYERS]>, Vec<(u64, u128)>) =
        holdem::matchup_classes(s)?.into_iter().unzip();
    let counts = class_counts(s, &classes, progress);
    let perms = iso::stabilizer(&[s.known_board(), s.dead()]);
    if symmetric(s, &perms) {
        return Ok(spread(s, &classes, &sizes, &counts, &perms));
    }
    Ok(each_matchup(s, &classes, &counts, &perms))
}

/// The per-combo counts by a walk over every matchup, each given its class's counts.
fn each_matchup(
    s: &Setup,
    classes: &[[u16; MAX_PLAYERS]],
    counts: &[Counts],
    perms: &[usize],
) -> PerCombo {
    let n = s.players.len();
    let table = iso::combo_table();
    let index: HashMap<[u16; MAX_PLAYERS], usize> =
        classes.iter().enumerate().map(|(i, k)| (*k, i)).collect();
    let first = &s.players[0];
    (0..first.len())
        .into_par_iter()
        .fold(
            || empty(n),
            |mut acc, i0| {
                let w = first[i0];
                let mut pick = [0usize; MAX_PLAYERS];
                pick[0] = i0;
                let mut visit = |pick: &[usize; MAX_PLAYERS], weight: u128| {
                    let mut best = [u16::MAX; MAX_PLAYERS];
                    for &p in perms {
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
        .reduce(|| empty(n), merge)
}

/// Whether every permutation kept (board and dead cards) keeps every player's weights too.
pub(super) fn symmetric(s: &Setup, perms: &[usize]) -> bool {
    let table = iso::combo_table();
    s.players.iter().all(|combos| {
        let mut weights = vec![0u64; COMBOS];
        for w in combos {
            weights[w.combo.index()] = w.weight;
        }
        perms.iter().all(|&g| (0..COMBOS).all(|c| weights[c] == weights[table[g][c] as usize]))
    })
}

/// The per-combo counts when the permutations keep the weights: each class's counts, times
/// its weight, go to its representative's combos, then each combo takes the average of its
/// images' (a permutation maps the matchups where a player holds `c` onto those where it
/// holds `g(c)`, with the same weight; see `board.rs` for the same step on boards).
fn spread(
    s: &Setup,
    classes: &[[u16; MAX_PLAYERS]],
    sizes: &[(u64, u128)],
    counts: &[Counts],
    perms: &[usize],
) -> PerCombo {
    let n = s.players.len();
    let mut raw = empty(n);
    for ((key, &(size, weight)), c) in classes.iter().zip(sizes).zip(counts) {
        for (p, per) in raw.iter_mut().enumerate() {
            let h = &mut per[key[p] as usize];
            h.deals += c.deals * size;
            h.total += u128::from(c.deals) * weight;
            h.wins += u128::from(c.wins[p]) * weight;
            h.ties += u128::from(c.ties[p]) * weight;
            h.tie_share += u128::from(c.shares[p]) * weight;
        }
    }
    let table = iso::combo_table();
    let order = perms.len().max(1);
    let mut out = empty(n);
    for (p, per) in out.iter_mut().enumerate() {
        for (c, h) in per.iter_mut().enumerate() {
            for &g in perms {
                h.add(&raw[p][table[g][c] as usize]);
            }
            debug_assert!(h.total % order as u128 == 0 && h.deals % order as u64 == 0);
            *h = HandCounts {
                deals: h.deals / order as u64,
                total: h.total / order as u128,
                wins: h.wins / order as u128,
                ties: h.ties / order as u128,
                tie_share: h.tie_share / order as u128,
                squares: 0,
            };
        }
    }
    out
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
    // Within a long group, the progress so far again: where a stop flag is read.
    let poll = || {
        if let Some(f) = progress {
            f(done.load(Ordering::Relaxed) as f64 / total as f64);
        }
    };
    let per_group: Vec<Vec<Counts>> = members
        .par_iter()
        .with_min_len(1)
        .map(|group| {
            let matchups: Vec<Vec<[Card; 2]>> = group.iter().map(|&c| holes[c].clone()).collect();
            let plain = ranks::plain(&matchups[0], &s.board, dead);
            let counts = ranks::count_group(&plain, &matchups, &s.board, dead, &poll);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::{Game, Query};

    /// For suit-symmetric ranges, spreading the classes over their images gives every combo
    /// the counts that the walk over every matchup gives it.
    #[test]
    fn spreading_classes_gives_each_combo_the_walks_counts() {
        for (players, board) in [
            (&["JJ-88", "AK,KQs"][..], ""),
            (&["AA,KK", "QQ,AKs:0.5", "JJ,T9s"][..], "Ts9s2d"),
            (&["QQ+,AK", "TT-77,AQs"][..], "Ah7h2h"),
        ] {
            let mut q = Query::new(Game::Holdem, players.iter().copied());
            q.board = board.into();
            let s = Setup::new(&q.parse().unwrap()).unwrap();
            let (classes, sizes): (Vec<_>, Vec<_>) =
                holdem::matchup_classes(&s).unwrap().into_iter().unzip();
            let counts = class_counts(&s, &classes, None);
            let perms = iso::stabilizer(&[s.known_board(), s.dead()]);
            assert!(symmetric(&s, &perms) && perms.len() > 1, "{players:?}");
            let spread = spread(&s, &classes, &sizes, &counts, &perms);
            assert_eq!(spread, each_matchup(&s, &classes, &counts, &perms), "{players:?}");
        }
    }
}
