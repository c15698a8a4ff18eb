//! Every incremental SAT solver runs on a thread of its own, behind a [`Threaded`] handle, so that
//! neither its last steps nor its teardown can hold an answer back past the deadline.
//!
//! Measured on Faase's 80x95 puzzle with `--timeout 1` on a loaded two-core machine, on the thread
//! that answers: CaDiCaL went on for up to 0.2 s past the deadline in a garbage collection inside a
//! solve (where it does not poll its terminator) and took 0.18-0.24 s to free its formula clause by
//! clause; varisat took 40-60 ms to free its own. So the handle sends clauses to the solver's
//! thread in batches and waits for a solve's outcome only until the interrupt (deadline or stop
//! signal) is due; then it answers the interruption itself and leaves the solver behind. Dropping
//! the handle only closes the channel. Either way the solver's thread finishes what it was doing,
//! frees the solver and ends, while the answer is already on its way. A process that lives on (a
//! file of many puzzles, `serve`) gets the memory back a moment later; a command that ends at once
//! ends that thread with its process.
//!
//! The solver's thread also drops the clauses that reach it once the interrupt is due, which is
//! sound because every later solve then answers the interruption.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use super::{Backend, Interrupt, Outcome};
use crate::cnf::{ClauseSink, Lit};

/// A solver that can run behind a [`Threaded`] handle: a backend that may also have written a
/// proof.
pub(super) trait Engine: Backend {
    /// The proof lines written since the last call (none unless the engine traces a proof).
    fn take_proof(&mut self) -> Vec<u8> {
        Vec::new()
    }
}

/// The handle of a solver on a thread of its own.
pub(super) struct Threaded {
    requests: Sender<Request>,
    answers: Receiver<Answer>,
    /// The literals of the clauses not sent yet, one after another.
    pending: Vec<Lit>,
    /// The length of each clause not sent yet.
    lengths: Vec<usize>,
    /// The solver's thread, joined only to pass on its panic.
    thread: Option<JoinHandle<()>>,
    /// When to stop waiting for the solver's thread.
    interrupt: Interrupt,
    /// Whether the interrupt came while a solve was under way: the solver was left behind, and
    /// every later solve answers the interruption at once.
    left_behind: bool,
}

/// How many literals are sent to the solver's thread at once.
const BATCH: usize = 1 << 14;

/// How often a handle waiting for an outcome looks at its interrupt.
const WAIT_STEP: Duration = Duration::from_millis(5);

/// What the handle asks of the solver's thread.
enum Request {
    /// Add these clauses: `lengths` cuts `lits` into them.
    Clauses { lits: Vec<Lit>, lengths: Vec<usize> },
    /// Solve with these literals assumed true for this solve only.
    Solve(Vec<Lit>),
}

/// The solver's thread's reply to a solve: its outcome, and the proof lines written since the
/// last reply.
pub(super) struct Answer {
    pub outcome: Outcome,
    /// Read only by CaDiCaL's DRAT proofs.
    #[cfg_attr(not(feature = "cadical"), allow(dead_code))]
    pub proof: Vec<u8>,
}

impl Threaded {
    /// A handle of the engine that `build` makes on a thread of its own; the handle gives up
    /// waiting for it when `interrupt` is due.
    pub fn start<E: Engine>(
        interrupt: Interrupt,
        build: impl FnOnce() -> E + Send + 'static,
    ) -> Self {
        let (requests, inbox) = mpsc::channel();
        let (outbox, answers) = mpsc::channel();
        let watched = interrupt.clone();
        let thread = thread::Builder::new()
            .name("sat solver".to_owned())
            .spawn(move || serve(build(), watched, inbox, outbox))
            .expect("the operating system starts a thread for the solver");
        Threaded {
            requests,
            answers,
            pending: Vec::with_capacity(BATCH),
            lengths: Vec::new(),
            thread: Some(thread),
            interrupt,
            left_behind: false,
        }
    }

