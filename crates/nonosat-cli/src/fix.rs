//! `fix`: repairs for a design that is not unique, as text or JSON; with `--apply`, one repair
//! written to a file, read back and checked. Black-and-white and colour designs go through the
//! same driver; only how an edit is written and read back ([`RepairFiles`]) is per kind.

use std::path::Path;

use nonosat::deadline::Deadline;
use nonosat::formats::{self, Entry, Format, Puzzles, ReadOptions, state};
use nonosat::image::Rgb;
use nonosat::logic::kind::Kind;
use nonosat::model::{ColourPuzzle, Grid, Pos, Puzzle};
use nonosat::report::{AppliedRecord, FixRecord, Shown, draw_repairs, no_edit, render_fix};
use nonosat::solve::repair::{FixError, FixOptions};
use nonosat::solve::{self, CheckError, Options, RepairsOf, Solvable, Verdict};
use nonosat::words::counted;

use super::args::{FixArgs, Repair};
use super::error::{CliError, Usage};
use super::output::{check_failed, each_puzzle, json_line, read_any_input, shown_name, write_file};
use super::status::Status;

/// `fix FILE`: 0 when the design is already unique, 1 when repairs are proposed; with `--apply`,
/// the verdict of the repaired design.
pub(super) fn fix(args: &FixArgs) -> Result<Status, CliError> {
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => fix_entries(args, &entries, &BLACK_AND_WHITE),
        Puzzles::Colour(entries) => fix_entries(args, &entries, &COLOUR),
    }
}

/// A grid of the values of a kind of puzzle.
type Picture<P> = Grid<<P as Kind>::Value>;

/// What a repair written and read back gives: what was read, or `None` when it is not what was
/// written.
type ReadBack<T> = Result<Option<T>, CliError>;

/// Writes the puzzle of a picture (of the kind of the first argument) to a file in a format,
/// reads it back, and gives the puzzle read when its picture is the one written.
type WriteRead<P> = fn(&P, &Path, Format, &Picture<P>) -> ReadBack<P>;

/// How `--apply` writes an edit of a design of kind `P` to a file and reads it back: the files
/// of each kind of puzzle, the rest of `fix` (hints too, [`write_givens`]) being written once.
struct RepairFiles<P: Kind> {
    /// An edit's picture, as a puzzle file.
    write_read: WriteRead<P>,
}

/// The files of black-and-white repairs.
const BLACK_AND_WHITE: RepairFiles<Puzzle> = RepairFiles {
    write_read: write_read_black_and_white,
};

/// The files of colour repairs.
const COLOUR: RepairFiles<ColourPuzzle> = RepairFiles {
    write_read: write_read_colour,
};

/// A design `fix` repairs: checked, shown, and its hints written as a partly solved grid.
trait Repaired: Solvable + Shown + state::Partial<<Self as Kind>::Value> {}

impl<P: Solvable + Shown + state::Partial<<P as Kind>::Value>> Repaired for P {}

