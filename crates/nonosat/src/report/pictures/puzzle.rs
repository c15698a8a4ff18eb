//! A puzzle drawn as a puzzle book would: clue numbers left of the rows and above the columns, a grid
//! with a thicker line every five cells, and the solutions found, their differing cells marked.
//!
//! Black and white marks differing cells by colour ([`DIFFERING_BLACK`], [`DIFFERING_WHITE`]);
//! a colour puzzle, whose cells already have colours, draws each clue number on a swatch of its
//! block's colour (the text black or white, whichever contrasts more) and marks differing cells
//! with an outline, so that they show without telling hues apart.
//!
//! Cells are [`PREFERRED_CELL`] pixels (wider when a clue number has three or four digits), shrunk
//! until the whole page fits [`MAX_DRAWN_PIXELS`], so that every puzzle up to the size limit can be
//! drawn. When the clue numbers would then be smaller than [`MIN_CLUE_TEXT`] pixels, the clue bands
//! are left out (the caption says so) and the cells take their room; grid lines thin out as cells
//! shrink.

use crate::image::{Anchor, Drawing, MAX_DRAWN_PIXELS, Rgb, largest_cell, text_width};
use crate::model::Grid;
use crate::report::Shown;

/// A black cell where the solutions differ.
pub const DIFFERING_BLACK: Rgb = Rgb(214, 39, 40);
/// A white cell where the solutions differ.
pub const DIFFERING_WHITE: Rgb = Rgb(255, 187, 120);

const CLUE_BACKGROUND: Rgb = Rgb(236, 236, 236);
const THIN_LINE: Rgb = Rgb(160, 160, 160);
const TEXT: Rgb = Rgb(0, 0, 0);
const MARGIN: u32 = 12;
/// Size of the caption, the solutions' labels and the legend.
const LABEL_TEXT: u32 = 16;
/// Height of a line of [`LABEL_TEXT`].
const LABEL_LINE: u32 = 24;
/// The cell side when the page has room for it, for clue numbers of up to two digits.
const PREFERRED_CELL: u32 = 24;
/// Size of the clue numbers in a cell of the preferred size.
const PREFERRED_CLUE_TEXT: u32 = 14;
/// Clue numbers smaller than this are not drawn.
const MIN_CLUE_TEXT: u32 = 7;
/// A longer caption is cut, with an ellipsis.
const MAX_CAPTION_CHARS: usize = 100;
/// The labels of the first two solutions, when there are two.
const SOLUTION_LABELS: [&str; 2] = ["solution 1", "solution 2"];
/// The legend of a black-and-white puzzle's differing cells, when there are two solutions.
const BLACK_AND_WHITE_LEGEND: [Legend; 2] = [
    Legend {
        swatch: DIFFERING_BLACK,
        outlined: false,
        text: "black here, white in the other solution",
    },
    Legend {
        swatch: DIFFERING_WHITE,
        outlined: false,
        text: "white here, black in the other solution",
    },
];
/// The legend of a colour puzzle's differing cells, when there are two solutions.
const COLOUR_LEGEND: [Legend; 1] = [Legend {
    swatch: Rgb::WHITE,
    outlined: true,
    text: "outlined: another colour in the other solution",
}];

/// One clue number as drawn: its text, and the swatch of its block's colour (colour puzzles).
struct Number {
    text: String,
    swatch: Option<Rgb>,
}

/// One line of the legend below two solutions: a swatch, whether it is outlined, and the text.
#[derive(Clone, Copy, Debug)]
struct Legend {
    swatch: Rgb,
    outlined: bool,
    text: &'static str,
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
    /// Legend lines below the grids, drawn with two solutions.
    legend: &'static [Legend],
}

impl Figure {
    /// Whether two solutions are drawn side by side, labelled, with the legend below.
    fn two(&self) -> bool {
        self.solutions.len() >= 2
    }

