//! Solve and prove uniqueness: propagate, encode, solve, block the answer, solve again.
//!
//! Every grid this module returns has passed [`Puzzle::check`](crate::Puzzle::check), which shares no logic with the solver.
//! "Unique" and "no solution" rest on an UNSAT answer from the SAT solver, also when line propagation
//! has already fixed every cell or found a contradiction: propagation only shrinks the formula.

use std::fmt;
use std::time::{Duration, Instant};

use super::ambiguity::ambiguous_cells;
use super::decimate;
use super::dfs::{Ended, ProbingSearch};
use super::handover::{HandOverOnDrop, RootHandover};
use super::race::{Claim, Lines, Probing, Racer, race};
use super::searcher::{Found, SearchError, Searcher, SolveKind};
use super::turns;
use crate::cnf::TooLarge;
use crate::deadline::{Deadline, TimedOut};
use crate::model::{ColourMismatch, Grid, LineId, Mismatch, Pos};
use crate::sat::{Interrupt, LARGE_PUZZLE_CELLS, SatBackend, StopSignal, WorkClock};

/// How to run a check: `Options::default()`, then the `with_` methods.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Give up at this deadline, answering [`Verdict::Timeout`].
    pub deadline: Option<Deadline>,
    /// The most distinct solutions [`check`](super::check()) collects (at least 2; the default).
    pub max_solutions: usize,
    /// Whether [`check`](super::check()) computes every ambiguous cell ([`Report::ambiguous`]) of a puzzle with
    /// several solutions.
    pub ambiguous_cells: bool,
    /// Which search a check runs: the race, one engine, or one SAT backend alone.
    pub strategy: Strategy,
}

impl Default for Options {
    /// No time limit, two solutions, no ambiguous cells, the race: the plain uniqueness check.
    fn default() -> Self {
        Options {
            deadline: None,
            max_solutions: 2,
            ambiguous_cells: false,
            strategy: Strategy::Race,
        }
    }
}

impl Options {
    /// These options with the deadline `deadline` (none: no time limit).
    pub fn with_deadline(mut self, deadline: Option<Deadline>) -> Self {
        self.deadline = deadline;
        self
    }

    /// These options collecting up to `max_solutions` distinct solutions (at least 2).
    pub fn with_max_solutions(mut self, max_solutions: usize) -> Self {
        self.max_solutions = max_solutions;
        self
    }

    /// These options computing every ambiguous cell, or not.
    pub fn with_ambiguous_cells(mut self, ambiguous_cells: bool) -> Self {
        self.ambiguous_cells = ambiguous_cells;
        self
    }

    /// These options solving with `backend` alone.
    pub fn with_backend(self, backend: SatBackend) -> Self {
        self.with_strategy(Strategy::Only(backend))
    }

    /// These options searching as `strategy` says.
    pub fn with_strategy(mut self, strategy: Strategy) -> Self {
        self.strategy = strategy;
        self
    }

    /// The one backend that solves a puzzle of `cells` cells under these options when it cannot
    /// race (as for a certificate): the chosen one, else by size.
    pub fn backend_for(&self, cells: usize) -> SatBackend {
        match self.strategy {
            Strategy::Only(backend) => backend,
            Strategy::Auto | Strategy::Race | Strategy::Probing | Strategy::Lines => {
                SatBackend::for_cells(cells)
            }
        }
    }
}

/// Which search a check runs: the race of two engines (the default), one engine alone, or one
/// SAT backend of the table ([`SatBackend`]) alone. `--backend` names them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// One backend, chosen by the puzzle's size ([`SatBackend::for_cells`]).
    Auto,
    /// Two searches on two threads, the answer that took less work winning (work counted, not
    /// timed, so that the same racer wins every run) and the other stopped then:
    /// [`Strategy::Probing`] with its proofs on varisat (on a puzzle with the designer's goal,
    /// varisat looking near the goal first) and, after a head start of about 30 ms of work, CaDiCaL
    /// looking anywhere: [`Strategy::Lines`] in two orders and CaDiCaL on the whole encoding in its
    /// lean form, taking turns on one core (`turns.rs`: the lines in a shuffled order, near a
    /// guess first, then in CaDiCaL's order for about a second of work, then the encoding, by
    /// turns that double, each keeping its work between its turns; a colour puzzle's second
    /// racer searches the lines alone, or its whole encoding where a check goes on to the
    /// ambiguous cells, `SolveKind::TAKES_TURNS`). When the depth-first search runs out of
    /// budget, its thread dives (belief-guided decimation) and, for a check, looks near what the
    /// dives find; where they find too few solutions it stops and leaves the puzzle to CaDiCaL,
    /// rather than search the same encoding on varisat. The verdict is the same either way, and
    /// so are the solutions shown, but under a time limit (docs/ambiguity.md). Puzzles of more than
    /// [`LARGE_PUZZLE_CELLS`] cells, where varisat only slows down, and builds without CaDiCaL, run
    /// as [`Strategy::Auto`]. The default, of [`Options::default`] too, so that every caller gets
    /// the strongest search.
    #[default]
    Race,
    /// A depth-first search with line propagation and probing at every node (`dfs`) looks for
    /// the solutions, with a budget of dead ends; the backend chosen by size then proves that there
    /// is no other, or none, or finds what the search did not within its budget: "unique" and
    /// "none" still rest on the SAT solver's refutation. Colour puzzles alike: a probe tries each
    /// colour a cell may still take.
    Probing,
    /// CaDiCaL over the cell variables alone, with every row and column a propagator inside its
    /// search that explains each deduction by a clause over the line's known cells (lazy clause
    /// generation): the search learns from what the line solver deduces. "Unique" and "none"
    /// rest on its refutation, whose clauses each hold in every solution of one line. Colour
    /// puzzles alike, with a variable per cell and value and the colour line solver's
    /// deductions ("this cell does not take that value"). Puzzles with a line of more than 128
    /// cells and builds without CaDiCaL run as [`Strategy::Auto`].
    Lines,
    /// This backend alone.
    Only(SatBackend),
}

impl Strategy {
    /// Every choice of this build: `auto`, `race`, `probing`, `lines`, then each backend.
    pub fn all() -> Vec<Strategy> {
        let mut all = vec![
            Strategy::Auto,
            Strategy::Race,
            Strategy::Probing,
            Strategy::Lines,
        ];
        all.extend(
            SatBackend::ALL
                .iter()
                .map(|&backend| Strategy::Only(backend)),
        );
        all
    }

    /// `auto`, `race`, `probing`, `lines`, or the backend's name.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Auto => "auto",
            Strategy::Race => "race",
            Strategy::Probing => "probing",
            Strategy::Lines => "lines",
            Strategy::Only(backend) => backend.name(),
        }
    }
}

/// What a puzzle's clues admit. In records it is written by its [`name`](Verdict::name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Verdict {
    /// Exactly one grid satisfies the clues.
    Unique,
    /// At least two grids satisfy the clues.
    Multiple,
    /// A solution was found and uniqueness was not asked for ([`solve`](super::solve())).
    Solved,
    /// No grid satisfies the clues.
    None,
    /// The time limit passed before an answer.
    Timeout,
}

impl Verdict {
    /// Every verdict, in the order summaries list them.
    pub const ALL: [Verdict; 5] = [
        Verdict::Unique,
        Verdict::Multiple,
        Verdict::Solved,
        Verdict::None,
        Verdict::Timeout,
    ];

