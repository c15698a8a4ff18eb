//! PNG pictures: one pixel is one cell, and a pixel darker than the threshold is black.
//!
//! Decoding is [`Raster::from_png`]'s (any colour type and bit depth; transparency is laid over
//! white). The size is read from the image header and refused beyond
//! [`MAX_SIDE`] pixels a side before any pixel is decoded. The clues are
//! read off the picture, which becomes the goal.
//!
//! Read in colour (`parse_colour`, `--colors N`), pixels of the background colour (white unless
//! `--background` names another) are empty and the others keep their colours, quantised to at most
//! N (at most [`MAX_COLOURS`]) when there are more ([`quantise`]); the colours are named `a`, `b`,
//! ... in the order their first pixel appears. Written in colour (`write_colour`), each cell is
//! a pixel of its palette colour, so reading back with the same background gives the same cells.

use super::error::{LineError, ParseErrorKind};
use crate::image::{Raster, RasterError, Rgb, quantise};
use crate::model::{
    Colour, ColourPuzzle, GENERATED_LETTERS, Grid, MAX_COLOURS, MAX_SIDE, Palette, Puzzle,
};

/// Reads a PNG image; pixels whose brightness (luma, 0-255) is below `threshold` are black.
pub(super) fn parse(bytes: &[u8], threshold: u8) -> Result<Puzzle, LineError> {
    let raster = decode(bytes)?;
    let picture = dark_pixels(&raster, threshold);
    Puzzle::from_picture(&picture)
        .map_err(|error| LineError::maybe_at(None, ParseErrorKind::Puzzle(error)))
}

/// Reads a PNG image as a colour puzzle: the `background` colour (white when `None`) is empty, and
/// the other pixels' colours, quantised to at most `most` (1 to [`MAX_COLOURS`]), are the puzzle's
/// colours. A background given must be some pixel's colour (after quantising): a picture without
/// it is refused, as the colour was most likely mistyped; white is not checked, since a picture
/// that fills every cell is a puzzle too.
pub(super) fn parse_colour(
    bytes: &[u8],
    most: u8,
    background: Option<Rgb>,
) -> Result<ColourPuzzle, LineError> {
    if !(1..=MAX_COLOURS).contains(&usize::from(most)) {
        return Err(LineError::maybe_at(
            None,
            ParseErrorKind::ColourCount { asked: most },
        ));
    }
    let raster = decode(bytes)?;
    let quantised = quantise(&raster, background.unwrap_or(Rgb::WHITE), usize::from(most));
    if let Some(rgb) = background
        && !quantised.indices.iter().flatten().any(|&index| index == 0)
    {
        let kind = ParseErrorKind::BackgroundMissing { hex: rgb.hex() };
        return Err(LineError::maybe_at(None, kind));
    }
    // Named by the letters the palette gives them: `a`, `b`, ...
    let colours = GENERATED_LETTERS
        .chars()
        .zip(&quantised.colours)
        .map(|(letter, rgb)| Colour::new(&letter.to_string(), [rgb.0, rgb.1, rgb.2]))
        .collect();
    let background = background.map_or_else(
        || Colour::new("white", [255; 3]),
        |Rgb(r, g, b)| Colour::new("background", [r, g, b]),
    );
    let built = Palette::new(background, colours).and_then(|palette| {
        let picture = Grid::from_rows(quantised.indices).expect("a raster has at least one pixel");
        ColourPuzzle::from_picture(&picture, palette)
    });
    built.map_err(|error| LineError::maybe_at(None, ParseErrorKind::Colour(error)))
}

/// The pixels of a PNG image, its size checked first.
fn decode(bytes: &[u8]) -> Result<Raster, LineError> {
    if let Some((width, height)) = header_size(bytes)
        && (width > MAX_SIDE as u64 || height > MAX_SIDE as u64)
    {
        let kind = ParseErrorKind::ImageTooLarge { width, height };
        return Err(LineError::maybe_at(None, kind));
    }
    Raster::from_png(bytes).map_err(|error| {
        let kind = match error {
            RasterError::Size { width, height } => ParseErrorKind::ImageTooLarge { width, height },
            other => ParseErrorKind::Image {
                message: other.to_string(),
            },
        };
        LineError::maybe_at(None, kind)
    })
}

/// The picture as a PNG, one pixel a cell, black on white: [`parse`] reads it back at any
/// threshold from 1 to 255.
pub(super) fn write(picture: &Grid<bool>) -> Vec<u8> {
    let mut image = Raster::filled(picture.width(), picture.height(), Rgb::WHITE)
        .expect("a puzzle's picture is within the raster's limits");
    for pos in picture.positions().filter(|&pos| picture[pos]) {
        image.set(pos.col, pos.row, Rgb::BLACK);
    }
    image.to_png()
}

/// A colour puzzle's goal as a PNG, one pixel a cell in its palette colour: [`parse_colour`]
/// reads it back, with the palette's background, as the same cells when the palette's colours are
/// distinct.
pub(super) fn write_colour(goal: &Grid<u8>, palette: &Palette) -> Vec<u8> {
    let background = Rgb::from(palette.colour(0).rgb);
    let mut image = Raster::filled(goal.width(), goal.height(), background)
        .expect("a puzzle's picture is within the raster's limits");
    for pos in goal.positions() {
        image.set(pos.col, pos.row, Rgb::from(palette.colour(goal[pos]).rgb));
    }
    image.to_png()
}

/// The width and height in a PNG's header chunk, when the bytes start like a PNG.
fn header_size(bytes: &[u8]) -> Option<(u64, u64)> {
    // Signature (8 bytes), chunk length (4), `IHDR` (4), width (4), height (4), big-endian.
    let header = bytes.get(12..24)?;
    if &header[..4] != b"IHDR" {
        return None;
    }
    let number = |at: usize| {
        let bytes: [u8; 4] = header[at..at + 4].try_into().ok()?;
        Some(u64::from(u32::from_be_bytes(bytes)))
    };
    Some((number(4)?, number(8)?))
}

/// The picture whose black cells are the pixels darker than `threshold`.
fn dark_pixels(raster: &Raster, threshold: u8) -> Grid<bool> {
    let rows = (0..raster.height())
        .map(|y| {
            (0..raster.width())
                .map(|x| raster.get(x, y).luma() < threshold)
                .collect()
        })
        .collect();
    Grid::from_rows(rows).expect("a raster has at least one pixel")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threshold_decides_grey_pixels() {
        let mut image = Raster::filled(3, 1, Rgb::WHITE).unwrap();
        image.set(0, 0, Rgb::BLACK);
        image.set(1, 0, Rgb(100, 100, 100));
        let bytes = image.to_png();
        let goal = |threshold| {
            parse(&bytes, threshold)
                .unwrap()
                .goal()
                .unwrap()
                .row_strings()
        };
        assert_eq!(goal(128), ["##."]);
        assert_eq!(goal(100), ["#.."]);
        assert_eq!(goal(0), ["..."]);
    }

    #[test]
    fn written_pictures_read_back() {
        let picture =
            Grid::from_rows(vec![vec![true, false, true], vec![false, true, true]]).unwrap();
        let puzzle = parse(&write(&picture), 128).unwrap();
        assert_eq!(puzzle.goal(), Some(&picture));
    }

    #[test]
    fn too_wide_is_refused_before_decoding() {
        let image = Raster::filled(MAX_SIDE + 1, 1, Rgb::WHITE).unwrap();
        let error = parse(&image.to_png(), 128).unwrap_err();
        assert_eq!(
            error.kind,
            ParseErrorKind::ImageTooLarge {
                width: 1001,
                height: 1
            }
        );
    }
}
