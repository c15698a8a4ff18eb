//! Line solving inside CaDiCaL's search (lazy clause generation): each row and column is a
//! propagator over the cell variables, which fixes what the complete line solver deduces and
//! explains each deduction with a clause over the line's known cells, cut down to a minimal set.
//!
//! The clauses of the encoding let unit propagation deduce only part of what a line's clue
//! implies; the line solver deduces all of it. CaDiCaL's external-propagator interface
//! (IPASIR-UP) lets the solver ask for these deductions as it searches, and for their reasons only
//! when conflict analysis needs them: a reason is the clause "if these cells of the line are as
//! they are, this cell is as deduced", which holds in every solution, so the formula's models do
//! not change and a refutation stays a refutation. Learned clauses then combine line deductions
//! across the grid, which neither line logic nor probing can (Hugi's one-core engine, which beat
//! kissat on random 50x50 puzzles, is a lazy-clause-generation solver too, over block positions
//! rather than cells).
//!
//! A reason is found by dropping known cells one at a time, the most recently fixed first, while
//! the line still forces the deduction; what is left is irredundant, and leans on the cells fixed
//! earliest. Only lines of up to 128 cells are taken, in `u64` words when every line fits 64 cells
//! and in `u128` words otherwise.

use std::cell::Cell;
use std::rc::Rc;

use cadical_sys::ExternalPropagator;

use crate::logic::bits::{BitLineSolver, LineBits, ones};
use crate::logic::word::Word;
use crate::model::Puzzle;

/// Whether the propagator takes `puzzle` in words `W`: every line at most `W::BITS` cells.
pub(super) fn fits<W: Word>(puzzle: &Puzzle) -> bool {
    puzzle.width() <= W::BITS && puzzle.height() <= W::BITS
}

/// The work the propagator counts ([`WorkClock`](super::WorkClock)) for a cell CaDiCaL assigns
/// and tells it of, and for each cell of a line it solves: with the polls of CaDiCaL's
/// terminator and its conflicts (`cadical.rs`), these follow the search's time
/// (docs/performance.md).
const WORK_PER_ASSIGNMENT: u64 = 400;
const WORK_PER_CELL_SOLVED: u64 = 4;

/// Why a cell was fixed by a line: the line, and how many cells had been assigned then (the
/// cells of the line among those are the reason).
#[derive(Clone, Copy)]
struct Deduction {
    line: usize,
    assigned: usize,
}

/// The propagator, with its own copy of the assignment CaDiCaL tells it about, its lines in words
/// `W`. Cell `(row, col)` is variable `row * width + col + 1`, as in the encoding.
pub(super) struct LinePropagator<W: Word> {
    width: usize,
    height: usize,
    /// The rows' blocks, then the columns'.
    blocks: Vec<Vec<usize>>,
    /// Per cell: 0 unassigned, 1 black, -1 white.
    values: Vec<i8>,
    /// Per cell, its place on the trail while assigned.
    places: Vec<usize>,
    /// The cells in the order they were assigned.
    trail: Vec<usize>,
    /// The trail's length at the start of each decision level above 0.
    levels: Vec<usize>,
    /// Per line, its known cells.
    known: Vec<LineBits<W>>,
    /// Lines changed since they were last solved.
    dirty: Vec<usize>,
    is_dirty: Vec<bool>,
    /// Deductions not yet handed to CaDiCaL, as literals, and why, per cell.
    pending: Vec<i32>,
    reasons: Vec<Option<Deduction>>,
    /// The cells given a reason since the last backtrack, or still assigned since an earlier
    /// one: a backtrack forgets the reasons of those of them it leaves unassigned.
    deduced: Vec<usize>,
    /// A clause being handed over literal by literal (a reason or a conflict), and how far.
    clause: Vec<i32>,
    handed: usize,
    /// A conflict found while solving a line, to hand over as an external clause, and its line.
    conflict: Option<(usize, Vec<i32>)>,
    solver: BitLineSolver<W>,
    /// The work done so far, shared with CaDiCaL's terminator, which counts it.
    work: Rc<Cell<u64>>,
}