    /// The lower-case name used in output: `unique`, `multiple`, `solved`, `none`, `timeout`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::Solved => "solved",
            Verdict::None => "none",
            Verdict::Timeout => "timeout",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The outcome of [`check`](super::check()) or [`solve`](super::solve()): solutions are grids of `S` (black cells; colour indices
/// in a [`ColourReport`](super::ColourReport)), and a goal that breaks a clue is described by `M`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report<S = bool, M = Mismatch> {
    /// The verdict.
    pub verdict: Verdict,
    /// Solutions found: none, one, or up to [`Options::max_solutions`] different ones. Each has
    /// passed [`Puzzle::check`](crate::model::Puzzle::check) (or
    /// [`ColourPuzzle::check`](crate::model::ColourPuzzle::check)).
    pub solutions: Vec<Grid<S>>,
    /// Whether `solutions` holds every solution: the search proved that there is no other.
    pub exhausted: bool,
    /// Every cell that differs between some two solutions, row by row, when
    /// [`Options::ambiguous_cells`] asked for it and the verdict was reached (empty for a unique
    /// puzzle); `None` otherwise. When the time limit stopped the search for them, the cells found
    /// so far, and [`Report::ambiguous_complete`] is false.
    pub ambiguous: Option<Vec<Pos>>,
    /// Whether [`Report::ambiguous`] holds every ambiguous cell.
    pub ambiguous_complete: bool,
    /// When the time limit stopped the search for ambiguous cells, the open cells it had neither
    /// shown ambiguous nor proved to take the same value in every solution, row by row (empty
    /// otherwise): where the design's ambiguity is still unknown.
    pub undecided: Vec<Pos>,
    /// Cells fixed by line propagation before any search (0 when propagation finds a
    /// contradiction).
    pub fixed_by_propagation: usize,
    /// Cells fixed after line propagation, before any search, by counting across lines
    /// ([`crate::logic::count`]) with line propagation in between (0 for a colour puzzle).
    pub fixed_by_counting: usize,
    /// Whether line propagation alone fixed every cell.
    pub line_solvable: bool,
    /// Whether line propagation alone met a line that cannot be completed, proving that there is
    /// no solution (the verdict still rests on the SAT solver's answer).
    pub line_refuted: bool,
    /// The line line propagation found impossible to complete, when it refuted the puzzle and
    /// knows which (black and white).
    pub refuted_line: Option<LineId>,
    /// How the designer's goal picture fares, when the puzzle carries one.
    pub goal: Option<GoalReport<M>>,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

impl<S, M> Report<S, M> {
    /// The report of a search stopped by its time limit after `elapsed`, before it knew anything
    /// (as when a batch stops a child process).
    pub fn timed_out(elapsed: Duration) -> Self {
        Report {
            verdict: Verdict::Timeout,
            solutions: Vec::new(),
            exhausted: false,
            ambiguous: None,
            ambiguous_complete: false,
            undecided: Vec::new(),
            fixed_by_propagation: 0,
            fixed_by_counting: 0,
            line_solvable: false,
            line_refuted: false,
            refuted_line: None,
            goal: None,
            elapsed,
        }
    }

    /// The cells where the first two solutions differ, row by row (empty unless two were found).
    pub fn differing_cells(&self) -> Vec<Pos>
    where
        S: PartialEq,
    {
        match self.solutions.as_slice() {
            [first, second, ..] => first.differences(second),
            _ => Vec::new(),
        }
    }
}

/// How many solutions a check found, and whether that is all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolutionCount {
    /// The puzzle has exactly this many solutions.
    Exactly(usize),
    /// The puzzle has at least this many: the search stopped at its limit or its time-out.
    AtLeast(usize),
}

impl<S, M> Report<S, M> {
    /// The number of solutions, exact when the search proved it had them all.
    ///
    /// Run [`check`](super::check()) with [`Options::max_solutions`] one above the largest count wanted: a count
    /// `AtLeast(max_solutions)` then means "more than that".
    pub fn count(&self) -> SolutionCount {
        if self.exhausted {
            SolutionCount::Exactly(self.solutions.len())
        } else {
            SolutionCount::AtLeast(self.solutions.len())
        }
    }
}

/// How the goal picture carried by a puzzle file relates to the clues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoalReport<M = Mismatch> {
    /// The goal satisfies the clues. If the puzzle is not unique, the report's second solution is
    /// one that differs from the goal.
    Solves,
    /// The goal breaks a clue.
    Breaks(M),
}

