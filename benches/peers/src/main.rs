//! feltkit beside the C and C++ peers, in one run: OMPEval, PokerHandEvaluator and poker-eval,
//! compiled from the source directories the user names (see build.rs), run on the same
//! queries in interleaved rounds. Each round runs every tool once on every workload; every
//! answer is checked against feltkit's (a disagreement stops the run with exit 1, a tool's
//! failure with exit 2); the table gives each tool's median and best round and feltkit's speed
//! over the fastest peer's.
//!
//! ```sh
//! FELTKIT_PEER_OMPEVAL=~/src/OMPEval FELTKIT_PEER_PHEVALUATOR=~/src/PokerHandEvaluator \
//! FELTKIT_PEER_POKER_EVAL=~/src/poker-eval cargo run --release -p feltkit-peers -- 5
//! ```
//!
//! `feltkit-peers [ROUNDS] [--json] [--only TEXT]` (default 5 rounds).

mod equity;
mod eval;
mod ffi;
mod machine;

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

/// What a tool answered, checked against feltkit's.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The sum of an evaluator's own values: the same in every round. (The evaluators' ranks
    /// are compared once, before the rounds: `eval::check`.)
    Checksum(u64),
    /// Exact equity.
    Exact {
        /// Deals enumerated.
        deals: u64,
        /// Deals won alone per player (pots scooped in the high-low games).
        wins: Vec<u64>,
        /// Deals tied per player (`None` in the high-low games).
        ties: Option<Vec<u64>>,
        /// Share of the pot per player.
        ev: Vec<f64>,
    },
    /// Monte Carlo equity.
    Sample {
        /// Deals dealt.
        deals: u64,
        /// Share of the pot per player.
        equity: Vec<f64>,
        /// Its standard error per player.
        stderr: Vec<f64>,
    },
}

/// How a row is measured and shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Unit {
    /// Hands or deals per second, in millions (larger is faster).
    MillionPerSecond,
    /// Milliseconds a query (smaller is faster).
    Millis,
}

/// One tool's run of a row's workload: the hands or deals it covered and its answer.
type Run = Box<dyn FnMut() -> Result<(u64, Answer), String> + Send>;

/// One tool on one row.
pub struct Tool {
    name: &'static str,
    run: Run,
    /// Seconds of each round.
    seconds: Vec<f64>,
    /// Hands or deals of each round.
    work: Vec<u64>,
    /// The first round's answer.
    first: Option<Answer>,
}

impl Tool {
    /// A tool named `name` running `run`.
    pub fn new(
        name: &'static str,
        run: impl FnMut() -> Result<(u64, Answer), String> + Send + 'static,
    ) -> Tool {
        Tool { name, run: Box::new(run), seconds: Vec::new(), work: Vec::new(), first: None }
    }

    /// Speed of round `i`: millions a second, or queries a second.
    fn speed(&self, i: usize, unit: Unit) -> f64 {
        match unit {
            Unit::MillionPerSecond => self.work[i] as f64 / self.seconds[i] / 1e6,
            Unit::Millis => 1.0 / self.seconds[i],
        }
    }

    /// Median and best speed over the rounds.
    fn speeds(&self, unit: Unit) -> (f64, f64) {
        let s: Vec<f64> = (0..self.seconds.len()).map(|i| self.speed(i, unit)).collect();
        (median(&s), s.iter().copied().fold(0.0, f64::max))
    }
}

/// One workload: feltkit first, then the peers compiled in.
pub struct Row {
    name: &'static str,
    unit: Unit,
    tools: Vec<Tool>,
    /// Monte Carlo: the exact equities the samples must lie near.
    reference: Option<Vec<f64>>,
}

impl Row {
    /// A row named `name`.
    pub fn new(name: &'static str, unit: Unit, tools: Vec<Tool>) -> Row {
        Row { name, unit, tools, reference: None }
    }
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    match s.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => s[n / 2],
        n => (s[n / 2 - 1] + s[n / 2]) / 2.0,
    }
}

