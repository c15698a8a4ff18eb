//! `fix`: repairs for a design that is not unique, as text or JSON; with `--apply`, one repair
//! written to a file, read back and checked.

use std::path::Path;

use nonosat::deadline::Deadline;
use nonosat::formats::{self, Format, ReadOptions};
use nonosat::model::{Cell, Grid, Pos, Puzzle};
use nonosat::report::{AppliedRecord, FixRecord, draw_repairs, render_fix};
use nonosat::solve::repair::{self, FixError, FixOptions, Repairs};
use nonosat::solve::{self, Options, Verdict};
use nonosat::words::counted;

use super::args::{FixArgs, Repair};
use super::error::{CliError, Usage};
use super::output::{check_failed, each_puzzle, json_line, read_input, shown_name, write_file};
use super::status::Status;

/// `fix FILE`: 0 when the design is already unique, 1 when repairs are proposed; with `--apply`,
/// the verdict of the repaired design.
pub(super) fn fix(args: &FixArgs) -> Result<Status, CliError> {
    let entries = read_input(&args.input, "fix")?;
    let file = shown_name(&args.input.file);
    let json = args.input.json;
    if entries.len() != 1 {
        let message = format!(
            "fix needs a FILE of one design, and {file} holds {}",
            entries.len()
        );
        return Err(CliError::new(&file, Usage::Refused(message)));
    }
    let printer = each_puzzle(
        json,
        &file,
        &entries,
        [0],
        |printer, index, entry, heading| {
            let Some(design) = entry.puzzle.goal() else {
                let message = format!(
                    "{file} has no picture to repair: give a picture file, or a puzzle with its goal"
                );
                return Err(CliError::new(&file, Usage::Refused(message)).at(index));
            };
            let deadline = Deadline::after(args.timeout);
            let search_until = match args.apply {
                Some(_) => deadline.share(0.75),
                None => deadline,
            };
            let options = FixOptions::default()
                .with_deadline(Some(search_until))
                .with_edits(args.edits)
                .with_pairs(args.pairs);
            let failed = |error| match error {
                FixError::Check(error) => check_failed(&file, index, heading, error),
                other => CliError::new(&file, other).at(index).context(heading),
            };
            let repairs = repair::fix(design, &options).map_err(failed)?;
            let applied = match (args.apply, args.output.as_deref()) {
                (Some(repair), Some(output)) => {
                    apply(repair, output, design, &repairs, deadline)
                        .map_err(|error| error.at(index).context(heading))?
                }
                _ => Applied::NotAsked,
            };
            let text = if json {
                let mut record = FixRecord::new(&file, design, &repairs);
                if let Applied::Written(written) = &applied {
                    record.applied = Some(written.clone());
                }
                json_line(&record)
            } else {
                render_fix(heading, design, &repairs) + &applied.to_string()
            };
            printer.text(&text);
            if args.pictures.wanted() {
                let drawing = draw_repairs(design, &repairs);
                for failure in args.pictures.write(0, 1, &drawing) {
                    printer.aside(&failure);
                }
            }
            Ok(match applied {
                Applied::Written(written) => Status::of(written.verdict),
                _ => Status::of(repairs.check.verdict),
            })
        },
    );
    Ok(printer.status)
}

/// What `--apply` did.
enum Applied {
    /// No `--apply`.
    NotAsked,
    /// Nothing to apply, and why.
    Nothing(String),
    /// The repair written and checked.
    Written(AppliedRecord),
}

impl std::fmt::Display for Applied {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Applied::NotAsked => Ok(()),
            Applied::Nothing(why) => writeln!(f, "nothing applied: {why}"),
            Applied::Written(written) => writeln!(
                f,
                "applied {}: wrote {}, read it back and checked it: {}",
                written.repair,
                written.output,
                verdict_words(written.verdict)
            ),
        }
    }
}

/// The verdict of a re-check in words.
fn verdict_words(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Unique | Verdict::Solved => "unique",
        Verdict::Multiple => "still not unique",
        Verdict::None => "no solution",
        Verdict::Timeout => "timed out before an answer",
    }
}

