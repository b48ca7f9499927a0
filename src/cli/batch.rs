//! `felt batch`: a CSV/TSV file of equity questions in, the same rows with answers out.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context;
use clap::Args;
use feltkit::batch::{
    resolve_links, run as run_batch, AtomicFile, Config, Defaults, FileId, Format, Progress,
    RowStatus, Shard,
};
use feltkit::equity::{Game, Method};
use feltkit::text::count;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Arguments of `felt batch`.
#[derive(Args, Debug)]
pub struct BatchArgs {
    /// Input file (CSV, or TSV when it ends in `.tsv`); `-` or none reads stdin.
    input: Option<PathBuf>,
    /// Output file; `-` or none writes stdout. A `.tsv` or `.csv` name picks the delimiter,
    /// otherwise the input's is used. It is written under a temporary name beside it and
    /// renamed into place when the run ends, so it is never seen half written; it may not be
    /// the input file (under any name).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Field delimiter of the input: one character, or `tab`.
    #[arg(long)]
    delimiter: Option<String>,
    /// Game for rows without a `game` cell: holdem, shortdeck, omaha, omaha5, omaha6, omaha8,
    /// omaha5-8, omaha6-8, turnover, stud7, stud8, razz or americana.
    #[arg(long, default_value = "holdem")]
    game: String,
    /// Board for rows without a `board` cell.
    #[arg(long, default_value = "")]
    board: String,
    /// Dead cards for rows without a `dead` cell.
    #[arg(long, default_value = "")]
    dead: String,
    /// Method for rows without a `method` cell: auto, exhaustive or monte_carlo.
    #[arg(long, default_value = "auto")]
    method: String,
    /// Monte Carlo deals for rows without an `iterations` cell (1 to 10^12).
    #[arg(long, value_parser = super::parse_iterations)]
    iterations: Option<u64>,
    /// Monte Carlo standard error target for rows without a `stderr` cell: more than 0 and at
    /// most 1.
    #[arg(long, value_parser = feltkit::equity::stderr_target)]
    stderr: Option<f64>,
    /// Base seed: a row without a `seed` cell uses the row-th output of SplitMix64 from it.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Process only shard K of N (rows r with (r - 1) mod N = K - 1), 1 <= K <= N; adds the
    /// `felt_row` column.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// Start each output row with a `felt_row` column (the input row number, from 1).
    #[arg(long)]
    row_numbers: bool,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_parser = super::parse_threads)]
    threads: Option<usize>,
    /// Rows read and answered at a time, 1 to 1000000 (memory holds at most three chunks).
    #[arg(long, default_value_t = 2048, value_parser = parse_chunk_rows)]
    chunk_rows: usize,
    /// Write one JSON object per row instead of CSV.
    #[arg(long)]
    json: bool,
}

/// `-` or no path.
fn is_std(path: &Option<PathBuf>) -> bool {
    path.as_deref().is_none_or(|p| p == Path::new("-"))
}

/// The delimiter a file name's extension implies, if any.
fn delimiter_of(path: &Option<PathBuf>) -> Option<u8> {
    if is_std(path) {
        return None;
    }
    let ext = path.as_deref()?.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "tsv" | "tab" => Some(b'\t'),
        "csv" => Some(b','),
        _ => None,
    }
}

/// The most rows a chunk may hold: three chunks of long rows stay within a few hundred MB.
const MAX_CHUNK_ROWS: u64 = 1_000_000;

/// Reads `--chunk-rows`: 1 to [`MAX_CHUNK_ROWS`].
fn parse_chunk_rows(text: &str) -> Result<usize, String> {
    super::parse_in_range(text, 1, MAX_CHUNK_ROWS).map(|n| n as usize)
}

fn parse_delimiter(text: &str) -> anyhow::Result<u8> {
    match text {
        "tab" | "\\t" | "\t" => Ok(b'\t'),
        t if t.len() == 1 && t.is_ascii() => Ok(t.as_bytes()[0]),
        t => anyhow::bail!("--delimiter must be one ASCII character or `tab`, got {t:?}"),
    }
}

fn config(args: &BatchArgs) -> anyhow::Result<Config> {
    let game: Game = args.game.parse().context("--game")?;
    let method: Method = args.method.parse().context("--method")?;
    // Flag defaults are checked once here (a bad one would fail every row); the game's own deck
    // is checked per row.
    for (flag, text) in [("--board", &args.board), ("--dead", &args.dead)] {
        feltkit::card::parse_cards(text, feltkit::card::Deck::Standard)
            .with_context(|| format!("{flag} {text:?}"))?;
    }
    let delimiter = match &args.delimiter {
        Some(d) => parse_delimiter(d)?,
        None => delimiter_of(&args.input).unwrap_or(b','),
    };
    let format = match args.json {
        true => Format::JsonLines,
        false => Format::Csv { delimiter: delimiter_of(&args.output).unwrap_or(delimiter) },
    };
    Ok(Config {
        defaults: Defaults {
            game,
            board: args.board.clone(),
            dead: args.dead.clone(),
            method,
            iterations: args.iterations,
            stderr: args.stderr,
            seed: args.seed,
        },
        delimiter,
        format,
        shard: args.shard.unwrap_or(Shard::ALL),
        row_column: args.row_numbers || args.shard.is_some(),
        chunk_rows: args.chunk_rows,
        threads: args.threads,
        first_row: 0,
        stop: None,
    })
}