    /// Solves the clauses added so far under `assumptions`, with the proof lines written since
    /// the last solve. Once the interrupt is due, the interruption is the answer, whether or not
    /// the solver has stopped.
    pub fn answer(&mut self, assumptions: &[Lit]) -> Answer {
        let interrupted = Answer {
            outcome: Outcome::Interrupted,
            proof: Vec::new(),
        };
        if self.left_behind {
            return interrupted;
        }
        self.send_pending();
        self.send(Request::Solve(assumptions.to_vec()));
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
        if !self.lengths.is_empty() {
            let lits = std::mem::replace(&mut self.pending, Vec::with_capacity(BATCH));
            let lengths = std::mem::take(&mut self.lengths);
            self.send(Request::Clauses { lits, lengths });
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
            _ => panic!("the solver's thread ended without a panic"),
        }
    }
}

impl Backend for Threaded {
    fn solve(&mut self, assumptions: &[Lit]) -> Outcome {
        self.answer(assumptions).outcome
    }
}

impl ClauseSink for Threaded {
    fn add_clause(&mut self, lits: &[Lit]) {
        if self.left_behind {
            return;
        }
        self.pending.extend_from_slice(lits);
        self.lengths.push(lits.len());
        if self.pending.len() >= BATCH {
            self.send_pending();
        }
    }
}

/// The solver's thread: does what the handle asks until the handle is dropped, then frees the
/// engine and ends.
fn serve(
    mut engine: impl Engine,
    interrupt: Interrupt,
    requests: Receiver<Request>,
    answers: Sender<Answer>,
) {
    // Whether clauses were dropped because the interrupt was due.
    let mut dropped = false;
    for request in requests {
        match request {
            Request::Clauses { lits, lengths } => {
                dropped = dropped || interrupt.is_due();
                if !dropped {
                    let mut rest = &lits[..];
                    for length in lengths {
                        let (clause, after) = rest.split_at(length);
                        engine.add_clause(clause);
                        rest = after;
                    }
                }
            }
            Request::Solve(assumptions) => {
                let outcome = if dropped {
                    Outcome::Interrupted
                } else {
                    engine.solve(&assumptions)
                };
                let answer = Answer {
                    outcome,
                    proof: engine.take_proof(),
                };
                if answers.send(answer).is_err() {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::cnf::Var;
    use crate::deadline::Deadline;
    use crate::sat::SatBackend;

    fn lit(number: i64) -> Lit {
        let var = Var::from_dimacs(number.unsigned_abs() as u32).positive();
        if number > 0 { var } else { !var }
    }

    /// A handle of `backend` that gives up at once, on a solver that watches nothing.
    fn impatient(backend: SatBackend) -> Threaded {
        let mut solver = backend.start_threaded(Interrupt::default());
        solver.interrupt = Interrupt {
            deadline: Some(Deadline::after(Duration::ZERO)),
            stop: None,
        };
        solver
    }

    #[test]
    fn clauses_cross_batches_and_the_empty_clause_refutes() {
        for &backend in SatBackend::ALL {
            let mut solver = backend.start(Interrupt::default());
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
    }

    #[test]
    fn a_dropped_handle_ends_the_solver_thread() {
        for &backend in SatBackend::ALL {
            let mut solver = backend.start_threaded(Interrupt::default());
            solver.add_clause(&[lit(1), lit(2)]);
            assert!(matches!(solver.solve(&[]), Outcome::Satisfiable(_)));
            let thread = solver.thread.take().expect("a solver has its thread");
            drop(solver);
            // Hangs, and so fails, if the thread kept the solver.
            thread
                .join()
                .expect("the solver's thread ends without a panic");
        }
    }

    #[test]
    fn after_the_deadline_every_solve_is_interrupted() {
        for &backend in SatBackend::ALL {
            let interrupt = Interrupt {
                deadline: Some(Deadline::after(Duration::ZERO)),
                stop: None,
            };
            let mut solver = backend.start(interrupt);
            solver.add_clause(&[lit(1)]);
            assert_eq!(solver.solve(&[]), Outcome::Interrupted);
            assert_eq!(solver.solve(&[lit(-1)]), Outcome::Interrupted);
        }
    }

    #[test]
    fn a_due_interrupt_answers_without_waiting_for_the_solver() {
        for &backend in SatBackend::ALL {
            let mut solver = impatient(backend);
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
}
