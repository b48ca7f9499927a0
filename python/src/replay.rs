//! `replay_text` and `replay_path` (reports of replayed hands, read and written as
//! `felt replay` reads and writes them) and `write_phh` (a hand built in Python written as PHH
//! text).

use std::borrow::Cow;
use std::path::PathBuf;

use feltkit::import::Format;
use feltkit::phh::action::parse_action;
use feltkit::phh::report::{to_json, write_text};
use feltkit::phh::stream::{ordered, Step, Window};
use feltkit::phh::write::write_record;
use feltkit::phh::{replay_record, Amount, HandRecord, HandReport, Status};
use feltkit::record::RecordedAction;
use feltkit::replay_source::{
    parse_format, read_file_or_dir_until, read_stream, Chunk, InputStatus, FILE_BATCH,
};
use feltkit::stop::{Stop, STOPPED};
use pyo3::prelude::*;

use crate::errors::PhhError;
use crate::interrupt::interruptible;

/// One hand's report: the object of `felt replay --json` (as JSON text) and the lines of
/// `felt replay`.
type Written = (String, String);

/// A text shorter than this is replayed on the calling thread (a hand or two: starting
/// workers would cost more than the replay).
pub(crate) const INLINE_BYTES: usize = 64 << 10;

/// The reports of a chunk's hands, written; the line of `felt replay` for an input that cannot
/// be read (an error); nothing for an input without hands or a link not followed.
fn work<T>(chunk: Chunk, check: bool, each: &dyn Fn(&HandReport) -> T) -> Result<Vec<T>, String> {
    match chunk.replay(check) {
        Some(reports) => Ok(reports.iter().map(each).collect()),
        None => match chunk.note() {
            Some(note) if note.status == InputStatus::Unreadable => Err(note.to_string()),
            _ => Ok(Vec::new()),
        },
    }
}

/// A report as `felt replay --json` writes it (as JSON text) and as `felt replay` writes it.
fn written(r: &HandReport) -> Written {
    let mut lines = String::new();
    write_text(&mut lines, r);
    (to_json(r).to_string(), lines)
}

/// Reads what `produce` emits and replays it: on every core (in input order, memory bounded,
/// as `felt replay`) unless `inline`. Stops at the first input that cannot be read, and when
/// `stop` is raised.
pub(crate) fn replay_chunks<T: Send>(
    produce: impl FnOnce(&mut dyn FnMut(Chunk, usize) -> bool) + Send,
    check: bool,
    inline: bool,
    stop: &Stop,
    each: &(dyn Fn(&HandReport) -> T + Sync),
) -> Result<Vec<T>, String> {
    let mut out = Vec::new();
    if inline {
        let mut chunks = Vec::new();
        produce(&mut |c, _| {
            chunks.push(c);
            true
        });
        for c in chunks {
            out.extend(work(c, check, each)?);
        }
        return Ok(out);
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let window = Window { items: (8 * threads).max(32), bytes: 64 << 20 };
    ordered(
        threads,
        window,
        produce,
        |c| work(c, check, each),
        |step| -> Result<(), String> {
            if stop.is_raised() {
                return Err(STOPPED.to_string());
            }
            if let Step::Item(written) = step {
                out.extend(written?);
            }
            Ok(())
        },
    )?;
    Ok(out)
}

/// The format named (`auto`, `phh` or a site format's name, as `felt replay --format` takes
/// them).
pub(crate) fn format_named(name: Option<&str>) -> PyResult<Option<Format>> {
    name.map_or(Ok(None), |n| {
        parse_format(n).map_err(|e| PhhError::new_err(format!("format: {e}")))
    })
}

/// Replays every hand of a text, the GIL released: a `.phh` or `.phhs` text, PokerStars text
/// or an ACPC log (as `format` says, else as its content shows, as `felt replay -` reads
/// standard input). One `(json, text)` pair per hand, the object of `felt replay --json` (as
/// JSON text) and the lines of `felt replay`.
#[pyfunction]
#[pyo3(signature = (text, label = "<text>", check = false, format = None))]
fn replay_text(
    py: Python<'_>,
    text: &str,
    label: &str,
    check: bool,
    format: Option<&str>,
) -> PyResult<Vec<Written>> {
    let format = format_named(format)?;
    let stop = Stop::new();
    let run = || {
        replay_chunks(
            |emit| {
                read_stream(text.as_bytes(), label, format, FILE_BATCH, emit);
            },
            check,
            text.len() < INLINE_BYTES,
            &stop,
            &written,
        )
    };
    // A short text is replayed here; a long one where Ctrl-C stops it.
    let answer =
        if text.len() < INLINE_BYTES { py.detach(run) } else { interruptible(py, &stop, run)? };
    answer.map_err(PhhError::new_err)
}

/// Replays every hand of a file, or of the hand files below a directory, as `felt replay PATH`
/// does (the same formats, `format`, files and labels; `label` in place of the path), on every
/// core with the GIL released: one `(json, text)` pair per hand. Ctrl-C stops it
/// (`KeyboardInterrupt`), even on an endless input such as `/dev/zero`. An input that cannot be read
/// raises `PhhError` with the line `felt replay` writes for it.
#[pyfunction]
#[pyo3(signature = (path, label = None, check = false, format = None, follow = false))]
fn replay_path(
    py: Python<'_>,
    path: PathBuf,
    label: Option<&str>,
    check: bool,
    format: Option<&str>,
    follow: bool,
) -> PyResult<Vec<Written>> {
    let format = format_named(format)?;
    let stop = Stop::new();
    interruptible(py, &stop, || {
        replay_chunks(
            |emit| {
                read_file_or_dir_until(&path, label, follow, format, &stop, emit);
            },
            check,
            false,
            &stop,
            &written,
        )
    })?
    .map_err(PhhError::new_err)
}

/// Reads the amounts of field `field`.
fn amounts(field: &str, items: &[String]) -> PyResult<Vec<Amount>> {
    items.iter().enumerate().map(|(i, a)| amount(&format!("{field}[{i}]"), a)).collect()
}

fn amount(field: &str, text: &str) -> PyResult<Amount> {
    Amount::parse(text.trim()).ok_or_else(|| {
        PhhError::new_err(format!(
            "field `{field}`: expected an amount (a whole or decimal number such as 100 or \
             0.50), got {text:?}"
        ))
    })
}

/// The starting stacks: amounts, or `inf` for a stack not known (as the PHH spec writes it).
fn stacks(items: &[String]) -> PyResult<Vec<Amount>> {
    let each = |(i, a): (usize, &String)| match a.trim() {
        "inf" => Ok(Amount::INFINITE),
        _ => amount(&format!("starting_stacks[{i}]"), a),
    };
    items.iter().enumerate().map(each).collect()
}

fn optional(field: &str, text: Option<String>) -> PyResult<Option<Amount>> {
    text.map(|t| amount(field, &t)).transpose()
}

/// Writes a hand as PHH text. Amounts are decimal texts; actions are PHH action texts, each
/// checked. With `results`, the hand is replayed first and its `finishing_stacks` and
/// `winnings` written too (a hand that does not replay to its end is refused, with the reason
/// `felt replay` gives).
#[pyfunction]
#[pyo3(signature = (variant, starting_stacks, actions, *, antes = Vec::new(),
    blinds_or_straddles = Vec::new(), min_bet = None, small_bet = None, big_bet = None,
    bring_in = None, players = None, hand = None, structure = None, hole_cards = None,
    results = false))]