/// Where the results go.
enum Target {
    /// Standard output, streamed.
    Stdout,
    /// A file that is not a regular file (`/dev/null`, a named pipe), written as it comes.
    Stream(File),
    /// A regular file, replaced when the run completes.
    Replace(AtomicFile),
}

/// Opens the input: the reader, its identity on disk, and what to call it in messages
/// ("the input in.csv", "standard input").
fn open_input(path: &Option<PathBuf>) -> anyhow::Result<(Box<dyn Read>, Option<FileId>, String)> {
    match path {
        p if is_std(p) => {
            let name = "standard input".to_string();
            Ok((Box::new(std::io::stdin().lock()), FileId::of_stdin(), name))
        }
        Some(path) => {
            anyhow::ensure!(!path.is_dir(), "{} is a directory, not a CSV file", path.display());
            let file =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            let id = FileId::of_file(&file, Some(path));
            Ok((Box::new(file), id, format!("the input {}", path.display())))
        }
        None => unreachable!("is_std covers no path"),
    }
}

/// Refuses an output that is the input file under another name (the same path, a hard or
/// symbolic link, or standard input redirected from it): writing it would destroy the input.
fn refuse_same_file(
    input: Option<&FileId>,
    input_name: &str,
    output: Option<FileId>,
    output_name: &str,
) -> anyhow::Result<()> {
    if input.is_some() && input == output.as_ref() {
        anyhow::bail!(
            "{output_name} and {input_name} are the same file: writing the results \
             there would destroy the input; choose another output file"
        );
    }
    Ok(())
}

/// Checks and opens the output; a regular file is written under a temporary name.
fn open_output(
    path: &Option<PathBuf>,
    input: Option<&FileId>,
    input_name: &str,
) -> anyhow::Result<Target> {
    let Some(path) = path.as_deref().filter(|_| !is_std(path)) else {
        refuse_same_file(input, input_name, FileId::of_stdout(), "standard output")?;
        return Ok(Target::Stdout);
    };
    let shown = path.display();
    refuse_same_file(input, input_name, FileId::of_path(path), &format!("the output {shown}"))?;
    let real = match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => anyhow::bail!("the output {shown} is a directory"),
        // `/dev/null`, a named pipe, `/dev/stdout` on a pipe: nothing to replace, write as it
        // comes.
        Ok(m) if !m.is_file() => {
            let file = File::create(path).with_context(|| format!("cannot open {shown}"))?;
            return Ok(Target::Stream(file));
        }
        // Replace the file a symbolic link names, not the link.
        Ok(_) => std::fs::canonicalize(path),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => resolve_links(path),
        Err(e) => Err(e),
    };
    let real = real.with_context(|| format!("cannot write {shown}"))?;
    let file = interrupt::create(|| AtomicFile::create(&real))
        .with_context(|| format!("cannot create {shown}"))?;
    Ok(Target::Replace(file))
}

