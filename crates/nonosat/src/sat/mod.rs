//! The SAT layer, the only part of nonosat that talks to a SAT solver: a small [`Backend`] interface
//! with one file per backend, [`SatBackend`] to choose one at run time, and [`Solver`], which runs
//! the chosen backend under a [`Limit`] so that a solve without a deadline
//! cannot time out in its type.

mod budget;
#[cfg(feature = "cadical")]
mod cadical;
#[cfg(feature = "cadical")]
mod lines;
mod threaded;
mod varisat;
mod work;

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::cnf::{ClauseSink, Lit, Var};
use crate::deadline::{Deadline, Limit};
use crate::model::{ColourPuzzle, Puzzle};

pub use budget::{TurnEnd, WorkBudget};
pub use work::WorkClock;

/// The puzzle whose lines a propagator solves inside CaDiCaL's search, either kind (read only in
/// a build with CaDiCaL).
#[derive(Clone, Debug)]
#[cfg_attr(not(feature = "cadical"), allow(dead_code))]
pub(crate) enum LinePuzzle {
    /// A black-and-white puzzle.
    BlackWhite(Puzzle),
    /// A colour puzzle.
    Colour(ColourPuzzle),
}

#[cfg(feature = "cadical")]
impl LinePuzzle {
    /// Whether the propagator takes the puzzle in words `W`: every line at most `W::BITS` cells.
    pub(super) fn fits<W: crate::logic::word::Word>(&self) -> bool {
        let (width, height) = self.size();
        width <= W::BITS && height <= W::BITS
    }

    /// How many cell variables the puzzle has (its cells, times its values in colour).
    pub(super) fn cell_vars(&self) -> usize {
        match self {
            LinePuzzle::BlackWhite(puzzle) => puzzle.cell_count(),
            LinePuzzle::Colour(puzzle) => puzzle.cell_count() * (puzzle.palette().len() + 1),
        }
    }

    /// The puzzle's width and height.
    pub(super) fn size(&self) -> (usize, usize) {
        match self {
            LinePuzzle::BlackWhite(puzzle) => (puzzle.width(), puzzle.height()),
            LinePuzzle::Colour(puzzle) => (puzzle.width(), puzzle.height()),
        }
    }
}

impl From<&Puzzle> for LinePuzzle {
    fn from(puzzle: &Puzzle) -> Self {
        LinePuzzle::BlackWhite(puzzle.clone())
    }
}

impl From<&ColourPuzzle> for LinePuzzle {
    fn from(puzzle: &ColourPuzzle) -> Self {
        LinePuzzle::Colour(puzzle.clone())
    }
}

/// A satisfying assignment, read from a solver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Model {
    /// `values[v - 1]` is the value of variable `v`.
    values: Vec<bool>,
}

impl Model {
    /// The model that gives variable `v` the value `values[v - 1]`.
    pub fn from_values(values: Vec<bool>) -> Self {
        Model { values }
    }

    /// The signed DIMACS literals of variables `1..=vars`, true ones positive.
    pub fn literals(&self, vars: u32) -> Vec<i64> {
        (1..=vars)
            .map(|v| {
                if self.value(Var::from_dimacs(v)) {
                    v as i64
                } else {
                    -(v as i64)
                }
            })
            .collect()
    }

    /// The value of `var` (false for a variable the solver never saw).
    pub fn value(&self, var: Var) -> bool {
        self.values
            .get(var.dimacs() as usize - 1)
            .copied()
            .unwrap_or(false)
    }
}

/// What one solve of a backend ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The clauses and assumptions are satisfiable; the model was read before anything could
    /// discard it.
    Satisfiable(Model),
    /// They are not.
    Unsatisfiable,
    /// The interrupt the backend was started with came first. After its deadline or its stop
    /// signal the backend must not be used again; after a stopping budget ran out
    /// ([`WorkBudget::stopping`]) it solves again once more is granted.
    Interrupted,
}

