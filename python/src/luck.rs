//! `luck_text` and `luck_path`: each hand's luck, as `felt luck` settles it, one row per player
//! and hand, for `feltkit.luck` to make a DataFrame of.

use std::path::PathBuf;

use feltkit::luck::{hand_luck, not_counted};
use feltkit::phh::walk::{walk, Found};
use feltkit::phh::HandReport;
use feltkit::replay_source::{read_file_or_dir_until, read_stream, FILE_BATCH};
use feltkit::stop::Stop;
use pyo3::prelude::*;

use crate::errors::PhhError;
use crate::interrupt::interruptible;
use crate::replay::{format_named, replay_chunks, INLINE_BYTES};

/// One player's row of one hand: hand label, hand number, player, seat (from 1), won, all-in
/// adjusted, big blind, the all-in's street (`None`: no all-in settled), why an all-in was not
/// settled.
type Row = (String, Option<String>, String, usize, f64, f64, f64, Option<String>, Option<String>);

/// A hand: its rows, or (its label, why it is not counted).
type Hand = Result<Vec<Row>, (String, String)>;

/// Every row, and each hand not counted with why.
type Rows = (Vec<Row>, Vec<(String, String)>);

fn rows(r: &HandReport) -> Hand {
    let Some(luck) = hand_luck(r) else { return Err((r.label.clone(), not_counted(r))) };
    let street = luck.all_in.as_ref().map(|a| a.street.clone());
    Ok((0..luck.players.len())
        .map(|i| {
            (
                r.label.clone(),
                r.hand.clone(),
                luck.players[i].clone(),
                i + 1,
                luck.net[i],
                luck.expected[i],
                luck.big_blind,
                street.clone(),
                luck.unsettled.clone(),
            )
        })
        .collect())
}

/// Splits the hands into rows and the hands not counted.
fn split(hands: Vec<Hand>) -> Rows {
    let (mut all, mut skipped) = (Vec::new(), Vec::new());
    for h in hands {
        match h {
            Ok(rows) => all.extend(rows),
            Err(s) => skipped.push(s),
        }
    }
    (all, skipped)
}

/// Each hand of a text, replayed and settled (see `felt luck`): rows, and the hands not
/// counted with why.
#[pyfunction]
#[pyo3(signature = (text, label = "<text>", format = None))]
fn luck_text(py: Python<'_>, text: &str, label: &str, format: Option<&str>) -> PyResult<Rows> {
    let format = format_named(format)?;
    let stop = Stop::new();
    let run = || {
        replay_chunks(
            |emit| {
                read_stream(text.as_bytes(), label, format, FILE_BATCH, emit);
            },
            true,
            text.len() < INLINE_BYTES,
            &stop,
            &rows,
        )
    };
    let answer =
        if text.len() < INLINE_BYTES { py.detach(run) } else { interruptible(py, &stop, run)? };
    answer.map(split).map_err(PhhError::new_err)
}

/// Each hand of a file or of the hand files below a directory, as `felt luck PATH` reads
/// them, on every core with the GIL released.
#[pyfunction]
#[pyo3(signature = (path, format = None, follow = false))]
fn luck_path(py: Python<'_>, path: PathBuf, format: Option<&str>, follow: bool) -> PyResult<Rows> {
    let format = format_named(format)?;
    let stop = Stop::new();
    interruptible(py, &stop, || {
        replay_chunks(
            |emit| {
                read_file_or_dir_until(&path, None, follow, format, &stop, emit);
            },
            true,
            false,
            &stop,
            &rows,
        )
    })?
    .map(split)
    .map_err(PhhError::new_err)
}

/// The files `felt luck PATH` reads for a path, in its order: a file is itself, a directory
/// the hand files below it; a path that cannot be read is listed too, so that reading it says
/// why. `feltkit.dask.luck` gives each to a worker.
#[pyfunction]
#[pyo3(signature = (path, follow = false))]
fn hand_files(py: Python<'_>, path: PathBuf, follow: bool) -> Vec<String> {
    py.detach(|| {
        walk(&path, follow, feltkit::import::is_site_text)
            .filter_map(|found| match found {
                Found::File(p) | Found::Unreadable(p, _) => Some(p.to_string_lossy().into_owned()),
                Found::NoHands(_) | Found::Skipped(..) => None,
            })
            .collect()
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(hand_files, m)?)?;
    m.add_function(wrap_pyfunction!(luck_text, m)?)?;
    m.add_function(wrap_pyfunction!(luck_path, m)?)?;
    Ok(())
}
