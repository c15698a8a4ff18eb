//! `explain`: the solution path of each puzzle, its rating, and optionally its picture; black and
//! white or colour.

use nonosat::Puzzle;
use nonosat::deadline::Deadline;
use nonosat::explain::nonogram::ExplainOptions;
use nonosat::explain::{
    ColourExplanation, Explanation, Rating, explain, explain_colour, rate, rate_colour,
};
use nonosat::formats::{Entry, Puzzles};
use nonosat::image::Drawing;
use nonosat::logic::colour::{Colours, open_grid};
use nonosat::model::{Cell, ColourPuzzle, Grid};
use nonosat::report::{
    ExplainRecord, colour_path_drawing, path_drawing, render_colour_explanation, render_explanation,
};
use nonosat::solve::{CheckError, Options};
use nonosat::words::counted;

use super::args::ExplainArgs;
use super::error::CliError;
use super::output::{check_failed, each_puzzle, json_line, pick_entry, read_any_input, shown_name};
use super::status::Status;

/// `explain`: every puzzle of the file (or the one `--index` picks), black and white or colour.
pub(super) fn explain_all(args: &ExplainArgs) -> Result<Status, CliError> {
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => explain_entries(args, &entries),
        Puzzles::Colour(entries) => explain_entries(args, &entries),
    }
}

/// A path of a puzzle of kind `P` and its rating.
type Rated<P> = (
    Explanation<<P as Explained>::Known, <P as Explained>::Value>,
    Rating,
);

/// A kind of puzzle `explain` takes: its path and rating, and their record, text and picture.
pub(super) trait Explained {
    /// What is known of a cell.
    type Known;
    /// What a step records of a cell.
    type Value;

    /// The path and its rating by `deadline` (see [`explain_one`]).
    fn explained(&self, deadline: Deadline, lines_only: bool) -> Result<Rated<Self>, CheckError>;

    /// The JSON record of a path.
    fn record(
        &self,
        file: &str,
        index: usize,
        label: &str,
        explanation: &Explanation<Self::Known, Self::Value>,
        rating: &Rating,
    ) -> ExplainRecord;

    /// The text of a path.
    fn render(
        &self,
        heading: &str,
        explanation: &Explanation<Self::Known, Self::Value>,
        rating: &Rating,
    ) -> String;

    /// The picture of a path from an empty grid.
    fn drawing(&self, explanation: &Explanation<Self::Known, Self::Value>) -> Drawing;
}

impl Explained for Puzzle {
    type Known = Cell;
    type Value = bool;

    fn explained(
        &self,
        deadline: Deadline,
        lines_only: bool,
    ) -> Result<(Explanation, Rating), CheckError> {
        explain_one(self, deadline, lines_only)
    }

    fn record(
        &self,
        file: &str,
        index: usize,
        label: &str,
        explanation: &Explanation,
        rating: &Rating,
    ) -> ExplainRecord {
        ExplainRecord::new(file, index, label, self, explanation, rating)
    }

    fn render(&self, heading: &str, explanation: &Explanation, rating: &Rating) -> String {
        render_explanation(heading, self, explanation, rating)
    }

    fn drawing(&self, explanation: &Explanation) -> Drawing {
        let start = Grid::filled(self.width(), self.height(), Cell::Unknown);
        path_drawing(&start, explanation)
    }
}

impl Explained for ColourPuzzle {
    type Known = Colours;
    type Value = Colours;

    fn explained(
        &self,
        deadline: Deadline,
        lines_only: bool,
    ) -> Result<(ColourExplanation, Rating), CheckError> {
        let started = std::time::Instant::now();
        let options = ExplainOptions::default()
            .with_deadline(Some(deadline.share(0.5)))
            .with_lines_only(lines_only);
        let mut explanation = explain_colour(self, &open_grid(self), &options);
        let checked = Options::default().with_deadline(Some(deadline));
        let rating = rate_colour(self, &explanation, &checked)?;
        explanation.elapsed = started.elapsed();
        Ok((explanation, rating))
    }

    fn record(
        &self,
        file: &str,
        index: usize,
        label: &str,
        explanation: &ColourExplanation,
        rating: &Rating,
    ) -> ExplainRecord {
        ExplainRecord::colour(file, index, label, self, explanation, rating)
    }

    fn render(&self, heading: &str, explanation: &ColourExplanation, rating: &Rating) -> String {
        render_colour_explanation(heading, self, explanation, rating)
    }

    fn drawing(&self, explanation: &ColourExplanation) -> Drawing {
        colour_path_drawing(explanation)
    }
}

/// `explain` over the puzzles of a file.
fn explain_entries<P: Explained>(
    args: &ExplainArgs,
    entries: &[Entry<P>],
) -> Result<Status, CliError> {
    let file = shown_name(&args.input.file);
    let json = args.input.json;
    let drawing = args.pictures.wanted();
    let chosen: Vec<usize> = if args.index.is_some() || drawing {
        vec![pick_entry(&file, entries.len(), args.index)?]
    } else {
        (0..entries.len()).collect()
    };
    let brief = chosen.len() > 1;
    let printer = each_puzzle(
        json,
        &file,
        entries,
        chosen,
        |printer, index, entry, heading| {
            let puzzle = &entry.puzzle;
            let (explanation, rating) = puzzle
                .explained(Deadline::after(args.timeout.limit), args.lines_only)
                .map_err(|error| check_failed(&file, index, heading, error))?;
            let text = if json {
                json_line(&puzzle.record(&file, index, &entry.label, &explanation, &rating))
            } else if brief {
                format!("{heading}: {}\n", summary(&explanation, &rating))
            } else {
                puzzle.render(heading, &explanation, &rating)
            };
            printer.text(&text);
            if drawing && !printer.closed {
                for failure in args.pictures.write(0, 1, &puzzle.drawing(&explanation)) {
                    printer.aside(&failure);
                }
            }
            Ok(Status::of(rating.verdict))
        },
    );
    Ok(printer.status)
}

/// The solution path of `puzzle` from an empty grid and its rating, both by `deadline`: the path
/// gets half of the time at most, the check that decides the class the rest (with line steps only
/// when `lines_only`).
fn explain_one(
    puzzle: &Puzzle,
    deadline: Deadline,
    lines_only: bool,
) -> Result<(Explanation, Rating), CheckError> {
    let started = std::time::Instant::now();
    let start = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    let options = ExplainOptions::default()
        .with_deadline(Some(deadline.share(0.5)))
        .with_lines_only(lines_only);
    let mut explanation = explain(puzzle, &start, &options);
    let checked = Options::default().with_deadline(Some(deadline));
    let rating = rate(puzzle, &explanation, &checked)?;
    explanation.elapsed = started.elapsed();
    Ok((explanation, rating))
}

/// The rating and the path's measures in one line.
fn summary<K, V>(explanation: &Explanation<K, V>, rating: &Rating) -> String {
    let shape = &explanation.shape;
    let hardest = shape
        .hardest_step
        .map_or(0, |i| explanation.steps[i].support.len());
    format!(
        "{} {:.2}; {}, depth {}, widest layer {}, largest support {hardest}; {} in {:.1} ms",
        rating.class.name(),
        rating.score,
        counted(explanation.steps.len(), "step", "steps"),
        shape.depth,
        shape.widest_layer,
        explanation.stop.name(),
        explanation.elapsed.as_secs_f64() * 1000.0
    )
}
