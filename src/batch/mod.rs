//! Batch equity studies: a CSV/TSV file of questions in, the same rows with answers out.
//!
//! Each data row names up to ten players (`p1` ... `p10`) and optionally `game`, `board`,
//! `dead`, `method`, `iterations`, `stderr` and `seed`; every other column is carried through,
//! except an earlier run's result columns (below). [`run`] streams the input in chunks of [`Config::chunk_rows`] rows, answers a chunk's rows
//! in parallel on a rayon pool while it writes the previous chunk and reads the next, and
//! writes exactly one output row per input row, in input order. A bad row gets its message in
//! the `felt_error` column and the others still run.
//!
//! ```
//! use feltkit::batch::{run, Config};
//! let input = "id,p1,p2,board\n1,AhKh,QsQd,2c7d9h\n2,AA,\"KK+,AQx\",\n";
//! let mut out = Vec::new();
//! let summary = run(input.as_bytes(), &mut out, &Config::default(), None).unwrap();
//! assert_eq!((summary.rows, summary.failed), (2, 1));
//! let text = String::from_utf8(out).unwrap();
//! let lines: Vec<&str> = text.lines().collect();
//! assert_eq!(lines[0], "id,p1,p2,board,felt_p1_equity,felt_p1_win,felt_p1_tie,\
//!     felt_p2_equity,felt_p2_win,felt_p2_tie,felt_method,felt_deals,felt_stderr,felt_error");
//! assert!(lines[1].starts_with("1,AhKh,QsQd,2c7d9h,0.")); // then AhKh's equity
//! assert!(lines[1].ends_with(",exhaustive,990,,"));
//! // The message is one CSV field, its quotes doubled.
//! assert!(lines[2].contains(r#"p2 (""KK+,AQx""): range token 2"#));
//! ```
//!
//! Rows run in parallel with each calculation in the same pool, so a heavy row's own parallel
//! work spreads over threads the light rows leave idle (rayon's work stealing).
//!
//! # Output column names
//!
//! Every column `felt batch` adds starts with [`RESULT_PREFIX`] (`felt_`): `felt_row` (with
//! `--row-numbers` or `--shard`), `felt_p1_equity`, `felt_p1_win`, `felt_p1_tie`, ... for each
//! player column, then `felt_method`, `felt_deals`, `felt_stderr` and `felt_error`. The prefix
//! is reserved: an input column whose name (trimmed, any case) starts with `felt_` is either
//! one of those result names, so an earlier run's result, which is not carried through (the new
//! results replace it), or else refused ([`HeaderError::Reserved`]). Carried input columns must
//! have distinct names ([`HeaderError::Duplicate`]). So the output header never repeats a name,
//! whatever the input's columns are (`row`, `method`, `stderr`, `error` included).
//!
//! An output file is therefore a valid input, and running a batch on its own output (with the
//! same flags) gives the same file again: the input columns are read as before and the results
//! are recomputed in place of the old ones. Two things do not survive a first run: a record
//! shorter than the header is written padded with empty cells, and fields beyond the header's
//! width are dropped (their row's `felt_error` quotes them); and data rows are numbered in the
//! file being read, so a shard's output read again has rows 1, 2, ... (Monte Carlo rows without
//! a `seed` cell then draw other seeds).
//!
//! `--json` lines keep the input under their own `input` key, so their keys (`row`, `input`,
//! `players`, `method`, `deals`, `stderr`, `error`) never meet the input's names; `input`
//! holds the carried columns only.
//!
//! A prefix rather than a suffix keeps the added names together and recognizable at a glance,
//! and a tool name rather than a generic word (`result_`) keeps it out of the way of users'
//! own column names.

mod columns;
mod file;
mod output;
mod row;

