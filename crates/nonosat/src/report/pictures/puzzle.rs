//! A puzzle drawn as a puzzle book would: clue numbers left of the rows and above the columns, a grid
//! with a thicker line every five cells, and the solutions found, their differing cells in colour.

use crate::model::{Clue, Grid, Puzzle};

use crate::image::Rgb;
use crate::image::{Anchor, Drawing};

/// A black cell where the solutions differ.
pub const DIFFERING_BLACK: Rgb = Rgb(214, 39, 40);
/// A white cell where the solutions differ.
pub const DIFFERING_WHITE: Rgb = Rgb(255, 187, 120);

const CLUE_BACKGROUND: Rgb = Rgb(236, 236, 236);
const THIN_LINE: Rgb = Rgb(160, 160, 160);
const TEXT: Rgb = Rgb(0, 0, 0);
const MARGIN: u32 = 12;

/// Pixel sizes of one figure, chosen from the puzzle's size and its widest clue number.
#[derive(Clone, Copy, Debug)]
struct Metrics {
    /// Side of a cell, and of each clue number's slot.
    cell: u32,
    /// Height of the text.
    text: u32,
}

impl Metrics {
    /// Cells wide enough for the widest clue number in the 5x7 font (scale 2, or 1 beyond 100
    /// cells a side, so that a 1000x1000 puzzle stays within a PNG's size limit).
    fn of(puzzle: &Puzzle) -> Metrics {
        let scale = if puzzle.width().max(puzzle.height()) <= 100 {
            2
        } else {
            1
        };
        let digits = puzzle
            .rows()
            .iter()
            .chain(puzzle.columns())
            .flat_map(|clue| clue.blocks())
            .map(|block| block.to_string().len() as u32)
            .max()
            .unwrap_or(1)
            .max(2);
        Metrics {
            cell: 6 * scale * digits + 2,
            text: 9 * scale,
        }
    }

    /// Width in pixels of `text` in the raster font (SVG fonts come close).
    fn text_width(self, text: &str) -> u32 {
        text.chars().count() as u32 * 6 * (self.text / 9)
    }
}

/// Draws `puzzle` with its clues and a caption line above.
///
/// With no solution the grid is blank, ready to print and solve by hand. With one, its black cells
/// are filled. With two or more, the first two are drawn side by side and the cells where they
/// differ are coloured ([`DIFFERING_BLACK`], [`DIFFERING_WHITE`]), with a legend below.
///
/// ```
/// use nonosat::{Clue, Puzzle};
/// use nonosat::report::draw_puzzle;
///
/// let clues = |lists: &[&[usize]]| lists.iter().map(|b| Clue::new(b.to_vec())).collect();
/// let puzzle = Puzzle::new(clues(&[&[1], &[1]]), clues(&[&[1], &[1]])).unwrap();
/// let blank = draw_puzzle(&puzzle, &[], "2x2 puzzle");
/// assert!(blank.to_svg().contains(">2x2 puzzle</text>"));
/// ```
pub fn draw_puzzle(puzzle: &Puzzle, solutions: &[Grid<bool>], caption: &str) -> Drawing {
    let metrics = Metrics::of(puzzle);
    let cell = metrics.cell;
    let row_slots = puzzle.rows().iter().map(clue_slots).max().unwrap_or(1);
    let column_slots = puzzle.columns().iter().map(clue_slots).max().unwrap_or(1);
    let grid_width = puzzle.width() as u32 * cell;
    let grid_height = puzzle.height() as u32 * cell;
    let caption_height = cell;
    let grid_left = MARGIN + row_slots * cell;
    let grid_top = MARGIN + caption_height + column_slots * cell;

    let two = solutions.len() >= 2;
    let second_left = grid_left + grid_width + 2 * cell;
    let legend = if two {
        vec![
            (DIFFERING_BLACK, "black here, white in the other solution"),
            (DIFFERING_WHITE, "white here, black in the other solution"),
        ]
    } else {
        Vec::new()
    };
    let legend_top = grid_top + grid_height + cell;
    let content_right = if two {
        second_left + grid_width
    } else {
        grid_left + grid_width
    };
    let widest_text = legend
        .iter()
        .map(|(_, text)| 2 * cell + metrics.text_width(text))
        .chain([metrics.text_width(caption)])
        .max()
        .unwrap_or(0);
    let width = content_right.max(MARGIN + widest_text) + MARGIN;
    let height = if two {
        legend_top + legend.len() as u32 * cell + MARGIN
    } else {
        grid_top + grid_height + MARGIN
    };

    let mut drawing = Drawing::new(width, height);
    drawing.text(
        MARGIN,
        MARGIN + caption_height / 2,
        metrics.text,
        Anchor::Start,
        TEXT,
        caption,
    );
    draw_clues(&mut drawing, puzzle, metrics, grid_left, grid_top);
    let mut differing = Grid::filled(puzzle.width(), puzzle.height(), false);
    if let [first, second, ..] = solutions {
        for pos in first.differences(second) {
            differing[pos] = true;
        }
    }
    let shown = |index: usize| solutions.get(index);
    draw_grid(
        &mut drawing,
        puzzle,
        metrics,
        (grid_left, grid_top),
        shown(0),
        &differing,
    );
    if two {
        drawing.text(
            second_left + grid_width / 2,
            grid_top - cell / 2,
            metrics.text,
            Anchor::Middle,
            TEXT,
            "solution 2",
        );
        draw_grid(
            &mut drawing,
            puzzle,
            metrics,
            (second_left, grid_top),
            shown(1),
            &differing,
        );
        for (line, (colour, text)) in legend.iter().enumerate() {
            let top = legend_top + line as u32 * cell;
            drawing.rect(MARGIN, top + 3, cell - 6, cell - 6, *colour);
            drawing.outline(MARGIN, top + 3, cell - 6, cell - 6, 1, TEXT);
            drawing.text(
                MARGIN + cell + cell / 2,
                top + cell / 2,
                metrics.text,
                Anchor::Start,
                TEXT,
                text,
            );
        }
    }
    drawing
}

