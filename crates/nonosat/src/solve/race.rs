//! Two searches of one puzzle on two threads, first answer wins: the loser is stopped at once.
//!
//! The second search starts only after [`HEAD_START`], so that an easy puzzle, which the first
//! answers sooner, costs no second solver and no second thread's work.
//!
//! Both searches are exact, so the verdict never depends on which wins; which of several solutions
//! is shown may. Each racer calls its `claim` when it knows its verdict: the first claim wins and
//! raises the other racer's stop signal, whose solver then gives up within milliseconds; a racer
//! whose claim fails returns `None` and ends. The first racer may also give way: return `None`
//! without claiming, and leave the puzzle to the second, which always claims (or fails).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use super::dfs::PROBES_PER_CELL;
use crate::sat::{SatBackend, StopSignal};

/// One search: a backend, whether it looks near the designer's goal first, whether a
/// depth-first search with probing looks for the solutions before the backend, and, in a race,
/// the signal that stops it.
#[derive(Clone, Debug)]
pub(crate) struct Racer {
    pub backend: SatBackend,
    pub nearby_first: bool,
    pub probing: Probing,
    /// The depth-first search's budget, in probes a cell of the puzzle.
    pub probes_per_cell: u64,
    /// Whether CaDiCaL solving the lines inside its search takes the SAT search's part, where it
    /// can run, instead of `backend`.
    pub lines: Lines,
    pub stop: Option<StopSignal>,
}

impl Racer {
    /// A search on `backend` alone, with no stop signal.
    pub fn alone(backend: SatBackend, nearby_first: bool) -> Self {
        Racer {
            backend,
            nearby_first,
            probing: Probing::Off,
            probes_per_cell: PROBES_PER_CELL,
            lines: Lines::Off,
            stop: None,
        }
    }

    /// This search with the depth-first search with probing first, as `probing` says.
    pub fn probing(self, probing: Probing) -> Self {
        Racer { probing, ..self }
    }

    /// This search with CaDiCaL solving the lines inside its search, where it can, as `lines`
    /// says.
    pub fn lines(self, lines: Lines) -> Self {
        Racer { lines, ..self }
    }
}

/// Whether a depth-first search with probing looks for a racer's solutions before its SAT search,
/// and what becomes of a puzzle on which it runs out of budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Probing {
    /// No depth-first search.
    Off,
    /// No depth-first search either, but the root propagated and probed to its fixpoint, which
    /// the SAT search then starts from: in a race, the fixpoint the other racer's search handed
    /// over, where it reached one.
    Root,
    /// A search; the SAT search takes over what it leaves when it runs out of budget.
    ThenSat,
    /// A search, after which the racer gives up if it ran out of budget, and leaves the puzzle to
    /// the other racer, which ends on CaDiCaL over the whole encoding: a SAT search of its own
    /// would be that search again on the same encoding, on a slower solver and the other core.
    /// (A solution the depth-first search found before it gave up is then found again.)
    GiveWay,
}

/// Whether a racer's SAT search is CaDiCaL solving the lines inside its search (lazy clause
/// generation), where that solver can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lines {
    /// No: the racer's backend over the whole encoding.
    Off,
    /// Yes, for the whole search.
    On,
    /// Yes, taking turns with other searches kept between them (`turns.rs`): the lines in other
    /// orders and the whole encoding, each granted CPU time on its solver's thread, so that the
    /// load of the machine does not shorten it; this is the schedule's unit.
    Turns(Duration),
}

/// How long the first racer runs alone. Most designed puzzles are answered within it (the 151 of
/// jwilk's collection take 0.4 ms each on median), where a race would only double the work.
pub(crate) const HEAD_START: Duration = Duration::from_millis(30);

/// How often the second racer looks at its stop signal while it waits for its start.
const WAIT_STEP: Duration = Duration::from_millis(1);

/// No racer has claimed yet.
const NOBODY: usize = usize::MAX;