use std::io::{self, Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use csv::ByteRecord;
use rayon::prelude::*;
use thiserror::Error;

pub use columns::{is_result_name, Columns, Field, HeaderError, MAX_PLAYERS, RESULT_PREFIX};
pub use file::{resolve_links, AtomicFile, FileId};
pub use output::{AnsweredRow, Output, OutputFormat};
pub use row::{compute, compute_until, query, row_seed, Defaults, RowError, MAX_CELL};

use crate::equity::EquityError;
use crate::stop::Stop;

/// Why a batch run stopped: the file itself, not one of its rows, could not be used. The I/O
/// variants keep the `io::Error` as their source (a broken pipe can be recognized in the chain).
#[derive(Debug, Error)]
pub enum BatchError {
    /// The input could not be read.
    #[error("cannot read the input")]
    Read(#[source] io::Error),
    /// The header row is missing or unusable.
    #[error("bad header row: {0}")]
    Header(HeaderError),
    /// The output could not be written.
    #[error("cannot write the output")]
    Write(#[source] io::Error),
    /// The worker pool could not be built.
    #[error("could not start {}", crate::text::count(*.0, "worker thread", "worker threads"))]
    Threads(usize),
    /// The [`Config::stop`] flag was raised before the end.
    #[error("stopped before the end (interrupted)")]
    Stopped,
}

impl From<HeaderError> for BatchError {
    fn from(e: HeaderError) -> BatchError {
        BatchError::Header(e)
    }
}

/// A share of the rows: shard `index` of `count` (from 1) takes the data rows `r` (counting
/// from 1) with `(r - 1) % count == index - 1`, round robin, so heavy and light rows spread
/// evenly and no shard needs to know the length of the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 1 to `count`.
    pub index: u64,
    /// The number of shards.
    pub count: u64,
}

impl Shard {
    /// Every row: shard 1 of 1.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Whether data row `row` (counting from 1) belongs to this shard.
    pub fn owns(self, row: u64) -> bool {
        row.wrapping_sub(1) % self.count.max(1) == self.index.wrapping_sub(1)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Reads `K/N`: two whole numbers with 1 <= K <= N <= 2^64-1.
    fn from_str(s: &str) -> Result<Shard, String> {
        const FORM: &str = "expected K/N, two whole numbers with 1 <= K <= N (such as 3/8)";
        let (k, n) = s.split_once('/').ok_or_else(|| format!("no '/' in {s:?}: {FORM}"))?;
        let (k, n) = (k.trim(), n.trim());
        let count: u64 = n.parse().map_err(|_| {
            format!("N ({n:?}) is not a whole number from 1 to {}: {FORM}", u64::MAX)
        })?;
        if count == 0 {
            return Err(format!("N is 0, but there must be at least 1 shard: {FORM}"));
        }
        let index: u64 = k.parse().map_err(|_| {
            format!("K ({k:?}) is not a whole number from 1 to N ({count}): {FORM}")
        })?;
        if index == 0 || index > count {
            return Err(format!("K is {index}, but it must be from 1 to N ({count}): {FORM}"));
        }
        Ok(Shard { index, count })
    }
}

/// How to run a batch.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Values for empty cells and absent columns.
    pub defaults: Defaults,
    /// The input's field delimiter.
    pub delimiter: u8,
    /// The output format.
    pub format: OutputFormat,
    /// The share of rows to process.
    pub shard: Shard,
    /// Whether the CSV output starts with a `felt_row` column (the input row number).
    pub row_column: bool,
    /// Rows per chunk: at most three chunks are in memory at once.
    pub chunk_rows: usize,
    /// Worker threads; `None` uses rayon's global pool.
    pub threads: Option<usize>,
    /// Data rows before this input's first: the input's data row `r` (from 1) is row
    /// `first_row + r` everywhere a row number counts (`felt_row`, [`row_seed`], [`Shard`]).
    /// 0 for a whole table; a piece of a larger table (a partition of a Dask DataFrame) gives
    /// the number of rows before it, so that its rows draw the seeds they draw in one run.
    pub first_row: u64,
    /// A flag that stops the batch when raised (from another thread): rows not yet answered
    /// are left, a row being answered stops soon, and the run ends with
    /// [`BatchError::Stopped`] (the output then holds whole chunks only). `None`: runs to its
    /// end.
    pub stop: Option<crate::stop::Stop>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            defaults: Defaults::default(),
            delimiter: b',',
            format: OutputFormat::Csv { delimiter: b',' },
            shard: Shard::ALL,
            row_column: false,
            chunk_rows: 2048,
            threads: None,
            first_row: 0,
            stop: None,
        }
    }
}