/// Clue slots a line needs: one per block, one for the `0` of an empty clue.
fn clue_slots(clue: &Clue) -> u32 {
    clue.len().max(1) as u32
}

/// The clue numbers, right-aligned left of each row and bottom-aligned above each column, on a
/// light background.
fn draw_clues(drawing: &mut Drawing, puzzle: &Puzzle, metrics: Metrics, left: u32, top: u32) {
    let cell = metrics.cell;
    let (width, height) = (puzzle.width() as u32, puzzle.height() as u32);
    let numbers = |clue: &Clue| -> Vec<String> {
        match clue.blocks() {
            [] => vec!["0".to_owned()],
            blocks => blocks.iter().map(ToString::to_string).collect(),
        }
    };
    let row_slots = puzzle.rows().iter().map(clue_slots).max().unwrap_or(1);
    let column_slots = puzzle.columns().iter().map(clue_slots).max().unwrap_or(1);
    drawing.rect(
        left - row_slots * cell,
        top,
        row_slots * cell,
        height * cell,
        CLUE_BACKGROUND,
    );
    drawing.rect(
        left,
        top - column_slots * cell,
        width * cell,
        column_slots * cell,
        CLUE_BACKGROUND,
    );
    for (row, clue) in puzzle.rows().iter().enumerate() {
        let numbers = numbers(clue);
        let y = top + row as u32 * cell + cell / 2;
        for (slot, number) in numbers.iter().rev().enumerate() {
            let x = left - slot as u32 * cell - cell / 2;
            drawing.text(x, y, metrics.text, Anchor::Middle, TEXT, number);
        }
    }
    for (column, clue) in puzzle.columns().iter().enumerate() {
        let numbers = numbers(clue);
        let x = left + column as u32 * cell + cell / 2;
        for (slot, number) in numbers.iter().rev().enumerate() {
            let y = top - slot as u32 * cell - cell / 2;
            drawing.text(x, y, metrics.text, Anchor::Middle, TEXT, number);
        }
    }
    // Thin lines between the clue slots of neighbouring lines, as in a printed puzzle.
    for column in 0..=width {
        let x = (left + column * cell).saturating_sub(1);
        drawing.rect(
            x,
            top - column_slots * cell,
            1,
            column_slots * cell,
            THIN_LINE,
        );
    }
    for row in 0..=height {
        let y = (top + row * cell).saturating_sub(1);
        drawing.rect(left - row_slots * cell, y, row_slots * cell, 1, THIN_LINE);
    }
}

/// One grid at `(left, top)`: the cells of `solution` (blank without one), `differing` cells in
/// colour, thin lines between cells and thick ones every five cells and around the edge.
fn draw_grid(
    drawing: &mut Drawing,
    puzzle: &Puzzle,
    metrics: Metrics,
    (left, top): (u32, u32),
    solution: Option<&Grid<bool>>,
    differing: &Grid<bool>,
) {
    let cell = metrics.cell;
    let (width, height) = (puzzle.width() as u32, puzzle.height() as u32);
    if let Some(solution) = solution {
        for pos in solution.positions() {
            let colour = match (solution[pos], differing[pos]) {
                (true, false) => Rgb::BLACK,
                (false, false) => continue,
                (true, true) => DIFFERING_BLACK,
                (false, true) => DIFFERING_WHITE,
            };
            let (x, y) = (left + pos.col as u32 * cell, top + pos.row as u32 * cell);
            drawing.rect(x, y, cell, cell, colour);
        }
    }
    let thick = |index: u32, count: u32| index.is_multiple_of(5) || index == count;
    for pass_thick in [false, true] {
        for column in (0..=width).filter(|&c| thick(c, width) == pass_thick) {
            let (x, w) = line_span(left + column * cell, pass_thick);
            let colour = if pass_thick { Rgb::BLACK } else { THIN_LINE };
            drawing.rect(x, top.saturating_sub(1), w, height * cell + 2, colour);
        }
        for row in (0..=height).filter(|&r| thick(r, height) == pass_thick) {
            let (y, h) = line_span(top + row * cell, pass_thick);
            let colour = if pass_thick { Rgb::BLACK } else { THIN_LINE };
            drawing.rect(left.saturating_sub(1), y, width * cell + 2, h, colour);
        }
    }
}

