//! Colour puzzles through `solve`, `check` (with `--proof`), `count`, `convert`, `clues` and
//! `cnf`: the same drivers, records and statuses as black and white, on the library's colour
//! entry points.

use std::path::Path;

use nonosat::cnf::{self, Cnf};
use nonosat::deadline::Deadline;
use nonosat::formats::{self, ColourEntry, Format, Puzzles, ReadOptions};
use nonosat::logic::colour::{ColourLineSolver, open_grid, propagate_colour};
use nonosat::report::{
    CheckRecord, CnfRecord, CountRecord, PuzzleHeader, draw_colour_puzzle, render_colour_check,
};
use nonosat::solve::{self, Options, SatChoice};

use super::args::{CnfArgs, CountArgs, InputArgs, PictureArgs, SolveArgs, UniquenessArgs};
use super::check::{Summary, caption, certificate_of, one_line, proof_fits};
use super::count::count_text;
use super::error::{CliError, Usage};
use super::output::{check_failed, each_puzzle, json_line, pick_entry, shown_name, write_output};
use super::pictures::title;
use super::status::Status;

/// `solve` and `check` on the colour puzzles of a file: one result each, and a summary.
pub(super) fn check_all(
    args: &SolveArgs,
    uniqueness: &UniquenessArgs,
    entries: Vec<ColourEntry>,
    prove_unique: bool,
) -> Result<Status, CliError> {
    let file = shown_name(&args.input.file);
    proof_fits(uniqueness, &args.input, entries.len())?;
    let entries = with_colour_goal(uniqueness, &args.input, entries)?;
    let mut options = Options::default()
        .with_max_solutions(uniqueness.max_solutions.map_or(2, |k| k as usize))
        .with_ambiguous_cells(prove_unique && !uniqueness.no_ambiguous);
    options.backend = args.backend.unwrap_or(SatChoice::Race);
    let json = args.input.json;
    let one_line_each = prove_unique && entries.len() > 1 && !json;
    let mut summary = Summary::default();
    let mut printer = each_puzzle(
        json,
        &file,
        &entries,
        0..entries.len(),
        |printer, index, entry, heading| {
            let options = options
                .clone()
                .with_deadline(args.timeout.map(Deadline::after));
            let search = if prove_unique {
                solve::check_colour
            } else {
                solve::solve_colour
            };
            let report = search(&entry.puzzle, &options)
                .map_err(|error| check_failed(&file, index, heading, error))?;
            summary.add(heading, &report);
            let (certificate, failure) =
                certificate_of(uniqueness, &entry.puzzle, &report, &options, index);
            let record = || {
                let mut record =
                    CheckRecord::colour(&file, index, &entry.label, &entry.puzzle, &report);
                record.certificate = certificate.clone();
                record
            };
            let text = if json {
                json_line(&record())
            } else if one_line_each {
                format!("{heading}: {}\n", one_line(&record()))
            } else {
                let note = certificate.as_ref().map_or(String::new(), |c| c.describe());
                render_colour_check(heading, &entry.puzzle, &report) + &note + "\n"
            };
            printer.text(&text);
            if args.pictures.wanted() {
                let title = title(&args.input.file, &entry.label, &entry.puzzle.meta);
                let caption = caption(&title, &report);
                let drawing = draw_colour_puzzle(&entry.puzzle, &report.solutions, &caption);
                for failure in args.pictures.write(index, entries.len(), &drawing) {
                    printer.aside(&failure);
                }
            }
            if let Some(failure) = failure {
                printer.error(&failure);
            }
            Ok(super::status::Status::of(report.verdict))
        },
    );
    if entries.len() > 1 && !json && !printer.closed {
        printer.text(&summary.to_string());
    }
    Ok(printer.status)
}

/// The entries with the `--goal` colour picture attached, or as they are without one.
fn with_colour_goal(
    uniqueness: &UniquenessArgs,
    input: &InputArgs,
    mut entries: Vec<ColourEntry>,
) -> Result<Vec<ColourEntry>, CliError> {
    let Some(path) = &uniqueness.goal else {
        return Ok(entries);
    };
    let goal_file = shown_name(path);
    let fail = |error: Box<dyn std::error::Error + Send + Sync>| {
        CliError::new(&goal_file, error).context(format!("--goal {goal_file}"))
    };
    let options = ReadOptions::default().with_threshold(input.threshold);
    let pictures = formats::read_path_any(path, None, &options)
        .map_err(|error| CliError::new(&goal_file, error))?;
    let goal = match pictures {
        Puzzles::Colour(pictures) => match pictures.as_slice() {
            [picture] => picture.puzzle.goal().cloned(),
            _ => None,
        },
        Puzzles::BlackAndWhite(_) => None,
    };
    let Some(goal) = goal else {
        let message = "not a single colour picture".to_owned();
        return Err(fail(Usage::Refused(message).into()));
    };
    let [entry] = entries.as_mut_slice() else {
        let file = shown_name(&input.file);
        let message = format!(
            "needs a FILE of one puzzle, and {file} holds {}",
            entries.len()
        );
        return Err(fail(Usage::Refused(message).into()));
    };
    entry.puzzle = entry
        .puzzle
        .clone()
        .with_goal(goal)
        .map_err(|error| fail(error.into()))?;
    Ok(entries)
}