impl<W: Word> LinePropagator<W> {
    /// A propagator for the lines of `puzzle`, which [`fits`], counting its work on `work`.
    pub(super) fn new(puzzle: &Puzzle, work: Rc<Cell<u64>>) -> Self {
        debug_assert!(fits::<W>(puzzle));
        let (width, height) = (puzzle.width(), puzzle.height());
        let cells = width * height;
        let lines = width + height;
        let blocks = puzzle.rows().iter().chain(puzzle.columns());
        LinePropagator {
            width,
            height,
            blocks: blocks.map(|clue| clue.blocks().to_vec()).collect(),
            values: vec![0; cells],
            places: vec![0; cells],
            trail: Vec::new(),
            levels: Vec::new(),
            known: vec![LineBits::default(); lines],
            dirty: (0..lines).collect(),
            is_dirty: vec![true; lines],
            pending: Vec::new(),
            reasons: vec![None; cells],
            deduced: Vec::new(),
            clause: Vec::new(),
            handed: 0,
            conflict: None,
            solver: BitLineSolver::new(),
            work,
        }
    }

    /// Counts `units` of work.
    fn count(&self, units: u64) {
        self.work.set(self.work.get() + units);
    }

    /// Line `line`'s length, and the cell at position `i` of it.
    fn line_len(&self, line: usize) -> usize {
        if line < self.height {
            self.width
        } else {
            self.height
        }
    }

    fn cell_at(&self, line: usize, i: usize) -> usize {
        if line < self.height {
            line * self.width + i
        } else {
            i * self.width + (line - self.height)
        }
    }

    /// A cell's row and column lines, and its position in each.
    fn lines_of(&self, cell: usize) -> [(usize, usize); 2] {
        let (row, col) = (cell / self.width, cell % self.width);
        [(row, col), (self.height + col, row)]
    }

    fn mark_dirty(&mut self, line: usize) {
        if !self.is_dirty[line] {
            self.is_dirty[line] = true;
            self.dirty.push(line);
        }
    }

    fn assign(&mut self, lit: i32) {
        let cell = Self::cell_of(lit);
        if cell >= self.values.len() || self.values[cell] != 0 {
            return;
        }
        self.values[cell] = if lit > 0 { 1 } else { -1 };
        self.places[cell] = self.trail.len();
        self.trail.push(cell);
        for (line, i) in self.lines_of(cell) {
            let bit = W::ONE << i;
            if lit > 0 {
                self.known[line].black |= bit;
            } else {
                self.known[line].white |= bit;
            }
            self.mark_dirty(line);
        }
    }

    fn unassign_to(&mut self, length: usize) {
        while self.trail.len() > length {
            let cell = self.trail.pop().expect("the trail is longer than length");
            self.values[cell] = 0;
            self.reasons[cell] = None;
            for (line, i) in self.lines_of(cell) {
                let bit = !(W::ONE << i);
                self.known[line].black &= bit;
                self.known[line].white &= bit;
                self.mark_dirty(line);
            }
        }
    }

    /// The cell of a literal.
    fn cell_of(lit: i32) -> usize {
        lit.unsigned_abs() as usize - 1
    }

    /// The literal "cell is black" (or white).
    fn literal(cell: usize, black: bool) -> i32 {
        let var = cell as i32 + 1;
        if black { var } else { -var }
    }

    /// The known cells of `line` among the first `assigned` of the trail.
    fn known_before(&self, line: usize, assigned: usize) -> LineBits<W> {
        let mut known = LineBits::default();
        for i in 0..self.line_len(line) {
            let cell = self.cell_at(line, i);
            if self.values[cell] != 0 && self.places[cell] < assigned {
                if self.values[cell] > 0 {
                    known.black |= W::ONE << i;
                } else {
                    known.white |= W::ONE << i;
                }
            }
        }
        known
    }

