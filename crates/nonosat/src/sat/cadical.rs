//! CaDiCaL behind [`Backend`]: with `lines.rs` (its line propagator), the only file that names it.
//!
//! The deadline and the stop signal are watched by a terminator that CaDiCaL polls during search,
//! so a solve usually stops within milliseconds of either; it runs on a thread of its own behind
//! a [`Threaded`] handle, which answers at the deadline even when CaDiCaL does not (see
//! `threaded.rs`). DRAT proofs come from a proof tracer that writes each derived and deleted clause
//! as a line of text, handed over with the outcome.

use std::cell::{Cell, RefCell};
use std::io::{self, Write};
use std::rc::Rc;

use cadical_sys::{CaDiCal, Learner, ProofTracer, Status, Terminator};

use super::LinePuzzle;
use super::lines::{BlackWhiteLines, ColourLines, LinePropagator};
use super::threaded::{Engine, Threaded};
use super::{Backend, BackendRow, Interrupt, Model, Outcome, ProofOutcome};
use crate::cnf::{ClauseSink, Lit};
use crate::deadline::Deadline;
use crate::logic::word::Word;

/// CaDiCaL's row of the backend table: its search takes preferred phases.
pub(super) const ROW: BackendRow = BackendRow {
    name: "cadical",
    takes_preferences: true,
    engine: |interrupt| Box::new(Cadical::new(interrupt)),
    solve_with_drat_proof,
};

/// CaDiCaL 3, incremental.
pub struct Cadical {
    inner: CaDiCal,
    /// The largest variable declared to CaDiCaL so far.
    declared: i32,
    /// Reused for each clause handed to CaDiCaL.
    buffer: Vec<i32>,
    /// The proof written so far, when one is traced.
    proof: Option<Rc<RefCell<DratLines>>>,
    /// The literals given preferred phases, to be unphased when the preferences are forgotten.
    preferred: Vec<i32>,
    /// The work its callbacks count, which its terminator spends against the budget.
    counted: Rc<Cell<u64>>,
}

impl Cadical {
    /// A solver without clauses that gives up when `interrupt` says so; it counts its work by
    /// its conflicts, which a learner that keeps no clause hears of.
    pub fn new(interrupt: Interrupt) -> Self {
        Cadical::counted(interrupt, ENCODING_WORK, Rc::new(Cell::new(0)))
    }

    /// A solver without clauses that gives up when `interrupt` says so, and counts its work by
    /// `weights`: its polls of its terminator and its conflicts, and besides what its
    /// propagator, if it has one, counts on `counted`.
    fn counted(interrupt: Interrupt, weights: SearchWork, counted: Rc<Cell<u64>>) -> Self {
        let mut inner = CaDiCal::new();
        if interrupt.is_set() {
            inner.connect_learner(ConflictCounter {
                work: Rc::clone(&counted),
                per_conflict: weights.per_conflict,
            });
            inner.connect_terminator(InterruptTerminator {
                interrupt,
                per_poll: weights.per_poll,
                counted: Rc::clone(&counted),
                counted_so_far: 0,
                spent: 0,
                granted: 0,
            });
        }
        Cadical {
            inner,
            declared: 0,
            buffer: Vec::new(),
            proof: None,
            preferred: Vec::new(),
            counted,
        }
    }

    /// Like [`Cadical::new`], with the lines of `puzzle` solved inside the search by a
    /// [`LinePropagator`] over the cell variables, which are all declared and observed. CaDiCaL
    /// runs in its configuration for satisfiable formulas (stable search only, less
    /// inprocessing), which took the tournament sets from 84 to 63 s against its default
    /// (docs/performance.md), and without chronological backtracking, so that a backtrack
    /// undoes exactly the assignments made since the level it returns to. A conflict bumps the
    /// variables of the clause it learns but not, as CaDiCaL does by default (`bumpreason`),
    /// those of the reasons that assigned them: the propagator's reasons are long, each over a
    /// line's known cells, and bumping them too cost the search conflicts and time on the slow
    /// puzzles (docs/performance.md).
    ///
    /// `order` numbers the order this search branches in among those of one puzzle's lines
    /// searches: 0 is CaDiCaL's own; any other shuffles the variables, from that seed, each time
    /// CaDiCaL resets its phases, so that each order searches differently.
    fn with_lines(interrupt: Interrupt, puzzle: &LinePuzzle, order: u32) -> Self {
        let counted = Rc::new(Cell::new(0));
        let mut solver = Cadical::counted(interrupt, LINES_WORK, Rc::clone(&counted));
        solver.inner.configure("sat");
        solver.inner.set("chrono", 0);
        solver.inner.set("bumpreason", 0);
        if order > 0 {
            solver.inner.set("shuffle", 1);
            solver.inner.set("shufflerandom", 1);
            solver.inner.set("seed", order as i32);
        }
        if puzzle.fits::<u64>() {
            solver.connect_lines::<u64>(puzzle, counted);
        } else {
            solver.connect_lines::<u128>(puzzle, counted);
        }
        let vars = puzzle.cell_vars() as i32;
        solver.declare_up_to(vars);
        for var in 1..=vars {
            solver.inner.add_observed_var(var);
        }
        solver
    }

