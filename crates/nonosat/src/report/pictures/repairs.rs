//! `fix`'s repairs as a picture: the design with its hints marked, beside the first edit; black
//! and white or in colour.

use crate::image::{Anchor, Drawing, Rgb, largest_cell};
use crate::model::{Grid, Pos};
use crate::report::Shown;
use crate::solve::RepairsOf;
use crate::solve::repair::Repairs;
use crate::words::counted;

/// Pixels per cell when the page has room; fewer for large designs.
const PREFERRED_CELL: u32 = 16;
/// Pixels around and between the panels, and above them for the caption.
const MARGIN: u32 = 24;
/// Grey of the grid lines.
const GRID_LINE: Rgb = Rgb(190, 190, 190);
/// Dark grey of a black cell, so that a mark on it stays visible.
const INK: Rgb = Rgb(40, 40, 40);
/// The frame around a hint cell.
pub const HINT_MARK: Rgb = Rgb(220, 30, 30);
/// The frame around an edited cell.
pub const EDIT_MARK: Rgb = Rgb(30, 90, 220);
/// Grey frame of an ambiguous cell (in the design panel, when not a hint).
pub const AMBIGUOUS_MARK: Rgb = Rgb(240, 170, 0);

/// The design, a picture of the kind of `puzzle`, with its ambiguous cells (amber) and hints
/// (red) framed and, when there is an edit, the picture after the first edit with the changed
/// cells framed (blue); cells in their colours (black a dark grey, so that a frame on it shows),
/// white and the background left white.
pub fn draw_repairs<P: Shown>(
    puzzle: &P,
    design: &Grid<P::Value>,
    repairs: &RepairsOf<P>,
) -> Drawing {
    // Only black and white has no colour table: its black is painted dark grey.
    let in_colour = puzzle.palette().is_some();
    let fill = |value| {
        puzzle
            .fill(value)
            .map(|rgb| if in_colour { rgb } else { INK })
    };
    draw_with(design, repairs, fill)
}

/// The page of [`draw_repairs`], each cell filled with the colour `fill` gives its value (none:
/// left white).
fn draw_with<V: Copy, M>(
    design: &Grid<V>,
    repairs: &Repairs<V, M>,
    fill: impl Fn(V) -> Option<Rgb>,
) -> Drawing {
    let panels = if repairs.edits.is_empty() { 1 } else { 2 };
    let (width, height) = (design.width() as u32, design.height() as u32);
    let page = |cell: u32| {
        let panel_width = width * cell;
        (
            MARGIN + panels * (panel_width + MARGIN),
            2 * MARGIN + height * cell,
        )
    };
    let cell = largest_cell(PREFERRED_CELL, page);
    let (page_width, page_height) = page(cell);
    let mut drawing = Drawing::new(page_width, page_height);
    let hints: &[Pos] = repairs.hints.as_ref().map_or(&[], |h| &h.cells);
    let ambiguous = repairs.check.ambiguous.as_deref().unwrap_or_default();
    let mut marks: Vec<(Pos, Rgb)> = ambiguous
        .iter()
        .filter(|pos| !hints.contains(pos))
        .map(|&pos| (pos, AMBIGUOUS_MARK))
        .collect();
    marks.extend(hints.iter().map(|&pos| (pos, HINT_MARK)));
    let caption = match &repairs.hints {
        Some(hints) => counted(hints.cells.len(), "hint", "hints"),
        None => "unique".to_owned(),
    };
    let panel = Panel { cell, left: MARGIN };
    panel.draw(&mut drawing, design, &fill, &marks, &caption);
    if let Some(edit) = repairs.edits.first() {
        let marks: Vec<(Pos, Rgb)> = edit.flipped.iter().map(|&pos| (pos, EDIT_MARK)).collect();
        let left = 2 * MARGIN + width * cell;
        let panel = Panel { cell, left };
        panel.draw(&mut drawing, &edit.picture, &fill, &marks, "edit 1");
    }
    drawing
}

/// One picture of the page: its cell size and its left edge.
struct Panel {
    cell: u32,
    left: u32,
}

impl Panel {
    /// The top-left pixel of the cell at `pos`.
    fn cell_origin(&self, pos: Pos) -> (u32, u32) {
        (
            self.left + pos.col as u32 * self.cell,
            MARGIN + pos.row as u32 * self.cell,
        )
    }

    /// The picture's cells, with grid lines when cells are 4 pixels or more, and `marks` framed
    /// (filled, in cells too small for a frame).
    fn draw<V: Copy>(
        &self,
        drawing: &mut Drawing,
        picture: &Grid<V>,
        fill: impl Fn(V) -> Option<Rgb>,
        marks: &[(Pos, Rgb)],
        caption: &str,
    ) {
        let cell = self.cell;
        drawing.text(
            self.left,
            MARGIN / 2,
            12,
            Anchor::Start,
            Rgb::BLACK,
            caption,
        );
        let lines = cell >= 4;
        for pos in picture.positions() {
            let (x, y) = self.cell_origin(pos);
            if lines {
                drawing.outline(x, y, cell + 1, cell + 1, 1, GRID_LINE);
            }
            if let Some(colour) = fill(picture[pos]) {
                let inset = u32::from(lines);
                drawing.rect(x + inset, y + inset, cell - inset, cell - inset, colour);
            }
        }
        let frame = (cell / 4).clamp(1, 3);
        for &(pos, colour) in marks {
            let (x, y) = self.cell_origin(pos);
            drawing.outline(x, y, cell + 1, cell + 1, frame, colour);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Puzzle;
    use crate::solve::fix;
    use crate::solve::repair::FixOptions;

    #[cfg(feature = "png")]
    #[test]
    fn hints_and_edits_are_framed_in_their_colours() {
        // Two 2x2 diagonals side by side in a 2x5 picture: ambiguous, one hint per square.
        let design = Grid::from_rows(vec![
            vec![true, false, false, true, false],
            vec![false, true, false, false, true],
        ])
        .unwrap();
        let puzzle = Puzzle::from_picture(&design).unwrap();
        let repairs = fix(&puzzle, &design, &FixOptions::default()).unwrap();
        let hints = repairs.hints.clone().unwrap();
        let png = draw_repairs(&puzzle, &design, &repairs).to_png().unwrap();
        let image = crate::image::Raster::from_png(&png).unwrap();
        let frame_pixel = |left: u32, pos: Pos| {
            let (x, y) = Panel {
                cell: PREFERRED_CELL,
                left,
            }
            .cell_origin(pos);
            image.get(x as usize + 1, y as usize + 1)
        };
        for pos in design.positions() {
            let expected = if hints.cells.contains(&pos) {
                HINT_MARK
            } else if repairs.check.ambiguous.as_ref().unwrap().contains(&pos) {
                AMBIGUOUS_MARK
            } else if design[pos] {
                INK
            } else {
                Rgb::WHITE
            };
            assert_eq!(frame_pixel(MARGIN, pos), expected, "{pos:?}");
        }
        if let Some(edit) = repairs.edits.first() {
            let left = 2 * MARGIN + design.width() as u32 * PREFERRED_CELL;
            assert_eq!(frame_pixel(left, edit.flipped[0]), EDIT_MARK);
        }
    }
}
