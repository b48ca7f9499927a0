//! `replay_text` (reports of replayed hands, as `felt replay` writes them) and `write_phh` (a
//! hand built in Python written as PHH text).

use std::borrow::Cow;

use feltkit::phh::action::parse_action;
use feltkit::phh::report::{to_json, write_text};
use feltkit::phh::write::write_record;
use feltkit::phh::{replay_text as replay, Amount, HandRecord, HandReport, Status};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::errors::PhhError;

/// Replays every hand of a `.phh` or `.phhs` text, the GIL released: one `(json, text)` pair
/// per hand, the object of `felt replay --json` (as JSON text) and the lines of `felt replay`.
#[pyfunction]
#[pyo3(signature = (text, label = "<text>", check = false))]
fn replay_text(py: Python<'_>, text: &str, label: &str, check: bool) -> Vec<(String, String)> {
    let write = |r: &HandReport| {
        let mut lines = String::new();
        write_text(&mut lines, r);
        (to_json(r).to_string(), lines)
    };
    py.detach(|| {
        let reports = replay(text, label, check);
        // A bundle's reports are written on every core, as its hands are replayed.
        match reports.len() > 64 {
            true => reports.par_iter().map(write).collect(),
            false => reports.iter().map(write).collect(),
        }
    })
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
    bring_in = None, players = None, hand = None, results = false))]
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
    results: bool,
) -> PyResult<String> {
    for (k, a) in actions.iter().enumerate() {
        parse_action(a).map_err(|e| {
            PhhError::new_err(format!("field `actions`: action {} ({a:?}): {e}", k + 1))
        })?;
    }
    let mut record = HandRecord {
        variant,
        antes: amounts("antes", &antes)?,
        blinds_or_straddles: amounts("blinds_or_straddles", &blinds_or_straddles)?,
        min_bet: optional("min_bet", min_bet)?,
        small_bet: optional("small_bet", small_bet)?,
        big_bet: optional("big_bet", big_bet)?,
        bring_in: optional("bring_in", bring_in)?,
        starting_stacks: amounts("starting_stacks", &starting_stacks)?,
        actions: actions.into_iter().map(Cow::Owned).collect(),
        players: players.map(|p| p.into_iter().map(Cow::Owned).collect()),
        hand,
        ..HandRecord::default()
    };
    let text = write_record(&record);
    if !results {
        return Ok(text);
    }
    let reports = replay(&text, "<hand>", false);
    let r = reports.first().ok_or_else(|| PhhError::new_err("the hand was not read back"))?;
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
    let chips = |v: &[i64], field: &str| -> PyResult<Vec<Amount>> {
        v.iter().map(|&x| amount(field, &r.chips(x))).collect()
    };
    record.finishing_stacks = Some(chips(&outcome.final_stacks, "finishing_stacks")?);
    record.winnings = Some(chips(&outcome.winnings, "winnings")?);
    Ok(write_record(&record))
}

/// Adds the functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(replay_text, m)?)?;
    m.add_function(wrap_pyfunction!(write_phh, m)?)?;
    Ok(())
}
