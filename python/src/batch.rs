//! `batch_csv`: `felt batch` on CSV text in memory, the same library run.

use feltkit::batch::{run, Config, Defaults, OutputFormat, Shard};
use feltkit::card::{parse_cards, Deck};
use feltkit::equity::{Game, Method};
use feltkit::stop::Stop;
use pyo3::prelude::*;

use crate::args::{optional, whole};
use crate::errors::BatchError;
use crate::interrupt::interruptible;

/// The most rows a chunk may hold (as `felt batch --chunk-rows`).
const MAX_CHUNK_ROWS: u64 = 1_000_000;

/// The answer of a batch: the output text and its counts.
#[pyclass(module = "feltkit", frozen, get_all)]
pub struct BatchOutput {
    /// The output, byte for byte what `felt batch` writes for the same input and options.
    text: String,
    /// Data rows read.
    read: u64,
    /// Rows written.
    rows: u64,
    /// Rows with an error (in their `felt_error` cell).
    failed: u64,
}

/// Runs `felt batch` on `text` (CSV with a header row): the options are its flags (`game`,
/// `board`, `dead`, `method`, `iterations`, `stderr`, `seed`, `threads`, `delimiter`,
/// `row_numbers`, `shard` as `"K/N"`, `json`, `chunk_rows`); `first_row` numbers the rows as
/// if that many came before them. Returns a `BatchOutput` whose `text` is byte for byte the
/// command's output; raises `BatchError` for a bad header or option (a bad row's message goes
/// to its `felt_error` cell). Ctrl-C stops the batch (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (text, *, game = "holdem", board = "", dead = "", method = "auto",
    iterations = None, stderr = None, seed = None, threads = None, delimiter = ",",
    row_numbers = false, shard = None, json = false, first_row = None, chunk_rows = None))]
#[allow(clippy::too_many_arguments)]
fn batch_csv(
    py: Python<'_>,
    text: &str,
    game: &str,
    board: &str,
    dead: &str,
    method: &str,
    iterations: Option<Bound<'_, PyAny>>,
    stderr: Option<f64>,
    seed: Option<Bound<'_, PyAny>>,
    threads: Option<Bound<'_, PyAny>>,
    delimiter: &str,
    row_numbers: bool,
    shard: Option<&str>,
    json: bool,
    first_row: Option<Bound<'_, PyAny>>,
    chunk_rows: Option<Bound<'_, PyAny>>,
) -> PyResult<BatchOutput> {
    let bad = |flag: &str, e: &dyn std::fmt::Display| BatchError::new_err(format!("{flag}: {e}"));
    let max_iterations = feltkit::equity::MAX_ITERATIONS;
    let iterations =
        optional(iterations.as_ref(), "iterations", 1..=max_iterations, BatchError::new_err)?;
    let seed = optional(seed.as_ref(), "seed", 0..=u64::MAX, BatchError::new_err)?.unwrap_or(0);
    let threads =
        optional(threads.as_ref(), "threads", 1..=256, BatchError::new_err)?.map(|n| n as usize);
    let first_row =
        optional(first_row.as_ref(), "first_row", 0..=u64::MAX, BatchError::new_err)?.unwrap_or(0);
    let chunk_rows = match &chunk_rows {
        Some(n) => whole(n, "chunk_rows", 1..=MAX_CHUNK_ROWS, BatchError::new_err)? as usize,
        None => 2048,
    };
    // The checks `felt batch` makes of its flags, with its wording.
    let game: Game = game.parse().map_err(|e| bad("game", &e))?;
    let method: Method = method.parse().map_err(|e| bad("method", &e))?;
    for (flag, cards) in [("board", board), ("dead", dead)] {
        parse_cards(cards, Deck::Standard).map_err(|e| bad(&format!("{flag} {cards:?}"), &e))?;
    }
    let stderr = match stderr {
        Some(s) => {
            Some(feltkit::equity::stderr_target(&s.to_string()).map_err(|e| bad("stderr", &e))?)
        }
        None => None,
    };
    let delimiter = match delimiter {
        "tab" | "\t" => b'\t',
        d if d.len() == 1 && d.is_ascii() => d.as_bytes()[0],
        d => {
            return Err(bad(
                "delimiter",
                &format!("expected one ASCII character or `tab`, got {d:?}"),
            ))
        }
    };
    let shard: Option<Shard> = match shard {
        Some(s) => Some(s.parse().map_err(|e: String| bad("shard", &e))?),
        None => None,
    };
    let config = Config {
        defaults: Defaults {
            game,
            board: board.to_string(),
            dead: dead.to_string(),
            method,
            iterations,
            stderr,
            seed,
        },
        delimiter,
        format: if json { OutputFormat::JsonLines } else { OutputFormat::Csv { delimiter } },
        shard: shard.unwrap_or(Shard::ALL),
        row_column: row_numbers || shard.is_some(),
        chunk_rows,
        threads,
        first_row,
        stop: Some(Stop::new()),
    };
    let stop = config.stop.clone().unwrap_or_default();
    let (out, summary) = interruptible(py, &stop, || {
        let mut out = Vec::with_capacity(text.len() * 2);
        let summary = run(text.as_bytes(), &mut out, &config, None);
        (out, summary)
    })?;
    let summary = summary.map_err(|e| BatchError::new_err(anyhow_chain(&e)))?;
    let text =
        String::from_utf8(out).map_err(|_| BatchError::new_err("the output is not UTF-8 text"))?;
    Ok(BatchOutput { text, read: summary.read, rows: summary.rows, failed: summary.failed })
}

/// An error with its sources, `: `-separated, as `felt` prints it.
fn anyhow_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// Adds the function.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<BatchOutput>()?;
    m.add_function(wrap_pyfunction!(batch_csv, m)?)?;
    Ok(())
}
