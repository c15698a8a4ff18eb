//! CaDiCaL behind [`Backend`]: the only file that names it.
//!
//! Each CaDiCaL solver lives on a thread of its own, and [`Cadical`] is its handle: clauses go to
//! that thread in batches, a solve sends the assumptions and waits for the outcome. The reason is
//! the time limit. On a large formula CaDiCaL can go on for a few tenths of a second past its
//! deadline (measured on Faase's 80x95 puzzle on a loaded machine: up to 0.2 s in a garbage
//! collection inside a solve, which does not look at the terminator, and 0.18-0.24 s to free the
//! formula clause by clause), and on the thread that answers, that would hold the answer back. So
//! the handle waits for an outcome only until the interrupt is due, and then answers the
//! interruption itself and leaves the solver behind; and dropping the handle only closes the
//! channel. Either way the solver's thread finishes what it was doing, frees the solver and ends,
//! while the answer is already on its way. A process that lives on (a file of many puzzles,
//! `serve`) gets the memory back all the same, a moment later; a command that ends at once ends
//! that thread with its process.
//!
//! The deadline and the stop signal are also watched by a terminator that CaDiCaL polls during
//! search, so the solver itself usually stops within milliseconds of either; the solver's thread
//! drops the clauses that reach it once the interrupt is due, which is sound because every later
//! solve then answers the interruption. DRAT proofs come from a proof tracer that writes each
//! derived and deleted clause as a line of text, handed over with the outcome.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use cadical_sys::{CaDiCal, ProofTracer, Status, Terminator};

use super::{Backend, Interrupt, Model, Outcome, ProofOutcome};
use crate::cnf::{ClauseSink, Lit};
use crate::deadline::Deadline;

/// CaDiCaL 3, incremental, on a thread of its own (see the module's notes).
pub struct Cadical {
    requests: Sender<Request>,
    answers: Receiver<Answer>,
    /// Clauses not sent yet, each ended by a 0, as CaDiCaL numbers literals.
    pending: Vec<i32>,
    /// The solver's thread, joined only to pass on its panic.
    thread: Option<JoinHandle<()>>,
    /// When to stop waiting for the solver's thread.
    interrupt: Interrupt,
    /// Whether the interrupt came while a solve was under way: the solver was left behind, and
    /// every later solve answers the interruption at once.
    left_behind: bool,
}

/// How often a handle waiting for an outcome looks at its interrupt.
const WAIT_STEP: Duration = Duration::from_millis(5);

/// How many literals (with the 0 that ends each clause) are sent to the solver's thread at once.
const BATCH: usize = 1 << 14;

/// What the handle asks of the solver's thread.
enum Request {
    /// Add these clauses, each ended by a 0.
    Clauses(Vec<i32>),
    /// Solve with these literals assumed true for this solve only.
    Solve(Vec<i32>),
}

/// The solver's thread's reply to a solve: its outcome, and, when a proof is traced, the proof's
/// lines written since the last reply.
struct Answer {
    outcome: Outcome,
    proof: Vec<u8>,
}

impl Cadical {
    /// A solver without clauses that gives up when `interrupt` says so.
    pub fn new(interrupt: Interrupt) -> Self {
        Cadical::start(interrupt, false)
    }

    /// A solver without clauses on a thread of its own, which gives up when `interrupt` says so
    /// and, if `traced`, writes a DRAT proof of what it derives.
    fn start(interrupt: Interrupt, traced: bool) -> Self {
        let (requests, inbox) = mpsc::channel();
        let (outbox, answers) = mpsc::channel();
        let worker_interrupt = interrupt.clone();
        let thread = thread::Builder::new()
            .name("cadical".to_owned())
            .spawn(move || serve(Worker::new(worker_interrupt, traced), inbox, outbox))
            .expect("the operating system starts a thread for the solver");
        Cadical {
            requests,
            answers,
            pending: Vec::with_capacity(BATCH),
            thread: Some(thread),
            interrupt,
            left_behind: false,
        }
    }

