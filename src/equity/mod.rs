//! Equity: each player's share of the pot over every (or many random) completions of a deal.
//!
//! ```
//! use feltkit::equity::{calculate, Game, Method, Query};
//! let mut q = Query::new(Game::Holdem, ["AhKh", "QsQd"]);
//! q.board = "2c7d9h".into();
//! let e = calculate(&q).unwrap();
//! assert_eq!(e.method, Method::Exhaustive);
//! assert_eq!(e.deals, 990); // 45 * 44 / 2 turn-river pairs
//! assert!((e.players[0].equity + e.players[1].equity - 1.0).abs() < 1e-12);
//! ```
//!
//! Counts are exact integers ([`PlayerEquity::wins`], [`PlayerEquity::tie_share`]); the
//! fractions are derived from them at the end. With weighted ranges each deal counts its
//! players' weights multiplied (weights in whole thousandths, divided by their common factor).

mod board_first;
mod by_hand;
mod community;
mod community_sample;
mod deal;
mod error;
mod estimate;
mod exact;
mod holdem;
mod holdem_sample;
mod iso;
mod monte_carlo;
mod omaha_board;
mod per_combo;
pub mod preflop;
mod preflop_codec;
mod preflop_index;
mod query;
mod ranks;
mod showdown;
mod sink;
mod streets;
mod stud;
mod tally;
mod turnover;

pub use by_hand::{by_hand, by_hand_with, ByHand, ClassEquity, HandCounts, HandEquity};
pub use error::EquityError;
pub use estimate::{
    check_long, describe_seconds, estimated_seconds, Estimate, ALLOW_LONG_SECONDS, SECONDS_PER_COST,
};
pub use holdem::MAX_MATCHUP_CLASSES;
pub use monte_carlo::{
    stderr_target, BATCH, DEFAULT_STDERR, MAX_DEALS, MAX_ITERATIONS, MAX_STDERR, MAX_TIME,
    STDERR_EXPECTED,
};
pub use query::{Game, Holding, Method, ParsedQuery, Query, GAME_NAMES};
pub use streets::{next_cards, runout, NextCard, NextCards, Street};
pub use tally::{HILO_UNIT, TIE_UNIT};

use std::sync::atomic::{AtomicU64, Ordering};

use tally::Tally;

/// A progress callback: called with the fraction done, 0 to 1, from any worker thread.
pub type Progress<'a> = dyn Fn(f64) + Sync + 'a;

/// The progress of a parallel loop over `total` work items, told to a [`Progress`] callback
/// before and after every item. The call before matters: the callback is where a stop flag is
/// read (see [`stoppable`]), and a stop unwinds out of the item that saw it while rayon still
/// runs the items queued beside it, so each of them must read the flag before its work, not
/// only after it (Ctrl-C would otherwise wait for those items).
pub(crate) struct Items<'a> {
    progress: Option<&'a Progress<'a>>,
    done: AtomicU64,
    total: u64,
}

impl<'a> Items<'a> {
    pub(crate) fn new(progress: Option<&'a Progress<'a>>, total: usize) -> Items<'a> {
        Items { progress, done: AtomicU64::new(0), total: total as u64 }
    }

    /// Before an item: the progress so far.
    pub(crate) fn start(&self) {
        if let Some(f) = self.progress {
            f(self.done.load(Ordering::Relaxed) as f64 / self.total as f64);
        }
    }

    /// After `count` items.
    pub(crate) fn finish(&self, count: usize) {
        let count = count as u64;
        let done = self.done.fetch_add(count, Ordering::Relaxed) + count;
        if let Some(f) = self.progress {
            f(done as f64 / self.total as f64);
        }
    }
}

/// Estimated single-core nanoseconds of exhaustive work that [`Method::Auto`] still takes
/// (about two seconds); beyond it, Auto runs Monte Carlo.
pub const AUTO_EXHAUSTIVE_LIMIT: f64 = 2e9;

