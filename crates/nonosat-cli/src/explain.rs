//! `explain`: the solution path of each puzzle, its rating, and optionally its picture; black and
//! white or colour, through one generic driver over the library's kinds (`ShownSteps`,
//! `Solvable`).

use nonosat::deadline::Deadline;
use nonosat::explain::{Explanation, Rating, explain_and_rate};
use nonosat::formats::{Entry, Puzzles};
use nonosat::model::Grid;
use nonosat::report::{ExplainRecord, ShownSteps, path_drawing, render_explanation};
use nonosat::solve::Solvable;
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

/// `explain` over the puzzles of a file.
fn explain_entries<P: ShownSteps + Solvable>(
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
            let deadline = Deadline::after(args.timeout.limit);
            let (explanation, rating) = explain_and_rate(puzzle, deadline, args.lines_only)
                .map_err(|error| check_failed(&file, index, heading, error))?;
            let text = if json {
                let label = &entry.label;
                json_line(&ExplainRecord::new(
                    &file,
                    index,
                    label,
                    puzzle,
                    &explanation,
                    &rating,
                ))
            } else if brief {
                format!("{heading}: {}\n", summary(&explanation, &rating))
            } else {
                render_explanation(heading, puzzle, &explanation, &rating)
            };
            printer.text(&text);
            if drawing && !printer.closed {
                let start = Grid::filled(puzzle.width(), puzzle.height(), puzzle.open());
                let picture = path_drawing(puzzle, &start, &explanation);
                for failure in args.pictures.write(0, 1, &picture) {
                    printer.aside(&failure);
                }
            }
            Ok(Status::of(rating.verdict))
        },
    );
    Ok(printer.status)
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