/// Start and thickness of a grid line at pixel `at`: 1 pixel, or 3 centred on it.
fn line_span(at: u32, thick: bool) -> (u32, u32) {
    if thick {
        (at.saturating_sub(1), 3)
    } else {
        (at, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pos;

    fn puzzle(rows: &[&[usize]], columns: &[&[usize]]) -> Puzzle {
        let clues = |lists: &[&[usize]]| lists.iter().map(|b| Clue::new(b.to_vec())).collect();
        Puzzle::new(clues(rows), clues(columns)).unwrap()
    }

    fn diagonals() -> (Puzzle, Grid<bool>, Grid<bool>) {
        let p = puzzle(&[&[1], &[1]], &[&[1], &[1]]);
        let a = Grid::from_rows(vec![vec![true, false], vec![false, true]]).unwrap();
        let b = Grid::from_rows(vec![vec![false, true], vec![true, false]]).unwrap();
        (p, a, b)
    }

    fn centre(metrics: Metrics, left: u32, top: u32, pos: Pos) -> (usize, usize) {
        let half = metrics.cell / 2;
        (
            (left + pos.col as u32 * metrics.cell + half) as usize,
            (top + pos.row as u32 * metrics.cell + half) as usize,
        )
    }

    #[test]
    fn a_solution_fills_exactly_its_black_cells() {
        let (p, a, _) = diagonals();
        let image = draw_puzzle(&p, std::slice::from_ref(&a), "x")
            .to_raster()
            .unwrap();
        let m = Metrics::of(&p);
        let (left, top) = (MARGIN + m.cell, MARGIN + 2 * m.cell);
        for pos in a.positions() {
            let (x, y) = centre(m, left, top, pos);
            let expected = if a[pos] { Rgb::BLACK } else { Rgb::WHITE };
            assert_eq!(image.get(x, y), expected, "{pos:?}");
        }
    }

    #[test]
    fn two_solutions_colour_their_differing_cells_and_have_a_legend() {
        let (p, a, b) = diagonals();
        let drawing = draw_puzzle(&p, &[a.clone(), b.clone()], "multiple");
        let image = drawing.to_raster().unwrap();
        let m = Metrics::of(&p);
        let (left, top) = (MARGIN + m.cell, MARGIN + 2 * m.cell);
        let second_left = left + 2 * m.cell + 2 * m.cell;
        for (grid, left) in [(&a, left), (&b, second_left)] {
            for pos in grid.positions() {
                let (x, y) = centre(m, left, top, pos);
                let expected = if grid[pos] {
                    DIFFERING_BLACK
                } else {
                    DIFFERING_WHITE
                };
                assert_eq!(image.get(x, y), expected, "{pos:?} at x {left}");
            }
        }
        let svg = drawing.to_svg();
        assert!(svg.contains(">black here, white in the other solution</text>"));
        assert!(svg.contains(">solution 2</text>"));
    }

    #[test]
    fn a_blank_puzzle_shows_every_clue_number_and_no_filled_cell() {
        let p = puzzle(&[&[3], &[], &[1, 1]], &[&[1, 1], &[1], &[2]]);
        let drawing = draw_puzzle(&p, &[], "blank");
        let svg = drawing.to_svg();
        let numbers: Vec<&str> = svg
            .lines()
            .filter(|line| line.starts_with("<text"))
            .filter_map(|line| line.split('>').nth(1)?.strip_suffix("</text"))
            .collect();
        // Rows 3 / 0 / 1 1, then columns 1 1 / 1 / 2 (each clue's numbers last to first).
        assert_eq!(numbers, ["blank", "3", "0", "1", "1", "1", "1", "1", "2"]);
        let image = drawing.to_raster().unwrap();
        let m = Metrics::of(&p);
        let (left, top) = (MARGIN + 2 * m.cell, MARGIN + 3 * m.cell);
        for row in 0..3 {
            for col in 0..3 {
                let (x, y) = centre(m, left, top, Pos { row, col });
                assert_eq!(image.get(x, y), Rgb::WHITE);
            }
        }
    }

    #[test]
    fn thick_lines_fall_every_five_cells() {
        let empty: &[usize] = &[];
        let p = puzzle(&[empty; 10], &[empty; 10]);
        let image = draw_puzzle(&p, &[], "").to_raster().unwrap();
        let m = Metrics::of(&p);
        let (left, top) = (MARGIN + m.cell, MARGIN + 2 * m.cell);
        let y = (top + m.cell / 2) as usize;
        let dark = |x: u32| image.get(x as usize, y) == Rgb::BLACK;
        for column in 0..=10 {
            let x = left + column * m.cell;
            let thick = column.is_multiple_of(5);
            assert_eq!(
                dark(x) && dark(x - 1) && dark(x + 1),
                thick,
                "column {column}"
            );
        }
    }
}