/// What a solve with a DRAT proof ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofOutcome {
    /// The proof written refutes the clauses.
    Refuted,
    /// The clauses are satisfiable; what was written proves nothing.
    Satisfiable(Model),
    /// The deadline passed first; the proof is incomplete.
    Interrupted,
}

/// What a solve with a cap on its conflicts ([`Solver::solve_capped`]) answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Capped {
    /// A model, or `None`: unsatisfiable.
    Answered(Option<Model>),
    /// The cap came first.
    CapReached,
}

/// A flag another thread raises to stop a solver at once, as when a race is won by the other
/// side. Clones share the flag.
#[derive(Clone, Debug, Default)]
pub struct StopSignal(Arc<AtomicBool>);

impl StopSignal {
    /// Asks every solver watching this signal to stop.
    pub fn raise(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the signal was raised.
    pub fn is_raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// When a backend must give up: at a deadline, when a signal is raised, after a budget of work,
/// any of them, or never; and the clock its work is counted on, if any.
#[derive(Clone, Debug, Default)]
pub struct Interrupt {
    /// Give up once this has passed.
    pub deadline: Option<Deadline>,
    /// Give up once this is raised.
    pub stop: Option<StopSignal>,
    /// Pause until more is granted, the search kept, or stop the solve, as the budget says,
    /// whenever the solver has done the work it grants, counted from when the solver was made.
    /// Only CaDiCaL keeps it; it times the turns of the race's searches.
    pub budget: Option<WorkBudget>,
    /// The clock the solver counts its work on: its racer's, in a race.
    pub work: Option<WorkClock>,
}

impl Interrupt {
    /// Give up at `deadline`, if there is one, and for nothing else.
    pub fn at(deadline: Option<Deadline>) -> Self {
        Interrupt {
            deadline,
            ..Interrupt::default()
        }
    }

    /// Whether there is anything to give up for.
    fn is_set(&self) -> bool {
        self.deadline.is_some()
            || self.stop.is_some()
            || self.budget.is_some()
            || self.work.is_some()
    }

    /// Whether the backend must stop now.
    pub fn is_due(&self) -> bool {
        self.deadline.is_some_and(Deadline::has_passed)
            || self.stop.as_ref().is_some_and(StopSignal::is_raised)
    }
}

/// An incremental SAT solver, started by [`SatBackend::start`].
pub trait Backend: ClauseSink {
    /// Solves the clauses added so far with every literal of `assumptions` true for this call only.
    fn solve(&mut self, assumptions: &[Lit]) -> Outcome;

    /// Asks the solver to try each literal of `lits` true first when it decides its variable: a
    /// hint for its search (a preferred phase), not a constraint. varisat has no such hint and
    /// ignores it.
    fn prefer(&mut self, _lits: &[Lit]) {}

    /// Drops every preference made by [`Backend::prefer`].
    fn forget_preferences(&mut self) {}

    /// Like [`Backend::solve`], giving up ([`Outcome::Interrupted`]) after `conflicts` conflicts
    /// where the solver counts them (CaDiCaL); varisat, which does not, solves as `solve` does.
    fn solve_capped(&mut self, assumptions: &[Lit], _conflicts: u32) -> Outcome {
        self.solve(assumptions)
    }

    /// Counts `units` of work done for this solver's search outside it (a guess to search near)
    /// as its own: against its budget's grants and on its clock, from its next poll on. A solver
    /// that counts no work (varisat) ignores it.
    fn count_work(&mut self, _units: u64) {}
}

/// The SAT solvers nonosat can run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SatBackend {
    /// varisat 0.2, pure Rust; always built.
    Varisat,
    /// CaDiCaL, built from the C++ source of the `cadical-sys` crate (the `cadical` feature).
    #[cfg(feature = "cadical")]
    Cadical,
}

/// Puzzles of more cells than this go to CaDiCaL, when no backend is chosen and it is built in.
pub const LARGE_PUZZLE_CELLS: usize = 10_000;

impl SatBackend {
    /// Every backend of this build.
    pub const ALL: &'static [SatBackend] = &[
        SatBackend::Varisat,
        #[cfg(feature = "cadical")]
        SatBackend::Cadical,
    ];