    /// Connects the propagator of `puzzle`'s lines in words `W`, counting its work on `counted`.
    fn connect_lines<W: Word + 'static>(&mut self, puzzle: &LinePuzzle, counted: Rc<Cell<u64>>) {
        let size = puzzle.size();
        match puzzle {
            LinePuzzle::BlackWhite(puzzle) => self.inner.connect_external_propagator(
                LinePropagator::new(BlackWhiteLines::<W>::new(puzzle), size, counted),
            ),
            LinePuzzle::Colour(puzzle) => self.inner.connect_external_propagator(
                LinePropagator::new(ColourLines::<W>::new(puzzle), size, counted),
            ),
        }
    }

    /// Like [`Cadical::new`], with a tracer that writes CaDiCaL's DRAT proof; to be called before
    /// any clause is added.
    fn traced(interrupt: Interrupt) -> Self {
        let mut solver = Cadical::new(interrupt);
        let lines = Rc::new(RefCell::new(DratLines::default()));
        solver
            .inner
            .connect_proof_tracer1(Rc::clone(&lines), false, false);
        solver.proof = Some(lines);
        solver
    }

    /// Declares the variable of `lit`, and every one below it, to CaDiCaL.
    fn declare(&mut self, lit: Lit) {
        self.declare_up_to(to_cadical(lit).abs());
    }

    /// Declares variables `1..=var` to CaDiCaL. Its tables double as they grow, so declaring a
    /// large puzzle's cells at once, rather than one clause at a time, spares copying them and
    /// touching twice the memory: a third of a 512x512 check's time (docs/performance.md).
    fn declare_up_to(&mut self, var: i32) {
        if var > self.declared {
            self.inner.resize(var);
            self.declared = var;
        }
    }
}

impl Backend for Cadical {
    fn solve(&mut self, assumptions: &[Lit]) -> Outcome {
        for &lit in assumptions {
            self.declare(lit);
            self.inner.assume(to_cadical(lit));
        }
        match self.inner.solve() {
            Status::SATISFIABLE => Outcome::Satisfiable(read_model(&mut self.inner, self.declared)),
            Status::UNSATISFIABLE => Outcome::Unsatisfiable,
            Status::UNKNOWN => Outcome::Interrupted,
        }
    }

    fn solve_capped(&mut self, assumptions: &[Lit], conflicts: u32) -> Outcome {
        // CaDiCaL's limits hold for its next solve only.
        self.inner
            .limit("conflicts", i32::try_from(conflicts).unwrap_or(i32::MAX));
        self.solve(assumptions)
    }

    fn prefer(&mut self, lits: &[Lit]) {
        for &lit in lits {
            self.declare(lit);
            self.inner.phase(to_cadical(lit));
            self.preferred.push(to_cadical(lit));
        }
    }

    fn forget_preferences(&mut self) {
        for lit in std::mem::take(&mut self.preferred) {
            self.inner.unphase(lit);
        }
    }

    fn count_work(&mut self, units: u64) {
        self.counted.set(self.counted.get() + units);
    }
}

impl Engine for Cadical {
    fn take_proof(&mut self) -> Vec<u8> {
        self.proof.as_ref().map_or_else(Vec::new, |lines| {
            std::mem::take(&mut lines.borrow_mut().text)
        })
    }
}