/// Estimated single-core nanoseconds beyond which an explicit exhaustive request is refused
/// (about 28 hours of single-core work; see [`SECONDS_PER_COST`]).
pub const EXHAUSTIVE_LIMIT: f64 = 1e14;

/// How to run a calculation: thread count and progress reporting.
#[derive(Clone, Copy, Default)]
pub struct Options<'a> {
    /// Worker threads; `None` uses rayon's global pool (or the caller's, inside `install`).
    pub threads: Option<usize>,
    /// Called with the fraction done as work completes.
    pub progress: Option<&'a Progress<'a>>,
}

/// One player's result.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerEquity {
    /// The player's text as given.
    pub spec: String,
    /// Share of the pot: wins plus tie shares, over all deals (0 to 1).
    pub equity: f64,
    /// Fraction of deals won outright.
    pub win: f64,
    /// Fraction of deals split with others.
    pub tie: f64,
    /// Monte Carlo standard error of `equity`; `None` when exhaustive, and when it is unknown:
    /// a standard error needs at least two deals, so a Monte Carlo run of one deal has none.
    pub stderr: Option<f64>,
    /// Weighted deals won outright.
    pub wins: u128,
    /// Weighted deals split.
    pub ties: u128,
    /// Weighted shares of the deals split, in units of 1/[`Equity::unit`] of a pot.
    pub tie_share: u128,
    /// High-low games: how the player's pots were won.
    pub hilo: Option<HiLoShare>,
}

/// How a player's share of the pot divides in a high-low game (eight or better): half the pot
/// goes to the best high hand, half to the best qualifying low, and with no qualifying low the
/// high hand takes it all. `high + low` is the player's equity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HiLoShare {
    /// Fraction of deals where the player takes the whole pot alone (a scoop): best high and
    /// best low alone, or best high alone with no qualifying low.
    pub scoop: f64,
    /// The player's share of all pots won with the high hand (0 to 1; the whole pot counts
    /// when no low qualifies).
    pub high: f64,
    /// The player's share of all pots won with the low hand (0 to 1/2).
    pub low: f64,
}

/// The result of a calculation.
#[derive(Clone, Debug, PartialEq)]
pub struct Equity {
    /// The method used: [`Method::Exhaustive`] or [`Method::MonteCarlo`].
    pub method: Method,
    /// Deals covered: every distinct deal (exhaustive) or every random deal (Monte Carlo).
    pub deals: u64,
    /// The weighted number of deals, the denominator of every fraction (equal to `deals`
    /// when no weights are given and for Monte Carlo).
    pub total: u128,
    /// Per player, in the query's order.
    pub players: Vec<PlayerEquity>,
    /// Share units of one pot in [`PlayerEquity::tie_share`]: [`TIE_UNIT`], or [`HILO_UNIT`]
    /// in the high-low games.
    pub unit: u64,
}

/// Computes equity with rayon's global thread pool and no progress reports.
pub fn calculate(q: &Query) -> Result<Equity, EquityError> {
    calculate_with(q, &Options::default())
}

/// Computes equity with the given options.
pub fn calculate_with(q: &Query, opts: &Options) -> Result<Equity, EquityError> {
    stoppable(q, opts, |progress| run(q, progress, true))
}

/// Computes equity as [`calculate_with`] does, but never answers from the heads-up preflop
/// table ([`preflop`]): exact queries are enumerated. The reference the table is checked
/// against, and the slow path's timing.
pub fn calculate_by_enumeration(q: &Query, opts: &Options) -> Result<Equity, EquityError> {
    stoppable(q, opts, |progress| run(q, progress, false))
}

/// What a calculation unwinds with when its stop flag is raised (caught by [`stoppable`]).
struct Stopped;

