//! A puzzle drawn as a puzzle book would: clue numbers left of the rows and above the columns, a grid
//! with a thicker line every five cells, and the solutions found, their differing cells marked.
//!
//! Black and white marks differing cells by colour ([`DIFFERING_BLACK`], [`DIFFERING_WHITE`]);
//! a colour puzzle, whose cells already have colours, draws each clue number on a swatch of its
//! block's colour (the text black or white, whichever contrasts more) and marks differing cells
//! with an outline, so that they show without telling hues apart.

use crate::model::{BACKGROUND, Clue, ColourClue, ColourPuzzle, Grid, Palette, Puzzle};

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

/// One clue number as drawn: its text, and the swatch of its block's colour (colour puzzles).
struct Number {
    text: String,
    swatch: Option<Rgb>,
}

/// What a figure shows, whatever kind of puzzle it comes from.
struct Figure {
    width: usize,
    height: usize,
    /// Each row's clue numbers, first to last (`0` for an empty clue).
    rows: Vec<Vec<Number>>,
    /// Each column's clue numbers, first to last.
    columns: Vec<Vec<Number>>,
    /// The first two solutions (or fewer), each cell's fill; `None` leaves the paper white.
    solutions: Vec<Grid<Option<Rgb>>>,
    /// Cells to outline, in each solution drawn (colour puzzles mark differing cells so).
    outlined: Grid<bool>,
    /// Legend lines below the grids: a swatch, whether it is outlined, and the text.
    legend: Vec<(Rgb, bool, &'static str)>,
}

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
    fn of(figure: &Figure) -> Metrics {
        let scale = if figure.width.max(figure.height) <= 100 {
            2
        } else {
            1
        };
        let digits = figure
            .rows
            .iter()
            .chain(&figure.columns)
            .flatten()
            .map(|number| number.text.len() as u32)
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
    draw_figure(&figure(puzzle, solutions), caption)
}

/// What a black-and-white puzzle's figure shows.
fn figure(puzzle: &Puzzle, solutions: &[Grid<bool>]) -> Figure {
    let numbers = |clues: &[Clue]| -> Vec<Vec<Number>> {
        let plain = |text: String| Number { text, swatch: None };
        clues
            .iter()
            .map(|clue| match clue.blocks() {
                [] => vec![plain("0".to_owned())],
                blocks => blocks.iter().map(|b| plain(b.to_string())).collect(),
            })
            .collect()
    };
    let mut differing = Grid::filled(puzzle.width(), puzzle.height(), false);
    if let [first, second, ..] = solutions {
        for pos in first.differences(second) {
            differing[pos] = true;
        }
    }
    let fills = |solution: &Grid<bool>| {
        let mut fill = Grid::filled(puzzle.width(), puzzle.height(), None);
        for pos in solution.positions() {
            fill[pos] = match (solution[pos], differing[pos]) {
                (true, false) => Some(Rgb::BLACK),
                (false, false) => None,
                (true, true) => Some(DIFFERING_BLACK),
                (false, true) => Some(DIFFERING_WHITE),
            };
        }
        fill
    };
    let legend = if solutions.len() >= 2 {
        vec![
            (
                DIFFERING_BLACK,
                false,
                "black here, white in the other solution",
            ),
            (
                DIFFERING_WHITE,
                false,
                "white here, black in the other solution",
            ),
        ]
    } else {
        Vec::new()
    };
    Figure {
        width: puzzle.width(),
        height: puzzle.height(),
        rows: numbers(puzzle.rows()),
        columns: numbers(puzzle.columns()),
        solutions: solutions.iter().take(2).map(fills).collect(),
        outlined: Grid::filled(puzzle.width(), puzzle.height(), false),
        legend,
    }
}

/// Draws the colour `puzzle` with its clues, each number on a swatch of its block's colour, and a
/// caption line above. With one solution its cells are filled in their colours; with two or more,
/// the first two are drawn side by side and the cells where they differ are outlined (black or
/// white, whichever contrasts with the cell), with a legend below.
pub fn draw_colour_puzzle(puzzle: &ColourPuzzle, solutions: &[Grid<u8>], caption: &str) -> Drawing {
    let palette = puzzle.palette();
    let numbers = |clues: &[ColourClue]| -> Vec<Vec<Number>> {
        clues
            .iter()
            .map(|clue| match clue.blocks() {
                [] => vec![Number {
                    text: "0".to_owned(),
                    swatch: None,
                }],
                blocks => blocks
                    .iter()
                    .map(|block| Number {
                        text: block.len.to_string(),
                        swatch: Some(rgb(palette, block.colour)),
                    })
                    .collect(),
            })
            .collect()
    };
    let mut differing = Grid::filled(puzzle.width(), puzzle.height(), false);
    if let [first, second, ..] = solutions {
        for pos in first.differences(second) {
            differing[pos] = true;
        }
    }
    let fills = |solution: &Grid<u8>| {
        solution.map(|&colour| (colour != BACKGROUND).then(|| rgb(palette, colour)))
    };
    let legend = if solutions.len() >= 2 {
        vec![(
            Rgb::WHITE,
            true,
            "outlined: another colour in the other solution",
        )]
    } else {
        Vec::new()
    };
    let figure = Figure {
        width: puzzle.width(),
        height: puzzle.height(),
        rows: numbers(puzzle.rows()),
        columns: numbers(puzzle.columns()),
        solutions: solutions.iter().take(2).map(fills).collect(),
        outlined: differing,
        legend,
    };
    draw_figure(&figure, caption)
}

/// The colour of index `colour` of `palette`.
fn rgb(palette: &Palette, colour: u8) -> Rgb {
    let [r, g, b] = palette.colour(colour).rgb;
    Rgb(r, g, b)
}

/// Black or white, whichever stands out more on `fill`.
fn contrast(fill: Rgb) -> Rgb {
    if fill.luma() < 128 {
        Rgb::WHITE
    } else {
        Rgb::BLACK
    }
}

/// The figure with a caption line above.
fn draw_figure(figure: &Figure, caption: &str) -> Drawing {
    let metrics = Metrics::of(figure);
    let cell = metrics.cell;
    let row_slots = slots(&figure.rows);
    let column_slots = slots(&figure.columns);
    let grid_width = figure.width as u32 * cell;
    let grid_height = figure.height as u32 * cell;
    let caption_height = cell;
    let grid_left = MARGIN + row_slots * cell;
    let grid_top = MARGIN + caption_height + column_slots * cell;

    let two = figure.solutions.len() >= 2;
    let second_left = grid_left + grid_width + 2 * cell;
    let legend = &figure.legend;
    let legend_top = grid_top + grid_height + cell;
    let content_right = if two {
        second_left + grid_width
    } else {
        grid_left + grid_width
    };
    let widest_text = legend
        .iter()
        .map(|(_, _, text)| 2 * cell + metrics.text_width(text))
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
    draw_clues(&mut drawing, figure, metrics, grid_left, grid_top);
    let shown = |index: usize| figure.solutions.get(index);
    draw_grid(
        &mut drawing,
        figure,
        metrics,
        (grid_left, grid_top),
        shown(0),
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
            figure,
            metrics,
            (second_left, grid_top),
            shown(1),
        );
        for (line, (colour, outlined, text)) in legend.iter().enumerate() {
            let top = legend_top + line as u32 * cell;
            drawing.rect(MARGIN, top + 3, cell - 6, cell - 6, *colour);
            drawing.outline(MARGIN, top + 3, cell - 6, cell - 6, 1, TEXT);
            if *outlined {
                mark(&mut drawing, (MARGIN, top), cell, *colour);
            }
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

/// Clue slots the widest of `lines` needs: one per number.
fn slots(lines: &[Vec<Number>]) -> u32 {
    lines.iter().map(Vec::len).max().unwrap_or(1).max(1) as u32
}

/// The outline that marks a cell at `(x, y)` filled with `fill`.
fn mark(drawing: &mut Drawing, (x, y): (u32, u32), cell: u32, fill: Rgb) {
    let inset = (cell / 6).max(2);
    let side = cell.saturating_sub(2 * inset);
    drawing.outline(x + inset, y + inset, side, side, 2, contrast(fill));
}

/// The clue numbers, right-aligned left of each row and bottom-aligned above each column, on a
/// light background (each on a swatch of its colour, in a colour puzzle).
fn draw_clues(drawing: &mut Drawing, figure: &Figure, metrics: Metrics, left: u32, top: u32) {
    let cell = metrics.cell;
    let (width, height) = (figure.width as u32, figure.height as u32);
    let row_slots = slots(&figure.rows);
    let column_slots = slots(&figure.columns);
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
    let number = |drawing: &mut Drawing, (x, y): (u32, u32), number: &Number| {
        let ink = match number.swatch {
            Some(swatch) => {
                let half = cell / 2;
                drawing.rect(x - half + 1, y - half + 1, cell - 2, cell - 2, swatch);
                contrast(swatch)
            }
            None => TEXT,
        };
        drawing.text(x, y, metrics.text, Anchor::Middle, ink, &number.text);
    };
    for (row, numbers) in figure.rows.iter().enumerate() {
        let y = top + row as u32 * cell + cell / 2;
        for (slot, n) in numbers.iter().rev().enumerate() {
            let x = left - slot as u32 * cell - cell / 2;
            number(drawing, (x, y), n);
        }
    }
    for (column, numbers) in figure.columns.iter().enumerate() {
        let x = left + column as u32 * cell + cell / 2;
        for (slot, n) in numbers.iter().rev().enumerate() {
            let y = top - slot as u32 * cell - cell / 2;
            number(drawing, (x, y), n);
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

/// One grid at `(left, top)`: the cells of `solution` (blank without one), outlined cells marked,
/// thin lines between cells and thick ones every five cells and around the edge.
fn draw_grid(
    drawing: &mut Drawing,
    figure: &Figure,
    metrics: Metrics,
    (left, top): (u32, u32),
    solution: Option<&Grid<Option<Rgb>>>,
) {
    let cell = metrics.cell;
    let (width, height) = (figure.width as u32, figure.height as u32);
    if let Some(solution) = solution {
        for pos in solution.positions() {
            let (x, y) = (left + pos.col as u32 * cell, top + pos.row as u32 * cell);
            if let Some(colour) = solution[pos] {
                drawing.rect(x, y, cell, cell, colour);
            }
            if figure.outlined[pos] {
                mark(drawing, (x, y), cell, solution[pos].unwrap_or(Rgb::WHITE));
            }
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

    fn metrics(p: &Puzzle) -> Metrics {
        Metrics::of(&figure(p, &[]))
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
        let m = metrics(&p);
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
        let m = metrics(&p);
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
        let m = metrics(&p);
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
        let m = metrics(&p);
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

    #[test]
    fn colour_clues_sit_on_swatches_and_differing_cells_are_outlined_not_recoloured() {
        use crate::model::{Colour, ColourClue, ColourPuzzle, Palette};
        let palette = Palette::new(
            Colour::new("white", [255; 3]),
            vec![
                Colour::new("red", [204, 51, 51]),
                Colour::new("yellow", [250, 230, 80]),
            ],
        )
        .unwrap();
        let a = Grid::from_rows(vec![vec![1, 0, 2], vec![0, 1, 2]]).unwrap();
        let b = Grid::from_rows(vec![vec![0, 1, 2], vec![1, 0, 2]]).unwrap();
        let clues = |grid: &Grid<u8>, line: fn(usize) -> crate::LineId, count| {
            (0..count)
                .map(|i| ColourClue::of_line(grid.line(line(i))))
                .collect::<Vec<_>>()
        };
        let rows = clues(&a, crate::LineId::Row, 2);
        let columns = clues(&a, crate::LineId::Col, 3);
        let puzzle = ColourPuzzle::new(rows, columns, palette).unwrap();
        let drawing = draw_colour_puzzle(&puzzle, &[a.clone(), b], "colour");
        let image = drawing.to_raster().unwrap();
        let m = Metrics { cell: 26, text: 18 };
        let (left, top) = (MARGIN + 2 * m.cell, MARGIN + 2 * m.cell);
        let red = Rgb(204, 51, 51);
        // A differing red cell keeps its colour at the centre, and its outline is white on red.
        let (x, y) = centre(m, left, top, Pos { row: 0, col: 0 });
        assert_eq!(image.get(x, y), red);
        let inset = (m.cell / 6) as usize;
        let corner = (
            x - m.cell as usize / 2 + inset,
            y - m.cell as usize / 2 + inset,
        );
        assert_eq!(image.get(corner.0, corner.1), Rgb::WHITE);
        // A differing background cell is outlined in black; an undiffering one is not.
        let (x, y) = centre(m, left, top, Pos { row: 0, col: 1 });
        let corner = (
            x - m.cell as usize / 2 + inset,
            y - m.cell as usize / 2 + inset,
        );
        assert_eq!(image.get(corner.0, corner.1), Rgb::BLACK);
        let (x, y) = centre(m, left, top, Pos { row: 0, col: 2 });
        assert_eq!(image.get(x, y), Rgb(250, 230, 80));
        // Row 1 reads "1 red, 1 yellow": the red number, two slots left of the grid, is on red.
        let slot_left = (left - 2 * m.cell) as usize;
        assert_eq!(image.get(slot_left + 3, (top + 3) as usize), red);
        assert!(
            drawing
                .to_svg()
                .contains(">outlined: another colour in the other solution</text>")
        );
    }
}
