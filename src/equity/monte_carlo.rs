//! The Monte Carlo driver: seeded batches, processed in rounds, until a stopping rule holds.
//!
//! Batch `b` draws from its own generator seeded by `(seed, b)`, so a batch's counts do not
//! depend on which thread runs it; rounds merge integer counts (order does not matter) and the
//! stopping rules are checked only between rounds, whose sizes are fixed. The same seed
//! therefore gives the same numbers on any number of threads (except with `--time`, whose
//! stopping point depends on the clock).

use std::time::Instant;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use super::deal::Batch;
use super::sink::{DealSink, Sink};
use super::tally::{pot_unit, Counts, Tally};
use super::{EquityError, Progress, Query};
use crate::stop::Stop;

/// Deals per batch.
pub const BATCH: u64 = 1 << 13;

/// Batches per round, at most.
const MAX_ROUND: u64 = 128;

/// The standard error Monte Carlo stops at when no stopping rule is given.
pub const DEFAULT_STDERR: f64 = 0.0005;

/// The largest standard error target a query may give: equity is a fraction from 0 to 1, so a
/// target above 1 could mean nothing (any target of 0.5 or more stops after the first round).
pub const MAX_STDERR: f64 = 1.0;

/// Deals Monte Carlo stops at when only a standard error target is given.
pub const MAX_DEALS: u64 = 1_000_000_000;

/// The most deals a query may ask for with `iterations` (hours of work on one machine).
pub const MAX_ITERATIONS: u64 = 1_000_000_000_000;

/// The longest `time` a query may be given: one day.
pub const MAX_TIME: std::time::Duration = std::time::Duration::from_secs(86_400);

/// What a standard error target must be (see [`stderr_target`]).
pub const STDERR_EXPECTED: &str = "a standard error more than 0 and at most 1, such as 0.001";

/// Reads a Monte Carlo standard error target (`--stderr`, a batch `stderr` cell): a number more
/// than 0 and at most [`MAX_STDERR`] (equities are fractions, so their standard error is below
/// 1). The error says what was expected.
///
/// ```
/// use feltkit::equity::stderr_target;
/// assert_eq!(stderr_target("0.001"), Ok(0.001));
/// for bad in ["0", "-1", "2", "inf", "NaN", "x"] {
///     assert!(stderr_target(bad).is_err());
/// }
/// ```
pub fn stderr_target(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(se) if se > 0.0 && se <= MAX_STDERR => Ok(se),
        Ok(se) if !se.is_nan() => {
            Err(format!("{text} is out of range: expected {STDERR_EXPECTED}"))
        }
        _ => Err(format!("{text:?} is not a number: expected {STDERR_EXPECTED}")),
    }
}

/// A game's random deal: draws `deals` deals and counts their showdowns.
pub(crate) trait Sampler: Sync {
    /// The number of players.
    fn players(&self) -> usize;
    /// Whether pots are split high-low (see [`pot_unit`]).
    fn high_low(&self) -> bool {
        false
    }
    /// Draws and counts a batch's deals.
    fn sample(&self, batch: Batch, counts: &mut Counts) -> Result<(), EquityError>;
}

/// The generator of batch `b` under `seed`.
pub(crate) fn batch_rng(seed: u64, b: u64) -> Xoshiro256PlusPlus {
    let mix = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29) ^ b;
    Xoshiro256PlusPlus::seed_from_u64(mix.wrapping_add(b.wrapping_mul(0xD1B5_4A32_D192_ED03)))
}

/// Checks a query's stopping rules.
pub(crate) fn check_rules(q: &Query) -> Result<(), EquityError> {
    if let Some(n) = q.iterations.filter(|n| !(1..=MAX_ITERATIONS).contains(n)) {
        return Err(EquityError::BadSetting(format!(
            "iterations must be from 1 to {MAX_ITERATIONS}, got {n}"
        )));
    }
    if let Some(e) = q.stderr
        && !(e > 0.0 && e <= MAX_STDERR)
    {
        return Err(EquityError::BadSetting(format!(
            "stderr target must be more than 0 and at most {MAX_STDERR} (a fraction of the \
                 pot, such as 0.001), got {e}"
        )));
    }
    if q.time.is_some_and(|t| t.is_zero() || t > MAX_TIME) {
        return Err(EquityError::BadSetting(format!(
            "time must be more than 0 and at most {} seconds",
            MAX_TIME.as_secs()
        )));
    }
    Ok(())
}

