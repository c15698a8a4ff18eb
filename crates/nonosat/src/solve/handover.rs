//! The root's fixpoint, handed from one of the race's racers to the other, so that the root is
//! probed once: the second racer starts its SAT searches from the fixpoint that the first
//! racer's depth-first search reaches at its root, and would otherwise probe the same root to the
//! same fixpoint again on the other core. The work the first racer had done by then comes with
//! it: the second racer's clock moves on to it, since its search could not start before.

use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

use crate::sat::WorkClock;

/// How often a racer waiting for the root looks at its stop signal.
const WAIT_STEP: Duration = Duration::from_millis(1);

/// A root's fixpoint that one racer hands over and another may wait for.
#[derive(Debug)]
pub(crate) struct RootHandover<T> {
    /// Nothing while the root is being probed; then what was handed over.
    root: Mutex<Option<Handed<T>>>,
    handed: Condvar,
}

/// What a racer handed over: the root's fixpoint, or `None` when there is none (the root has no
/// solution, or its probing was cut short); and the work it had done by then, on its clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Handed<T> {
    pub fixpoint: Option<T>,
    pub at: u64,
}

impl<T: Clone> RootHandover<T> {
    pub fn new() -> Self {
        RootHandover {
            root: Mutex::new(None),
            handed: Condvar::new(),
        }
    }

    /// Hands over `fixpoint`, or that there is none, at the work `at`; only the first call
    /// counts.
    pub fn hand_over(&self, fixpoint: Option<&T>, at: u64) {
        let mut root = self.root.lock().unwrap_or_else(PoisonError::into_inner);
        if root.is_none() {
            *root = Some(Handed {
                fixpoint: fixpoint.cloned(),
                at,
            });
            self.handed.notify_all();
        }
    }

    /// What was handed over, once it is; `None` when `stopped` says so first.
    pub fn wait(&self, stopped: &dyn Fn() -> bool) -> Option<Handed<T>> {
        let mut root = self.root.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(handed) = &*root {
                return Some(handed.clone());
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

/// Hands over "no fixpoint" when dropped, at the work its clock reads then (0 without one),
/// unless a fixpoint was handed over before: however a racer ends, the other does not wait for it
/// in vain.
pub(crate) struct HandOverOnDrop<'a, T: Clone>(pub &'a RootHandover<T>, pub Option<WorkClock>);

impl<T: Clone> Drop for HandOverOnDrop<'_, T> {
    fn drop(&mut self) {
        self.0
            .hand_over(None, self.1.as_ref().map_or(0, WorkClock::read));
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
            handover.hand_over(Some(&7), 40);
            handover.hand_over(Some(&8), 50);
            let first = Handed {
                fixpoint: Some(7),
                at: 40,
            };
            assert_eq!(waiter.join().unwrap(), Some(first.clone()));
            assert_eq!(handover.wait(&|| false), Some(first));
        });
    }

    #[test]
    fn a_racer_that_ends_without_a_fixpoint_releases_the_waiter() {
        let handover = RootHandover::<u32>::new();
        thread::scope(|scope| {
            let waiter = scope.spawn(|| handover.wait(&|| false));
            {
                let clock = WorkClock::starting_at(9);
                let _guard = HandOverOnDrop(&handover, Some(clock.clone()));
                thread::sleep(Duration::from_millis(20));
                clock.add(1);
            }
            let nothing = Handed {
                fixpoint: None,
                at: 10,
            };
            assert_eq!(waiter.join().unwrap(), Some(nothing));
        });
        // A fixpoint handed over before the guard drops stays.
        let handover = RootHandover::new();
        {
            let _guard = HandOverOnDrop(&handover, None);
            handover.hand_over(Some(&3), 5);
        }
        let handed = handover.wait(&|| false).expect("handed over");
        assert_eq!((handed.fixpoint, handed.at), (Some(3), 5));
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
