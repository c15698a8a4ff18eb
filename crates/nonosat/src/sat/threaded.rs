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
//!
//! A small formula stays on the calling thread: one of fewer than [`INLINE_LIMIT`] literals at
//! its first solve is solved there. Its solver stops and is freed within milliseconds, and a
//! thread per check cost 3-4x on jwilk's 151 small puzzles (66-112 ms in all, 308-468 ms with a
//! thread for each, measured on the loaded two-core machine).

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

/// The handle of a solver on a thread of its own, or, for a small formula, on the caller's.
pub(super) struct Threaded {
    place: Place,
    /// The literals of the clauses not handed over yet, one after another.
    pending: Vec<Lit>,
    /// The length of each clause not handed over yet.
    lengths: Vec<usize>,
    /// Preferred literals ([`Backend::prefer`]) not handed over yet, to follow those clauses.
    preferred: Vec<Lit>,
    /// When to stop waiting for the solver's thread.
    interrupt: Interrupt,
    /// Whether the interrupt came while a solve was under way: the solver was left behind, and
    /// every later solve answers the interruption at once.
    left_behind: bool,
    /// A formula of this many literals goes to a thread of its own.
    inline_limit: usize,
    /// The variables declared ([`ClauseSink::declare_vars`]) before the engine was made.
    declared: u32,
}

/// Makes the engine, on the thread where it will run.
type Build = Box<dyn FnOnce() -> Box<dyn Engine> + Send>;

/// Where the solver runs.
enum Place {
    /// Not decided yet: no solve so far, and a formula below the inline limit.
    Undecided(Option<Build>),
    /// On the caller's thread.
    Inline(Box<dyn Engine>),
    /// On a thread of its own.
    Thread {
        requests: Sender<Request>,
        answers: Receiver<Answer>,
        /// The solver's thread, joined only to pass on its panic.
        thread: Option<JoinHandle<()>>,
    },
}

/// How many literals are sent to the solver's thread at once.
const BATCH: usize = 1 << 14;

/// The fewest literals of a formula that goes to a thread of its own (Knotty's 40x40 formula has
/// 282,344, Faase's 80x95 one 2,435,798).
pub(super) const INLINE_LIMIT: usize = 1 << 19;

/// How often a handle waiting for an outcome looks at its interrupt.
const WAIT_STEP: Duration = Duration::from_millis(5);

/// What the handle asks of the solver's thread.
enum Request {
    /// Add these clauses (`lengths` cuts `lits` into them), then prefer these literals.
    Clauses {
        lits: Vec<Lit>,
        lengths: Vec<usize>,
        preferred: Vec<Lit>,
    },
    /// Drop every preferred literal.
    Forget,
    /// Solve with these literals assumed true for this solve only, giving up after this many
    /// conflicts, if any ([`Backend::solve_capped`]).
    Solve(Vec<Lit>, Option<u32>),
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
    pub fn start(
        interrupt: Interrupt,
        build: impl FnOnce() -> Box<dyn Engine> + Send + 'static,
    ) -> Self {
        let build: Build = Box::new(build);
        Threaded {
            place: Place::Undecided(Some(build)),
            pending: Vec::new(),
            lengths: Vec::new(),
            preferred: Vec::new(),
            interrupt,
            left_behind: false,
            inline_limit: INLINE_LIMIT,
            declared: 0,
        }
    }

    /// Starts the solver's thread and hands it the clauses so far.
    fn move_to_thread(&mut self, build: Build) {
        let (requests, inbox) = mpsc::channel();
        let (outbox, answers) = mpsc::channel();
        let watched = self.interrupt.clone();
        let declared = self.declared;
        let thread = thread::Builder::new()
            .name("sat solver".to_owned())
            .spawn(move || {
                let mut engine = build();
                engine.declare_vars(declared);
                serve(engine, watched, inbox, outbox);
            })
            .expect("the operating system starts a thread for the solver");
        self.place = Place::Thread {
            requests,
            answers,
            thread: Some(thread),
        };
        self.send_pending();
    }

    /// Makes the engine on this thread and gives it the clauses so far.
    fn move_inline(&mut self, build: Build) {
        let mut engine = build();
        engine.declare_vars(self.declared);
        let mut rest = &self.pending[..];
        for &length in &self.lengths {
            let (clause, after) = rest.split_at(length);
            engine.add_clause(clause);
            rest = after;
        }
        engine.prefer(&self.preferred);
        self.pending = Vec::new();
        self.lengths = Vec::new();
        self.preferred = Vec::new();
        self.place = Place::Inline(engine);
    }

