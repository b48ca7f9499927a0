//! Heads-up push/fold: the small blind (the button) moves all in or folds, the big blind calls
//! or folds; the Nash equilibrium of that game in chip EV, over the 169 starting-hand classes.
//!
//! Both players start the hand with the same stack `S` big blinds and post an ante `A` each;
//! the small blind posts half a big blind, the big blind one. In big blinds, from the small
//! blind's side: a fold loses `0.5 + A`; a push the big blind folds to wins `1 + A`; a call
//! puts both stacks in, and the small blind gets `2S` times its equity, less the `S` it put in.
//! The big blind's result is the opposite.
//!
//! Class against class, the chance of each pair and the small blind's equity come from the
//! heads-up preflop table ([`crate::equity::preflop`]) with card removal: class `i` meets class
//! `j` in as many ways as there are pairs of their combos that share no card. The equilibrium
//! is found by fictitious play: each round both players take their best response to the
//! other's average strategy so far, and the averages converge to an equilibrium. The result
//! reports each side's best-response gain against the other (its exploitability).
//!
//! ```
//! use feltkit::pushfold::{solve, Spot};
//! let s = solve(Spot { stack: 10.0, ante: 0.0 }).unwrap();
//! assert!(s.push_gain < 0.01 && s.call_gain < 0.01);
//! let aces = feltkit::range::grid::class_at(0, 0).unwrap();
//! assert_eq!(s.push_frequency(aces), 1.0);
//! ```

use thiserror::Error;

use crate::equity::preflop::{self, BOARDS};
use crate::range::{HandClass, Range, WEIGHT_UNIT};

/// The deepest stack solved, in big blinds: push/fold play makes no sense far beyond 20.
pub const MAX_STACK: f64 = 1000.0;

/// The largest ante, in big blinds.
pub const MAX_ANTE: f64 = 1.0;

/// Fictitious-play rounds at most.
pub const MAX_ROUNDS: u64 = 200_000;

/// The best-response gain (big blinds per hand) below which the search stops.
pub const TARGET_GAIN: f64 = 0.0002;

/// A class whose action gains more than this over the other (big blinds per hand dealt that
/// class) is played purely; closer ones keep their fictitious-play mix.
pub const PURE_MARGIN: f64 = 0.01;

/// The 169 classes.
const CLASSES: usize = 169;

/// Ordered pairs of disjoint combos: 1,326 x 1,225.
const PAIRS: f64 = 1_624_350.0;

/// A push/fold spot: effective stack and ante in big blinds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spot {
    /// Each player's stack before posting, in big blinds (1 to [`MAX_STACK`]).
    pub stack: f64,
    /// Each player's ante, in big blinds (0 to [`MAX_ANTE`], and at most `stack - 1`).
    pub ante: f64,
}

/// Why a spot cannot be solved.
#[derive(Debug, Error, PartialEq)]
pub enum PushFoldError {
    /// The stack is not a number from 1 to [`MAX_STACK`].
    #[error("stack must be a number of big blinds from 1 to {MAX_STACK}, got {0}")]
    Stack(f64),
    /// The ante is not a number from 0 to [`MAX_ANTE`].
    #[error("ante must be a number of big blinds from 0 to {MAX_ANTE}, got {0}")]
    Ante(f64),
    /// The big blind cannot post its blind and ante from the stack.
    #[error("a stack of {stack} big blinds cannot post the big blind and an ante of {ante}")]
    Posting {
        /// The stack asked for.
        stack: f64,
        /// The ante asked for.
        ante: f64,
    },
    /// The preflop table could not be read.
    #[error("the heads-up preflop table is unavailable")]
    Table,
}

/// The equilibrium of one spot.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The spot solved.
    pub spot: Spot,
    /// Push frequency per class, in [`HandClass::all`] order, in thousandths.
    pub push: Vec<u16>,
    /// Call frequency per class, in thousandths.
    pub call: Vec<u16>,
    /// Fictitious-play rounds run.
    pub rounds: u64,
    /// What the small blind gains per hand, in big blinds, by its best response to `call`.
    pub push_gain: f64,
    /// What the big blind gains per hand by its best response to `push`.
    pub call_gain: f64,
    /// The small blind's expected result per hand with these strategies, in big blinds.
    pub value: f64,
    /// Per class, what pushing gains over folding against `call`, in big blinds per hand
    /// dealt that class (near 0 for the classes the equilibrium mixes).
    pub push_edge: Vec<f64>,
    /// Per class, what calling gains over folding against `push`, in big blinds per hand
    /// dealt that class when the small blind has pushed.
    pub call_edge: Vec<f64>,
}

impl Solution {
    /// The push frequency of a class (0 to 1).
    pub fn push_frequency(&self, class: HandClass) -> f64 {
        f64::from(self.push[preflop::class_index(class)]) / f64::from(WEIGHT_UNIT)
    }

