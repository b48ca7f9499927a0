//! The equity cost model against the clock: for representative spots of every game, the
//! model's estimate of exhaustive enumeration (`feltkit::equity::plan`, single-core
//! nanoseconds) beside the measured single-core time of exhaustive enumeration and of Monte
//! Carlo to the default standard error, and the ratio of estimate to measurement.
//!
//! ```text
//! cargo run --release -p feltkit-benches --bin equity-calibrate            # every spot
//! cargo run --release -p feltkit-benches --bin equity-calibrate -- plo8    # spots named so
//! ```
//!
//! Spots estimated above 60 s of single-core work are not enumerated (their row says so).
//! The figures it printed on the development machine are in docs/performance.md, and the
//! table in `tests/suite/equity_cost_model.rs` checks the model's choices against them.

use std::time::Instant;

use feltkit::equity::{calculate_by_enumeration, plan, Game, Method, Options, Query};

/// A spot: name, game, players, board, dead cards.
type Spot = (&'static str, Game, &'static [&'static str], &'static str, &'static str);

const SPOTS: &[Spot] = &[
    ("holdem_qq+aks_vs_random", Game::Holdem, &["QQ+,AKs", "random"], "", "2c"),
    ("holdem_3way_ranges_flop", Game::Holdem, &["AA,KK,AKs", "QQ,JJ,AQs", "TT-88"], "2c7d9h", ""),
    ("plo_exact_preflop", Game::Omaha, &["AsAhKsKh", "JdTd9c8c"], "", ""),
    ("plo_exact_3way_preflop", Game::Omaha, &["AsAhKsKh", "JdTd9c8c", "7h6h5s4s"], "", ""),
    ("plo_exact_flop", Game::Omaha, &["AsAhKsKh", "JdTd9c8c"], "2c7h3d", ""),
    ("plo_vs_random_flop", Game::Omaha, &["AsAhKsKh", "random"], "2c7h3d", ""),
    ("plo_vs_random_turn", Game::Omaha, &["AsAhKsKh", "random"], "2c7h3dTs", ""),
    ("plo5_exact_preflop", Game::Omaha5, &["AsAhKsKhQd", "JdTd9c8c7h"], "", ""),
    ("plo5_vs_random_turn", Game::Omaha5, &["AsAhKsKhQd", "random"], "2c7h3dTs", ""),
    ("plo6_exact_preflop", Game::Omaha6, &["AsAhKsKhQdQc", "JdTd9c8c7h6h"], "", ""),
    ("plo6_exact_flop", Game::Omaha6, &["AsAhKsKhQdQc", "JdTd9c8c7h6h"], "2c7c3d", ""),
    ("plo8_exact_preflop", Game::Omaha8, &["AsAh2s3h", "JdTd9c8c"], "", ""),
    ("plo8_exact_flop", Game::Omaha8, &["AsAh2s3h", "JdTd9c8c"], "2c7h4d", ""),
    ("plo8_vs_random_turn", Game::Omaha8, &["AsAh2s3h", "random"], "2c7h4dKs", ""),
    ("plo85_exact_preflop", Game::Omaha85, &["AsAh2s3h4c", "JdTd9c8c7h"], "", ""),
    ("plo68_exact_preflop", Game::Omaha68, &["AsAh2s3h4c5c", "JdTd9c8c7h6h"], "", ""),
    ("shortdeck_exact_preflop", Game::ShortDeck, &["AsKs", "QhQd"], "", ""),
    ("stud7_4th_street", Game::Stud7, &["AhKd7c5s", "9s9h2cTd"], "", ""),
    ("stud7_5th_street", Game::Stud7, &["AhKd7c5s5d", "9s9h2cTd8c"], "", "4h5h"),
    ("stud7_3way_5th_street", Game::Stud7, &["AhKd7c5s5d", "9s9h2cTd8c", "QcJcTc3d4d"], "", ""),
    ("stud8_4th_street", Game::Stud8, &["Ah2d3c5s", "9s9hKcTd"], "", ""),
    ("stud8_5th_street", Game::Stud8, &["Ah2d3c5s9d", "9s9h2cTd8c"], "", "4h5h"),
    ("razz_4th_street", Game::Razz, &["Ah2d3c5s", "9s9hKcTd"], "", ""),
    ("razz_5th_street", Game::Razz, &["Ah2d3c5s9d", "9s9h2cTd8c"], "", "4h5h"),
    ("americana_preflop", Game::Americana, &["AhKd", "9s9h"], "", ""),
    ("turnover_preflop", Game::Turnover, &["AhKd7c", "9s9h2c"], "", ""),
];

fn query(spot: &Spot, method: Method) -> Query {
    let (_, game, players, board, dead) = *spot;
    let mut q = Query::new(game, players.iter().copied());
    q.board = board.into();
    q.dead = dead.into();
    q.method = method;
    q
}

/// The process's CPU seconds so far (user and system, all threads; Linux), or `None`.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's closing parenthesis; utime and stime are 14th and 15th.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Seconds of one calculation on one worker thread: CPU time where the system reports it (so
/// that other work on a shared machine counts less), repeated until half a second has passed.
fn seconds(q: &Query) -> f64 {
    let one = Options { threads: Some(1), progress: None };
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let mut runs = 0u32;
    while runs == 0 || start.elapsed().as_secs_f64() < 0.5 {
        calculate_by_enumeration(q, &one).expect("equity");
        runs += 1;
    }
    let wall = start.elapsed().as_secs_f64();
    let used = match (cpu, cpu_seconds()) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => wall,
    };
    used / f64::from(runs)
}

fn main() {
    let only: Vec<String> = std::env::args().skip(1).collect();
    println!(
        "{:<28} {:>12} {:>12} {:>9} {:>10} {:>9}",
        "spot", "estimate s", "exhaust. s", "est/meas", "monte c. s", "auto"
    );
    for spot in SPOTS.iter().filter(|s| only.is_empty() || only.iter().any(|o| s.0.contains(o))) {
        let (_, cost) = plan(&query(spot, Method::Exhaustive)).expect("plan");
        let (auto, _) = plan(&query(spot, Method::Auto)).expect("plan");
        let estimate = cost * 1e-9;
        let exhaustive = (estimate <= 60.0).then(|| seconds(&query(spot, Method::Exhaustive)));
        let monte_carlo = seconds(&query(spot, Method::MonteCarlo));
        let (measured, ratio) = match exhaustive {
            Some(t) => (format!("{t:.3}"), format!("{:.2}", estimate / t)),
            None => ("skipped".into(), "-".into()),
        };
        println!(
            "{:<28} {:>12.3} {:>12} {:>9} {:>10.3} {:>9}",
            spot.0,
            estimate,
            measured,
            ratio,
            monte_carlo,
            format!("{auto:?}").to_lowercase()
        );
    }
}
