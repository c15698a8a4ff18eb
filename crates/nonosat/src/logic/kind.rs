//! A kind of nonogram as the search's [`Board`](super::board::Board) sees it: what a cell's value
//! is, what a cell may still be, the clue of a line, and how one line is solved in place.
//!
//! [`Puzzle`] (black and white: a value is `bool`, black; a cell is a [`Cell`]) and
//! [`ColourPuzzle`] (a value is a colour index, 0 the background; a cell is the set of colours it
//! may still take, [`Colours`]) implement [`Kind`]. Each keeps its own line engine, monomorphised
//! into the board's loops:
//!
//! - black and white solves lines of up to 128 cells bit-parallel from two words per line (`u64`
//!   when every line fits 64 cells, else `u128`) kept up to date as cells change
//!   ([`note`](Kind::note)), its answers remembered (`memo.rs`), and longer ones by the
//!   dynamic program, with their results cached by their known cells: probing asks the same lines
//!   in the same states again and again (the same column, one cell more known, under each probe of
//!   a row), as pbnsolve found too; the cache is cleared when it outgrows [`CACHE_ENTRIES`], so
//!   memory stays bounded;
//! - colour solves lines of up to 128 cells bit-parallel too ([`ColourBitSolver`]), in the same
//!   words, from a word per value per line (the cells that may still take it) kept up to date the
//!   same way, and longer ones by the colour dynamic program ([`ColourDpSolver`]), cached like
//!   black and white's.
//!
//! A cell only ever narrows (a black-and-white cell goes from unknown to one value at once; a
//! colour cell loses colours one or several at a time), and a contradiction is a line with no
//! arrangement left.

use std::collections::HashMap;
use std::fmt::Debug;
use std::hash::{BuildHasherDefault, Hasher};

use super::Contradiction;
use super::DpLineSolver;
use super::belief::{black_beliefs, likelier_colour};
use super::bits::{self, BitLineSolver, LineBits};
use super::colour::{ColourDpSolver, Colours, all_colours};
use super::colour_belief::{colour_beliefs, likeliest_value};
use super::colour_bits::ColourBitSolver;
use super::memo::LineMemo;
use super::word::{Word, Words, fits_words, in_words};
use crate::model::{
    Cell, ColourClue, ColourMismatch, ColourPuzzle, Grid, Mismatch, Nonogram, Puzzle,
};

/// The most line results a line cache holds before it is cleared: about 100 MB at most on a
/// black-and-white 100x100 puzzle, and far more than a probing round asks on the puzzles measured.
pub const CACHE_ENTRIES: usize = 1 << 18;

/// Where a line's cells lie in a row-major grid: line `number` (rows first, `0..height`, then
/// columns), its `i`th cell at `first + i * step`, `len` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineAt {
    /// The line's number: a row's index, or the height plus a column's index.
    pub number: usize,
    /// The row-major index of its first cell.
    pub first: usize,
    /// The distance between two of its cells in the row-major order (1 for a row, the width for a
    /// column).
    pub step: usize,
    /// Its number of cells.
    pub len: usize,
}

/// A kind of nonogram, implemented by its puzzle type: what the board of a depth-first search
/// needs to know of it. Its size, lines and clues are its [`Nonogram`]'s.
pub trait Kind: Nonogram {
    /// A cell's value in a solution: `bool` (black) or a colour index.
    type Value: Copy + Eq + Debug;
    /// What is known of a cell: the values it may still take.
    type Known: Copy + Eq + Debug;
    /// How a grid that breaks a clue is described by the independent check.
    type Mismatch;
    /// The line engine: its solvers, work buffers and whatever it keeps per line.
    type Lines;

    /// The designer's goal picture the puzzle carries, if any.
    fn goal(&self) -> Option<&Grid<Self::Value>>;

    /// A cell that may take every value.
    fn open(&self) -> Self::Known;

    /// A cell known to hold `value`.
    fn only(value: Self::Value) -> Self::Known;

    /// Whether `known` leaves a single value.
    fn is_fixed(known: Self::Known) -> bool;

    /// The value of a cell that [`is_fixed`](Self::is_fixed) (of another cell: one of its values).
    fn value_of(known: Self::Known) -> Self::Value;

