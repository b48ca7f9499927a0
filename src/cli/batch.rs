//! `felt batch`: a CSV/TSV file of equity questions in, the same rows with answers out.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context;
use clap::Args;
use feltkit::batch::{
    run as run_batch, Config, Defaults, FileId, OutputFormat, Progress, RowStatus, Shard,
};
use feltkit::equity::{Game, Method};
use feltkit::text::count;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use super::output::{Files, Output};

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
    #[arg(long, default_value = "holdem", help = format!(
        "Game for rows without a `game` cell: {}",
        feltkit::equity::Game::name_list()
    ))]
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
        true => OutputFormat::JsonLines,
        false => OutputFormat::Csv { delimiter: delimiter_of(&args.output).unwrap_or(delimiter) },
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
    /// A file (a regular one replaced when the run completes).
    File(Output),
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

/// Checks and opens the output: never the input under another name (the same path, a hard or
/// symbolic link, or standard input redirected from it); a regular file is written under a
/// temporary name.
fn open_output(path: &Option<PathBuf>, files: &mut Files) -> anyhow::Result<Target> {
    let Some(path) = path.as_deref().filter(|_| !is_std(path)) else {
        files.stdout()?;
        return Ok(Target::Stdout);
    };
    let name = format!("the output {}", path.display());
    files.output(path, &name)?;
    Ok(Target::File(Output::create(path, &name)?))
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
    let mut files = Files::new();
    files.input_id(input_id, input_name);
    let mut target = open_output(&args.output, &mut files)?;
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
        Target::File(file) => run_batch(input, file.file(), &config, progress),
    };
    bar.finish_and_clear();
    let summary = match (result, target) {
        (Ok(summary), Target::File(file)) => {
            file.commit()?;
            summary
        }
        (Ok(summary), Target::Stdout) => summary,
        (Err(e), Target::File(file)) => {
            let shown = args.output.as_deref().unwrap_or(Path::new("-")).display().to_string();
            // The temporary file is removed.
            file.abandon();
            anyhow::bail!(
                "{:#}; {shown} was not written (a file already there is left as it was)",
                anyhow::Error::from(e)
            );
        }
        (Err(e), Target::Stdout) => return Err(e.into()),
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