    /// Every clue number, rows then columns.
    fn numbers(&self) -> impl Iterator<Item = &Number> {
        self.rows.iter().chain(&self.columns).flatten()
    }
}

/// Where everything goes, in pixels, for one figure.
#[derive(Clone, Copy, Debug)]
struct Layout {
    /// Side of a cell, and of each clue number's slot.
    cell: u32,
    /// Size of the clue numbers; 0 when the clue bands are left out.
    clue_text: u32,
    /// Clue slots left of the rows (0 without clue bands).
    row_slots: u32,
    /// Clue slots above the columns (0 without clue bands).
    column_slots: u32,
    /// Puzzle width and height in cells.
    size: (u32, u32),
    /// Whether two solutions are drawn side by side, labelled, with a legend.
    two: bool,
    /// Lines of the legend under two solutions.
    legend_lines: u32,
    /// Width of the widest caption or legend line, which the page must hold.
    widest_text: u32,
}

impl Layout {
    /// The layout of `figure` with the largest cells that keep the page within the pixel budget.
    fn of(figure: &Figure, widest_text: u32) -> Layout {
        let digits = figure
            .numbers()
            .map(|number| number.text.chars().count())
            .max()
            .unwrap_or(1);
        let widest = "8".repeat(digits);
        let preferred = PREFERRED_CELL.max(text_width(&widest, PREFERRED_CLUE_TEXT) + 4);
        let with_clues = Layout {
            cell: preferred,
            clue_text: 0,
            row_slots: slots(&figure.rows),
            column_slots: slots(&figure.columns),
            size: (figure.width as u32, figure.height as u32),
            two: figure.two(),
            legend_lines: figure.legend.len() as u32,
            widest_text,
        };
        let cell = largest_cell(preferred, |cell| with_clues.with_cell(cell).page());
        let clue_text = clue_text_size(cell, &widest);
        if clue_text >= MIN_CLUE_TEXT {
            return Layout {
                clue_text,
                ..with_clues.with_cell(cell)
            };
        }
        let bare = Layout {
            row_slots: 0,
            column_slots: 0,
            ..with_clues
        };
        bare.with_cell(largest_cell(preferred, |cell| bare.with_cell(cell).page()))
    }

    fn with_cell(self, cell: u32) -> Layout {
        Layout { cell, ..self }
    }

    fn clues_shown(&self) -> bool {
        self.clue_text > 0
    }

    fn grid_width(&self) -> u32 {
        self.size.0 * self.cell
    }

    fn grid_height(&self) -> u32 {
        self.size.1 * self.cell
    }

    fn grid_top(&self) -> u32 {
        MARGIN + LABEL_LINE + self.column_slots * self.cell
    }

    /// Left edges of the grids: the first right of the row clues, the second after a gap.
    fn grid_lefts(&self) -> [u32; 2] {
        let first = MARGIN + self.row_slots * self.cell;
        [
            first,
            first + self.grid_width() + (2 * self.cell).max(MARGIN),
        ]
    }

    /// Top of the solutions' labels, under the grids.
    fn label_top(&self) -> u32 {
        self.grid_top() + self.grid_height() + MARGIN / 2
    }

    /// Top of the legend, under the labels.
    fn legend_top(&self) -> u32 {
        self.label_top() + LABEL_LINE
    }

    /// Width and height of the page.
    fn page(&self) -> (u32, u32) {
        let [first, second] = self.grid_lefts();
        let content_right = if self.two {
            (second + self.grid_width()).max(second + text_width(SOLUTION_LABELS[1], LABEL_TEXT))
        } else {
            first + self.grid_width()
        };
        let width = content_right.max(MARGIN + self.widest_text) + MARGIN;
        let bottom = if self.two {
            self.legend_top() + self.legend_lines * LABEL_LINE
        } else {
            self.grid_top() + self.grid_height()
        };
        (width, bottom + MARGIN)
    }

