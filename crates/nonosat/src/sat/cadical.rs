//! CaDiCaL behind [`Backend`]: the only file that names it.
//!
//! The deadline and the stop signal are watched by a terminator that CaDiCaL polls during search,
//! so a solve stops within milliseconds of either. DRAT proofs come from a proof tracer that writes
//! each derived and deleted clause as a line of text.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

use cadical_sys::{CaDiCal, ProofTracer, Status, Terminator};

use super::{Backend, Interrupt, Model, Outcome, ProofOutcome};
use crate::cnf::{ClauseSink, Lit};
use crate::deadline::Deadline;

/// CaDiCaL 3, incremental.
pub struct Cadical {
    inner: CaDiCal,
    /// The largest variable declared to CaDiCaL so far.
    declared: i32,
    /// Reused for each clause handed to CaDiCaL.
    buffer: Vec<i32>,
}

impl Cadical {
    /// A solver without clauses that gives up when `interrupt` says so.
    pub fn new(interrupt: Interrupt) -> Self {
        let mut inner = CaDiCal::new();
        if interrupt.is_set() {
            inner.connect_terminator(InterruptTerminator { interrupt });
        }
        Cadical {
            inner,
            declared: 0,
            buffer: Vec::new(),
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
}

impl Cadical {
    /// Declares the variable of `lit`, and every one below it, to CaDiCaL.
    fn declare(&mut self, lit: Lit) {
        let var = to_cadical(lit).abs();
        if var > self.declared {
            self.inner.resize(var);
            self.declared = var;
        }
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
}

/// Solves `clauses` once from a fresh solver with a tracer that writes CaDiCaL's DRAT proof,
/// giving up at `deadline`.
pub(super) fn solve_with_drat_proof(
    clauses: &[Vec<Lit>],
    proof: &mut dyn Write,
    deadline: Option<Deadline>,
) -> io::Result<ProofOutcome> {
    let mut inner = CaDiCal::new();
    if deadline.is_some() {
        let interrupt = Interrupt {
            deadline,
            stop: None,
        };
        inner.connect_terminator(InterruptTerminator { interrupt });
    }
    let lines = Rc::new(RefCell::new(DratLines::default()));
    inner.connect_proof_tracer1(Rc::clone(&lines), false, false);
    let declared = clauses
        .iter()
        .flatten()
        .map(|&lit| to_cadical(lit).abs())
        .max()
        .unwrap_or(0);
    inner.resize(declared);
    let mut buffer = Vec::new();
    for clause in clauses {
        buffer.clear();
        buffer.extend(clause.iter().map(|&lit| to_cadical(lit)));
        inner.clause6(&buffer);
    }
    let outcome = match inner.solve() {
        Status::SATISFIABLE => ProofOutcome::Satisfiable(read_model(&mut inner, declared)),
        Status::UNSATISFIABLE => ProofOutcome::Refuted,
        Status::UNKNOWN => return Ok(ProofOutcome::Interrupted),
    };
    drop(inner);
    proof.write_all(&lines.borrow().text)?;
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

/// Stops CaDiCaL once the interrupt is due.
struct InterruptTerminator {
    interrupt: Interrupt,
}

impl Terminator for InterruptTerminator {
    fn terminated(&mut self) -> bool {
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