/// What a finished run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Data rows read, in every shard.
    pub read: u64,
    /// Rows of this shard processed and written.
    pub rows: u64,
    /// Rows among them that got an error.
    pub failed: u64,
}

/// How one row ended, as reported to a progress callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowStatus {
    /// The row has results.
    Ok,
    /// The row has an error.
    Failed,
}

/// A progress callback, called once per finished row from any worker thread.
pub type Progress<'a> = dyn Fn(RowStatus) + Sync + 'a;

/// The longest row (record) read, in bytes: ten players' cells of [`MAX_CELL`] bytes and more.
/// A longer one stops the run with its line number, before it takes more memory: the CSV
/// reader cannot tell where it would end.
pub const MAX_ROW: usize = 1 << 20;

/// The most bytes of rows a chunk holds (it may end before [`Config::chunk_rows`] rows then),
/// so that the three chunks in memory stay within a few hundred MB whatever the rows hold.
const CHUNK_BYTES: usize = 64 << 20;

/// How far past the start of the row being read the input may be read before the row counts
/// as too long: the CSV reader reads ahead by its buffer (8 KiB).
const READ_AHEAD: u64 = 64 << 10;

/// The input, counting its bytes: reading stops with [`TooLong`] once it is more than
/// [`MAX_ROW`] (and the reader's read-ahead) past the start of the row being read.
struct Capped<R> {
    inner: R,
    read: u64,
    /// Where the row being read starts (the reader's position after the last row).
    start: Arc<AtomicU64>,
}

/// The marker error of a row longer than [`MAX_ROW`], replaced by a message with its line.
#[derive(Debug, Error)]
#[error("a row is longer than {MAX_ROW} bytes")]
struct TooLong;

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.read.saturating_sub(self.start.load(Ordering::Relaxed))
            > MAX_ROW as u64 + READ_AHEAD
        {
            return Err(io::Error::new(io::ErrorKind::InvalidData, TooLong));
        }
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        Ok(n)
    }
}

/// Reads one row into `record`, refusing one longer than [`MAX_ROW`] bytes with its line.
fn read_row<R: Read>(
    reader: &mut csv::Reader<R>,
    start: &AtomicU64,
    record: &mut ByteRecord,
) -> io::Result<bool> {
    let (line, from) = (reader.position().line(), reader.position().byte());
    let too_long = || {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "line {line}: the row is longer than {MAX_ROW} bytes, the most a row may hold \
                 (a cell holds at most {MAX_CELL}); is this a CSV file of questions?"
            ),
        )
    };
    let more = match reader.read_byte_record(record) {
        Ok(more) => more,
        Err(e) => {
            let e = io_error(e);
            let ours = e.get_ref().is_some_and(|i| i.is::<TooLong>());
            return Err(if ours { too_long() } else { e });
        }
    };
    let end = reader.position().byte();
    start.store(end, Ordering::Relaxed);
    if end - from > MAX_ROW as u64 {
        return Err(too_long());
    }
    Ok(more)
}

/// Reads rows in bounded chunks, skipping other shards' rows.
struct Chunks<R: Read> {
    reader: csv::Reader<Capped<R>>,
    start: Arc<AtomicU64>,
    row: u64,
    shard: Shard,
    size: usize,
    done: bool,
}

/// A CSV reader's error as an I/O error, keeping its kind.
fn io_error(e: csv::Error) -> io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("{other:?}")),
    }
}