/// Writes `repair` of `design` to `output`, reads the file back and checks what it holds before
/// `deadline`.
fn apply(
    repair: Repair,
    output: &Path,
    design: &Grid<bool>,
    repairs: &Repairs,
    deadline: Deadline,
) -> Result<Applied, CliError> {
    let shown = shown_name(output);
    let nothing = |why: &str| Ok(Applied::Nothing(why.to_owned()));
    match repairs.check.verdict {
        Verdict::Unique => return nothing("the design is already unique"),
        Verdict::Multiple if repairs.check.ambiguous_complete => {}
        Verdict::Multiple | Verdict::Timeout => {
            return nothing("the time limit passed before repairs could be proposed");
        }
        Verdict::None | Verdict::Solved => unreachable!("a design's clues have a solution"),
    }
    let (name, verdict) = match repair {
        Repair::Edit(number) => {
            let Some(edit) = repairs.edits.get(number - 1) else {
                if repairs.edits.is_empty() {
                    return nothing("no edit was found within the time limit");
                }
                let message = format!(
                    "there is no edit {number}: fix proposed {}",
                    counted(repairs.edits.len(), "edit", "edits")
                );
                return Err(CliError::new(&shown, Usage::Refused(message)));
            };
            let verdict = write_edit(output, &edit.picture, deadline)?;
            (format!("edit {number}"), verdict)
        }
        Repair::Hints => {
            let Some(hints) = &repairs.hints else {
                return nothing("no hints were found within the time limit");
            };
            let verdict = write_hints(output, design, &hints.cells, deadline)?;
            ("hints".to_owned(), verdict)
        }
    };
    Ok(Applied::Written(AppliedRecord {
        repair: name,
        output: shown,
        verdict,
    }))
}

/// Writes the edited design in the format `output`'s extension names (a picture when none), reads
/// it back, and checks the puzzle read.
fn write_edit(
    output: &Path,
    picture: &Grid<bool>,
    deadline: Deadline,
) -> Result<Verdict, CliError> {
    let shown = shown_name(output);
    let format = formats::by_extension(&shown).unwrap_or(Format::Picture);
    let puzzle = Puzzle::from_picture(picture).map_err(|error| CliError::new(&shown, error))?;
    let bytes =
        formats::write_bytes(&puzzle, format).map_err(|error| CliError::new(&shown, error))?;
    write_file(output, &bytes)?;
    let read = formats::read_path_with(output, Some(format), &ReadOptions::default())
        .map_err(|error| CliError::new(&shown, error))?;
    let read_back = match read.as_slice() {
        [entry] if entry.puzzle.goal() == Some(picture) => &entry.puzzle,
        _ => return Err(unfaithful(&shown)),
    };
    let options = Options::default().with_deadline(Some(deadline));
    let report = solve::check(read_back, &options)
        .map_err(|error| CliError::new(&shown, error).with_status(Status::Internal))?;
    Ok(report.verdict)
}

/// Writes `hints` of `design` as a partly solved grid, reads it back, and checks that the cells
/// given leave `design` the only solution.
fn write_hints(
    output: &Path,
    design: &Grid<bool>,
    hints: &[Pos],
    deadline: Deadline,
) -> Result<Verdict, CliError> {
    let shown = shown_name(output);
    let mut givens = Grid::filled(design.width(), design.height(), Cell::Unknown);
    for &pos in hints {
        givens[pos] = Cell::from_black(design[pos]);
    }
    write_file(output, formats::state::write(&givens).as_bytes())?;
    let puzzle = Puzzle::from_picture(design).map_err(|error| CliError::new(&shown, error))?;
    let read =
        formats::state::read(output, &puzzle).map_err(|error| CliError::new(&shown, error))?;
    if read != givens {
        return Err(unfaithful(&shown));
    }
    let given: Vec<Pos> = read
        .positions()
        .filter(|&pos| read[pos].known().is_some())
        .collect();
    let settled = repair::hints_settle(design, &given, Some(deadline))
        .map_err(|error| CliError::new(&shown, error).with_status(Status::Internal))?;
    Ok(match settled {
        Some(true) => Verdict::Unique,
        Some(false) => Verdict::Multiple,
        None => Verdict::Timeout,
    })
}

/// A written file that does not read back as what was written: a bug, reported as one.
fn unfaithful(shown: &str) -> CliError {
    let message = format!("{shown} does not read back as the repair written to it");
    CliError::new(shown, Usage::Refused(message)).with_status(Status::Internal)
}
