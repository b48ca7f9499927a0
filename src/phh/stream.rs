//! Work on a stream of items in parallel with the results kept in input order and memory
//! bounded: the reader runs ahead of the writer by at most a window of items (and of bytes),
//! so a bundle of ten million hands is replayed in the memory of a few thousand.
//!
//! ```
//! use feltkit::phh::stream::{ordered, Step, Window};
//! let mut out = Vec::new();
//! let done: Result<(), ()> = ordered(
//!     4,
//!     Window { items: 8, bytes: 1 << 20 },
//!     |emit| {
//!         for k in 0..100u64 {
//!             if !emit(k, 1) {
//!                 return;
//!             }
//!         }
//!     },
//!     |k| k * k,
//!     |step| {
//!         if let Step::Item(square) = step {
//!             out.push(square);
//!         }
//!         Ok(())
//!     },
//! );
//! assert!(done.is_ok());
//! assert_eq!(out, (0..100u64).map(|k| k * k).collect::<Vec<_>>());
//! ```

use std::collections::BTreeMap;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex, PoisonError};

/// How long the writer waits for the next result before it is told [`Step::Idle`].
pub const IDLE_AFTER: std::time::Duration = std::time::Duration::from_millis(5);

/// What the writer is handed: the next result, or word that none has come for [`IDLE_AFTER`]
/// (a moment to flush what was written, so that reports appear while the input is still being
/// read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<T> {
    /// The next result, in input order.
    Item(T),
    /// No result is ready now.
    Idle,
}

/// How far the reader may run ahead of the writer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// Items read and not yet written, at most (at least 1 is always allowed).
    pub items: usize,
    /// Their weight (as the reader gives it: bytes of text), at most, unless a single item is
    /// heavier on its own.
    pub bytes: usize,
}

/// Runs `work` on every item that `produce` emits, on `threads` threads, and gives the results
/// to `consume` in the order the items were emitted (as [`Step::Item`]; [`Step::Idle`] when
/// none has come for a while).
///
/// `produce` runs on a thread of its own and calls `emit(item, weight)` for each item; `emit`
/// waits while the window is full and returns `false` once the results are no longer wanted
/// (`consume` failed): `produce` should then return. `consume` runs on the calling thread; its
/// first error stops the others and is returned.
pub fn ordered<J, T, E>(
    threads: usize,
    window: Window,
    produce: impl FnOnce(&mut dyn FnMut(J, usize) -> bool) + Send,
    work: impl Fn(J) -> T + Sync,
    mut consume: impl FnMut(Step<T>) -> Result<(), E>,
) -> Result<(), E>
where
    J: Send,
    T: Send,
{
    let gate = Gate { window, state: Mutex::new(GateState::default()), changed: Condvar::new() };
    let (job_tx, job_rx) = mpsc::channel::<(u64, J, usize)>();
    let job_rx = Mutex::new(job_rx);
    let (out_tx, out_rx) = mpsc::channel::<(u64, T, usize)>();
    std::thread::scope(|s| {
        let gate = &gate;
        s.spawn(move || {
            let mut seq = 0u64;
            let mut emit = |item: J, weight: usize| {
                if !gate.enter(weight) || job_tx.send((seq, item, weight)).is_err() {
                    return false;
                }
                seq += 1;
                true
            };
            produce(&mut emit);
        });
        for _ in 0..threads.max(1) {
            let (out_tx, job_rx, work) = (out_tx.clone(), &job_rx, &work);
            s.spawn(move || loop {
                let next = job_rx.lock().unwrap_or_else(PoisonError::into_inner).recv();
                let Ok((seq, item, weight)) = next else { return };
                if out_tx.send((seq, work(item), weight)).is_err() {
                    return;
                }
            });
        }
        drop(out_tx);
        let mut waiting = BTreeMap::new();
        let mut next = 0u64;
        let mut result = Ok(());
        'results: loop {
            let (seq, out, weight) = match out_rx.try_recv() {
                Ok(r) => r,
                Err(mpsc::TryRecvError::Disconnected) => break,
                // A short gap is the workers catching up; a longer one (the input is slow to
                // come) is worth an Idle.
                Err(mpsc::TryRecvError::Empty) => match out_rx.recv_timeout(IDLE_AFTER) {
                    Ok(r) => r,
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if let Err(e) = consume(Step::Idle) {
                            result = Err(e);
                            break;
                        }
                        match out_rx.recv() {
                            Ok(r) => r,
                            Err(_) => break,
                        }
                    }
                },
            };
            waiting.insert(seq, (out, weight));
            while let Some((out, weight)) = waiting.remove(&next) {
                next += 1;
                gate.leave(weight);
                if let Err(e) = consume(Step::Item(out)) {
                    result = Err(e);
                    break 'results;
                }
            }
        }
        // Done, failed, or a worker died: let a waiting reader go, and drop the results so
        // the workers stop.
        gate.close();
        drop(out_rx);
        result
    })
}

