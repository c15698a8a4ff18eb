//! Budgets of work granted turn by turn: how several searches take turns on one core.
//!
//! Work is counted in the units of [`WorkClock`](super::WorkClock), by the solver itself, so that
//! each turn ends at the same step of its search on every run.
//!
//! A solver out of its grant either pauses, held inside its terminator on its own thread, its
//! search kept exactly as it was, until its next grant; or stops its solve, to be solved again
//! at its next turn. The two are not the same search: a new solve of CaDiCaL starts with its
//! search limits and modes reset, its learned clauses kept. The encoding resumed so every second
//! took twice as long as uninterrupted, while the lines search, whose time is a heavy-tailed
//! draw, gained from the reset (docs/performance.md).

use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// How often a paused solver, or an owner waiting for a turn to end, looks at what would stop
/// it.
const WAIT_STEP: Duration = Duration::from_millis(5);

/// A budget of work for one solver, granted turn by turn by its owner. Clones share the budget.
#[derive(Clone, Debug, Default)]
pub struct WorkBudget(Arc<Shared>);

#[derive(Debug, Default)]
struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Debug, Default)]
struct State {
    /// The work granted so far, all turns together.
    granted: u64,
    /// The work the latest turn was granted.
    last_grant: u64,
    /// Where the solver's turn stands.
    turn: TurnEnd,
    /// Whether a solver out of its grant stops its solve rather than pause inside it.
    stops: bool,
}

/// How a solver's turn stands, or how it ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TurnEnd {
    /// The solver is running (or has not started).
    #[default]
    Running,
    /// The solver spent its grant and waits for the next (paused inside its solve, or with its
    /// solve stopped).
    Paused,
    /// The solver's search is over: it will not ask for more.
    Finished,
    /// The owner was stopped before the turn ended.
    Stopped,
}

impl WorkBudget {
    /// A budget with nothing granted yet, whose solver pauses inside its solve when it has
    /// spent its grant.
    pub fn pausing() -> Self {
        WorkBudget::default()
    }

    /// A budget with nothing granted yet, whose solver stops its solve when it has spent its
    /// grant; its owner solves again after [`WorkBudget::wait_for_grant`].
    pub fn stopping() -> Self {
        let budget = WorkBudget::default();
        budget.lock().stops = true;
        budget
    }

    /// Grants `more` work on top of the grants so far, and lets a paused solver go on.
    pub fn grant(&self, more: u64) {
        let mut state = self.lock();
        state.granted = state.granted.saturating_add(more);
        state.last_grant = more;
        if state.turn == TurnEnd::Paused {
            state.turn = TurnEnd::Running;
        }
        self.0.changed.notify_all();
    }

    /// For the solver, during its turn: lengthens the turn by as much again as it was granted.
    pub fn lengthen_turn(&self) {
        let mut state = self.lock();
        state.granted = state.granted.saturating_add(state.last_grant);
    }

    /// Marks the solver's search as over, so that its owner stops waiting for its turn to end.
    pub fn finish(&self) {
        self.lock().turn = TurnEnd::Finished;
        self.0.changed.notify_all();
    }

    /// Waits until the solver pauses or finishes, or until `stopped` says the owner must stop.
    pub fn wait_turn_end(&self, stopped: &dyn Fn() -> bool) -> TurnEnd {
        let mut state = self.lock();
        loop {
            if state.turn != TurnEnd::Running {
                return state.turn;
            }
            if stopped() {
                return TurnEnd::Stopped;
            }
            state = self.wait(state);
        }
    }

    /// For the search whose solve stopped out of its grant: waits for the next grant (true), or
    /// until `stopped` (false).
    pub fn wait_for_grant(&self, stopped: &dyn Fn() -> bool) -> bool {
        let mut state = self.lock();
        while state.turn == TurnEnd::Paused {
            if stopped() {
                return false;
            }
            state = self.wait(state);
        }
        true
    }

    /// The work granted so far: a solver that has spent less may go on without asking. Only
    /// CaDiCaL's terminator asks it: a build without CaDiCaL never takes turns.
    #[cfg_attr(not(feature = "cadical"), allow(dead_code))]
    pub(super) fn granted(&self) -> u64 {
        self.lock().granted
    }