/// Runs batches until the query's stopping rule holds.
pub(crate) fn run(
    q: &Query,
    sampler: &dyn Sampler,
    progress: Option<&Progress<'_>>,
) -> Result<Tally, EquityError> {
    check_rules(q)?;
    let n = sampler.players();
    let mut tally = Tally::with_unit(n, pot_unit(sampler.high_low()));
    rounds(q, progress, n, &mut tally, |rng, deals, c| sampler.sample(Batch::new(rng, deals), c))?;
    Ok(tally)
}

/// Runs batches into a sink until the query's stopping rule holds: `sample` draws and counts
/// a batch's deals (from the batch's own generator) into the sink's batch counts.
pub(crate) fn rounds<S: Sink>(
    q: &Query,
    progress: Option<&Progress<'_>>,
    players: usize,
    totals: &mut S,
    sample: impl Fn(Xoshiro256PlusPlus, u64, &mut S::Deals) -> Result<(), EquityError> + Sync,
) -> Result<(), EquityError> {
    drive(q, progress, |batches, limit| {
        let counts = batches
            .into_par_iter()
            .try_fold(
                || S::Deals::new(players),
                |mut acc, b| {
                    // A raised stop flag ends the run within a batch (milliseconds), not a
                    // round.
                    if q.stop.as_ref().is_some_and(Stop::is_raised) {
                        return Err(EquityError::Stopped);
                    }
                    let deals = BATCH.min(limit - b * BATCH);
                    sample(batch_rng(q.seed, b), deals, &mut acc).map(|_| acc)
                },
            )
            .try_reduce(
                || S::Deals::new(players),
                |mut a, b| {
                    a.merge(&b);
                    Ok(a)
                },
            )?;
        totals.absorb(counts);
        Ok(totals.state())
    })
}

/// The deals so far and the largest standard error of a tally (what the stopping rule reads).
pub(crate) fn tally_state(tally: &Tally) -> (u64, f64) {
    let worst = (0..tally.wins.len()).map(|p| tally.stderr(p)).fold(0.0, f64::max);
    (tally.deals, worst)
}

/// The rounds of a Monte Carlo run and its stopping rule: `round` is given each round's batch
/// numbers (batch `b` draws from its own generator under the seed, so the numbers do not depend
/// on the thread count) and the deal limit, and answers the deals so far and the largest
/// standard error. Rounds start at 8 batches and double up to [`MAX_ROUND`]; the run stops at
/// the deal limit, at the standard-error target, or at the time limit, whichever comes first.
pub(crate) fn drive(
    q: &Query,
    progress: Option<&Progress<'_>>,
    mut round_of: impl FnMut(std::ops::Range<u64>, u64) -> Result<(u64, f64), EquityError>,
) -> Result<(), EquityError> {
    let start = Instant::now();
    let target = match (q.iterations, q.stderr, q.time) {
        (None, None, None) => Some(DEFAULT_STDERR),
        _ => q.stderr,
    };
    let limit = q.iterations.unwrap_or(if q.time.is_some() { u64::MAX } else { MAX_DEALS });
    let mut next = 0u64;
    let mut round = 8u64;
    loop {
        let first = next;
        let done_deals = first.saturating_mul(BATCH);
        if done_deals >= limit {
            break;
        }
        let batches = round.min((limit - done_deals).div_ceil(BATCH));
        next += batches;
        let (deals, worst) = round_of(first..next, limit)?;
        round = (round * 2).min(MAX_ROUND);
        let mut frac = deals as f64 / limit as f64;
        if let Some(t) = target {
            if worst <= t {
                break;
            }
            frac = frac.max((t / worst).powi(2));
        }
        if let Some(t) = q.time {
            let elapsed = start.elapsed();
            if elapsed >= t {
                break;
            }
            frac = frac.max(elapsed.as_secs_f64() / t.as_secs_f64());
        }
        if let Some(f) = progress {
            f(frac.min(1.0));
        }
    }
    if let Some(f) = progress {
        f(1.0);
    }
    Ok(())
}
