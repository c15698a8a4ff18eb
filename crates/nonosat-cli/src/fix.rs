//! `fix`: repairs for a design that is not unique, as text or JSON; with `--apply`, one repair
//! written to a file, read back and checked. Black-and-white and colour designs go through the
//! same driver ([`Designed`]).

use std::path::Path;

use nonosat::deadline::Deadline;
use nonosat::formats::{self, Format, Puzzles, ReadOptions, state};
use nonosat::image::{Drawing, Rgb};
use nonosat::model::{Cell, ColourMismatch, ColourPuzzle, Grid, Mismatch, Pos, Puzzle};
use nonosat::report::{
    AppliedRecord, FixRecord, draw_colour_repairs, draw_repairs, no_edit, render_colour_fix,
    render_fix,
};
use nonosat::solve::repair::{self, FixError, FixOptions, Repairs};
use nonosat::solve::{self, CheckError, Options, Verdict};
use nonosat::words::counted;

use super::args::{FixArgs, Repair};
use super::error::{CliError, Usage};
use super::output::{
    Labelled, check_failed, each_puzzle, json_line, read_any_input, shown_name, write_file,
};
use super::status::Status;

/// `fix FILE`: 0 when the design is already unique, 1 when repairs are proposed; with `--apply`,
/// the verdict of the repaired design.
pub(super) fn fix(args: &FixArgs) -> Result<Status, CliError> {
    match read_any_input(&args.input)? {
        Puzzles::BlackAndWhite(entries) => fix_entries(args, &entries, |entry| &entry.puzzle),
        Puzzles::Colour(entries) => fix_entries(args, &entries, |entry| &entry.puzzle),
    }
}

/// A kind of puzzle whose designs `fix` repairs: its repairs, how they are shown, and how a
/// repair is written to a file and read back.
pub(super) trait Designed: Sized {
    /// A cell's value in the design.
    type Value: Copy + Eq;
    /// How a broken clue is described.
    type Mismatch;

    /// The design the puzzle carries.
    fn design(&self) -> Option<&Grid<Self::Value>>;

    /// The repairs of `design`.
    fn repairs(
        &self,
        design: &Grid<Self::Value>,
        options: &FixOptions,
    ) -> Result<Repairs<Self::Value, Self::Mismatch>, FixError>;

    /// The JSON record of `repairs`.
    fn record(
        &self,
        file: &str,
        design: &Grid<Self::Value>,
        repairs: &Repairs<Self::Value, Self::Mismatch>,
    ) -> FixRecord;

    /// The repairs for a person.
    fn render(
        &self,
        heading: &str,
        design: &Grid<Self::Value>,
        repairs: &Repairs<Self::Value, Self::Mismatch>,
    ) -> String;

    /// The repairs as a picture.
    fn draw(
        &self,
        design: &Grid<Self::Value>,
        repairs: &Repairs<Self::Value, Self::Mismatch>,
    ) -> Drawing;

    /// Writes the puzzle of `picture` to `output` in `format`, reads it back, and gives the
    /// puzzle read when its picture is `picture`; `None` when it is not.
    fn write_read(
        &self,
        output: &Path,
        format: Format,
        picture: &Grid<Self::Value>,
    ) -> Result<Option<Self>, CliError>;

    /// The check of this puzzle by `deadline`.
    fn verdict(&self, deadline: Deadline) -> Result<Verdict, CheckError>;

    /// Writes `hints` of `design` as a partly solved grid to `output`, reads it back, and gives
    /// the cells given there; `None` when they are not `hints`.
    fn write_givens(
        &self,
        output: &Path,
        design: &Grid<Self::Value>,
        hints: &[Pos],
    ) -> Result<Option<Vec<Pos>>, CliError>;

    /// Whether `hints` leave `design` the only solution (see [`repair::hints_settle`]).
    fn settle(
        &self,
        design: &Grid<Self::Value>,
        hints: &[Pos],
        deadline: Deadline,
    ) -> Result<Option<bool>, FixError>;
}