impl<R: Read> Chunks<R> {
    fn next(&mut self) -> io::Result<Vec<(u64, ByteRecord)>> {
        let mut rows = Vec::with_capacity(self.size);
        let mut skipped = ByteRecord::new();
        let mut bytes = 0;
        while rows.len() < self.size && bytes < CHUNK_BYTES && !self.done {
            let mut record = ByteRecord::new();
            let mine = self.shard.owns(self.row + 1);
            let target = if mine { &mut record } else { &mut skipped };
            if !read_row(&mut self.reader, &self.start, target)? {
                self.done = true;
                break;
            }
            self.row += 1;
            if mine {
                bytes += record.as_slice().len();
                rows.push((self.row, record));
            }
        }
        Ok(rows)
    }
}

/// Answers one chunk's rows in parallel, in order.
fn answer(
    rows: Vec<(u64, ByteRecord)>,
    cols: &Columns,
    defaults: &Defaults,
    stop: Option<&Stop>,
    progress: Option<&Progress<'_>>,
) -> Vec<AnsweredRow> {
    rows.into_par_iter()
        .map(|(row, record)| {
            let result = match stop {
                // The rows not started once the flag is raised are not answered.
                Some(stop) if stop.is_raised() => Err(RowError::Equity(EquityError::Stopped)),
                _ => catch_unwind(AssertUnwindSafe(|| {
                    compute_until(cols, &record, defaults, row, stop)
                }))
                .unwrap_or_else(|panic| Err(RowError::Panic(panic_text(&panic)))),
            };
            if let Some(f) = progress {
                f(if result.is_ok() { RowStatus::Ok } else { RowStatus::Failed });
            }
            AnsweredRow { row, record, result }
        })
        .collect()
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// Runs a batch: reads `input`, writes `output`, returns the counts. Rows with errors are
/// counted in [`Summary::failed`]; an `Err` means the input or output itself failed (rows
/// answered before that are written).
pub fn run<R: Read, W: Write>(
    input: R,
    output: W,
    config: &Config,
    progress: Option<&Progress<'_>>,
) -> Result<Summary, BatchError> {
    let pool = match config.threads {
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|_| BatchError::Threads(n))?,
        ),
        None => None,
    };
    let start = Arc::new(AtomicU64::new(0));
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(config.delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(Capped { inner: input, read: 0, start: Arc::clone(&start) });
    let mut header = ByteRecord::new();
    if !read_row(&mut reader, &start, &mut header).map_err(BatchError::Read)? {
        return Err(HeaderError::Empty.into());
    }
    let cols = Columns::from_header(&header)?;
    let mut out =
        Output::new(output, config.format, &cols, config.row_column).map_err(BatchError::Write)?;
    let mut chunks = Chunks {
        reader,
        start,
        row: config.first_row,
        shard: config.shard,
        size: config.chunk_rows.max(1),
        done: false,
    };
    let mut summary = Summary::default();
    let mut current = chunks.next().map_err(BatchError::Read)?;
    let mut previous: Vec<AnsweredRow> = Vec::new();
    while !current.is_empty() || !previous.is_empty() {
        let mut answered = Vec::new();
        let mut wrote = Ok(());
        let mut next = Ok(Vec::new());
        let (cols, defaults, stop) = (&cols, &config.defaults, config.stop.as_ref());
        in_scope(pool.as_ref(), |s| {
            let rows = std::mem::take(&mut current);
            let answered = &mut answered;
            s.spawn(move |_| *answered = answer(rows, cols, defaults, stop, progress));
            // While the pool answers this chunk: write the last one, read the next one.
            wrote = write_chunk(&mut out, &previous, &mut summary);
            if wrote.is_ok() {
                next = chunks.next();
            }
        });
        wrote.map_err(BatchError::Write)?;
        if stop.is_some_and(Stop::is_raised) {
            // The chunk just answered may hold rows that were stopped: it is not written.
            out.flush().map_err(BatchError::Write)?;
            return Err(BatchError::Stopped);
        }
        if let Err(e) = next {
            write_chunk(&mut out, &answered, &mut summary).map_err(BatchError::Write)?;
            out.flush().map_err(BatchError::Write)?;
            return Err(BatchError::Read(e));
        }
        previous = answered;
        current = next.unwrap_or_default();
    }
    out.flush().map_err(BatchError::Write)?;
    summary.read = chunks.row - config.first_row;
    Ok(summary)
}