    /// Thickness of the grid line before cell `index` of a line of `count` cells (`index == count`
    /// is the far edge), and whether it is a thick one: thin lines between cells, thick ones every
    /// five cells and around the edge, thinner and fewer as cells shrink.
    fn line(&self, index: u32, count: u32) -> (u32, bool) {
        let edge = index == 0 || index == count;
        let fifth = index.is_multiple_of(5);
        let thick = match self.cell {
            12.. => 3,
            6..=11 => 2,
            _ => 1,
        };
        match self.cell {
            _ if edge => (thick, true),
            3.. if fifth => (thick, true),
            6.. => (1, false),
            _ => (0, false),
        }
    }
}

/// Clue slots the widest of `lines` needs: one per number.
fn slots(lines: &[Vec<Number>]) -> u32 {
    lines.iter().map(Vec::len).max().unwrap_or(1).max(1) as u32
}

/// The largest clue text, up to three fifths of a cell, in which `widest` fits a cell with room to
/// spare; 0 if none.
fn clue_text_size(cell: u32, widest: &str) -> u32 {
    (1..=cell * 3 / 5)
        .rev()
        .find(|&size| text_width(widest, size) + 4 <= cell)
        .unwrap_or(0)
}

/// Draws `puzzle` with its clues and a caption line above, black and white or colour.
///
/// With no solution the grid is blank, ready to print and solve by hand. With one, its cells are
/// filled. With two or more, the first two are drawn side by side, labelled `solution 1` and
/// `solution 2`, and the cells where they differ are marked, with a legend below: coloured
/// ([`DIFFERING_BLACK`], [`DIFFERING_WHITE`]) in black and white; outlined (black or white,
/// whichever contrasts with the cell) in colour, whose clue numbers stand on swatches of their
/// blocks' colours. The page never exceeds [`MAX_DRAWN_PIXELS`].
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
pub fn draw_puzzle<P: Shown>(puzzle: &P, solutions: &[Grid<P::Value>], caption: &str) -> Drawing {
    draw_figure(&figure(puzzle, solutions), caption)
}

/// What a puzzle's figure shows.
fn figure<P: Shown>(puzzle: &P, solutions: &[Grid<P::Value>]) -> Figure {
    let (width, height) = (puzzle.width(), puzzle.height());
    let numbers = |lines: std::ops::Range<usize>| -> Vec<Vec<Number>> {
        lines
            .map(|line| {
                let blocks = puzzle.clue_numbers(line);
                if blocks.is_empty() {
                    return vec![Number {
                        text: "0".to_owned(),
                        swatch: None,
                    }];
                }
                blocks
                    .into_iter()
                    .map(|(len, swatch)| Number {
                        text: len.to_string(),
                        swatch,
                    })
                    .collect()
            })
            .collect()
    };
    let differing = differing(width, height, solutions);
    let in_colour = puzzle.palette().is_some();
    let fills = |solution: &Grid<P::Value>| {
        let mut fill = Grid::filled(width, height, None);
        for pos in solution.positions() {
            let painted = puzzle.fill(solution[pos]);
            fill[pos] = match (painted, in_colour || !differing[pos]) {
                (painted, true) => painted,
                (Some(_), false) => Some(DIFFERING_BLACK),
                (None, false) => Some(DIFFERING_WHITE),
            };
        }
        fill
    };
    let (outlined, legend): (_, &'static [Legend]) = if in_colour {
        (differing.clone(), &COLOUR_LEGEND)
    } else {
        (Grid::filled(width, height, false), &BLACK_AND_WHITE_LEGEND)
    };
    Figure {
        width,
        height,
        rows: numbers(0..height),
        columns: numbers(height..height + width),
        solutions: solutions.iter().take(2).map(fills).collect(),
        outlined,
        legend,
    }
}

/// The cells where the first two of `solutions` differ (none with fewer than two).
fn differing<T: PartialEq>(width: usize, height: usize, solutions: &[Grid<T>]) -> Grid<bool> {
    let mut differing = Grid::filled(width, height, false);
    if let [first, second, ..] = solutions {
        for pos in first.differences(second) {
            differing[pos] = true;
        }
    }
    differing
}

