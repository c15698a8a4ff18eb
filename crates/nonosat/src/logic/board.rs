//! A grid under line propagation that a search can walk forwards and back, for either kind of
//! puzzle ([`Kind`]): every narrowed cell goes on an undo trail, and lines are solved by the kind's
//! own line engine (bit-parallel with a cache for black and white).
//!
//! [`propagate`](fn@super::propagate) copies lines and grids, which is fine once per puzzle but not
//! for a depth-first search that probes every open cell every way at every node. A [`Board`]
//! instead narrows cells in place, records what each was before on a trail, and undoes back to a
//! [`mark`](Board::mark) in time proportional to what it undoes. A probe's trial
//! ([`try_cell`](Board::try_cell)) is undone faster still: its cells from the trail, the line
//! engine's words by one copy of the words it kept from before the trial ([`Kind::end_trial`]).
//!
//! Lines are numbered rows first (`0..height`), then columns (`height..height + width`); cells
//! row-major (`row * width + col`).

use super::Contradiction;
use super::kind::{Kind, LineAt};
use crate::model::Grid;

/// A grid of cells of the puzzle kind `K` under line propagation, with an undo trail.
pub struct Board<'p, K: Kind> {
    puzzle: &'p K,
    width: usize,
    height: usize,
    cells: Vec<K::Known>,
    /// Per cell, its row and column: looked up rather than divided out, as every narrowing and
    /// every undo needs them.
    places: Vec<(u32, u32)>,
    /// Every cell narrowed since the board was made, in order, with what it was before.
    trail: Vec<(usize, K::Known)>,
    /// Lines waiting to be solved, and a flag per line saying whether it waits.
    queue: Vec<usize>,
    queued: Vec<bool>,
    /// Counts the changes of cells (narrowed or undone); per line, the count when a cell of it last
    /// changed.
    clock: u64,
    changed_at: Vec<u64>,
    /// Whether the cells narrowed now are a trial's (see [`try_cell`](Self::try_cell)): they do
    /// not count as changes, and the line engine forgets them at the trial's end.
    trial: bool,
    /// The lines solved since [`forget_solved`](Self::forget_solved), a bit per line.
    solved_lines: Vec<u64>,
    /// The kind's line engine.
    lines: K::Lines,
    /// The cells one line solve narrows: a reused buffer.
    narrowed: Vec<(usize, K::Known)>,
    /// The lines solved since the board was made, and their cells (a line's cells for each time
    /// it was solved), counted as work by a search that races.
    lines_solved: u64,
    cells_solved: u64,
}