    /// The values `known` leaves, in the order a probe tries them.
    fn values(known: Self::Known) -> impl Iterator<Item = Self::Value>;

    /// Whether `known` leaves `value`.
    fn allows(known: Self::Known, value: Self::Value) -> bool {
        Self::values(known).any(|left| left == value)
    }

    /// `known` without `value` (which it holds, with another).
    fn without(known: Self::Known, value: Self::Value) -> Self::Known;

    /// A cell that may take what either `a` or `b` leaves.
    fn union(a: Self::Known, b: Self::Known) -> Self::Known;

    /// Whether `grid` meets every clue: the independent check, sharing no code with the solver.
    fn check(&self, grid: &Grid<Self::Value>) -> Result<(), Self::Mismatch>;

    /// Per cell of `known` (row-major), the value a search should try first at a branch, where
    /// the kind has a guess (none at all when `stop` says so first).
    fn likelier_values(
        &self,
        known: &Grid<Self::Known>,
        stop: &dyn Fn() -> bool,
    ) -> Vec<Option<Self::Value>>;

    /// A fresh line engine for this puzzle.
    fn line_engine(&self) -> Self::Lines;

    /// Tells the engine that the cell at `row`, `col` is now `known`: for good, or, `in_trial`,
    /// only until [`end_trial`](Self::end_trial).
    fn note(lines: &mut Self::Lines, row: usize, col: usize, known: Self::Known, in_trial: bool);

    /// Forgets what the engine was told in a trial: it knows every line's cells as it was told
    /// outside trials. It keeps them so all along, so that a probe's trial is undone by one copy
    /// rather than by noting each cell it narrowed again.
    fn end_trial(lines: &mut Self::Lines);

    /// Solves `line` of the grid `cells` (row-major) and pushes each cell it narrows, as its
    /// position in the line and what it leaves, onto `narrowed`; a contradiction when no
    /// arrangement of the clue fits.
    fn solve_line(
        &self,
        lines: &mut Self::Lines,
        line: LineAt,
        cells: &[Self::Known],
        narrowed: &mut Vec<(usize, Self::Known)>,
    ) -> Result<(), Contradiction>;
}

/// The black-and-white line engine: the known cells of each line of up to 128 cells as two words
/// (`u64` or `u128`), the bit-parallel solver, and the dynamic program with its cache for longer
/// lines.
pub struct BlackAndWhiteLines {
    height: usize,
    /// Per line, its known cells as words (unused for lines too long for them).
    words: Words<WordLines<u64>, WordLines<u128>>,
    /// Whether the rows (the columns) are short enough for [`words`](Self::words).
    rows_in_words: bool,
    columns_in_words: bool,
    solver: DpLineSolver,
    cache: LineCache,
    /// A line's cells, and what solving it gives: reused buffers.
    line: Vec<Cell>,
    solved: Vec<Cell>,
}

/// Every line's known cells in words `W`, the bit-parallel solver, and its answers remembered.
struct WordLines<W: Word> {
    known: Vec<LineBits<W>>,
    /// `known` without what a trial has noted: the same outside trials.
    before_trial: Vec<LineBits<W>>,
    bits: BitLineSolver<W>,
    memo: LineMemo<W>,
}

impl<W: Word> WordLines<W> {
    fn new(lines: usize) -> Self {
        WordLines {
            known: vec![LineBits::default(); lines],
            before_trial: vec![LineBits::default(); lines],
            bits: BitLineSolver::new(),
            memo: LineMemo::new(lines),
        }
    }

    /// Solves line `line` of `len` cells and clue `blocks` on its known cells; pushes the cells
    /// it fixes onto `narrowed`.
    #[inline]
    fn solve(
        &mut self,
        line: usize,
        blocks: &[usize],
        len: usize,
        narrowed: &mut Vec<(usize, Cell)>,
    ) -> Result<(), Contradiction> {
        let known = self.known[line];
        let bits = &mut self.bits;
        let solved = self
            .memo
            .solve(line, known, |known| bits.solve(blocks, len, known))?;
        narrowed.extend(solved.newly_known(known));
        Ok(())
    }
}

