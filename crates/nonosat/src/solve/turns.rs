//! The turns the race's second racer takes among its SAT searches, and the work each turn grants.
//!
//! The lines search's time on one puzzle changes tenfold and more with the order it branches in,
//! and a few puzzles are the whole encoding's and never the lines' (docs/performance.md). So the
//! racer keeps several searches (the lines in CaDiCaL's order, the lines in a shuffled one looking
//! first near a guess of belief propagation, and the encoding in its lean form), each on a thread
//! of its own, and lets one run at a time, with grants of work ([`WorkBudget`], counted as
//! [`WorkClock`] counts it, so that a turn ends at the same step of its search on every run) that
//! grow round by round; a search out of its grant waits for its next turn with what it has
//! learned ([`Engine::budget`]). A puzzle then costs a small multiple of what its quickest search
//! would alone, without knowing which that is, on one core. In a check, the search that finds the
//! first solution has its turn lengthened by as much again ([`WorkBudget::lengthen_turn`]): what
//! it has learned is what a second solution or a refutation needs, while the others would have to
//! find a first solution again (docs/performance.md).
//!
//! [`WorkClock`]: crate::sat::WorkClock

use std::iter;
use std::thread;

use super::CheckError;
use super::check::sat_answer;
use super::searcher::{Found, SearchError, SolveKind};
use crate::deadline::TimedOut;
use crate::logic::kind::Kind;
use crate::model::Grid;
use crate::sat::{Interrupt, SatBackend, StopSignal, TurnEnd, WorkBudget};

/// One of the searches a racer takes turns among.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Engine {
    /// CaDiCaL with the lines inside its search, branching in the order this numbers: 0 is
    /// CaDiCaL's own, any other a shuffle from that seed.
    Lines(u32),
    /// The lines search in the order this numbers, looking for a first solution near a guess of
    /// belief propagation first ([`SolveKind::neighbourhood_search`]).
    Neighbourhood(u32),
    /// CaDiCaL over the whole encoding, in its lean form where the kind has one (block starts in
    /// order encoding, which CaDiCaL searches several times faster on random puzzles), on its own
    /// phases rather than the beliefs'.
    Encoding,
}

impl Engine {
    /// A budget for this search's turns. The encoding pauses between its turns, its search kept
    /// as it was; the lines search stops and solves again at its next turn, a new solve that
    /// keeps what CaDiCaL learned and resets its search, which its heavy-tailed time gains from
    /// (both measured in docs/performance.md).
    fn budget(self) -> WorkBudget {
        match self {
            Engine::Lines(_) | Engine::Neighbourhood(_) => WorkBudget::stopping(),
            Engine::Encoding => WorkBudget::pausing(),
        }
    }
}

/// A turn: the search that runs, and the work it is granted on top of its earlier turns'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Turn {
    pub engine: Engine,
    pub grant: u64,
}

/// The first round, in units of the schedule: the lines in a shuffled order, near a guess first,
/// for two units, then the lines in CaDiCaL's order for one (about a second), then the encoding
/// for two. The search near the guess answers most of what it answers at all in its first turn,
/// so that turn comes first: against the lines' unit first, fresh tournament-like sets cost 6%
/// and 13% less, random 50x50 sets 5% and 47% less (their medians 30 ms more: the guess's
/// beliefs, on puzzles the plain lines answer at once), random 30x30 and 40x40 sets the same
/// (docs/performance.md).
const FIRST_ROUND: &[(Engine, u32)] = &[
    (Engine::Neighbourhood(1), 2),
    (Engine::Lines(0), 1),
    (Engine::Encoding, 2),
];

/// Every later round, in units of the first of them: the encoding, then each lines search again.
/// The shuffled lines search looks near its guess first: that decides random 50x50 puzzles that
/// no search here decided in a minute, and costs tournament sets nothing (docs/performance.md).
const LATER_ROUND: &[(Engine, u32)] = &[
    (Engine::Encoding, 4),
    (Engine::Lines(0), 2),
    (Engine::Neighbourhood(1), 2),
];

/// How much each round's grants grow over the round before.
const GROWTH: u32 = 2;

/// The turns, without end, with the schedule's unit `unit`: the first round, then later rounds
/// whose grants grow by [`GROWTH`] each round.
pub(crate) fn schedule(unit: u64) -> impl Iterator<Item = Turn> {
    let round = move |turns: &'static [(Engine, u32)], unit: u64| {
        turns.iter().map(move |&(engine, units)| Turn {
            engine,
            grant: unit.saturating_mul(u64::from(units)),
        })
    };
    let units = iter::successors(Some(unit), |unit| Some(unit.saturating_mul(GROWTH.into())));
    round(FIRST_ROUND, unit).chain(units.flat_map(move |unit| round(LATER_ROUND, unit)))
}

/// What a racer's searches taking turns found: the solutions so far, and how the search that
/// answered ended (stopped, when none did).
pub(super) type TurnsAnswer<'a, P> = (
    Vec<Grid<<P as Kind>::Value>>,
    Found<(), <P as SolveKind>::Search<'a>>,
);