/// Checks `answer` of `tool` on `row`: against feltkit's answer of the same round (exact),
/// its own first round (checksums), or the exact equities (Monte Carlo).
fn check(
    row: &Row,
    tool: &str,
    answer: &Answer,
    feltkit: &Answer,
    first: Option<&Answer>,
) -> Result<(), String> {
    let fail = |what: String| Err(format!("{}: {tool} disagrees with feltkit: {what}", row.name));
    match (answer, feltkit) {
        (Answer::Checksum(a), _) => match first {
            Some(Answer::Checksum(f)) if f != a => {
                Err(format!("{}: {tool} summed {a} in one round and {f} in another", row.name))
            }
            _ => Ok(()),
        },
        (
            Answer::Exact { deals, wins, ties, ev },
            Answer::Exact { deals: d0, wins: w0, ties: t0, ev: e0 },
        ) => {
            if deals != d0 {
                return fail(format!("{deals} deals against {d0}"));
            }
            if wins != w0 {
                return fail(format!("wins {wins:?} against {w0:?}"));
            }
            if let (Some(t), Some(t0)) = (ties, t0) {
                if t != t0 {
                    return fail(format!("ties {t:?} against {t0:?}"));
                }
            }
            if ev.iter().zip(e0).any(|(a, b)| (a - b).abs() > 1e-9) || ev.len() != e0.len() {
                return fail(format!("equities {ev:?} against {e0:?}"));
            }
            Ok(())
        }
        (Answer::Sample { equity, stderr, .. }, _) => {
            let exact = row.reference.as_deref().unwrap_or_default();
            for (p, ((e, s), x)) in equity.iter().zip(stderr).zip(exact).enumerate() {
                if !(*s > 0.0 && (e - x).abs() <= 4.0 * s) {
                    return Err(format!(
                        "{}: {tool}'s equity of player {} is {e:.6} with a standard error of \
                         {s:.6}, more than four standard errors from the exact {x:.6}",
                        row.name,
                        p + 1
                    ));
                }
            }
            Ok(())
        }
        _ => fail(format!("an answer of another kind ({answer:?} against {feltkit:?})")),
    }
}

/// Why a run stopped: answers that disagree (exit 1), or a tool that failed (exit 2).
#[derive(Debug)]
enum Failure {
    Mismatch(String),
    Error(String),
}

impl From<String> for Failure {
    fn from(e: String) -> Failure {
        Failure::Error(e)
    }
}

/// Runs every row's tools once, in order, and checks their answers.
fn round(rows: &mut [Row]) -> Result<(), Failure> {
    for row in rows.iter_mut() {
        let mut feltkit: Option<Answer> = None;
        let mut answers = Vec::with_capacity(row.tools.len());
        for tool in row.tools.iter_mut() {
            let t = Instant::now();
            let (work, answer) =
                black_box((tool.run)()).map_err(|e| format!("{}: {}: {e}", row.name, tool.name))?;
            tool.seconds.push(t.elapsed().as_secs_f64());
            tool.work.push(work);
            feltkit.get_or_insert_with(|| answer.clone());
            answers.push(answer);
        }
        let feltkit = feltkit.expect("feltkit runs first");
        for (tool, answer) in row.tools.iter().zip(&answers) {
            check(row, tool.name, answer, &feltkit, tool.first.as_ref())
                .map_err(Failure::Mismatch)?;
        }
        for (tool, answer) in row.tools.iter_mut().zip(answers) {
            tool.first.get_or_insert(answer);
        }
    }
    Ok(())
}

/// The peers compiled in, and the variables of those that are not.
const PEERS: [(&str, &str, bool); 3] = [
    ("OMPEval", "FELTKIT_PEER_OMPEVAL", cfg!(peer_ompeval)),
    ("PokerHandEvaluator", "FELTKIT_PEER_PHEVALUATOR", cfg!(peer_phevaluator)),
    ("poker-eval", "FELTKIT_PEER_POKER_EVAL", cfg!(peer_poker_eval)),
];

struct Args {
    rounds: usize,
    json: bool,
    only: Option<String>,
}

fn args() -> Result<Args, String> {
    let mut a = Args { rounds: 5, json: false, only: None };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--json" => a.json = true,
            "--only" => {
                a.only = Some(it.next().ok_or("--only needs a text: the rows whose name has it")?)
            }
            n => match n.parse::<usize>() {
                Ok(r) if r > 0 => a.rounds = r,
                _ => {
                    return Err(format!(
                        "{n:?} is neither a number of rounds (1 or more), --json nor --only TEXT"
                    ))
                }
            },
        }
    }
    Ok(a)
}

