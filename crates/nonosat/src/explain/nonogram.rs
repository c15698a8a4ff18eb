//! The solution path of a nonogram: line steps from the complete line solver, and contradiction
//! probes where line logic stalls, each with a minimal support.
//!
//! Line steps are taken in the order of line propagation (a queue of changed lines). A line step's
//! support is a minimal set of the line's known cells that, with the clue, still forces every cell
//! the step fixed: the known cells are deleted one at a time while the line solver still fixes
//! them. When line logic stalls, a probe sets an open cell to one colour and propagates over the
//! lines it touches; if some line then has no arrangement, the cell takes the other colour. Of all
//! such probes the one whose contradiction comes soonest (fewest line solves) is taken; its support
//! is a minimal set of known cells, among those on the lines the failed propagation read, that with
//! the probe still lead line propagation over the whole puzzle to a contradiction. Both kinds of support are minimal because the deductions are monotone: a cell
//! forced by fewer known cells stays forced with more.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use super::lines::LineLogic;
use super::path::{PathShape, Step, StepKind};
use super::support::minimal_support;
use crate::deadline::{Deadline, Limit};
use crate::logic::kind::Kind;
use crate::model::{Cell, Grid, LineId, Pos};

/// How to explain: `ExplainOptions::default()`, then the `with_` methods.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ExplainOptions {
    /// Stop at this deadline, with [`Stop::OutOfTime`].
    pub deadline: Option<Deadline>,
    /// Leave out probes: stop where line logic stalls.
    pub lines_only: bool,
}

impl ExplainOptions {
    /// These options stopping at `deadline` (none: no time limit).
    pub fn with_deadline(mut self, deadline: Option<Deadline>) -> Self {
        self.deadline = deadline;
        self
    }

    /// These options leaving out probes, or not.
    pub fn with_lines_only(mut self, lines_only: bool) -> Self {
        self.lines_only = lines_only;
        self
    }
}

/// Why the path ends where it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every cell is fixed.
    Solved,
    /// Neither a line nor a probe fixes another cell.
    Stalled,
    /// A line has no arrangement left: the puzzle (or the starting grid) has no solution.
    Contradiction(LineId),
    /// The time budget ran out.
    OutOfTime,
}

impl Stop {
    /// `solved`, `stalled`, `contradiction` or `out of time`.
    pub fn name(self) -> &'static str {
        match self {
            Stop::Solved => "solved",
            Stop::Stalled => "stalled",
            Stop::Contradiction(_) => "contradiction",
            Stop::OutOfTime => "out of time",
        }
    }
}

/// A solution path and where it ended; `K` is what is known of a cell, `V` what a step records
/// of one (see [`LineLogic`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation<K = Cell, V = bool> {
    /// The steps, in the order they were taken.
    pub steps: Vec<Step<V>>,
    /// Their dependency graph.
    pub shape: PathShape,
    /// The grid the steps reach from the start.
    pub grid: Grid<K>,
    /// Why the path ends.
    pub stop: Stop,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

/// The solution path of a puzzle of kind `P`: a black-and-white path knows cells as [`Cell`]s and
/// fixes them to black or white; a colour path knows cells as the colours they may still take
/// and narrows them (see [`LineLogic`]).
pub type ExplanationOf<P> = Explanation<<P as Kind>::Known, <P as LineLogic>::StepValue>;

/// What can be said of a partly solved grid's next step; `V` is what a step records of a cell
/// (`bool`, black; in a colour puzzle the colours left, see [`LineLogic`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextStep<V = bool> {
    /// The easiest step: the line step with the smallest support (then the most cells fixed), or,
    /// when no line fixes anything, the quickest contradiction probe.
    Step(Step<V>),
    /// Every cell is known.
    Solved,
    /// This line cannot be completed from the known cells: some known cell is wrong.
    Contradiction(LineId),
    /// Neither a line nor a probe fixes a cell: a guess (search) is needed.
    NoLogicalStep,
    /// No line fixes a cell, and the deadline passed before every probe was tried.
    OutOfTime,
}

/// The solution path of `puzzle` from `start` (an empty grid, or a partly solved one), black and
/// white or colour: in colour, `start` holds the colours each cell may still take, and a step
/// narrows cells to the colours it leaves them.
pub fn explain<P: LineLogic>(
    puzzle: &P,
    start: &Grid<P::Known>,
    options: &ExplainOptions,
) -> ExplanationOf<P> {
    let started = Instant::now();
    let mut explainer = Explainer {
        puzzle,
        solver: P::Solver::default(),
        deadline: options.deadline,
    };
    let mut grid = start.clone();
    let mut steps = Vec::new();
    let mut dirty = puzzle.every_line();
    let stop = loop {
        if let Err(stop) = explainer.line_steps(&mut grid, &mut steps, dirty) {
            break stop;
        }
        if grid.cells().iter().all(|&cell| !P::is_open(cell)) {
            break Stop::Solved;
        }
        if options.lines_only {
            break Stop::Stalled;
        }
        match explainer.probe_step(&grid) {
            Ok(Some(step)) => {
                let pos = step.fixed[0].0;
                dirty = vec![LineId::Row(pos.row), LineId::Col(pos.col)];
                apply::<P>(&mut grid, &step);
                steps.push(step);
            }
            Ok(None) => break Stop::Stalled,
            Err(OutOfTime) => break Stop::OutOfTime,
        }
    };
    Explanation {
        shape: PathShape::of(&steps),
        steps,
        grid,
        stop,
        elapsed: started.elapsed(),
    }
}

