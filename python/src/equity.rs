//! `equity`: one equity query, answered by the library's engine with the GIL released.

use std::time::Duration;

use feltkit::equity::{
    calculate_with, check_long, plan, Equity, Game, Method, Options, PlayerEquity, Query,
};
use feltkit::stop::Stop;
use pyo3::prelude::*;

use crate::args::optional;
use crate::errors::EquityError;
use crate::interrupt::interruptible;

/// Exhaustive work estimated below this many single-core nanoseconds runs on the calling
/// thread (Ctrl-C waits at most that long); anything longer runs where Ctrl-C can stop it.
const INLINE_COST: f64 = 5e7;

/// One player's result.
#[pyclass(module = "feltkit", frozen, get_all)]
#[derive(Clone)]
pub struct PlayerResult {
    /// The player's range or cards, as given.
    spec: String,
    /// Share of the pot won on average (wins plus tie shares), 0 to 1.
    equity: f64,
    /// Share of deals won outright (high-low games: scooped).
    win: f64,
    /// Share of deals tied (high-low games: any split).
    tie: f64,
    /// Monte Carlo: the standard error of `equity` (`None` when exhaustive, or after one deal).
    stderr: Option<f64>,
    /// Exhaustive: deals won outright (exact count; Monte Carlo: sampled deals).
    wins: u128,
    /// Deals tied.
    ties: u128,
    /// The sum of the tie shares, in units of `Equity.unit`.
    tie_share: u128,
    /// High-low games: share of the pot scooped, won as high and won as low.
    scoop: Option<f64>,
    /// High-low games: share of deals won (or split) high.
    high: Option<f64>,
    /// High-low games: share of deals won (or split) low.
    low: Option<f64>,
}

#[pymethods]
impl PlayerResult {
    fn __repr__(&self) -> String {
        format!(
            "PlayerResult(spec={:?}, equity={:.6}, win={:.6}, tie={:.6})",
            self.spec, self.equity, self.win, self.tie
        )
    }
}

impl From<&PlayerEquity> for PlayerResult {
    fn from(p: &PlayerEquity) -> PlayerResult {
        PlayerResult {
            spec: p.spec.clone(),
            equity: p.equity,
            win: p.win,
            tie: p.tie,
            stderr: p.stderr,
            wins: p.wins,
            ties: p.ties,
            tie_share: p.tie_share,
            scoop: p.hilo.map(|h| h.scoop),
            high: p.hilo.map(|h| h.high),
            low: p.hilo.map(|h| h.low),
        }
    }
}

/// The answer to an equity query.
#[pyclass(module = "feltkit", frozen, get_all)]
pub struct EquityResult {
    /// `exhaustive` or `monte_carlo` (the method used, `auto` resolved).
    method: &'static str,
    /// Deals enumerated or sampled.
    deals: u64,
    /// The weighted number of deals, the denominator of every fraction (equal to `deals`
    /// when no weights are given, and for Monte Carlo).
    total: u128,
    /// The unit that tie shares are counted in.
    unit: u64,
    /// Each player's result, in the order given.
    players: Vec<Py<PlayerResult>>,
}

#[pymethods]
impl EquityResult {
    fn __repr__(&self, py: Python<'_>) -> String {
        let players: Vec<String> = self.players.iter().map(|p| p.borrow(py).__repr__()).collect();
        format!(
            "EquityResult(method={:?}, deals={}, players=[{}])",
            self.method,
            self.deals,
            players.join(", ")
        )
    }

    /// Each player's equity, in order.
    #[getter]
    fn equities(&self, py: Python<'_>) -> Vec<f64> {
        self.players.iter().map(|p| p.borrow(py).equity).collect()
    }
}

fn result(py: Python<'_>, e: &Equity) -> PyResult<EquityResult> {
    let players = e
        .players
        .iter()
        .map(|p| Py::new(py, PlayerResult::from(p)))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(EquityResult {
        method: e.method.name(),
        deals: e.deals,
        total: e.total,
        unit: e.unit,
        players,
    })
}

/// An engine error in the package's words: the command's message, with the flags that the
/// exhaustive refusals name given as this function's arguments (`allow_long=True`,
/// `method="monte_carlo"`).
fn python_words(e: &feltkit::equity::EquityError) -> String {
    use feltkit::equity::EquityError as E;
    match e {
        E::TooLong(estimate) => format!(
            "{estimate}, more than the {} feltkit runs without asking: pass allow_long=True to \
             run it, or use Monte Carlo (method=\"monte_carlo\", or leave method at \"auto\"), \
             which stops at a standard error of {} far sooner",
            feltkit::equity::describe_seconds(feltkit::equity::ALLOW_LONG_SECONDS),
            feltkit::equity::DEFAULT_STDERR
        ),
        _ => e.to_string().replace("(--monte-carlo)", "(method=\"monte_carlo\")"),
    }
}