/// Runs `run` for both racers at once, each with a stop signal of its own, and returns the winner's
/// answer. A racer's error is returned when the other has no answer (both meet the same encoding,
/// so an encoding refused as too large is refused by both).
pub(crate) fn race<T: Send, E: Send>(
    racers: [Racer; 2],
    run: impl Fn(Racer, &dyn Fn() -> bool) -> Result<Option<T>, E> + Sync,
) -> Result<T, E> {
    let winner = AtomicUsize::new(NOBODY);
    let stops = [StopSignal::default(), StopSignal::default()];
    let claim = |me: usize| {
        let winner = &winner;
        let other = stops[1 - me].clone();
        move || {
            let won = winner
                .compare_exchange(NOBODY, me, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok();
            if won {
                other.raise();
            }
            won
        }
    };
    let [first, second] = racers;
    let [first, second] = [(first, 0), (second, 1)].map(|(racer, side)| Racer {
        stop: Some(stops[side].clone()),
        ..racer
    });
    let (first, second) = thread::scope(|scope| {
        let run = &run;
        let claim_second = claim(1);
        let second = scope.spawn(move || {
            if !wait_for_start(&second) {
                return Ok(None);
            }
            run(second, &claim_second)
        });
        let first = run(first, &claim(0));
        let second = second
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (first, second)
    });
    match (first, second) {
        (Ok(Some(answer)), _) | (_, Ok(Some(answer))) => Ok(answer),
        (Err(error), _) | (_, Err(error)) => Err(error),
        (Ok(None), Ok(None)) => {
            unreachable!("the first claim of a race succeeds, and only the first racer gives way")
        }
    }
}

/// Waits [`HEAD_START`] before the second racer starts; false when it was stopped meanwhile (the
/// first racer won).
fn wait_for_start(racer: &Racer) -> bool {
    let start = Instant::now() + HEAD_START;
    let stopped = || racer.stop.as_ref().is_some_and(StopSignal::is_raised);
    while Instant::now() < start {
        if stopped() {
            return false;
        }
        thread::sleep(WAIT_STEP);
    }
    !stopped()
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;

    fn racers() -> [Racer; 2] {
        [
            Racer::alone(SatBackend::Varisat, true),
            Racer::alone(SatBackend::Varisat, false),
        ]
    }

    #[test]
    fn a_quick_first_racer_wins_before_the_second_starts() {
        let second_started = AtomicBool::new(false);
        let answer: Result<&str, ()> = race(racers(), |racer, claim| {
            if !racer.nearby_first {
                second_started.store(true, Ordering::SeqCst);
            }
            Ok(claim().then_some(if racer.nearby_first {
                "first"
            } else {
                "second"
            }))
        });
        assert_eq!(answer, Ok("first"));
        assert!(!second_started.load(Ordering::SeqCst));
    }

    #[test]
    fn the_loser_is_stopped_when_the_other_claims() {
        let started = Instant::now();
        let answer: Result<&str, ()> = race(racers(), |racer, claim| {
            let stop = racer.stop.expect("racers get stop signals");
            if racer.nearby_first {
                // A search that would run for a minute unless stopped.
                while !stop.is_raised() && started.elapsed() < Duration::from_secs(60) {
                    thread::sleep(Duration::from_millis(1));
                }
                return Ok(claim().then_some("first"));
            }
            Ok(claim().then_some("second"))
        });
        assert_eq!(answer, Ok("second"));
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the loser was not stopped"
        );
    }

    #[test]
    fn a_first_racer_that_gives_way_leaves_the_answer_to_the_second() {
        let answer: Result<&str, ()> = race(racers(), |racer, claim| {
            if racer.nearby_first {
                return Ok(None);
            }
            Ok(claim().then_some("second"))
        });
        assert_eq!(answer, Ok("second"));
    }

    #[test]
    fn an_error_without_an_answer_is_returned() {
        let answer: Result<(), &str> = race(racers(), |_, _| Err("too large"));
        assert_eq!(answer, Err("too large"));
    }
}
