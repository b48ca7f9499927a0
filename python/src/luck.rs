//! `luck_text` and `luck_path`: each hand's luck, as `felt luck` settles it, one row per player
//! and hand, for `feltkit.luck` to make a DataFrame of.

use std::path::PathBuf;

use feltkit::luck::{hand_luck_in_prizes, hand_time_text, not_counted};
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
/// settled, the stake (`0.50/1`, `tournament`, `tournament (ICM)`), when the hand started.
type Row = (
    String,
    Option<String>,
    String,
    usize,
    f64,
    f64,
    f64,
    Option<String>,
    Option<String>,
    String,
    Option<String>,
);

/// One EV Cashout beside the room's rule: hand label, player, line, street, what the room
/// paid, the rule, the equity, the fee, why it was not compared.
type Cashout = (String, String, usize, String, f64, f64, f64, f64, Option<String>);

/// One all-in insurance beside the chance of losing: hand label, player, line, street,
/// premium, cover, the premium over the cover, the chance of losing counted with exact equity
/// and the fair premium (both `None` when not compared), why it was not compared.
type Insurance =
    (String, String, usize, String, f64, f64, f64, Option<f64>, Option<f64>, Option<String>);

/// A hand: its rows, cashouts and insurances, or (its label, why it is not counted).
type Hand = Result<(Vec<Row>, Vec<Cashout>, Vec<Insurance>), (String, String)>;

/// Every row, each hand not counted with why, every cashout and every insurance.
type Rows = (Vec<Row>, Vec<(String, String)>, Vec<Cashout>, Vec<Insurance>);

fn rows(r: &HandReport, payouts: Option<&[f64]>) -> Hand {
    let Some(luck) = hand_luck_in_prizes(r, payouts) else {
        return Err((r.label.clone(), not_counted(r)));
    };
    let street = luck.all_in.as_ref().map(|a| a.street.clone());
    let time = luck.time.map(hand_time_text);
    let rows = (0..luck.players.len())
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
                luck.stake.clone(),
                time.clone(),
            )
        })
        .collect();
    let cashouts = luck
        .cashouts
        .iter()
        .map(|c| {
            let player = luck.players.get(c.player).cloned().unwrap_or_default();
            let (line, street) = (c.line, c.street.clone());
            (
                r.label.clone(),
                player,
                line,
                street,
                c.room,
                c.rule,
                c.equity,
                c.fee,
                c.not_compared.clone(),
            )
        })
        .collect();
    let insurances = luck
        .insurance
        .iter()
        .map(|c| {
            let player = luck.players.get(c.player).cloned().unwrap_or_default();
            let compared = c.not_compared.is_none();
            (
                r.label.clone(),
                player,
                c.line,
                c.street.clone(),
                c.premium,
                c.cover,
                c.price(),
                compared.then_some(c.loss),
                compared.then_some(c.fair),
                c.not_compared.clone(),
            )
        })
        .collect();
    Ok((rows, cashouts, insurances))
}

/// Splits the hands into rows, the hands not counted, the cashouts and the insurances.
fn split(hands: Vec<Hand>) -> Rows {
    let (mut all, mut skipped, mut cashouts, mut insurances) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for h in hands {
        match h {
            Ok((rows, c, i)) => {
                all.extend(rows);
                cashouts.extend(c);
                insurances.extend(i);
            }
            Err(s) => skipped.push(s),
        }
    }
    (all, skipped, cashouts, insurances)
}

/// Each hand of a text, replayed and settled (see `felt luck`): rows, the hands not counted
/// with why, the EV Cashouts and the all-in insurances.
#[pyfunction]
#[pyo3(signature = (text, label = "<text>", format = None, payouts = None))]
fn luck_text(
    py: Python<'_>,
    text: &str,
    label: &str,
    format: Option<&str>,
    payouts: Option<Vec<f64>>,
) -> PyResult<Rows> {
    let format = format_named(format)?;
    let stop = Stop::new();
    let each = |r: &HandReport| rows(r, payouts.as_deref());
    let run = || {
        replay_chunks(
            |emit| {
                read_stream(text.as_bytes(), label, format, FILE_BATCH, emit);
            },
            true,
            text.len() < INLINE_BYTES,
            &stop,
            &each,
        )
    };
    let answer =
        if text.len() < INLINE_BYTES { py.detach(run) } else { interruptible(py, &stop, run)? };
    answer.map(split).map_err(PhhError::new_err)
}

/// Each hand of a file or of the hand files below a directory, as `felt luck PATH` reads
/// them, on every core with the GIL released.
#[pyfunction]
#[pyo3(signature = (path, format = None, follow = false, payouts = None))]
fn luck_path(
    py: Python<'_>,
    path: PathBuf,
    format: Option<&str>,
    follow: bool,
    payouts: Option<Vec<f64>>,
) -> PyResult<Rows> {
    let format = format_named(format)?;
    let stop = Stop::new();
    let each = |r: &HandReport| rows(r, payouts.as_deref());
    interruptible(py, &stop, || {
        replay_chunks(
            |emit| {
                read_file_or_dir_until(&path, None, follow, format, &stop, emit);
            },
            true,
            false,
            &stop,
            &each,
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