/// The window between reader and writer.
struct Gate {
    window: Window,
    state: Mutex<GateState>,
    changed: Condvar,
}

#[derive(Default)]
struct GateState {
    items: usize,
    bytes: usize,
    closed: bool,
}

impl Gate {
    /// Waits for room for an item of `weight`; `false` once closed.
    fn enter(&self, weight: usize) -> bool {
        let mut s = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if s.closed {
                return false;
            }
            let room = s.items < self.window.items.max(1)
                && s.bytes.saturating_add(weight) <= self.window.bytes;
            if s.items == 0 || room {
                s.items += 1;
                s.bytes = s.bytes.saturating_add(weight);
                return true;
            }
            s = self.changed.wait(s).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn leave(&self, weight: usize) {
        let mut s = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        s.items = s.items.saturating_sub(1);
        s.bytes = s.bytes.saturating_sub(weight);
        self.changed.notify_all();
    }

    fn close(&self) {
        self.state.lock().unwrap_or_else(PoisonError::into_inner).closed = true;
        self.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn results_come_in_input_order_with_at_most_a_window_in_flight() {
        let in_flight = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        let mut out = Vec::new();
        let r: Result<(), ()> = ordered(
            3,
            Window { items: 5, bytes: usize::MAX },
            |emit| {
                for k in 0..500usize {
                    let now = in_flight.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    if !emit(k, 0) {
                        return;
                    }
                }
            },
            |k| {
                // Later items finish first now and then.
                if k % 7 == 0 {
                    std::thread::sleep(std::time::Duration::from_micros(200));
                }
                k
            },
            |step| {
                if let Step::Item(k) = step {
                    in_flight.fetch_sub(1, Ordering::SeqCst);
                    out.push(k);
                }
                Ok(())
            },
        );
        assert!(r.is_ok());
        assert_eq!(out, (0..500).collect::<Vec<_>>());
        // Counted from before `emit` waits to after `consume`: the window of 5, the one
        // waiting to enter, and the one being written.
        assert!(most.load(Ordering::SeqCst) <= 7, "{}", most.load(Ordering::SeqCst));
    }

    #[test]
    fn a_heavy_item_passes_alone_and_the_byte_window_holds_the_rest() {
        let mut out = Vec::new();
        let r: Result<(), ()> = ordered(
            2,
            Window { items: 100, bytes: 10 },
            |emit| {
                for k in 0..50usize {
                    if !emit(k, if k == 3 { 1000 } else { 4 }) {
                        return;
                    }
                }
            },
            |k| k,
            |step| {
                if let Step::Item(k) = step {
                    out.push(k);
                }
                Ok(())
            },
        );
        assert!(r.is_ok());
        assert_eq!(out.len(), 50);
    }

    #[test]
    fn an_error_from_the_writer_stops_the_reader_and_is_returned() {
        let produced = AtomicUsize::new(0);
        let r = ordered(
            2,
            Window { items: 4, bytes: usize::MAX },
            |emit| {
                for k in 0..1_000_000usize {
                    if !emit(k, 0) {
                        return;
                    }
                    produced.fetch_add(1, Ordering::SeqCst);
                }
            },
            |k| k,
            |step| if step == Step::Item(10) { Err("closed") } else { Ok(()) },
        );
        assert_eq!(r, Err("closed"));
        assert!(produced.load(Ordering::SeqCst) < 100);
    }
}
