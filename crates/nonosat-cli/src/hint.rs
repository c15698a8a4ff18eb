//! `hint`: the next easiest step from a partly solved grid, and the known cells that are wrong;
//! black and white or colour, through one driver ([`Hinted`]) that `serve` shares.

use nonosat::Puzzle;
use nonosat::deadline::Deadline;
use nonosat::explain::{NextStep, next_colour_step, next_step};
use nonosat::formats::{Entry, ParseError, Puzzles, read_path_text, state};
use nonosat::logic::colour::{Colours, given_grid};
use nonosat::model::{Cell, ColourPuzzle, Grid, Pos};
use nonosat::report::{HintRecord, render_colour_hint, render_hint};
use nonosat::solve::{self, CheckError, Options, Report, Solvable, Verdict};

use super::args::HintArgs;
use super::error::CliError;
use super::output::{
    check_failed, emit, heading, json_line, pick_entry, read_any_input, shown_name,
};
use super::status::Status;

/// `hint`: one puzzle and a partly solved grid of it.
pub(super) fn hint(args: &HintArgs) -> Result<Status, CliError> {
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => hint_entries(args, &entries),
        Puzzles::Colour(entries) => hint_entries(args, &entries),
    }
}

/// A kind of puzzle `hint` takes: how its partly solved grid is read, and its next step, its
/// record and its text (the library's check of it is [`Solvable`]'s).
pub(super) trait Hinted: Solvable {
    /// A partly solved grid.
    type State;
    /// What a step says of a cell.
    type Step;

    /// Reads a partly solved grid of this puzzle from `text` (`#`, `.` and `?`; in colour the
    /// colours' letters and `?`); `source` names it in errors.
    fn parse_state(&self, text: &str, source: &str) -> Result<Self::State, ParseError>;

    /// The value `state` gives the cell at `pos`, if it is known.
    fn known(state: &Self::State, pos: Pos) -> Option<Self::Value>;

    /// The next easiest step from `state`, by `deadline`.
    fn next(&self, state: &Self::State, deadline: Deadline) -> NextStep<Self::Step>;

    /// The JSON record of a hint.
    fn hint_record(&self, file: &str, next: &NextStep<Self::Step>, mistakes: &[Pos]) -> HintRecord;

    /// A hint for a person.
    fn render_hint(
        &self,
        heading: &str,
        next: &NextStep<Self::Step>,
        mistakes: (&[Pos], bool),
    ) -> String;
}

impl Hinted for Puzzle {
    type State = Grid<Option<bool>>;
    type Step = bool;

    fn parse_state(&self, text: &str, source: &str) -> Result<Grid<Option<bool>>, ParseError> {
        state::parse(text, source, self)
    }

    fn known(state: &Grid<Option<bool>>, pos: Pos) -> Option<bool> {
        state[pos]
    }

    fn next(&self, state: &Grid<Option<bool>>, deadline: Deadline) -> NextStep {
        let known = state.map(|cell| cell.map_or(Cell::Unknown, Cell::from_black));
        next_step(self, &known, Some(deadline))
    }

    fn hint_record(&self, file: &str, next: &NextStep, mistakes: &[Pos]) -> HintRecord {
        HintRecord::new(file, next, mistakes)
    }

    fn render_hint(&self, heading: &str, next: &NextStep, mistakes: (&[Pos], bool)) -> String {
        render_hint(heading, self, next, mistakes)
    }
}

impl Hinted for ColourPuzzle {
    type State = Grid<Option<u8>>;
    type Step = Colours;

    fn parse_state(&self, text: &str, source: &str) -> Result<Grid<Option<u8>>, ParseError> {
        state::parse(text, source, self)
    }

    fn known(state: &Grid<Option<u8>>, pos: Pos) -> Option<u8> {
        state[pos]
    }

    fn next(&self, state: &Grid<Option<u8>>, deadline: Deadline) -> NextStep<Colours> {
        next_colour_step(self, &given_grid(self, state), Some(deadline))
    }

    fn hint_record(&self, file: &str, next: &NextStep<Colours>, mistakes: &[Pos]) -> HintRecord {
        HintRecord::colour(file, self.palette(), next, mistakes)
    }

    fn render_hint(
        &self,
        heading: &str,
        next: &NextStep<Colours>,
        mistakes: (&[Pos], bool),
    ) -> String {
        render_colour_hint(heading, self, next, mistakes)
    }
}

/// What a hint finds: the next step, the known cells that are wrong, and whether that list is
/// complete (false when the check behind it ran out of time).
pub(super) struct Hint<S> {
    /// The next easiest step.
    pub next: NextStep<S>,
    /// The known cells that disagree with the unique solution.
    pub mistakes: Vec<Pos>,
    /// Whether `mistakes` is the whole answer.
    pub complete: bool,
}

/// The hint of `puzzle` from `state` by `deadline`: the check behind the wrong cells gets half of
/// the time at most, the next step the rest.
pub(super) fn hint_of<P: Hinted>(
    puzzle: &P,
    state: &P::State,
    deadline: Deadline,
) -> Result<Hint<P::Step>, CheckError> {
    let options = Options::default().with_deadline(Some(deadline.share(0.5)));
    let report = solve::check(puzzle, &options)?;
    let (mistakes, complete) = disagreeing(&report, |pos| P::known(state, pos));
    let next = puzzle.next(state, deadline);
    Ok(Hint {
        next,
        mistakes,
        complete,
    })
}

/// `hint` on the puzzle `--index` picks of `entries`.
fn hint_entries<P: Hinted>(args: &HintArgs, entries: &[Entry<P>]) -> Result<Status, CliError> {
    let file = shown_name(&args.input.file);
    let index = pick_entry(&file, entries.len(), args.index)?;
    let entry = &entries[index];
    let puzzle = &entry.puzzle;
    let source = shown_name(&args.state);
    let given = read_path_text(&args.state)
        .and_then(|text| puzzle.parse_state(&text, &args.state.to_string_lossy()))
        .map_err(|error| CliError::new(&source, error))?;
    let heading = heading(&file, entry);
    let hint = hint_of(puzzle, &given, Deadline::after(args.timeout.limit))
        .map_err(|error| check_failed(&file, index, &heading, error))?;
    let text = if args.input.json {
        let record = puzzle.hint_record(&file, &hint.next, &hint.mistakes);
        json_line(&record.with_mistakes_complete(hint.complete))
    } else {
        puzzle.render_hint(&heading, &hint.next, (&hint.mistakes, hint.complete))
    };
    emit(&text);
    Ok(status(&hint.next, hint.complete))
}

/// The exit status of a hint: a time-out when the next step or the check behind the wrong cells
/// (`mistakes_complete` false) ran out of time, else done.
fn status<V>(next: &NextStep<V>, mistakes_complete: bool) -> Status {
    match next {
        NextStep::OutOfTime => Status::Timeout,
        _ if !mistakes_complete => Status::Timeout,
        _ => Status::Done,
    }
}

/// The cells whose value `known` gives and that disagree with the unique solution `report`
/// found (none when the puzzle is not unique), and whether that is the whole answer: false when
/// the check ran out of time.
fn disagreeing<S: Copy + Eq, M>(
    report: &Report<S, M>,
    known: impl Fn(Pos) -> Option<S>,
) -> (Vec<Pos>, bool) {
    let cells = match (report.verdict, report.solutions.first()) {
        (Verdict::Unique, Some(solution)) => solution
            .positions()
            .filter(|&pos| known(pos).is_some_and(|value| value != solution[pos]))
            .collect(),
        _ => Vec::new(),
    };
    (cells, report.verdict != Verdict::Timeout)
}
