//! The MyIllustPuzzle methods (seed 001): every Try is sound on every short line, Try4 without a
//! budget is complete, the runner never contradicts a solution and, unbounded, stops at the complete
//! line solver's fixpoint; budgets skip lines and grow; and the page's own examples.

use std::time::Duration;

use crate::brute::{cells, clues, common_cells, lines_by_clue, partial_lines, varied_puzzles};
use nonosat::logic::propagate::propagate;
use nonosat::logic::{Contradiction, DpLineSolver, LineSolver};
use nonosat::methods::myillust::{
    Budget, Calls, IsCrFinished, MyIllustSolver, MyIllustStats, Stop, Try1, Try2, Try3, Try4,
    Try4Outcome,
};
use nonosat::solve::{Options, check};
use nonosat::{Cell, Clue, Grid, Puzzle};

/// The longest line checked exhaustively.
const MAX_LEN: usize = 9;

/// Calls `f(clue, line, common)` for every clue that fits a line of up to [`MAX_LEN`] cells and
/// every partial line of that length; `common` is what all consistent arrangements share, `None`
/// when there is none.
fn for_every_short_line(mut f: impl FnMut(&Clue, &[Cell], Option<Vec<Cell>>)) {
    for len in 0..=MAX_LEN {
        let groups: Vec<(Clue, Vec<u32>)> = lines_by_clue(len)
            .into_iter()
            .map(|(blocks, masks)| (Clue::new(blocks), masks))
            .collect();
        for (black, white) in partial_lines(len) {
            let line = cells(black, white, len);
            for (clue, masks) in &groups {
                f(clue, &line, common_cells(masks, black, white, len));
            }
        }
    }
}

/// On every consistent short line, `solver` keeps the known cells, fixes no cell that a consistent
/// arrangement contradicts, and reports no contradiction. Inconsistent lines only must not panic.
fn assert_sound(solver: &mut impl LineSolver) {
    for_every_short_line(|clue, line, common| {
        let got = solver.solve_line(clue, line);
        let Some(common) = common else { return };
        let got = got.unwrap_or_else(|_| panic!("contradiction: clue {clue}, line {line:?}"));
        assert_eq!(got.len(), line.len(), "clue {clue}, line {line:?}");
        for ((&old, &new), &shared) in line.iter().zip(&got).zip(&common) {
            assert!(
                (old == Cell::Unknown || new == old) && (new == Cell::Unknown || new == shared),
                "clue {clue}, line {line:?}: got {got:?}, arrangements share {common:?}"
            );
        }
    });
}

#[test]
fn try1_is_sound_on_every_short_line() {
    assert_sound(&mut Try1);
}

#[test]
fn try2_is_sound_on_every_short_line() {
    assert_sound(&mut Try2);
}

#[test]
fn try3_is_sound_on_every_short_line() {
    assert_sound(&mut Try3);
}

#[test]
fn is_cr_finished_is_sound_on_every_short_line() {
    assert_sound(&mut IsCrFinished);
}

#[test]
fn try4_with_a_small_budget_is_sound_and_skips_or_solves_exactly() {
    let mut try4 = Try4::new(Budget::Arrangements(3));
    assert_sound(&mut try4);
    let mut skipped = 0;
    for_every_short_line(
        |clue, line, common| match (try4.enumerate(clue, line), common) {
            (Ok(Try4Outcome::Skipped), _) => skipped += 1,
            (Ok(Try4Outcome::Solved(got)), Some(common)) => assert_eq!(got, common),
            (Err(Contradiction), None) => {}
            (got, common) => panic!("clue {clue}, line {line:?}: {got:?}, expected {common:?}"),
        },
    );
    assert!(skipped > 0);
}

#[test]
fn try4_without_a_budget_is_a_complete_line_solver() {
    let mut try4 = Try4::new(Budget::Unlimited);
    for_every_short_line(|clue, line, common| {
        let expected = common.ok_or(Contradiction);
        assert_eq!(
            try4.solve_line(clue, line),
            expected,
            "clue {clue}, line {line:?}"
        );
    });
}

