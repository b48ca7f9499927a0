//! The package's exceptions: one `ValueError` subclass per family of errors, each carrying the
//! message `felt` prints for the same input (which says where: the card, player, column or
//! action).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    feltkit,
    FeltkitError,
    PyValueError,
    "Base of feltkit's errors: a ValueError whose message says where the input is wrong."
);
create_exception!(
    feltkit,
    CardError,
    FeltkitError,
    "Cards or a hand that cannot be read or ranked (the card, its column, or the array row)."
);
create_exception!(
    feltkit,
    EquityError,
    FeltkitError,
    "An equity query the engine refuses (the player, board or option, as `felt equity` says)."
);
create_exception!(
    feltkit,
    BatchError,
    FeltkitError,
    "A batch that cannot run at all: a bad header or default (rows' own errors go to felt_error)."
);
create_exception!(
    feltkit,
    PhhError,
    FeltkitError,
    "A PHH hand that cannot be read or written (the field or action number and what was expected), or a path or format replay cannot read (the line felt replay writes)."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("FeltkitError", py.get_type::<FeltkitError>())?;
    m.add("CardError", py.get_type::<CardError>())?;
    m.add("EquityError", py.get_type::<EquityError>())?;
    m.add("BatchError", py.get_type::<BatchError>())?;
    m.add("PhhError", py.get_type::<PhhError>())?;
    Ok(())
}