/// The easiest next step of `puzzle` from `grid` (see [`NextStep::Step`]); the probes stop at
/// `deadline`. In colour, `grid` holds the colours each cell may still take, and a step narrows
/// cells to the colours it leaves them.
pub fn next_step<P: LineLogic>(
    puzzle: &P,
    grid: &Grid<P::Known>,
    deadline: Option<Deadline>,
) -> NextStep<P::StepValue> {
    let mut explainer = Explainer {
        puzzle,
        solver: P::Solver::default(),
        deadline,
    };
    let mut best: Option<Step<P::StepValue>> = None;
    for line in puzzle.every_line() {
        let cells = grid.line(line);
        let Ok(solved) = puzzle.solve(&mut explainer.solver, line, &cells) else {
            return NextStep::Contradiction(line);
        };
        let fixed = changed::<P>(grid, line, &cells, &solved);
        if fixed.is_empty() {
            continue;
        }
        let step = explainer.line_step(grid, line, &fixed);
        let easier = |a: &Step<P::StepValue>, b: &Step<P::StepValue>| {
            (a.support.len(), usize::MAX - a.fixed.len())
                < (b.support.len(), usize::MAX - b.fixed.len())
        };
        if best.as_ref().is_none_or(|best| easier(&step, best)) {
            best = Some(step);
        }
    }
    if let Some(step) = best {
        return NextStep::Step(step);
    }
    if grid.cells().iter().all(|&cell| !P::is_open(cell)) {
        return NextStep::Solved;
    }
    match explainer.probe_step(grid) {
        Ok(Some(step)) => NextStep::Step(step),
        Ok(None) => NextStep::NoLogicalStep,
        Err(OutOfTime) => NextStep::OutOfTime,
    }
}

/// The cells of `line` of `grid` that solving it changed, from `cells` to `solved`, with what the
/// step records of them.
fn changed<P: LineLogic>(
    grid: &Grid<P::Known>,
    line: LineId,
    cells: &[P::Known],
    solved: &[P::Known],
) -> Vec<(Pos, P::StepValue)> {
    grid.line_positions(line)
        .zip(cells.iter().zip(solved))
        .filter(|(_, (old, new))| old != new)
        .map(|(pos, (_, new))| (pos, P::value(*new)))
        .collect()
}

/// Fixes the cells of `step` in `grid`.
fn apply<P: LineLogic>(grid: &mut Grid<P::Known>, step: &Step<P::StepValue>) {
    for &(pos, value) in &step.fixed {
        grid[pos] = P::known(value);
    }
}

/// The budget ran out.
struct OutOfTime;

/// A probe that failed: the value tried in a cell, and how its propagation failed.
struct Refuted<K> {
    /// Line solves before the contradiction.
    solves: usize,
    /// The cell probed.
    pos: Pos,
    /// The value tried there.
    trial: K,
    /// The lines the propagation changed, then the line it made impossible, when known.
    lines: Option<Vec<LineId>>,
}

struct Explainer<'a, P: LineLogic> {
    puzzle: &'a P,
    solver: P::Solver,
    deadline: Option<Deadline>,
}

