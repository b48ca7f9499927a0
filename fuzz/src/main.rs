//! `feltkit-fuzz`: a fuzz harness for feltkit's parsers and rules engine that runs on stable
//! Rust. Each target gets a time budget, starts from seed inputs (the repository's hand files,
//! range and card strings, CSV rows) and runs mutations of them under `catch_unwind`; a panic
//! or a broken invariant writes the input to a file and ends the run with exit code 1.
//! See docs/fuzzing.md.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use std::io::Write;

use clap::Parser;

/// Prints a line on stdout; a closed pipe (`| head`) is not an error.
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

mod mutate;
mod rng;
mod runner;
mod targets;

use runner::{Known, Settings, Verdict};

/// Fuzzes feltkit's parsers and rules engine (stable Rust; see docs/fuzzing.md).
#[derive(Parser, Debug)]
#[command(name = "feltkit-fuzz")]
struct Args {
    /// Seconds to fuzz each target (0.1 to 86400).
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Stop each target after this many inputs: with --seed, a run that repeats exactly.
    #[arg(long)]
    runs: Option<u64>,
    /// Seed of the mutations (each target mixes in its name).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Seconds one input may run before it is reported as a hang (0.1 to 3600).
    #[arg(long, default_value_t = 10.0)]
    timeout: f64,
    /// The longest input the mutator makes, in bytes.
    #[arg(long, default_value_t = 65536)]
    max_len: usize,
    /// List the targets and what each checks.
    #[arg(long)]
    list: bool,
    /// Run one reproducer through TARGET and say whether it fails.
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
    /// Shrink a failing reproducer for TARGET (within --seconds); writes min-*.txt beside the
    /// other reproducers.
    #[arg(long, value_name = "FILE")]
    minimize: Option<PathBuf>,
    /// The seed data folder [default: tests/data of the repository].
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// Where reproducers are written [default: fuzz/artifacts].
    #[arg(long, value_name = "DIR")]
    artifacts: Option<PathBuf>,
    /// Committed reproducers, replayed before fuzzing [default: fuzz/regressions].
    #[arg(long, value_name = "DIR")]
    regressions: Option<PathBuf>,
    /// Known failures to tolerate [default: fuzz/known-failures.txt].
    #[arg(long, value_name = "FILE")]
    known: Option<PathBuf>,
    /// Treat known failures as failures (ignore the known-failures list).
    #[arg(long)]
    strict: bool,
    /// Worker threads for the library's parallel code (1 to 64).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Targets to run (all when none is given; see --list).
    #[arg(value_name = "TARGET")]
    targets: Vec<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match run(args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("feltkit-fuzz: {message}");
            ExitCode::from(2)
        }
    }
}