    /// Drops known cells of `line` from `known`, the latest assigned first, while `known` still
    /// has no arrangement; then the clause that some cell left differs.
    fn refuting_clause(&mut self, line: usize, mut known: LineBits<W>) -> Vec<i32> {
        let len = self.line_len(line);
        let mut cells: Vec<usize> = ones(known.black | known.white).collect();
        cells.sort_by_key(|&i| std::cmp::Reverse(self.places[self.cell_at(line, i)]));
        let blocks = &self.blocks[line];
        for &i in &cells {
            let without = LineBits {
                black: known.black & !(W::ONE << i),
                white: known.white & !(W::ONE << i),
            };
            self.count(len as u64 * WORK_PER_CELL_SOLVED);
            if self.solver.solve(blocks, len, without).is_err() {
                known = without;
            }
        }
        ones(known.black | known.white)
            .map(|i| Self::literal(self.cell_at(line, i), known.white.has(i)))
            .collect()
    }

    /// Solves dirty lines until one deduces something (queued in `pending`) or fails (kept in
    /// `conflict`), or none is left.
    fn solve_dirty(&mut self) {
        while let Some(line) = self.dirty.pop() {
            self.is_dirty[line] = false;
            let len = self.line_len(line);
            let known = self.known[line];
            self.count(len as u64 * WORK_PER_CELL_SOLVED);
            match self.solver.solve(&self.blocks[line], len, known) {
                Err(_) => {
                    self.conflict = Some((line, self.refuting_clause(line, known)));
                    return;
                }
                Ok(solved) => {
                    let fixed = (solved.black & !known.black) | (solved.white & !known.white);
                    if fixed == W::ZERO {
                        continue;
                    }
                    for i in ones(fixed) {
                        let cell = self.cell_at(line, i);
                        if self.reasons[cell].is_none() {
                            self.reasons[cell] = Some(Deduction {
                                line,
                                assigned: self.trail.len(),
                            });
                            self.deduced.push(cell);
                            self.pending.push(Self::literal(cell, solved.black.has(i)));
                        }
                    }
                    return;
                }
            }
        }
    }

    /// The reason clause of `lit`, which a line deduced: `lit` first.
    fn reason(&mut self, lit: i32) -> Vec<i32> {
        let cell = Self::cell_of(lit);
        let deduction = self.reasons[cell].expect("CaDiCaL asks only for deductions made");
        let line = deduction.line;
        let mut known = self.known_before(line, deduction.assigned);
        // The line with the cell the other way has no arrangement.
        let i = if line < self.height {
            cell % self.width
        } else {
            cell / self.width
        };
        if lit > 0 {
            known.white |= W::ONE << i;
        } else {
            known.black |= W::ONE << i;
        }
        let mut clause = vec![lit];
        clause.extend(
            self.refuting_clause(line, known)
                .into_iter()
                .filter(|&l| Self::cell_of(l) != cell),
        );
        clause
    }

    /// Hands over `clause` literal by literal, then 0.
    fn next_of_clause(&mut self) -> i32 {
        if self.handed < self.clause.len() {
            self.handed += 1;
            self.clause[self.handed - 1]
        } else {
            self.clause.clear();
            self.handed = 0;
            0
        }
    }
}

impl<W: Word> ExternalPropagator for LinePropagator<W> {
    fn notify_assignment(&mut self, lits: &[i32]) {
        self.count(lits.len() as u64 * WORK_PER_ASSIGNMENT);
        for &lit in lits {
            self.assign(lit);
        }
    }

    fn notify_new_decision_level(&mut self) {
        self.levels.push(self.trail.len());
    }

    fn notify_backtrack(&mut self, new_level: usize) {
        if new_level < self.levels.len() {
            let length = self.levels[new_level];
            self.levels.truncate(new_level);
            self.unassign_to(length);
        }
        // Deductions not handed over, or handed over but undone before CaDiCaL assigned them,
        // are forgotten: the lines that made them are dirty again.
        for lit in std::mem::take(&mut self.pending) {
            if let Some(deduction) = self.reasons[Self::cell_of(lit)] {
                self.mark_dirty(deduction.line);
            }
        }
        let (reasons, values) = (&mut self.reasons, &self.values);
        self.deduced.retain(|&cell| {
            let assigned = values[cell] != 0;
            if !assigned {
                reasons[cell] = None;
            }
            assigned
        });
        if let Some((line, _)) = self.conflict.take() {
            self.mark_dirty(line);
        }
    }

