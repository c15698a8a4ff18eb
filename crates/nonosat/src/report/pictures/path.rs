//! A solution path as a picture: each cell coloured by the depth of the step that fixed it.
//!
//! Early steps are yellow, late ones purple (the viridis scale, reversed); black or coloured cells
//! take the full colour and white or background cells a pale tint of it, so the picture stays
//! readable. Cells known at the start are grey (dark for black or a colour, light for white or the
//! background), cells the path left open (or with several colours) mid-grey with no number. A
//! legend below runs from depth 1 to the deepest step. When cells are large enough, each shows its
//! depth.

use crate::explain::Explanation;
use crate::image::{Anchor, Drawing, Rgb, largest_cell};
use crate::model::{Grid, Pos};
use crate::report::Shown;

/// Viridis, from its purple end to its yellow end.
const VIRIDIS: [Rgb; 5] = [
    Rgb(68, 1, 84),
    Rgb(59, 82, 139),
    Rgb(33, 145, 140),
    Rgb(94, 201, 98),
    Rgb(253, 231, 37),
];
const OPEN: Rgb = Rgb(176, 176, 176);
const GIVEN_BLACK: Rgb = Rgb(64, 64, 64);
const GIVEN_WHITE: Rgb = Rgb(232, 232, 232);
const GRID_LINE: Rgb = Rgb(120, 120, 120);
const MARGIN: u32 = 8;
const LEGEND: u32 = 40;

/// The picture of `puzzle`'s `explanation`, whose path started from `start`: a cell is dark
/// when its value is painted ([`Shown::fill`]: black, or a colour), pale when it is white or the
/// background.
pub fn path_drawing<P: Shown, V>(
    puzzle: &P,
    start: &Grid<P::Known>,
    explanation: &Explanation<P::Known, V>,
) -> Drawing {
    let dark = |known| puzzle.fill(P::value_of(known)).is_some();
    draw_path(explanation, |pos, depth, max_depth| {
        let (given, known) = (start[pos], explanation.grid[pos]);
        match depth {
            _ if P::is_fixed(given) && dark(given) => GIVEN_BLACK,
            _ if P::is_fixed(given) => GIVEN_WHITE,
            Some(depth) if P::is_fixed(known) && dark(known) => depth_colour(depth, max_depth),
            Some(depth) if P::is_fixed(known) => pale(depth_colour(depth, max_depth)),
            _ => OPEN,
        }
    })
}

/// The picture of `explanation`, each cell filled as `fill` gives it from the cell, the depth of
/// the last step that changed it and the deepest step; a cell not drawn as open shows its depth.
fn draw_path<K, V>(
    explanation: &Explanation<K, V>,
    fill: impl Fn(Pos, Option<usize>, usize) -> Rgb,
) -> Drawing {
    let start = &explanation.grid;
    let (width, height) = (start.width() as u32, start.height() as u32);
    let page = |cell: u32| {
        let page_width = (2 * MARGIN + width * cell).max(240);
        (page_width, 2 * MARGIN + height * cell + LEGEND)
    };
    let cell = largest_cell((600 / width.max(height)).clamp(6, 28), page);
    let (page_width, page_height) = page(cell);
    let mut drawing = Drawing::new(page_width, page_height);
    let max_depth = explanation.shape.depth.max(1);
    let mut depth_of: Grid<Option<usize>> = start.map(|_| None);
    for (step, depth) in explanation.steps.iter().zip(&explanation.shape.depths) {
        for &(pos, _) in &step.fixed {
            depth_of[pos] = Some(*depth);
        }
    }
    for pos in start.positions() {
        let (x, y) = (
            MARGIN + pos.col as u32 * cell,
            MARGIN + pos.row as u32 * cell,
        );
        let fill = fill(pos, depth_of[pos], max_depth);
        drawing.rect(x, y, cell, cell, fill);
        if let Some(depth) = depth_of[pos].filter(|_| cell >= 16 && fill != OPEN) {
            let ink = if fill.luma() > 128 {
                Rgb::BLACK
            } else {
                Rgb::WHITE
            };
            let (mid_x, mid_y) = (x + cell / 2, y + cell / 2);
            drawing.text(
                mid_x,
                mid_y,
                cell / 2,
                Anchor::Middle,
                ink,
                &depth.to_string(),
            );
        }
    }
    draw_grid_lines(&mut drawing, width, height, cell);
    draw_legend(
        &mut drawing,
        MARGIN + height * cell + MARGIN,
        page_width,
        max_depth,
    );
    drawing
}

