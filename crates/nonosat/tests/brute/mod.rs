//! Brute-force references for tests: enumerate lines and grids, share no logic with the library.
#![allow(dead_code)] // each test crate uses a different part

pub mod colour;

use nonosat::{Cell, Clue, Grid, LineId, Pos, Puzzle};

/// The block lengths of the black runs in the first `len` bits of `mask` (bit i = cell i).
pub fn runs(mask: impl Into<u64>, len: usize) -> Vec<usize> {
    let mask: u64 = mask.into();
    let mut blocks = Vec::new();
    let mut run = 0;
    for i in 0..len {
        if mask >> i & 1 == 1 {
            run += 1;
        } else if run > 0 {
            blocks.push(run);
            run = 0;
        }
    }
    if run > 0 {
        blocks.push(run);
    }
    blocks
}

/// Every line of `len` cells, as bit masks, grouped by clue; clues in first-seen order.
pub fn lines_by_clue(len: usize) -> Vec<(Vec<usize>, Vec<u32>)> {
    let mut groups: Vec<(Vec<usize>, Vec<u32>)> = Vec::new();
    for mask in 0..1u32 << len {
        let clue = runs(mask, len);
        match groups.iter_mut().find(|(c, _)| *c == clue) {
            Some((_, masks)) => masks.push(mask),
            None => groups.push((clue, vec![mask])),
        }
    }
    groups
}

/// Every partial line of `len` cells: (black mask, white mask), disjoint.
pub fn partial_lines(len: usize) -> impl Iterator<Item = (u32, u32)> {
    (0..3u32.pow(len as u32)).map(move |mut code| {
        let (mut black, mut white) = (0, 0);
        for i in 0..len {
            match code % 3 {
                1 => black |= 1 << i,
                2 => white |= 1 << i,
                _ => {}
            }
            code /= 3;
        }
        (black, white)
    })
}

/// The partial line as library cells.
pub fn cells(black: u32, white: u32, len: usize) -> Vec<Cell> {
    (0..len)
        .map(|i| match (black >> i & 1, white >> i & 1) {
            (1, _) => Cell::Black,
            (_, 1) => Cell::White,
            _ => Cell::Unknown,
        })
        .collect()
}

/// What all arrangements in `masks` that agree with the partial line have in common:
/// `None` when none agrees, else the cells every agreeing arrangement shares.
pub fn common_cells(masks: &[u32], black: u32, white: u32, len: usize) -> Option<Vec<Cell>> {
    let full = (1u32 << len) - 1;
    let (mut always_black, mut always_white, mut any) = (full, full, false);
    for &mask in masks {
        if mask & black == black && mask & white == 0 {
            any = true;
            always_black &= mask;
            always_white &= !mask & full;
        }
    }
    any.then(|| cells(always_black, always_white, len))
}

/// A small deterministic random number generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..bound`.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }

    /// A random picture, each cell black with probability `density`.
    pub fn picture(&mut self, width: usize, height: usize, density: f64) -> Grid<bool> {
        let rows = (0..height)
            .map(|_| {
                (0..width)
                    .map(|_| (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= density)
                    .collect()
            })
            .collect();
        Grid::from_rows(rows).unwrap()
    }
}

/// `count` random pictures of 5 to 25 cells a side, each cell black with a probability drawn from
/// 0.3 to 0.7, with the puzzles read off them.
pub fn varied_puzzles(seed: u64, count: usize) -> Vec<(Puzzle, Grid<bool>)> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let width = 5 + rng.below(21) as usize;
            let height = 5 + rng.below(21) as usize;
            let density = 0.3 + 0.4 * rng.below(1001) as f64 / 1000.0;
            let picture = rng.picture(width, height, density);
            (Puzzle::from_picture(&picture).unwrap(), picture)
        })
        .collect()
}

/// The picture with the given rows, bit i of `rows[r]` being column i.
pub fn picture_from_masks(rows: &[u32], width: usize) -> Grid<bool> {
    Grid::from_rows(
        rows.iter()
            .map(|&m| (0..width).map(|c| m >> c & 1 == 1).collect())
            .collect(),
    )
    .unwrap()
}

/// A puzzle's row clues and column clues.
pub type ClueSets = (Vec<Clue>, Vec<Clue>);

/// Every puzzle of every size up to `max_side` x `max_side` that some picture has, with all the
/// pictures that share its clues: the complete set of its solutions. Found by reading the clues off
/// every picture, so that no solver is involved.
pub fn every_small_puzzle(max_side: usize) -> Vec<(Puzzle, Vec<Grid<bool>>)> {
    let mut puzzles = Vec::new();
    for height in 1..=max_side {
        for width in 1..=max_side {
            let mut groups: std::collections::HashMap<ClueSets, Vec<Grid<bool>>> =
                std::collections::HashMap::new();
            for bits in 0..1u32 << (width * height) {
                let rows: Vec<u32> = (0..height)
                    .map(|r| bits >> (r * width) & ((1 << width) - 1))
                    .collect();
                let picture = picture_from_masks(&rows, width);
                let puzzle = Puzzle::from_picture(&picture).unwrap();
                groups
                    .entry((puzzle.rows().to_vec(), puzzle.columns().to_vec()))
                    .or_default()
                    .push(picture);
            }
            for ((rows, columns), pictures) in groups {
                puzzles.push((Puzzle::new(rows, columns).unwrap(), pictures));
            }
        }
    }
    puzzles
}

