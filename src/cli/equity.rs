//! `felt equity`: each player's equity, exhaustive or Monte Carlo, as a table or JSON.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use feltkit::equity::{calculate_with, Equity, Game, Method, Options, Query};
use feltkit::text::count;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The games `felt equity` takes.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum GameArg {
    /// Texas hold'em: ranges or exact hole cards, board of 0, 3, 4 or 5 cards.
    Holdem,
    /// Turnover: 3 hole cards (one turned face up after the flop) or 2 after the expose.
    Turnover,
    /// Seven-card stud: each player's known cards.
    Stud7,
    /// Americana: five-card stud on the 32-card deck.
    Americana,
}

/// Arguments of `felt equity`.
#[derive(Args, Debug)]
pub struct EquityArgs {
    /// The game.
    #[arg(long, value_enum, default_value = "holdem")]
    game: GameArg,
    /// Board cards, e.g. `Kd8h2c`.
    #[arg(long, default_value = "")]
    board: String,
    /// Dead cards (out of the deck), e.g. `4h5h`.
    #[arg(long, default_value = "")]
    dead: String,
    /// Enumerate every deal (exact).
    #[arg(long, conflicts_with_all = ["monte_carlo", "iterations", "stderr", "time"])]
    exhaustive: bool,
    /// Sample random deals (implied by --iterations, --stderr or --time).
    #[arg(long)]
    monte_carlo: bool,
    /// Monte Carlo: stop after this many deals (1 to 10^12).
    #[arg(long, value_parser = super::parse_iterations)]
    iterations: Option<u64>,
    /// Monte Carlo: stop when every player's standard error is at most this (e.g. 0.001).
    #[arg(long)]
    stderr: Option<f64>,
    /// Monte Carlo: stop after this many seconds (more than 0, at most 86400).
    #[arg(long, value_parser = super::parse_seconds)]
    time: Option<Duration>,
    /// Monte Carlo seed: same seed, same numbers, on any thread count.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_parser = super::parse_threads)]
    threads: Option<usize>,
    /// Write one JSON object: {method, deals, players: [{spec, equity, win, tie, stderr?}]}.
    #[arg(long)]
    json: bool,
    /// Each player's range (hold'em, e.g. `QQ+,AKs`) or known cards (other games).
    #[arg(required = true, num_args = 1..)]
    players: Vec<String>,
}

/// Runs `felt equity`.
pub fn run(args: EquityArgs) -> anyhow::Result<ExitCode> {
    let game = match args.game {
        GameArg::Holdem => Game::Holdem,
        GameArg::Turnover => Game::Turnover,
        GameArg::Stud7 => Game::Stud7,
        GameArg::Americana => Game::Americana,
    };
    let mut q = Query::new(game, args.players.iter().cloned());
    q.board = args.board.clone();
    q.dead = args.dead.clone();
    q.method = match (args.exhaustive, args.monte_carlo) {
        (true, _) => Method::Exhaustive,
        (_, true) => Method::MonteCarlo,
        // A stopping rule only means something to Monte Carlo: asking for one asks for it.
        _ if args.iterations.is_some() || args.stderr.is_some() || args.time.is_some() => {
            Method::MonteCarlo
        }
        _ => Method::Auto,
    };
    q.iterations = args.iterations;
    q.stderr = args.stderr;
    q.time = args.time;
    q.seed = args.seed;
    let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::hidden());
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {percent}% eta {eta}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let start = Instant::now();
    let shown = std::sync::atomic::AtomicBool::new(false);
    let progress = |frac: f64| {
        // Only runs longer than about a second get a bar.
        if start.elapsed() > Duration::from_secs(1)
            && !shown.swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        bar.set_position((frac * 1000.0) as u64);
    };
    let opts = Options { threads: args.threads, progress: Some(&progress) };
    let result = calculate_with(&q, &opts);
    bar.finish_and_clear();
    let e = result?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        writeln!(out, "{}", to_json(&e))?;
    } else {
        write_table(&mut out, &e, q.method == Method::Auto)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The `--json` object.
fn to_json(e: &Equity) -> serde_json::Value {
    let players: Vec<serde_json::Value> = e
        .players
        .iter()
        .map(|p| {
            let mut v = serde_json::json!({
                "spec": p.spec, "equity": p.equity, "win": p.win, "tie": p.tie,
            });
            if let Some(se) = p.stderr {
                v["stderr"] = serde_json::json!(se);
            }
            v
        })
        .collect();
    serde_json::json!({ "method": e.method.name(), "deals": e.deals, "players": players })
}

/// The plain table: one row per player, columns aligned.
fn write_table(out: &mut dyn Write, e: &Equity, auto: bool) -> std::io::Result<()> {
    let how = if auto { " (chosen automatically)" } else { "" };
    let method = e.method.name().replace('_', " ");
    writeln!(out, "method: {method}{how}, {}", count(e.deals, "deal", "deals"))?;
    let mc = e.method == Method::MonteCarlo;
    let width = e.players.iter().map(|p| p.spec.chars().count()).max().unwrap_or(0).max(6);
    let mut head = format!("{:<width$}  {:>9}  {:>9}  {:>9}", "player", "equity", "win", "tie");
    if mc {
        head += &format!("  {:>8}", "stderr");
    }
    writeln!(out, "{}", head.trim_end())?;
    for p in &e.players {
        let pct = |x: f64| format!("{:.4}%", 100.0 * x);
        let mut row = format!(
            "{:<width$}  {:>9}  {:>9}  {:>9}",
            p.spec,
            pct(p.equity),
            pct(p.win),
            pct(p.tie)
        );
        if let Some(se) = p.stderr {
            row += &format!("  {:>8}", format!("{:.4}%", 100.0 * se));
        }
        writeln!(out, "{row}")?;
    }
    Ok(())
}
