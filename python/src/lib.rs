//! Python bindings of feltkit: the `feltkit._feltkit` extension module that the `feltkit`
//! package wraps (`python/feltkit/`). Every function here calls the library that `felt` uses;
//! the CLI and the package share one implementation of each command.

mod args;
mod batch;
mod equity;
mod errors;
mod interrupt;
mod luck;
mod rank;
mod replay;

use pyo3::prelude::*;

/// The extension module: see `python/feltkit/_feltkit.pyi` for the signatures.
#[pymodule]
fn _feltkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    rank::register(m)?;
    equity::register(m)?;
    batch::register(m)?;
    replay::register(m)?;
    luck::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