    /// The call frequency of a class (0 to 1).
    pub fn call_frequency(&self, class: HandClass) -> f64 {
        f64::from(self.call[preflop::class_index(class)]) / f64::from(WEIGHT_UNIT)
    }

    /// The push strategy as a range (each combo weighted by its class's frequency).
    pub fn push_range(&self) -> Range {
        as_range(&self.push)
    }

    /// The call strategy as a range.
    pub fn call_range(&self) -> Range {
        as_range(&self.call)
    }
}

fn as_range(freq: &[u16]) -> Range {
    let mut r = Range::empty();
    for (class, &f) in HandClass::all().into_iter().zip(freq) {
        if f > 0 {
            for c in class.combos() {
                r.set(c, f);
            }
        }
    }
    r
}

/// The game in matrix form: the small blind's result is
/// `-(0.5 + A) + sum_i p_i a_i + sum_ij p_i g_ij q_j` for push frequencies `p` and call
/// frequencies `q`.
struct Game {
    a: Vec<f64>,
    /// `pairs[i * CLASSES + j]`: the chance that the small blind holds `i` and the big blind
    /// `j`.
    pairs: Vec<f64>,
    /// Row-major `g[i * CLASSES + j]`.
    g: Vec<f64>,
    fold: f64,
}

impl Game {
    fn new(spot: Spot) -> Result<Game, PushFoldError> {
        let table = preflop::table().ok_or(PushFoldError::Table)?;
        let classes = HandClass::all();
        let (s, ante) = (spot.stack, spot.ante);
        let boards = f64::from(BOARDS);
        let mut a = vec![0.0; CLASSES];
        let mut g = vec![0.0; CLASSES * CLASSES];
        let mut joint = vec![0.0; CLASSES * CLASSES];
        for (i, ci) in classes.iter().enumerate() {
            let mut pairs = 0.0;
            for (j, cj) in classes.iter().enumerate() {
                let c = table.class_vs_class(*ci, *cj);
                let n = f64::from(c.matchups);
                pairs += n;
                joint[i * CLASSES + j] = n / PAIRS;
                // Called: S (2 equity - 1), against 1 + A when the big blind folds.
                let net = c.wins as f64 - c.losses as f64;
                g[i * CLASSES + j] = (s * net / boards - (1.0 + ante) * n) / PAIRS;
            }
            // Pushing and being folded to wins 1 + A instead of losing 0.5 + A.
            a[i] = pairs / PAIRS * (1.5 + 2.0 * ante);
        }
        Ok(Game { a, pairs: joint, g, fold: -(0.5 + ante) })
    }

    /// `a + G q`: the small blind's gain from pushing each class rather than folding it.
    fn push_gains(&self, q: &[f64]) -> Vec<f64> {
        (0..CLASSES)
            .map(|i| {
                let row = &self.g[i * CLASSES..(i + 1) * CLASSES];
                self.a[i] + row.iter().zip(q).map(|(g, q)| g * q).sum::<f64>()
            })
            .collect()
    }

    /// `-(G^T p)`: the big blind's gain from calling with each class rather than folding it.
    fn call_gains(&self, p: &[f64]) -> Vec<f64> {
        let mut out = vec![0.0; CLASSES];
        for (i, &pi) in p.iter().enumerate() {
            if pi != 0.0 {
                let row = &self.g[i * CLASSES..(i + 1) * CLASSES];
                for (o, g) in out.iter_mut().zip(row) {
                    *o -= pi * g;
                }
            }
        }
        out
    }

    /// Per big-blind class `j`, the chance of being dealt `j` while the small blind pushes.
    fn pushed_share(&self, p: &[f64]) -> Vec<f64> {
        let mut out = vec![0.0; CLASSES];
        for (i, &pi) in p.iter().enumerate() {
            for (j, o) in out.iter_mut().enumerate() {
                *o += pi * self.pairs[i * CLASSES + j];
            }
        }
        out
    }

    /// Each side's best-response gain, and the small blind's result.
    fn exploitability(&self, p: &[f64], q: &[f64]) -> (f64, f64, f64) {
        let push = self.push_gains(q);
        let call = self.call_gains(p);
        let played: f64 = push.iter().zip(p).map(|(g, p)| g * p).sum();
        let called: f64 = call.iter().zip(q).map(|(g, q)| g * q).sum();
        let best_push: f64 = push.iter().map(|g| g.max(0.0)).sum();
        let best_call: f64 = call.iter().map(|g| g.max(0.0)).sum();
        (best_push - played, best_call - called, self.fold + played)
    }
}

/// Checks a spot's numbers.
pub fn check(spot: Spot) -> Result<(), PushFoldError> {
    if !(1.0..=MAX_STACK).contains(&spot.stack) {
        return Err(PushFoldError::Stack(spot.stack));
    }
    if !(0.0..=MAX_ANTE).contains(&spot.ante) {
        return Err(PushFoldError::Ante(spot.ante));
    }
    if spot.stack < 1.0 + spot.ante {
        return Err(PushFoldError::Posting { stack: spot.stack, ante: spot.ante });
    }
    Ok(())
}