    /// The backend that can also run the lines inside its search
    /// (`Solver::stoppable_with_lines`), when this build has one: CaDiCaL.
    #[cfg(feature = "cadical")]
    pub const WITH_LINES: Option<SatBackend> = Some(SatBackend::Cadical);
    /// The backend that can also run the lines inside its search: none without CaDiCaL.
    #[cfg(not(feature = "cadical"))]
    pub const WITH_LINES: Option<SatBackend> = None;

    /// The backend for a puzzle of `cells` cells when none is chosen: varisat up to
    /// [`LARGE_PUZZLE_CELLS`], CaDiCaL (when built in) above. Measured in
    /// docs/performance-before-2026-11-25.md: varisat is quicker on the formulas of puzzles up to
    /// about 50x50 (half the time of CaDiCaL on the random 30x30 set), CaDiCaL on large ones (a
    /// tenth of varisat's on a 512x512 puzzle).
    pub fn for_cells(cells: usize) -> SatBackend {
        #[cfg(feature = "cadical")]
        if cells > LARGE_PUZZLE_CELLS {
            return SatBackend::Cadical;
        }
        #[cfg(not(feature = "cadical"))]
        let _ = cells;
        SatBackend::Varisat
    }

    /// Whether [`Backend::prefer`] guides this backend's search (CaDiCaL's phases) rather than
    /// being ignored (varisat).
    pub fn takes_preferences(self) -> bool {
        self.row().takes_preferences
    }

    /// `varisat` or `cadical`.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// A solver without clauses that gives up when `interrupt` says so, and only then. It runs on
    /// a thread of its own, so that its last steps and its teardown never hold an answer back
    /// past the deadline (`threaded.rs`).
    pub fn start(self, interrupt: Interrupt) -> Box<dyn Backend> {
        Box::new(self.start_threaded(interrupt))
    }

    /// [`SatBackend::start`]'s handle.
    fn start_threaded(self, interrupt: Interrupt) -> threaded::Threaded {
        let (watched, engine) = (interrupt.clone(), self.row().engine);
        threaded::Threaded::start(interrupt, move || engine(watched))
    }

    /// Solves `clauses` once, from a fresh solver that gives up at `deadline`, writing a DRAT
    /// refutation (text) into `proof`. Variables in the proof are the DIMACS numbers of `clauses`.
    pub fn solve_with_drat_proof(
        self,
        clauses: &[Vec<Lit>],
        proof: &mut dyn Write,
        deadline: Option<Deadline>,
    ) -> io::Result<ProofOutcome> {
        (self.row().solve_with_drat_proof)(clauses, proof, deadline)
    }

    /// The backend's row, declared in its own file.
    fn row(self) -> &'static BackendRow {
        match self {
            SatBackend::Varisat => &varisat::ROW,
            #[cfg(feature = "cadical")]
            SatBackend::Cadical => &cadical::ROW,
        }
    }
}

/// What nonosat needs of one SAT solver, declared in that solver's file: a new backend is that
/// file, its [`SatBackend`] variant (in [`SatBackend::ALL`]) and the arm that finds its row.
struct BackendRow {
    /// The name `--backend` takes and records print.
    name: &'static str,
    /// Whether [`Backend::prefer`] guides its search.
    takes_preferences: bool,
    /// A solver without clauses that gives up when the interrupt says so, made on the thread
    /// it will run on.
    engine: fn(Interrupt) -> Box<dyn threaded::Engine>,
    /// [`SatBackend::solve_with_drat_proof`].
    solve_with_drat_proof: SolveWithProof,
}

/// Solves clauses once from a fresh solver that gives up at the deadline, writing a DRAT
/// refutation.
type SolveWithProof = fn(&[Vec<Lit>], &mut dyn Write, Option<Deadline>) -> io::Result<ProofOutcome>;

