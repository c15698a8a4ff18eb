//! A grid under line propagation that a search can walk forwards and back: every fixed cell goes on
//! an undo trail; lines of up to 64 cells are solved bit-parallel, longer ones by the dynamic
//! program with their results kept in a cache.
//!
//! [`propagate`](super::propagate) copies lines and grids, which is fine once per puzzle but not for
//! a depth-first search that probes every open cell both ways at every node. A [`Board`] instead
//! fixes cells in place, records them on a trail, and undoes back to a [`mark`](Board::mark) in
//! time proportional to what it undoes. Each line of up to [`bits::MAX_LEN`] cells also keeps its
//! known cells as two words, updated as cells are fixed and undone, which the
//! [`BitLineSolver`] takes as they are. Longer lines go through the [`DpLineSolver`]; probing asks
//! the same lines in the same states again and again (the same column, one cell more known, under
//! each probe of a row), so their results are cached by their known cells (pbnsolve keeps such a
//! cache too); the cache is cleared when it outgrows [`CACHE_ENTRIES`], so memory stays bounded.
//!
//! Lines are numbered rows first (`0..height`), then columns (`height..height + width`); cells
//! row-major (`row * width + col`).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::bits::{self, BitLineSolver, LineBits};
use super::{Contradiction, DpLineSolver};
use crate::model::{Cell, Grid, Puzzle};

/// The most line results the cache holds before it is cleared: about 100 MB at most on a 100x100
/// puzzle, and far more than a probing round asks on the puzzles measured.
pub const CACHE_ENTRIES: usize = 1 << 18;

/// A grid of cells under line propagation, with an undo trail.
pub struct Board<'p> {
    puzzle: &'p Puzzle,
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    /// Every cell fixed since the board was made, in order.
    trail: Vec<usize>,
    /// Lines waiting to be solved, and a flag per line saying whether it waits.
    queue: Vec<usize>,
    queued: Vec<bool>,
    /// Per line of up to [`bits::MAX_LEN`] cells, its known cells as words (unused for longer
    /// lines).
    known: Vec<LineBits>,
    /// Whether the rows (the columns) are short enough for [`known`](Self::known).
    rows_in_words: bool,
    columns_in_words: bool,
    bits: BitLineSolver,
    /// Counts the changes of cells (fixed or undone); per line, the count when a cell of it last
    /// changed.
    clock: u64,
    changed_at: Vec<u64>,
    /// Whether the cells fixed now are a trial's (see [`try_cell`](Self::try_cell)).
    trial: bool,
    /// The lines solved since [`forget_solved`](Self::forget_solved), a bit per line.
    solved_lines: Vec<u64>,
    solver: DpLineSolver,
    cache: LineCache,
    /// A line's cells, and what solving it gives: reused buffers.
    line: Vec<Cell>,
    solved: Vec<Cell>,
}

impl<'p> Board<'p> {
    /// The board of `puzzle` with the cells of `known` fixed (not yet propagated: call
    /// [`propagate_all`](Self::propagate_all)).
    pub fn new(puzzle: &'p Puzzle, known: &Grid<Cell>) -> Self {
        let (width, height) = (puzzle.width(), puzzle.height());
        let longest = width.max(height);
        let mut board = Board {
            puzzle,
            width,
            height,
            cells: vec![Cell::Unknown; known.cells().len()],
            trail: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; width + height],
            known: vec![LineBits::default(); width + height],
            rows_in_words: width <= bits::MAX_LEN,
            columns_in_words: height <= bits::MAX_LEN,
            bits: BitLineSolver::new(),
            clock: 0,
            changed_at: vec![0; width + height],
            trial: false,
            solved_lines: vec![0; (width + height).div_ceil(64)],
            solver: DpLineSolver::new(),
            cache: LineCache::default(),
            line: Vec::with_capacity(longest),
            solved: vec![Cell::Unknown; longest],
        };
        for (index, &cell) in known.cells().iter().enumerate() {
            if cell != Cell::Unknown {
                board.set(index, cell);
            }
        }
        board
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the board has no cells (never, for a valid puzzle).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cell with row-major index `index`.
    pub fn cell(&self, index: usize) -> Cell {
        self.cells[index]
    }

