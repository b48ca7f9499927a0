//! Ctrl-C during a long call. Python handles a signal only when the main thread holding the GIL
//! asks (`PyErr_CheckSignals`), and a call that runs Rust code for minutes never asks: Ctrl-C
//! would wait for its end. So a long call runs its work on a thread of its own while the calling
//! thread waits for it, asking Python for pending signals every [`POLL`]. When the signal's
//! handler raises (`KeyboardInterrupt` for Ctrl-C), the work's [`Stop`] flag is raised, the
//! work ends within a moment (the library's loops read the flag), and the exception is raised.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use feltkit::stop::Stop;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the calling thread asks Python for pending signals.
pub const POLL: Duration = Duration::from_millis(10);

/// Runs `work` on a thread of its own with the GIL released, and checks for signals every
/// [`POLL`] until it ends. A signal handler's exception raises `stop`, waits for the work to
/// end (it reads `stop`), and is returned; otherwise the work's answer is.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    stop: &Stop,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|s| {
        let (answer_tx, mut answer_rx) = mpsc::sync_channel(1);
        let worker = s.spawn(move || {
            // The receiver lives until the work is joined: the send cannot fail.
            let _ = answer_tx.send(work());
        });
        loop {
            // The receiver goes to the wait without the GIL and back (it is Send, not Sync).
            let (received, rx) = py.detach(move || (answer_rx.recv_timeout(POLL), answer_rx));
            answer_rx = rx;
            match received {
                Ok(answer) => return Ok(answer),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(signalled) = py.check_signals() {
                        stop.raise();
                        // A panic of the work after the signal is dropped: the signal is raised.
                        let _ = py.detach(|| worker.join());
                        return Err(signalled);
                    }
                }
                // The work panicked (the sender was dropped unsent): the panic goes on, and
                // PyO3 raises it as a `PanicException`.
                Err(RecvTimeoutError::Disconnected) => {
                    return match py.detach(|| worker.join()) {
                        Err(panic) => std::panic::resume_unwind(panic),
                        Ok(()) => Err(PyRuntimeError::new_err("the work ended without an answer")),
                    };
                }
            }
        }
    })
}
