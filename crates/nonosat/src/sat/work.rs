//! Work counted in units that the same search counts the same way on every run: how the race and
//! its turns are timed without reading a clock, so that which search answers, and so which of
//! several solutions is shown, never depends on the machine's load.
//!
//! Each search counts the steps it takes, each step weighed by about the nanoseconds it costs on
//! the puzzles the race meets (a line the depth-first search solves and its cells, a conflict of
//! CaDiCaL's and a poll of its terminator, what its line propagator does, a byte of varisat's
//! proof; the weights are measured in docs/performance.md). A unit is thus roughly a nanosecond of
//! CPU time, but counted, not timed: the same puzzle and options give the same counts, whatever
//! else runs.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// The work a racer has done so far, in units; clones share the count. The racer's searches add
/// to it as they go, and the other racer reads it to know when an answer can no longer be beaten.
#[derive(Clone, Debug, Default)]
pub struct WorkClock(Arc<AtomicU64>);

impl WorkClock {
    /// A clock that starts at `units`.
    pub fn starting_at(units: u64) -> Self {
        WorkClock(Arc::new(AtomicU64::new(units)))
    }

    /// Counts `units` more work.
    pub fn add(&self, units: u64) {
        self.0.fetch_add(units, Ordering::SeqCst);
    }

    /// Moves the clock on to `units`, if it is behind.
    pub fn advance_to(&self, units: u64) {
        self.0.fetch_max(units, Ordering::SeqCst);
    }

    /// The work counted so far.
    pub fn read(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_count_and_advancing_never_goes_back() {
        let clock = WorkClock::starting_at(10);
        let shared = clock.clone();
        shared.add(5);
        assert_eq!(clock.read(), 15);
        clock.advance_to(12);
        assert_eq!(shared.read(), 15);
        clock.advance_to(40);
        assert_eq!(shared.read(), 40);
    }
}
