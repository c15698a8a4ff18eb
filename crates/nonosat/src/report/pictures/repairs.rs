//! `fix`'s repairs as a picture: the design with its hints marked, beside the first edit.

use crate::image::{Anchor, Drawing, Rgb};
use crate::model::{Grid, Pos};
use crate::solve::repair::Repairs;
use crate::words::counted;

/// Pixels per cell.
const CELL: u32 = 16;
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

/// The design with its ambiguous cells (amber) and hints (red) framed and, when there is an edit,
/// the picture after the first edit with the changed cells framed (blue).
pub fn draw_repairs(design: &Grid<bool>, repairs: &Repairs) -> Drawing {
    let panel_width = design.width() as u32 * CELL;
    let panel_height = design.height() as u32 * CELL;
    let panels = if repairs.edits.is_empty() { 1 } else { 2 };
    let mut drawing = Drawing::new(
        MARGIN + panels * (panel_width + MARGIN),
        2 * MARGIN + panel_height,
    );
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
    draw_panel(&mut drawing, MARGIN, design, &marks, &caption);
    if let Some(edit) = repairs.edits.first() {
        let marks: Vec<(Pos, Rgb)> = edit.flipped.iter().map(|&pos| (pos, EDIT_MARK)).collect();
        let left = 2 * MARGIN + panel_width;
        draw_panel(&mut drawing, left, &edit.picture, &marks, "edit 1");
    }
    drawing
}

/// The top-left pixel of the cell at `pos` in a panel whose left edge is `left`.
pub fn cell_origin(left: u32, pos: Pos) -> (u32, u32) {
    (left + pos.col as u32 * CELL, MARGIN + pos.row as u32 * CELL)
}

fn draw_panel(
    drawing: &mut Drawing,
    left: u32,
    picture: &Grid<bool>,
    marks: &[(Pos, Rgb)],
    caption: &str,
) {
    drawing.text(left, MARGIN / 2, 12, Anchor::Start, Rgb::BLACK, caption);
    for pos in picture.positions() {
        let (x, y) = cell_origin(left, pos);
        drawing.outline(x, y, CELL + 1, CELL + 1, 1, GRID_LINE);
        if picture[pos] {
            drawing.rect(x + 1, y + 1, CELL - 1, CELL - 1, INK);
        }
    }
    for &(pos, colour) in marks {
        let (x, y) = cell_origin(left, pos);
        drawing.outline(x, y, CELL + 1, CELL + 1, 3, colour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::repair::{FixOptions, fix};

    #[test]
    fn hints_and_edits_are_framed_in_their_colours() {
        // Two 2x2 diagonals side by side in a 2x5 picture: ambiguous, one hint per square.
        let design = Grid::from_rows(vec![
            vec![true, false, false, true, false],
            vec![false, true, false, false, true],
        ])
        .unwrap();
        let repairs = fix(&design, &FixOptions::default()).unwrap();
        let hints = repairs.hints.clone().unwrap();
        let image = draw_repairs(&design, &repairs).to_raster().unwrap();
        let frame_pixel = |left: u32, pos: Pos| {
            let (x, y) = cell_origin(left, pos);
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
            let left = 2 * MARGIN + design.width() as u32 * CELL;
            assert_eq!(frame_pixel(left, edit.flipped[0]), EDIT_MARK);
        }
    }
}
