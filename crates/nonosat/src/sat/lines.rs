//! Line solving inside CaDiCaL's search (lazy clause generation): each row and column is a
//! propagator over the cell variables, which fixes what the complete line solver deduces and
//! explains each deduction with a clause over the line's known cell literals, cut down to a
//! minimal set; black and white and colour alike.
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
//! The propagator sees a line as the values each cell can no longer take, a word per value
//! (black and white: white 0, black 1; colour: the background 0, then the colours). What a cell
//! literal rules out, and which literal says a value is ruled out, is its kind's
//! ([`LineKind`]): a black-and-white cell is one variable, "black"; a colour cell has a variable
//! per value, "this value", exactly one of them true by the formula's own clauses, so a colour
//! line's deduction is always "not this value", and CaDiCaL finds the value left.
//!
//! A reason is found by dropping known literals one at a time, the most recently assigned first,
//! while the line still forces the deduction; what is left is irredundant, and leans on the
//! literals assigned earliest. Only lines of up to 128 cells are taken, in `u64` words when every
//! line fits 64 cells and in `u128` words otherwise.

use std::cell::Cell;
use std::rc::Rc;

use cadical_sys::ExternalPropagator;

use crate::logic::Contradiction;
use crate::logic::bits::{BitLineSolver, LineBits, ones};
use crate::logic::colour_bits::ColourBitSolver;
use crate::logic::word::Word;
use crate::model::{ColourClue, ColourPuzzle, Puzzle};

/// The work the propagator counts ([`WorkClock`](super::WorkClock)) for a literal CaDiCaL assigns
/// and tells it of, and for each cell of a line it solves, per two values a cell takes: with the
/// polls of CaDiCaL's terminator and its conflicts (`cadical.rs`), these follow the search's time
/// (fitted on black and white, docs/performance.md; a colour line's words grow with its values).
const WORK_PER_ASSIGNMENT: u64 = 400;
const WORK_PER_CELL_SOLVED: u64 = 4;

/// A kind of puzzle's lines as the propagator solves them, in words `W`: how its cell variables
/// rule out values, and its complete line solver over the values ruled out.
pub(super) trait LineKind<W: Word> {
    /// The values a cell takes (2 in black and white).
    fn values(&self) -> usize;

    /// The variables of a cell: cell `c`'s are `c * n + 1 ..= c * n + n`, as in the encoding.
    fn vars_per_cell(&self) -> usize;

    /// The values (bit `v` for value `v`) that `lit`, true, rules out for its cell.
    fn ruled_out_by(&self, lit: i32) -> u32;

    /// The literal "cell `cell` does not take value `value`".
    fn not_value(&self, cell: usize, value: usize) -> i32;

    /// Solves line `line` (the rows, then the columns) of `len` cells, `ruled[v]` the cells that
    /// cannot take value `v`: `after[v]` the cells that take `v` in no arrangement of its clue
    /// that fits, or a contradiction when none fits.
    fn solve(
        &mut self,
        line: usize,
        len: usize,
        ruled: &[W],
        after: &mut [W],
    ) -> Result<(), Contradiction>;
}

/// Black-and-white lines: a cell is variable "black"; white is value 0, black value 1.
pub(super) struct BlackWhiteLines<W: Word> {
    /// The rows' blocks, then the columns'.
    blocks: Vec<Vec<usize>>,
    solver: BitLineSolver<W>,
}

impl<W: Word> BlackWhiteLines<W> {
    /// The lines of `puzzle`.
    pub(super) fn new(puzzle: &Puzzle) -> Self {
        let clues = puzzle.rows().iter().chain(puzzle.columns());
        BlackWhiteLines {
            blocks: clues.map(|clue| clue.blocks().to_vec()).collect(),
            solver: BitLineSolver::new(),
        }
    }
}

impl<W: Word> LineKind<W> for BlackWhiteLines<W> {
    fn values(&self) -> usize {
        2
    }

    fn vars_per_cell(&self) -> usize {
        1
    }

    /// Black rules out white, white black.
    fn ruled_out_by(&self, lit: i32) -> u32 {
        if lit > 0 { 0b01 } else { 0b10 }
    }