/// Black or white, whichever stands out more on `fill`.
fn contrast(fill: Rgb) -> Rgb {
    if fill.luma() < 128 {
        Rgb::WHITE
    } else {
        Rgb::BLACK
    }
}

/// The figure with a caption line above, in the largest cells the pixel budget allows.
fn draw_figure(figure: &Figure, caption: &str) -> Drawing {
    let two = figure.two();
    let mut caption = shortened(caption);
    // The page must be as wide as the caption and, with two solutions, the legend.
    let widest_text = |caption: &str| {
        let legend = figure
            .legend
            .iter()
            .filter(|_| two)
            .map(|line| LABEL_LINE + text_width(line.text, LABEL_TEXT));
        legend
            .chain([text_width(caption, LABEL_TEXT)])
            .max()
            .unwrap_or(0)
    };
    let mut layout = Layout::of(figure, widest_text(&caption));
    if !layout.clues_shown() {
        // A longer caption only makes the page wider, so the clues stay out.
        caption.push_str(" (clue numbers left out: too small at this size)");
        layout = Layout::of(figure, widest_text(&caption));
    }
    let (width, height) = layout.page();
    debug_assert!(u64::from(width) * u64::from(height) <= MAX_DRAWN_PIXELS || layout.cell == 1);

    let mut drawing = Drawing::new(width, height);
    drawing.text(
        MARGIN,
        MARGIN + LABEL_LINE / 2,
        LABEL_TEXT,
        Anchor::Start,
        TEXT,
        &caption,
    );
    if layout.clues_shown() {
        draw_clues(&mut drawing, figure, &layout);
    }
    let grids = if two { 2 } else { 1 };
    for (index, left) in layout.grid_lefts().into_iter().take(grids).enumerate() {
        draw_grid(
            &mut drawing,
            figure,
            &layout,
            left,
            figure.solutions.get(index),
        );
        if two {
            let label = SOLUTION_LABELS[index];
            let y = layout.label_top() + LABEL_LINE / 2;
            drawing.text(left, y, LABEL_TEXT, Anchor::Start, TEXT, label);
        }
    }
    if two {
        for (line, legend) in figure.legend.iter().enumerate() {
            let top = layout.legend_top() + line as u32 * LABEL_LINE;
            let swatch = LABEL_LINE - 8;
            drawing.rect(MARGIN, top + 4, swatch, swatch, legend.swatch);
            drawing.outline(MARGIN, top + 4, swatch, swatch, 1, TEXT);
            if legend.outlined {
                mark(&mut drawing, (MARGIN, top + 4), swatch, legend.swatch);
            }
            let x = MARGIN + LABEL_LINE;
            drawing.text(
                x,
                top + LABEL_LINE / 2,
                LABEL_TEXT,
                Anchor::Start,
                TEXT,
                legend.text,
            );
        }
    }
    drawing
}

/// `caption`, cut to [`MAX_CAPTION_CHARS`] characters with an ellipsis.
fn shortened(caption: &str) -> String {
    if caption.chars().count() <= MAX_CAPTION_CHARS {
        return caption.to_owned();
    }
    let kept: String = caption.chars().take(MAX_CAPTION_CHARS - 1).collect();
    kept + "\u{2026}"
}

/// The outline that marks a square of `side` pixels at `(x, y)` filled with `fill`: a sixth of the
/// side in, black or white, whichever contrasts with the fill (the whole square in the smallest
/// cells).
fn mark(drawing: &mut Drawing, (x, y): (u32, u32), side: u32, fill: Rgb) {
    let inset = side / 6;
    let thickness = if side >= 12 { 2 } else { 1 };
    let inner = side - 2 * inset;
    drawing.outline(
        x + inset,
        y + inset,
        inner,
        inner,
        thickness,
        contrast(fill),
    );
}

