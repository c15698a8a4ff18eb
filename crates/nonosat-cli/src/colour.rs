//! What only colour puzzles need of `check` (`--goal` read in the puzzle's colours), `convert`,
//! `clues` and `cnf`: the same drivers, records and statuses as black and white, on the library's
//! colour entry points (check.rs runs both kinds through `Checked`).

use std::path::Path;

use nonosat::cnf::{self, Cnf};
use nonosat::formats::{self, ColourEntry, Format, Puzzles, ReadOptions};
use nonosat::image::Rgb;
use nonosat::logic::colour::{ColourLineSolver, open_grid, propagate_colour};
use nonosat::model::{Colour, ColourPuzzle, Grid, MAX_COLOURS, Palette};
use nonosat::report::{CnfRecord, draw_puzzle};

use super::args::{CnfArgs, InputArgs, PictureArgs, UniquenessArgs};
use super::error::{CliError, Usage};
use super::output::{each_puzzle, is_png, json_line, pick_entry, shown_name, write_output};
use super::pictures::title;
use super::status::Status;

/// The entries with the `--goal` colour picture attached, or as they are without one. A PNG goal
/// is read in colour on the puzzle's background, its colours unquantised (up to 31); the goal's
/// colours are the puzzle's of the same value (else, when the goal file names its colours, as a
/// PNG does not, of the same name).
pub(super) fn with_colour_goal(
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
    let [entry] = entries.as_mut_slice() else {
        let file = shown_name(&input.file);
        let message = format!(
            "needs a FILE of one puzzle, and {file} holds {}",
            entries.len()
        );
        return Err(fail(Usage::Refused(message).into()));
    };
    let palette = entry.puzzle.palette();
    let in_colour = is_png(path, None);
    let background = Rgb::from(palette.colour(0).rgb);
    let options = ReadOptions::default()
        .with_threshold(input.threshold)
        .with_colours(in_colour.then_some(MAX_COLOURS as u8))
        .with_background((background != Rgb::WHITE).then_some(background));
    let pictures = formats::read_path_any(path, None, &options)
        .map_err(|error| CliError::new(&goal_file, error))?;
    let picture = match pictures {
        Puzzles::Colour(mut pictures) if pictures.len() == 1 => Some(pictures.remove(0).puzzle),
        Puzzles::BlackAndWhite(pictures) if pictures.len() == 1 => {
            Some(ColourPuzzle::from_black_and_white(&pictures[0].puzzle))
        }
        _ => None,
    };
    let Some((picture, goal)) = picture
        .as_ref()
        .and_then(|picture| Some((picture, picture.goal()?)))
    else {
        let message = "not a single colour picture".to_owned();
        return Err(fail(Usage::Refused(message).into()));
    };
    let goal = in_palette(goal, picture.palette(), palette, !in_colour)
        .map_err(|message| fail(Usage::Refused(message).into()))?;
    entry.puzzle = entry
        .puzzle
        .clone()
        .with_goal(goal)
        .map_err(|error| fail(error.into()))?;
    Ok(entries)
}

/// The picture `goal`, in the colours of `from`, recoloured in those of `to`: the background is
/// the background, and each other colour the colour of `to` of the same value, else (`by_name`)
/// of the same name; or what colour `to` lacks.
fn in_palette(
    goal: &Grid<u8>,
    from: &Palette,
    to: &Palette,
    by_name: bool,
) -> Result<Grid<u8>, String> {
    let colours = to.colours();
    let mut map = vec![0u8];
    for colour in &from.colours()[1..] {
        let same = |found: fn(&Colour, &Colour) -> bool| {
            (1..colours.len()).find(|&i| found(&colours[i], colour))
        };
        let index = same(|a, b| a.rgb == b.rgb)
            .or_else(|| by_name.then(|| same(|a, b| a.name == b.name)).flatten())
            .ok_or_else(|| {
                let known: Vec<String> = colours[1..].iter().map(Colour::hex).collect();
                format!(
                    "the picture's colour {} is not one of the puzzle's ({})",
                    colour.hex(),
                    known.join(", ")
                )
            })?;
        map.push(u8::try_from(index).expect("at most 31 colours"));
    }
    Ok(goal.map(|&index| map[usize::from(index)]))
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
            let drawing = draw_puzzle(&entry.puzzle, &[], &caption);
            for failure in pictures.write(index, entries.len(), &drawing) {
                printer.error(&failure);
            }
            Ok(Status::Done)
        },
    );
    printer.status
}

/// Writes the colour puzzles read from `input` in `format` (JSON Lines with `--json`): one puzzle
/// in any format that holds colours (PNG: its goal picture in colour), several as JSON Lines.
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
        ([one], _) => formats::write_colour_bytes(&one.puzzle, format),
        (many, Format::JsonLines) => many
            .iter()
            .map(|entry| formats::write_colour_bytes(&entry.puzzle, format))
            .collect::<Result<Vec<_>, _>>()
            .map(|lines| lines.concat()),
        (many, _) => {
            let message = format!(
                "{file} holds {} colour puzzles; write them as jsonl, or one at a time",
                many.len()
            );
            return Err(CliError::new(&file, Usage::Refused(message)));
        }
    };
    let bytes = written.map_err(|error| CliError::new(&file, error).context(&file))?;
    write_output(output, &bytes)
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
    write_output(args.output.as_deref(), text.as_bytes())
}