    fn not_value(&self, cell: usize, value: usize) -> i32 {
        let black = cell as i32 + 1;
        if value == 0 { black } else { -black }
    }

    fn solve(
        &mut self,
        line: usize,
        len: usize,
        ruled: &[W],
        after: &mut [W],
    ) -> Result<(), Contradiction> {
        let known = LineBits {
            black: ruled[0],
            white: ruled[1],
        };
        let solved = self.solver.solve(&self.blocks[line], len, known)?;
        after[0] = solved.black;
        after[1] = solved.white;
        Ok(())
    }
}

/// Colour lines: a cell has a variable per value (the background, then each colour), as in the
/// colour encoding (`cnf/colour.rs`).
pub(super) struct ColourLines<W: Word> {
    values: usize,
    /// The rows' clues, then the columns'.
    clues: Vec<ColourClue>,
    solver: ColourBitSolver<W>,
    /// A word per value: the cells that may take it, and those that can.
    may: Vec<W>,
    can: Vec<W>,
}

impl<W: Word> ColourLines<W> {
    /// The lines of `puzzle`.
    pub(super) fn new(puzzle: &ColourPuzzle) -> Self {
        let values = puzzle.palette().len() + 1;
        ColourLines {
            values,
            clues: puzzle
                .rows()
                .iter()
                .chain(puzzle.columns())
                .cloned()
                .collect(),
            solver: ColourBitSolver::new(),
            may: vec![W::ZERO; values],
            can: vec![W::ZERO; values],
        }
    }
}

impl<W: Word> LineKind<W> for ColourLines<W> {
    fn values(&self) -> usize {
        self.values
    }

    fn vars_per_cell(&self) -> usize {
        self.values
    }

    /// "This value" rules out every other; "not this value" that one.
    fn ruled_out_by(&self, lit: i32) -> u32 {
        let value = (lit.unsigned_abs() as usize - 1) % self.values;
        let this = 1 << value;
        if lit > 0 {
            (u32::MAX >> (32 - self.values)) & !this
        } else {
            this
        }
    }

    fn not_value(&self, cell: usize, value: usize) -> i32 {
        -((cell * self.values + value + 1) as i32)
    }

    fn solve(
        &mut self,
        line: usize,
        len: usize,
        ruled: &[W],
        after: &mut [W],
    ) -> Result<(), Contradiction> {
        let cells = W::cells(len);
        for (may, &ruled) in self.may.iter_mut().zip(ruled) {
            *may = cells & !ruled;
        }
        self.solver
            .solve(&self.clues[line], len, &self.may, &mut self.can)?;
        for (after, &can) in after.iter_mut().zip(&self.can) {
            *after = cells & !can;
        }
        Ok(())
    }
}

/// Why a literal was deduced by a line: the line, and how many literals had been assigned then
/// (the line's literals among those are the reason).
#[derive(Clone, Copy)]
struct Deduction {
    line: usize,
    assigned: usize,
}

/// The propagator, with its own copy of the assignment CaDiCaL tells it about, its lines those
/// of `K` in words `W`.
pub(super) struct LinePropagator<K, W: Word> {
    kind: K,
    width: usize,
    height: usize,
    /// The values a cell takes, and its variables.
    values: usize,
    vars_per_cell: usize,
    /// Per cell variable: 0 unassigned, 1 true, -1 false.
    assigned: Vec<i8>,
    /// Per cell variable, its place on the trail while assigned.
    places: Vec<usize>,
    /// The cell variables in the order they were assigned.
    trail: Vec<usize>,
    /// The trail's length at the start of each decision level above 0.
    levels: Vec<usize>,
    /// Per line, a word per value: the cells that can no longer take it.
    ruled: Vec<W>,
    /// Lines changed since they were last solved.
    dirty: Vec<usize>,
    is_dirty: Vec<bool>,
    /// Deductions not yet handed to CaDiCaL, as literals, and why, per variable.
    pending: Vec<i32>,
    reasons: Vec<Option<Deduction>>,
    /// The variables given a reason since the last backtrack, or still assigned since an earlier
    /// one: a backtrack forgets the reasons of those of them it leaves unassigned.
    deduced: Vec<usize>,
    /// A clause being handed over literal by literal (a reason or a conflict), and how far.
    clause: Vec<i32>,
    handed: usize,
    /// A conflict found while solving a line, to hand over as an external clause, and its line.
    conflict: Option<(usize, Vec<i32>)>,
    /// A line's words being refuted, and the line solver's answer.
    words: Vec<W>,
    after: Vec<W>,
    /// Per variable, whether a refutation has dropped it.
    dropped: Vec<bool>,
    /// The work done so far, shared with CaDiCaL's terminator, which counts it.
    work: Rc<Cell<u64>>,
}

