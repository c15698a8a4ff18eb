//! Belief-guided decimation: a dive for one solution of a black-and-white puzzle, without
//! backtracking, that fixes the open cell belief propagation is surest of to its likelier colour,
//! propagates the lines, and asks the beliefs again.
//!
//! It proves nothing and often ends in a contradiction, but where it ends in a solution it gets
//! there after a few hundred updates of the beliefs: on random puzzles of 50x50 and more it often
//! finds one within a second where every SAT search here takes minutes, and on some tournament
//! puzzles where they take seconds (docs/performance.md). Each attempt after the first chooses among
//! the few surest cells at random (from the attempt's number, so that an attempt runs the same way
//! every time), and so may find another solution, or one where the first dived into a dead end.

use super::dfs::XorShift;
use crate::logic::belief::{MAX_ROUNDS, Messages, WORK_PER_BELIEF_STATE, black_beliefs_from};
use crate::logic::bits::QuickLineSolver;
use crate::logic::propagate_lines;
use crate::model::{Cell, Grid, LineId, Puzzle};

/// Rounds of belief propagation after a cell is fixed and propagated, going on from the messages
/// before it: the beliefs move little with one cell more.
const ROUNDS_AFTER_A_DECISION: usize = 3;

/// How many of the surest cells an attempt after the first chooses among.
const CHOSEN_AMONG: u64 = 3;

/// The work a dive counts on a racer's clock (in the depth-first search's units, about a
/// nanosecond each) for each line propagation solves; belief propagation's lines count
/// [`WORK_PER_BELIEF_STATE`] a state.
const WORK_PER_LINE_SOLVED: u64 = 100;

/// One dive from the cells `known`, propagated first: a solution, or `None` when it ends in a
/// contradiction or `stop` says so. `work` grows by the work done, whatever the end.
pub(crate) fn dive(
    puzzle: &Puzzle,
    known: &Grid<Cell>,
    attempt: u64,
    stop: &dyn Fn() -> bool,
    work: &mut u64,
) -> Option<Grid<bool>> {
    let mut grid = known.clone();
    let mut messages = Messages::new(puzzle);
    let mut solver = QuickLineSolver::new();
    let mut random = XorShift(0x9E37_79B9_7F4A_7C15 ^ attempt.wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut to_propagate: Vec<LineId> = puzzle.lines().collect();
    let mut rounds = MAX_ROUNDS;
    let mut belief_work_counted = 0;
    loop {
        let propagated = propagate_lines(puzzle, &mut grid, &mut solver, to_propagate.drain(..));
        *work += WORK_PER_LINE_SOLVED
            * match &propagated {
                Ok(done) => done.line_solves,
                Err(stuck) => stuck.before.line_solves,
            } as u64;
        if propagated.is_err() || stop() {
            break None;
        }
        let open: Vec<_> = grid
            .positions()
            .filter(|&pos| grid[pos] == Cell::Unknown)
            .collect();
        if open.is_empty() {
            break Some(grid.map(|&cell| cell == Cell::Black));
        }
        let beliefs = black_beliefs_from(puzzle, &grid, stop, &mut messages, rounds);
        *work += WORK_PER_BELIEF_STATE * (messages.work() - belief_work_counted);
        belief_work_counted = messages.work();
        let Some(beliefs) = beliefs else {
            break None;
        };
        rounds = ROUNDS_AFTER_A_DECISION;
        // The surest cells first; ties in the grid's order, so that a dive is the same on every
        // run.
        let sureness = |pos| (beliefs[pos] - 0.5f64).abs();
        let mut surest = Vec::with_capacity(CHOSEN_AMONG as usize);
        let among = if attempt == 0 { 1 } else { CHOSEN_AMONG };
        for &pos in &open {
            let at = surest.partition_point(|&other| sureness(other) >= sureness(pos));
            if at < among as usize {
                surest.insert(at, pos);
                surest.truncate(among as usize);
            }
        }
        let chosen = surest[(random.next() % surest.len() as u64) as usize];
        grid[chosen] = Cell::from_black(beliefs[chosen] > 0.5);
        to_propagate.extend([LineId::Row(chosen.row), LineId::Col(chosen.col)]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{Rng, brute_force, random_puzzle};

    /// A dive ends in one of the puzzle's solutions, as brute force finds them, or in nothing;
    /// on a puzzle without a solution, always in nothing.
    #[test]
    fn every_dive_ends_in_a_solution_or_in_nothing() {
        let mut rng = Rng(0x9E6C_63D0_676A_9A99);
        let mut solved = 0;
        for round in 0..400 {
            let (width, height) = (4, 3 + round % 2);
            let puzzle = random_puzzle(&mut rng, width, height);
            let solutions = brute_force(&puzzle);
            let blank = Grid::filled(width, height, Cell::Unknown);
            for attempt in 0..3 {
                let mut work = 0;
                if let Some(grid) = dive(&puzzle, &blank, attempt, &|| false, &mut work) {
                    assert!(solutions.contains(&grid), "{puzzle:?} {grid:?}");
                    solved += 1;
                }
                assert!(work > 0, "{puzzle:?}");
            }
        }
        assert!(solved > 300, "only {solved} dives ended in a solution");
    }

    /// The same dive of the same puzzle ends the same way, with the same work, every time; its
    /// solutions meet the clues; a later attempt may find another solution.
    #[test]
    fn a_dive_runs_the_same_way_every_time() {
        let mut rng = Rng(0x1B87_3593_D2B4_2F4D);
        let (mut solved, mut others) = (0, 0);
        for _ in 0..40 {
            let picture = crate::testing::random_picture(&mut rng, 15, 15);
            let puzzle = Puzzle::from_picture(&picture).expect("a puzzle");
            let blank = Grid::filled(15, 15, Cell::Unknown);
            let mut found = Vec::new();
            for attempt in 0..3 {
                let (mut work, mut again) = (0, 0);
                let first = dive(&puzzle, &blank, attempt, &|| false, &mut work);
                let second = dive(&puzzle, &blank, attempt, &|| false, &mut again);
                assert_eq!(first, second, "{puzzle:?}");
                assert_eq!(work, again, "{puzzle:?}");
                if let Some(grid) = first {
                    assert!(puzzle.check(&grid).is_ok(), "{puzzle:?}");
                    solved += 1;
                    if !found.contains(&grid) {
                        found.push(grid);
                    }
                }
            }
            others += found.len().saturating_sub(1);
        }
        assert!(solved > 40, "only {solved} of 120 dives found a solution");
        assert!(others > 0, "no later attempt found another solution");
    }

    /// A dive told to stop ends without a solution.
    #[test]
    fn a_stopped_dive_finds_nothing() {
        let puzzle = Puzzle::from_picture(
            &Grid::from_rows(vec![vec![true, false, true], vec![false, true, false]])
                .expect("rows of one width"),
        )
        .expect("a puzzle");
        let blank = Grid::filled(3, 2, Cell::Unknown);
        let mut work = 0;
        assert_eq!(dive(&puzzle, &blank, 0, &|| true, &mut work), None);
    }
}