/// The solutions past `solutions` (a check's second one if `prove_unique`) by the searches of
/// [`schedule`] from the cells `known`, the lines' and the whole encoding's on `backend`, taking
/// turns on threads of their own until one answers, or until `interrupt` is due; they count
/// their work on its clock. The search that answers first is the racer's (only one runs at a
/// time); the others are stopped. `None` where the lines search cannot run (a line of more than
/// 128 cells, a build without CaDiCaL), found by the first turn's, which is a lines search. Only a
/// kind that takes turns ([`SolveKind::TAKES_TURNS`]) comes here.
pub(super) fn take<'a, P: SolveKind>(
    puzzle: &'a P,
    known: &Grid<P::Known>,
    solutions: &[Grid<P::Value>],
    prove_unique: bool,
    backend: SatBackend,
    unit: u64,
    interrupt: &Interrupt,
) -> Result<Option<TurnsAnswer<'a, P>>, CheckError>
where
    CheckError: From<P::Mismatch>,
{
    let stopped = || interrupt.is_due();
    let searches_stop = StopSignal::default();
    let search = |engine: Engine,
                  budget: WorkBudget|
     -> Result<Option<TurnsAnswer<'a, P>>, CheckError> {
        let _finished = FinishOnDrop(&budget);
        let interrupt = Interrupt {
            deadline: interrupt.deadline,
            stop: Some(searches_stop.clone()),
            budget: Some(budget.clone()),
            work: interrupt.work.clone(),
        };
        let searches_stopped = || interrupt.is_due();
        let search = match engine {
            Engine::Lines(order) => puzzle.lines_search(known.clone(), interrupt.clone(), order),
            Engine::Neighbourhood(order) => {
                puzzle.neighbourhood_search(known.clone(), interrupt.clone(), order)
            }
            Engine::Encoding => Some(
                match puzzle.lean_search(known.clone(), interrupt.clone(), backend) {
                    Some(lean) => lean?,
                    None => puzzle.sat_search(known.clone(), interrupt.clone(), backend)?,
                },
            ),
        };
        let Some(mut search) = search else {
            return Ok(None);
        };
        let mut found = solutions.to_vec();
        loop {
            // A check's first solution is asked for apart from the second, so that finding it
            // lengthens the turn (see the module's documentation).
            let first_only = prove_unique && found.is_empty();
            let outcome =
                sat_answer::<P>(&mut search, prove_unique && !first_only, false, &mut found);
            if first_only && outcome.is_ok() && !found.is_empty() {
                budget.lengthen_turn();
                continue;
            }
            let out_of_turn =
                matches!(outcome, Err(SearchError::Stopped(_))) && !searches_stopped();
            if !out_of_turn || !budget.wait_for_grant(&searches_stopped) {
                return Ok(Some((found, outcome)));
            }
        }
    };
    thread::scope(|scope| {
        let mut searches: Vec<(Engine, WorkBudget, thread::ScopedJoinHandle<_>)> = Vec::new();
        let mut answered = None;
        for turn in schedule(unit) {
            let index = match searches
                .iter()
                .position(|(engine, ..)| *engine == turn.engine)
            {
                Some(index) => index,
                None => {
                    let budget = turn.engine.budget();
                    let handle = scope.spawn({
                        let budget = budget.clone();
                        move || search(turn.engine, budget)
                    });
                    searches.push((turn.engine, budget, handle));
                    searches.len() - 1
                }
            };
            let budget = &searches[index].1;
            budget.grant(turn.grant);
            match budget.wait_turn_end(&stopped) {
                TurnEnd::Paused | TurnEnd::Running => {}
                TurnEnd::Finished => {
                    answered = Some(index);
                    break;
                }
                TurnEnd::Stopped => break,
            }
        }
        searches_stop.raise();
        let mut answers: Vec<_> = searches
            .into_iter()
            .map(|(_, _, handle)| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect();
        match answered {
            Some(index) => answers.swap_remove(index),
            // Stopped: what the search that got furthest found.
            None => {
                let found = answers
                    .into_iter()
                    .filter_map(|answer| answer.ok().flatten())
                    .map(|(found, _)| found)
                    .max_by_key(Vec::len)
                    .unwrap_or_else(|| solutions.to_vec());
                Ok(Some((found, Err(SearchError::Stopped(TimedOut)))))
            }
        }
    })
}

/// Marks a search's budget finished when the search ends, however it ends, so that the racer
/// stops waiting for its turn.
struct FinishOnDrop<'a>(&'a WorkBudget);

impl Drop for FinishOnDrop<'_> {
    fn drop(&mut self) {
        self.0.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first round gives the shuffled lines (near a guess first) two units, then the lines
    /// in CaDiCaL's order one, then the encoding two; each later round gives the encoding as
    /// much as both lines searches together, and doubles over the round before.
    #[test]
    fn the_schedule_grows_round_by_round() {
        let turn = |engine, units: u64| Turn {
            engine,
            grant: units * 1000,
        };
        let turns: Vec<Turn> = schedule(1000).take(9).collect();
        assert_eq!(
            turns,
            [
                turn(Engine::Neighbourhood(1), 2),
                turn(Engine::Lines(0), 1),
                turn(Engine::Encoding, 2),
                turn(Engine::Encoding, 4),
                turn(Engine::Lines(0), 2),
                turn(Engine::Neighbourhood(1), 2),
                turn(Engine::Encoding, 8),
                turn(Engine::Lines(0), 4),
                turn(Engine::Neighbourhood(1), 4),
            ]
        );
    }
}