impl<K: LineKind<W>, W: Word> LinePropagator<K, W> {
    /// A propagator for the lines of `kind`, a puzzle of `width` by `height` cells, every line at
    /// most `W::BITS` cells, counting its work on `work`.
    pub(super) fn new(kind: K, (width, height): (usize, usize), work: Rc<Cell<u64>>) -> Self {
        debug_assert!(width <= W::BITS && height <= W::BITS);
        let (values, vars_per_cell) = (kind.values(), kind.vars_per_cell());
        let vars = width * height * vars_per_cell;
        let lines = width + height;
        LinePropagator {
            kind,
            width,
            height,
            values,
            vars_per_cell,
            assigned: vec![0; vars],
            places: vec![0; vars],
            trail: Vec::new(),
            levels: Vec::new(),
            ruled: vec![W::ZERO; lines * values],
            dirty: (0..lines).collect(),
            is_dirty: vec![true; lines],
            pending: Vec::new(),
            reasons: vec![None; vars],
            deduced: Vec::new(),
            clause: Vec::new(),
            handed: 0,
            conflict: None,
            words: vec![W::ZERO; values],
            after: vec![W::ZERO; values],
            dropped: vec![false; vars],
            work,
        }
    }

    /// Counts `units` of work.
    fn count(&self, units: u64) {
        self.work.set(self.work.get() + units);
    }