/// A check that could not be carried out.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CheckError {
    /// The encoding would be larger than [`crate::cnf::MAX_CLAUSES`].
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
    /// The solver produced a grid that breaks a clue: a bug in nonosat, reported instead of a wrong
    /// answer.
    #[error("internal error: the solver's answer failed verification ({0}); please report it")]
    Unverified(#[from] Mismatch),
    /// The solver produced a colour grid that breaks a clue: a bug in nonosat, as `Unverified`.
    #[error("internal error: the solver's answer failed verification ({0}); please report it")]
    UnverifiedColour(#[from] ColourMismatch),
}

/// What [`check_verdict_first`](super::check_verdict_first) calls when the verdict is settled.
pub type VerdictKnown<'a, S = bool, M = Mismatch> = &'a (dyn Fn(&Report<S, M>) + Sync);

/// The one driver of [`check`](super::check()) and [`solve`](super::solve()), for every kind of
/// puzzle: propagation, then the searches `options.strategy`
/// picks, then what `options` ask beyond the verdict.
pub(super) fn run<P: SolveKind>(
    puzzle: &P,
    options: &Options,
    prove_unique: bool,
    verdict_known: VerdictKnown<P::Value, P::Mismatch>,
) -> Result<Report<P::Value, P::Mismatch>, CheckError>
where
    CheckError: From<P::Mismatch>,
{
    let started = Instant::now();
    let propagated = puzzle.propagated();
    let known = propagated.known;
    let fixed_by_propagation = propagated.by_lines;
    let cells = puzzle.width() * puzzle.height();
    let goal = puzzle.goal().map(|goal| match puzzle.check(goal) {
        Ok(()) => GoalReport::Solves,
        Err(mismatch) => GoalReport::Breaks(mismatch),
    });
    let mut report = Report {
        fixed_by_propagation,
        fixed_by_counting: propagated.by_counting,
        line_solvable: propagated.consistent && fixed_by_propagation == cells,
        line_refuted: !propagated.consistent,
        refuted_line: propagated.refuted_line,
        goal,
        ..Report::timed_out(Duration::ZERO)
    };
    // A puzzle line logic solved is answered without a search (`first_answer`), limit or not:
    // saying `timeout` beside "solves the puzzle alone" would contradict itself.
    if !report.line_solvable && options.deadline.is_some_and(Deadline::has_passed) {
        report.elapsed = started.elapsed();
        return Ok(report);
    }

    let handover = RootHandover::new();
    let mut report = by_strategy(options.strategy, cells, |racer, claim| {
        let (backend, racer_nearby_first) = (racer.backend, racer.nearby_first);
        let mut root = known.clone();
        let answer = first_answer(
            puzzle,
            &mut root,
            options,
            prove_unique,
            racer,
            &report,
            Some(&handover),
        )?;
        let Some((search, first)) = answer else {
            return Ok(None);
        };
        let cut_short = matches!(first.1, Err(SearchError::Stopped(_)));
        if !claim(claim_for(cut_short, first.0.solutions.len(), prove_unique)) {
            return Ok(None);
        }
        let search = |solutions: &[Grid<P::Value>]| {
            search_past(puzzle, &root, options, backend, search, solutions)
        };
        // The race's second racer does not look near the goal: the first racer's search does,
        // from the root the second racer probed.
        let near_goal = (!racer_nearby_first).then_some(|| {
            let backend = first_racer().backend;
            Ok(puzzle.sat_search(root.clone(), Interrupt::at(options.deadline), backend)?)
        });
        finish(
            search,
            near_goal,
            first,
            options,
            prove_unique,
            verdict_known,
        )
        .map(Some)
    })?;
    report.elapsed = started.elapsed();
    Ok(report)
}

/// What a racer claims whose first answer was `cut_short` or found `solutions`: a verdict of no
/// solution, or a check's of one, is the same from either racer, to the letter; a solution not
/// proved the only one, or one of several, is the racer's own.
fn claim_for(cut_short: bool, solutions: usize, prove_unique: bool) -> Claim {
    match solutions {
        _ if cut_short => Claim::CutShort,
        0 => Claim::Same,
        1 if prove_unique => Claim::Same,
        _ => Claim::Answer,
    }
}

/// The unit of the race's schedule of turns ([`turns::schedule`]): the first turn of the lines in
/// CaDiCaL's order, about a second of work. Of the schedules tried on the random 50x50 puzzles
/// of two seeds, one second was the best first turn (docs/performance.md).
const TURN_UNIT: u64 = 1_000_000_000;

/// The dives of belief-guided decimation the race's first racer makes once its depth-first search
/// is out of budget, before it gives way.
const DIVES: u64 = 8;

/// Runs one search on the backend `strategy` picks for a puzzle of `cells` cells, or races two
/// (varisat looking near a goal first, CaDiCaL after a head start): `run` gets its racer and a
/// `claim` to call once it knows its verdict, and gives up (`None`) when the claim fails.
pub(super) fn by_strategy<T: Send>(
    strategy: Strategy,
    cells: usize,
    run: impl Fn(Racer, &dyn Fn(Claim) -> bool) -> Result<Option<T>, CheckError> + Sync,
) -> Result<T, CheckError> {
    let alone = |racer| {
        let answer = run(racer, &|_| true)?;
        Ok(answer.expect("a search alone always wins its claim"))
    };
    let by_size = Racer::alone(SatBackend::for_cells(cells), true);
    match strategy {
        Strategy::Only(backend) => alone(Racer::alone(backend, true)),
        Strategy::Race if cells <= LARGE_PUZZLE_CELLS => match SatBackend::WITH_LINES {
            Some(with_lines) => race(racers(with_lines), run),
            None => alone(by_size),
        },
        Strategy::Probing => alone(by_size.probing(Probing::ThenSat)),
        Strategy::Lines => alone(by_size.lines(Lines::On)),
        Strategy::Auto | Strategy::Race => alone(by_size),
    }
}

/// The race's two racers: the depth-first search, giving way when out of budget, with its proofs
/// on varisat; and, from the root probed to its fixpoint, the lines inside the search of
/// `with_lines` (CaDiCaL) taking turns with that backend on the encoding. The first racer's
/// search probes the root and hands its fixpoint to the second ([`RootHandover`]), which
/// probes it itself only where none comes. The probed root fixes cells that the first racer's
/// search fixes only on its own thread; on fresh sets the tournament-like puzzles had fewer slow
/// tails from it, and random 50x50 puzzles changed by draws either way (docs/performance.md).
fn racers(with_lines: SatBackend) -> [Racer; 2] {
    [
        first_racer(),
        Racer::alone(with_lines, false)
            .probing(Probing::Root)
            .lines(Lines::Turns(TURN_UNIT)),
    ]
}

/// The race's first racer, which looks near the designer's goal first.
fn first_racer() -> Racer {
    Racer::alone(SatBackend::Varisat, true).probing(Probing::GiveWay)
}

/// What a search found before its verdict was settled: the report so far and how the search
/// ended.
pub(super) type FirstAnswer<S> = (
    Report<<S as Searcher>::Value, <S as Searcher>::Mismatch>,
    Found<(), S>,
);

/// A racer's first answer, and the SAT search to go on with, if it has one.
type RacerAnswer<'a, P> = (
    Option<<P as SolveKind>::Search<'a>>,
    FirstAnswer<<P as SolveKind>::Search<'a>>,
);

/// The first part of one search of `puzzle` from the cells `known`: the solutions that decide the
/// verdict, into a copy of `report`, and the SAT search that found them or proved there are no
/// more. A racer that probes looks for the solutions by depth-first search first, and needs no
/// SAT search when it finds as many as the verdict needs; `None` when the racer gives way
/// ([`Probing::GiveWay`]) instead of searching on. A racer that probes the root alone
/// ([`Probing::Root`]), or any racer once the designer's goal is the first solution, starts its
/// SAT search from the root's fixpoint without a depth-first search. In a race, `handover`
/// carries that fixpoint from the racer whose search probes the root to the racer that only
/// probes, which waits for it instead of probing the same root again. `known` is left as the
/// root the SAT search started from, for the searches a check goes on to.
fn first_answer<'a, P: SolveKind>(
    puzzle: &'a P,
    known: &mut Grid<P::Known>,
    options: &Options,
    prove_unique: bool,
    racer: Racer,
    report: &Report<P::Value, P::Mismatch>,
    handover: Option<&RootHandover<Grid<P::Known>>>,
) -> Result<Option<RacerAnswer<'a, P>>, CheckError>
where
    CheckError: From<P::Mismatch>,
{
    let mut report = report.clone();
    let goal_solves = matches!(report.goal, Some(GoalReport::Solves));
    let goal = puzzle.goal().filter(|_| prove_unique && goal_solves);
    let stopped = || {
        options.deadline.is_some_and(Deadline::has_passed)
            || racer.stop.as_ref().is_some_and(StopSignal::is_raised)
    };
    // However this racer ends, the other does not wait for its root in vain.
    let _release_the_other = handover.map(|handover| HandOverOnDrop(handover, racer.clock.clone()));
    // A puzzle line logic solved needs no search (below). A racer that only probes takes the
    // root the other racer's depth-first search probed, where it reached one, and its clock
    // moves on to the work that took.
    let handed = match handover {
        Some(handover) if racer.probing == Probing::Root && !report.line_solvable => {
            handover.wait(&stopped).and_then(|handed| {
                if let Some(clock) = &racer.clock {
                    clock.advance_to(handed.at);
                }
                handed.fixpoint
            })
        }
        _ => None,
    };
    let probes_itself = handed.is_none() && racer.probing != Probing::Off && !report.line_solvable;
    if let Some(root) = handed {
        *known = root;
    }
    let mut dfs = probes_itself.then(|| {
        ProbingSearch::new(puzzle, known, racer.probes_per_cell).counting_on(racer.clock.clone())
    });
    if let Some(goal) = goal {
        report.solutions.push(goal.clone());
    }
    if let Some(dfs) = &mut dfs {
        dfs.probe_root(&stopped);
        if let Some(handover) = handover {
            let at = racer.clock.as_ref().map_or(0, WorkClock::read);
            handover.hand_over(dfs.root_fixpoint(), at);
        }
        // The depth-first search, unless the first solution is known or the racer only probes;
        // it goes on from the root just probed.
        let want = if prove_unique { 2 } else { 1 };
        let ended = (goal.is_none() && racer.probing != Probing::Root)
            .then(|| dfs.solutions(want, &stopped, &mut report.solutions))
            .transpose()?;
        // Every search after this one starts from what probing narrowed at the root, the SAT
        // search and those a check goes on to alike: on designed puzzles that is often every
        // cell, and the refutation of a second solution is then immediate; each cell it fixed is
        // one fewer for the ambiguous cells to prove in the backbone.
        if let Some(fixpoint) = dfs.root_fixpoint() {
            *known = fixpoint.clone();
        }
        match ended {
            Some(Ended::Enough) => return Ok(Some((None, (report, Ok(()))))),
            Some(Ended::Stopped) => return Ok(Some((None, (report, Err(TimedOut.into()))))),
            Some(Ended::OutOfBudget) if racer.probing == Probing::GiveWay => {
                // This thread would sit idle while the other racer searches: it dives instead,
                // and gives way only if that finds too few solutions.
                let root = known.clone();
                return answer_by_dives(puzzle, root, want, options, &racer, &stopped, report);
            }
            Some(Ended::Exhausted | Ended::OutOfBudget) | None => {}
        }
    }
    // Line logic (or probing) fixed every cell, each by refuting its other values: the grid is
    // the only solution. A SAT search would add nothing to that refutation: its formula would
    // hold the same cells as unit clauses (a solved line has no other clauses), and the
    // blocking clause, over the open cells, would be empty. This holds for colour as for black
    // and white: a colour is struck from a cell only when no arrangement of a line, or no
    // completion of a probe, has it there.
    if known.cells().iter().all(|&cell| P::is_fixed(cell)) {
        let solved = known.map(|&cell| P::value_of(cell));
        puzzle.check(&solved)?;
        if !report.solutions.contains(&solved) {
            report.solutions.push(solved);
        }
        return Ok(Some((None, (report, Ok(())))));
    }
    let nearby_first = racer.nearby_first && goal.is_some();
    let interrupt = Interrupt {
        deadline: options.deadline,
        stop: racer.stop,
        budget: None,
        work: racer.clock,
    };
    let turns = match racer.lines {
        Lines::Turns(unit) if P::TAKES_TURNS => turns::take(
            puzzle,
            known,
            &report.solutions,
            prove_unique,
            racer.backend,
            unit,
            &interrupt,
        )?,
        Lines::Off | Lines::On | Lines::Turns(_) => None,
    };
    if let Some((solutions, outcome)) = turns {
        report.solutions = solutions;
        // The searches stay on their threads: what a check goes on to gets a search of its own.
        return Ok(Some((None, (report, outcome))));
    }
    // A racer of a kind that takes no turns searches the lines alone in their place, near a
    // guess first, unless the check goes on to the ambiguous cells (`SolveKind::TAKES_TURNS`).
    let goes_on_to_ambiguous_cells = prove_unique && options.ambiguous_cells;
    let lines_search = match racer.lines {
        Lines::On => puzzle.lines_search(known.clone(), interrupt.clone(), 0),
        Lines::Turns(_) if !(P::TAKES_TURNS || goes_on_to_ambiguous_cells) => {
            puzzle.neighbourhood_search(known.clone(), interrupt.clone(), 0)
        }
        Lines::Turns(_) | Lines::Off => None,
    };
    if let Some(mut search) = lines_search {
        let solutions = &mut report.solutions;
        let outcome = sat_answer::<P>(&mut search, prove_unique, nearby_first, solutions);
        return Ok(Some((kept_unless(nearby_first, search), (report, outcome))));
    }
    let mut search = puzzle.sat_search(known.clone(), interrupt, racer.backend)?;
    let outcome = sat_answer::<P>(
        &mut search,
        prove_unique,
        nearby_first,
        &mut report.solutions,
    );
    Ok(Some((kept_unless(nearby_first, search), (report, outcome))))
}