fn main() -> ExitCode {
    let a = match args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("feltkit-peers: {e}\nusage: feltkit-peers [ROUNDS] [--json] [--only TEXT]");
            return ExitCode::from(2);
        }
    };
    if PEERS.iter().all(|p| !p.2) {
        eprintln!(
            "feltkit-peers: no peer compiled in. Set one or more of these to the peer's source \
             directory and build again (cargo run --release -p feltkit-peers):"
        );
        for (name, var, _) in PEERS {
            eprintln!("  {var}=/path/to/{name}");
        }
        eprintln!(
            "(docs/performance.md, \"Beside the peers, in one run\", says where to get them.)"
        );
        return ExitCode::from(2);
    }
    #[cfg(target_arch = "x86_64")]
    if env!("FELTKIT_PEER_FLAGS").contains("x86-64-v3")
        && !(std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi2"))
    {
        eprintln!(
            "feltkit-peers: the peers were compiled for x86-64-v3 (AVX2, BMI2), which this CPU \
             lacks; build with FELTKIT_PEER_MARCH=x86-64 to compare on it"
        );
        return ExitCode::from(2);
    }
    match run(&a) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Mismatch(e)) => {
            eprintln!("feltkit-peers: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Error(e)) => {
            eprintln!("feltkit-peers: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(a: &Args) -> Result<(), Failure> {
    let pool: &'static rayon::ThreadPool = Box::leak(Box::new(
        rayon::ThreadPoolBuilder::new().num_threads(1).build().map_err(|e| e.to_string())?,
    ));
    let load_before = machine::load();
    let hands = eval::random_hands_for_all();
    let mut rows = eval::rows(hands);
    rows.extend(equity::exact_rows(pool));
    rows.extend(equity::monte_carlo_rows(pool)?);
    if let Some(only) = &a.only {
        rows.retain(|r| r.name.contains(only.as_str()));
    }
    let mut notes = Vec::new();
    if rows.iter().any(|r| r.name.starts_with("7-card eval")) {
        eprintln!("checking that the evaluators rank every hand alike ...");
        notes.push(eval::check(hands).map_err(Failure::Mismatch)?);
    }
    // The rounds run on the one thread of feltkit's pool, so that feltkit's calls start there
    // (as the peers' calls do on theirs) instead of waking a sleeping worker: on a loaded machine
    // a wake-up alone took milliseconds.
    pool.install(|| {
        // A first round, checked but not timed: tables built on first use (feltkit's Omaha
        // tables, OMPEval's evaluator) and cold caches stay out of the figures.
        eprintln!("warm-up round ...");
        round(&mut rows)?;
        for row in rows.iter_mut() {
            for t in row.tools.iter_mut() {
                t.seconds.clear();
                t.work.clear();
            }
        }
        for r in 0..a.rounds {
            eprintln!("round {} of {} ...", r + 1, a.rounds);
            round(&mut rows)?;
        }
        Ok::<(), Failure>(())
    })?;
    let load_after = machine::load();
    let m = machine::describe(load_before, load_after);
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&json(&rows, &m, a.rounds, &notes))
                .map_err(|e| e.to_string())?
        );
    } else {
        print!("{}", table(&rows, &m, a.rounds, &notes));
    }
    Ok(())
}

/// feltkit's speed over the fastest peer's (by median): per round, then the median of those,
/// and the best rounds' ratio. `None` without a peer.
fn ratios(row: &Row) -> Option<(&'static str, f64, f64)> {
    let peers = &row.tools[1..];
    let best = peers.iter().max_by(|a, b| a.speeds(row.unit).0.total_cmp(&b.speeds(row.unit).0))?;
    let f = &row.tools[0];
    let per_round: Vec<f64> =
        (0..f.seconds.len()).map(|i| f.speed(i, row.unit) / best.speed(i, row.unit)).collect();
    Some((best.name, median(&per_round), f.speeds(row.unit).1 / best.speeds(row.unit).1))
}

fn cell(t: &Tool, unit: Unit) -> String {
    let (med, best) = t.speeds(unit);
    match unit {
        Unit::MillionPerSecond => format!("{med:.0} ({best:.0})"),
        Unit::Millis => format!("{} ({})", millis(1e3 / med), millis(1e3 / best)),
    }
}

fn millis(ms: f64) -> String {
    match ms {
        m if m >= 100.0 => format!("{m:.0}"),
        m if m >= 1.0 => format!("{m:.2}"),
        m => format!("{m:.4}"),
    }
}

