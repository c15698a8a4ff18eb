//! A puzzle drawn as a puzzle book would: clue numbers left of the rows and above the columns, a grid
//! with a thicker line every five cells, and the solutions found, their differing cells in colour.
//!
//! Cells are [`PREFERRED_CELL`] pixels (wider when a clue number has three or four digits), shrunk
//! until the whole page fits [`MAX_DRAWN_PIXELS`], so that every puzzle up to the size limit can be
//! drawn. When the clue numbers would then be smaller than [`MIN_CLUE_TEXT`] pixels, the clue bands
//! are left out (the caption says so) and the cells take their room; grid lines thin out as cells
//! shrink.

use crate::image::{Anchor, Drawing, MAX_DRAWN_PIXELS, Rgb, largest_cell, text_width};
use crate::model::{Clue, Grid, Puzzle};

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
/// The legend of the differing cells, when there are two solutions.
const LEGEND: [(Rgb, &str); 2] = [
    (DIFFERING_BLACK, "black here, white in the other solution"),
    (DIFFERING_WHITE, "white here, black in the other solution"),
];

/// Where everything goes, in pixels, for one puzzle and one or two grids.
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
    /// Width of the widest caption or legend line, which the page must hold.
    widest_text: u32,
}

impl Layout {
    /// The layout of `puzzle` with the largest cells that keep the page within the pixel budget.
    fn of(puzzle: &Puzzle, two: bool, widest_text: u32) -> Layout {
        let digits = puzzle
            .rows()
            .iter()
            .chain(puzzle.columns())
            .flat_map(|clue| clue.blocks())
            .map(|block| block.to_string().len())
            .max()
            .unwrap_or(1);
        let widest = "8".repeat(digits);
        let preferred = PREFERRED_CELL.max(text_width(&widest, PREFERRED_CLUE_TEXT) + 4);
        let slots = |clues: &[Clue]| clues.iter().map(clue_slots).max().unwrap_or(1);
        let with_clues = Layout {
            cell: preferred,
            clue_text: 0,
            row_slots: slots(puzzle.rows()),
            column_slots: slots(puzzle.columns()),
            size: (puzzle.width() as u32, puzzle.height() as u32),
            two,
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
            self.legend_top() + LEGEND.len() as u32 * LABEL_LINE
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

/// The largest clue text, up to three fifths of a cell, in which `widest` fits a cell with room to
/// spare; 0 if none.
fn clue_text_size(cell: u32, widest: &str) -> u32 {
    (1..=cell * 3 / 5)
        .rev()
        .find(|&size| text_width(widest, size) + 4 <= cell)
        .unwrap_or(0)
}

/// Draws `puzzle` with its clues and a caption line above.
///
/// With no solution the grid is blank, ready to print and solve by hand. With one, its black cells
/// are filled. With two or more, the first two are drawn side by side, labelled `solution 1` and
/// `solution 2`, and the cells where they differ are coloured ([`DIFFERING_BLACK`],
/// [`DIFFERING_WHITE`]), with a legend below. The page never exceeds [`MAX_DRAWN_PIXELS`].
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
    let two = solutions.len() >= 2;
    let mut caption = shortened(caption);
    // The page must be as wide as the caption and, with two solutions, the legend.
    let widest_text = |caption: &str| {
        let legend = LEGEND
            .iter()
            .filter(|_| two)
            .map(|(_, text)| LABEL_LINE + text_width(text, LABEL_TEXT));
        legend
            .chain([text_width(caption, LABEL_TEXT)])
            .max()
            .unwrap_or(0)
    };
    let mut layout = Layout::of(puzzle, two, widest_text(&caption));
    if !layout.clues_shown() {
        // A longer caption only makes the page wider, so the clues stay out.
        caption.push_str(" (clue numbers left out: too small at this size)");
        layout = Layout::of(puzzle, two, widest_text(&caption));
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
        draw_clues(&mut drawing, puzzle, &layout);
    }
    let mut differing = Grid::filled(puzzle.width(), puzzle.height(), false);
    if let [first, second, ..] = solutions {
        for pos in first.differences(second) {
            differing[pos] = true;
        }
    }
    let grids = if two { 2 } else { 1 };
    for (index, left) in layout.grid_lefts().into_iter().take(grids).enumerate() {
        draw_grid(
            &mut drawing,
            &layout,
            left,
            solutions.get(index),
            &differing,
        );
        if two {
            let label = SOLUTION_LABELS[index];
            let y = layout.label_top() + LABEL_LINE / 2;
            drawing.text(left, y, LABEL_TEXT, Anchor::Start, TEXT, label);
        }
    }
    if two {
        for (line, (colour, text)) in LEGEND.iter().enumerate() {
            let top = layout.legend_top() + line as u32 * LABEL_LINE;
            let swatch = LABEL_LINE - 8;
            drawing.rect(MARGIN, top + 4, swatch, swatch, *colour);
            drawing.outline(MARGIN, top + 4, swatch, swatch, 1, TEXT);
            let x = MARGIN + LABEL_LINE;
            drawing.text(
                x,
                top + LABEL_LINE / 2,
                LABEL_TEXT,
                Anchor::Start,
                TEXT,
                text,
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

/// Clue slots a line needs: one per block, one for the `0` of an empty clue.
fn clue_slots(clue: &Clue) -> u32 {
    clue.len().max(1) as u32
}

/// The clue numbers, right-aligned left of each row and bottom-aligned above each column, on a
/// light background.
fn draw_clues(drawing: &mut Drawing, puzzle: &Puzzle, layout: &Layout) {
    let cell = layout.cell;
    let (width, height) = layout.size;
    let (left, top) = (layout.grid_lefts()[0], layout.grid_top());
    let (row_slots, column_slots) = (layout.row_slots, layout.column_slots);
    let numbers = |clue: &Clue| -> Vec<String> {
        match clue.blocks() {
            [] => vec!["0".to_owned()],
            blocks => blocks.iter().map(ToString::to_string).collect(),
        }
    };
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
    for (row, clue) in puzzle.rows().iter().enumerate() {
        let y = top + row as u32 * cell + cell / 2;
        for (slot, number) in numbers(clue).iter().rev().enumerate() {
            let x = left - slot as u32 * cell - cell / 2;
            drawing.text(x, y, size, Anchor::Middle, TEXT, number);
        }
    }
    for (column, clue) in puzzle.columns().iter().enumerate() {
        let x = left + column as u32 * cell + cell / 2;
        for (slot, number) in numbers(clue).iter().rev().enumerate() {
            let y = top - slot as u32 * cell - cell / 2;
            drawing.text(x, y, size, Anchor::Middle, TEXT, number);
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

/// One grid with its left edge at `left`: the cells of `solution` (blank without one), `differing`
/// cells in colour, and the grid lines.
fn draw_grid(
    drawing: &mut Drawing,
    layout: &Layout,
    left: u32,
    solution: Option<&Grid<bool>>,
    differing: &Grid<bool>,
) {
    let (cell, top) = (layout.cell, layout.grid_top());
    let (width, height) = layout.size;
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
        let layout = Layout::of(&p, false, 0);
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
        let layout = Layout::of(&p, true, 0);
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
            .chain(LEGEND.map(|(_, text)| text))
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
        let layout = Layout::of(&p, false, 0);
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
        let layout = Layout::of(&p, false, 0);
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
            let layout = Layout::of(&p, two, 0);
            let solutions = if two {
                vec![p.goal().unwrap().clone(); 2]
            } else {
                vec![]
            };
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
        let layout = Layout::of(&speckled(5, 5), false, 0);
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
        let layout = Layout::of(&p, false, 0);
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
}
