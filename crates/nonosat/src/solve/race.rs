//! Two searches of one puzzle on two threads; the answer is the one that took less work, so that
//! it is the same on every run.
//!
//! Each racer counts its work on a clock of its own ([`WorkClock`]: the lines the depth-first
//! search solves, CaDiCaL's steps, varisat's proof, each weighed by what it costs), which reads the
//! same at the same point of its search whatever the machine's load. A racer that knows its verdict
//! claims it at the work it took; the claim wins once the other racer has either claimed at more
//! work (the first racer wins a tie), or done more work without an answer, and so can no longer
//! answer with less. The winner raises the loser's stop signal, whose solver gives up within
//! milliseconds. Both searches are exact, so the verdict never depends on which wins; which of
//! several solutions is shown would, were the winner the one that happened to answer first. An
//! answer that does not depend on the racer (a check's "unique" or "none") wins at once
//! ([`Claim::Same`]).
//!
//! The second racer starts when the first has done [`HEAD_START`] of work, so that an easy
//! puzzle, which the first answers sooner, costs no second solver and no second thread's work;
//! its clock starts there. A racer cut short by the time limit or by its stop signal claims
//! behind any answer, and a racer that ends without claiming (the first may give way: return
//! `None` without claiming, and leave the puzzle to the second) can never win: the other's answer
//! is taken however much work it took.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::thread::{self, Thread};
use std::time::Duration;

use super::dfs::PROBES_PER_CELL;
use crate::sat::{SatBackend, StopSignal, WorkClock};

/// One search: a backend, whether it looks near the designer's goal first, whether a
/// depth-first search with probing looks for the solutions before the backend, and, in a race,
/// the signal that stops it and the clock it counts its work on.
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
    pub clock: Option<WorkClock>,
}

