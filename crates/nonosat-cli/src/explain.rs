//! `explain`: the solution path of each puzzle, its rating, and optionally its picture.

use nonosat::deadline::Deadline;
use nonosat::explain::nonogram::ExplainOptions;
use nonosat::explain::{Explanation, Rating, explain, rate};
use nonosat::formats::Entry;
use nonosat::model::{Cell, Grid};
use nonosat::report::path_drawing;
use nonosat::report::{ExplainRecord, render_explanation};
use nonosat::solve::Options;

use super::args::ExplainArgs;
use super::output::shown_name;
use super::output::{check_failed, emit, heading, json_line, pick_entry, read_input};
use super::status::Status;

/// `explain`: every puzzle of the file (or the one `--index` picks).
pub(super) fn explain_all(args: &ExplainArgs) -> Status {
    let entries = match read_input(&args.input) {
        Ok(entries) => entries,
        Err(status) => return status,
    };
    let file = shown_name(&args.input.file);
    let json = args.input.json;
    let drawing = args.pictures.wanted();
    let chosen: Vec<usize> = if args.index.is_some() || drawing {
        match pick_entry(json, &file, entries.len(), args.index) {
            Ok(index) => vec![index],
            Err(status) => return status,
        }
    } else {
        (0..entries.len()).collect()
    };
    let brief = chosen.len() > 1;
    let mut status = Status::Done;
    for index in chosen {
        let entry = &entries[index];
        let heading = heading(&file, entry);
        let (explanation, rating) = match explain_one(args, entry) {
            Ok(done) => done,
            Err(error) => {
                status = status.and(check_failed(json, &file, index, &heading, &error));
                continue;
            }
        };
        status = status.and(Status::of(rating.verdict));
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
            render_explanation(&heading, &entry.puzzle, &explanation, &rating)
        };
        if !emit(&text) {
            return status;
        }
        if drawing {
            status = status.and(draw(args, entry, &explanation));
        }
    }
    status
}

fn explain_one(
    args: &ExplainArgs,
    entry: &Entry,
) -> Result<(Explanation, Rating), nonosat::solve::CheckError> {
    let started = std::time::Instant::now();
    let puzzle = &entry.puzzle;
    let start = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    let options = ExplainOptions::default()
        .with_deadline(Some(Deadline::after(args.budget)))
        .with_lines_only(args.lines_only);
    let mut explanation = explain(puzzle, &start, &options);
    // The rating's check gets a budget of its own.
    let checked = Options::default().with_deadline(Some(Deadline::after(args.budget)));
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
        "{} {:.2}; {} steps, depth {}, widest layer {}, largest support {hardest}; {} in {:.1} ms",
        rating.class.name(),
        rating.score,
        explanation.steps.len(),
        shape.depth,
        shape.widest_layer,
        explanation.stop.name(),
        explanation.elapsed.as_secs_f64() * 1000.0
    )
}

/// Writes the `--svg` and `--png` pictures.
fn draw(args: &ExplainArgs, entry: &Entry, explanation: &Explanation) -> Status {
    let puzzle = &entry.puzzle;
    let start = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    let drawing = path_drawing(&start, explanation);
    args.pictures.write(args.input.json, 0, 1, &drawing)
}