/// `fix` over the one design of `entries`, its repairs written and read back through `files`.
fn fix_entries<P: Repaired>(
    args: &FixArgs,
    entries: &[Entry<P>],
    files: &RepairFiles<P>,
) -> Result<Status, CliError> {
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
        entries,
        [0],
        |printer, index, entry, heading| {
            let puzzle = &entry.puzzle;
            let Some(design) = puzzle.goal() else {
                let message = format!(
                    "{file} has no picture to repair: give a picture file, or a puzzle with its goal"
                );
                return Err(CliError::new(&file, Usage::Refused(message)).at(index));
            };
            let deadline = Deadline::after(args.timeout.limit);
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
            let repairs = solve::fix(puzzle, design, &options).map_err(failed)?;
            let applied = match (args.apply, args.output.as_deref()) {
                (Some(repair), Some(output)) => {
                    apply(puzzle, files, repair, output, design, &repairs, deadline)
                        .map_err(|error| error.at(index).context(heading))?
                }
                _ => Applied::NotAsked,
            };
            let text = if json {
                let mut record = FixRecord::new(&file, puzzle, design, &repairs);
                if let Applied::Written(written) = &applied {
                    record.applied = Some(written.clone());
                }
                json_line(&record)
            } else {
                render_fix(heading, puzzle, design, &repairs) + &applied.to_string()
            };
            printer.text(&text);
            if args.pictures.wanted() {
                let drawing = draw_repairs(puzzle, design, &repairs);
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

/// Writes `repair` of `design` (whose puzzle is `puzzle`) to `output`, reads the file back and
/// checks what it holds before `deadline`.
fn apply<P: Repaired>(
    puzzle: &P,
    files: &RepairFiles<P>,
    repair: Repair,
    output: &Path,
    design: &Grid<P::Value>,
    repairs: &RepairsOf<P>,
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
    let internal = |error: CheckError| CliError::new(&shown, error).with_status(Status::Internal);
    let (name, verdict) = match repair {
        Repair::Edit(number) => {
            let Some(edit) = repairs.edits.get(number - 1) else {
                if repairs.edits.is_empty() {
                    return nothing(no_edit(repairs.edits_cut_short));
                }
                let message = format!(
                    "there is no edit {number}: fix proposed {}",
                    counted(repairs.edits.len(), "edit", "edits")
                );
                return Err(CliError::new(&shown, Usage::Refused(message)));
            };
            // The format the extension names; a picture when none.
            let format = formats::by_extension(&shown).unwrap_or(Format::Picture);
            let Some(read_back) = (files.write_read)(puzzle, output, format, &edit.picture)? else {
                return Err(unfaithful(&shown));
            };
            let options = Options::default().with_deadline(Some(deadline));
            let verdict = solve::check(&read_back, &options)
                .map_err(internal)?
                .verdict;
            (format!("edit {number}"), verdict)
        }
        Repair::Hints => {
            let Some(hints) = &repairs.hints else {
                return nothing("no hints were found within the time limit");
            };
            let Some(given) = write_givens(puzzle, output, design, &hints.cells)? else {
                return Err(unfaithful(&shown));
            };
            let settled = solve::hints_settle(puzzle, design, &given, Some(deadline))
                .map_err(|error| CliError::new(&shown, error).with_status(Status::Internal))?;
            let verdict = match settled {
                Some(true) => Verdict::Unique,
                Some(false) => Verdict::Multiple,
                None => Verdict::Timeout,
            };
            ("hints".to_owned(), verdict)
        }
    };
    Ok(Applied::Written(AppliedRecord {
        repair: name,
        output: shown,
        verdict,
    }))
}

/// Writes the puzzle of `picture` to `output` in `format`, reads it back, and gives the
/// puzzle read when its picture is `picture` (a black-and-white design); `None` when it is not.
fn write_read_black_and_white(
    _: &Puzzle,
    output: &Path,
    format: Format,
    picture: &Grid<bool>,
) -> Result<Option<Puzzle>, CliError> {
    let shown = shown_name(output);
    let written = Puzzle::from_picture(picture).map_err(|error| CliError::new(&shown, error))?;
    let bytes =
        formats::write_bytes(&written, format).map_err(|error| CliError::new(&shown, error))?;
    write_file(output, &bytes)?;
    let read = formats::read_path_with::<Puzzle>(output, Some(format), &ReadOptions::default())
        .map_err(|error| CliError::new(&shown, error))?;
    Ok(match <[_; 1]>::try_from(read) {
        Ok([entry]) if entry.puzzle.goal() == Some(picture) => Some(entry.puzzle),
        _ => None,
    })
}

/// Writes the puzzle of `picture` to `output` in `format`, reads it back, and gives the
/// puzzle read when its picture is `picture` (a colour design); `None` when it is not.
fn write_read_colour(
    puzzle: &ColourPuzzle,
    output: &Path,
    format: Format,
    picture: &Grid<u8>,
) -> Result<Option<ColourPuzzle>, CliError> {
    let shown = shown_name(output);
    let written = ColourPuzzle::from_picture(picture, puzzle.palette().clone())
        .map_err(|error| CliError::new(&shown, error))?;
    let bytes =
        formats::write_bytes(&written, format).map_err(|error| CliError::new(&shown, error))?;
    write_file(output, &bytes)?;
    // A PNG is read back in colour, with as many colours as the design has and its
    // background as the empty colour.
    let mut options = ReadOptions::default();
    if format == Format::Png {
        let [red, green, blue] = puzzle.palette().colour(0).rgb;
        let white = [red, green, blue] == [255; 3];
        options = options
            .with_colours(u8::try_from(puzzle.palette().len()).ok())
            .with_background((!white).then_some(Rgb(red, green, blue)));
    }
    let read = formats::read_path_any(output, Some(format), &options)
        .map_err(|error| CliError::new(&shown, error))?;
    let read: Vec<ColourPuzzle> = match read {
        Puzzles::Colour(entries) => entries.into_iter().map(|e| e.puzzle).collect(),
        Puzzles::BlackAndWhite(entries) => entries
            .iter()
            .map(|e| ColourPuzzle::from_black_and_white(&e.puzzle))
            .collect(),
    };
    // The same picture, cell by cell, in red, green and blue (a writer may name and number
    // the colours anew).
    let named = |puzzle: &ColourPuzzle, grid: &Grid<u8>| {
        grid.map(|&colour| puzzle.palette().colour(colour).rgb)
    };
    Ok(match <[ColourPuzzle; 1]>::try_from(read) {
        Ok([read])
            if read.goal().map(|goal| named(&read, goal)) == Some(named(puzzle, picture)) =>
        {
            Some(read)
        }
        _ => None,
    })
}

/// Writes `hints` of `design` as a partly solved grid to `output`, reads it back, and gives the
/// cells given there; `None` when they are not `hints`.
fn write_givens<P: Repaired>(
    puzzle: &P,
    output: &Path,
    design: &Grid<P::Value>,
    hints: &[Pos],
) -> Result<Option<Vec<Pos>>, CliError> {
    let shown = shown_name(output);
    let mut givens = Grid::filled(design.width(), design.height(), None);
    for &pos in hints {
        givens[pos] = Some(design[pos]);
    }
    write_file(output, state::write(&givens, puzzle).as_bytes())?;
    let read = state::read(output, puzzle).map_err(|error| CliError::new(&shown, error))?;
    let given = read.positions().filter(|&pos| read[pos].is_some());
    Ok((read == givens).then(|| given.collect()))
}

/// A written file that does not read back as what was written: a bug, reported as one.
fn unfaithful(shown: &str) -> CliError {
    let message = format!("{shown} does not read back as the repair written to it");
    CliError::new(shown, Usage::Refused(message)).with_status(Status::Internal)
}