#[allow(clippy::too_many_arguments)]
fn write_phh(
    variant: String,
    starting_stacks: Vec<String>,
    actions: Vec<String>,
    antes: Vec<String>,
    blinds_or_straddles: Vec<String>,
    min_bet: Option<String>,
    small_bet: Option<String>,
    big_bet: Option<String>,
    bring_in: Option<String>,
    players: Option<Vec<String>>,
    hand: Option<String>,
    structure: Option<String>,
    hole_cards: Option<u32>,
    results: bool,
) -> PyResult<String> {
    let mut recorded = Vec::with_capacity(actions.len());
    for (k, a) in actions.into_iter().enumerate() {
        let action = parse_action(&a).map_err(|e| {
            PhhError::new_err(format!("field `actions`: action {} ({a:?}): {e}", k + 1))
        })?;
        recorded.push(RecordedAction::Read { text: Cow::Owned(a), action: Ok(action) });
    }
    let mut record = HandRecord {
        variant,
        antes: amounts("antes", &antes)?,
        blinds_or_straddles: amounts("blinds_or_straddles", &blinds_or_straddles)?,
        min_bet: optional("min_bet", min_bet)?,
        small_bet: optional("small_bet", small_bet)?,
        big_bet: optional("big_bet", big_bet)?,
        bring_in: optional("bring_in", bring_in)?,
        starting_stacks: stacks(&starting_stacks)?,
        actions: recorded,
        players: players.map(|p| p.into_iter().map(Cow::Owned).collect()),
        hand,
        structure,
        hole_cards,
        ..HandRecord::default()
    };
    let text = write_record(&record);
    if !results {
        return Ok(text);
    }
    // The record is replayed as it stands: what its text would read back as.
    let report = replay_record(&record, "<hand>".into(), false);
    let r = &report;
    let outcome = match (&r.status, &r.outcome) {
        (Status::Legal, Some(o)) => o,
        _ => {
            let mut lines = String::new();
            write_text(&mut lines, r);
            let first = lines.lines().next().unwrap_or_default();
            // The status after `<hand> (VARIANT): `.
            let why = first.split_once(": ").map_or(first, |(_, why)| why);
            return Err(PhhError::new_err(format!("the hand has no results: {why}")));
        }
    };
    let chips = |v: &[feltkit::rules::Chips], field: &str| -> PyResult<Vec<Amount>> {
        v.iter().map(|&x| amount(field, &r.chips(x))).collect()
    };
    // A stack not known at the start (`inf`) is not known at the end either.
    let mut finishing = chips(&outcome.final_stacks, "finishing_stacks")?;
    for (f, _) in finishing.iter_mut().zip(&r.unknown_stacks).filter(|(_, &unknown)| unknown) {
        *f = Amount::INFINITE;
    }
    record.finishing_stacks = Some(finishing);
    record.winnings = Some(chips(&outcome.winnings, "winnings")?);
    Ok(write_record(&record))
}

/// Adds the functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(replay_text, m)?)?;
    m.add_function(wrap_pyfunction!(replay_path, m)?)?;
    m.add_function(wrap_pyfunction!(write_phh, m)?)?;
    Ok(())
}
