//! `check` over many files and directories: every puzzle in a child process of its own, `--jobs` at a
//! time, results printed in input order as soon as all before them are done, a progress bar on a
//! terminal, a summary table at the end, and Ctrl-C printing what was done. docs/batch.md says why
//! each puzzle gets a process rather than a thread.

mod child;
mod inputs;
mod summary;

use std::num::NonZeroUsize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use nonosat::report::CheckRecord;

use super::args::CheckArgs;
use super::check::one_line;
use super::error::{CliError, Usage};
use super::escape::printable;
use super::output::{Labelled, emit, heading, json_line, print_error};
use super::status::Status;
use child::Outcome;
use inputs::Input;
use summary::Summary;

/// Whether `check` runs as a batch: several paths, a directory, or `--jobs`.
pub(super) fn is_batch(args: &CheckArgs) -> bool {
    !args.more.is_empty() || args.jobs.is_some() || args.solve.input.file.is_dir()
}

/// `check` as a batch.
pub(super) fn check_batch(args: &CheckArgs) -> Result<Status, CliError> {
    let started = Instant::now();
    let json = args.solve.input.json;
    if let Some(refused) = refused_option(args) {
        let message = format!("{refused} needs a single FILE, not a batch");
        return Err(CliError::new("", Usage::Refused(message)));
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let reading = Arc::new(AtomicBool::new(true));
    let (on_interrupt, still_reading) = (Arc::clone(&cancel), Arc::clone(&reading));
    // Without the handler a Ctrl-C ends the batch without its summary; nothing else is lost.
    let _ = ctrlc::set_handler(move || {
        // While the inputs are read there is nothing to stop or print, and a read may wait for
        // ever (a FIFO named on the command line): stop at once. Later the first signal stops the
        // children and prints what was done, and a second one, should that hang, stops at once.
        if still_reading.load(Ordering::SeqCst) || on_interrupt.swap(true, Ordering::SeqCst) {
            eprintln!("nonosat: interrupted");
            std::process::exit(Status::Interrupted.code().into());
        }
    });
    let exe = std::env::current_exe().map_err(|error| {
        CliError::new("", error)
            .context("cannot find the nonosat program")
            .with_status(Status::Internal)
    })?;

    let paths: Vec<_> = std::iter::once(args.solve.input.file.clone())
        .chain(args.more.iter().cloned())
        .collect();
    let inputs = inputs::collect(&paths, args.solve.input.format);
    reading.store(false, Ordering::SeqCst);
    for file in &inputs.skipped {
        let file = printable(file);
        eprintln!("nonosat: skipped {file}: not a puzzle file (by its extension)");
    }
    for (file, kind) in &inputs.special {
        let file = printable(file);
        eprintln!("nonosat: skipped {file}: {kind}, not a regular file");
    }
    let items = inputs.items;
    let puzzles: Vec<usize> = (0..items.len())
        .filter(|&i| matches!(items[i], Input::Puzzle { .. }))
        .collect();
    let jobs = args
        .jobs
        .or_else(|| thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    let bar = progress_bar(puzzles.len());
    let mut printer = Printer {
        json,
        items: &items,
        outcomes: std::iter::repeat_with(|| None).take(items.len()).collect(),
        next: 0,
        status: Status::Done,
        summary: Summary::new(
            puzzles.len(),
            inputs.skipped.len() + inputs.special.len(),
            jobs,
        ),
        bar: &bar,
        stopped: false,
    };
    printer.print_ready();

    let next_job = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    thread::scope(|scope| {
        for _ in 0..jobs.min(puzzles.len()) {
            let sender = sender.clone();
            let (exe, cancel, next_job, items, puzzles) =
                (&exe, &*cancel, &next_job, &items, &puzzles);
            scope.spawn(move || {
                while !cancel.load(Ordering::SeqCst) {
                    let Some(&item) = puzzles.get(next_job.fetch_add(1, Ordering::SeqCst)) else {
                        break;
                    };
                    let Input::Puzzle { entry, .. } = &items[item] else {
                        unreachable!("only puzzles are handed out")
                    };
                    let outcome = child::check(exe, &entry.json(), args.into(), cancel);
                    if sender.send((item, outcome)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for (item, outcome) in receiver {
            bar.inc(1);
            printer.outcomes[item] = Some(outcome);
            printer.print_ready();
        }
    });
    bar.finish_and_clear();

    let interrupted = cancel.load(Ordering::SeqCst);
    if interrupted {
        printer.print_what_is_left();
    }
    let mut summary = printer.summary;
    summary.wall = started.elapsed();
    let table = summary.to_string();
    if json || printer.stopped {
        eprint!("{table}");
    } else {
        emit(&table);
    }
    if interrupted {
        eprintln!("nonosat: interrupted; the results above are those finished before it");
        return Ok(Status::Interrupted);
    }
    Ok(printer.status)
}

/// The first option given that a batch does not take.
fn refused_option(args: &CheckArgs) -> Option<&'static str> {
    if args.uniqueness.goal.is_some() {
        Some("--goal")
    } else if args.solve.pictures.svg.is_some() {
        Some("--svg")
    } else if args.solve.pictures.png.is_some() {
        Some("--png")
    } else if args.uniqueness.proof.is_some() {
        Some("--proof")
    } else if args.uniqueness.max_solutions.is_some() {
        Some("--max-solutions")
    } else if args.solve.input.colours.is_some() {
        Some("--colors")
    } else {
        None
    }
}

/// A bar on standard error, drawn only when standard error is a terminal.
fn progress_bar(puzzles: usize) -> ProgressBar {
    let bar = ProgressBar::new(puzzles as u64);
    let style =
        ProgressStyle::with_template("{bar:30} {pos}/{len} puzzles, {elapsed} elapsed, eta {eta}")
            .expect("the template is valid");
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Prints results in input order: each one once every item before it has been printed.
struct Printer<'a> {
    json: bool,
    items: &'a [Input],
    outcomes: Vec<Option<Outcome>>,
    /// The first item not yet printed.
    next: usize,
    status: Status,
    summary: Summary,
    bar: &'a ProgressBar,
    /// Standard output has been closed by its reader.
    stopped: bool,
}

impl Printer<'_> {
    /// Prints every item that is ready and has no unready item before it.
    fn print_ready(&mut self) {
        while let Some(item) = self.items.get(self.next) {
            if matches!(item, Input::Puzzle { .. }) && self.outcomes[self.next].is_none() {
                break;
            }
            self.print(self.next);
            self.next += 1;
        }
    }

    /// After an interruption: every item finished, in order, leaving out the unfinished.
    fn print_what_is_left(&mut self) {
        for index in self.next..self.items.len() {
            let unfinished = matches!(self.items[index], Input::Puzzle { .. })
                && matches!(self.outcomes[index], None | Some(Outcome::Cancelled));
            if unfinished {
                self.summary.unfinished += 1;
            } else {
                self.print(index);
            }
        }
        self.next = self.items.len();
    }

    fn print(&mut self, index: usize) {
        match (&self.items[index], self.outcomes[index].take()) {
            (Input::Unreadable { file, message }, _) => {
                self.error(file, None, message, Status::BadInput)
            }
            (Input::Puzzle { .. }, None | Some(Outcome::Cancelled)) => self.summary.unfinished += 1,
            (Input::Puzzle { file, index, entry }, Some(outcome)) => {
                let heading = heading(file, &**entry);
                let record = match outcome {
                    Outcome::Checked(record) => *record,
                    Outcome::Stopped(elapsed) => entry.timed_out(file, *index, elapsed),
                    Outcome::Failed { message, status } => {
                        let message = format!("{heading}: {message}");
                        return self.error(file, Some(*index), &message, status);
                    }
                    Outcome::Cancelled => unreachable!("matched above"),
                };
                self.checked(heading, file, *index, entry.label(), record);
            }
        }
    }

    /// Counts and prints a child's record, under the puzzle's own file, index and label.
    fn checked(
        &mut self,
        heading: String,
        file: &str,
        index: usize,
        label: &str,
        mut record: CheckRecord,
    ) {
        let verdict = record.verdict;
        record.header.file = file.to_owned();
        record.header.index = index;
        record.header.label = label.to_owned();
        self.status = self.status.and(Status::of(verdict));
        self.summary
            .add(&heading, verdict, record.line_solvable, record.time_ms);
        let text = if self.json {
            json_line(&record)
        } else {
            format!("{heading}: {}\n", one_line(&record))
        };
        self.emit(&text);
    }

    fn error(&mut self, file: &str, index: Option<usize>, message: &str, status: Status) {
        self.status = self.status.and(status);
        self.summary.errors += 1;
        let mut error =
            CliError::new(file, Usage::Reported(message.to_owned())).with_status(status);
        error.index = index;
        if !self.stopped {
            self.bar.suspend(|| print_error(self.json, &error));
        }
    }

    fn emit(&mut self, text: &str) {
        if !self.stopped {
            self.stopped = !self.bar.suspend(|| emit(text));
        }
    }
}