impl<'p, K: Kind> Board<'p, K> {
    /// The board of `puzzle` with the cells as `known` says (not yet propagated: call
    /// [`queue_all`](Self::queue_all), then [`propagate`](Self::propagate)).
    pub fn new(puzzle: &'p K, known: &Grid<K::Known>) -> Self {
        let (width, height) = (puzzle.width(), puzzle.height());
        let open = puzzle.open();
        let mut board = Board {
            puzzle,
            width,
            height,
            cells: vec![open; known.cells().len()],
            places: (0..height)
                .flat_map(|row| (0..width).map(move |col| (row as u32, col as u32)))
                .collect(),
            trail: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; width + height],
            clock: 0,
            changed_at: vec![0; width + height],
            trial: false,
            solved_lines: vec![0; (width + height).div_ceil(64)],
            lines: puzzle.line_engine(),
            narrowed: Vec::new(),
            lines_solved: 0,
            cells_solved: 0,
        };
        for (index, &cell) in known.cells().iter().enumerate() {
            if cell != open {
                board.set(index, cell);
            }
        }
        board
    }

    /// The lines solved since the board was made, each counted each time it was solved.
    pub fn lines_solved(&self) -> u64 {
        self.lines_solved
    }

    /// The cells of the lines solved since the board was made, each line counted each time it
    /// was solved.
    pub fn cells_solved(&self) -> u64 {
        self.cells_solved
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
    pub fn cell(&self, index: usize) -> K::Known {
        self.cells[index]
    }

    /// Whether every cell is known.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&cell| K::is_fixed(cell))
    }

    /// The grid of known cells.
    pub fn grid(&self) -> Grid<K::Known> {
        let rows = self
            .cells
            .chunks(self.width)
            .map(<[K::Known]>::to_vec)
            .collect();
        Grid::from_rows(rows).expect("the board's rows are all as wide as the puzzle")
    }

    /// The count of cell changes so far (narrowed or undone), to compare with
    /// [`changed_since`](Self::changed_since) later.
    pub fn clock(&self) -> u64 {
        self.clock
    }

    /// Whether a cell of `line` has changed (been narrowed or undone, outside trials) since the
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

    /// The cells narrowed since `mark`, oldest first (a colour cell narrowed twice comes twice).
    pub fn changed_cells(&self, mark: usize) -> impl Iterator<Item = usize> + '_ {
        self.trail[mark..].iter().map(|&(index, _)| index)
    }

    /// How many narrowings the trail holds since `mark`.
    pub fn changes_since(&self, mark: usize) -> usize {
        self.trail.len() - mark
    }

    /// Puts every cell narrowed since `mark` back as it was.
    pub fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (index, before) = self.trail.pop().expect("the trail is longer than the mark");
            self.set(index, before);
        }
    }

    /// Fixes the open cell `index` to `value` and propagates, as a trial that
    /// [`end_trial`](Self::end_trial) undoes: the cells it narrows do not count as changes for
    /// [`changed_since`](Self::changed_since), since the trial leaves the board as it was.
    pub fn try_cell(&mut self, index: usize, value: K::Value) -> Result<(), Contradiction> {
        self.trial = true;
        self.fix(index, value);
        self.propagate()
    }

    /// Undoes a [`try_cell`](Self::try_cell) back to `mark`, taken before it: the cells one by
    /// one, the line engine's at once.
    pub fn end_trial(&mut self, mark: usize) {
        for &(index, before) in self.trail[mark..].iter().rev() {
            self.cells[index] = before;
        }
        self.trail.truncate(mark);
        K::end_trial(&mut self.lines);
        self.trial = false;
    }

    /// Fixes the open cell `index` to `value` and queues its two lines.
    pub fn fix(&mut self, index: usize, value: K::Value) {
        self.narrow(index, K::only(value));
    }

    /// Narrows cell `index` to `known` (some of the values it may take now, fewer than all) and
    /// queues its two lines.
    pub fn narrow(&mut self, index: usize, known: K::Known) {
        debug_assert_ne!(self.cells[index], known);
        self.trail.push((index, self.cells[index]));
        self.set(index, known);
        let (row, col) = self.place(index);
        self.enqueue(row);
        self.enqueue(self.height + col);
    }

    /// Cell `index`'s row and column.
    #[inline]
    fn place(&self, index: usize) -> (usize, usize) {
        let (row, col) = self.places[index];
        (row as usize, col as usize)
    }

    /// Sets cell `index` to `cell`, and tells the line engine.
    #[inline]
    fn set(&mut self, index: usize, cell: K::Known) {
        let (row, col) = self.place(index);
        self.set_at(index, row, col, cell);
    }

    /// [`set`](Self::set) for the cell at `row`, `col`, whose index is `index`.
    #[inline]
    fn set_at(&mut self, index: usize, row: usize, col: usize, cell: K::Known) {
        if !self.trial {
            self.clock += 1;
            self.changed_at[row] = self.clock;
            self.changed_at[self.height + col] = self.clock;
        }
        K::note(&mut self.lines, row, col, cell, self.trial);
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
    /// empty afterwards either way; the cells narrowed before a contradiction stay narrowed (undo
    /// them).
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

    /// Solves one line and narrows what it deduces, queueing the crossing lines.
    fn solve_line(&mut self, number: usize) -> Result<(), Contradiction> {
        let at = if number < self.height {
            LineAt {
                number,
                first: number * self.width,
                step: 1,
                len: self.width,
            }
        } else {
            LineAt {
                number,
                first: number - self.height,
                step: self.width,
                len: self.height,
            }
        };
        self.lines_solved += 1;
        self.cells_solved += at.len as u64;
        let mut narrowed = std::mem::take(&mut self.narrowed);
        narrowed.clear();
        let result = self
            .puzzle
            .solve_line(&mut self.lines, at, &self.cells, &mut narrowed);
        if result.is_ok() {
            for &(i, known) in &narrowed {
                let index = at.first + i * at.step;
                self.trail.push((index, self.cells[index]));
                let (row, col, crossing) = if number < self.height {
                    (number, i, self.height + i)
                } else {
                    (i, number - self.height, i)
                };
                self.set_at(index, row, col, known);
                self.enqueue(crossing);
            }
        }
        self.narrowed = narrowed;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{DpLineSolver, propagate};
    use crate::model::{Cell, Clue, Colour, ColourPuzzle, Palette, Puzzle};

    fn puzzle(rows: &[&[usize]], columns: &[&[usize]]) -> Puzzle {
        let clues = |lists: &[&[usize]]| lists.iter().map(|b| Clue::new(b.to_vec())).collect();
        Puzzle::new(clues(rows), clues(columns)).unwrap()
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

    /// What a racing search counts as its work: every line solve, and its cells.
    #[test]
    fn the_board_counts_the_lines_it_solves_and_their_cells() {
        // 4 rows of 6 cells and 6 columns of 4: the first propagation solves each line once,
        // and each line that then changes again.
        let p = puzzle(
            &[&[6], &[], &[1, 1], &[]],
            &[&[1], &[1, 1], &[1], &[1], &[1], &[1, 1]],
        );
        let mut board = Board::new(&p, &Grid::filled(6, 4, Cell::Unknown));
        assert_eq!((board.lines_solved(), board.cells_solved()), (0, 0));
        board.queue_all();
        board.propagate().unwrap();
        assert!(board.is_complete());
        let (lines, cells) = (board.lines_solved(), board.cells_solved());
        assert!(
            lines >= 10,
            "each of the 10 lines solved once at least: {lines}"
        );
        // Rows count 6 cells, columns 4: the cells lie between those bounds.
        assert!(
            (4 * lines..=6 * lines).contains(&cells),
            "{lines} lines, {cells} cells"
        );
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

    /// The trial of `value` in `cell` on `board`, and the same trial on a board made afresh
    /// from its cells: they must agree whatever the first board went through before.
    fn trial_and_fresh_trial<K: Kind>(
        puzzle: &K,
        board: &mut Board<K>,
        cell: usize,
        value: K::Value,
    ) -> [Result<Grid<K::Known>, Contradiction>; 2] {
        let before = board.grid();
        let mark = board.mark();
        let tried = board.try_cell(cell, value).map(|()| board.grid());
        board.end_trial(mark);
        assert_eq!(
            board.grid(),
            before,
            "a trial leaves the cells as it found them"
        );
        let mut fresh = Board::new(puzzle, &before);
        let fresh_tried = fresh.try_cell(cell, value).map(|()| fresh.grid());
        [tried, fresh_tried]
    }

    /// A trial leaves no trace, in the cells or in the line engine: every trial on a board that
    /// has made other trials, and fixed and undone cells between them, gives what it gives on a
    /// board made afresh from the same cells.
    fn trials_leave_no_trace<K: Kind>(puzzle: &K) {
        let blank = Grid::filled(puzzle.width(), puzzle.height(), puzzle.open());
        let mut board = Board::new(puzzle, &blank);
        board.queue_all();
        if board.propagate().is_err() {
            return;
        }
        for cell in 0..board.len() {
            if K::is_fixed(board.cell(cell)) {
                continue;
            }
            let values: Vec<K::Value> = K::values(board.cell(cell)).collect();
            for value in values {
                let [tried, fresh] = trial_and_fresh_trial(puzzle, &mut board, cell, value);
                assert_eq!(tried, fresh, "cell {cell}, {value:?}");
                // A fix outside a trial, two trials on top of it (the second after the first
                // was undone), and the fix undone.
                let mark = board.mark();
                board.fix(cell, value);
                if board.propagate().is_ok() {
                    let open: Vec<usize> = (0..board.len())
                        .filter(|&c| !K::is_fixed(board.cell(c)))
                        .take(2)
                        .collect();
                    for other in open {
                        let value = K::value_of(board.cell(other));
                        let [tried, fresh] =
                            trial_and_fresh_trial(puzzle, &mut board, other, value);
                        assert_eq!(tried, fresh, "cell {other} after fixing {cell}");
                    }
                }
                board.undo(mark);
            }
        }
    }

    #[test]
    fn trials_leave_no_trace_in_either_kind() {
        let mut state = 0x5DEE_CE66_D1CE_4E5B_u64;
        // A picture of `values` values (0 the background) from a xorshift generator.
        let mut picture = |width: usize, height: usize, values: u64| {
            let mut value = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state % values) as u8
            };
            let rows = (0..height).map(|_| (0..width).map(|_| value()).collect());
            Grid::from_rows(rows.collect()).unwrap()
        };
        for round in 0..40 {
            let (width, height) = (5 + round % 4, 5 + round / 4 % 4);
            let black_and_white = picture(width, height, 2).map(|&value| value == 1);
            trials_leave_no_trace(&Puzzle::from_picture(&black_and_white).unwrap());
            let colours = ["a", "b", "c"].map(|name| Colour::new(name, [0; 3]));
            let palette = Palette::new(Colour::new("white", [255; 3]), colours.into()).unwrap();
            let colour = ColourPuzzle::from_picture(&picture(width, height, 4), palette).unwrap();
            trials_leave_no_trace(&colour);
        }
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
        assert_eq!(board.changed_cells(0).collect::<Vec<_>>(), [4]);
    }
}