/// `search`, to go on with past the verdict, unless it `looked_nearby`: a search that looked for
/// a solution near another ([`Searcher::find_nearby`]) holds a counter of the distance to it,
/// which every later solve propagates, and what a check goes on to gets a new search instead
/// ([`search_past`]; measured in docs/performance.md).
fn kept_unless<S>(looked_nearby: bool, search: S) -> Option<S> {
    (!looked_nearby).then_some(search)
}

/// What the race's first racer answers once its depth-first search is out of budget: the
/// solutions dives from `root` find ([`dive_for_solutions`]) where they find `want`; where they
/// find one and a check wants a second, a solution near it, as a designer's second solution is
/// looked for ([`Searcher::find_nearby`]: random puzzles' second solutions often differ from
/// the first in a few cells, and a dive finds the same solution again and again). `None` (the
/// racer gives way) when neither finds enough.
fn answer_by_dives<'a, P: SolveKind>(
    puzzle: &'a P,
    root: Grid<P::Known>,
    want: usize,
    options: &Options,
    racer: &Racer,
    stopped: &dyn Fn() -> bool,
    mut report: Report<P::Value, P::Mismatch>,
) -> Result<Option<RacerAnswer<'a, P>>, CheckError>
where
    CheckError: From<P::Mismatch>,
{
    let clock = racer.clock.as_ref();
    match dive_for_solutions(puzzle, &root, want, stopped, clock, &mut report.solutions)? {
        Ended::Enough => return Ok(Some((None, (report, Ok(()))))),
        Ended::Stopped => return Ok(Some((None, (report, Err(TimedOut.into()))))),
        Ended::Exhausted | Ended::OutOfBudget => {}
    }
    let Some(last) = report.solutions.last().cloned() else {
        return Ok(None);
    };
    let interrupt = Interrupt {
        deadline: options.deadline,
        stop: racer.stop.clone(),
        budget: None,
        work: racer.clock.clone(),
    };
    let mut search = match puzzle.lines_search(root.clone(), interrupt.clone(), 0) {
        Some(search) => search,
        None => puzzle.sat_search(root, interrupt, racer.backend)?,
    };
    search.block(&last);
    let outcome = match search.find_nearby(&last) {
        Ok(None) => return Ok(None),
        Ok(Some(model)) => search
            .verified(&model)
            .map(|second| report.solutions.push(second)),
        Err(stopped) => Err(stopped.into()),
    };
    // The search holds a counter of the distance to the dive's solution: it is not kept
    // ([`kept_unless`]).
    Ok(Some((None, (report, outcome))))
}

/// Dives of belief-guided decimation ([`decimate::dive`]) from `root` until one finds a
/// solution, which joins `solutions` once checked against the clues, or `stopped` says so
/// (`Stopped`), or [`DIVES`] have been made: `Enough` when `solutions` then holds `want`,
/// `OutOfBudget` when it does not. The dives' work counts on `clock`.
fn dive_for_solutions<P: SolveKind>(
    puzzle: &P,
    root: &Grid<P::Known>,
    want: usize,
    stopped: &dyn Fn() -> bool,
    clock: Option<&WorkClock>,
    solutions: &mut Vec<Grid<P::Value>>,
) -> Result<Ended, CheckError>
where
    CheckError: From<P::Mismatch>,
{
    let unclocked = WorkClock::default();
    for attempt in 0..DIVES {
        let dived = decimate::dive(puzzle, root, attempt, stopped, clock.unwrap_or(&unclocked));
        if stopped() {
            return Ok(Ended::Stopped);
        }
        if let Some(solution) = dived {
            puzzle.check(&solution)?;
            if !solutions.contains(&solution) {
                solutions.push(solution);
            }
            return Ok(if solutions.len() >= want {
                Ended::Enough
            } else {
                Ended::OutOfBudget
            });
        }
    }
    Ok(Ended::OutOfBudget)
}

/// The SAT search's part of a first answer: a first solution, and for a check a second one,
/// past the solutions already in `solutions` (the designer's goal, or what a depth-first search
/// found), near the last of them first if `nearby_first`.
pub(super) fn sat_answer<'a, P: SolveKind>(
    search: &mut P::Search<'a>,
    prove_unique: bool,
    nearby_first: bool,
    solutions: &mut Vec<Grid<P::Value>>,
) -> Found<(), P::Search<'a>> {
    match solutions.last().cloned() {
        Some(last) if prove_unique => search.find_another(&last, nearby_first, solutions),
        _ => P::first_solutions(search, prove_unique, solutions),
    }
}