/// Runs `felt batch`: exit 0 when every row has results, 1 when some rows failed (their
/// `felt_error` cell says why; the output is complete all the same), 2 on an error that stops
/// the run (bad flags, an input or output that cannot be used). An output file is written under
/// a temporary name beside it and renamed into place only when the run completes, so after an
/// error, or SIGINT, SIGTERM or SIGHUP, it is absent or as it was before; the temporary file is
/// removed then, except after SIGKILL, which leaves a hidden `.<name>.<random>.felt-tmp`.
pub fn run(args: BatchArgs) -> anyhow::Result<ExitCode> {
    let config = config(&args)?;
    let (input, input_id, input_name) = open_input(&args.input)?;
    let mut target = open_output(&args.output, input_id.as_ref(), &input_name)?;
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] rows: {human_pos}, {rate}, failed: {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
        .with_key("rate", |s: &ProgressState, w: &mut dyn std::fmt::Write| {
            write!(w, "{:.0} rows/s", s.per_sec()).ok();
        }),
    );
    bar.set_message("0");
    let failed = AtomicU64::new(0);
    let progress = |status: RowStatus| {
        bar.inc(1);
        if status == RowStatus::Failed {
            let n = failed.fetch_add(1, Ordering::Relaxed) + 1;
            bar.set_message(n.to_string());
        }
    };
    let progress = Some(&progress as &Progress<'_>);
    let result = match &mut target {
        Target::Stdout => run_batch(input, std::io::stdout().lock(), &config, progress),
        Target::Stream(file) => run_batch(input, file, &config, progress),
        Target::Replace(file) => run_batch(input, file.file(), &config, progress),
    };
    bar.finish_and_clear();
    let summary = match (result, target) {
        (Ok(summary), Target::Replace(file)) => {
            let shown = args.output.as_deref().unwrap_or(file.target()).display().to_string();
            interrupt::finish(|| file.commit()).with_context(|| format!("cannot write {shown}"))?;
            summary
        }
        (Ok(summary), _) => summary,
        (Err(e), Target::Replace(file)) => {
            let shown = args.output.as_deref().unwrap_or(file.target()).display().to_string();
            // Dropping the file removes the temporary file.
            interrupt::finish(|| drop(file));
            anyhow::bail!(
                "{:#}; {shown} was not written (a file already there is left as it was)",
                anyhow::Error::from(e)
            );
        }
        (Err(e), _) => return Err(e.into()),
    };
    if summary.failed > 0 {
        super::diagnose(format_args!(
            "felt batch: {} of {} failed (see their felt_error column)",
            summary.failed,
            count(summary.rows, "row", "rows")
        ));
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// Removing the temporary output file when the process is interrupted.
#[cfg(unix)]
pub(super) mod interrupt {
    use std::io;
    use std::path::PathBuf;
    use std::sync::{Mutex, MutexGuard, Once};

    use feltkit::batch::AtomicFile;

    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;
    use signal_hook::low_level::emulate_default_handler;

    /// The temporary file to remove on a signal, while there is one.
    static PENDING: Mutex<Option<PathBuf>> = Mutex::new(None);

    fn pending() -> MutexGuard<'static, Option<PathBuf>> {
        PENDING.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether `signal` was ignored when the process started (`nohup`, a shell's background
    /// job): such a signal must stay ignored. Read from Linux's `/proc/self/status`; where that
    /// cannot be read, no signal counts as ignored.
    fn ignored_at_start(signal: i32) -> bool {
        let Ok(status) = std::fs::read_to_string("/proc/self/status") else { return false };
        let mask = status
            .lines()
            .find_map(|l| l.strip_prefix("SigIgn:"))
            .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
            .unwrap_or(0);
        (1..=64).contains(&signal) && mask >> (signal - 1) & 1 == 1
    }

    /// Creates the temporary output file with `create` and removes it if SIGINT, SIGTERM or
    /// SIGHUP arrives before [`finish`], then ends the process as the signal would have (its
    /// exit status still says which signal). The handler is in place before the file exists,
    /// and a signal that arrives while it is being created waits for its name. Signals ignored
    /// at start stay ignored. If the handler cannot be installed, the run goes on without it:
    /// the target is safe either way, only the temporary file may be left.
    pub fn create(create: impl FnOnce() -> io::Result<AtomicFile>) -> io::Result<AtomicFile> {
        static INSTALL: Once = Once::new();
        INSTALL.call_once(|| {
            let wanted: Vec<i32> =
                [SIGINT, SIGTERM, SIGHUP].into_iter().filter(|&s| !ignored_at_start(s)).collect();
            let Ok(mut signals) = Signals::new(&wanted) else { return };
            let spawned =
                std::thread::Builder::new().name("felt-signals".into()).spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        // Hold the lock to the end, so that `finish` cannot rename the file now.
                        let mut guard = pending();
                        if let Some(temp) = guard.take() {
                            let _ = std::fs::remove_file(temp);
                        }
                        let _ = emulate_default_handler(signal);
                        drop(guard);
                    }
                });
            drop(spawned);
        });
        let mut guard = pending();
        let file = create()?;
        *guard = Some(file.temp_path().to_path_buf());
        Ok(file)
    }

    /// Runs `op` (the rename into place, or the removal) with no signal handling in between,
    /// then forgets the temporary file.
    pub fn finish<R>(op: impl FnOnce() -> R) -> R {
        let mut guard = pending();
        let r = op();
        *guard = None;
        r
    }
}

/// Without Unix signals: an interrupted run may leave its temporary file (never a partial
/// output).
#[cfg(not(unix))]
pub(super) mod interrupt {
    /// Runs `create`.
    pub fn create(
        create: impl FnOnce() -> std::io::Result<feltkit::batch::AtomicFile>,
    ) -> std::io::Result<feltkit::batch::AtomicFile> {
        create()
    }

    /// Runs `op`.
    pub fn finish<R>(op: impl FnOnce() -> R) -> R {
        op()
    }
}