/// `fix` over the one design of `entries`, whose puzzles `puzzle` gives.
fn fix_entries<E: Labelled, P: Designed>(
    args: &FixArgs,
    entries: &[E],
    puzzle: impl Fn(&E) -> &P,
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
            let puzzle = puzzle(entry);
            let Some(design) = puzzle.design() else {
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
            let repairs = puzzle.repairs(design, &options).map_err(failed)?;
            let applied = match (args.apply, args.output.as_deref()) {
                (Some(repair), Some(output)) => {
                    apply(puzzle, repair, output, design, &repairs, deadline)
                        .map_err(|error| error.at(index).context(heading))?
                }
                _ => Applied::NotAsked,
            };
            let text = if json {
                let mut record = puzzle.record(&file, design, &repairs);
                if let Applied::Written(written) = &applied {
                    record.applied = Some(written.clone());
                }
                json_line(&record)
            } else {
                puzzle.render(heading, design, &repairs) + &applied.to_string()
            };
            printer.text(&text);
            if args.pictures.wanted() {
                let drawing = puzzle.draw(design, &repairs);
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
fn apply<P: Designed>(
    puzzle: &P,
    repair: Repair,
    output: &Path,
    design: &Grid<P::Value>,
    repairs: &Repairs<P::Value, P::Mismatch>,
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
            let Some(read_back) = puzzle.write_read(output, format, &edit.picture)? else {
                return Err(unfaithful(&shown));
            };
            let verdict = read_back.verdict(deadline).map_err(internal)?;
            (format!("edit {number}"), verdict)
        }
        Repair::Hints => {
            let Some(hints) = &repairs.hints else {
                return nothing("no hints were found within the time limit");
            };
            let Some(given) = puzzle.write_givens(output, design, &hints.cells)? else {
                return Err(unfaithful(&shown));
            };
            let settled = puzzle
                .settle(design, &given, deadline)
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

impl Designed for Puzzle {
    type Value = bool;
    type Mismatch = Mismatch;

    fn design(&self) -> Option<&Grid<bool>> {
        self.goal()
    }

    fn repairs(&self, design: &Grid<bool>, options: &FixOptions) -> Result<Repairs, FixError> {
        repair::fix(design, options)
    }

    fn record(&self, file: &str, design: &Grid<bool>, repairs: &Repairs) -> FixRecord {
        FixRecord::new(file, design, repairs)
    }

    fn render(&self, heading: &str, design: &Grid<bool>, repairs: &Repairs) -> String {
        render_fix(heading, design, repairs)
    }

    fn draw(&self, design: &Grid<bool>, repairs: &Repairs) -> Drawing {
        draw_repairs(design, repairs)
    }

    fn write_read(
        &self,
        output: &Path,
        format: Format,
        picture: &Grid<bool>,
    ) -> Result<Option<Puzzle>, CliError> {
        let shown = shown_name(output);
        let puzzle = Puzzle::from_picture(picture).map_err(|error| CliError::new(&shown, error))?;
        let bytes =
            formats::write_bytes(&puzzle, format).map_err(|error| CliError::new(&shown, error))?;
        write_file(output, &bytes)?;
        let read = formats::read_path_with(output, Some(format), &ReadOptions::default())
            .map_err(|error| CliError::new(&shown, error))?;
        Ok(match <[_; 1]>::try_from(read) {
            Ok([entry]) if entry.puzzle.goal() == Some(picture) => Some(entry.puzzle),
            _ => None,
        })
    }

    fn verdict(&self, deadline: Deadline) -> Result<Verdict, CheckError> {
        let options = Options::default().with_deadline(Some(deadline));
        Ok(solve::check(self, &options)?.verdict)
    }

    fn write_givens(
        &self,
        output: &Path,
        design: &Grid<bool>,
        hints: &[Pos],
    ) -> Result<Option<Vec<Pos>>, CliError> {
        let shown = shown_name(output);
        let mut givens = Grid::filled(design.width(), design.height(), Cell::Unknown);
        for &pos in hints {
            givens[pos] = Cell::from_black(design[pos]);
        }
        write_file(output, state::write(&givens).as_bytes())?;
        let read = state::read(output, self).map_err(|error| CliError::new(&shown, error))?;
        let given = read.positions().filter(|&pos| read[pos].known().is_some());
        Ok((read == givens).then(|| given.collect()))
    }

    fn settle(
        &self,
        design: &Grid<bool>,
        hints: &[Pos],
        deadline: Deadline,
    ) -> Result<Option<bool>, FixError> {
        repair::hints_settle(design, hints, Some(deadline))
    }
}

impl Designed for ColourPuzzle {
    type Value = u8;
    type Mismatch = ColourMismatch;

    fn design(&self) -> Option<&Grid<u8>> {
        self.goal()
    }

    fn repairs(
        &self,
        design: &Grid<u8>,
        options: &FixOptions,
    ) -> Result<Repairs<u8, ColourMismatch>, FixError> {
        repair::fix_colour(design, self.palette(), options)
    }

    fn record(
        &self,
        file: &str,
        design: &Grid<u8>,
        repairs: &Repairs<u8, ColourMismatch>,
    ) -> FixRecord {
        FixRecord::colour(file, design, self.palette(), repairs)
    }

    fn render(
        &self,
        heading: &str,
        design: &Grid<u8>,
        repairs: &Repairs<u8, ColourMismatch>,
    ) -> String {
        render_colour_fix(heading, design, self.palette(), repairs)
    }

    fn draw(&self, design: &Grid<u8>, repairs: &Repairs<u8, ColourMismatch>) -> Drawing {
        draw_colour_repairs(design, self.palette(), repairs)
    }

    fn write_read(
        &self,
        output: &Path,
        format: Format,
        picture: &Grid<u8>,
    ) -> Result<Option<ColourPuzzle>, CliError> {
        let shown = shown_name(output);
        let puzzle = ColourPuzzle::from_picture(picture, self.palette().clone())
            .map_err(|error| CliError::new(&shown, error))?;
        let bytes = formats::write_colour_bytes(&puzzle, format)
            .map_err(|error| CliError::new(&shown, error))?;
        write_file(output, &bytes)?;
        // A PNG is read back in colour, with as many colours as the design has and its
        // background as the empty colour.
        let mut options = ReadOptions::default();
        if format == Format::Png {
            let [red, green, blue] = self.palette().colour(0).rgb;
            let white = [red, green, blue] == [255; 3];
            options = options
                .with_colours(u8::try_from(self.palette().len()).ok())
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
                if read.goal().map(|goal| named(&read, goal)) == Some(named(self, picture)) =>
            {
                Some(read)
            }
            _ => None,
        })
    }

    fn verdict(&self, deadline: Deadline) -> Result<Verdict, CheckError> {
        let options = Options::default().with_deadline(Some(deadline));
        Ok(solve::check_colour(self, &options)?.verdict)
    }

    fn write_givens(
        &self,
        output: &Path,
        design: &Grid<u8>,
        hints: &[Pos],
    ) -> Result<Option<Vec<Pos>>, CliError> {
        let shown = shown_name(output);
        let mut givens = Grid::filled(design.width(), design.height(), None);
        for &pos in hints {
            givens[pos] = Some(design[pos]);
        }
        write_file(output, state::write_colour(&givens, self).as_bytes())?;
        let read =
            state::read_colour(output, self).map_err(|error| CliError::new(&shown, error))?;
        let given = read.positions().filter(|&pos| read[pos].is_some());
        Ok((read == givens).then(|| given.collect()))
    }

    fn settle(
        &self,
        design: &Grid<u8>,
        hints: &[Pos],
        deadline: Deadline,
    ) -> Result<Option<bool>, FixError> {
        repair::hints_settle_colour(design, self.palette(), hints, Some(deadline))
    }
}

/// A written file that does not read back as what was written: a bug, reported as one.
fn unfaithful(shown: &str) -> CliError {
    let message = format!("{shown} does not read back as the repair written to it");
    CliError::new(shown, Usage::Refused(message)).with_status(Status::Internal)
}