/// The SAT search a check goes on with past its verdict's `solutions` (to the ambiguous cells, more
/// solutions, a count): `kept`, the search that answered, where there is one (none where it
/// looked near a solution, [`kept_unless`]), unless a race (the default strategy, on a puzzle
/// small enough to race) of a kind whose second racer takes turns (black and white) answered;
/// else, after a race, CaDiCaL with the lines inside its search where that can run; else `kept`;
/// else a new search of `backend` over the encoding. A colour race's second racer searches the
/// encoding alone where the ambiguous cells are asked for, and that search, kept, answers them on
/// a hard puzzle in a fraction of a new search's time. A new search has all solutions but the
/// last blocked, as [`Searcher::enumerate`] expects. The ambiguous cells take a solve a candidate
/// cell, which the lines answer several times faster than varisat over the encoding
/// (docs/performance.md).
fn search_past<'a, P: SolveKind>(
    puzzle: &'a P,
    known: &Grid<P::Known>,
    options: &Options,
    backend: SatBackend,
    kept: Option<P::Search<'a>>,
    solutions: &[Grid<P::Value>],
) -> Result<P::Search<'a>, CheckError> {
    let interrupt = Interrupt::at(options.deadline);
    let raced = options.strategy == Strategy::Race && known.cells().len() <= LARGE_PUZZLE_CELLS;
    let kept = match kept {
        Some(kept) if !raced || !P::TAKES_TURNS => return Ok(kept),
        kept => kept,
    };
    let lines = raced
        .then(|| puzzle.lines_search(known.clone(), interrupt.clone(), 0))
        .flatten();
    let mut search = match (lines, kept) {
        (Some(lines), _) => lines,
        (None, Some(kept)) => return Ok(kept),
        (None, None) => puzzle.sat_search(known.clone(), interrupt, backend)?,
    };
    for solution in &solutions[..solutions.len().saturating_sub(1)] {
        search.block(solution);
    }
    Ok(search)
}

/// The verdict from what a search's first answer found, and for a check what `options` ask
/// beyond it, from the search that `search` gives (made only when more is asked, from the
/// solutions found so far).
///
/// When the designer's goal is the first solution and there are others, the second one shown is
/// the one a search that looks near the goal first finds, whichever search settled the verdict:
/// when the search that answered does not look near the goal (the race's second racer),
/// `near_goal` makes the one that does (the race's first racer's) to show its answer.
pub(super) fn finish<S>(
    search: impl FnOnce(&[Grid<S::Value>]) -> Result<S, CheckError>,
    near_goal: Option<impl FnOnce() -> Result<S, CheckError>>,
    (mut report, outcome): FirstAnswer<S>,
    options: &Options,
    prove_unique: bool,
    verdict_known: VerdictKnown<S::Value, S::Mismatch>,
) -> Result<Report<S::Value, S::Mismatch>, CheckError>
where
    S: Searcher<Limit = Option<Deadline>>,
    CheckError: From<S::Mismatch>,
{
    report.verdict = match outcome {
        Err(SearchError::Stopped(TimedOut)) => Verdict::Timeout,
        Err(SearchError::Unverified(mismatch)) => return Err(mismatch.into()),
        Ok(()) => match report.solutions.len() {
            0 => Verdict::None,
            1 if !prove_unique => Verdict::Solved,
            1 => Verdict::Unique,
            _ => Verdict::Multiple,
        },
    };
    if !prove_unique {
        return Ok(report);
    }
    let goal_first = matches!(report.goal, Some(GoalReport::Solves));
    if let Some(near_goal) = near_goal
        && goal_first
        && report.verdict == Verdict::Multiple
    {
        settle_near_goal(near_goal()?, &mut report)?;
    }
    if report.verdict != Verdict::Timeout {
        verdict_known(&report);
    }
    search_deeper(search, options, &mut report)?;
    Ok(report)
}

/// Replaces the second solution of `report` (the goal first, then some other solution) by the one
/// `search`, a fresh search, finds near the goal first; the search that settled the verdict may
/// have found any other, and which would depend on the race. When the time limit cuts this short,
/// the report keeps the second solution it had.
fn settle_near_goal<S>(
    mut search: S,
    report: &mut Report<S::Value, S::Mismatch>,
) -> Result<(), CheckError>
where
    S: Searcher<Limit = Option<Deadline>>,
    CheckError: From<S::Mismatch>,
{
    let mut shown = vec![report.solutions[0].clone()];
    match search.find_another(&report.solutions[0].clone(), true, &mut shown) {
        Ok(()) if shown.len() == 2 => {
            report.solutions = shown;
            Ok(())
        }
        // A fresh search that finds no other solution contradicts the verdict's: keep what was
        // verified rather than answer from the disagreement.
        Ok(()) | Err(SearchError::Stopped(TimedOut)) => Ok(()),
        Err(SearchError::Unverified(mismatch)) => Err(mismatch.into()),
    }
}