impl Kind for Puzzle {
    type Value = bool;
    type Known = Cell;
    type Mismatch = Mismatch;
    type Lines = BlackAndWhiteLines;

    fn goal(&self) -> Option<&Grid<bool>> {
        Puzzle::goal(self)
    }

    fn open(&self) -> Cell {
        Cell::Unknown
    }

    fn only(black: bool) -> Cell {
        Cell::from_black(black)
    }

    fn is_fixed(cell: Cell) -> bool {
        cell != Cell::Unknown
    }

    fn value_of(cell: Cell) -> bool {
        cell == Cell::Black
    }

    /// Black first, then white.
    fn values(cell: Cell) -> impl Iterator<Item = bool> {
        let (black, white) = match cell {
            Cell::Unknown => (true, true),
            Cell::Black => (true, false),
            Cell::White => (false, true),
        };
        [(true, black), (false, white)]
            .into_iter()
            .filter_map(|(value, open)| open.then_some(value))
    }

    fn without(_: Cell, black: bool) -> Cell {
        Cell::from_black(!black)
    }

    fn union(a: Cell, b: Cell) -> Cell {
        if a == b { a } else { Cell::Unknown }
    }

    fn check(&self, grid: &Grid<bool>) -> Result<(), Mismatch> {
        Puzzle::check(self, grid)
    }

