//! How long an exhaustive enumeration will take, in words a user can act on.
//!
//! [`plan`](super::plan) estimates the cost of exhaustive enumeration in single-core
//! nanoseconds, from per-game models of the enumeration loops. [`SECONDS_PER_COST`] turns that
//! into seconds on one worker thread, and [`estimated_seconds`] divides by the thread count.
//! [`check_long`] is the rule that `felt equity --exhaustive` and the Python package's
//! `equity` apply before they start: an [`Estimate`] above [`ALLOW_LONG_SECONDS`] is refused
//! unless a long run is allowed.
//!
//! ```
//! use feltkit::equity::{check_long, describe_seconds, estimated_seconds, EquityError};
//! assert_eq!(describe_seconds(estimated_seconds(3.6e12, 2)), "30 min");
//! // 1.8e13 ns of single-core work is 5 hours on one thread: refused unless allowed.
//! let e = check_long(1.8e13, Some(1), false).unwrap_err();
//! assert!(matches!(e, EquityError::TooLong(_)));
//! assert!(e.to_string().starts_with("exhaustive enumeration estimated at 5 hours on 1 thread"));
//! let estimate = check_long(1.8e13, Some(1), true).unwrap().unwrap();
//! assert_eq!(estimate.to_string(),
//!            "exhaustive enumeration estimated at 5 hours on 1 thread (5 hours of single-core work)");
//! ```

use std::fmt;

use super::{EquityError, EXHAUSTIVE_LIMIT};
use crate::text::count;

/// Estimated wall-clock seconds (three hours) above which an exhaustive enumeration is refused
/// unless a long run is allowed (`felt equity --allow-long`, `equity(..., allow_long=True)`).
pub const ALLOW_LONG_SECONDS: f64 = 3.0 * 3600.0;

/// The estimated duration of an exhaustive enumeration: its cost (single-core nanoseconds, as
/// [`plan`](super::plan) returns it) on a number of worker threads. Its [`Display`](fmt::Display)
/// is the line `felt equity` prints: `exhaustive enumeration estimated at 5 hours on 1 thread
/// (5 hours of single-core work)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The cost of the enumeration, in single-core nanoseconds.
    pub cost: f64,
    /// The worker threads it runs on.
    pub threads: usize,
}

impl Estimate {
    /// The estimate of `cost` on `threads` workers (`None`: rayon's pool, one per core unless
    /// set otherwise).
    pub fn new(cost: f64, threads: Option<usize>) -> Estimate {
        Estimate { cost, threads: threads.unwrap_or_else(rayon::current_num_threads) }
    }

    /// Estimated wall-clock seconds ([`estimated_seconds`]).
    pub fn seconds(&self) -> f64 {
        estimated_seconds(self.cost, self.threads)
    }
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "exhaustive enumeration estimated at {} on {} ({} of single-core work)",
            describe_seconds(self.seconds()),
            count(self.threads, "thread", "threads"),
            describe_seconds(self.cost * SECONDS_PER_COST)
        )
    }
}

/// The check made before an exhaustive enumeration of `cost` (from [`plan`](super::plan)) on
/// `threads` workers (`None`: rayon's pool) starts: [`EquityError::TooLong`] when it is
/// estimated above [`ALLOW_LONG_SECONDS`] and `allow_long` is false; otherwise its estimate,
/// or `None` when the cost is above [`EXHAUSTIVE_LIMIT`] (the engine refuses that whatever is
/// allowed, with [`EquityError::TooLarge`]).
pub fn check_long(
    cost: f64,
    threads: Option<usize>,
    allow_long: bool,
) -> Result<Option<Estimate>, EquityError> {
    if cost > EXHAUSTIVE_LIMIT {
        return Ok(None);
    }
    let estimate = Estimate::new(cost, threads);
    if estimate.seconds() > ALLOW_LONG_SECONDS && !allow_long {
        return Err(EquityError::TooLong(estimate));
    }
    Ok(Some(estimate))
}

/// Seconds of wall-clock time per unit of estimated cost on one worker thread.
///
/// The cost models count single-core nanoseconds, so this is 1e-9. Their constants are
/// measured by `cargo run --release -p feltkit-benches --bin equity-calibrate`, which times
/// exhaustive enumeration of representative spots of every game on one thread beside the
/// model's estimate (docs/performance.md has the figures and `tests/suite/equity_cost_model.rs`
/// checks the model against them): every spot of 5 ms or more is estimated within a factor of 3
/// of its time, the Omaha and stud ones within a factor of 2.
pub const SECONDS_PER_COST: f64 = 1e-9;

/// Estimated wall-clock seconds of an exhaustive enumeration of `cost` (as returned by
/// [`plan`](super::plan)) on `threads` worker threads, assuming the work divides evenly.
pub fn estimated_seconds(cost: f64, threads: usize) -> f64 {
    cost * SECONDS_PER_COST / threads.max(1) as f64
}

/// A duration in words, rounded for a person: `under a second`, `45 s`, `12 min`, `2.5 hours`,
/// `31 hours`, `4 days`.
pub fn describe_seconds(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    let some = |x: f64, unit: &str| {
        if x < 9.95 && x.fract() >= 0.05 && x.fract() < 0.95 {
            format!("{x:.1} {unit}")
        } else {
            format!("{x:.0} {unit}")
        }
    };
    if !seconds.is_finite() {
        "an unbounded time".to_string()
    } else if seconds < 1.0 {
        "under a second".to_string()
    } else if seconds < 90.0 {
        format!("{seconds:.0} s")
    } else if seconds < 90.0 * MINUTE {
        format!("{:.0} min", seconds / MINUTE)
    } else if seconds < 48.0 * HOUR {
        some(seconds / HOUR, "hours")
    } else {
        some(seconds / DAY, "days")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_a_person_would_say_them() {
        for (seconds, said) in [
            (0.2, "under a second"),
            (45.0, "45 s"),
            (180.0, "3 min"),
            (2.5 * 3600.0, "2.5 hours"),
            (3.0 * 3600.0, "3 hours"),
            (31.0 * 3600.0, "31 hours"),
            (4.0 * 86_400.0, "4 days"),
            (f64::INFINITY, "an unbounded time"),
        ] {
            assert_eq!(describe_seconds(seconds), said);
        }
    }

    #[test]
    fn an_estimate_over_three_hours_is_refused_unless_allowed() {
        // 1.08e13 ns is exactly 3 hours on one thread: allowed; a nanosecond more is not,
        // and on two threads it is half as long.
        assert!(check_long(1.08e13, Some(1), false).is_ok());
        assert!(matches!(check_long(1.08e13 + 1e4, Some(1), false), Err(EquityError::TooLong(_))));
        assert!(check_long(1.08e13 + 1e4, Some(2), false).is_ok());
        assert!(check_long(1.08e13 + 1e4, Some(1), true).is_ok());
        // Above the engine's own limit the engine refuses it: no estimate here.
        assert_eq!(check_long(EXHAUSTIVE_LIMIT * 2.0, Some(1), false), Ok(None));
    }

    #[test]
    fn the_estimate_divides_single_core_nanoseconds_by_threads() {
        // 1.2e11 ns of single-core work is 120 s alone, 60 s on two threads.
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(close(estimated_seconds(1.2e11, 1), 120.0));
        assert!(close(estimated_seconds(1.2e11, 2), 60.0));
        assert!(close(estimated_seconds(1.2e11, 0), 120.0));
    }
}