    /// Solves the clauses added so far under `assumptions`, with the proof lines written since
    /// the last solve.
    /// Once the interrupt is due, the interruption is the answer, whether or not the solver has
    /// stopped.
    fn answer(&mut self, assumptions: &[Lit]) -> Answer {
        let interrupted = Answer {
            outcome: Outcome::Interrupted,
            proof: Vec::new(),
        };
        if self.left_behind {
            return interrupted;
        }
        self.send_pending();
        let assumptions = assumptions.iter().map(|&lit| to_cadical(lit)).collect();
        self.send(Request::Solve(assumptions));
        loop {
            match self.answers.recv_timeout(WAIT_STEP) {
                Ok(answer) => return answer,
                Err(RecvTimeoutError::Timeout) if self.interrupt.is_due() => {
                    self.left_behind = true;
                    return interrupted;
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => self.thread_failed(),
            }
        }
    }

    /// Sends the clauses not sent yet.
    fn send_pending(&mut self) {
        if !self.pending.is_empty() {
            let clauses = std::mem::replace(&mut self.pending, Vec::with_capacity(BATCH));
            self.send(Request::Clauses(clauses));
        }
    }

    fn send(&mut self, request: Request) {
        if self.requests.send(request).is_err() {
            self.thread_failed();
        }
    }

    /// The solver's thread ended before it was asked to, which only a panic there does: passes
    /// the panic on.
    fn thread_failed(&mut self) -> ! {
        match self.thread.take().map(JoinHandle::join) {
            Some(Err(panic)) => std::panic::resume_unwind(panic),
            _ => panic!("the CaDiCaL thread ended without a panic"),
        }
    }
}

impl Backend for Cadical {
    fn solve(&mut self, assumptions: &[Lit]) -> Outcome {
        self.answer(assumptions).outcome
    }
}

impl ClauseSink for Cadical {
    fn add_clause(&mut self, lits: &[Lit]) {
        if self.left_behind {
            return;
        }
        self.pending.extend(lits.iter().map(|&lit| to_cadical(lit)));
        self.pending.push(0);
        if self.pending.len() >= BATCH {
            self.send_pending();
        }
    }
}

/// The solver's thread: does what the handle asks until the handle is dropped, then frees the
/// solver (when `worker` goes out of scope) and ends.
fn serve(mut worker: Worker, requests: Receiver<Request>, answers: Sender<Answer>) {
    for request in requests {
        match request {
            Request::Clauses(clauses) => worker.add_clauses(&clauses),
            Request::Solve(assumptions) => {
                if answers.send(worker.solve(&assumptions)).is_err() {
                    return;
                }
            }
        }
    }
}

/// The CaDiCaL solver itself, on its thread.
struct Worker {
    inner: CaDiCal,
    interrupt: Interrupt,
    /// The largest variable declared to CaDiCaL so far.
    declared: i32,
    /// The proof written so far, when one is traced.
    proof: Option<Rc<RefCell<DratLines>>>,
    /// Whether clauses were dropped because the interrupt was due.
    dropped: bool,
}

impl Worker {
    fn new(interrupt: Interrupt, traced: bool) -> Self {
        let mut inner = CaDiCal::new();
        if interrupt.is_set() {
            let terminator = InterruptTerminator {
                interrupt: interrupt.clone(),
            };
            inner.connect_terminator(terminator);
        }
        let proof = traced.then(|| Rc::new(RefCell::new(DratLines::default())));
        if let Some(lines) = &proof {
            inner.connect_proof_tracer1(Rc::clone(lines), false, false);
        }
        Worker {
            inner,
            interrupt,
            declared: 0,
            proof,
            dropped: false,
        }
    }

    /// Adds `clauses`, each ended by a 0, unless the interrupt is due.
    fn add_clauses(&mut self, clauses: &[i32]) {
        if self.dropped || self.interrupt.is_due() {
            self.dropped = true;
            return;
        }
        for ended in clauses.split_inclusive(|&lit| lit == 0) {
            let clause = &ended[..ended.len() - 1];
            if let Some(largest) = clause.iter().map(|lit| lit.abs()).max() {
                self.declare(largest);
            }
            self.inner.clause6(clause);
        }
    }

