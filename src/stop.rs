//! Stopping long work from outside: a flag that a caller raises (the Python package raises it
//! when Ctrl-C arrives during a call) and that the long loops read.
//!
//! An equity query carries one in [`Query::stop`](crate::equity::Query::stop), a batch in
//! [`Config::stop`](crate::batch::Config::stop); a reader wrapped in [`StopReader`] fails
//! once its flag is raised (so even an endless input such as `/dev/zero` is left). Work that
//! sees the flag raised ends with an error saying it was stopped; work without a flag, or
//! whose flag is never raised, runs exactly as before.
//!
//! ```
//! use feltkit::equity::{calculate, EquityError, Game, Query};
//! use feltkit::stop::Stop;
//!
//! let stop = Stop::new();
//! let mut q = Query::new(Game::Holdem, ["AhKh", "QsQd"]);
//! q.iterations = Some(1_000_000_000_000); // hours of work
//! q.stop = Some(stop.clone());
//! stop.raise(); // from another thread, while the query runs
//! assert_eq!(calculate(&q), Err(EquityError::Stopped));
//! ```

use std::fmt;
use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag shared by the code that may stop some work and the work itself: clones share it.
#[derive(Clone, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not raised.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Asks the work reading this flag to stop, from any thread.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Stop::raise`] was called on this flag or a clone of it.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl fmt::Debug for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Stop({})", if self.is_raised() { "raised" } else { "not raised" })
    }
}

/// Two flags are equal when they are the same flag (clones of one another).
impl PartialEq for Stop {
    fn eq(&self, other: &Stop) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// What a read through a [`StopReader`] whose flag is raised fails with.
pub const STOPPED: &str = "stopped before the end (interrupted)";

/// A reader that reads `inner` until its flag is raised, then fails every read with
/// [`STOPPED`] (an error of kind `Other`: readers retry `Interrupted`).
#[derive(Debug)]
pub struct StopReader<R> {
    inner: R,
    stop: Stop,
}

impl<R> StopReader<R> {
    /// Reads `inner` while `stop` is not raised.
    pub fn new(inner: R, stop: Stop) -> StopReader<R> {
        StopReader { inner, stop }
    }
}

impl<R: Read> Read for StopReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.stop.is_raised() {
            return Err(io::Error::other(STOPPED));
        }
        self.inner.read(buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_fails_once_its_flag_is_raised() {
        let stop = Stop::new();
        let mut r = StopReader::new(io::repeat(0), stop.clone());
        let mut buf = [1u8; 8];
        assert_eq!(r.read(&mut buf).unwrap(), 8);
        stop.raise();
        let e = r.read(&mut buf).unwrap_err();
        assert_eq!((e.kind(), e.to_string()), (io::ErrorKind::Other, STOPPED.to_string()));
    }

    #[test]
    fn clones_share_the_flag_and_compare_equal() {
        let (a, b) = (Stop::new(), Stop::new());
        let c = a.clone();
        assert!(a == c && a != b);
        c.raise();
        assert!(a.is_raised() && !b.is_raised());
        assert_eq!(format!("{a:?} {b:?}"), "Stop(raised) Stop(not raised)");
    }
}
