//! Whole-number arguments read with their names. PyO3 turns a negative or too large Python
//! int given for an unsigned Rust integer into a bare `OverflowError` that names nothing; here
//! such a number raises the package's `ValueError` subclass naming the argument and its range,
//! in the words `felt` uses for the same flag (`chunk_rows: 0 is out of range: expected a whole
//! number from 1 to 1000000`).

use std::ops::RangeInclusive;

use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;

/// `arg` as a whole number in `range`, else `error` with a message naming `name` and the
/// range (a `TypeError` for something that is not an int at all).
pub fn whole(
    arg: &Bound<'_, PyAny>,
    name: &str,
    range: RangeInclusive<u64>,
    error: impl Fn(String) -> PyErr,
) -> PyResult<u64> {
    let out_of_range = || {
        let shown = arg.str().map_or_else(|_| "the number".to_string(), |s| s.to_string());
        error(format!(
            "{name}: {shown} is out of range: expected a whole number from {} to {}",
            range.start(),
            range.end()
        ))
    };
    match arg.extract::<i128>() {
        Ok(n) => u64::try_from(n).ok().filter(|n| range.contains(n)).ok_or_else(out_of_range),
        Err(e) if e.is_instance_of::<PyOverflowError>(arg.py()) => Err(out_of_range()),
        Err(_) => {
            let kind = arg.get_type().name().map_or_else(|_| "?".to_string(), |n| n.to_string());
            Err(PyTypeError::new_err(format!("{name}: expected a whole number (int), got {kind}")))
        }
    }
}

/// [`whole`] for an optional argument: `None` stays `None`.
pub fn optional(
    arg: Option<&Bound<'_, PyAny>>,
    name: &str,
    range: RangeInclusive<u64>,
    error: impl Fn(String) -> PyErr,
) -> PyResult<Option<u64>> {
    arg.map(|a| whole(a, name, range, error)).transpose()
}
