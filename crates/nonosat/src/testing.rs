//! What the unit tests share: a seeded generator, small random puzzles, and brute force, which
//! finds every solution by trying every grid and shares no logic with the solvers.

#[cfg(feature = "cadical")]
use crate::model::{Block, ColourClue, LineId};
use crate::model::{Clue, Colour, ColourPuzzle, Grid, Palette, Puzzle};

/// A small deterministic random number generator for the tests.
pub(crate) struct Rng(pub u64);

impl Rng {
    /// A number below `n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random picture of `width` x `height`, each cell black or white evenly.
pub(crate) fn random_picture(rng: &mut Rng, width: usize, height: usize) -> Grid<bool> {
    Grid::from_rows(
        (0..height)
            .map(|_| (0..width).map(|_| rng.below(2) == 1).collect())
            .collect(),
    )
    .expect("rows of one width")
}

/// The blocks of a row of cells, read directly.
pub(crate) fn blocks_of(cells: &[bool]) -> Vec<usize> {
    let mut blocks = Vec::new();
    let mut run = 0;
    for &black in cells.iter().chain([&false]) {
        if black {
            run += 1;
        } else if run > 0 {
            blocks.push(run);
            run = 0;
        }
    }
    blocks
}

/// A puzzle of `width` x `height` with random clues: half from a random picture, half with
/// rows' clues moved (often no solution).
pub(crate) fn random_puzzle(rng: &mut Rng, width: usize, height: usize) -> Puzzle {
    let picture: Vec<Vec<bool>> = (0..height)
        .map(|_| (0..width).map(|_| rng.below(2) == 1).collect())
        .collect();
    let mut rows: Vec<Clue> = picture
        .iter()
        .map(|row| Clue::new(blocks_of(row)))
        .collect();
    let columns = (0..width)
        .map(|col| {
            let column: Vec<bool> = picture.iter().map(|row| row[col]).collect();
            Clue::new(blocks_of(&column))
        })
        .collect();
    scramble_half_the_time(rng, &mut rows, |clue| {
        Clue::new(clue.blocks().iter().rev().copied().collect())
    });
    Puzzle::new(rows, columns).expect("the clues fit the grid")
}

/// A random colour puzzle of `width` by `height` with `colours` colours, each cell's value
/// drawn evenly from the background and the colours.
pub(crate) fn random_colour_puzzle(
    rng: &mut Rng,
    width: usize,
    height: usize,
    colours: u8,
) -> ColourPuzzle {
    let names = ["red", "green", "blue"];
    let palette = Palette::new(
        Colour::new("white", [255; 3]),
        (0..colours)
            .map(|c| Colour::new(names[c as usize], [80 * c, 0, 200 - 80 * c]))
            .collect(),
    )
    .expect("distinct colours");
    let cells: Vec<u8> = (0..width * height)
        .map(|_| rng.below(u64::from(colours) + 1) as u8)
        .collect();
    let picture = Grid::from_rows(cells.chunks(width).map(<[u8]>::to_vec).collect())
        .expect("rows of one width");
    ColourPuzzle::from_picture(&picture, palette).expect("a picture makes a puzzle")
}

/// Every solution of `puzzle`, by trying every grid.
pub(crate) fn brute_force(puzzle: &Puzzle) -> Vec<Grid<bool>> {
    let (width, height) = (puzzle.width(), puzzle.height());
    (0u64..1 << (width * height))
        .map(|pattern| {
            let rows = (0..height)
                .map(|row| {
                    (0..width)
                        .map(|col| pattern >> (row * width + col) & 1 == 1)
                        .collect()
                })
                .collect();
            Grid::from_rows(rows).expect("rows of one width")
        })
        .filter(|grid| puzzle.check(grid).is_ok())
        .collect()
}

/// `count` random colour puzzles of 3x3, 4x2 and 2x4 cells with two colours, half of them with
/// two rows' clues swapped and one reversed (often without a solution), each with its every
/// solution, found by trying every grid against the independent check.
#[cfg(feature = "cadical")]
pub(crate) fn small_colour_puzzles(
    rng: &mut Rng,
    count: usize,
) -> impl Iterator<Item = (ColourPuzzle, Vec<Grid<u8>>)> {
    let clue_of = |cells: Vec<u8>| {
        let mut blocks: Vec<Block> = Vec::new();
        let mut previous = 0;
        for colour in cells {
            match blocks.last_mut() {
                Some(block) if colour != 0 && colour == previous => block.len += 1,
                _ if colour != 0 => blocks.push(Block { len: 1, colour }),
                _ => {}
            }
            previous = colour;
        }
        ColourClue::new(blocks)
    };
    let palette = Palette::new(
        Colour::new("white", [255; 3]),
        vec![
            Colour::new("red", [200, 0, 0]),
            Colour::new("blue", [0, 0, 200]),
        ],
    )
    .unwrap();
    (0..count).map(move |round| {
        let (width, height) = [(3, 3), (4, 2), (2, 4)][round % 3];
        let cells: Vec<u8> = (0..width * height).map(|_| rng.below(3) as u8).collect();
        let picture = Grid::from_rows(cells.chunks(width).map(<[u8]>::to_vec).collect())
            .expect("rows of one width");
        let mut rows: Vec<ColourClue> = (0..height)
            .map(|row| clue_of(picture.line(LineId::Row(row))))
            .collect();
        let columns = (0..width)
            .map(|col| clue_of(picture.line(LineId::Col(col))))
            .collect();
        scramble_half_the_time(rng, &mut rows, |clue| {
            ColourClue::new(clue.blocks().iter().rev().copied().collect())
        });
        let puzzle = ColourPuzzle::new(rows, columns, palette.clone()).expect("the totals agree");
        // Every grid, read as base-3 digits, through the independent check.
        let solutions = (0..3usize.pow((width * height) as u32))
            .map(|mut index| {
                let cells: Vec<u8> = (0..width * height)
                    .map(|_| {
                        let colour = (index % 3) as u8;
                        index /= 3;
                        colour
                    })
                    .collect();
                Grid::from_rows(cells.chunks(width).map(<[u8]>::to_vec).collect())
                    .expect("rows of one width")
            })
            .filter(|grid| puzzle.check(grid).is_ok())
            .collect();
        (puzzle, solutions)
    })
}

/// Half the time, two rows' clues swapped (perhaps a row with itself) and the first of them
/// `reversed`: as many cells of each colour in all, but often no solution.
fn scramble_half_the_time<C>(rng: &mut Rng, rows: &mut [C], reversed: impl Fn(&C) -> C) {
    if rng.below(2) == 0 {
        let height = rows.len() as u64;
        let (a, b) = (rng.below(height) as usize, rng.below(height) as usize);
        rows.swap(a, b);
        rows[a] = reversed(&rows[a]);
    }
}
