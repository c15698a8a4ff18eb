//! `--goal`: the designer's picture attached to the one puzzle of a file, read as a
//! black-and-white picture or, for a colour puzzle, in the puzzle's colours.

use std::path::Path;

use nonosat::formats::{self, ColourEntry, Entry, Puzzles, ReadOptions};
use nonosat::image::Rgb;
use nonosat::model::{Colour, ColourPuzzle, Grid, MAX_COLOURS, Palette, Puzzle};

use super::args::{InputArgs, UniquenessArgs};
use super::error::{CliError, Usage};
use super::output::{is_png, shown_name};

/// Attaches the picture of the goal file (the first argument) to the one puzzle of the entries.
pub(super) type Attach<P> = fn(&Path, &InputArgs, &mut [Entry<P>]) -> Result<(), CliError>;

/// The entries with the `--goal` picture attached by `attach`, or the entries as they are
/// without one.
pub(super) fn with_goal<P>(
    uniqueness: &UniquenessArgs,
    input: &InputArgs,
    mut entries: Vec<Entry<P>>,
    attach: Attach<P>,
) -> Result<Vec<Entry<P>>, CliError> {
    if let Some(path) = &uniqueness.goal {
        attach(path, input, &mut entries)?;
    }
    Ok(entries)
}

/// Attaches a black-and-white picture.
pub(super) fn black_and_white(
    path: &Path,
    input: &InputArgs,
    entries: &mut [Entry],
) -> Result<(), CliError> {
    let goal_file = shown_name(path);
    let options = ReadOptions::default().with_threshold(input.threshold);
    let pictures = formats::read_path_with::<Puzzle>(path, None, &options)
        .map_err(|error| CliError::new(&goal_file, error))?;
    let goal = match pictures.as_slice() {
        [entry] => entry.puzzle.goal().cloned(),
        _ => None,
    };
    let Some(goal) = goal else {
        return Err(refused(path, "not a single picture".to_owned()));
    };
    let entry = only_entry(path, input, entries)?;
    entry.puzzle = entry
        .puzzle
        .clone()
        .with_goal(goal)
        .map_err(|error| failed(path, error.into()))?;
    Ok(())
}

/// Attaches a colour picture. A PNG goal is read in colour on the puzzle's background, its
/// colours unquantised (up to 31); the goal's colours are the puzzle's of the same value (else,
/// when the goal file names its colours, as a PNG does not, of the same name).
pub(super) fn colour(
    path: &Path,
    input: &InputArgs,
    entries: &mut [ColourEntry],
) -> Result<(), CliError> {
    let goal_file = shown_name(path);
    let entry = only_entry(path, input, entries)?;
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
        return Err(refused(path, "not a single colour picture".to_owned()));
    };
    let goal = in_palette(goal, picture.palette(), palette, !in_colour)
        .map_err(|message| refused(path, message))?;
    entry.puzzle = entry
        .puzzle
        .clone()
        .with_goal(goal)
        .map_err(|error| failed(path, error.into()))?;
    Ok(())
}

/// The one entry a goal is attached to; refused when the file holds another number of puzzles.
fn only_entry<'a, P>(
    goal: &Path,
    input: &InputArgs,
    entries: &'a mut [Entry<P>],
) -> Result<&'a mut Entry<P>, CliError> {
    let count = entries.len();
    match entries {
        [entry] => Ok(entry),
        _ => {
            let file = shown_name(&input.file);
            let message = format!("needs a FILE of one puzzle, and {file} holds {count}");
            Err(refused(goal, message))
        }
    }
}

/// The goal file `goal` refused, and why.
fn refused(goal: &Path, message: String) -> CliError {
    failed(goal, Usage::Refused(message).into())
}

/// The goal file `goal` could not be used, for `error`.
fn failed(goal: &Path, error: Box<dyn std::error::Error + Send + Sync>) -> CliError {
    let goal_file = shown_name(goal);
    CliError::new(&goal_file, error).context(format!("--goal {goal_file}"))
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