fn table(rows: &[Row], m: &machine::Machine, rounds: usize, notes: &[String]) -> String {
    let names: Vec<&str> = PEERS.iter().filter(|p| p.2).map(|p| p.0).collect();
    let mut s = format!(
        "{}\n{rounds} interleaved rounds, one thread each; median (best round). Evaluation and \
         Monte Carlo in million hands or deals a second, exact equity in milliseconds a query.\n\
         Peers compiled with {}: {}.\n\n| workload | feltkit | {} | feltkit / fastest peer: median, best |\n|---|---|{}---|\n",
        m.summary(),
        env!("FELTKIT_PEER_FLAGS"),
        machine::peer_commits(),
        names.join(" | "),
        "---|".repeat(names.len())
    );
    for row in rows {
        let mut cells = vec![cell(&row.tools[0], row.unit)];
        for name in &names {
            cells.push(
                row.tools
                    .iter()
                    .find(|t| t.name == *name)
                    .map_or(String::new(), |t| cell(t, row.unit)),
            );
        }
        let ratio = ratios(row)
            .map_or(String::new(), |(p, med, best)| format!("{med:.2}x, {best:.2}x ({p})"));
        s += &format!("| {} | {} | {ratio} |\n", row.name, cells.join(" | "));
    }
    s += "\nEvery answer agreed: exact counts to the last deal, Monte Carlo within four standard errors of the exact equity.\n";
    for n in notes {
        s += n;
        s += "\n";
    }
    s
}

fn json(rows: &[Row], m: &machine::Machine, rounds: usize, notes: &[String]) -> serde_json::Value {
    use serde_json::json;
    let rows: Vec<_> = rows
        .iter()
        .map(|row| {
            let tools: Vec<_> = row
                .tools
                .iter()
                .map(|t| {
                    let (median, best) = t.speeds(row.unit);
                    json!({"tool": t.name, "median": median, "best": best, "seconds": t.seconds, "work": t.work})
                })
                .collect();
            let ratio = ratios(row).map(|(p, med, best)| json!({"peer": p, "median": med, "best": best}));
            let unit = match row.unit {
                Unit::MillionPerSecond => "million per second",
                Unit::Millis => "queries per second",
            };
            json!({"workload": row.name, "unit": unit, "tools": tools, "feltkit_over_fastest_peer": ratio})
        })
        .collect();
    json!({
        "machine": m.json(),
        "rounds": rounds,
        "threads": 1,
        "peer_flags": env!("FELTKIT_PEER_FLAGS"),
        "peers": machine::peers_json(),
        "checks": notes,
        "rows": rows,
    })
}

#[cfg(test)]
mod tests {
    use super::{check, median, Answer, Row, Unit};

    fn exact(wins: [u64; 2], ties: [u64; 2], ev: [f64; 2]) -> Answer {
        Answer::Exact { deals: 10, wins: wins.to_vec(), ties: Some(ties.to_vec()), ev: ev.to_vec() }
    }

    fn row() -> Row {
        Row::new("a row", Unit::Millis, Vec::new())
    }

    #[test]
    fn exact_answers_agree_to_the_last_deal() {
        let f = exact([6, 2], [2, 2], [0.7, 0.3]);
        assert!(check(&row(), "peer", &exact([6, 2], [2, 2], [0.7, 0.3]), &f, None).is_ok());
        let one_more_win = exact([6, 3], [2, 2], [0.7, 0.3]);
        assert!(check(&row(), "peer", &one_more_win, &f, None).is_err());
        let one_more_tie = exact([6, 2], [2, 3], [0.7, 0.3]);
        assert!(check(&row(), "peer", &one_more_tie, &f, None).is_err());
        let other_share = exact([6, 2], [2, 2], [0.7 + 1e-6, 0.3]);
        assert!(check(&row(), "peer", &other_share, &f, None).is_err());
        let other_deals =
            Answer::Exact { deals: 11, wins: vec![6, 2], ties: None, ev: vec![0.7, 0.3] };
        assert!(check(&row(), "peer", &other_deals, &f, None).is_err());
    }

    #[test]
    fn samples_lie_within_four_standard_errors_of_the_exact_equity() {
        let mut r = row();
        r.reference = Some(vec![0.5, 0.5]);
        let sample = |e: f64| Answer::Sample {
            deals: 100,
            equity: vec![e, 1.0 - e],
            stderr: vec![0.01, 0.01],
        };
        let f = sample(0.5);
        assert!(check(&r, "peer", &sample(0.539), &f, None).is_ok());
        assert!(check(&r, "peer", &sample(0.541), &f, None).is_err());
        let no_error = Answer::Sample { deals: 1, equity: vec![0.5, 0.5], stderr: vec![0.0, 0.0] };
        assert!(check(&r, "peer", &no_error, &f, None).is_err());
    }

    #[test]
    fn checksums_repeat_from_round_to_round() {
        let r = row();
        let f = Answer::Checksum(1);
        assert!(check(&r, "peer", &Answer::Checksum(7), &f, Some(&Answer::Checksum(7))).is_ok());
        assert!(check(&r, "peer", &Answer::Checksum(8), &f, Some(&Answer::Checksum(7))).is_err());
    }

    #[test]
    fn medians() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!(median(&[]).is_nan());
    }
}