impl<P: LineLogic> Explainer<'_, P> {
    fn out_of_time(&self) -> bool {
        self.deadline.check().is_err()
    }

    /// Line propagation from `lines`, one step per line solve that changes a cell, taken on
    /// `grid` and added to `steps`: lines are solved first-in first-out, and a line is queued
    /// again when a crossing line changes one of its cells. Ends at the fixpoint, or with the
    /// line that has no arrangement, or out of time.
    fn line_steps(
        &mut self,
        grid: &mut Grid<P::Known>,
        steps: &mut Vec<Step<P::StepValue>>,
        lines: Vec<LineId>,
    ) -> Result<(), Stop> {
        let mut queue: VecDeque<LineId> = VecDeque::new();
        let enqueue = |queue: &mut VecDeque<LineId>, line: LineId| {
            if !queue.contains(&line) {
                queue.push_back(line);
            }
        };
        for line in lines {
            enqueue(&mut queue, line);
        }
        while let Some(line) = queue.pop_front() {
            let cells = grid.line(line);
            let solved = self
                .puzzle
                .solve(&mut self.solver, line, &cells)
                .map_err(|_| Stop::Contradiction(line))?;
            let fixed = changed::<P>(grid, line, &cells, &solved);
            if fixed.is_empty() {
                continue;
            }
            if self.out_of_time() {
                return Err(Stop::OutOfTime);
            }
            let step = self.line_step(grid, line, &fixed);
            apply::<P>(grid, &step);
            steps.push(step);
            for &(pos, _) in &fixed {
                let crossing = match line {
                    LineId::Row(_) => LineId::Col(pos.col),
                    LineId::Col(_) => LineId::Row(pos.row),
                };
                enqueue(&mut queue, crossing);
            }
        }
        Ok(())
    }

    /// The step of solving `line` of `grid`, which fixes `fixed`, with a minimal support.
    fn line_step(
        &mut self,
        grid: &Grid<P::Known>,
        line: LineId,
        fixed: &[(Pos, P::StepValue)],
    ) -> Step<P::StepValue> {
        let before = grid.line(line);
        let index = |pos: Pos| match line {
            LineId::Row(_) => pos.col,
            LineId::Col(_) => pos.row,
        };
        let unknown = self.puzzle.open();
        let known: Vec<usize> = (0..before.len())
            .filter(|&i| before[i] != unknown)
            .collect();
        let (puzzle, solver) = (self.puzzle, &mut self.solver);
        let mut partial = vec![unknown; before.len()];
        let support = minimal_support(&known, |kept| {
            partial.fill(unknown);
            for &i in kept {
                partial[i] = before[i];
            }
            puzzle.solve(solver, line, &partial).is_ok_and(|solved| {
                fixed
                    .iter()
                    .all(|&(pos, value)| solved[index(pos)] == P::known(value))
            })
        });
        let positions: Vec<Pos> = grid.line_positions(line).collect();
        Step {
            kind: StepKind::Line,
            lines: vec![line],
            fixed: fixed.to_vec(),
            support: support
                .into_iter()
                .map(|i| (positions[i], P::value(before[i])))
                .collect(),
        }
    }

    /// The quickest contradiction probe from `grid`, with a minimal support, or `None` if no probe
    /// fixes a cell.
    fn probe_step(
        &mut self,
        grid: &Grid<P::Known>,
    ) -> Result<Option<Step<P::StepValue>>, OutOfTime> {
        let mut quickest: Option<Refuted<P::Known>> = None;
        for pos in grid.positions() {
            if !P::is_open(grid[pos]) {
                continue;
            }
            if self.out_of_time() {
                return Err(OutOfTime);
            }
            for trial_value in self.puzzle.trials(grid[pos]) {
                let mut trial = grid.clone();
                trial[pos] = trial_value;
                let crossing = vec![LineId::Row(pos.row), LineId::Col(pos.col)];
                let Err(failed) = self
                    .puzzle
                    .propagate(&mut self.solver, &mut trial, crossing)
                else {
                    continue;
                };
                if quickest
                    .as_ref()
                    .is_none_or(|quickest| failed.solves < quickest.solves)
                {
                    let lines = failed.read.map(|mut read| {
                        read.push(failed.line);
                        read
                    });
                    quickest = Some(Refuted {
                        solves: failed.solves,
                        pos,
                        trial: trial_value,
                        lines,
                    });
                }
            }
        }
        let Some(Refuted {
            pos: probed,
            trial: trial_value,
            lines,
            ..
        }) = quickest
        else {
            return Ok(None);
        };
        let unknown = self.puzzle.open();
        let on_lines = |pos: &Pos| {
            lines.as_ref().is_none_or(|lines| {
                lines.contains(&LineId::Row(pos.row)) || lines.contains(&LineId::Col(pos.col))
            })
        };
        let mut candidates: Vec<Pos> = grid
            .positions()
            .filter(|pos| grid[*pos] != unknown && *pos != probed && on_lines(pos))
            .collect();
        let deadline = self.deadline;
        let (puzzle, solver) = (self.puzzle, &mut self.solver);
        let mut fails = |kept: &[Pos]| {
            // Out of time, every cell is kept: the support stays sound, and the step is dropped.
            if deadline.check().is_err() {
                return false;
            }
            let mut trial = Grid::filled(grid.width(), grid.height(), unknown);
            for &pos in kept {
                trial[pos] = grid[pos];
            }
            trial[probed] = trial_value;
            puzzle
                .propagate(solver, &mut trial, puzzle.every_line())
                .is_err()
        };
        if !fails(&candidates) {
            // Not expected (the failed propagation read only these lines), but every known cell
            // certainly leads to the contradiction again.
            candidates = grid
                .positions()
                .filter(|pos| grid[*pos] != unknown && *pos != probed)
                .collect();
        }
        let support = minimal_support(&candidates, fails);
        if self.out_of_time() {
            return Err(OutOfTime);
        }
        let lines = lines.unwrap_or_else(|| vec![LineId::Row(probed.row), LineId::Col(probed.col)]);
        Ok(Some(Step {
            kind: StepKind::Probe,
            lines,
            fixed: vec![(probed, P::value(P::refuted(grid[probed], trial_value)))],
            support: support
                .into_iter()
                .map(|pos| (pos, P::value(grid[pos])))
                .collect(),
        }))
    }
}