/// Solves a spot by fictitious play (see the module notes), until both best-response gains are
/// below [`TARGET_GAIN`] or after [`MAX_ROUNDS`] rounds. Frequencies are rounded to
/// thousandths, and the gains reported are those of the rounded strategies.
pub fn solve(spot: Spot) -> Result<Solution, PushFoldError> {
    check(spot)?;
    let game = Game::new(spot)?;
    let best = |gains: &[f64]| -> Vec<f64> {
        gains.iter().map(|&g| if g > 0.0 { 1.0 } else { 0.0 }).collect()
    };
    // Averages so far (p, q), and G q, G^T p kept up to date one changed class at a time.
    let mut q = best(&game.call_gains(&vec![1.0; CLASSES]));
    let mut p = best(&game.push_gains(&q));
    let (mut gq, mut gp) = (vec![0.0; CLASSES], vec![0.0; CLASSES]);
    let (mut push_br, mut call_br) = (p.clone(), q.clone());
    let mut push_avg = game.push_gains(&q);
    let mut call_avg = game.call_gains(&p);
    let mut rounds = 1u64;
    for i in 0..CLASSES {
        for j in 0..CLASSES {
            gq[i] += game.g[i * CLASSES + j] * call_br[j];
            gp[j] -= game.g[i * CLASSES + j] * push_br[i];
        }
    }
    while rounds < MAX_ROUNDS {
        if rounds.is_multiple_of(256) {
            let (sb, bb, _) = game.exploitability(&p, &q);
            if sb < TARGET_GAIN && bb < TARGET_GAIN {
                break;
            }
        }
        let new_push = best(&push_avg);
        let new_call = best(&call_avg);
        for i in 0..CLASSES {
            let d = new_push[i] - push_br[i];
            if d != 0.0 {
                let row = &game.g[i * CLASSES..(i + 1) * CLASSES];
                for (o, g) in gp.iter_mut().zip(row) {
                    *o -= d * g;
                }
            }
        }
        for j in 0..CLASSES {
            let d = new_call[j] - call_br[j];
            if d != 0.0 {
                for (i, o) in gq.iter_mut().enumerate() {
                    *o += d * game.g[i * CLASSES + j];
                }
            }
        }
        push_br = new_push;
        call_br = new_call;
        rounds += 1;
        let step = 1.0 / rounds as f64;
        for k in 0..CLASSES {
            p[k] += (push_br[k] - p[k]) * step;
            q[k] += (call_br[k] - q[k]) * step;
            // The gains are linear in the other side's average.
            push_avg[k] += (game.a[k] + gq[k] - push_avg[k]) * step;
            call_avg[k] += (gp[k] - call_avg[k]) * step;
        }
    }
    // The averages still carry the early rounds' best responses at small frequencies: a class
    // clearly better pushed (called) than folded is played always, one clearly worse never.
    let share: Vec<f64> = game.a.iter().map(|a| a / (1.5 + 2.0 * spot.ante)).collect();
    let purify = |v: &[f64], gains: &[f64]| -> Vec<f64> {
        v.iter()
            .zip(gains)
            .zip(&share)
            .map(|((&x, &g), &w)| {
                let per_hand = g / w;
                if per_hand > PURE_MARGIN {
                    1.0
                } else if per_hand < -PURE_MARGIN {
                    0.0
                } else {
                    x
                }
            })
            .collect()
    };
    let pure_p = purify(&p, &game.push_gains(&q));
    let pure_q = purify(&q, &game.call_gains(&p));
    let (sb, bb, _) = game.exploitability(&p, &q);
    let (psb, pbb, _) = game.exploitability(&pure_p, &pure_q);
    if psb.max(pbb) <= sb.max(bb).max(TARGET_GAIN) {
        p = pure_p;
        q = pure_q;
    }
    let round = |v: &[f64]| -> Vec<u16> {
        v.iter().map(|x| (x * f64::from(WEIGHT_UNIT)).round().clamp(0.0, 1000.0) as u16).collect()
    };
    let (push, call) = (round(&p), round(&q));
    let unit = |v: &[u16]| -> Vec<f64> {
        v.iter().map(|&x| f64::from(x) / f64::from(WEIGHT_UNIT)).collect()
    };
    let (pf, cf) = (unit(&push), unit(&call));
    let (push_gain, call_gain, value) = game.exploitability(&pf, &cf);
    let push_edge = game.push_gains(&cf).iter().zip(&share).map(|(g, w)| g / w).collect();
    // The big blind's edge per hand of its class, given that the small blind pushed.
    let pushed: Vec<f64> = game.pushed_share(&pf);
    let call_edge = game
        .call_gains(&pf)
        .iter()
        .zip(&pushed)
        .map(|(g, w)| if *w > 0.0 { g / w } else { 0.0 })
        .collect();
    Ok(Solution { spot, push, call, rounds, push_gain, call_gain, value, push_edge, call_edge })
}