/// Each player's equity: the engine of `felt equity`, with its games, options and messages.
///
/// `players` are ranges (`QQ+,AKs`; Omaha `AAKKds`) or exact cards (the stud games, turnover
/// and Americana take each player's known cards). `game`: any name `felt equity --game` takes
/// (`holdem`, `omaha5-8`, `big-o`, `stud8`, ...: the game catalog, docs/games.md). `method`:
/// auto, exhaustive or monte_carlo; a stopping rule (`iterations`, `stderr`, `time` in seconds) asks for Monte
/// Carlo, as the flags do. `seed` fixes Monte Carlo's deals on any thread count; `threads`
/// (1 to 256) defaults to every core. Ctrl-C stops a long call (`KeyboardInterrupt`). An exhaustive enumeration estimated above three hours
/// on those threads is refused unless `allow_long` (`felt equity --allow-long`). The GIL is
/// released while the engine runs. Returns an `EquityResult`; raises `EquityError` with the
/// message `felt equity` prints.
#[pyfunction]
#[pyo3(signature = (players, board = "", dead = "", game = "holdem", method = "auto",
    iterations = None, stderr = None, seed = None, threads = None, time = None,
    allow_long = false))]
#[allow(clippy::too_many_arguments)]
fn equity(
    py: Python<'_>,
    players: Vec<String>,
    board: &str,
    dead: &str,
    game: &str,
    method: &str,
    iterations: Option<Bound<'_, PyAny>>,
    stderr: Option<f64>,
    seed: Option<Bound<'_, PyAny>>,
    threads: Option<Bound<'_, PyAny>>,
    time: Option<f64>,
    allow_long: bool,
) -> PyResult<EquityResult> {
    let err = |e: feltkit::equity::EquityError| EquityError::new_err(python_words(&e));
    let iterations = optional(
        iterations.as_ref(),
        "iterations",
        1..=feltkit::equity::MAX_ITERATIONS,
        EquityError::new_err,
    )?;
    let seed = optional(seed.as_ref(), "seed", 0..=u64::MAX, EquityError::new_err)?.unwrap_or(0);
    let threads =
        optional(threads.as_ref(), "threads", 1..=256, EquityError::new_err)?.map(|n| n as usize);
    let game: Game = game.parse().map_err(err)?;
    let mut q = Query::new(game, players);
    q.board = board.to_string();
    q.dead = dead.to_string();
    q.method = method.parse().map_err(err)?;
    q.iterations = iterations;
    q.stderr = match stderr {
        Some(s) => Some(feltkit::equity::stderr_target(&s.to_string()).map_err(|_| {
            EquityError::new_err(format!(
                "stderr: expected {}, got {s}",
                feltkit::equity::STDERR_EXPECTED
            ))
        })?),
        None => None,
    };
    q.time = match time {
        Some(t) if t > 0.0 && t <= 86_400.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => {
            return Err(EquityError::new_err(format!(
                "time: {t} is out of range: expected seconds, more than 0 and at most 86400"
            )))
        }
        None => None,
    };
    q.seed = seed;
    // As `felt equity`: asking for a stopping rule asks for Monte Carlo, and an exhaustive run
    // takes none (the command refuses `--exhaustive` with `--iterations`, `--stderr`, `--time`).
    if q.method == Method::Exhaustive
        && (q.iterations.is_some() || q.stderr.is_some() || q.time.is_some())
    {
        return Err(EquityError::new_err(
            "method \"exhaustive\" enumerates every deal: iterations, stderr and time are Monte \
             Carlo's stopping rules (leave them out, or use method=\"monte_carlo\")",
        ));
    }
    q.method = q.asked_method();
    // As `felt equity --exhaustive`: a run estimated above three hours needs `allow_long` (a
    // query the plan refuses is refused by the engine, with the same message). A short
    // enumeration runs here; anything else where Ctrl-C stops it.
    let planned = py.detach(|| plan(&q));
    let quick = match planned {
        Ok((Method::Exhaustive, cost)) => {
            if q.method == Method::Exhaustive {
                check_long(cost, threads, allow_long).map_err(err)?;
            }
            cost < INLINE_COST
        }
        Ok(_) => false,
        Err(_) => true,
    };
    let answer = if quick {
        py.detach(|| calculate_with(&q, &Options { threads, progress: None }))
    } else {
        let stop = Stop::new();
        q.stop = Some(stop.clone());
        interruptible(py, &stop, || calculate_with(&q, &Options { threads, progress: None }))?
    };
    result(py, &answer.map_err(err)?)
}

/// The Rust engine's own time, in seconds, for `repeats` answers to one hold'em query (exact,
/// on `threads` workers): the yardstick of `equity`'s call overhead in `bench.py`.
#[pyfunction]
#[pyo3(signature = (players, board = "", repeats = 1, threads = None))]
fn _equity_native_seconds(
    py: Python<'_>,
    players: Vec<String>,
    board: &str,
    repeats: u32,
    threads: Option<usize>,
) -> PyResult<f64> {
    let mut q = Query::new(Game::Holdem, players);
    q.board = board.to_string();
    let opts = Options { threads, progress: None };
    py.detach(|| {
        let start = std::time::Instant::now();
        for _ in 0..repeats {
            calculate_with(&q, &opts)?;
        }
        Ok(start.elapsed().as_secs_f64())
    })
    .map_err(|e: feltkit::equity::EquityError| EquityError::new_err(e.to_string()))
}

/// Adds the function and its result classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PlayerResult>()?;
    m.add_class::<EquityResult>()?;
    m.add_function(wrap_pyfunction!(equity, m)?)?;
    m.add_function(wrap_pyfunction!(_equity_native_seconds, m)?)?;
    Ok(())
}
