//! How long an exhaustive enumeration will take, in words a user can act on.
//!
//! [`plan`](super::plan) estimates the cost of exhaustive enumeration in single-core
//! nanoseconds, from per-game models of the enumeration loops. [`SECONDS_PER_COST`] turns that
//! into seconds on one worker thread, and [`estimated_seconds`] divides by the thread count.
//!
//! ```
//! use feltkit::equity::{describe_seconds, estimated_seconds};
//! assert_eq!(describe_seconds(estimated_seconds(3.6e12, 2)), "30 min");
//! ```

/// Seconds of wall-clock time per unit of estimated cost on one worker thread.
///
/// The cost models count single-core nanoseconds, so this is 1e-9. Checked on the development
/// machine (2 cores, release build, `--threads 1`, one short run each, CPU time over estimate):
/// hold'em ranges against `random` 0.99 to 1.02 (`QQ+,AKs random`: 0.53 s for an estimate of
/// 0.53 s; `22+ random`: 1.78 s for 1.75 s), three hold'em ranges 0.67 to 0.77, turnover 0.7,
/// seven-card stud and Americana 0.29 to 0.36 (their models err long). Estimates are therefore
/// about right for hold'em and on the safe side for the other games.
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
        assert_eq!(describe_seconds(0.2), "under a second");
        assert_eq!(describe_seconds(45.0), "45 s");
        assert_eq!(describe_seconds(180.0), "3 min");
        assert_eq!(describe_seconds(2.5 * 3600.0), "2.5 hours");
        assert_eq!(describe_seconds(3.0 * 3600.0), "3 hours");
        assert_eq!(describe_seconds(31.0 * 3600.0), "31 hours");
        assert_eq!(describe_seconds(4.0 * 86_400.0), "4 days");
        assert_eq!(describe_seconds(f64::INFINITY), "an unbounded time");
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
