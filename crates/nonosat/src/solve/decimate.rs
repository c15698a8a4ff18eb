//! Belief-guided decimation: a dive for one solution, without backtracking, that fixes the open
//! cell belief propagation is surest of to its likeliest value, propagates the lines, and asks
//! the beliefs again; for either kind of puzzle ([`Guess`]).
//!
//! It proves nothing and often ends in a contradiction, but where it ends in a solution it gets
//! there after a few hundred updates of the beliefs: on random puzzles of 50x50 and more it often
//! finds one within a second where every SAT search here takes minutes, and on some tournament
//! puzzles where they take seconds (docs/performance.md). Each attempt after the first chooses among
//! the few surest cells at random (from the attempt's number, so that an attempt runs the same way
//! every time), and so may find another solution, or one where the first dived into a dead end.

use super::dfs::XorShift;
use super::guess::Guess;
use crate::logic::belief::{MAX_ROUNDS, WORK_PER_BELIEF_STATE};
use crate::logic::board::Board;
use crate::model::Grid;
use crate::sat::WorkClock;

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
/// contradiction or `stop` says so. Its work counts on `clock` as it is done, line by line, so
/// that the other racer's answer need not wait for the dive's end to be taken.
pub(crate) fn dive<K: Guess>(
    puzzle: &K,
    known: &Grid<K::Known>,
    attempt: u64,
    stop: &dyn Fn() -> bool,
    clock: &WorkClock,
) -> Option<Grid<K::Value>> {
    let mut board = Board::new(puzzle, known);
    board.queue_all();
    let beliefs_clock = clock.clone();
    let on_work = Box::new(move |states| beliefs_clock.add(WORK_PER_BELIEF_STATE * states));
    let mut messages = puzzle.fresh_messages(known, Some(on_work));
    let mut random = XorShift(0x9E37_79B9_7F4A_7C15 ^ attempt.wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut rounds = MAX_ROUNDS;
    loop {
        let lines_before = board.lines_solved();
        let propagated = board.propagate();
        clock.add(WORK_PER_LINE_SOLVED * (board.lines_solved() - lines_before));
        if propagated.is_err() || stop() {
            break None;
        }
        let grid = board.grid();
        if board.is_complete() {
            break Some(grid.map(|&cell| K::value_of(cell)));
        }
        let surest = puzzle.surest_values(&grid, stop, &mut messages, rounds)?;
        rounds = ROUNDS_AFTER_A_DECISION;
        // The surest cells first; ties in the grid's order, so that a dive is the same on every
        // run.
        let sureness = |i: usize| surest[i].map_or(f64::NEG_INFINITY, |(_, sure)| sure);
        let among = if attempt == 0 { 1 } else { CHOSEN_AMONG } as usize;
        let mut chosen_among = Vec::with_capacity(among);
        for i in (0..surest.len()).filter(|&i| surest[i].is_some()) {
            let at = chosen_among.partition_point(|&other| sureness(other) >= sureness(i));
            if at < among {
                chosen_among.insert(at, i);
                chosen_among.truncate(among);
            }
        }
        let chosen = chosen_among[(random.next() % chosen_among.len() as u64) as usize];
        let (value, _) = surest[chosen].expect("an open cell");
        board.fix(chosen, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::colour::open_grid;
    use crate::model::{Cell, Puzzle};
    use crate::testing::{Rng, brute_force, random_colour_puzzle, random_puzzle};

    /// Dives twice the same way, and checks that both end the same way after the same work,
    /// which is some.
    fn dive_twice<K: Guess + std::fmt::Debug>(
        puzzle: &K,
        known: &Grid<K::Known>,
        attempt: u64,
    ) -> Option<Grid<K::Value>> {
        let (work, again) = (WorkClock::default(), WorkClock::default());
        let first = dive(puzzle, known, attempt, &|| false, &work);
        let second = dive(puzzle, known, attempt, &|| false, &again);
        assert_eq!(first, second, "{puzzle:?}");
        assert_eq!(work.read(), again.read(), "{puzzle:?}");
        assert!(work.read() > 0, "{puzzle:?}");
        first
    }

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
                let work = WorkClock::default();
                if let Some(grid) = dive(&puzzle, &blank, attempt, &|| false, &work) {
                    assert!(solutions.contains(&grid), "{puzzle:?} {grid:?}");
                    solved += 1;
                }
                assert!(work.read() > 0, "{puzzle:?}");
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
                if let Some(grid) = dive_twice(&puzzle, &blank, attempt) {
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

    /// On random colour puzzles, a dive ends in a picture that meets the clues or in nothing, the
    /// same way with the same work every time; most end in a solution; and a dive from cells
    /// narrowed beforehand (those of a solution found, a colour left out of others) keeps them.
    #[test]
    fn colour_dives_end_in_solutions_that_keep_the_known_cells() {
        let mut rng = Rng(0x5A0C_1D2E_77F3_0B19);
        let (mut solved, mut from_known) = (0, 0);
        for round in 0..60 {
            let colours = 2 + (round % 2) as u8;
            let puzzle = random_colour_puzzle(&mut rng, 8, 7, colours);
            let blank = open_grid(&puzzle);
            let mut found = None;
            for attempt in 0..3 {
                if let Some(grid) = dive_twice(&puzzle, &blank, attempt) {
                    assert!(puzzle.check(&grid).is_ok(), "{puzzle:?} {grid:?}");
                    solved += 1;
                    found = Some(grid);
                }
            }
            let Some(solution) = found else { continue };
            // Every third cell fixed to the solution's colour, every other third without one
            // colour it does not take.
            let mut known = blank.clone();
            for (i, pos) in known.positions().enumerate() {
                let value = solution[pos];
                match i % 3 {
                    0 => known[pos] = 1 << value,
                    1 => known[pos] &= !(1 << ((value + 1) % (colours + 1))),
                    _ => {}
                }
            }
            for attempt in 0..3 {
                let work = WorkClock::default();
                if let Some(grid) = dive(&puzzle, &known, attempt, &|| false, &work) {
                    assert!(puzzle.check(&grid).is_ok(), "{puzzle:?} {grid:?}");
                    for (i, &value) in grid.cells().iter().enumerate() {
                        assert!(known.cells()[i] & (1 << value) != 0, "{puzzle:?} {grid:?}");
                    }
                    from_known += 1;
                }
            }
        }
        assert!(
            solved > 120,
            "only {solved} of 180 colour dives found a solution"
        );
        assert!(
            from_known > 60,
            "only {from_known} dives from known cells found a solution"
        );
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
        assert_eq!(
            dive(&puzzle, &blank, 0, &|| true, &WorkClock::default()),
            None
        );
    }
}