impl ClauseSink for Cadical {
    fn add_clause(&mut self, lits: &[Lit]) {
        if let Some(&largest) = lits.iter().max_by_key(|&&lit| to_cadical(lit).abs()) {
            self.declare(largest);
        }
        self.buffer.clear();
        self.buffer.extend(lits.iter().map(|&lit| to_cadical(lit)));
        self.inner.clause6(&self.buffer);
    }

    fn declare_vars(&mut self, vars: u32) {
        self.declare_up_to(vars as i32);
    }
}

/// CaDiCaL with the lines of `puzzle` solved inside its search ([`Cadical::with_lines`]), on a
/// thread of its own, branching in the order numbered `order`; `None` when the lines are too long
/// for the propagator.
pub(super) fn start_with_lines(
    interrupt: Interrupt,
    puzzle: LinePuzzle,
    order: u32,
) -> Option<Threaded> {
    if !puzzle.fits::<u128>() {
        return None;
    }
    let watched = interrupt.clone();
    Some(Threaded::start(interrupt, move || {
        Box::new(Cadical::with_lines(watched, &puzzle, order))
    }))
}

/// Solves `clauses` once from a fresh solver with a tracer that writes CaDiCaL's DRAT proof,
/// giving up at `deadline`.
pub(super) fn solve_with_drat_proof(
    clauses: &[Vec<Lit>],
    proof: &mut dyn Write,
    deadline: Option<Deadline>,
) -> io::Result<ProofOutcome> {
    let interrupt = Interrupt {
        deadline,
        ..Interrupt::default()
    };
    let watched = interrupt.clone();
    let mut solver = Threaded::start(interrupt, move || Box::new(Cadical::traced(watched)));
    for clause in clauses {
        solver.add_clause(clause);
    }
    let answer = solver.answer(&[], None);
    let outcome = match answer.outcome {
        Outcome::Satisfiable(model) => ProofOutcome::Satisfiable(model),
        Outcome::Unsatisfiable => ProofOutcome::Refuted,
        Outcome::Interrupted => return Ok(ProofOutcome::Interrupted),
    };
    proof.write_all(&answer.proof)?;
    proof.flush()?;
    Ok(outcome)
}

/// The model of a solver whose last solve was satisfiable, over variables `1..=vars`.
fn read_model(solver: &mut CaDiCal, vars: i32) -> Model {
    Model::from_values((1..=vars).map(|var| solver.val(var) > 0).collect())
}

/// `lit` as CaDiCaL numbers it. Variables fit in an `i32`: an encoding of more than
/// [`MAX_CLAUSES`](crate::cnf::MAX_CLAUSES) clauses is refused before it reaches a solver, and
/// it has fewer variables than clauses.
fn to_cadical(lit: Lit) -> i32 {
    lit.dimacs() as i32
}

/// What a step of CaDiCaL's search counts on the [`WorkClock`](super::WorkClock): each poll of
/// its terminator (once every few steps of the search, conflicts or not), and each conflict.
#[derive(Clone, Copy)]
struct SearchWork {
    per_poll: u64,
    per_conflict: u64,
}

/// Over the encoding, a conflict costs about 40 us, and the polls count little besides: how
/// often CaDiCaL polls changes thirtyfold from one search to the next, and a count of polls
/// alone let a turn last up to 25 times what it was granted (docs/performance.md).
const ENCODING_WORK: SearchWork = SearchWork {
    per_poll: 1_000,
    per_conflict: 40_000,
};

/// With the lines inside the search, the propagator counts the cells it is told of and the
/// lines it solves besides; these weights, with the propagator's, are a least-squares fit to
/// the search's time (docs/performance.md). Without the conflicts, the lines' turns on the
/// slowest puzzles ran near twice what they were granted.
const LINES_WORK: SearchWork = SearchWork {
    per_poll: 6_500,
    per_conflict: 14_000,
};

/// Counts CaDiCaL's conflicts, each one's work on the cell it shares with the terminator: CaDiCaL
/// offers each clause it learns, once a conflict, to its learner, which here takes none.
struct ConflictCounter {
    work: Rc<Cell<u64>>,
    per_conflict: u64,
}

impl Learner for ConflictCounter {
    fn learning(&mut self, _: i32) -> bool {
        self.work.set(self.work.get() + self.per_conflict);
        false
    }

    fn learn(&mut self, _: i32) {}
}