#[test]
fn clues_longer_than_their_line_are_contradictions() {
    let clue = Clue::new(vec![2, 2]);
    let line = parse("????");
    let solvers: [&mut dyn LineSolver; 5] = [
        &mut Try1,
        &mut Try2,
        &mut Try3,
        &mut Try4::new(Budget::Unlimited),
        &mut IsCrFinished,
    ];
    for solver in solvers {
        assert_eq!(solver.solve_line(&clue, &line), Err(Contradiction));
    }
}

fn unknown_grid(puzzle: &Puzzle) -> Grid<Cell> {
    Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown)
}

/// Whether every known cell of `grid` agrees with `picture`.
fn agrees(grid: &Grid<Cell>, picture: &Grid<bool>) -> bool {
    grid.positions()
        .all(|pos| grid[pos].known().is_none_or(|black| black == picture[pos]))
}

/// The grid that complete line logic reaches from nothing.
fn dp_fixpoint(puzzle: &Puzzle) -> Grid<Cell> {
    let mut grid = unknown_grid(puzzle);
    propagate(puzzle, &mut grid, &mut DpLineSolver::new()).unwrap();
    grid
}

#[test]
fn runner_never_fixes_a_cell_against_a_solution() {
    let (mut skipped, mut raised) = (0, 0);
    for (i, (puzzle, _)) in varied_puzzles(1, 200).iter().enumerate() {
        let mut grid = unknown_grid(puzzle);
        let stats = MyIllustSolver::new(Budget::Arrangements(2000))
            .run(puzzle, &mut grid)
            .unwrap_or_else(|_| panic!("puzzle {i}: contradiction"));
        assert!(agrees(&grid, puzzle.goal().unwrap()), "puzzle {i}: goal");
        let report = check(puzzle, &Options::default()).unwrap();
        for solution in &report.solutions {
            assert!(agrees(&grid, solution), "puzzle {i}: a solution");
        }
        // The budget grows until no line is skipped, so the run ends at the fixpoint all the same.
        assert!(
            matches!(stats.stop, Stop::Completed | Stop::Fixpoint),
            "puzzle {i}"
        );
        assert_eq!(grid, dp_fixpoint(puzzle), "puzzle {i}");
        skipped += stats.skipped;
        raised += stats.raises;
    }
    assert!(skipped > 0 && raised > 0, "the budget never bit");
}

#[test]
fn unbounded_runner_reaches_the_dp_fixpoint() {
    for (i, (puzzle, _)) in varied_puzzles(2, 200).iter().enumerate() {
        let mut grid = unknown_grid(puzzle);
        let stats = MyIllustSolver::new(Budget::Unlimited)
            .run(puzzle, &mut grid)
            .unwrap();
        assert_eq!(grid, dp_fixpoint(puzzle), "puzzle {i}");
        assert_eq!((stats.skipped, stats.raises), (0, 0), "puzzle {i}");
        assert_eq!(stats.final_budget, Budget::Unlimited);
    }
}

/// Rows `2 / 1 1`, columns `1 1 1 1`: one solution, and line logic fixes none of its cells.
fn stuck_puzzle() -> Puzzle {
    Puzzle::new(clues(&[&[2], &[1, 1]]), clues(&[&[1], &[1], &[1], &[1]])).unwrap()
}

#[test]
fn a_tiny_budget_skips_lines_and_grows_after_each_barren_pass() {
    // Try4 needs 3 steps on row `2`, 5 on row `1 1` and 2 on each column. With 1 step per line and
    // one more after each pass that fixes nothing: pass 1 skips all six lines, pass 2 both rows,
    // passes 3 and 4 row `1 1`; pass 5 skips none and fixes nothing.
    let puzzle = stuck_puzzle();
    let mut grid = unknown_grid(&puzzle);
    let stats = MyIllustSolver::new(Budget::Arrangements(1))
        .run(&puzzle, &mut grid)
        .unwrap();
    let expected = MyIllustStats {
        passes: 5,
        calls: Calls {
            try1: 6,
            try2: 6,
            try3: 30,
            try4: 30,
            is_cr_finished: 0,
        },
        skipped: 6 + 2 + 1 + 1,
        skipped_last_pass: vec![],
        raises: 4,
        final_budget: Budget::Arrangements(5),
        stop: Stop::Fixpoint,
    };
    assert_eq!(stats, expected);
    assert_eq!(grid, unknown_grid(&puzzle));

    // Stopped after pass 3, the runner names the line that pass left: row `1 1`.
    let mut grid = unknown_grid(&puzzle);
    let stats = MyIllustSolver::new(Budget::Arrangements(1))
        .with_max_passes(3)
        .run(&puzzle, &mut grid)
        .unwrap();
    assert_eq!(stats.skipped_last_pass, vec![nonosat::LineId::Row(1)]);
}