    /// The work of solving a line of `len` cells.
    fn solving_work(&self, len: usize) -> u64 {
        len as u64 * WORK_PER_CELL_SOLVED * self.values as u64 / 2
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

    /// A cell's position in `line`, one of its two.
    fn position_in(&self, line: usize, cell: usize) -> usize {
        if line < self.height {
            cell % self.width
        } else {
            cell / self.width
        }
    }

    /// The variable (numbered from 0) of a literal, and the cell of a variable.
    fn var_of(lit: i32) -> usize {
        lit.unsigned_abs() as usize - 1
    }

    fn cell_of(&self, var: usize) -> usize {
        if self.vars_per_cell == 1 {
            var
        } else {
            var / self.vars_per_cell
        }
    }

    /// The literal an assigned variable's value makes true.
    fn literal(&self, var: usize) -> i32 {
        let lit = var as i32 + 1;
        if self.assigned[var] > 0 { lit } else { -lit }
    }

    /// The values ruled out for `cell` by its variables assigned before place `before` on the
    /// trail and neither `but` nor dropped.
    fn ruled_out_of(&self, cell: usize, before: usize, but: usize) -> u32 {
        if self.vars_per_cell == 1 {
            return 0; // `but` is the cell's one variable.
        }
        let first = cell * self.vars_per_cell;
        (first..first + self.vars_per_cell)
            .filter(|&var| {
                var != but
                    && self.assigned[var] != 0
                    && self.places[var] < before
                    && !self.dropped[var]
            })
            .fold(0, |ruled, var| {
                ruled | self.kind.ruled_out_by(self.literal(var))
            })
    }

    /// The values ruled out at position `i` of `words` (a word per value).
    fn cell_in(words: &[W], i: usize) -> u32 {
        (words.iter().enumerate()).fold(0, |ruled, (value, word)| {
            ruled | u32::from(word.has(i)) << value
        })
    }

    /// Sets position `i` of `words` (a word per value) to the values `ruled` rules out.
    fn set_cell(words: &mut [W], i: usize, ruled: u32) {
        for (value, word) in words.iter_mut().enumerate() {
            if ruled >> value & 1 == 1 {
                *word |= W::ONE << i;
            } else {
                *word &= !(W::ONE << i);
            }
        }
    }

    fn mark_dirty(&mut self, line: usize) {
        if !self.is_dirty[line] {
            self.is_dirty[line] = true;
            self.dirty.push(line);
        }
    }

    fn assign(&mut self, lit: i32) {
        let var = Self::var_of(lit);
        if var >= self.assigned.len() || self.assigned[var] != 0 {
            return;
        }
        self.assigned[var] = if lit > 0 { 1 } else { -1 };
        self.places[var] = self.trail.len();
        self.trail.push(var);
        let ruled = self.kind.ruled_out_by(lit);
        for (line, i) in self.lines_of(self.cell_of(var)) {
            for value in ones(u64::from(ruled)) {
                self.ruled[line * self.values + value] |= W::ONE << i;
            }
            self.mark_dirty(line);
        }
    }

    fn unassign_to(&mut self, length: usize) {
        while self.trail.len() > length {
            let var = self.trail.pop().expect("the trail is longer than length");
            self.assigned[var] = 0;
            self.reasons[var] = None;
            let cell = self.cell_of(var);
            let ruled = self.ruled_out_of(cell, usize::MAX, var);
            for (line, i) in self.lines_of(cell) {
                let values = self.values;
                Self::set_cell(&mut self.ruled[line * values..][..values], i, ruled);
                self.mark_dirty(line);
            }
        }
    }

    /// The variables of `line` assigned before place `before` on the trail, each with its cell's
    /// position in the line, in the line's order.
    fn assigned_before(&self, line: usize, before: usize) -> Vec<(usize, usize)> {
        let mut vars = Vec::new();
        for i in 0..self.line_len(line) {
            let first = self.cell_at(line, i) * self.vars_per_cell;
            vars.extend(
                (first..first + self.vars_per_cell)
                    .filter(|&var| self.assigned[var] != 0 && self.places[var] < before)
                    .map(|var| (var, i)),
            );
        }
        vars
    }

    /// Drops the literals of `vars` (assigned on `line` before place `before`, each with its
    /// position, in the line's order), the latest assigned first, while `line` with what is left,
    /// and `assumed` (a position and the values ruled out there) on top, still has no arrangement;
    /// then the clause that some literal left is false, in the line's order.
    fn refuting_clause(
        &mut self,
        line: usize,
        vars: Vec<(usize, usize)>,
        before: usize,
        assumed: Option<(usize, u32)>,
    ) -> Vec<i32> {
        let len = self.line_len(line);
        let mut words = std::mem::take(&mut self.words);
        words.fill(W::ZERO);
        let ruled = vars
            .iter()
            .map(|&(var, i)| (i, self.kind.ruled_out_by(self.literal(var))));
        for (i, ruled) in ruled.chain(assumed) {
            for value in ones(u64::from(ruled)) {
                words[value] |= W::ONE << i;
            }
        }
        let mut latest_first = vars.clone();
        latest_first.sort_by_key(|&(var, _)| std::cmp::Reverse(self.places[var]));
        let mut after = std::mem::take(&mut self.after);
        // Colour: per position, how many of the literals are on its cell, and whether they have
        // been tried all at once.
        let mut on_cell = [0u8; 128];
        if self.vars_per_cell > 1 {
            for &(_, i) in &vars {
                on_cell[i] += 1;
            }
        }
        let mut tried_whole = 0u128;
        for &(var, i) in &latest_first {
            if self.dropped[var] {
                continue;
            }
            let cell = self.cell_of(var);
            let kept = Self::cell_in(&words, i);
            let assumed_here = match assumed {
                Some((at, ruled)) if at == i => ruled,
                _ => 0,
            };
            // A colour cell's literals are tried all at once first: a cell the refutation does
            // not need then costs one solve, not one a literal.
            if on_cell[i] > 1 && tried_whole >> i & 1 == 0 {
                tried_whole |= 1 << i;
                Self::set_cell(&mut words, i, assumed_here);
                self.count(self.solving_work(len));
                if self.kind.solve(line, len, &words, &mut after).is_err() {
                    let first = cell * self.vars_per_cell;
                    for other in first..first + self.vars_per_cell {
                        let listed = self.assigned[other] != 0 && self.places[other] < before;
                        self.dropped[other] |= listed;
                    }
                    continue;
                }
                Self::set_cell(&mut words, i, kept);
            }
            let without = self.ruled_out_of(cell, before, var) | assumed_here;
            // A literal that rules out nothing the cell's others do not (a colour cell's "not
            // this value" beside its "that value") goes without solving the line again.
            if without == kept {
                self.dropped[var] = true;
                continue;
            }
            Self::set_cell(&mut words, i, without);
            self.count(self.solving_work(len));
            if self.kind.solve(line, len, &words, &mut after).is_err() {
                self.dropped[var] = true;
            } else {
                Self::set_cell(&mut words, i, kept);
            }
        }
        self.words = words;
        self.after = after;
        let mut clause = Vec::new();
        for (var, _) in vars {
            if !std::mem::take(&mut self.dropped[var]) {
                clause.push(-self.literal(var));
            }
        }
        clause
    }

    /// Solves dirty lines until one deduces something (queued in `pending`) or fails (kept in
    /// `conflict`), or none is left.
    fn solve_dirty(&mut self) {
        let values = self.values;
        while let Some(line) = self.dirty.pop() {
            self.is_dirty[line] = false;
            let len = self.line_len(line);
            self.count(self.solving_work(len));
            let ruled = &self.ruled[line * values..][..values];
            if self.kind.solve(line, len, ruled, &mut self.after).is_err() {
                let vars = self.assigned_before(line, usize::MAX);
                self.conflict = Some((line, self.refuting_clause(line, vars, usize::MAX, None)));
                return;
            }
            let ruled = &self.ruled[line * values..][..values];
            let newly = |value: usize| self.after[value] & !ruled[value];
            let fixed = (0..values).fold(W::ZERO, |fixed, value| fixed | newly(value));
            if fixed == W::ZERO {
                continue;
            }
            // Cell by cell along the line, each value it no longer takes.
            for i in ones(fixed) {
                for value in (0..values).filter(|&value| newly(value).has(i)) {
                    let lit = self.kind.not_value(self.cell_at(line, i), value);
                    let var = Self::var_of(lit);
                    if self.reasons[var].is_none() {
                        self.reasons[var] = Some(Deduction {
                            line,
                            assigned: self.trail.len(),
                        });
                        self.deduced.push(var);
                        self.pending.push(lit);
                    }
                }
            }
            return;
        }
    }

    /// The reason clause of `lit`, which a line deduced: `lit` first.
    fn reason(&mut self, lit: i32) -> Vec<i32> {
        let var = Self::var_of(lit);
        let deduction = self.reasons[var].expect("CaDiCaL asks only for deductions made");
        let (line, before) = (deduction.line, deduction.assigned);
        let vars = self.assigned_before(line, before);
        // The line with the literal the other way has no arrangement.
        let i = self.position_in(line, self.cell_of(var));
        let assumed = (i, self.kind.ruled_out_by(-lit));
        let mut clause = vec![lit];
        clause.extend(self.refuting_clause(line, vars, before, Some(assumed)));
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

    /// The value of each cell in a model of the cell variables (`true` per variable): the one its
    /// literals leave.
    fn model_values(&self, model: &[bool]) -> Vec<usize> {
        (0..self.width * self.height)
            .map(|cell| {
                let first = cell * self.vars_per_cell;
                let ruled = (first..first + self.vars_per_cell).fold(0, |ruled, var| {
                    let lit = var as i32 + 1;
                    ruled | self.kind.ruled_out_by(if model[var] { lit } else { -lit })
                });
                (!ruled).trailing_zeros() as usize
            })
            .collect()
    }
}

impl<K: LineKind<W>, W: Word> ExternalPropagator for LinePropagator<K, W> {
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
            if let Some(deduction) = self.reasons[Self::var_of(lit)] {
                self.mark_dirty(deduction.line);
            }
        }
        let (reasons, assigned) = (&mut self.reasons, &self.assigned);
        self.deduced.retain(|&var| {
            let still = assigned[var] != 0;
            if !still {
                reasons[var] = None;
            }
            still
        });
        if let Some((line, _)) = self.conflict.take() {
            self.mark_dirty(line);
        }
    }

