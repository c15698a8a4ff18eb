//! `explain`: the solution path of each puzzle, its rating, and optionally its picture.

use nonosat::deadline::Deadline;
use nonosat::explain::nonogram::ExplainOptions;
use nonosat::explain::{Explanation, Rating, explain, rate};

use nonosat::Puzzle;
use nonosat::model::{Cell, Grid};
use nonosat::report::path_drawing;
use nonosat::report::{ExplainRecord, render_explanation};
use nonosat::solve::Options;
use nonosat::words::counted;

use super::args::ExplainArgs;
use super::error::CliError;
use super::output::{check_failed, each_puzzle, json_line, pick_entry, read_input, shown_name};
use super::status::Status;

/// `explain`: every puzzle of the file (or the one `--index` picks).
pub(super) fn explain_all(args: &ExplainArgs) -> Result<Status, CliError> {
    let entries = read_input(&args.input, "explain")?;
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
        &entries,
        chosen,
        |printer, index, entry, heading| {
            let (explanation, rating) = explain_one(
                &entry.puzzle,
                Deadline::after(args.timeout),
                args.lines_only,
            )
            .map_err(|error| check_failed(&file, index, heading, error))?;
            let text = if json {
                let record = ExplainRecord::new(
                    &file,
                    index,
                    &entry.label,
                    &entry.puzzle,
                    &explanation,
                    &rating,
                );
                json_line(&record)
            } else if brief {
                format!("{heading}: {}\n", summary(&explanation, &rating))
            } else {
                render_explanation(heading, &entry.puzzle, &explanation, &rating)
            };
            printer.text(&text);
            if drawing && !printer.closed {
                let start =
                    Grid::filled(entry.puzzle.width(), entry.puzzle.height(), Cell::Unknown);
                let drawing = path_drawing(&start, &explanation);
                for failure in args.pictures.write(0, 1, &drawing) {
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
/// when `lines_only`); `serve` shares it.
pub(super) fn explain_one(
    puzzle: &Puzzle,
    deadline: Deadline,
    lines_only: bool,
) -> Result<(Explanation, Rating), nonosat::solve::CheckError> {
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
fn summary(explanation: &Explanation, rating: &Rating) -> String {
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