/// Stops CaDiCaL once the interrupt is due, and pauses or stops it whenever it has done the work
/// its budget grants; counts its work on the interrupt's clock.
struct InterruptTerminator {
    interrupt: Interrupt,
    /// The work a poll counts.
    per_poll: u64,
    /// The work the solver's callbacks have counted, and how much of it is counted here.
    counted: Rc<Cell<u64>>,
    counted_so_far: u64,
    /// The work counted since the solver was made.
    spent: u64,
    /// What the budget granted when last asked: until the solver has spent it, no need to ask.
    granted: u64,
}

impl Terminator for InterruptTerminator {
    fn terminated(&mut self) -> bool {
        let work = self.per_poll + self.counted.get() - self.counted_so_far;
        self.counted_so_far = self.counted.get();
        self.spent += work;
        if let Some(clock) = &self.interrupt.work {
            clock.add(work);
        }
        if let Some(budget) = &self.interrupt.budget
            && self.spent >= self.granted
        {
            let stopped = || self.interrupt.is_due();
            if !budget.go_on(self.spent, &stopped) {
                return true;
            }
            self.granted = budget.granted();
        }
        self.interrupt.is_due()
    }
}

/// A DRAT proof in text, one line per derived or deleted clause.
#[derive(Default)]
struct DratLines {
    text: Vec<u8>,
}

impl DratLines {
    /// Writes `clause` (with `first` before it, unless 0) as a line, after `prefix`.
    fn line(&mut self, prefix: &str, first: i32, clause: &[i32]) {
        self.text.extend_from_slice(prefix.as_bytes());
        if first != 0 {
            self.text.extend_from_slice(format!("{first} ").as_bytes());
        }
        for &lit in clause.iter().filter(|&&lit| lit != first) {
            self.text.extend_from_slice(format!("{lit} ").as_bytes());
        }
        self.text.extend_from_slice(b"0\n");
    }
}

impl ProofTracer for DratLines {
    fn add_original_clause(&mut self, _: i64, _: bool, _: &[i32], _: bool) {}

    /// A RAT clause must start with its witness, the literal it is resolved on.
    fn add_derived_clause(&mut self, _: i64, _: bool, witness: i32, clause: &[i32], _: &[i64]) {
        self.line("", witness, clause);
    }

    fn delete_clause(&mut self, _: i64, _: bool, clause: &[i32]) {
        self.line("d ", 0, clause);
    }

    fn weaken_minus(&mut self, _: i64, _: &[i32]) {}

    fn strengthen(&mut self, _: i64) {}

    fn finalize_clause(&mut self, _: i64, _: &[i32]) {}

    fn add_assumption(&mut self, _: i32) {}

    fn add_constraint(&mut self, _: &[i32]) {}

    fn reset_assumptions(&mut self) {}

    fn add_assumption_clause(&mut self, _: i64, _: &[i32], _: &[i64]) {}

    fn conclude_sat(&mut self, _: i32, _: &[i32]) {}

    fn conclude_unsat(&mut self, _: i32, _: &[i64]) {}

    fn conclude_unknown(&mut self, _: &[i32]) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::{WorkClock, add_pigeonhole};

    /// Each conflict counts its weight on the work clock, by the encoding's weights and by the
    /// lines search's: the polls alone, about one every two conflicts here, would count far
    /// less. The conflicts after the last poll are not counted, since the clock moves at the
    /// polls. Eight pigeons in seven holes take CaDiCaL thousands of conflicts.
    #[test]
    fn a_solve_counts_its_conflicts_as_work() {
        for weights in [ENCODING_WORK, LINES_WORK] {
            let clock = WorkClock::default();
            let interrupt = Interrupt {
                work: Some(clock.clone()),
                ..Interrupt::default()
            };
            let mut solver = Cadical::counted(interrupt, weights, Rc::new(Cell::new(0)));
            add_pigeonhole(&mut solver, 7);
            assert_eq!(solver.solve(&[]), Outcome::Unsatisfiable);
            let conflicts = solver.inner.get_statistic_value("conflicts") as u64;
            assert!(conflicts > 1000, "only {conflicts} conflicts");
            assert!(
                clock.read() >= conflicts * weights.per_conflict * 9 / 10,
                "{} units of work for {conflicts} conflicts",
                clock.read()
            );
        }
    }
}