    /// Whether every cell is known.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&cell| cell != Cell::Unknown)
    }

    /// The grid of known cells.
    pub fn grid(&self) -> Grid<Cell> {
        let rows = self
            .cells
            .chunks(self.width)
            .map(<[Cell]>::to_vec)
            .collect();
        Grid::from_rows(rows).expect("the board's rows are all as wide as the puzzle")
    }

    /// The count of cell changes so far (fixed or undone), to compare with
    /// [`changed_since`](Self::changed_since) later.
    pub fn clock(&self) -> u64 {
        self.clock
    }

    /// Whether a cell of `line` has changed (been fixed or undone, outside trials) since the
    /// board's [`clock`](Self::clock) read `time`.
    pub fn changed_since(&self, line: usize, time: u64) -> bool {
        self.changed_at[line] > time
    }

    /// The lines solved since [`forget_solved`](Self::forget_solved), as a bit set: bit `l % 64`
    /// of word `l / 64` for line `l`.
    pub fn solved_lines(&self) -> &[u64] {
        &self.solved_lines
    }

    /// Empties the set of [`solved_lines`](Self::solved_lines).
    pub fn forget_solved(&mut self) {
        self.solved_lines.fill(0);
    }

    /// A point to [`undo`](Self::undo) back to.
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// The cells fixed since `mark`, oldest first.
    pub fn fixed_since(&self, mark: usize) -> &[usize] {
        &self.trail[mark..]
    }

    /// Makes every cell fixed since `mark` unknown again.
    pub fn undo(&mut self, mark: usize) {
        for at in mark..self.trail.len() {
            self.set(self.trail[at], Cell::Unknown);
        }
        self.trail.truncate(mark);
    }

    /// Fixes the unknown cell `index` to black or white and propagates, as a trial that
    /// [`end_trial`](Self::end_trial) undoes: the cells it fixes do not count as changes for
    /// [`changed_since`](Self::changed_since), since the trial leaves the board as it was.
    pub fn try_cell(&mut self, index: usize, black: bool) -> Result<(), Contradiction> {
        self.trial = true;
        self.fix(index, black);
        self.propagate()
    }

    /// Undoes a [`try_cell`](Self::try_cell) back to `mark`, taken before it.
    pub fn end_trial(&mut self, mark: usize) {
        self.undo(mark);
        self.trial = false;
    }

    /// Fixes the unknown cell `index` to black or white and queues its two lines.
    pub fn fix(&mut self, index: usize, black: bool) {
        debug_assert_eq!(self.cells[index], Cell::Unknown);
        self.set(index, Cell::from_black(black));
        self.trail.push(index);
        let (row, col) = (index / self.width, index % self.width);
        self.enqueue(row);
        self.enqueue(self.height + col);
    }

    /// Sets cell `index` to `cell` (from unknown, or to unknown) in the cells and in its lines'
    /// words.
    fn set(&mut self, index: usize, cell: Cell) {
        let (row, col) = (index / self.width, index % self.width);
        if !self.trial {
            self.clock += 1;
            self.changed_at[row] = self.clock;
            self.changed_at[self.height + col] = self.clock;
        }
        if self.rows_in_words {
            set_bit(&mut self.known[row], col, cell);
        }
        if self.columns_in_words {
            set_bit(&mut self.known[self.height + col], row, cell);
        }
        self.cells[index] = cell;
    }

    /// Queues every line, as for a first propagation.
    pub fn queue_all(&mut self) {
        for line in 0..self.height + self.width {
            self.enqueue(line);
        }
    }

    fn enqueue(&mut self, line: usize) {
        if !self.queued[line] {
            self.queued[line] = true;
            self.queue.push(line);
        }
    }

    /// Solves queued lines until none is left (a fixpoint) or one has no arrangement. The queue is
    /// empty afterwards either way; the cells fixed before a contradiction stay fixed (undo them).
    pub fn propagate(&mut self) -> Result<(), Contradiction> {
        // Lines are taken from the front, in the order they were queued.
        let mut next = 0;
        while next < self.queue.len() {
            let line = self.queue[next];
            next += 1;
            self.queued[line] = false;
            self.solved_lines[line / 64] |= 1 << (line % 64);
            if self.solve_line(line).is_err() {
                for &line in &self.queue[next..] {
                    self.queued[line] = false;
                }
                self.queue.clear();
                return Err(Contradiction);
            }
            // Keep the queue short: drop what was taken once it is most of the vector.
            if next > 1024 && next * 2 > self.queue.len() {
                self.queue.drain(..next);
                next = 0;
            }
        }
        self.queue.clear();
        Ok(())
    }

    /// Solves one line and fixes what it deduces, queueing the crossing lines.
    fn solve_line(&mut self, line: usize) -> Result<(), Contradiction> {
        let (first, step, len, clue) = if line < self.height {
            let clue = &self.puzzle.rows()[line];
            (line * self.width, 1, self.width, clue)
        } else {
            let col = line - self.height;
            (col, self.width, self.height, &self.puzzle.columns()[col])
        };
        if len <= bits::MAX_LEN {
            let known = self.known[line];
            let solved = self.bits.solve(clue.blocks(), len, known)?;
            let mut fixed = (solved.black & !known.black) | (solved.white & !known.white);
            while fixed != 0 {
                let i = fixed.trailing_zeros() as usize;
                fixed &= fixed - 1;
                self.fix_from(line, i, first + i * step, solved.black >> i & 1 == 1);
            }
            return Ok(());
        }
        self.line.clear();
        self.line
            .extend((0..len).map(|i| self.cells[first + i * step]));
        let solved = &mut self.solved[..len];
        let result = match self.cache.lookup(line, &self.line, solved) {
            Some(result) => result,
            None => {
                let result = self.solver.solve_into(clue, &self.line, solved);
                self.cache.store(result.ok().map(|()| &*solved));
                result
            }
        };
        result?;
        for i in 0..len {
            if self.line[i] == Cell::Unknown && self.solved[i] != Cell::Unknown {
                let black = self.solved[i] == Cell::Black;
                self.fix_from(line, i, first + i * step, black);
            }
        }
        Ok(())
    }

    /// Fixes cell `index`, the `i`th of `line`, as solving `line` found it, and queues the line
    /// that crosses there.
    fn fix_from(&mut self, line: usize, i: usize, index: usize, black: bool) {
        self.set(index, Cell::from_black(black));
        self.trail.push(index);
        let crossing = if line < self.height {
            self.height + i
        } else {
            i
        };
        self.enqueue(crossing);
    }
}