    /// Solves the clauses added so far under `assumptions`, within `cap` conflicts if any, with
    /// the proof lines written since the last solve. Once the interrupt is due, the interruption
    /// is the answer, whether or not the solver has stopped.
    pub fn answer(&mut self, assumptions: &[Lit], cap: Option<u32>) -> Answer {
        let interrupted = Answer {
            outcome: Outcome::Interrupted,
            proof: Vec::new(),
        };
        if self.left_behind {
            return interrupted;
        }
        if let Place::Undecided(build) = &mut self.place {
            let build = build
                .take()
                .expect("an undecided place has its engine to build");
            self.move_inline(build);
        }
        if let Place::Inline(engine) = &mut self.place {
            let outcome = solve(engine.as_mut(), assumptions, cap);
            let proof = engine.take_proof();
            return Answer { outcome, proof };
        }
        self.send_pending();
        self.send(Request::Solve(assumptions.to_vec(), cap));
        let Place::Thread { answers, .. } = &self.place else {
            unreachable!("the solver is on its thread by now");
        };
        loop {
            match answers.recv_timeout(WAIT_STEP) {
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

    /// Sends the clauses not sent yet to the solver's thread.
    fn send_pending(&mut self) {
        if !self.lengths.is_empty() || !self.preferred.is_empty() {
            let lits = std::mem::replace(&mut self.pending, Vec::with_capacity(BATCH));
            let lengths = std::mem::take(&mut self.lengths);
            let preferred = std::mem::take(&mut self.preferred);
            self.send(Request::Clauses {
                lits,
                lengths,
                preferred,
            });
        }
    }

    fn send(&mut self, request: Request) {
        let Place::Thread { requests, .. } = &self.place else {
            unreachable!("only a solver on its thread is sent requests");
        };
        if requests.send(request).is_err() {
            self.thread_failed();
        }
    }

    /// The solver's thread ended before it was asked to, which only a panic there does: passes
    /// the panic on.
    fn thread_failed(&mut self) -> ! {
        let Place::Thread { thread, .. } = &mut self.place else {
            unreachable!("only a solver on its thread fails so");
        };
        match thread.take().map(JoinHandle::join) {
            Some(Err(panic)) => std::panic::resume_unwind(panic),
            _ => panic!("the solver's thread ended without a panic"),
        }
    }
}

impl Backend for Threaded {
    fn solve(&mut self, assumptions: &[Lit]) -> Outcome {
        self.answer(assumptions, None).outcome
    }

    fn solve_capped(&mut self, assumptions: &[Lit], conflicts: u32) -> Outcome {
        self.answer(assumptions, Some(conflicts)).outcome
    }

    fn prefer(&mut self, lits: &[Lit]) {
        if self.left_behind {
            return;
        }
        match &mut self.place {
            Place::Inline(engine) => engine.prefer(lits),
            _ => self.preferred.extend_from_slice(lits),
        }
    }

    fn forget_preferences(&mut self) {
        if self.left_behind {
            return;
        }
        self.preferred.clear();
        match &mut self.place {
            Place::Inline(engine) => engine.forget_preferences(),
            Place::Thread { .. } => {
                self.send_pending();
                self.send(Request::Forget);
            }
            Place::Undecided(_) => {}
        }
    }
}

impl ClauseSink for Threaded {
    fn add_clause(&mut self, lits: &[Lit]) {
        if self.left_behind {
            return;
        }
        if let Place::Inline(engine) = &mut self.place {
            return engine.add_clause(lits);
        }
        self.pending.extend_from_slice(lits);
        self.lengths.push(lits.len());
        match &mut self.place {
            Place::Undecided(build) if self.pending.len() >= self.inline_limit => {
                let build = build
                    .take()
                    .expect("an undecided place has its engine to build");
                self.move_to_thread(build);
            }
            Place::Thread { .. } if self.pending.len() >= BATCH => self.send_pending(),
            _ => {}
        }
    }

    /// Passed on to the engine, or kept for it until it is made; dropped once the engine is on
    /// its thread, by which time clauses have declared their variables anyway.
    fn declare_vars(&mut self, vars: u32) {
        match &mut self.place {
            Place::Inline(engine) => engine.declare_vars(vars),
            Place::Undecided(_) => self.declared = self.declared.max(vars),
            Place::Thread { .. } => {}
        }
    }
}

/// The solver's thread: does what the handle asks until the handle is dropped, then frees the
/// engine and ends.
fn serve(
    mut engine: Box<dyn Engine>,
    interrupt: Interrupt,
    requests: Receiver<Request>,
    answers: Sender<Answer>,
) {
    // Whether clauses were dropped because the interrupt was due.
    let mut dropped = false;
    for request in requests {
        match request {
            Request::Clauses {
                lits,
                lengths,
                preferred,
            } => {
                dropped = dropped || interrupt.is_due();
                if !dropped {
                    let mut rest = &lits[..];
                    for length in lengths {
                        let (clause, after) = rest.split_at(length);
                        engine.add_clause(clause);
                        rest = after;
                    }
                    engine.prefer(&preferred);
                }
            }
            Request::Forget => engine.forget_preferences(),
            Request::Solve(assumptions, cap) => {
                let outcome = if dropped {
                    Outcome::Interrupted
                } else {
                    solve(engine.as_mut(), &assumptions, cap)
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

/// Solves on `engine` under `assumptions`, within `cap` conflicts if any.
fn solve(engine: &mut dyn Engine, assumptions: &[Lit], cap: Option<u32>) -> Outcome {
    match cap {
        Some(conflicts) => engine.solve_capped(assumptions, conflicts),
        None => engine.solve(assumptions),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::cnf::Var;
    use crate::deadline::Deadline;
    use crate::sat::{SatBackend, add_pigeonhole, dimacs_lit as lit};

    /// A handle of `backend` that puts even a small formula on a thread of its own.
    fn on_its_thread(backend: SatBackend, interrupt: Interrupt) -> Threaded {
        let mut solver = backend.start_threaded(interrupt);
        solver.inline_limit = 0;
        solver
    }

    /// A handle of each backend in each place: on the caller's thread (a small formula) and on
    /// a thread of its own.
    fn each_backend_and_place() -> impl Iterator<Item = (SatBackend, Threaded)> {
        SatBackend::ALL.iter().flat_map(|&backend| {
            let inline = backend.start_threaded(Interrupt::default());
            let apart = on_its_thread(backend, Interrupt::default());
            [(backend, inline), (backend, apart)]
        })
    }

    #[test]
    fn clauses_cross_batches_and_the_empty_clause_refutes() {
        for (_, mut solver) in each_backend_and_place() {
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
    fn preferences_never_change_an_answer() {
        // Whether CaDiCaL follows them cannot be seen on a small formula: its "lucky" assignments
        // (all false, all true, ...) answer first. Checks on Knotty are in docs/performance.md.
        for (backend, mut solver) in each_backend_and_place() {
            // At least one of x1..x6 is false.
            solver.add_clause(&(1..=6).map(|v| lit(-v)).collect::<Vec<_>>());
            // Every variable preferred true, and one the clauses never named.
            solver.prefer(&(1..=7).map(lit).collect::<Vec<_>>());
            let Outcome::Satisfiable(model) = solver.solve(&[]) else {
                panic!("the clause is satisfiable");
            };
            assert!((1..=6).any(|v| !model.value(Var::from_dimacs(v))));
            let all_true: Vec<Lit> = (1..=6).map(lit).collect();
            assert_eq!(solver.solve(&all_true), Outcome::Unsatisfiable);
            solver.forget_preferences();
            solver.prefer(&[lit(-1)]);
            solver.add_clause(&[lit(1)]);
            let Outcome::Satisfiable(model) = solver.solve(&[]) else {
                panic!("x1 with another false is satisfiable");
            };
            assert!(
                model.value(Var::from_dimacs(1)),
                "{backend:?}: a preference broke a clause"
            );
            solver.forget_preferences();
            assert_eq!(solver.solve(&all_true), Outcome::Unsatisfiable);
        }
    }

    /// A cap on conflicts cuts CaDiCaL's solve short, in either place, and that solve only: the
    /// next, capped higher or not, answers. varisat counts no conflicts and answers at once.
    #[test]
    fn a_cap_on_conflicts_cuts_one_solve_short() {
        for (backend, mut solver) in each_backend_and_place() {
            // Seven pigeons in six holes: thousands of conflicts.
            add_pigeonhole(&mut solver, 6);
            let cut = match backend {
                SatBackend::Varisat => Outcome::Unsatisfiable,
                #[cfg(feature = "cadical")]
                SatBackend::Cadical => Outcome::Interrupted,
            };
            assert_eq!(solver.solve_capped(&[], 10), cut, "{backend:?}");
            assert_eq!(solver.solve_capped(&[], 1 << 30), Outcome::Unsatisfiable);
            assert_eq!(solver.solve(&[]), Outcome::Unsatisfiable);
        }
    }

    #[test]
    fn a_dropped_handle_ends_the_solver_thread() {
        for &backend in SatBackend::ALL {
            let mut solver = on_its_thread(backend, Interrupt::default());
            solver.add_clause(&[lit(1), lit(2)]);
            assert!(matches!(solver.solve(&[]), Outcome::Satisfiable(_)));
            let Place::Thread { thread, .. } = &mut solver.place else {
                panic!("the solver is on its thread");
            };
            let thread = thread.take().expect("a solver has its thread");
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
            let interrupt = Interrupt::at(Some(Deadline::after(Duration::ZERO)));
            let mut solver = on_its_thread(backend, interrupt);
            solver.add_clause(&[lit(1)]);
            assert_eq!(solver.solve(&[]), Outcome::Interrupted);
            assert_eq!(solver.solve(&[lit(-1)]), Outcome::Interrupted);
        }
    }

    #[test]
    fn a_due_interrupt_answers_without_waiting_for_the_solver() {
        for &backend in SatBackend::ALL {
            // The solver's thread watches nothing, so only the handle can stop the wait.
            let mut solver = on_its_thread(backend, Interrupt::default());
            // Nine pigeons in eight holes: far more than 5 ms of work.
            add_pigeonhole(&mut solver, 8);
            solver.interrupt = Interrupt::at(Some(Deadline::after(Duration::ZERO)));
            assert_eq!(solver.solve(&[]), Outcome::Interrupted);
            assert!(solver.left_behind);
            assert_eq!(solver.solve(&[]), Outcome::Interrupted);
        }
    }
}