    fn solve(&mut self, assumptions: &[i32]) -> Answer {
        let outcome = if self.dropped {
            Outcome::Interrupted
        } else {
            for &lit in assumptions {
                self.declare(lit.abs());
                self.inner.assume(lit);
            }
            match self.inner.solve() {
                Status::SATISFIABLE => {
                    Outcome::Satisfiable(read_model(&mut self.inner, self.declared))
                }
                Status::UNSATISFIABLE => Outcome::Unsatisfiable,
                Status::UNKNOWN => Outcome::Interrupted,
            }
        };
        let proof = self.proof.as_ref().map_or_else(Vec::new, |lines| {
            std::mem::take(&mut lines.borrow_mut().text)
        });
        Answer { outcome, proof }
    }

    /// Declares `var`, and every variable below it, to CaDiCaL.
    fn declare(&mut self, var: i32) {
        if var > self.declared {
            self.inner.resize(var);
            self.declared = var;
        }
    }
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
        stop: None,
    };
    let mut solver = Cadical::start(interrupt, true);
    for clause in clauses {
        solver.add_clause(clause);
    }
    let answer = solver.answer(&[]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::Var;

    fn lit(number: i64) -> Lit {
        let var = Var::from_dimacs(number.unsigned_abs() as u32).positive();
        if number > 0 { var } else { !var }
    }

    #[test]
    fn clauses_cross_batches_and_the_empty_clause_refutes() {
        let mut solver = Cadical::new(Interrupt::default());
        // x1 -> x2 -> ... -> xN, over several batches.
        let n = BATCH as i64;
        for v in 1..n {
            solver.add_clause(&[lit(-v), lit(v + 1)]);
        }
        let Outcome::Satisfiable(model) = solver.solve(&[lit(1)]) else {
            panic!("the chain is satisfiable with x1");
        };
        assert!((1..=n).all(|v| model.value(Var::from_dimacs(v as u32))));
        assert_eq!(solver.solve(&[lit(1), lit(-n)]), Outcome::Unsatisfiable);
        assert!(matches!(solver.solve(&[]), Outcome::Satisfiable(_)));
        solver.add_clause(&[]);
        assert_eq!(solver.solve(&[]), Outcome::Unsatisfiable);
    }

    #[test]
    fn a_dropped_handle_ends_the_solver_thread() {
        let mut solver = Cadical::new(Interrupt::default());
        solver.add_clause(&[lit(1), lit(2)]);
        assert!(matches!(solver.solve(&[]), Outcome::Satisfiable(_)));
        let thread = solver.thread.take().expect("a solver has its thread");
        drop(solver);
        // Hangs, and so fails, if the thread kept the solver.
        thread
            .join()
            .expect("the solver's thread ends without a panic");
    }

    #[test]
    fn after_the_deadline_every_solve_is_interrupted() {
        let interrupt = Interrupt {
            deadline: Some(Deadline::after(Duration::ZERO)),
            stop: None,
        };
        let mut solver = Cadical::new(interrupt);
        solver.add_clause(&[lit(1)]);
        assert_eq!(solver.solve(&[]), Outcome::Interrupted);
        assert_eq!(solver.solve(&[lit(-1)]), Outcome::Interrupted);
    }

    #[test]
    fn a_due_interrupt_answers_without_waiting_for_the_solver() {
        // The solver's thread watches nothing, so only the handle can stop the wait.
        let mut solver = Cadical::new(Interrupt::default());
        solver.interrupt = Interrupt {
            deadline: Some(Deadline::after(Duration::ZERO)),
            stop: None,
        };
        // Nine pigeons in eight holes: unsatisfiable, and far more than 5 ms of work.
        let var = |pigeon: i64, hole: i64| pigeon * 8 + hole + 1;
        for pigeon in 0..9 {
            let clause: Vec<Lit> = (0..8).map(|hole| lit(var(pigeon, hole))).collect();
            solver.add_clause(&clause);
        }
        for hole in 0..8 {
            for a in 0..9 {
                for b in a + 1..9 {
                    solver.add_clause(&[lit(-var(a, hole)), lit(-var(b, hole))]);
                }
            }
        }
        assert_eq!(solver.solve(&[]), Outcome::Interrupted);
        assert!(solver.left_behind);
        assert_eq!(solver.solve(&[]), Outcome::Interrupted);
    }
}