/// Lines around the grid, and between cells of 4 pixels or more (thicker every five cells).
fn draw_grid_lines(drawing: &mut Drawing, width: u32, height: u32, cell: u32) {
    let drawn = |index: u32, count: u32| index == 0 || index == count || cell >= 4;
    for col in (0..=width).filter(|&col| drawn(col, width)) {
        let thick = if col % 5 == 0 || col == width { 2 } else { 1 };
        let x = (MARGIN + col * cell).saturating_sub(thick / 2);
        drawing.rect(x, MARGIN, thick, height * cell, GRID_LINE);
    }
    for row in (0..=height).filter(|&row| drawn(row, height)) {
        let thick = if row % 5 == 0 || row == height { 2 } else { 1 };
        let y = (MARGIN + row * cell).saturating_sub(thick / 2);
        drawing.rect(MARGIN, y, width * cell, thick, GRID_LINE);
    }
}

/// Swatches from depth 1 to `max_depth` at `top`, labelled at both ends, within the page.
fn draw_legend(drawing: &mut Drawing, top: u32, page_width: u32, max_depth: usize) {
    let left = MARGIN + 60;
    let room = page_width.saturating_sub(left + 2 * MARGIN).min(200);
    let swatch = (room / max_depth as u32).max(1);
    drawing.text(MARGIN, top + 7, 12, Anchor::Start, Rgb::BLACK, "depth");
    for depth in 1..=max_depth {
        let x = left + (depth as u32 - 1) * swatch;
        drawing.rect(x, top, swatch, 14, depth_colour(depth, max_depth));
    }
    drawing.text(left, top + 26, 12, Anchor::Start, Rgb::BLACK, "1");
    let right = left + max_depth as u32 * swatch;
    let label = max_depth.to_string();
    drawing.text(right, top + 26, 12, Anchor::End, Rgb::BLACK, &label);
}

/// The colour of `depth` of `max_depth`: yellow for 1, purple for the last.
fn depth_colour(depth: usize, max_depth: usize) -> Rgb {
    let t = if max_depth <= 1 {
        0.0
    } else {
        (depth - 1) as f64 / (max_depth - 1) as f64
    };
    let along = (1.0 - t) * (VIRIDIS.len() - 1) as f64;
    let low = (along.floor() as usize).min(VIRIDIS.len() - 2);
    let f = along - low as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * f).round() as u8;
    let (a, b) = (VIRIDIS[low], VIRIDIS[low + 1]);
    Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// The colour mixed 60% towards white.
fn pale(colour: Rgb) -> Rgb {
    let towards_white = |c: u8| c + ((255 - c) as u32 * 3 / 5) as u8;
    Rgb(
        towards_white(colour.0),
        towards_white(colour.1),
        towards_white(colour.2),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_colours_run_from_yellow_to_purple() {
        assert_eq!(depth_colour(1, 5), VIRIDIS[4]);
        assert_eq!(depth_colour(5, 5), VIRIDIS[0]);
        assert_eq!(depth_colour(3, 5), VIRIDIS[2]);
        assert_eq!(depth_colour(1, 1), VIRIDIS[4]);
        assert_eq!(pale(Rgb(0, 255, 100)), Rgb(153, 255, 193));
    }

    #[cfg(feature = "png")]
    #[test]
    fn cells_are_coloured_by_the_depth_that_fixed_them() {
        use crate::explain::{PathShape, Step, StepKind, Stop};
        let at = |row, col| Pos { row, col };
        let steps = vec![
            Step {
                kind: StepKind::Line,
                lines: vec![crate::LineId::Row(0)],
                fixed: vec![(at(0, 0), true)],
                support: vec![],
            },
            Step {
                kind: StepKind::Line,
                lines: vec![crate::LineId::Col(0)],
                fixed: vec![(at(1, 0), false)],
                support: vec![(at(0, 0), true)],
            },
        ];
        use crate::model::{Cell, Puzzle};
        let mut grid = Grid::filled(2, 2, Cell::Unknown);
        grid[at(0, 0)] = Cell::Black;
        grid[at(1, 0)] = Cell::White;
        let explanation = Explanation {
            shape: PathShape::of(&steps),
            steps,
            grid,
            stop: Stop::Stalled,
            elapsed: std::time::Duration::ZERO,
        };
        let start = Grid::filled(2, 2, Cell::Unknown);
        let puzzle =
            Puzzle::from_picture(&Grid::from_rows(vec![vec![true, false]; 2]).unwrap()).unwrap();
        let png = path_drawing(&puzzle, &start, &explanation)
            .to_png()
            .unwrap();
        let raster = crate::image::Raster::from_png(&png).unwrap();
        let cell = 28; // the largest cell size
        let corner = |row: usize, col: usize| {
            let (x, y) = (MARGIN as usize + col * cell, MARGIN as usize + row * cell);
            raster.get(x + 3, y + 3)
        };
        assert_eq!(corner(0, 0), VIRIDIS[4]);
        assert_eq!(corner(1, 0), pale(VIRIDIS[0]));
        assert_eq!(corner(0, 1), OPEN);
    }
}
