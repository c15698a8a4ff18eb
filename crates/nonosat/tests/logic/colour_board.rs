//! The search's board over colour puzzles (a word per value per line, kept up to date as cells
//! narrow and undo, under the bit-parallel solver) reaches the fixpoint of the colour dynamic
//! program alone, finds the same contradictions, and undoes exactly what it narrowed.

use crate::brute::Rng;
use crate::brute::colour::palette;
use crate::past_a_word;
use nonosat::logic::board::Board;
use nonosat::logic::colour::{ColourDpSolver, ColourState, Colours, all_colours};
use nonosat::model::{ColourPuzzle, Grid, LineId};

/// The fixpoint of the dynamic program alone, every line solved again until none changes; `None`
/// on a contradiction.
fn dp_fixpoint(puzzle: &ColourPuzzle, start: &ColourState) -> Option<ColourState> {
    let mut solver = ColourDpSolver::new();
    let mut grid = start.clone();
    loop {
        let mut changed = false;
        for line in puzzle.lines() {
            let positions: Vec<_> = grid.line_positions(line).collect();
            let cells: Vec<Colours> = positions.iter().map(|&pos| grid[pos]).collect();
            let mut solved = vec![0; cells.len()];
            solver
                .solve_into(puzzle.clue(line), &cells, &mut solved)
                .ok()?;
            for (&pos, &after) in positions.iter().zip(&solved) {
                changed |= grid[pos] != after;
                grid[pos] = after;
            }
        }
        if !changed {
            return Some(grid);
        }
    }
}

/// Random colour pictures of the sizes `size` gives, some cells given (a few against the picture),
/// propagated on a board and by [`dp_fixpoint`]; then one cell tried and undone, and the board
/// propagated again from the start.
fn check_against_the_dp(seed: u64, rounds: usize, size: impl Fn(usize) -> (usize, usize)) {
    let mut rng = Rng::new(seed);
    let mut contradictions = 0;
    for round in 0..rounds {
        let (width, height) = size(round);
        let colours = [1, 2, 3, 5][round % 4];
        let all = all_colours(usize::from(colours));
        let cells: Vec<u8> = (0..width * height)
            .map(|_| match rng.below(2) {
                0 => 0,
                _ => 1 + rng.below(u64::from(colours)) as u8,
            })
            .collect();
        let rows = cells.chunks(width).map(<[u8]>::to_vec).collect();
        let picture = Grid::from_rows(rows).unwrap();
        let puzzle = ColourPuzzle::from_picture(&picture, palette(colours)).unwrap();
        let mut start = Grid::filled(width, height, all);
        // About one cell against the picture in two grids, whatever their size.
        let against = 2 * (width * height) as u64;
        for pos in start.positions().collect::<Vec<_>>() {
            if rng.below(against) == 0 {
                start[pos] = all & !(1 << picture[pos]);
                continue;
            }
            match rng.below(16) {
                0..=2 => start[pos] = 1 << picture[pos],
                3 => start[pos] = (1 << picture[pos]) | (rng.next() as Colours & all),
                _ => {}
            }
        }
        let expected = dp_fixpoint(&puzzle, &start);

        let mut board = Board::new(&puzzle, &start);
        let mark = board.mark();
        for pass in 0..2 {
            board.queue_all();
            let result = board.propagate();
            assert_eq!(
                result.is_ok(),
                expected.is_some(),
                "round {round}, pass {pass}"
            );
            if let Some(expected) = &expected {
                assert_eq!(&board.grid(), expected, "round {round}, pass {pass}");
                // A trial on an open cell, undone: the next pass starts from its words too.
                if let Some(index) = (0..board.len()).find(|&i| !board.cell(i).is_power_of_two()) {
                    let trial = board.mark();
                    let value = board.cell(index).trailing_zeros() as u8;
                    let _ = board.try_cell(index, value);
                    board.end_trial(trial);
                }
            } else if pass == 0 {
                contradictions += 1;
            }
            board.undo(mark);
            assert_eq!(
                board.grid(),
                start,
                "round {round}: undo left cells narrowed"
            );
        }
    }
    assert!(
        contradictions > rounds / 20 && contradictions < rounds / 2,
        "{contradictions} infeasible grids of {rounds}"
    );
}

#[test]
fn colour_board_propagation_equals_the_dynamic_program() {
    check_against_the_dp(71, 400, |round| (2 + round % 9, 2 + round % 7));
}

/// Lines longer than a word go through the dynamic program and its cache, the crossing ones
/// bit-parallel.
#[test]
fn colour_lines_longer_than_a_word_too() {
    check_against_the_dp(73, 120, |round| past_a_word(round, 5));
}

/// A small puzzle that line logic solves: the board's words follow its cells to the picture.
#[test]
fn a_colour_board_solves_a_line_solved_puzzle() {
    // Rows "ab" and "b.", columns "a b" and "b": line logic alone solves it.
    let picture = Grid::from_rows(vec![vec![1, 2], vec![2, 0]]).unwrap();
    let puzzle = ColourPuzzle::from_picture(&picture, palette(2)).unwrap();
    assert_eq!(puzzle.clue(LineId::Col(0)).blocks().len(), 2);
    let mut board = Board::new(&puzzle, &Grid::filled(2, 2, all_colours(2)));
    board.queue_all();
    board.propagate().unwrap();
    assert_eq!(board.grid(), picture.map(|&c| 1 << c));
}