    /// For the solver's terminator: whether the solver may go on, having spent `spent` in all.
    /// Once it has spent its grants, a pausing solver waits here until the next grant (true) or
    /// until `stopped` (false); a stopping one stops (false). Only CaDiCaL's terminator calls
    /// it: a build without CaDiCaL never takes turns.
    #[cfg_attr(not(feature = "cadical"), allow(dead_code))]
    pub(super) fn go_on(&self, spent: u64, stopped: &dyn Fn() -> bool) -> bool {
        let mut state = self.lock();
        while spent >= state.granted {
            if stopped() {
                return false;
            }
            if state.turn != TurnEnd::Paused {
                state.turn = TurnEnd::Paused;
                self.0.changed.notify_all();
            }
            if state.stops {
                return false;
            }
            state = self.wait(state);
        }
        true
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.0
            .state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Waits for a change, or for [`WAIT_STEP`].
    fn wait<'a>(&self, state: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        match self.0.changed.wait_timeout(state, WAIT_STEP) {
            Ok((state, _)) => state,
            Err(poisoned) => poisoned.into_inner().0,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::thread;

    use super::*;

    /// A solver that spends its grant pauses until the next, and its owner sees each pause; a
    /// stop ends a pause.
    #[test]
    fn a_solver_pauses_between_grants_and_a_stop_ends_the_pause() {
        let budget = WorkBudget::pausing();
        let stop = AtomicBool::new(false);
        let never = || false;
        thread::scope(|scope| {
            let solver = scope.spawn(|| {
                let stopped = || stop.load(Ordering::SeqCst);
                let mut turns = 0;
                for spent in 1..=3 {
                    if !budget.go_on(spent * 1000, &stopped) {
                        break;
                    }
                    turns += 1;
                }
                turns
            });
            budget.grant(1500);
            assert_eq!(budget.wait_turn_end(&never), TurnEnd::Paused);
            budget.grant(1000);
            assert_eq!(budget.wait_turn_end(&never), TurnEnd::Paused);
            stop.store(true, Ordering::SeqCst);
            assert_eq!(solver.join().unwrap(), 2);
        });
        budget.finish();
        assert_eq!(budget.wait_turn_end(&never), TurnEnd::Finished);
    }

    /// A stopping solver out of its grant stops its solve, and waits for the next grant to solve
    /// again, or until stopped.
    #[test]
    fn a_stopping_solver_stops_at_its_grant_and_waits_for_the_next() {
        let budget = WorkBudget::stopping();
        let never = || false;
        budget.grant(1000);
        assert!(budget.go_on(500, &never));
        assert!(!budget.go_on(1000, &never));
        assert_eq!(budget.wait_turn_end(&never), TurnEnd::Paused);
        assert!(!budget.wait_for_grant(&|| true));
        budget.grant(1000);
        assert!(budget.wait_for_grant(&never));
        assert!(budget.go_on(1500, &never));
    }

    /// A solver that lengthens its turn goes on for as much again as the turn was granted, and
    /// no further; a later turn lengthens by its own grant.
    #[test]
    fn a_lengthened_turn_lasts_its_grant_again() {
        let budget = WorkBudget::stopping();
        let never = || false;
        budget.grant(1000);
        budget.lengthen_turn();
        assert!(budget.go_on(1999, &never));
        assert!(!budget.go_on(2000, &never));
        assert_eq!(budget.wait_turn_end(&never), TurnEnd::Paused);
        budget.grant(300);
        assert!(budget.wait_for_grant(&never));
        assert!(!budget.go_on(2300, &never));
        budget.grant(300);
        budget.lengthen_turn();
        assert!(budget.go_on(2899, &never));
        assert!(!budget.go_on(2900, &never));
    }

    /// An owner waiting for a turn that does not end stops when told to.
    #[test]
    fn an_owner_stops_waiting_when_stopped() {
        let budget = WorkBudget::pausing();
        budget.grant(1000);
        assert_eq!(budget.wait_turn_end(&|| true), TurnEnd::Stopped);
    }
}