/// The clue numbers, right-aligned left of each row and bottom-aligned above each column, on a
/// light background (each on a swatch of its colour, in a colour puzzle).
fn draw_clues(drawing: &mut Drawing, figure: &Figure, layout: &Layout) {
    let cell = layout.cell;
    let (width, height) = layout.size;
    let (left, top) = (layout.grid_lefts()[0], layout.grid_top());
    let (row_slots, column_slots) = (layout.row_slots, layout.column_slots);
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
    let size = layout.clue_text;
    let number = |drawing: &mut Drawing, (x, y): (u32, u32), number: &Number| {
        let ink = match number.swatch {
            Some(swatch) => {
                let half = cell / 2;
                drawing.rect(x - half + 1, y - half + 1, cell - 2, cell - 2, swatch);
                contrast(swatch)
            }
            None => TEXT,
        };
        drawing.text(x, y, size, Anchor::Middle, ink, &number.text);
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
    let band_top = top - column_slots * cell;
    for column in 0..=width {
        let x = (left + column * cell).saturating_sub(1);
        drawing.rect(x, band_top, 1, column_slots * cell, THIN_LINE);
    }
    for row in 0..=height {
        let y = (top + row * cell).saturating_sub(1);
        drawing.rect(left - row_slots * cell, y, row_slots * cell, 1, THIN_LINE);
    }
}

/// One grid with its left edge at `left`: the cells of `solution` (blank without one), the
/// figure's outlined cells marked, and the grid lines.
fn draw_grid(
    drawing: &mut Drawing,
    figure: &Figure,
    layout: &Layout,
    left: u32,
    solution: Option<&Grid<Option<Rgb>>>,
) {
    let (cell, top) = (layout.cell, layout.grid_top());
    let (width, height) = layout.size;
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
    // Thin lines first, so that the thick ones cross them.
    for thick_pass in [false, true] {
        let colour = if thick_pass { Rgb::BLACK } else { THIN_LINE };
        for column in 0..=width {
            let (weight, thick) = layout.line(column, width);
            if weight > 0 && thick == thick_pass {
                let x = (left + column * cell).saturating_sub(weight / 2);
                let y = top.saturating_sub(weight / 2);
                drawing.rect(x, y, weight, height * cell + weight, colour);
            }
        }
        for row in 0..=height {
            let (weight, thick) = layout.line(row, height);
            if weight > 0 && thick == thick_pass {
                let y = (top + row * cell).saturating_sub(weight / 2);
                let x = left.saturating_sub(weight / 2);
                drawing.rect(x, y, width * cell + weight, weight, colour);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Clue, ColourPuzzle, Palette, Pos, Puzzle};

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

    /// A `width` x `height` puzzle whose picture is pseudo-random, about half black: many clue
    /// numbers a line, the worst case for the clue bands.
    fn speckled(width: usize, height: usize) -> Puzzle {
        let mut state = 0x2545_f491_4f6c_dd1d_u64 ^ (width * 1000 + height) as u64;
        let rows = (0..height)
            .map(|_| {
                (0..width)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        state & 1 == 1
                    })
                    .collect()
            })
            .collect();
        Puzzle::from_picture(&Grid::from_rows(rows).unwrap()).unwrap()
    }

    /// The layout `draw_puzzle` gives `p` with `solutions` (and a narrow caption).
    fn layout(p: &Puzzle, solutions: &[Grid<bool>]) -> Layout {
        Layout::of(&figure(p, solutions), 0)
    }

    /// The centre pixel of the cell at `pos` in the grid whose left edge is `left`.
    fn centre(layout: &Layout, left: u32, pos: Pos) -> (usize, usize) {
        let half = layout.cell / 2;
        (
            (left + pos.col as u32 * layout.cell + half) as usize,
            (layout.grid_top() + pos.row as u32 * layout.cell + half) as usize,
        )
    }

    /// The texts of an SVG, in document order, read by an XML parser (so the SVG must be valid).
    #[cfg(feature = "png")]
    fn texts(svg: &str) -> Vec<String> {
        let document = resvg::usvg::roxmltree::Document::parse(svg).expect("valid XML");
        document
            .descendants()
            .filter(|node| node.has_tag_name("text"))
            .map(|node| node.text().unwrap_or_default().to_owned())
            .collect()
    }

    #[cfg(feature = "png")]
    fn rendered(drawing: &Drawing) -> crate::image::Raster {
        crate::image::Raster::from_png(&drawing.to_png().unwrap()).unwrap()
    }

    #[cfg(feature = "png")]
    #[test]
    fn a_solution_fills_exactly_its_black_cells() {
        let (p, a, _) = diagonals();
        let image = rendered(&draw_puzzle(&p, std::slice::from_ref(&a), "x"));
        let layout = layout(&p, std::slice::from_ref(&a));
        for pos in a.positions() {
            let (x, y) = centre(&layout, layout.grid_lefts()[0], pos);
            let expected = if a[pos] { Rgb::BLACK } else { Rgb::WHITE };
            assert_eq!(image.get(x, y), expected, "{pos:?}");
        }
    }

    #[cfg(feature = "png")]
    #[test]
    fn two_solutions_are_labelled_their_differing_cells_coloured_with_a_legend() {
        let (p, a, b) = diagonals();
        let drawing = draw_puzzle(&p, &[a.clone(), b.clone()], "multiple");
        let image = rendered(&drawing);
        let layout = layout(&p, &[a.clone(), b.clone()]);
        for (grid, left) in [(&a, layout.grid_lefts()[0]), (&b, layout.grid_lefts()[1])] {
            for pos in grid.positions() {
                let (x, y) = centre(&layout, left, pos);
                let expected = if grid[pos] {
                    DIFFERING_BLACK
                } else {
                    DIFFERING_WHITE
                };
                assert_eq!(image.get(x, y), expected, "{pos:?} at x {left}");
            }
        }
        let texts = texts(&drawing.to_svg());
        for label in SOLUTION_LABELS
            .into_iter()
            .chain(BLACK_AND_WHITE_LEGEND.map(|line| line.text))
        {
            assert!(
                texts.iter().any(|text| text == label),
                "{label} in {texts:?}"
            );
        }
    }

    #[cfg(feature = "png")]
    #[test]
    fn a_blank_puzzle_shows_every_clue_number_and_no_filled_cell() {
        let p = puzzle(&[&[3], &[], &[1, 1]], &[&[1, 1], &[1], &[2]]);
        let drawing = draw_puzzle(&p, &[], "blank <&> \"quoted\"");
        // Caption, rows 3 / 0 / 1 1, then columns 1 1 / 1 / 2 (each clue's numbers last to first).
        assert_eq!(
            texts(&drawing.to_svg()),
            [
                "blank <&> \"quoted\"",
                "3",
                "0",
                "1",
                "1",
                "1",
                "1",
                "1",
                "2"
            ]
        );
        let image = rendered(&drawing);
        let layout = layout(&p, &[]);
        for pos in Grid::filled(3, 3, ()).positions() {
            let (x, y) = centre(&layout, layout.grid_lefts()[0], pos);
            assert_eq!(image.get(x, y), Rgb::WHITE);
        }
    }

    #[cfg(feature = "png")]
    #[test]
    fn thick_lines_fall_every_five_cells() {
        let empty: &[usize] = &[];
        let p = puzzle(&[empty; 10], &[empty; 10]);
        let image = rendered(&draw_puzzle(&p, &[], ""));
        let layout = layout(&p, &[]);
        let left = layout.grid_lefts()[0];
        let y = (layout.grid_top() + layout.cell / 2) as usize;
        let dark = |x: u32| image.get(x as usize, y) == Rgb::BLACK;
        for column in 0..=10 {
            let x = left + column * layout.cell;
            let thick = column.is_multiple_of(5);
            assert_eq!(
                dark(x) && dark(x - 1) && dark(x + 1),
                thick,
                "column {column}"
            );
        }
    }

    #[test]
    fn every_size_up_to_the_limit_fits_the_pixel_budget() {
        // (width, height, two solutions, clue numbers still drawn)
        let cases = [
            (5, 5, false, true),
            (50, 60, true, true),
            (200, 200, false, true),
            (400, 30, true, true),
            (1000, 1000, true, false),
        ];
        for (width, height, two, clues) in cases {
            let p = speckled(width, height);
            let solutions = if two {
                vec![p.goal().unwrap().clone(); 2]
            } else {
                vec![]
            };
            let layout = layout(&p, &solutions);
            let drawing = draw_puzzle(&p, &solutions, "speckled");
            let pixels = u64::from(drawing.width()) * u64::from(drawing.height());
            let context = format!("{width}x{height}: cell {}", layout.cell);
            assert!(pixels <= MAX_DRAWN_PIXELS, "{context}: {pixels} pixels");
            assert_eq!(layout.clues_shown(), clues, "{context}");
            let note = drawing.to_svg().contains("clue numbers left out");
            assert_eq!(note, !clues, "{context}");
            // Each cell is as large as the budget allows: one pixel more would not fit.
            let larger = layout.with_cell(layout.cell + 1).page();
            let at_preferred = layout.cell == PREFERRED_CELL;
            let too_large = u64::from(larger.0) * u64::from(larger.1) > MAX_DRAWN_PIXELS;
            assert!(at_preferred || too_large, "{context}");
        }
    }

    #[test]
    fn a_5x5_puzzle_gets_full_size_cells_and_readable_numbers() {
        let layout = layout(&speckled(5, 5), &[]);
        assert_eq!(layout.cell, PREFERRED_CELL);
        assert!(layout.clue_text >= PREFERRED_CLUE_TEXT, "{layout:?}");
        assert!(
            text_width("88", layout.clue_text) < layout.cell,
            "{layout:?}"
        );
    }

    #[test]
    fn a_page_is_as_wide_as_its_grid_or_its_caption_and_no_wider() {
        let p = speckled(5, 5);
        let layout = layout(&p, &[]);
        let grid_right = layout.grid_lefts()[0] + layout.grid_width();
        assert_eq!(draw_puzzle(&p, &[], "x").width(), grid_right + MARGIN);
        let caption = "a caption much wider than the grid of this small puzzle";
        let wide = MARGIN + text_width(caption, LABEL_TEXT) + MARGIN;
        assert!(wide > grid_right + MARGIN);
        assert_eq!(draw_puzzle(&p, &[], caption).width(), wide);
    }

    #[test]
    fn long_captions_are_cut_with_an_ellipsis() {
        let long = "x".repeat(300);
        let cut = shortened(&long);
        assert_eq!(cut.chars().count(), MAX_CAPTION_CHARS);
        assert!(cut.ends_with('\u{2026}'));
        assert_eq!(shortened("short"), "short");
    }
    fn red_and_yellow() -> Palette {
        use crate::model::Colour;
        Palette::new(
            Colour::new("white", [255; 3]),
            vec![
                Colour::new("red", [204, 51, 51]),
                Colour::new("yellow", [250, 230, 80]),
            ],
        )
        .unwrap()
    }

    #[cfg(feature = "png")]
    #[test]
    fn colour_clues_sit_on_swatches_and_differing_cells_are_outlined_not_recoloured() {
        let a = Grid::from_rows(vec![vec![1, 0, 2], vec![0, 1, 2]]).unwrap();
        let b = Grid::from_rows(vec![vec![0, 1, 2], vec![1, 0, 2]]).unwrap();
        let puzzle = ColourPuzzle::from_picture(&a, red_and_yellow()).unwrap();
        let solutions = [a.clone(), b];
        let drawing = draw_puzzle(&puzzle, &solutions, "colour");
        let image = rendered(&drawing);
        let layout = Layout::of(&figure(&puzzle, &solutions), 0);
        assert_eq!((layout.row_slots, layout.column_slots), (2, 1));
        let [left, second_left] = layout.grid_lefts();
        let (red, yellow) = (Rgb(204, 51, 51), Rgb(250, 230, 80));
        let inset = (layout.cell / 6) as usize;
        let corner = |(x, y): (usize, usize)| {
            let half = layout.cell as usize / 2;
            image.get(x - half + inset, y - half + inset)
        };
        // A differing red cell keeps its colour at the centre, and its outline is white on red.
        let at = centre(&layout, left, Pos { row: 0, col: 0 });
        assert_eq!(image.get(at.0, at.1), red);
        assert_eq!(corner(at), Rgb::WHITE);
        // A differing background cell is outlined in black, in the second solution red, in white.
        let at = centre(&layout, left, Pos { row: 0, col: 1 });
        assert_eq!(
            (image.get(at.0, at.1), corner(at)),
            (Rgb::WHITE, Rgb::BLACK)
        );
        let at = centre(&layout, second_left, Pos { row: 0, col: 1 });
        assert_eq!((image.get(at.0, at.1), corner(at)), (red, Rgb::WHITE));
        // A cell both solutions agree on is filled and not outlined.
        let at = centre(&layout, left, Pos { row: 0, col: 2 });
        assert_eq!((image.get(at.0, at.1), corner(at)), (yellow, yellow));
        // Row 1 reads "1 red, 1 yellow": the red number, two slots left of the grid, is on red.
        let slot_left = (left - 2 * layout.cell) as usize;
        let row_top = layout.grid_top() as usize;
        assert_eq!(image.get(slot_left + 3, row_top + 3), red);
        // Numbers are white on red, black on yellow; the legend explains the outline.
        let svg = drawing.to_svg();
        let document = resvg::usvg::roxmltree::Document::parse(&svg).unwrap();
        let inks: Vec<(&str, &str)> = document
            .descendants()
            .filter(|node| node.has_tag_name("text") && node.text() == Some("2"))
            .map(|node| (node.text().unwrap(), node.attribute("fill").unwrap()))
            .collect();
        assert_eq!(inks, [("2", "#000000")], "the yellow column's 2");
        let on_red = document
            .descendants()
            .filter(|node| node.has_tag_name("text") && node.text() == Some("1"))
            .filter(|node| node.attribute("fill") == Some("#ffffff"))
            .count();
        assert_eq!(on_red, 4, "two rows and two columns have a red 1");
        let texts = texts(&svg);
        for label in SOLUTION_LABELS
            .into_iter()
            .chain(COLOUR_LEGEND.map(|line| line.text))
        {
            assert!(
                texts.iter().any(|text| text == label),
                "{label} in {texts:?}"
            );
        }
    }

    #[test]
    fn a_large_colour_puzzle_with_a_number_a_cell_fits_the_pixel_budget() {
        // Stripes of alternating colours: a clue number for every cell of every line, twice the
        // black-and-white worst case.
        let side = 400;
        let rows = (0..side)
            .map(|row| (0..side).map(|col| 1 + ((row + col) % 2) as u8).collect())
            .collect();
        let picture = Grid::from_rows(rows).unwrap();
        let puzzle = ColourPuzzle::from_picture(&picture, red_and_yellow()).unwrap();
        let solutions = [picture.clone(), picture];
        let drawing = draw_puzzle(&puzzle, &solutions, "stripes");
        let pixels = u64::from(drawing.width()) * u64::from(drawing.height());
        assert!(pixels <= MAX_DRAWN_PIXELS, "{pixels} pixels");
        let layout = Layout::of(&figure(&puzzle, &solutions), 0);
        assert_eq!(layout.row_slots, 0, "clue bands left out: {layout:?}");
        assert!(drawing.to_svg().contains("clue numbers left out"));
    }
}