/// A path under this crate's folder.
fn here(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// A path as short as it can be written from the current folder.
fn show(path: &Path) -> String {
    let cwd = std::env::current_dir().unwrap_or_default();
    let abs = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    abs.strip_prefix(&cwd).unwrap_or(&abs).display().to_string()
}

fn run(args: Args) -> Result<ExitCode, String> {
    let all = targets::all();
    if args.list {
        for t in &all {
            say!("{:<14} {}", t.name, t.about.split_whitespace().collect::<Vec<_>>().join(" "));
        }
        return Ok(ExitCode::SUCCESS);
    }
    if !(args.seconds.is_finite() && (0.1..=86_400.0).contains(&args.seconds)) {
        return Err(format!("--seconds must be from 0.1 to 86400, got {}", args.seconds));
    }
    if !(args.timeout.is_finite() && (0.1..=3600.0).contains(&args.timeout)) {
        return Err(format!("--timeout must be from 0.1 to 3600, got {}", args.timeout));
    }
    if !(1..=64).contains(&args.threads) {
        return Err(format!("--threads must be from 1 to 64, got {}", args.threads));
    }
    if args.max_len == 0 {
        return Err("--max-len must be at least 1".into());
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build_global()
        .map_err(|e| format!("cannot start the worker threads: {e}"))?;
    let mut chosen = Vec::new();
    for name in &args.targets {
        match all.iter().find(|t| t.name == name) {
            Some(t) => chosen.push(t),
            None => {
                let names: Vec<_> = all.iter().map(|t| t.name).collect();
                return Err(format!(
                    "unknown target `{name}`: expected one of {}",
                    names.join(", ")
                ));
            }
        }
    }
    let known_path = args.known.clone().unwrap_or_else(|| here("known-failures.txt"));
    let known = match (args.strict, std::fs::read_to_string(&known_path)) {
        (true, _) => Known::default(),
        (false, Ok(text)) => Known::parse(&text),
        (false, Err(_)) if args.known.is_none() => Known::default(),
        (false, Err(e)) => return Err(format!("cannot read {}: {e}", known_path.display())),
    };
    let artifacts = args.artifacts.clone().unwrap_or_else(|| here("artifacts"));
    if let Some(file) = args.replay.as_ref().or(args.minimize.as_ref()) {
        let [t] = chosen.as_slice() else {
            return Err("--replay and --minimize take one reproducer and exactly one target".into());
        };
        let input =
            std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        if args.replay.is_some() {
            return Ok(replay(t, &input, &known));
        }
        runner::record_panics(false);
        let budget = Duration::from_secs_f64(args.seconds);
        let Some((small, message)) = runner::minimize(t, &input, budget) else {
            say!("{}: the input passes; nothing to minimize", t.name);
            return Ok(ExitCode::from(1));
        };
        let path = runner::save(&artifacts, t.name, "min", t.text, &small)
            .map_err(|e| format!("cannot write the minimized input: {e}"))?;
        say!("{}: {} bytes -> {} bytes: {}", t.name, input.len(), small.len(), show(&path));
        say!("{message}");
        return Ok(ExitCode::SUCCESS);
    }
    let chosen = if chosen.is_empty() { all.iter().collect() } else { chosen };
    let data_dir = args.data.clone().unwrap_or_else(|| here("../tests/data"));
    let data = targets::Data::load(&data_dir);
    let settings = Settings {
        seconds: args.seconds,
        runs: args.runs,
        seed: args.seed,
        max_len: args.max_len,
        artifacts: artifacts.clone(),
        regressions: args.regressions.clone().unwrap_or_else(|| here("regressions")),
        known,
    };
    runner::record_panics(false);
    runner::watchdog(Duration::from_secs_f64(args.timeout), artifacts);
    say!(
        "feltkit-fuzz: {} targets, {} s each, seed {}, {} seed files from {}",
        chosen.len(),
        args.seconds,
        args.seed,
        data.phh.len() + data.csv.len(),
        show(&data_dir)
    );
    let mut failures = Vec::new();
    for t in chosen {
        if settings.known.skips(t.name) {
            say!("{:<14} skipped: listed in the known failures", t.name);
            continue;
        }
        let r = runner::fuzz(t, &data, &settings);
        let rate = r.execs as f64 / r.seconds.max(1e-9);
        let status = match (&r.failure, &r.known) {
            (Some(_), _) => "FAILED".to_string(),
            (None, Some((n, _, path))) => format!("ok, {n} known failures (first: {})", show(path)),
            (None, None) => "ok".to_string(),
        };
        say!(
            "{:<14} {:>9} inputs {:>8.0}/s {:>6} behaviours  {status}",
            t.name,
            r.execs,
            rate,
            r.behaviours
        );
        if let Some((message, path)) = r.failure {
            failures.push((t.name, message, show(&path)));
        }
    }
    for (name, message, path) in &failures {
        eprintln!(
            "feltkit-fuzz: target `{name}` failed: {message}\n  reproducer: {path}\n  replay: {}",
            runner::replay_command(path, name)
        );
    }
    Ok(if failures.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// Runs one reproducer; exit code 1 when it fails.
fn replay(t: &targets::Target, input: &[u8], known: &Known) -> ExitCode {
    runner::record_panics(true);
    targets::set_tracing(true);
    match runner::execute(t, input) {
        Verdict::Pass(_) => {
            say!("{}: passes", t.name);
            ExitCode::SUCCESS
        }
        Verdict::Fail(m) => {
            let note = if known.matches(t.name, &m) { " (a known failure)" } else { "" };
            say!("{}: fails{note}: {m}", t.name);
            ExitCode::from(1)
        }
    }
}