/// Whether `grid` meets every clue of `puzzle`, by this module's own run reading.
pub fn satisfies(puzzle: &Puzzle, grid: &Grid<bool>) -> bool {
    puzzle.lines().all(|line| {
        let mask = grid
            .line(line)
            .iter()
            .enumerate()
            .fold(0u32, |m, (i, &b)| m | (b as u32) << i);
        runs(mask, puzzle.line_len(line)) == puzzle.clue(line).blocks()
    })
}

/// Counts the solutions of `puzzle` (up to `cap`) by trying every arrangement of every row and
/// checking the columns; only for small puzzles.
pub fn count_solutions(puzzle: &Puzzle, cap: usize) -> usize {
    all_solutions(puzzle, cap).len()
}

/// The solutions of `puzzle` (the first `cap` of them), found as [`count_solutions`] counts them.
pub fn all_solutions(puzzle: &Puzzle, cap: usize) -> Vec<Grid<bool>> {
    let width = puzzle.width();
    let by_clue = lines_by_clue(width);
    let candidates: Vec<&[u32]> = puzzle
        .rows()
        .iter()
        .map(|clue| {
            by_clue
                .iter()
                .find(|(c, _)| c.as_slice() == clue.blocks())
                .map_or(&[][..], |(_, masks)| masks.as_slice())
        })
        .collect();
    let mut chosen = Vec::with_capacity(puzzle.height());
    let mut found = Vec::new();
    search(puzzle, &candidates, &mut chosen, &mut found, cap);
    found
}

fn search(
    puzzle: &Puzzle,
    candidates: &[&[u32]],
    chosen: &mut Vec<u32>,
    found: &mut Vec<Grid<bool>>,
    cap: usize,
) {
    if found.len() >= cap {
        return;
    }
    let row = chosen.len();
    if row == candidates.len() {
        let picture = picture_from_masks(chosen, puzzle.width());
        if satisfies(puzzle, &picture) {
            found.push(picture);
        }
        return;
    }
    for &mask in candidates[row] {
        chosen.push(mask);
        if columns_can_continue(puzzle, chosen) {
            search(puzzle, candidates, chosen, found, cap);
        }
        chosen.pop();
    }
}

/// Whether each column's cells so far start a line that its clue allows: the finished runs match
/// the clue's first blocks and the open run is not longer than the next block.
fn columns_can_continue(puzzle: &Puzzle, rows: &[u32]) -> bool {
    (0..puzzle.width()).all(|col| {
        let clue = puzzle.clue(LineId::Col(col)).blocks();
        let mask = rows
            .iter()
            .enumerate()
            .fold(0u32, |m, (r, &row)| m | (row >> col & 1) << r);
        let so_far = runs(mask, rows.len());
        let open = rows.last().is_some_and(|&row| row >> col & 1 == 1);
        let finished = if open {
            &so_far[..so_far.len() - 1]
        } else {
            &so_far[..]
        };
        finished.len() <= clue.len()
            && finished.iter().zip(clue).all(|(a, b)| a == b)
            && (!open
                || clue
                    .get(finished.len())
                    .is_some_and(|&next| so_far[so_far.len() - 1] <= next))
    })
}

/// Clues from a list of block lists.
pub fn clues(lists: &[&[usize]]) -> Vec<Clue> {
    lists
        .iter()
        .map(|blocks| Clue::new(blocks.to_vec()))
        .collect()
}

/// A position, for brevity.
pub fn pos(row: usize, col: usize) -> Pos {
    Pos { row, col }
}

/// Property tests run a fixed number of cases from a fixed seed, so that `cargo test` is the same
/// on every machine; a failing case is saved under `proptest-regressions/` (committed) and tried
/// first from then on.
pub fn property_config(cases: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x006e_6f6e_6f73_6174),
        ..proptest::test_runner::Config::default()
    }
}

/// Pictures of `width` x `height` cells, each cell black with probability `density`.
pub fn pictures(
    width: impl proptest::strategy::Strategy<Value = usize>,
    height: impl proptest::strategy::Strategy<Value = usize>,
    density: impl proptest::strategy::Strategy<Value = f64>,
) -> impl proptest::strategy::Strategy<Value = Grid<bool>> {
    use proptest::prelude::*;
    (width, height, density).prop_flat_map(|(width, height, density)| {
        proptest::collection::vec(proptest::bool::weighted(density), width * height).prop_map(
            move |cells| {
                Grid::from_rows(cells.chunks(width).map(<[bool]>::to_vec).collect()).unwrap()
            },
        )
    })
}