/// A backend under a limit: `solve` returns `Result<_, L::Exceeded>`, which is
/// [`TimedOut`](crate::deadline::TimedOut) under a deadline and `Infallible` without one.
///
/// Adding a large formula takes time too: once the limit has passed, the solver drops the clauses
/// it is given (it reads the clock every [`CLAUSES_PER_CLOCK_READ`] clauses). This is sound because
/// a limit never comes back: every solve after that answers the time-out, so no answer rests on a
/// formula with clauses missing.
pub struct Solver<L: Limit> {
    backend: Box<dyn Backend>,
    limit: L,
    /// Clauses added so far.
    added: usize,
    /// Whether the limit passed while clauses were added: later ones were dropped.
    past_limit: bool,
    /// The signal that also stops the backend, if any ([`Solver::stoppable`]).
    stop: Option<StopSignal>,
}

/// How many clauses [`Solver::add_clause`] adds between two reads of the clock.
pub const CLAUSES_PER_CLOCK_READ: usize = 4096;

impl<L: Limit> Solver<L> {
    /// A varisat solver without clauses, which gives up when `limit` says so: for the small
    /// formulas of latin squares, certificates and hitting sets.
    pub fn new(limit: L) -> Self {
        Solver::with_backend(limit, SatBackend::Varisat)
    }

    /// A solver of `backend` without clauses, which gives up when `limit` says so.
    pub fn with_backend(limit: L, backend: SatBackend) -> Self {
        let interrupt = Interrupt::at(limit.deadline());
        Solver::around(backend.start(interrupt), limit, None)
    }

    /// A solver over `backend`, without clauses yet.
    fn around(backend: Box<dyn Backend>, limit: L, stop: Option<StopSignal>) -> Self {
        Solver {
            backend,
            limit,
            added: 0,
            past_limit: false,
            stop,
        }
    }

    /// Asks the backend to try each literal of `lits` true first ([`Backend::prefer`]).
    pub fn prefer(&mut self, lits: &[Lit]) {
        if !self.past_limit {
            self.backend.prefer(lits);
        }
    }

    /// Drops every preference ([`Backend::forget_preferences`]).
    pub fn forget_preferences(&mut self) {
        if !self.past_limit {
            self.backend.forget_preferences();
        }
    }

    /// Counts work done outside the backend for its search ([`Backend::count_work`]).
    pub fn count_work(&mut self, units: u64) {
        self.backend.count_work(units);
    }

    /// Whether the limit has passed, or (for a solver made by [`Solver::stoppable`]) its stop
    /// signal has been raised: for work done outside the backend, between its solves.
    pub fn should_stop(&self) -> bool {
        self.limit.check().is_err() || self.stop.as_ref().is_some_and(StopSignal::is_raised)
    }

    /// Solves the clauses added so far: a model, or `None` if they are unsatisfiable.
    ///
    /// After a time-out every later solve answers the time-out at once.
    pub fn solve(&mut self) -> Result<Option<Model>, L::Exceeded> {
        self.solve_assuming(&[])
    }

    /// Solves the clauses added so far with every literal of `assumptions` taken as true for this
    /// call only.
    pub fn solve_assuming(&mut self, assumptions: &[Lit]) -> Result<Option<Model>, L::Exceeded> {
        if self.past_limit {
            return Err(self.limit.exceeded());
        }
        self.limit.check()?;
        match self.backend.solve(assumptions) {
            Outcome::Satisfiable(model) => Ok(Some(model)),
            Outcome::Unsatisfiable => Ok(None),
            Outcome::Interrupted => Err(self.limit.exceeded()),
        }
    }

    /// Like [`Solver::solve_assuming`], giving up after `conflicts` conflicts where the backend
    /// counts them ([`Backend::solve_capped`]); the solver can be asked again after the cap, not
    /// after the limit.
    pub fn solve_capped(
        &mut self,
        assumptions: &[Lit],
        conflicts: u32,
    ) -> Result<Capped, L::Exceeded> {
        if self.past_limit {
            return Err(self.limit.exceeded());
        }
        self.limit.check()?;
        match self.backend.solve_capped(assumptions, conflicts) {
            Outcome::Satisfiable(model) => Ok(Capped::Answered(Some(model))),
            Outcome::Unsatisfiable => Ok(Capped::Answered(None)),
            Outcome::Interrupted if self.should_stop() => Err(self.limit.exceeded()),
            Outcome::Interrupted => Ok(Capped::CapReached),
        }
    }
}