#[test]
fn budgets_that_cannot_grow_stop_the_run() {
    let puzzle = stuck_puzzle();
    for budget in [Budget::Time(Duration::ZERO), Budget::Arrangements(0)] {
        let stats = MyIllustSolver::new(budget)
            .run(&puzzle, &mut unknown_grid(&puzzle))
            .unwrap();
        assert_eq!(
            (stats.stop, stats.passes, stats.skipped),
            (Stop::BudgetStuck, 1, 6)
        );
        assert_eq!(stats.final_budget, budget);
    }
}

#[test]
fn the_pass_limit_cancels_the_run() {
    let puzzle = stuck_puzzle();
    let stats = MyIllustSolver::new(Budget::Arrangements(1))
        .with_max_passes(2)
        .run(&puzzle, &mut unknown_grid(&puzzle))
        .unwrap();
    assert_eq!(
        (stats.stop, stats.passes, stats.raises),
        (Stop::PassLimit, 2, 2)
    );
    assert_eq!(stats.final_budget, Budget::Arrangements(3));
}

#[test]
fn the_time_budget_starts_at_the_pages_timespan() {
    let solver = MyIllustSolver::default();
    assert_eq!(solver.budget, Budget::Time(Duration::from_millis(100)));
    assert_eq!(solver.max_passes, None);
    assert_eq!(
        Try4::new(Budget::Time(Duration::ZERO)).enumerate(&Clue::new(vec![1]), &parse("??")),
        Ok(Try4Outcome::Skipped)
    );
}

#[test]
fn lines_without_slack_complete_the_grid_before_the_loop() {
    // Rows and columns `3 / 1 1 / 3`: Try1 fills every line; the loop never runs.
    let puzzle = Puzzle::new(clues(&[&[3], &[1, 1], &[3]]), clues(&[&[3], &[1, 1], &[3]])).unwrap();
    let mut grid = unknown_grid(&puzzle);
    let stats = MyIllustSolver::default().run(&puzzle, &mut grid).unwrap();
    assert_eq!(
        grid.to_picture().unwrap().row_strings(),
        ["###", "#.#", "###"]
    );
    assert_eq!((stats.stop, stats.passes), (Stop::Completed, 0));
    assert_eq!((stats.calls.try1, stats.calls.try2), (6, 6));
    assert_eq!((stats.calls.try3, stats.calls.try4), (0, 0));
}

#[test]
fn is_cr_finished_whitens_the_crossing_lines_of_new_blacks() {
    // Row 0 (`3` in 3 cells) is filled by Try1; each column `1` then has its black and is whitened.
    let puzzle = Puzzle::new(clues(&[&[3], &[], &[]]), clues(&[&[1], &[1], &[1]])).unwrap();
    let mut grid = unknown_grid(&puzzle);
    let stats = MyIllustSolver::default().run(&puzzle, &mut grid).unwrap();
    assert_eq!(
        grid.to_picture().unwrap().row_strings(),
        ["###", "...", "..."]
    );
    assert_eq!((stats.stop, stats.passes), (Stop::Completed, 0));
    assert_eq!(stats.calls.is_cr_finished, 4); // row 0, then columns 0, 1, 2
}

#[test]
fn contradictions_end_the_run() {
    let puzzle = stuck_puzzle();
    let mut grid = unknown_grid(&puzzle);
    grid[crate::brute::pos(1, 1)] = Cell::Black;
    grid[crate::brute::pos(1, 2)] = Cell::Black;
    assert_eq!(
        MyIllustSolver::default().run(&puzzle, &mut grid),
        Err(Contradiction)
    );
    let mut wrong_size = Grid::filled(3, 3, Cell::Unknown);
    assert_eq!(
        MyIllustSolver::default().run(&puzzle, &mut wrong_size),
        Err(Contradiction)
    );
}