impl Racer {
    /// A search on `backend` alone, with no stop signal and no clock.
    pub fn alone(backend: SatBackend, nearby_first: bool) -> Self {
        Racer {
            backend,
            nearby_first,
            probing: Probing::Off,
            probes_per_cell: PROBES_PER_CELL,
            lines: Lines::Off,
            stop: None,
            clock: None,
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
    /// orders and the whole encoding, each granted work ([`WorkClock`]); this is the schedule's
    /// unit.
    Turns(u64),
}

/// The work the first racer does alone, about 30 ms of it. Most designed puzzles are answered
/// within it (the 151 of jwilk's collection take 0.4 ms each on median), where a race would only
/// double the work.
pub(crate) const HEAD_START: u64 = 30_000_000;

/// How often a racer waiting for its claim to be settled looks again at the other's clock, and
/// the longest a second racer waiting for its start sleeps between looks. Either is woken at once
/// when the other racer claims or ends.
const WAIT_STEP: Duration = Duration::from_millis(1);

/// No racer has claimed yet.
const NOBODY: usize = usize::MAX;

/// A racer's end, as the other sees it: still running, or the work at which it claimed.
const RUNNING: u64 = u64::MAX;
/// It ended without claiming: it cannot win.
const NO_ANSWER: u64 = u64::MAX - 1;
/// It claimed after being cut short (by the time limit or its stop signal): it wins only against
/// a racer that has no answer either.
const CUT_SHORT: u64 = u64::MAX - 2;

/// What a racer claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Claim {
    /// An answer the other racer would give the same, to the letter (a check's verdict of one
    /// solution or none): it wins at once, as no work can beat it.
    Same,
    /// Its verdict, at the work its clock reads: an answer the other racer might give otherwise
    /// (one of several solutions, or a solution not known to be the only one).
    Answer,
    /// What it found before it was cut short.
    CutShort,
}

/// The racers' clocks and ends, and the winner once settled.
struct Referee {
    /// The work the first racer does before the second starts.
    head_start: u64,
    clocks: [WorkClock; 2],
    ends: [AtomicU64; 2],
    stops: [StopSignal; 2],
    winner: AtomicUsize,
    /// The racers' threads, to wake one that waits when the other claims or ends.
    threads: [OnceLock<Thread>; 2],
}

impl Referee {
    /// Claims for racer `me` and waits until the claim is settled: whether it won.
    fn claim(&self, me: usize, claim: Claim) -> bool {
        let mine = match claim {
            Claim::Same => 0,
            Claim::Answer => self.clocks[me].read(),
            Claim::CutShort => CUT_SHORT,
        };
        self.ends[me].store(mine, Ordering::SeqCst);
        let other = 1 - me;
        self.wake(other);
        // Racer 0 wins a tie: racer 1 must do strictly less work.
        let beats = |theirs: u64| {
            if me == 0 {
                mine <= theirs
            } else {
                mine < theirs
            }
        };
        let won = loop {
            let end = self.ends[other].load(Ordering::SeqCst);
            if end != RUNNING {
                break beats(end);
            }
            // The other is still running: it can no longer answer with less work than it has
            // done.
            if mine < CUT_SHORT && beats(self.clocks[other].read()) {
                break true;
            }
            thread::park_timeout(WAIT_STEP);
        };
        let won = won
            && self
                .winner
                .compare_exchange(NOBODY, me, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok();
        if won {
            self.stops[other].raise();
        }
        won
    }

    /// Marks racer `me` as ended without an answer, unless it claimed.
    fn ended(&self, me: usize) {
        let _ =
            self.ends[me].compare_exchange(RUNNING, NO_ANSWER, Ordering::SeqCst, Ordering::SeqCst);
        self.wake(1 - me);
    }

    /// Racer `me` runs on the current thread: the other may wake it.
    fn runs_here(&self, me: usize) {
        let _ = self.threads[me].set(thread::current());
    }

    /// Wakes racer `racer` if it waits (a wake-up before it waits makes its next wait return).
    fn wake(&self, racer: usize) {
        if let Some(thread) = self.threads[racer].get() {
            thread.unpark();
        }
    }

    /// Waits until the first racer has done its head start of work, or has ended: whether the
    /// second racer may still win. It may not once it is stopped, once the first answered within
    /// the head start, or once the first was cut short (by the time limit, which has then passed
    /// for the second too).
    fn second_may_start(&self) -> bool {
        loop {
            if self.stops[1].is_raised() {
                return false;
            }
            match self.ends[0].load(Ordering::SeqCst) {
                // The first racer's work is counted at about a unit a nanosecond: sleep until
                // it may have done its head start, unless it ends first and wakes this thread.
                RUNNING if self.clocks[0].read() < self.head_start => {
                    let left = self.head_start.saturating_sub(self.clocks[0].read());
                    thread::park_timeout(
                        Duration::from_nanos(left).clamp(WAIT_STEP, 10 * WAIT_STEP),
                    );
                }
                RUNNING | NO_ANSWER => return true,
                CUT_SHORT => return false,
                answered => return answered > self.head_start,
            }
        }
    }
}

/// Runs `run` for both racers at once, each with a stop signal and a clock of its own, and
/// returns the winner's answer. A racer's error is returned when the other has no answer (both
/// meet the same encoding, so an encoding refused as too large is refused by both).
pub(crate) fn race<T: Send, E: Send>(
    racers: [Racer; 2],
    run: impl Fn(Racer, &dyn Fn(Claim) -> bool) -> Result<Option<T>, E> + Sync,
) -> Result<T, E> {
    race_from(HEAD_START, racers, run)
}

/// [`race`] with the second racer starting after `head_start` of the first's work.
pub(crate) fn race_from<T: Send, E: Send>(
    head_start: u64,
    racers: [Racer; 2],
    run: impl Fn(Racer, &dyn Fn(Claim) -> bool) -> Result<Option<T>, E> + Sync,
) -> Result<T, E> {
    let referee = Referee {
        head_start,
        clocks: [WorkClock::default(), WorkClock::starting_at(head_start)],
        ends: [AtomicU64::new(RUNNING), AtomicU64::new(RUNNING)],
        stops: [StopSignal::default(), StopSignal::default()],
        winner: AtomicUsize::new(NOBODY),
        threads: [OnceLock::new(), OnceLock::new()],
    };
    let [first, second] = racers;
    let [first, second] = [(first, 0), (second, 1)].map(|(racer, side)| Racer {
        stop: Some(referee.stops[side].clone()),
        clock: Some(referee.clocks[side].clone()),
        ..racer
    });
    let referee = &referee;
    let (first, second) = thread::scope(|scope| {
        let run = &run;
        referee.runs_here(0);
        let second = scope.spawn(move || {
            referee.runs_here(1);
            let answer = if referee.second_may_start() {
                run(second, &|claim| referee.claim(1, claim))
            } else {
                Ok(None)
            };
            referee.ended(1);
            answer
        });
        let first = run(first, &|claim| referee.claim(0, claim));
        referee.ended(0);
        let second = second
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (first, second)
    });
    match (first, second) {
        (Ok(Some(answer)), _) | (_, Ok(Some(answer))) => Ok(answer),
        (Err(error), _) | (_, Err(error)) => Err(error),
        (Ok(None), Ok(None)) => {
            unreachable!("one claim of a race succeeds, and only the first racer gives way")
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::time::Instant;

    use super::*;

    fn racers() -> [Racer; 2] {
        [
            Racer::alone(SatBackend::Varisat, true),
            Racer::alone(SatBackend::Varisat, false),
        ]
    }

    /// The racer's name, for the answers.
    fn name(racer: &Racer) -> &'static str {
        if racer.nearby_first {
            "first"
        } else {
            "second"
        }
    }

    fn clock(racer: &Racer) -> &WorkClock {
        racer.clock.as_ref().expect("racers get clocks")
    }

    #[test]
    fn a_first_racer_answering_within_its_head_start_wins_alone() {
        let second_started = AtomicBool::new(false);
        let answer: Result<&str, ()> = race(racers(), |racer, claim| {
            if !racer.nearby_first {
                second_started.store(true, Ordering::SeqCst);
            }
            clock(&racer).add(HEAD_START / 2);
            Ok(claim(Claim::Answer).then_some(name(&racer)))
        });
        assert_eq!(answer, Ok("first"));
        assert!(!second_started.load(Ordering::SeqCst));
    }

    /// Whichever racer answers first in time, the one that took less work wins: here the second
    /// answers at once, but the first, slower, with less work.
    #[test]
    fn the_answer_with_less_work_wins_whenever_it_comes() {
        for (first_work, second_work, winner) in [
            (HEAD_START + 500, 1_000, "first"),
            (HEAD_START + 500, 400, "second"),
            (HEAD_START + 1_000, 1_000, "first"),
        ] {
            let answer: Result<&str, ()> = race(racers(), |racer, claim| {
                if racer.nearby_first {
                    // Slow work: the second racer starts, and answers, meanwhile.
                    clock(&racer).add(HEAD_START);
                    thread::sleep(Duration::from_millis(50));
                    clock(&racer).add(first_work - HEAD_START);
                } else {
                    assert_eq!(clock(&racer).read(), HEAD_START);
                    clock(&racer).add(second_work);
                }
                Ok(claim(Claim::Answer).then_some(name(&racer)))
            });
            assert_eq!(answer, Ok(winner), "{first_work} against {second_work}");
        }
    }

    #[test]
    fn the_loser_is_stopped_once_its_work_passes_the_answer() {
        let started = Instant::now();
        let answer: Result<&str, ()> = race(racers(), |racer, claim| {
            let stop = racer.stop.clone().expect("racers get stop signals");
            if racer.nearby_first {
                // A search that would run for a minute unless stopped.
                while !stop.is_raised() && started.elapsed() < Duration::from_secs(60) {
                    clock(&racer).add(1_000_000);
                    thread::sleep(Duration::from_millis(1));
                }
                return Ok(claim(Claim::CutShort).then_some(name(&racer)));
            }
            clock(&racer).add(50_000_000);
            Ok(claim(Claim::Answer).then_some(name(&racer)))
        });
        assert_eq!(answer, Ok("second"));
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the loser was not stopped"
        );
    }

    /// A racer cut short (by the time limit) loses to any answer, however little work it did.
    #[test]
    fn an_answer_beats_a_racer_cut_short() {
        let answer: Result<&str, ()> = race(racers(), |racer, claim| {
            if racer.nearby_first {
                clock(&racer).add(HEAD_START);
                thread::sleep(Duration::from_millis(50));
                return Ok(claim(Claim::CutShort).then_some(name(&racer)));
            }
            clock(&racer).add(10 * HEAD_START);
            Ok(claim(Claim::Answer).then_some(name(&racer)))
        });
        assert_eq!(answer, Ok("second"));
    }

    #[test]
    fn a_first_racer_that_gives_way_leaves_the_answer_to_the_second() {
        let answer: Result<&str, ()> = race(racers(), |racer, claim| {
            clock(&racer).add(HEAD_START);
            if racer.nearby_first {
                return Ok(None);
            }
            Ok(claim(Claim::Answer).then_some(name(&racer)))
        });
        assert_eq!(answer, Ok("second"));
    }

    #[test]
    fn an_error_without_an_answer_is_returned() {
        let answer: Result<(), &str> = race(racers(), |_, _| Err("too large"));
        assert_eq!(answer, Err("too large"));
    }
}