    fn cb_check_found_model(&mut self, model: &[i32]) -> bool {
        let mut values = vec![false; self.values.len()];
        for &lit in model {
            let cell = Self::cell_of(lit);
            if cell < values.len() {
                values[cell] = lit > 0;
            }
        }
        for line in 0..self.blocks.len() {
            let len = self.line_len(line);
            let mut known = LineBits::default();
            for i in 0..len {
                if values[self.cell_at(line, i)] {
                    known.black |= W::ONE << i;
                } else {
                    known.white |= W::ONE << i;
                }
            }
            self.count(len as u64 * WORK_PER_CELL_SOLVED);
            if self.solver.solve(&self.blocks[line], len, known).is_err() {
                let clause = (0..len)
                    .map(|i| {
                        let cell = self.cell_at(line, i);
                        Self::literal(cell, !values[cell])
                    })
                    .collect();
                self.conflict = Some((line, clause));
                return false;
            }
        }
        true
    }

    fn cb_propagate(&mut self) -> i32 {
        loop {
            while let Some(lit) = self.pending.pop() {
                let cell = Self::cell_of(lit);
                if self.values[cell] == 0 || (self.values[cell] > 0) != (lit > 0) {
                    return lit;
                }
            }
            if self.conflict.is_some() || self.dirty.is_empty() {
                return 0;
            }
            self.solve_dirty();
        }
    }

    fn cb_add_reason_clause_lit(&mut self, propagated_lit: i32) -> i32 {
        if self.handed == 0 && self.clause.is_empty() {
            self.clause = self.reason(propagated_lit);
        }
        self.next_of_clause()
    }

    fn cb_has_external_clause(&mut self, is_forgettable: &mut bool) -> bool {
        *is_forgettable = false;
        match self.conflict.take() {
            Some((_, clause)) => {
                self.clause = clause;
                self.handed = 0;
                true
            }
            None => false,
        }
    }