impl Solver<Option<Deadline>> {
    /// A solver of `backend` without clauses, which gives up when `interrupt` says so: at its
    /// deadline, when its stop signal is raised, or when its CPU budget is spent; each way its
    /// solves answer [`TimedOut`](crate::deadline::TimedOut), and the caller, who raised the
    /// signal or granted the budget, knows which it was.
    pub fn stoppable(interrupt: Interrupt, backend: SatBackend) -> Self {
        let (deadline, stop) = (interrupt.deadline, interrupt.stop.clone());
        Solver::around(backend.start(interrupt), deadline, stop)
    }

    /// Like [`Solver::stoppable`] on CaDiCaL, with every row and column of `puzzle` a propagator
    /// inside its search (lazy clause generation, `lines.rs`): the formula needs only the cell
    /// variables, and clauses about known cells. `order` numbers the order this search branches
    /// in (0: CaDiCaL's own, any other a shuffle from that seed). `None` in a build without
    /// CaDiCaL, or when a line is longer than 128 cells.
    pub(crate) fn stoppable_with_lines(
        interrupt: Interrupt,
        puzzle: impl Into<LinePuzzle>,
        order: u32,
    ) -> Option<Self> {
        #[cfg(feature = "cadical")]
        {
            let (deadline, stop) = (interrupt.deadline, interrupt.stop.clone());
            let backend = cadical::start_with_lines(interrupt, puzzle.into(), order)?;
            Some(Solver::around(Box::new(backend), deadline, stop))
        }
        #[cfg(not(feature = "cadical"))]
        {
            let _ = (interrupt, puzzle.into(), order);
            None
        }
    }
}

impl<L: Limit> ClauseSink for Solver<L> {
    fn add_clause(&mut self, lits: &[Lit]) {
        self.added += 1;
        if self.added.is_multiple_of(CLAUSES_PER_CLOCK_READ) && self.limit.check().is_err() {
            self.past_limit = true;
        }
        if !self.past_limit {
            self.backend.add_clause(lits);
        }
    }

    fn declare_vars(&mut self, vars: u32) {
        self.backend.declare_vars(vars);
    }
}

/// The literal that DIMACS numbers `number` (a negative number is a negation), for the formulas
/// of tests.
#[cfg(test)]
pub(crate) fn dimacs_lit(number: i64) -> Lit {
    let var = crate::cnf::Var::from_dimacs(number.unsigned_abs() as u32).positive();
    if number > 0 { var } else { !var }
}

/// Adds to `sink` the formula that `holes + 1` pigeons each sit in one of `holes` holes, no two in
/// one: unsatisfiable, and it takes a SAT solver many conflicts to refute.
#[cfg(test)]
pub(crate) fn add_pigeonhole(sink: &mut impl ClauseSink, holes: i64) {
    let var = |pigeon: i64, hole: i64| pigeon * holes + hole + 1;
    for pigeon in 0..=holes {
        let clause: Vec<Lit> = (0..holes)
            .map(|hole| dimacs_lit(var(pigeon, hole)))
            .collect();
        sink.add_clause(&clause);
    }
    for hole in 0..holes {
        for a in 0..=holes {
            for b in a + 1..=holes {
                sink.add_clause(&[dimacs_lit(-var(a, hole)), dimacs_lit(-var(b, hole))]);
            }
        }
    }
}

