//! The root's fixpoint, handed from one of the race's racers to the other, so that the root is
//! probed once: the second racer starts its SAT searches from the fixpoint that the first
//! racer's depth-first search reaches at its root, and would otherwise probe the same root to the
//! same fixpoint again on the other core.

use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

/// How often a racer waiting for the root looks at its stop signal.
const WAIT_STEP: Duration = Duration::from_millis(1);

/// A root's fixpoint that one racer hands over and another may wait for.
#[derive(Debug)]
pub(crate) struct RootHandover<T> {
    /// Nothing while the root is being probed; then the fixpoint, or `None` when there is none
    /// to hand over (the root has no solution, or its probing was cut short).
    root: Mutex<Option<Option<T>>>,
    handed: Condvar,
}

impl<T: Clone> RootHandover<T> {
    pub fn new() -> Self {
        RootHandover {
            root: Mutex::new(None),
            handed: Condvar::new(),
        }
    }

    /// Hands over `fixpoint`, or that there is none; only the first call counts.
    pub fn hand_over(&self, fixpoint: Option<&T>) {
        let mut root = self.root.lock().unwrap_or_else(PoisonError::into_inner);
        if root.is_none() {
            *root = Some(fixpoint.cloned());
            self.handed.notify_all();
        }
    }

    /// The fixpoint, once it is handed over; `None` when there is none, or when `stopped` says
    /// so first.
    pub fn wait(&self, stopped: &dyn Fn() -> bool) -> Option<T> {
        let mut root = self.root.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(fixpoint) = &*root {
                return fixpoint.clone();
            }
            if stopped() {
                return None;
            }
            root = self
                .handed
                .wait_timeout(root, WAIT_STEP)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }
}

/// Hands over "no fixpoint" when dropped, unless a fixpoint was handed over before: however a
/// racer ends, the other does not wait for it in vain.
pub(crate) struct HandOverOnDrop<'a, T: Clone>(pub &'a RootHandover<T>);

impl<T: Clone> Drop for HandOverOnDrop<'_, T> {
    fn drop(&mut self) {
        self.0.hand_over(None);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::thread;

    use super::*;

    #[test]
    fn a_waiting_racer_gets_the_first_fixpoint_handed_over() {
        let handover = RootHandover::new();
        thread::scope(|scope| {
            let waiter = scope.spawn(|| handover.wait(&|| false));
            thread::sleep(Duration::from_millis(20));
            handover.hand_over(Some(&7));
            handover.hand_over(Some(&8));
            assert_eq!(waiter.join().unwrap(), Some(7));
        });
        assert_eq!(handover.wait(&|| false), Some(7));
    }

    #[test]
    fn a_racer_that_ends_without_a_fixpoint_releases_the_waiter() {
        let handover = RootHandover::<u32>::new();
        thread::scope(|scope| {
            let waiter = scope.spawn(|| handover.wait(&|| false));
            {
                let _guard = HandOverOnDrop(&handover);
                thread::sleep(Duration::from_millis(20));
            }
            assert_eq!(waiter.join().unwrap(), None);
        });
        // A fixpoint handed over before the guard drops stays.
        let handover = RootHandover::new();
        {
            let _guard = HandOverOnDrop(&handover);
            handover.hand_over(Some(&3));
        }
        assert_eq!(handover.wait(&|| false), Some(3));
    }

    #[test]
    fn a_stopped_racer_stops_waiting() {
        let handover = RootHandover::<u32>::new();
        let stop = AtomicBool::new(false);
        thread::scope(|scope| {
            let waiter = scope.spawn(|| handover.wait(&|| stop.load(Ordering::SeqCst)));
            thread::sleep(Duration::from_millis(20));
            stop.store(true, Ordering::SeqCst);
            assert_eq!(waiter.join().unwrap(), None);
        });
    }
}