/// `count` on the colour puzzles of a file.
pub(super) fn count_all(args: &CountArgs, entries: Vec<ColourEntry>) -> Result<Status, CliError> {
    let file = shown_name(&args.input.file);
    let json = args.input.json;
    let cap = args.cap as usize;
    let printer = each_puzzle(
        json,
        &file,
        &entries,
        0..entries.len(),
        |printer, index, entry, heading| {
            let options = Options::default()
                .with_max_solutions(cap + 1)
                .with_deadline(args.timeout.map(Deadline::after));
            let report = solve::check_colour(&entry.puzzle, &options)
                .map_err(|error| check_failed(&file, index, heading, error))?;
            let text = if json {
                let header = PuzzleHeader::colour(&file, index, &entry.label, &entry.puzzle);
                json_line(&CountRecord::of(header, &report))
            } else {
                count_text(heading, cap, &report)
            };
            printer.text(&text);
            Ok(Status::of(report.verdict))
        },
    );
    Ok(printer.status)
}

/// `clues --svg`/`--png` on colour puzzles: each drawn blank, its clue numbers on swatches.
pub(super) fn draw_blank(
    pictures: &PictureArgs,
    input: &InputArgs,
    entries: &[ColourEntry],
) -> Status {
    let file = shown_name(&input.file);
    let indices = if pictures.wanted() {
        0..entries.len()
    } else {
        0..0
    };
    let printer = each_puzzle(
        input.json,
        &file,
        entries,
        indices,
        |printer, index, entry, _| {
            let (width, height) = (entry.puzzle.width(), entry.puzzle.height());
            let title = title(&input.file, &entry.label, &entry.puzzle.meta);
            let caption = format!("{title}: {width}x{height}");
            let drawing = draw_colour_puzzle(&entry.puzzle, &[], &caption);
            for failure in pictures.write(index, entries.len(), &drawing) {
                printer.error(&failure);
            }
            Ok(Status::Done)
        },
    );
    printer.status
}

/// Writes the colour puzzles read from `input` in `format` (JSON Lines with `--json`): one puzzle
/// in any format that holds colours, several as JSON Lines.
pub(super) fn write_colour_puzzles(
    input: &InputArgs,
    entries: &[ColourEntry],
    format: Format,
    output: Option<&Path>,
) -> Result<Status, CliError> {
    let file = shown_name(&input.file);
    let format = if input.json {
        Format::JsonLines
    } else {
        format
    };
    let written = match (entries, format) {
        ([one], _) => formats::write_colour(&one.puzzle, format),
        (many, Format::JsonLines) => many
            .iter()
            .map(|entry| formats::write_colour(&entry.puzzle, format))
            .collect(),
        (many, _) => {
            let message = format!(
                "{file} holds {} colour puzzles; write them as jsonl, or one at a time",
                many.len()
            );
            return Err(CliError::new(&file, Usage::Refused(message)));
        }
    };
    let text = written.map_err(|error| CliError::new(&file, error).context(&file))?;
    write_output(output, &text)
}

/// `cnf` on a colour puzzle: its colour encoding in DIMACS (or as JSON).
pub(super) fn cnf(args: &CnfArgs, entries: &[ColourEntry]) -> Result<Status, CliError> {
    let file = shown_name(&args.input.file);
    let index = pick_entry(&file, entries.len(), args.index)?;
    let puzzle = &entries[index].puzzle;
    let mut known = open_grid(puzzle);
    if args.propagate && propagate_colour(puzzle, &mut known, &mut ColourLineSolver::new()).is_err()
    {
        // A contradiction: the plain encoding, which is unsatisfiable, says so to any solver.
        known = open_grid(puzzle);
    }
    let mut formula = Cnf::new();
    let encoding = cnf::encode_colour(puzzle, &known, &mut formula)
        .map_err(|error| CliError::new(&file, error).at(index).context(&file))?;
    let text = if args.input.json {
        json_line(&CnfRecord::colour(
            &file,
            index,
            puzzle,
            encoding.vars,
            &formula,
        ))
    } else {
        let mut bytes = Vec::new();
        cnf::write_colour_dimacs(&mut bytes, puzzle, &encoding, &formula)
            .expect("writing to memory");
        String::from_utf8(bytes).expect("the DIMACS text is UTF-8")
    };
    write_output(args.output.as_deref(), &text)
}