    fn cb_add_external_clause_lit(&mut self) -> i32 {
        self.next_of_clause()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::{ClauseSink, encode, encode_known_cells};
    use crate::deadline::Deadline;
    use crate::model::{Cell, Grid};
    use crate::sat::{Interrupt, SatBackend, Solver, assert_finds_exactly_brute_force};
    use crate::testing::{Rng, blocks_of, random_puzzle};

    /// Whether `clause` holds in every arrangement of `line`'s clue: read from the cells of
    /// `line`, each arrangement tried against the clause's literals on those cells.
    fn holds_on_every_arrangement<W: Word>(
        propagator: &LinePropagator<W>,
        line: usize,
        clause: &[i32],
    ) -> bool {
        let len = propagator.line_len(line);
        let cells: Vec<usize> = (0..len).map(|i| propagator.cell_at(line, i)).collect();
        for &lit in clause {
            let cell = LinePropagator::<W>::cell_of(lit);
            debug_assert!(cells.contains(&cell), "a literal off the line: {lit}");
        }
        (0u64..1 << len).all(|pattern| {
            let arrangement: Vec<bool> = (0..len).map(|i| pattern >> i & 1 == 1).collect();
            blocks_of(&arrangement) != propagator.blocks[line]
                || clause.iter().any(|&lit| {
                    let cell = LinePropagator::<W>::cell_of(lit);
                    let i = cells
                        .iter()
                        .position(|&c| c == cell)
                        .expect("checked above");
                    arrangement[i] == (lit > 0)
                })
        })
    }

    /// The clause handed over by `next` until it gives 0.
    fn take_clause(mut next: impl FnMut() -> i32) -> Vec<i32> {
        std::iter::from_fn(|| Some(next()).filter(|&lit| lit != 0)).collect()
    }

    /// Whether `clause` lies within one line and holds on every arrangement of that line (a
    /// clause of one cell may be either of its lines').
    fn holds_on_its_line<W: Word>(propagator: &LinePropagator<W>, clause: &[i32]) -> bool {
        let cell = LinePropagator::<W>::cell_of(clause[0]);
        propagator.lines_of(cell).into_iter().any(|(line, _)| {
            let within = clause.iter().all(|&lit| {
                let cell = LinePropagator::<W>::cell_of(lit);
                propagator.lines_of(cell).iter().any(|&(l, _)| l == line)
            });
            within && holds_on_every_arrangement(propagator, line, clause)
        })
    }

    /// After a conflict, backtracks `propagator` to a random decision level below its current
    /// one; false when the conflict is at level 0, where CaDiCaL would answer "unsatisfiable".
    fn backtrack<W: Word>(propagator: &mut LinePropagator<W>, rng: &mut Rng) -> bool {
        let levels = propagator.levels.len();
        if levels == 0 {
            return false;
        }
        propagator.notify_backtrack(rng.below(levels as u64) as usize);
        true
    }

    /// Drives the propagator in words `W` as CaDiCaL would, with random decisions and
    /// backtracks: every deduction's reason holds on every arrangement of its line, contains the
    /// deduced literal, and has every other literal false; every conflict holds on its line and
    /// is false; and before each decision every line is at its fixpoint (nothing undone is left
    /// unsaid).
    fn reasons_and_conflicts_hold<W: Word>() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let (mut reasons, mut conflicts, mut fixpoints) = (0, 0, 0);
        let mut line_solver = BitLineSolver::<W>::new();
        for round in 0..1000 {
            let (width, height) = (2 + round % 7, 2 + round / 7 % 7);
            let puzzle = random_puzzle(&mut rng, width, height);
            let mut propagator = LinePropagator::<W>::new(&puzzle, Rc::default());
            let value = |p: &LinePropagator<W>, lit: i32| {
                let v = p.values[LinePropagator::<W>::cell_of(lit)];
                if lit > 0 { v } else { -v }
            };
            for _ in 0..4 * width * height {
                let lit = propagator.cb_propagate();
                if lit != 0 {
                    let clause = take_clause(|| propagator.cb_add_reason_clause_lit(lit));
                    assert_eq!(clause[0], lit);
                    assert!(clause[1..].iter().all(|&l| value(&propagator, l) == -1));
                    assert!(holds_on_its_line(&propagator, &clause), "{clause:?}");
                    reasons += 1;
                    // A deduction against an assigned cell is a conflict; and now and then
                    // CaDiCaL meets a conflict of its own before it assigns a deduction.
                    let own_conflict = !propagator.levels.is_empty() && rng.below(8) == 0;
                    if value(&propagator, lit) == -1 || own_conflict {
                        if !backtrack(&mut propagator, &mut rng) {
                            break;
                        }
                    } else {
                        propagator.notify_assignment(&[lit]);
                    }
                    continue;
                }
                let mut forgettable = true;
                if propagator.cb_has_external_clause(&mut forgettable) {
                    let clause = take_clause(|| propagator.cb_add_external_clause_lit());
                    assert!(clause.iter().all(|&l| value(&propagator, l) == -1));
                    assert!(holds_on_its_line(&propagator, &clause), "{clause:?}");
                    conflicts += 1;
                    if !backtrack(&mut propagator, &mut rng) {
                        break;
                    }
                    continue;
                }
                // Nothing pending and no conflict: every line is at its fixpoint.
                for line in 0..propagator.blocks.len() {
                    let (len, known) = (propagator.line_len(line), propagator.known[line]);
                    let solved = line_solver.solve(&propagator.blocks[line], len, known);
                    assert_eq!(solved.ok(), Some(known), "line {line} of {puzzle:?}");
                }
                fixpoints += 1;
                let open: Vec<usize> = (0..propagator.values.len())
                    .filter(|&cell| propagator.values[cell] == 0)
                    .collect();
                if open.is_empty() {
                    break;
                }
                let cell = open[rng.below(open.len() as u64) as usize];
                propagator.notify_new_decision_level();
                let black = rng.below(2) == 1;
                propagator.notify_assignment(&[LinePropagator::<W>::literal(cell, black)]);
            }
        }
        assert!(
            reasons > 1000 && conflicts > 100 && fixpoints > 500,
            "{reasons} reasons, {conflicts} conflicts, {fixpoints} fixpoints"
        );
    }