/// A line from text: `#` black, `.` white, anything else unknown.
fn parse(text: &str) -> Vec<Cell> {
    text.chars().map(Cell::from_symbol).collect()
}

/// `solver` on `line` with clue `blocks`, as text.
fn solve(
    solver: &mut impl LineSolver,
    blocks: &[usize],
    line: &str,
) -> Result<String, Contradiction> {
    let solved = solver.solve_line(&Clue::new(blocks.to_vec()), &parse(line))?;
    Ok(solved.iter().map(|cell| cell.symbol()).collect())
}

#[test]
fn try1_fills_the_pages_lines_without_slack() {
    assert_eq!(
        solve(&mut Try1, &[10], "??????????"),
        Ok("##########".into())
    );
    assert_eq!(
        solve(&mut Try1, &[2, 7], "??????????"),
        Ok("##.#######".into())
    );
    // Slack left, or the empty clue (effective total -1): nothing to do.
    assert_eq!(
        solve(&mut Try1, &[2, 5], "??????????"),
        Ok("??????????".into())
    );
    assert_eq!(solve(&mut Try1, &[], "???"), Ok("???".into()));
    assert_eq!(solve(&mut Try1, &[2, 7], "??#???????"), Err(Contradiction));
}

#[test]
fn try2_fixes_cells_of_the_same_block_in_both_packings() {
    // The page's example: left packing `##.#####..`, right `..##.#####`; cells 6-8 (1-based) hold
    // block 1 in both. Cell 4 is black in both but holds different blocks, so stays open.
    assert_eq!(
        solve(&mut Try2, &[2, 5], "??????????"),
        Ok("?????###??".into())
    );
    // With cell 3 black the packings are `.##.#####.` and `..##.#####`; only blacks are fixed.
    assert_eq!(
        solve(&mut Try2, &[2, 5], "??#???????"),
        Ok("??#??####?".into())
    );
    assert_eq!(solve(&mut Try2, &[3], "?.?.?"), Err(Contradiction));
}

#[test]
fn try3_extends_the_pages_edge_cells() {
    assert_eq!(
        solve(&mut Try3, &[3, 2], "#?????????"),
        Ok("###.??????".into())
    );
    assert_eq!(
        solve(&mut Try3, &[3, 2], "#???#?????"),
        Ok("###.##....".into())
    );
    assert_eq!(
        solve(&mut Try3, &[3, 2], ".#????????"),
        Ok(".###.?????".into())
    );
    // The same from the other end, and nothing when both end cells are open.
    assert_eq!(
        solve(&mut Try3, &[3, 2], "?????????#"),
        Ok("???????.##".into())
    );
    assert_eq!(
        solve(&mut Try3, &[3, 2], "???#??????"),
        Ok("???#??????".into())
    );
    assert_eq!(solve(&mut Try3, &[1], "#?#"), Err(Contradiction));
}

#[test]
fn try4_intersects_the_pages_six_cases() {
    let mut try4 = Try4::new(Budget::Unlimited);
    assert_eq!(
        solve(&mut try4, &[2, 5], "??????????"),
        Ok("?????###??".into())
    );
    // Cell 3 black leaves cases 4-6, which also share a white 1st cell and a black 9th.
    assert_eq!(
        solve(&mut try4, &[2, 5], "??#???????"),
        Ok(".?#??####?".into())
    );
    assert_eq!(
        Try4::new(Budget::Arrangements(5)).enumerate(&Clue::new(vec![2, 5]), &parse("??????????")),
        Ok(Try4Outcome::Skipped)
    );
}

#[test]
fn is_cr_finished_whitens_a_line_whose_blacks_are_all_known() {
    assert_eq!(
        solve(&mut IsCrFinished, &[3, 2], "###??##???"),
        Ok("###..##...".into())
    );
    assert_eq!(
        solve(&mut IsCrFinished, &[3, 2], "###??#????"),
        Ok("###??#????".into())
    );
    assert_eq!(solve(&mut IsCrFinished, &[], "???"), Ok("...".into()));
    assert_eq!(solve(&mut IsCrFinished, &[1], "#?#"), Err(Contradiction));
}