/// Sets bit `i` of `line`'s words to say `cell`.
fn set_bit(line: &mut LineBits, i: usize, cell: Cell) {
    let bit = 1 << i;
    line.black &= !bit;
    line.white &= !bit;
    match cell {
        Cell::Black => line.black |= bit,
        Cell::White => line.white |= bit,
        Cell::Unknown => {}
    }
}

/// Line results by the line's number and known cells: the cells solving it fixes (two bits a
/// cell), or that it has no arrangement.
#[derive(Default)]
struct LineCache {
    results: HashMap<Packed, Option<Packed>, BuildHasherDefault<WordHasher>>,
    key: Vec<u64>,
}

impl LineCache {
    /// Packs `line`, numbered `number`, into the key buffer.
    fn pack(&mut self, number: usize, line: &[Cell]) {
        self.key.clear();
        self.key.push(number as u64);
        self.key.extend(pack(line));
    }

    /// Writes the cached result of `line` into `solved` and returns it, if there is one.
    fn lookup(
        &mut self,
        number: usize,
        line: &[Cell],
        solved: &mut [Cell],
    ) -> Option<Result<(), Contradiction>> {
        self.pack(number, line);
        let words = self.results.get(&self.key[..])?;
        Some(match words {
            None => Err(Contradiction),
            Some(words) => {
                unpack(words, solved);
                Ok(())
            }
        })
    }

    /// Remembers the result of the line last looked up.
    fn store(&mut self, solved: Option<&[Cell]>) {
        if self.results.len() >= CACHE_ENTRIES {
            self.results.clear();
        }
        let value = solved.map(|cells| pack(cells).collect());
        self.results.insert(self.key.as_slice().into(), value);
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
    use crate::logic::propagate;
    use crate::model::Clue;

    fn puzzle(rows: &[&[usize]], columns: &[&[usize]]) -> Puzzle {
        let clues = |lists: &[&[usize]]| lists.iter().map(|b| Clue::new(b.to_vec())).collect();
        Puzzle::new(clues(rows), clues(columns)).unwrap()
    }

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
    fn propagation_reaches_the_fixpoint_of_propagate_and_undo_restores() {
        // A 5x5 cross: line logic solves it.
        let p = puzzle(
            &[&[1], &[1], &[5], &[1], &[1]],
            &[&[1], &[1], &[5], &[1], &[1]],
        );
        let blank = Grid::filled(5, 5, Cell::Unknown);
        let mut board = Board::new(&p, &blank);
        board.queue_all();
        let start = board.mark();
        board.propagate().unwrap();
        let mut expected = blank.clone();
        propagate(&p, &mut expected, &mut DpLineSolver::new()).unwrap();
        assert_eq!(board.grid(), expected);
        assert!(board.is_complete());
        board.undo(start);
        assert_eq!(board.grid(), blank);
    }

    #[test]
    fn trials_are_no_change_and_fixes_and_undos_are() {
        let p = puzzle(&[&[1, 1], &[], &[1, 1]], &[&[1, 1], &[], &[1, 1]]);
        let mut board = Board::new(&p, &Grid::filled(3, 3, Cell::Unknown));
        let (row_0, col_1) = (0, 4);
        let time = board.clock();
        let mark = board.mark();
        board.try_cell(1, true).unwrap_err();
        board.end_trial(mark);
        assert!(!board.changed_since(row_0, time), "a trial is no change");
        board.fix(1, false);
        assert!(board.changed_since(row_0, time) && board.changed_since(col_1, time));
        assert!(!board.changed_since(2, time), "row 2 did not change");
        let time = board.clock();
        board.undo(mark);
        assert!(board.changed_since(row_0, time), "an undo is a change");
    }

    #[test]
    fn a_contradiction_empties_the_queue() {
        // Rows 1 1 / - / 1 1, columns 2 / - / 2: no solution, found by line logic.
        let p = puzzle(&[&[1, 1], &[], &[1, 1]], &[&[2], &[], &[2]]);
        let mut board = Board::new(&p, &Grid::filled(3, 3, Cell::Unknown));
        board.queue_all();
        assert_eq!(board.propagate(), Err(Contradiction));
        board.undo(0);
        // The board is usable again: fixing a cell and propagating works from a clean queue.
        board.fix(4, false);
        assert_eq!(board.fixed_since(0), &[4]);
    }
}