/// Runs `f` as [`with_threads`] does; with a [`Query::stop`] flag, wherever the work reports
/// its progress (every Monte Carlo round, every few hundred exhaustive work items) it also
/// reads the flag, and once it is raised unwinds out of the workers (with
/// [`std::panic::resume_unwind`], which prints nothing) to here: [`EquityError::Stopped`].
fn stoppable<T: Send>(
    q: &Query,
    opts: &Options,
    f: impl FnOnce(Option<&Progress<'_>>) -> Result<T, EquityError> + Send,
) -> Result<T, EquityError> {
    let Some(stop) = &q.stop else { return with_threads(opts, f) };
    if stop.is_raised() {
        return Err(EquityError::Stopped);
    }
    let check = |done: f64| {
        if let Some(report) = opts.progress {
            report(done);
        }
        if stop.is_raised() {
            std::panic::resume_unwind(Box::new(Stopped));
        }
    };
    let checked = Options { threads: opts.threads, progress: Some(&check) };
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| with_threads(&checked, f))) {
        Ok(answer) => answer,
        Err(payload) if payload.is::<Stopped>() => Err(EquityError::Stopped),
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

/// Runs `f` on a pool of `opts.threads` workers (rayon's global pool without), with the
/// options' progress reporter.
pub(crate) fn with_threads<T: Send>(
    opts: &Options,
    f: impl FnOnce(Option<&Progress<'_>>) -> Result<T, EquityError> + Send,
) -> Result<T, EquityError> {
    match opts.threads {
        Some(n) => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|_| EquityError::Threads(n))?;
            pool.install(|| f(opts.progress))
        }
        None => f(opts.progress),
    }
}

/// The method [`Method::Auto`] would pick for a query (or the method the query asks for), and
/// the estimated cost of exhaustive enumeration in single-core nanoseconds (after folding
/// suit-isomorphic matchups); [`estimated_seconds`] turns it into wall-clock time.
pub fn plan(q: &Query) -> Result<(Method, f64), EquityError> {
    let parsed = q.parse()?;
    let (way, cost) = Prepared::new(&parsed)?.choose(q.method, true);
    Ok((way.method(), cost))
}

fn choose_method(asked: Method, cost: f64) -> Method {
    match asked {
        Method::Auto if cost <= AUTO_EXHAUSTIVE_LIMIT => Method::Exhaustive,
        Method::Auto => Method::MonteCarlo,
        m => m,
    }
}

/// A way to count a query's equity. [`Prepared::choose`] picks it, for every game and for
/// both the plain query and [`by_hand`], with the estimated cost of exhaustive enumeration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Way {
    /// Heads-up hold'em preflop: the precomputed table ([`preflop`]).
    PreflopTable,
    /// Hold'em with every player's cards known and at most two board cards to come: the
    /// boards walked directly.
    ExactHands,
    /// Heads-up hold'em with wide ranges: each board once, the combos sorted by rank.
    BoardFirst,
    /// Hold'em: each matchup class once, by rank patterns.
    MatchupFirst,
    /// The other games: every deal enumerated.
    Enumerate,
    /// Random deals until the stopping rule holds.
    MonteCarlo,
}

impl Way {
    /// The method the way stands for.
    pub(crate) fn method(self) -> Method {
        match self {
            Way::MonteCarlo => Method::MonteCarlo,
            _ => Method::Exhaustive,
        }
    }

    /// Whether the way enumerates deals whose count the cost estimate bounds
    /// ([`EXHAUSTIVE_LIMIT`]): the table and exact hands are always cheap.
    fn enumerates(self) -> bool {
        matches!(self, Way::BoardFirst | Way::MatchupFirst | Way::Enumerate)
    }

    /// Refuses an enumeration whose estimated cost is above [`EXHAUSTIVE_LIMIT`].
    pub(crate) fn check(self, cost: f64) -> Result<(), EquityError> {
        if self.enumerates() && cost > EXHAUSTIVE_LIMIT {
            return Err(EquityError::TooLarge(cost));
        }
        Ok(())
    }
}

/// A parsed query ready for one game's engine.
enum Prepared {
    Holdem(holdem::HoldemSpot),
    Community(community::CommunitySpot),
    Stud(Game, stud::StudSpot),
    Turnover(turnover::TurnoverSpot),
}