/// With several solutions, collects more of them and the ambiguous cells, as `options` asks; a
/// time-out on the way leaves the verdict as it is, and the solutions and ambiguous cells found so
/// far.
fn search_deeper<S>(
    search: impl FnOnce(&[Grid<S::Value>]) -> Result<S, CheckError>,
    options: &Options,
    report: &mut Report<S::Value, S::Mismatch>,
) -> Result<(), CheckError>
where
    S: Searcher<Limit = Option<Deadline>>,
    CheckError: From<S::Mismatch>,
{
    match report.verdict {
        Verdict::Unique | Verdict::None => {
            report.exhausted = true;
            report.ambiguous = options.ambiguous_cells.then(Vec::new);
            report.ambiguous_complete = options.ambiguous_cells;
            return Ok(());
        }
        Verdict::Multiple => {}
        Verdict::Solved | Verdict::Timeout => return Ok(()),
    }
    if report.solutions.len() >= options.max_solutions && !options.ambiguous_cells {
        return Ok(());
    }
    let mut search = search(&report.solutions)?;
    match search.enumerate(options.max_solutions, &mut report.solutions) {
        Ok(exhausted) => report.exhausted = exhausted,
        Err(SearchError::Stopped(TimedOut)) => {}
        Err(SearchError::Unverified(mismatch)) => return Err(mismatch.into()),
    }
    if options.ambiguous_cells {
        // After a time-out this returns at once with the cells where the solutions found differ.
        let ambiguity = ambiguous_cells(&mut search, &report.solutions)?;
        report.ambiguous_complete = ambiguity.complete();
        report.ambiguous = Some(ambiguity.cells);
        report.undecided = ambiguity.undecided;
    }
    Ok(())
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    use crate::model::{Cell, Puzzle};

    /// A check's first answer of `puzzle` from a blank board with the default options, by `racer`.
    fn from_blank<'a, P: SolveKind>(
        puzzle: &'a P,
        racer: Racer,
        handover: Option<&RootHandover<Grid<P::Known>>>,
    ) -> Result<Option<RacerAnswer<'a, P>>, CheckError>
    where
        CheckError: From<P::Mismatch>,
    {
        let mut blank = Grid::filled(puzzle.width(), puzzle.height(), puzzle.open());
        let report = Report::timed_out(Duration::ZERO);
        first_answer(
            puzzle,
            &mut blank,
            &Options::default(),
            true,
            racer,
            &report,
            handover,
        )
    }

    /// After a race, more solutions and the ambiguous cells are looked for on a search of their
    /// own, the lines inside CaDiCaL's search, whose formula holds the cells alone, whichever
    /// racer's backend is passed and whatever search it kept; under a backend of the user's
    /// choice, by the search that answered, or else by that backend over the whole encoding.
    /// Either search finds the one solution left.
    #[test]
    #[cfg(feature = "cadical")]
    fn after_a_race_the_lines_search_for_more() {
        use crate::model::Clue;

        let one = || Clue::new(vec![1]);
        // Two solutions: the diagonals.
        let puzzle = Puzzle::new(vec![one(), one()], vec![one(), one()]).expect("fits");
        let blank = Grid::filled(2, 2, Cell::Unknown);
        let diagonal = Grid::from_rows(vec![vec![true, false], vec![false, true]]).expect("square");
        for (strategy, cells_only) in [
            (Strategy::Race, true),
            (Strategy::Only(SatBackend::Varisat), false),
            (Strategy::Only(SatBackend::Cadical), false),
        ] {
            let options = Options::default().with_strategy(strategy);
            let found = vec![diagonal.clone()];
            let past = |kept| {
                search_past(&puzzle, &blank, &options, SatBackend::Varisat, kept, &found)
                    .expect("a small formula")
            };
            // A kept search over the whole encoding goes on only outside a race.
            let encoding =
                puzzle.sat_search(blank.clone(), Interrupt::default(), SatBackend::Cadical);
            let kept = past(Some(encoding.expect("a small formula")));
            assert_eq!(kept.variables() == 4, cells_only, "{strategy:?}");
            let mut search = past(None);
            assert_eq!(search.variables() == 4, cells_only, "{strategy:?}");
            let mut solutions = found;
            assert!(matches!(search.enumerate(3, &mut solutions), Ok(true)));
            assert_eq!(solutions.len(), 2, "{strategy:?}");
            assert_ne!(solutions[1], diagonal);
        }
        // A puzzle too large to race goes on over the encoding under the race too.
        let (width, height) = (101, LARGE_PUZZLE_CELLS / 101 + 1);
        // A black cell a row, on the diagonal: the encoding has block starts besides the cells.
        let ones = |count| (0..count).map(|_| one()).collect::<Vec<_>>();
        let mut columns = ones(height);
        columns.resize(width, Clue::new(Vec::new()));
        let large = Puzzle::new(ones(height), columns).expect("fits");
        let blank = Grid::filled(width, height, Cell::Unknown);
        let mut diagonal = Grid::filled(width, height, false);
        for row in 0..height {
            diagonal[Pos { row, col: row }] = true;
        }
        let options = Options::default();
        let search = search_past(
            &large,
            &blank,
            &options,
            SatBackend::Varisat,
            None,
            &[diagonal],
        )
        .expect("a small formula");
        assert_ne!(search.variables() as usize, width * height);
    }

    #[test]
    fn records_write_each_verdict_by_its_name() {
        for verdict in Verdict::ALL {
            let json = serde_json::to_string(&verdict).unwrap();
            assert_eq!(json, format!("\"{}\"", verdict.name()));
            assert_eq!(serde_json::from_str::<Verdict>(&json).unwrap(), verdict);
        }
    }

    /// A racer taking turns from a unit of a microsecond (the lines searches solved again and the
    /// encoding paused and resumed, turn after turn, each on its thread) finds as many solutions, up to
    /// two, as brute force, none twice, on random puzzles of 3x3 to 4x4 and on three hand-made
    /// ones with two, one and no solution; so does one lines search without a budget, which is
    /// kept to go on with, on those and on small colour puzzles (whose racer searches the whole
    /// encoding instead of taking turns, that search kept too).
    #[test]
    #[cfg(feature = "cadical")]
    fn searches_taking_turns_find_what_brute_force_finds() {
        use crate::model::Clue;
        use crate::testing::{Rng, brute_force, random_puzzle};

        let clues = |lists: &[&[usize]]| lists.iter().map(|b| Clue::new(b.to_vec())).collect();
        let hand_made = [
            // Two solutions: the diagonals.
            (clues(&[&[1], &[1]]), clues(&[&[1], &[1]])),
            // One.
            (clues(&[&[2], &[1]]), clues(&[&[2], &[1]])),
            // None: both rows are "#.#", and the middle column wants two black cells.
            (clues(&[&[1, 1], &[1, 1]]), clues(&[&[1], &[2], &[1]])),
        ]
        .map(|(rows, columns)| Puzzle::new(rows, columns).expect("the clues fit the grid"));
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let random =
            (0..200).map(|round| random_puzzle(&mut rng, 3 + round % 2, 3 + round / 2 % 2));
        for puzzle in hand_made.into_iter().chain(random) {
            let expected = brute_force(&puzzle);
            turns_find(&puzzle, &expected);
        }
        let mut rng = Rng(0x3C6E_F372_FE94_F82B);
        for (puzzle, expected) in crate::testing::small_colour_puzzles(&mut rng, 100) {
            turns_find(&puzzle, &expected);
        }
    }

    /// Asserts that a racer taking turns from a unit of a microsecond (where the kind takes
    /// turns), and one lines search without a budget, each find as many of the solutions
    /// `expected` as a check asks for (up to two), none twice, and that only a search not in
    /// turns is kept.
    #[cfg(feature = "cadical")]
    fn turns_find<P: SolveKind + std::fmt::Debug>(puzzle: &P, expected: &[Grid<P::Value>])
    where
        CheckError: From<P::Mismatch>,
    {
        let tiny = 1_000;
        for lines in [Lines::On, Lines::Turns(tiny)] {
            let racer = Racer::alone(SatBackend::Cadical, false).lines(lines);
            let (search, (found, outcome)) = from_blank(puzzle, racer, None)
                .unwrap()
                .expect("a racer without a depth-first search never gives way");
            assert!(outcome.is_ok(), "{lines:?} on {puzzle:?}");
            let solutions = found.solutions;
            assert_eq!(
                solutions.len(),
                expected.len().min(2),
                "{lines:?} on {puzzle:?}"
            );
            assert!(solutions.iter().all(|grid| expected.contains(grid)));
            assert!(solutions.len() < 2 || solutions[0] != solutions[1]);
            assert_eq!(search.is_some(), lines == Lines::On || !P::TAKES_TURNS);
        }
    }

    /// A colour race's second racer answers on the lines alone, whose formula holds the cells'
    /// values alone, unless the check goes on to the ambiguous cells: then on the whole colour
    /// encoding, whose search it keeps for them. Either way it finds the solutions a check
    /// needs, on random 3x3 and 2x4 colour puzzles with two solutions or more.
    #[test]
    #[cfg(feature = "cadical")]
    fn a_colour_racer_searches_the_lines_unless_the_ambiguous_cells_are_asked_for() {
        let mut rng = crate::testing::Rng(0x9E37_79B9_7F4A_7C15);
        let mut compared = 0;
        for (puzzle, expected) in crate::testing::small_colour_puzzles(&mut rng, 300) {
            if expected.len() < 2 {
                continue;
            }
            let variables = [false, true].map(|ambiguous_cells| {
                let options = Options::default().with_ambiguous_cells(ambiguous_cells);
                let [_, second] = racers(SatBackend::Cadical);
                let open = crate::logic::kind::Kind::open(&puzzle);
                let mut root = Grid::filled(puzzle.width(), puzzle.height(), open);
                let report = Report::timed_out(Duration::ZERO);
                let answer =
                    first_answer(&puzzle, &mut root, &options, true, second, &report, None);
                let (search, (found, outcome)) =
                    answer.unwrap().expect("the second racer never gives way");
                assert!(outcome.is_ok(), "{puzzle:?}");
                assert_eq!(found.solutions.len(), 2, "{puzzle:?}");
                assert!(found.solutions.iter().all(|grid| expected.contains(grid)));
                search.map(|search| search.variables())
            });
            if let [Some(lines), Some(encoding)] = variables {
                assert!(lines < encoding, "{lines} against {encoding} on {puzzle:?}");
                compared += 1;
            }
        }
        assert!(compared > 10, "only {compared} puzzles needed a search");
    }

    /// A racer that looked for a second solution near the designer's goal, through a counter of
    /// the distance to it, keeps no search for what a check goes on to; the same racer on the
    /// same clues without a goal keeps the one that answered. Either way it finds two of the
    /// solutions, the goal first where there is one; on small colour puzzles with two or more.
    #[test]
    #[cfg(feature = "cadical")]
    fn a_search_that_looked_near_the_goal_is_not_kept() {
        let mut rng = crate::testing::Rng(0xA076_1D64_78BD_642F);
        let mut designs = 0;
        for (puzzle, expected) in crate::testing::small_colour_puzzles(&mut rng, 200) {
            if expected.len() < 2 {
                continue;
            }
            let design = puzzle
                .clone()
                .with_goal(expected[1].clone())
                .expect("a solution");
            for (puzzle, goal) in [(&puzzle, None), (&design, Some(GoalReport::Solves))] {
                let open = crate::logic::kind::Kind::open(puzzle);
                let mut root = Grid::filled(puzzle.width(), puzzle.height(), open);
                let report = Report {
                    goal: goal.clone(),
                    ..Report::timed_out(Duration::ZERO)
                };
                let options = Options::default();
                let racer = Racer::alone(SatBackend::Varisat, true);
                let answer = first_answer(puzzle, &mut root, &options, true, racer, &report, None);
                let (search, (found, outcome)) = answer
                    .unwrap()
                    .expect("a racer that does not probe never gives way");
                assert!(outcome.is_ok(), "{puzzle:?}");
                assert_eq!(found.solutions.len(), 2, "{puzzle:?}");
                assert!(found.solutions.iter().all(|grid| expected.contains(grid)));
                assert_ne!(found.solutions[0], found.solutions[1]);
                if goal.is_some() {
                    assert_eq!(found.solutions[0], expected[1]);
                }
                assert_eq!(search.is_some(), goal.is_none(), "{puzzle:?}");
            }
            designs += 1;
        }
        assert!(designs > 10, "only {designs} puzzles with two solutions");
    }

    /// The race's answer does not hang on timing. With no head start, so that both racers search
    /// every puzzle, and either racer held up before it starts (as on a loaded machine), each
    /// random 9x9 puzzle gets the same solutions: with the root handed over, and without (each
    /// racer then probes it itself). On some of the puzzles the racers alone show different
    /// solutions, so that a race won by whichever answered first would differ.
    #[test]
    #[cfg(feature = "cadical")]
    fn the_race_answers_the_same_whichever_racer_is_held_up() -> Result<(), CheckError> {
        use crate::solve::race::race_from;
        use crate::testing::{Rng, random_puzzle};

        let mut rng = Rng(0x5DEE_CE66_D1CE_4E5B);
        let (mut several, mut racers_differ) = (0, 0);
        for _ in 0..40 {
            let puzzle = random_puzzle(&mut rng, 9, 9);
            let answer = |racer: Racer, handover: Option<&RootHandover<_>>| {
                let (_, (found, outcome)) = from_blank(&puzzle, racer, handover)?
                    .expect("a search with budget to spare answers");
                let claim = if outcome.is_ok() {
                    Claim::Answer
                } else {
                    Claim::CutShort
                };
                Ok::<_, CheckError>((found.solutions, claim))
            };
            let raced = |held_up: Option<usize>, hand_over: bool| {
                let handover = RootHandover::new();
                race_from(0, racers(SatBackend::Cadical), |racer, claim| {
                    let me = usize::from(!racer.nearby_first);
                    if held_up == Some(me) {
                        std::thread::sleep(Duration::from_millis(20));
                    }
                    let (found, claimed) = answer(racer, hand_over.then_some(&handover))?;
                    Ok::<_, CheckError>(claim(claimed).then_some(found))
                })
                .unwrap()
            };
            let settled = raced(None, true);
            assert_eq!(raced(Some(1), true), settled, "{puzzle:?}");
            let alone = raced(None, false);
            assert_eq!(raced(Some(0), false), alone, "{puzzle:?}");
            assert_eq!(raced(Some(1), false), alone, "{puzzle:?}");
            if settled.len() > 1 {
                several += 1;
                let [first, second] = racers(SatBackend::Cadical);
                let alone = |racer| {
                    let (found, claimed) = answer(racer, None)?;
                    assert_eq!(claimed, Claim::Answer, "{puzzle:?}");
                    Ok::<_, CheckError>(found)
                };
                racers_differ += usize::from(alone(first)? != alone(second)?);
            }
        }
        assert!(
            several > 5 && racers_differ > 0,
            "{several} puzzles with several solutions, {racers_differ} where the racers differ"
        );
        Ok(())
    }

    /// A lines search out of its grant pauses on its thread, its search kept: granted more, it
    /// finds the very solutions it finds without a budget, in the same order (CaDiCaL's search
    /// does not depend on when it is paused), on random 20x20 puzzles. With nothing granted
    /// most of them pause at least once, counted so that the budget is known to bite.
    #[test]
    #[cfg(feature = "cadical")]
    fn a_lines_search_out_of_budget_pauses_and_goes_on_as_if_never_paused() {
        use crate::sat::{TurnEnd, WorkBudget};
        use crate::testing::{Rng, random_puzzle};

        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let (mut paused, puzzles) = (0, 12);
        for _ in 0..puzzles {
            let puzzle = random_puzzle(&mut rng, 20, 20);
            let blank = Grid::filled(20, 20, Cell::Unknown);
            let solutions = |interrupt| {
                let mut search = puzzle
                    .lines_search(blank.clone(), interrupt, 0)
                    .expect("lines of 20 cells fit");
                let mut found = Vec::new();
                let outcome = sat_answer::<Puzzle>(&mut search, true, false, &mut found);
                assert!(outcome.is_ok(), "{puzzle:?}");
                found
            };
            let unbudgeted = solutions(Interrupt::default());
            let budget = WorkBudget::pausing();
            let budgeted = std::thread::scope(|scope| {
                let solver = scope.spawn(|| {
                    let found = solutions(Interrupt {
                        budget: Some(budget.clone()),
                        ..Interrupt::default()
                    });
                    budget.finish();
                    found
                });
                if budget.wait_turn_end(&|| false) == TurnEnd::Paused {
                    paused += 1;
                    budget.grant(u64::MAX / 2);
                }
                assert_eq!(budget.wait_turn_end(&|| false), TurnEnd::Finished);
                solver.join().expect("the search ends")
            });
            assert_eq!(budgeted, unbudgeted, "{puzzle:?}");
        }
        assert!(
            paused * 2 > puzzles,
            "only {paused} of {puzzles} searches paused"
        );
    }

    /// In the race, a depth-first search out of budget dives and looks near what they find
    /// ([`answer_by_dives`]), and gives way when that finds too few solutions: its thread ends
    /// without an answer, and the other racer's answer is the race's. Either way the race finds
    /// as many solutions (up to two) as brute force finds, on random puzzles of 3x3 to 4x4 with
    /// and without solutions. With no budget at all, the search dives wherever propagation does
    /// not settle the puzzle at the root.
    #[test]
    #[cfg(feature = "cadical")]
    fn a_depth_first_search_out_of_budget_gives_way_to_the_other_racer() {
        use crate::testing::{Rng, brute_force, random_puzzle};

        let mut rng = Rng(0x5DEE_CE66_D1CE_4E5B);
        let puzzles = (0..300).map(|round| {
            let (width, height) = (3 + round % 2, 3 + round / 2 % 2);
            let puzzle = random_puzzle(&mut rng, width, height);
            let solutions = brute_force(&puzzle);
            (puzzle, solutions)
        });
        let (gave_way, dived) = gives_way(puzzles);
        assert!(gave_way > 0, "the search never gave way");
        assert!(dived > 50, "the dives answered only {dived} puzzles");
    }

    /// The racer that only probes starts from the root handed over to it, as it is, without
    /// probing it again (here line logic's cells, which probing would narrow further on some
    /// puzzles), and finds the solutions brute force finds; with no root handed over, it probes
    /// the root itself to the depth-first search's fixpoint.
    #[test]
    #[cfg(feature = "cadical")]
    fn the_racer_that_probes_takes_the_root_handed_over() {
        use crate::testing::{Rng, brute_force, random_puzzle};

        let mut rng = Rng(0x0DDB_1A5E_5BAD_5EED);
        let mut narrower = 0;
        for _ in 0..300 {
            let puzzle = random_puzzle(&mut rng, 4, 4);
            let expected = brute_force(&puzzle);
            let propagated = puzzle.propagated();
            if !propagated.consistent || expected.is_empty() {
                continue;
            }
            let lines = propagated.known;
            let report = Report {
                line_solvable: lines.cells().iter().all(|&cell| cell != Cell::Unknown),
                ..Report::timed_out(Duration::ZERO)
            };
            let mut probing = ProbingSearch::new(&puzzle, &lines, 1000);
            probing.probe_root(&|| false);
            let fixpoint = probing
                .root_fixpoint()
                .expect("a puzzle with a solution")
                .clone();
            for handed in [Some(&lines), None] {
                let handover = RootHandover::new();
                handover.hand_over(handed, 0);
                let [_, second] = racers(SatBackend::Cadical);
                let mut root = lines.clone();
                let answer = first_answer(
                    &puzzle,
                    &mut root,
                    &Options::default(),
                    true,
                    second,
                    &report,
                    Some(&handover),
                )
                .unwrap()
                .expect("the racer that probes never gives way");
                let (_, (found, outcome)) = answer;
                assert!(outcome.is_ok(), "{puzzle:?}");
                assert_eq!(found.solutions.len(), expected.len().min(2), "{puzzle:?}");
                assert!(found.solutions.iter().all(|grid| expected.contains(grid)));
                if !report.line_solvable {
                    assert_eq!(root, *handed.unwrap_or(&fixpoint), "{puzzle:?}");
                }
            }
            narrower += usize::from(fixpoint != lines);
        }
        assert!(
            narrower > 10,
            "probing narrowed line logic's root on only {narrower} puzzles"
        );
    }

    /// Once the first racer's depth-first search has answered, what a check goes on to (the
    /// ambiguous cells, more solutions) starts from the root as probing left it, not as line
    /// logic did: every cell probing fixed is one the ambiguous cells need not refute. Random
    /// 4x4 puzzles, and colour ones of 12x12 to 14x12 with two or three colours.
    #[test]
    fn a_check_goes_on_from_the_root_probing_narrowed() {
        use crate::testing::{Rng, random_colour_puzzle, random_puzzle};

        let mut rng = Rng(0x5EED_0FAB_00C0_0DE5);
        let black_and_white = (0..300).map(|_| random_puzzle(&mut rng, 4, 4));
        let narrowed = goes_on_from_the_probed_root(black_and_white);
        assert!(
            narrowed > 10,
            "only {narrowed} black-and-white roots narrowed"
        );
        let colour = (0..600).map(|round| {
            random_colour_puzzle(&mut rng, 12 + round % 3, 12, 2 + (round / 3 % 2) as u8)
        });
        let narrowed = goes_on_from_the_probed_root(colour);
        assert!(narrowed > 10, "only {narrowed} colour roots narrowed");
    }

    /// Of `puzzles`, how many the first racer's depth-first search answered from a root that
    /// probing narrowed; each time, the root left for what a check goes on to is that fixpoint.
    fn goes_on_from_the_probed_root<P: SolveKind + std::fmt::Debug>(
        puzzles: impl Iterator<Item = P>,
    ) -> usize
    where
        CheckError: From<P::Mismatch>,
    {
        let mut narrowed = 0;
        for puzzle in puzzles {
            let propagated = puzzle.propagated();
            if !propagated.consistent {
                continue;
            }
            let lines = propagated.known;
            let racer = first_racer();
            let mut probing = ProbingSearch::new(&puzzle, &lines, racer.probes_per_cell);
            probing.probe_root(&|| false);
            let Some(fixpoint) = probing
                .root_fixpoint()
                .filter(|&fixpoint| *fixpoint != lines)
            else {
                continue;
            };
            let mut root = lines.clone();
            let report = Report::timed_out(Duration::ZERO);
            let options = Options::default();
            let answer = first_answer(&puzzle, &mut root, &options, true, racer, &report, None);
            let answer = answer.expect("a small puzzle");
            if let Some((None, (_, Ok(())))) = answer {
                assert_eq!(root, *fixpoint, "{puzzle:?}");
                narrowed += 1;
            }
        }
        narrowed
    }

    /// The same for colour puzzles: random 3x3 and 2x4 puzzles with two colours (half of them with
    /// two rows' clues swapped and one reversed, often without a solution), against every grid.
    #[test]
    #[cfg(feature = "cadical")]
    fn a_colour_depth_first_search_out_of_budget_gives_way_to_the_other_racer() {
        let mut rng = crate::testing::Rng(0x2545_F491_4F6C_DD1D);
        let (gave_way, dived) = gives_way(crate::testing::small_colour_puzzles(&mut rng, 200));
        assert!(gave_way > 0, "the search never gave way");
        assert!(dived > 10, "the dives answered only {dived} puzzles");
    }

    /// Races each puzzle with the depth-first search given no budget, checks the race's solutions
    /// against the puzzle's every solution, and counts the puzzles on which the search gave way,
    /// and those on which the first racer found two solutions after its dives.
    #[cfg(feature = "cadical")]
    fn gives_way<P: SolveKind + std::fmt::Debug>(
        puzzles: impl Iterator<Item = (P, Vec<Grid<P::Value>>)>,
    ) -> (usize, usize)
    where
        CheckError: From<P::Mismatch>,
    {
        use std::sync::atomic::{AtomicBool, Ordering};

        let (mut gave_way, mut dived) = (0, 0);
        for (puzzle, expected) in puzzles {
            let [mut first, second] = racers(SatBackend::Cadical);
            first.probes_per_cell = 0;
            let (first_gave_way, first_dived) = (AtomicBool::new(false), AtomicBool::new(false));
            let handover = RootHandover::new();
            let found = race([first, second], |racer, claim| {
                let probing = racer.probing;
                let answer = from_blank(&puzzle, racer, Some(&handover))?;
                let Some((_, (found, outcome))) = answer else {
                    assert_eq!(probing, Probing::GiveWay, "only the search gives way");
                    first_gave_way.store(true, Ordering::SeqCst);
                    return Ok(None);
                };
                assert!(outcome.is_ok(), "{puzzle:?}");
                // With no budget, the search finds no second solution: the dives and the search
                // near them did.
                if probing == Probing::GiveWay && found.solutions.len() == 2 {
                    first_dived.store(true, Ordering::SeqCst);
                }
                Ok::<_, CheckError>(claim(Claim::Answer).then_some(found.solutions))
            })
            .unwrap();
            assert_eq!(found.len(), expected.len().min(2), "{puzzle:?}");
            assert!(found.iter().all(|grid| expected.contains(grid)));
            gave_way += usize::from(first_gave_way.load(Ordering::SeqCst));
            dived += usize::from(first_dived.load(Ordering::SeqCst));
        }
        (gave_way, dived)
    }
}