/// Runs `op` in a scope of `pool` (or of the current/global pool) on the calling thread.
fn in_scope<'s, R>(pool: Option<&rayon::ThreadPool>, op: impl FnOnce(&rayon::Scope<'s>) -> R) -> R {
    match pool {
        Some(pool) => pool.in_place_scope(op),
        None => rayon::in_place_scope(op),
    }
}

fn write_chunk<W: Write>(
    out: &mut Output<W>,
    outcomes: &[AnsweredRow],
    summary: &mut Summary,
) -> io::Result<()> {
    for o in outcomes {
        out.write(o)?;
        summary.rows += 1;
        summary.failed += u64::from(o.result.is_err());
    }
    if !outcomes.is_empty() {
        out.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_text(input: &str, config: &Config) -> (Summary, String) {
        let mut out = Vec::new();
        let s = run(input.as_bytes(), &mut out, config, None).unwrap();
        (s, String::from_utf8(out).unwrap())
    }

    #[test]
    fn shards_split_rows_round_robin() {
        let s: Shard = "2/3".parse().unwrap();
        let rows: Vec<u64> = (1..=9).filter(|&r| s.owns(r)).collect();
        assert_eq!(rows, vec![2, 5, 8]);
        assert!(Shard::ALL.owns(1) && Shard::ALL.owns(u64::MAX));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "0/0", "-1/3", "1/-3", "", "/", "1/2/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let max: Shard = "18446744073709551615/18446744073709551615".parse().unwrap();
        assert!(max.owns(u64::MAX) && !max.owns(1));
    }

    #[test]
    fn absurd_shards_are_refused_saying_which_number_is_wrong() {
        let e = |s: &str| s.parse::<Shard>().unwrap_err();
        let form = "expected K/N, two whole numbers with 1 <= K <= N (such as 3/8)";
        assert_eq!(e("0/0"), format!("N is 0, but there must be at least 1 shard: {form}"));
        assert_eq!(e("5/3"), format!("K is 5, but it must be from 1 to N (3): {form}"));
        assert_eq!(e("0/3"), format!("K is 0, but it must be from 1 to N (3): {form}"));
        assert_eq!(
            e("18446744073709551616/2"),
            format!("K (\"18446744073709551616\") is not a whole number from 1 to N (2): {form}")
        );
        assert_eq!(
            e("1/18446744073709551616"),
            format!(
                "N (\"18446744073709551616\") is not a whole number from 1 to \
                 18446744073709551615: {form}"
            )
        );
        assert_eq!(e("3"), format!("no '/' in \"3\": {form}"));
    }

    #[test]
    fn output_rows_follow_input_order_across_small_chunks() {
        let mut input = String::from("p1,p2,board,n\n");
        for i in 0..200 {
            let p1 = if i % 7 == 3 { "ZZ" } else { "AhKh" };
            input += &format!("{p1},QQ,2c7d9h,{i}\n");
        }
        let config = Config { chunk_rows: 16, threads: Some(2), ..Config::default() };
        let (s, text) = run_text(&input, &config);
        assert_eq!((s.read, s.rows, s.failed), (200, 200, 29));
        for (i, line) in text.lines().skip(1).enumerate() {
            let n: usize = line.split(',').nth(3).unwrap().parse().unwrap();
            assert_eq!(n, i);
        }
    }

    #[test]
    fn an_empty_input_or_a_bad_header_is_an_error() {
        let mut out = Vec::new();
        let e = run(&b""[..], &mut out, &Config::default(), None).unwrap_err();
        assert!(matches!(e, BatchError::Header(HeaderError::Empty)));
        let e = run(&b"a,b\n1,2\n"[..], &mut out, &Config::default(), None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad header row: no p1 column: the header row names 2 columns: \"a\", \"b\"; \
             expected at least the columns p1 and p2 (the players' cards or ranges), and \
             optionally p3 to p10, game, board, dead, method, iterations, stderr and seed"
        );
    }

    /// An input that makes one row per `read` call and counts the rows it has made.
    struct Lazy {
        made: std::sync::Arc<std::sync::atomic::AtomicU64>,
        total: u64,
        pending: Vec<u8>,
    }

    impl Read for Lazy {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            use std::sync::atomic::Ordering::SeqCst;
            if self.pending.is_empty() {
                let n = self.made.load(SeqCst);
                self.pending = match n {
                    0 => b"p1,p2,board\n".to_vec(),
                    n if n <= self.total => b"AhKh,QsQd,2c7d9h\n".to_vec(),
                    _ => return Ok(0),
                };
                self.made.store(n + 1, SeqCst);
            }
            let k = buf.len().min(self.pending.len());
            buf[..k].copy_from_slice(&self.pending[..k]);
            self.pending.drain(..k);
            Ok(k)
        }
    }

    /// An output that notes how many input rows had been made when it was first written to.
    struct Watch {
        made: std::sync::Arc<std::sync::atomic::AtomicU64>,
        first: Option<u64>,
        lines: usize,
    }

    impl Write for Watch {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if !buf.is_empty() && self.first.is_none() {
                self.first = Some(self.made.load(std::sync::atomic::Ordering::SeqCst));
            }
            self.lines += buf.iter().filter(|&&b| b == b'\n').count();
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn output_starts_before_the_input_ends_so_memory_stays_bounded() {
        let made = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let input = Lazy { made: made.clone(), total: 1000, pending: Vec::new() };
        let mut out = Watch { made: made.clone(), first: None, lines: 0 };
        let config = Config { chunk_rows: 10, ..Config::default() };
        let s = run(input, &mut out, &config, None).unwrap();
        assert_eq!((s.rows, out.lines), (1000, 1001));
        // Header, then at most three chunks read ahead of the first write.
        let first = out.first.unwrap();
        assert!(first <= 1 + 3 * 10 + 1, "first output after {first} input lines");
    }

    #[test]
    fn a_piece_of_a_table_numbers_and_seeds_its_rows_as_the_whole_table_does() {
        let mut input = String::from("p1,p2,method,iterations\n");
        for _ in 0..10 {
            input += "AhKh,QQ,monte_carlo,200\n";
        }
        let whole = Config { row_column: true, ..Config::default() };
        let (s, all) = run_text(&input, &whole);
        assert_eq!(s.read, 10);
        let lines: Vec<&str> = all.lines().collect();
        // The last four rows alone, as rows 7 to 10 of the table.
        let tail = format!("p1,p2,method,iterations\n{}", "AhKh,QQ,monte_carlo,200\n".repeat(4));
        let (s, piece) = run_text(&tail, &Config { first_row: 6, ..whole });
        assert_eq!((s.read, s.rows), (4, 4));
        let piece: Vec<&str> = piece.lines().collect();
        assert_eq!(piece[0], lines[0]);
        assert_eq!(&piece[1..], &lines[7..]);
        assert!(piece[1].starts_with("7,AhKh"), "{}", piece[1]);
        // Another row number draws other deals.
        assert_ne!(lines[1].split(',').nth(5), lines[2].split(',').nth(5));
    }

    #[test]
    fn a_header_only_file_writes_only_the_header() {
        let (s, text) = run_text("p1,p2\n", &Config::default());
        assert_eq!(s, Summary::default());
        assert_eq!(text.lines().count(), 1);
    }
}