impl Prepared {
    fn new(q: &ParsedQuery) -> Result<Prepared, EquityError> {
        Ok(match q.game {
            Game::Holdem => Prepared::Holdem(holdem::HoldemSpot::new(q)?),
            Game::Stud7 | Game::Stud8 | Game::Razz | Game::Americana => {
                Prepared::Stud(q.game, stud::StudSpot::new(q)?)
            }
            Game::Turnover => Prepared::Turnover(turnover::TurnoverSpot::new(q)?),
            // The Omaha games and short deck.
            _ => Prepared::Community(community::CommunitySpot::new(q)?),
        })
    }

    /// The way to count the query (`table`: whether the heads-up preflop table may answer),
    /// and the estimated cost of exhaustive enumeration in single-core nanoseconds.
    fn choose(&self, asked: Method, table: bool) -> (Way, f64) {
        let cost = match self {
            Prepared::Holdem(s) => return holdem::choose_way(s, asked, table),
            Prepared::Community(s) => s.exhaustive_cost(),
            Prepared::Stud(game, s) => s.exhaustive_cost(*game),
            Prepared::Turnover(s) => s.exhaustive_cost(),
        };
        match choose_method(asked, cost) {
            Method::Exhaustive => (Way::Enumerate, cost),
            _ => (Way::MonteCarlo, cost),
        }
    }

    /// Counts the query the chosen way.
    fn count(
        &self,
        q: &Query,
        way: Way,
        progress: Option<&Progress<'_>>,
    ) -> Result<Tally, EquityError> {
        match (self, way) {
            (Prepared::Holdem(s), _) => holdem::count::<Tally>(q, s, way, progress),
            (Prepared::Community(s), Way::MonteCarlo) => {
                monte_carlo::run(q, community_sample::sampler(s).as_ref(), progress)
            }
            (Prepared::Community(s), _) => community::exhaustive(s, progress),
            (Prepared::Stud(game, s), Way::MonteCarlo) => {
                monte_carlo::run(q, stud::sampler(*game, s).as_ref(), progress)
            }
            (Prepared::Stud(game, s), _) => stud::exhaustive(*game, s, progress),
            (Prepared::Turnover(s), Way::MonteCarlo) => {
                monte_carlo::run(q, &turnover::TurnoverSampler::new(s), progress)
            }
            (Prepared::Turnover(s), _) => Ok(turnover::exhaustive(s, progress)),
        }
    }
}

fn run(q: &Query, progress: Option<&Progress<'_>>, table: bool) -> Result<Equity, EquityError> {
    let parsed = q.parse()?;
    if q.method != Method::Exhaustive {
        monte_carlo::check_rules(q)?;
    }
    let prepared = Prepared::new(&parsed)?;
    let (way, cost) = prepared.choose(q.method, table);
    way.check(cost)?;
    let tally = prepared.count(q, way, progress)?;
    Ok(finish(&parsed.specs, way.method(), &tally))
}

fn finish(specs: &[String], method: Method, t: &Tally) -> Equity {
    let total = t.total.max(1) as f64;
    let players = specs
        .iter()
        .enumerate()
        .map(|(p, spec)| PlayerEquity {
            spec: spec.clone(),
            equity: t.equity(p),
            win: t.wins[p] as f64 / total,
            tie: t.ties[p] as f64 / total,
            // Fewer than two deals give no standard error (the tally says infinity): none.
            stderr: (method == Method::MonteCarlo).then(|| t.stderr(p)).filter(|se| se.is_finite()),
            wins: t.wins[p],
            ties: t.ties[p],
            tie_share: t.shares[p],
            hilo: t.is_hilo().then(|| {
                let pots = (t.total * t.unit as u128).max(1) as f64;
                HiLoShare {
                    scoop: t.wins[p] as f64 / total,
                    high: t.high[p] as f64 / pots,
                    low: t.low[p] as f64 / pots,
                }
            }),
        })
        .collect();
    Equity { method, deals: t.deals, total: t.total, players, unit: t.unit }
}