    /// The colour belief propagation finds likelier ([`black_beliefs`]), where it is not even.
    fn likelier_values(&self, known: &Grid<Cell>, stop: &dyn Fn() -> bool) -> Vec<Option<bool>> {
        black_beliefs(self, known, stop)
            .map(|beliefs| {
                beliefs
                    .cells()
                    .iter()
                    .map(|&black| likelier_colour(black))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn line_engine(&self) -> BlackAndWhiteLines {
        let (width, height) = (self.width(), self.height());
        let longest = width.max(height);
        let lines = width + height;
        BlackAndWhiteLines {
            height,
            words: Words::for_lines(
                width,
                height,
                || WordLines::new(lines),
                || WordLines::new(lines),
            ),
            rows_in_words: fits_words(width),
            columns_in_words: fits_words(height),
            solver: DpLineSolver::new(),
            cache: LineCache::default(),
            line: Vec::with_capacity(longest),
            solved: vec![Cell::Unknown; longest],
        }
    }

    #[inline]
    fn note(lines: &mut BlackAndWhiteLines, row: usize, col: usize, cell: Cell, in_trial: bool) {
        let column = lines.height + col;
        in_words!(&mut lines.words, words => {
            if lines.rows_in_words {
                words.known[row].set(col, cell);
            }
            if lines.columns_in_words {
                words.known[column].set(row, cell);
            }
            if !in_trial {
                words.before_trial[row] = words.known[row];
                words.before_trial[column] = words.known[column];
            }
        })
    }

    fn end_trial(lines: &mut BlackAndWhiteLines) {
        in_words!(&mut lines.words, words => words.known.copy_from_slice(&words.before_trial));
    }

    fn solve_line(
        &self,
        lines: &mut BlackAndWhiteLines,
        line: LineAt,
        cells: &[Cell],
        narrowed: &mut Vec<(usize, Cell)>,
    ) -> Result<(), Contradiction> {
        let clue = self.line_clue(line.number);
        if line.len <= lines.words.max_len() {
            return in_words!(&mut lines.words, words => {
                words.solve(line.number, clue.blocks(), line.len, narrowed)
            });
        }
        lines.line.clear();
        lines
            .line
            .extend((0..line.len).map(|i| cells[line.first + i * line.step]));
        let solved = &mut lines.solved[..line.len];
        match lines.cache.lookup(line.number, pack(&lines.line)) {
            Some(Some(words)) => unpack(words, solved),
            Some(None) => return Err(Contradiction),
            None => {
                let result = lines.solver.solve_into(clue, &lines.line, solved);
                lines
                    .cache
                    .store(result.ok().map(|()| pack(solved).collect()));
                result?;
            }
        }
        for (i, (&before, &after)) in lines.line.iter().zip(&lines.solved).enumerate() {
            if before == Cell::Unknown && after != Cell::Unknown {
                narrowed.push((i, after));
            }
        }
        Ok(())
    }
}

/// The colour line engine: per line of up to 128 cells a word per value (the cells that may still
/// take it) and the bit-parallel solver; for longer lines the colour dynamic program, its results
/// cached by the line's cells.
pub struct ColourLines {
    height: usize,
    /// Per line, a word per value (unused for lines too long for words).
    words: Words<ColourWordLines<u64>, ColourWordLines<u128>>,
    /// Whether the rows (the columns) are short enough for [`words`](Self::words).
    rows_in_words: bool,
    columns_in_words: bool,
    solver: ColourDpSolver,
    cache: LineCache,
    /// The bits a cell takes in a cache key: the fewest of 2, 4, 8, 16 or 32 that hold a bit per
    /// value.
    key_bits: u32,
    /// A line's cells, and what solving it gives: reused buffers.
    line: Vec<Colours>,
    solved: Vec<Colours>,
}

/// Every line's words `W`, one per value, the bit-parallel colour solver, and a buffer for what it
/// leaves.
struct ColourWordLines<W: Word> {
    /// `may[line * values + c]`: the cells of the line that may take value `c`.
    may: Vec<W>,
    /// `may` without what a trial has noted: the same outside trials.
    before_trial: Vec<W>,
    bits: ColourBitSolver<W>,
    /// What the solver leaves, a word per value.
    can: Vec<W>,
}

impl<W: Word> ColourWordLines<W> {
    /// Every cell of every line open, for `height` rows of `width` cells and `values` values.
    fn new(width: usize, height: usize, values: usize) -> Self {
        // A line too long for words keeps them unused.
        let open = |len: usize| match len <= W::BITS {
            true => W::cells(len),
            false => W::ZERO,
        };
        let mut may = Vec::with_capacity((width + height) * values);
        may.extend(std::iter::repeat_n(open(width), height * values));
        may.extend(std::iter::repeat_n(open(height), width * values));
        ColourWordLines {
            before_trial: may.clone(),
            may,
            bits: ColourBitSolver::new(),
            can: vec![W::ZERO; values],
        }
    }

    /// Sets cell `i` of line `line` to the values `colours`; outside a trial, also as it is
    /// before any.
    #[inline]
    fn note(&mut self, line: usize, i: usize, colours: Colours, in_trial: bool) {
        let values = self.can.len();
        let bit = W::ONE << i;
        let words = line * values..(line + 1) * values;
        for (c, word) in self.may[words.clone()].iter_mut().enumerate() {
            *word &= !bit;
            if colours >> c & 1 == 1 {
                *word |= bit;
            }
        }
        if !in_trial {
            self.before_trial[words.clone()].copy_from_slice(&self.may[words]);
        }
    }

    /// Solves line `line` of `len` cells and clue `clue` on what its cells may take; pushes each
    /// cell it narrows, with what it leaves, onto `narrowed`.
    #[inline]
    fn solve(
        &mut self,
        line: usize,
        clue: &ColourClue,
        len: usize,
        narrowed: &mut Vec<(usize, Colours)>,
    ) -> Result<(), Contradiction> {
        let values = self.can.len();
        let may = &self.may[line * values..][..values];
        self.bits.solve(clue, len, may, &mut self.can)?;
        let lost = may
            .iter()
            .zip(&self.can)
            .fold(W::ZERO, |lost, (&may, &can)| lost | (may & !can));
        for i in bits::ones(lost) {
            let kept = self
                .can
                .iter()
                .enumerate()
                .fold(0, |kept, (c, &word)| kept | Colours::from(word.has(i)) << c);
            narrowed.push((i, kept));
        }
        Ok(())
    }
}

impl Kind for ColourPuzzle {
    type Value = u8;
    type Known = Colours;
    type Mismatch = ColourMismatch;
    type Lines = ColourLines;

    fn goal(&self) -> Option<&Grid<u8>> {
        ColourPuzzle::goal(self)
    }

    fn open(&self) -> Colours {
        all_colours(self.palette().len())
    }

    fn only(colour: u8) -> Colours {
        1 << colour
    }

    fn is_fixed(colours: Colours) -> bool {
        colours.is_power_of_two()
    }

    fn value_of(colours: Colours) -> u8 {
        // At most 32 colours: the index fits.
        colours.trailing_zeros() as u8
    }

    /// The background first, then the colours in the palette's order.
    fn values(colours: Colours) -> impl Iterator<Item = u8> {
        // At most 32 colours: each index fits.
        bits::ones(u64::from(colours)).map(|colour| colour as u8)
    }

    fn without(colours: Colours, colour: u8) -> Colours {
        colours & !(1 << colour)
    }

    fn union(a: Colours, b: Colours) -> Colours {
        a | b
    }

    fn check(&self, grid: &Grid<u8>) -> Result<(), ColourMismatch> {
        ColourPuzzle::check(self, grid)
    }

    /// The value colour belief propagation finds likeliest ([`colour_beliefs`]), where no other
    /// ties with it.
    fn likelier_values(&self, known: &Grid<Colours>, stop: &dyn Fn() -> bool) -> Vec<Option<u8>> {
        let values = self.palette().len() + 1;
        colour_beliefs(self, known, stop)
            .map(|beliefs| beliefs.chunks(values).map(likeliest_value).collect())
            .unwrap_or_default()
    }

    fn line_engine(&self) -> ColourLines {
        let (width, height) = (self.width(), self.height());
        let longest = width.max(height);
        let values = self.palette().len() + 1;
        ColourLines {
            height,
            words: Words::for_lines(
                width,
                height,
                || ColourWordLines::new(width, height, values),
                || ColourWordLines::new(width, height, values),
            ),
            rows_in_words: fits_words(width),
            columns_in_words: fits_words(height),
            solver: ColourDpSolver::new(),
            cache: LineCache::default(),
            key_bits: (values as u32).next_power_of_two().max(2),
            line: Vec::with_capacity(longest),
            solved: vec![0; longest],
        }
    }

    #[inline]
    fn note(lines: &mut ColourLines, row: usize, col: usize, colours: Colours, in_trial: bool) {
        let column = lines.height + col;
        in_words!(&mut lines.words, words => {
            if lines.rows_in_words {
                words.note(row, col, colours, in_trial);
            }
            if lines.columns_in_words {
                words.note(column, row, colours, in_trial);
            }
        })
    }

    fn end_trial(lines: &mut ColourLines) {
        in_words!(&mut lines.words, words => words.may.copy_from_slice(&words.before_trial));
    }

    fn solve_line(
        &self,
        lines: &mut ColourLines,
        line: LineAt,
        cells: &[Colours],
        narrowed: &mut Vec<(usize, Colours)>,
    ) -> Result<(), Contradiction> {
        let clue = self.line_clue(line.number);
        if line.len <= lines.words.max_len() {
            return in_words!(&mut lines.words, words => {
                words.solve(line.number, clue, line.len, narrowed)
            });
        }
        lines.line.clear();
        lines
            .line
            .extend((0..line.len).map(|i| cells[line.first + i * line.step]));
        let solved = &mut lines.solved[..line.len];
        let key_bits = lines.key_bits;
        match lines
            .cache
            .lookup(line.number, pack_colours(&lines.line, key_bits))
        {
            Some(Some(words)) => unpack_colours(words, key_bits, solved),
            Some(None) => return Err(Contradiction),
            None => {
                let result = lines.solver.solve_into(clue, &lines.line, solved);
                let packed = result
                    .ok()
                    .map(|()| pack_colours(solved, key_bits).collect());
                lines.cache.store(packed);
                result?;
            }
        }
        for (i, (&before, &after)) in lines.line.iter().zip(solved.iter()).enumerate() {
            if before != after {
                narrowed.push((i, after));
            }
        }
        Ok(())
    }
}

/// Line results by the line's number and known cells packed into words: the cells solving it
/// leaves, packed the same way, or that it has no arrangement. It is cleared when it outgrows
/// [`CACHE_ENTRIES`].
#[derive(Default)]
struct LineCache {
    results: HashMap<Packed, Option<Packed>, BuildHasherDefault<WordHasher>>,
    key: Vec<u64>,
}

impl LineCache {
    /// The cached result of line `number` whose cells pack into `words`, if there is one.
    fn lookup(
        &mut self,
        number: usize,
        words: impl Iterator<Item = u64>,
    ) -> Option<&Option<Packed>> {
        self.key.clear();
        self.key.push(number as u64);
        self.key.extend(words);
        self.results.get(&self.key[..])
    }

    /// Remembers `solved` as the result of the line last looked up.
    fn store(&mut self, solved: Option<Packed>) {
        if self.results.len() >= CACHE_ENTRIES {
            self.results.clear();
        }
        self.results.insert(self.key.as_slice().into(), solved);
    }
}

/// Colour cells packed `bits` bits a cell (a power of two up to 32), `64 / bits` cells a word.
fn pack_colours(line: &[Colours], bits: u32) -> impl Iterator<Item = u64> + '_ {
    let per_word = (64 / bits) as usize;
    line.chunks(per_word).map(move |chunk| {
        chunk.iter().enumerate().fold(0, |word, (i, &cell)| {
            word | u64::from(cell) << (bits as usize * i)
        })
    })
}

/// The cells that [`pack_colours`] packed into `words`.
fn unpack_colours(words: &[u64], bits: u32, cells: &mut [Colours]) {
    let per_word = (64 / bits) as usize;
    let mask = (1u64 << bits) - 1;
    for (i, cell) in cells.iter_mut().enumerate() {
        let word = words[i / per_word] >> (bits as usize * (i % per_word));
        *cell = (word & mask) as Colours;
    }
}

/// A line packed by [`pack`] (a cache key also starts with the line's number).
type Packed = Box<[u64]>;

/// Two bits a cell, 32 cells a word: 0 unknown, 1 white, 2 black.
fn pack(line: &[Cell]) -> impl Iterator<Item = u64> + '_ {
    line.chunks(32).map(|chunk| {
        chunk.iter().enumerate().fold(0, |word, (i, &cell)| {
            let bits = match cell {
                Cell::Unknown => 0,
                Cell::White => 1,
                Cell::Black => 2,
            };
            word | bits << (2 * i)
        })
    })
}

/// The cells that [`pack`] packed into `words`.
fn unpack(words: &[u64], cells: &mut [Cell]) {
    for (i, cell) in cells.iter_mut().enumerate() {
        *cell = match words[i / 32] >> (2 * (i % 32)) & 3 {
            0 => Cell::Unknown,
            1 => Cell::White,
            _ => Cell::Black,
        };
    }
}

/// A fast hash of whole words (a multiply and a rotation each), for the cache's keys, which are
/// packed lines and need no protection from chosen inputs.
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        let line: Vec<Cell> = (0..70)
            .map(|i| [Cell::Unknown, Cell::White, Cell::Black][i * 7 % 3])
            .collect();
        let words: Vec<u64> = pack(&line).collect();
        let mut back = vec![Cell::Unknown; line.len()];
        unpack(&words, &mut back);
        assert_eq!(back, line);
    }

    #[test]
    fn colour_packing_round_trips() {
        for bits in [2, 4, 8, 16, 32] {
            let most = if bits == 32 {
                u32::MAX
            } else {
                (1 << bits) - 1
            };
            let line: Vec<Colours> = (0..45u32)
                .map(|i| i.wrapping_mul(2_654_435_761) & most)
                .collect();
            let words: Vec<u64> = pack_colours(&line, bits).collect();
            let mut back = vec![0; line.len()];
            unpack_colours(&words, bits, &mut back);
            assert_eq!(back, line, "{bits} bits");
        }
    }

    #[test]
    fn values_are_the_open_ones_in_order() {
        let bw: Vec<bool> = <Puzzle as Kind>::values(Cell::Unknown).collect();
        assert_eq!(bw, [true, false]);
        assert_eq!(
            <Puzzle as Kind>::values(Cell::White).collect::<Vec<_>>(),
            [false]
        );
        let colours: Vec<u8> = <ColourPuzzle as Kind>::values(0b1_0101).collect();
        assert_eq!(colours, [0, 2, 4]);
        assert_eq!(<ColourPuzzle as Kind>::without(0b1_0101, 2), 0b1_0001);
        assert_eq!(
            <Puzzle as Kind>::union(Cell::Black, Cell::White),
            Cell::Unknown
        );
    }
}