    #[test]
    fn reasons_and_conflicts_hold_on_every_arrangement_of_their_line() {
        reasons_and_conflicts_hold::<u64>();
        reasons_and_conflicts_hold::<u128>();
    }

    /// CaDiCaL with the lines inside its search, from a blank grid (no propagation first), finds
    /// exactly the solutions brute force finds, blocking each one found, on random puzzles up to
    /// 4x4 with and without solutions: its refutations are right.
    #[test]
    fn finds_every_solution_and_refutes_the_rest_on_small_puzzles() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut refuted = 0;
        for round in 0..400 {
            let (width, height) = (1 + round % 4, 1 + round / 4 % 4);
            let puzzle = random_puzzle(&mut rng, width, height);
            let blank = Grid::filled(width, height, Cell::Unknown);
            let mut solver = Solver::stoppable_with_lines(Interrupt::default(), &puzzle, 0)
                .expect("a small puzzle fits");
            let encoding = encode_known_cells(&puzzle, &blank, &mut solver);
            let solutions = assert_finds_exactly_brute_force(&puzzle, &mut solver, &encoding);
            refuted += usize::from(solutions == 0);
        }
        assert!(refuted > 20, "only {refuted} puzzles without a solution");
    }

    /// Puzzles with a line of 65 to 100 cells take the propagator in `u128` words: CaDiCaL with
    /// the lines inside its search finds, up to three, the same solutions as CaDiCaL over the
    /// encoding alone, each passing the puzzle's check.
    #[test]
    fn wide_puzzles_have_the_same_solutions_with_lines_in_u128_words() {
        let mut rng = Rng(0x6A09_E667_F3BC_C908);
        let mut several = 0;
        for round in 0..30 {
            let (width, height) = (65 + round % 36, 2 + round % 3);
            let puzzle = random_puzzle(&mut rng, width, height);
            assert!(!fits::<u64>(&puzzle) && fits::<u128>(&puzzle));
            let blank = Grid::filled(width, height, Cell::Unknown);
            // The propagator needs no clauses of the lines; CaDiCaL alone needs all of them.
            let solutions = |mut solver: Solver<Option<Deadline>>, lines: bool| {
                let encoding = match lines {
                    true => encode_known_cells(&puzzle, &blank, &mut solver),
                    false => encode(&puzzle, &blank, &mut solver).expect("a small formula"),
                };
                let mut found = Vec::new();
                while found.len() < 3 {
                    let Some(model) = solver.solve().expect("no limit") else {
                        break;
                    };
                    let mut grid = Grid::filled(width, height, false);
                    for pos in grid.positions() {
                        grid[pos] = model.value(encoding.cell_var(pos));
                    }
                    assert!(puzzle.check(&grid).is_ok(), "lines {lines}: {puzzle:?}");
                    solver.add_clause(&encoding.blocking_clause(&grid));
                    found.push(grid);
                }
                found.sort_by_key(|grid| grid.cells().to_vec());
                found
            };
            let with_lines = Solver::stoppable_with_lines(Interrupt::default(), &puzzle, 0)
                .expect("lines of up to 128 cells fit");
            let plain = Solver::stoppable(Interrupt::default(), SatBackend::Cadical);
            let (by_lines, by_encoding) = (solutions(with_lines, true), solutions(plain, false));
            several += usize::from(by_lines.len() > 1);
            if by_lines.len() < 3 {
                assert_eq!(by_lines, by_encoding, "{puzzle:?}");
            } else {
                assert_eq!(by_encoding.len(), 3, "{puzzle:?}");
            }
        }
        assert!(several > 5, "only {several} puzzles with several solutions");
    }
}