/// Up to `most` solutions of `puzzle` that `solver`, holding a formula of it whose cells
/// `encoding` numbers, finds, each blocked before the next, in the order found: each passes the
/// puzzle's check, and none is found twice.
#[cfg(test)]
pub(crate) fn black_and_white_solutions<L: Limit>(
    puzzle: &Puzzle,
    solver: &mut Solver<L>,
    encoding: &crate::cnf::Encoding,
    most: usize,
) -> Vec<crate::model::Grid<bool>>
where
    L::Exceeded: std::fmt::Debug,
{
    use crate::model::Grid;
    let mut found: Vec<Grid<bool>> = Vec::new();
    while found.len() < most {
        let Some(model) = solver.solve().expect("no limit") else {
            break;
        };
        let mut grid = Grid::filled(puzzle.width(), puzzle.height(), false);
        for pos in grid.positions() {
            grid[pos] = model.value(encoding.cell_var(pos));
        }
        assert!(puzzle.check(&grid).is_ok(), "{puzzle:?}");
        assert!(!found.contains(&grid), "a solution found twice: {puzzle:?}");
        solver.add_clause(&encoding.blocking_clause(&grid));
        found.push(grid);
    }
    found
}

/// Every solution of `puzzle` that `solver`, holding a formula of it whose cells `encoding`
/// numbers, finds ([`black_and_white_solutions`]), against brute force: they are exactly brute
/// force's. Returns how many there are.
#[cfg(test)]
pub(crate) fn assert_finds_exactly_brute_force(
    puzzle: &Puzzle,
    solver: &mut Solver<Option<Deadline>>,
    encoding: &crate::cnf::Encoding,
) -> usize {
    let found = black_and_white_solutions(puzzle, solver, encoding, usize::MAX);
    let mut expected = crate::testing::brute_force(puzzle);
    assert_eq!(found.len(), expected.len(), "{puzzle:?}");
    expected.retain(|grid| !found.contains(grid));
    assert!(expected.is_empty(), "{puzzle:?}");
    found.len()
}

/// All the solutions of a colour puzzle's formula in `solver` (its cells numbered as `encoding`
/// says), each passing the puzzle's check and none found twice, blocked one at a time, in the
/// order of their cells.
#[cfg(test)]
pub(crate) fn all_colour_solutions<L: Limit>(
    puzzle: &ColourPuzzle,
    mut solver: Solver<L>,
    encoding: &crate::cnf::ColourEncoding,
) -> Vec<crate::model::Grid<u8>>
where
    L::Exceeded: std::fmt::Debug,
{
    use crate::model::Grid;
    let mut found = Vec::new();
    while let Some(model) = solver.solve().expect("no limit") {
        let mut grid = Grid::filled(puzzle.width(), puzzle.height(), 0);
        for pos in grid.positions() {
            let values = encoding.values() as u8;
            let mut set = (0..values).filter(|&c| model.value(encoding.cell_var(pos, c)));
            grid[pos] = set.next().expect("a value a cell");
            assert_eq!(set.next(), None, "one value a cell");
        }
        assert!(puzzle.check(&grid).is_ok(), "{puzzle:?}");
        assert!(!found.contains(&grid), "a solution found twice: {puzzle:?}");
        solver.add_clause(&encoding.blocking_clause(&grid));
        found.push(grid);
    }
    found.sort_by_key(|grid| grid.cells().to_vec());
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solve cut short by its cap on conflicts answers so, and the solver answers the next; a
    /// solve cut short by the time limit answers the limit.
    #[test]
    fn a_solve_cut_by_its_cap_is_not_a_time_out() {
        for &backend in SatBackend::ALL {
            let mut solver = Solver::stoppable(Interrupt::default(), backend);
            // Seven pigeons in six holes: thousands of conflicts.
            add_pigeonhole(&mut solver, 6);
            let cut = match backend {
                SatBackend::Varisat => Ok(Capped::Answered(None)),
                #[cfg(feature = "cadical")]
                SatBackend::Cadical => Ok(Capped::CapReached),
            };
            assert_eq!(solver.solve_capped(&[], 10), cut, "{backend:?}");
            assert_eq!(
                solver.solve_capped(&[], 1 << 30),
                Ok(Capped::Answered(None))
            );
            let expired = Interrupt::at(Some(Deadline::after(std::time::Duration::ZERO)));
            let mut solver = Solver::stoppable(expired, backend);
            add_pigeonhole(&mut solver, 6);
            assert_eq!(solver.solve_capped(&[], 10), Err(crate::deadline::TimedOut));
        }
    }
}
