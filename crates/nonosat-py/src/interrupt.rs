//! Running a search as Python wants it: with the GIL released, so that other threads run; under the
//! caller's timeout; and stopped by Ctrl-C.
//!
//! The search runs on a thread of its own while the calling thread waits for it, looking at
//! Python's signals every [`SIGNAL_POLL`]. On Ctrl-C it sets the search's cancel flag, which makes
//! the search's deadline pass ([`Deadline::or_cancelled_by`]), waits for the search to stop, and
//! raises `KeyboardInterrupt`. Flags live for the whole process (a solver left behind on its own
//! thread may still watch one): a flag that was never set goes back to a pool for the next search,
//! a set one is kept set and never reused.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use nonosat::deadline::Deadline;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// How often a waiting call looks at Python's signals.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Cancel flags that were never set, for the next searches.
static FREE_FLAGS: Mutex<Vec<&'static AtomicBool>> = Mutex::new(Vec::new());

/// A cancel flag, not set: one from the pool, or a new one that lives as long as the process.
fn take_flag() -> &'static AtomicBool {
    let reused = FREE_FLAGS.lock().ok().and_then(|mut free| free.pop());
    reused.unwrap_or_else(|| Box::leak(Box::new(AtomicBool::new(false))))
}

/// Gives back a flag that was never set.
fn give_back(flag: &'static AtomicBool) {
    if let Ok(mut free) = FREE_FLAGS.lock() {
        free.push(flag);
    }
}

/// The time limit `timeout` in seconds (None or infinity: none), or why it is not one.
pub(crate) fn limit(timeout: Option<f64>) -> PyResult<Duration> {
    match timeout {
        None => Ok(Duration::MAX),
        Some(seconds) if seconds.is_infinite() && seconds > 0.0 => Ok(Duration::MAX),
        Some(seconds) => Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!(
                "timeout must be a number of seconds, 0 or more (got {seconds})"
            ))
        }),
    }
}

/// Runs `search` under a deadline `timeout` seconds from now (none: no limit), with the GIL
/// released, stopping it on Ctrl-C; what `search` returned, or `KeyboardInterrupt`.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    timeout: Option<f64>,
    search: impl FnOnce(Deadline) -> T + Send,
) -> PyResult<T> {
    let limit = limit(timeout)?;
    let flag = take_flag();
    let deadline = Deadline::after(limit).or_cancelled_by(flag);
    let outcome = py.detach(|| {
        std::thread::scope(|scope| {
            let (sender, answers) = mpsc::channel();
            let searching = scope.spawn(move || {
                // After Ctrl-C nobody waits for the answer: it is dropped.
                let _ = sender.send(search(deadline));
            });
            loop {
                match answers.recv_timeout(SIGNAL_POLL) {
                    Ok(answer) => return Ok(answer),
                    Err(RecvTimeoutError::Timeout) => {
                        if let Err(interrupted) = Python::attach(|py| py.check_signals()) {
                            // The scope's end waits for the search, which stops at once.
                            flag.store(true, Ordering::Relaxed);
                            return Err(interrupted);
                        }
                    }
                    Err(RecvTimeoutError::Disconnected) => {
                        // Only a panic ends the search without an answer: raise it here, where
                        // PyO3 turns it into an exception.
                        if let Err(panic) = searching.join() {
                            std::panic::resume_unwind(panic);
                        }
                        return Err(PyRuntimeError::new_err(
                            "the search ended without an answer",
                        ));
                    }
                }
            }
        })
    });
    if outcome.is_ok() {
        give_back(flag);
    }
    outcome
}