    fn cb_check_found_model(&mut self, model: &[i32]) -> bool {
        let mut is_true = vec![false; self.assigned.len()];
        for &lit in model {
            let var = Self::var_of(lit);
            if var < is_true.len() {
                is_true[var] = lit > 0;
            }
        }
        let cells = self.model_values(&is_true);
        let mut words = std::mem::take(&mut self.words);
        let mut after = std::mem::take(&mut self.after);
        for line in 0..self.width + self.height {
            let len = self.line_len(line);
            words.fill(W::ZERO);
            for i in 0..len {
                let value = cells[self.cell_at(line, i)];
                for (other, word) in words.iter_mut().enumerate() {
                    if other != value {
                        *word |= W::ONE << i;
                    }
                }
            }
            self.count(self.solving_work(len));
            if self.kind.solve(line, len, &words, &mut after).is_err() {
                let clause = (0..len)
                    .map(|i| {
                        let cell = self.cell_at(line, i);
                        self.kind.not_value(cell, cells[cell])
                    })
                    .collect();
                self.conflict = Some((line, clause));
                break;
            }
        }
        self.words = words;
        self.after = after;
        self.conflict.is_none()
    }

    fn cb_propagate(&mut self) -> i32 {
        loop {
            while let Some(lit) = self.pending.pop() {
                let assigned = self.assigned[Self::var_of(lit)];
                if assigned == 0 || (assigned > 0) != (lit > 0) {
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
    use crate::cnf::{encode, encode_known_cells};
    use crate::deadline::Deadline;
    use crate::model::{Cell, Grid};
    use crate::sat::{
        Interrupt, LinePuzzle, SatBackend, Solver, all_colour_solutions,
        assert_finds_exactly_brute_force, black_and_white_solutions,
    };
    use crate::testing::{Rng, blocks_of, random_colour_puzzle, random_puzzle};

    /// Whether an arrangement (a value per cell) fits line `line`'s clue, by the clue it reads.
    type Fits = Box<dyn Fn(usize, &[usize]) -> bool>;

    /// Whether `lit` holds when its cell has value `value`: the value is not one it rules out.
    fn holds<K: LineKind<W>, W: Word>(kind: &K, lit: i32, value: usize) -> bool {
        kind.ruled_out_by(lit) >> value & 1 == 0
    }

    /// Whether `clause` holds in every arrangement of `line`'s clue: every way of giving the line's
    /// cells values that `fits` the clue satisfies one of the clause's literals on those cells.
    fn holds_on_every_arrangement<K: LineKind<W>, W: Word>(
        propagator: &LinePropagator<K, W>,
        fits: &Fits,
        line: usize,
        clause: &[i32],
    ) -> bool {
        let (len, values) = (propagator.line_len(line), propagator.values);
        let cells: Vec<usize> = (0..len).map(|i| propagator.cell_at(line, i)).collect();
        let at: Vec<usize> = clause
            .iter()
            .map(|&lit| {
                let cell = propagator.cell_of(LinePropagator::<K, W>::var_of(lit));
                cells
                    .iter()
                    .position(|&c| c == cell)
                    .expect("a literal on the line")
            })
            .collect();
        (0..values.pow(len as u32)).all(|mut pattern| {
            let arrangement: Vec<usize> = (0..len)
                .map(|_| {
                    let value = pattern % values;
                    pattern /= values;
                    value
                })
                .collect();
            !fits(line, &arrangement)
                || (clause.iter().zip(&at))
                    .any(|(&lit, &i)| holds(&propagator.kind, lit, arrangement[i]))
        })
    }

    /// The clause handed over by `next` until it gives 0.
    fn take_clause(mut next: impl FnMut() -> i32) -> Vec<i32> {
        std::iter::from_fn(|| Some(next()).filter(|&lit| lit != 0)).collect()
    }

    /// Whether `clause` lies within one line and holds on every arrangement of that line (a
    /// clause of one cell may be either of its lines').
    fn holds_on_its_line<K: LineKind<W>, W: Word>(
        propagator: &LinePropagator<K, W>,
        fits: &Fits,
        clause: &[i32],
    ) -> bool {
        let cell_of = |lit: i32| propagator.cell_of(LinePropagator::<K, W>::var_of(lit));
        let lines = propagator.lines_of(cell_of(clause[0]));
        lines.into_iter().any(|(line, _)| {
            let within = clause.iter().all(|&lit| {
                let lines = propagator.lines_of(cell_of(lit));
                lines.iter().any(|&(l, _)| l == line)
            });
            within && holds_on_every_arrangement(propagator, fits, line, clause)
        })
    }

    /// After a conflict, backtracks `propagator` to a random decision level below its current
    /// one; false when the conflict is at level 0, where CaDiCaL would answer "unsatisfiable".
    fn backtrack<K: LineKind<W>, W: Word>(
        propagator: &mut LinePropagator<K, W>,
        rng: &mut Rng,
    ) -> bool {
        let levels = propagator.levels.len();
        if levels == 0 {
            return false;
        }
        propagator.notify_backtrack(rng.below(levels as u64) as usize);
        true
    }

    /// Drives the propagators `make` gives (round by round) as CaDiCaL would, with random
    /// decisions and backtracks: every deduction's reason holds on every arrangement of its line,
    /// contains the deduced literal, and has every other literal false; every conflict holds on
    /// its line and is false; and before each decision every line is at its fixpoint (nothing
    /// undone is left unsaid).
    fn reasons_and_conflicts_hold<K: LineKind<W>, W: Word>(
        rounds: usize,
        mut make: impl FnMut(&mut Rng, usize) -> (LinePropagator<K, W>, Fits),
    ) {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let (mut reasons, mut conflicts, mut fixpoints) = (0, 0, 0);
        for round in 0..rounds {
            let (mut propagator, fits) = make(&mut rng, round);
            let value = |p: &LinePropagator<K, W>, lit: i32| {
                let v = p.assigned[LinePropagator::<K, W>::var_of(lit)];
                if lit > 0 { v } else { -v }
            };
            for _ in 0..4 * propagator.assigned.len() {
                let lit = propagator.cb_propagate();
                if lit != 0 {
                    let clause = take_clause(|| propagator.cb_add_reason_clause_lit(lit));
                    assert_eq!(clause[0], lit);
                    assert!(clause[1..].iter().all(|&l| value(&propagator, l) == -1));
                    assert!(holds_on_its_line(&propagator, &fits, &clause), "{clause:?}");
                    reasons += 1;
                    // A deduction against an assigned variable is a conflict; and now and then
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
                    assert!(holds_on_its_line(&propagator, &fits, &clause), "{clause:?}");
                    conflicts += 1;
                    if !backtrack(&mut propagator, &mut rng) {
                        break;
                    }
                    continue;
                }
                // Nothing pending and no conflict: every line is at its fixpoint.
                let values = propagator.values;
                let mut after = vec![W::ZERO; values];
                for line in 0..propagator.width + propagator.height {
                    let len = propagator.line_len(line);
                    let ruled = &propagator.ruled[line * values..][..values];
                    let solved = propagator.kind.solve(line, len, ruled, &mut after);
                    assert!(
                        solved.is_ok() && after == ruled,
                        "line {line}, round {round}"
                    );
                }
                fixpoints += 1;
                let open: Vec<usize> = (0..propagator.assigned.len())
                    .filter(|&var| propagator.assigned[var] == 0)
                    .collect();
                if open.is_empty() {
                    break;
                }
                let var = open[rng.below(open.len() as u64) as usize] as i32 + 1;
                propagator.notify_new_decision_level();
                let lit = if rng.below(2) == 1 { var } else { -var };
                propagator.notify_assignment(&[lit]);
            }
        }
        assert!(
            reasons > 1000 && conflicts > 100 && fixpoints > 500,
            "{reasons} reasons, {conflicts} conflicts, {fixpoints} fixpoints"
        );
    }

    /// Black-and-white propagators of random puzzles up to 8x8, and their lines' blocks.
    fn black_and_white<W: Word>(
        rng: &mut Rng,
        round: usize,
    ) -> (LinePropagator<BlackWhiteLines<W>, W>, Fits) {
        let (width, height) = (2 + round % 7, 2 + round / 7 % 7);
        let puzzle = random_puzzle(rng, width, height);
        let lines = BlackWhiteLines::<W>::new(&puzzle);
        let blocks = lines.blocks.clone();
        let fits: Fits = Box::new(move |line: usize, values: &[usize]| {
            let black: Vec<bool> = values.iter().map(|&value| value == 1).collect();
            blocks_of(&black) == blocks[line]
        });
        (
            LinePropagator::new(lines, (width, height), Rc::default()),
            fits,
        )
    }

    /// Colour propagators of random puzzles up to 5x5 with two or three colours, and their lines'
    /// clues.
    fn colour<W: Word>(rng: &mut Rng, round: usize) -> (LinePropagator<ColourLines<W>, W>, Fits) {
        let (width, height) = (2 + round % 4, 2 + round / 4 % 4);
        let puzzle = random_colour_puzzle(rng, width, height, 2 + (round / 16 % 2) as u8);
        let lines = ColourLines::<W>::new(&puzzle);
        let clues = lines.clues.clone();
        let fits: Fits = Box::new(move |line: usize, values: &[usize]| {
            ColourClue::of_line(values.iter().map(|&value| value as u8)) == clues[line]
        });
        (
            LinePropagator::new(lines, (width, height), Rc::default()),
            fits,
        )
    }

    #[test]
    fn reasons_and_conflicts_hold_on_every_arrangement_of_their_line() {
        reasons_and_conflicts_hold(1000, black_and_white::<u64>);
        reasons_and_conflicts_hold(1000, black_and_white::<u128>);
    }

    #[test]
    fn colour_reasons_and_conflicts_hold_on_every_arrangement_of_their_line() {
        reasons_and_conflicts_hold(300, colour::<u64>);
        reasons_and_conflicts_hold(100, colour::<u128>);
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

    /// CaDiCaL with the colour lines inside its search, from a blank grid, finds exactly the
    /// solutions CaDiCaL over the whole colour encoding finds (which tests/cnf/colour.rs checks
    /// against brute force), blocking each one found, on random puzzles up to 4x4 with two or
    /// three colours, half of them with two rows' clues swapped (often no solution): its
    /// refutations are right.
    #[test]
    fn colour_lines_find_every_solution_and_refute_the_rest_on_small_puzzles() {
        use crate::cnf::Encodable;
        let mut rng = Rng(0x3C6E_F372_FE94_F82B);
        let (mut refuted, mut several) = (0, 0);
        for round in 0..300 {
            let (width, height) = (1 + round % 4, 2 + round / 4 % 3);
            let colours = 2 + (round / 12 % 2) as u8;
            let planted = random_colour_puzzle(&mut rng, width, height, colours);
            let mut rows = planted.rows().to_vec();
            if round % 2 == 0 {
                rows.swap(0, 1 + rng.below(height as u64 - 1) as usize);
            }
            let columns = planted.columns().to_vec();
            let Ok(puzzle) = ColourPuzzle::new(rows, columns, planted.palette().clone()) else {
                continue;
            };
            let blank = crate::logic::colour::open_grid(&puzzle);
            let mut with_lines = Solver::stoppable_with_lines(Interrupt::default(), &puzzle, 0)
                .expect("a small puzzle fits");
            let lines_encoding = puzzle.encode_cells(&blank, &mut with_lines);
            let by_lines = all_colour_solutions(&puzzle, with_lines, &lines_encoding);
            let mut plain = Solver::stoppable(Interrupt::default(), SatBackend::Cadical);
            let encoding = encode(&puzzle, &blank, &mut plain).expect("a small formula");
            let by_encoding = all_colour_solutions(&puzzle, plain, &encoding);
            assert_eq!(by_lines, by_encoding, "{puzzle:?}");
            refuted += usize::from(by_lines.is_empty());
            several += usize::from(by_lines.len() > 1);
        }
        assert!(
            refuted > 20 && several > 5,
            "{refuted} puzzles without a solution, {several} with several"
        );
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
            let lines = LinePuzzle::from(&puzzle);
            assert!(!lines.fits::<u64>() && lines.fits::<u128>());
            let blank = Grid::filled(width, height, Cell::Unknown);
            // The propagator needs no clauses of the lines; CaDiCaL alone needs all of them.
            let solutions = |mut solver: Solver<Option<Deadline>>, lines: bool| {
                let encoding = match lines {
                    true => encode_known_cells(&puzzle, &blank, &mut solver),
                    false => encode(&puzzle, &blank, &mut solver).expect("a small formula"),
                };
                let mut found = black_and_white_solutions(&puzzle, &mut solver, &encoding, 3);
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
