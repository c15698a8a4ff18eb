//! Solution paths replay, and every support is minimal, checked by brute force: a line step's
//! support forces its cells by enumerating every arrangement of the line, and a probe's support
//! leads to a contradiction under a line propagation built here from that enumeration; removing any
//! one support cell breaks the deduction.

use crate::brute::{Rng, common_cells, runs};
use nonosat::deadline::Deadline;
use nonosat::explain::nonogram::{ExplainOptions, NextStep};
use nonosat::explain::{Class, Step, StepKind, Stop, explain, next_step, rate};
use nonosat::solve::Options;
use nonosat::{Cell, Grid, LineId, Pos, Puzzle};

/// The cells every arrangement of `clue` agreeing with `line` shares, or `None` if none agrees.
fn brute_line(clue: &[usize], line: &[Cell]) -> Option<Vec<Cell>> {
    let len = line.len();
    let masks: Vec<u32> = (0..1u32 << len).filter(|&m| runs(m, len) == clue).collect();
    let mask_of = |target| {
        (0..len)
            .filter(|&i| line[i] == target)
            .fold(0u32, |m, i| m | 1 << i)
    };
    common_cells(&masks, mask_of(Cell::Black), mask_of(Cell::White), len)
}

/// Line propagation by brute force, every line over and over; false on a contradiction.
fn brute_propagates(puzzle: &Puzzle, grid: &mut Grid<Cell>) -> bool {
    loop {
        let mut changed = false;
        for line in puzzle.lines() {
            let Some(solved) = brute_line(puzzle.clue(line).blocks(), &grid.line(line)) else {
                return false;
            };
            let positions: Vec<Pos> = grid.line_positions(line).collect();
            for (pos, cell) in positions.into_iter().zip(solved) {
                if grid[pos] != cell {
                    grid[pos] = cell;
                    changed = true;
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

fn grid_with(puzzle: &Puzzle, cells: &[(Pos, bool)]) -> Grid<Cell> {
    let mut grid = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    for &(pos, black) in cells {
        grid[pos] = Cell::from_black(black);
    }
    grid
}

/// Whether `support` alone (with the clues) yields the step's deduction.
fn deduction_holds(puzzle: &Puzzle, step: &Step<bool>, support: &[(Pos, bool)]) -> bool {
    let grid = grid_with(puzzle, support);
    match step.kind {
        StepKind::Line => {
            let line = step.lines[0];
            let Some(solved) = brute_line(puzzle.clue(line).blocks(), &grid.line(line)) else {
                return false;
            };
            let positions: Vec<Pos> = grid.line_positions(line).collect();
            step.fixed.iter().all(|&(pos, black)| {
                let i = positions.iter().position(|&p| p == pos).unwrap();
                solved[i] == Cell::from_black(black)
            })
        }
        StepKind::Probe => {
            let (probed, black) = step.fixed[0];
            let mut trial = grid;
            trial[probed] = Cell::from_black(!black);
            !brute_propagates(puzzle, &mut trial)
        }
    }
}

/// Checks that the steps replay from `start` to `end`, and that each support is minimal.
fn assert_path_sound(puzzle: &Puzzle, start: &Grid<Cell>, steps: &[Step<bool>], end: &Grid<Cell>) {
    let mut grid = start.clone();
    for (index, step) in steps.iter().enumerate() {
        for &(pos, black) in &step.support {
            assert_eq!(
                grid[pos],
                Cell::from_black(black),
                "step {index}: support not known yet"
            );
        }
        if step.kind == StepKind::Line {
            let line = step.lines[0];
            assert!(
                step.support
                    .iter()
                    .all(|(p, _)| grid.line_positions(line).any(|q| q == *p))
            );
        }
        assert!(
            deduction_holds(puzzle, step, &step.support),
            "step {index}: its support does not force it"
        );
        for drop in 0..step.support.len() {
            let mut smaller = step.support.clone();
            smaller.remove(drop);
            assert!(
                !deduction_holds(puzzle, step, &smaller),
                "step {index}: support is not minimal, {:?} is not needed",
                step.support[drop]
            );
        }
        for &(pos, black) in &step.fixed {
            assert_eq!(grid[pos], Cell::Unknown, "step {index} fixes a known cell");
            grid[pos] = Cell::from_black(black);
        }
    }
    assert_eq!(&grid, end, "the steps do not reach the reported grid");
}

#[test]
fn random_paths_replay_with_minimal_supports() {
    let mut rng = Rng::new(6);
    let (mut solved, mut probed, mut stalled) = (0, 0, 0);
    for round in 0..160 {
        let size = 4 + round % 6;
        let planted = rng.picture(size, size + round % 2, [0.4, 0.55, 0.7][round % 3]);
        let puzzle = Puzzle::from_picture(&planted).unwrap();
        let start = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
        let explanation = explain(&puzzle, &start, &ExplainOptions::default());
        assert_path_sound(&puzzle, &start, &explanation.steps, &explanation.grid);
        for pos in explanation.grid.positions() {
            if let Some(black) = explanation.grid[pos].known() {
                assert_eq!(
                    black, planted[pos],
                    "a deduction contradicts the planted picture"
                );
            }
        }
        match explanation.stop {
            Stop::Solved => solved += 1,
            Stop::Stalled => stalled += 1,
            other => panic!("unexpected stop {other:?}"),
        }
        probed += usize::from(explanation.steps.iter().any(|s| s.kind == StepKind::Probe));
    }
    // The sample must exercise every kind of ending and step.
    assert!(
        solved > 20 && probed > 5 && stalled > 5,
        "{solved} {probed} {stalled}"
    );
}

#[test]
fn classes_follow_the_reasoning_needed() {
    let mut rng = Rng::new(61);
    let mut seen = Vec::new();
    for round in 0..200 {
        let size = 5 + round % 6;
        let planted = rng.picture(size, size, [0.45, 0.6][round % 2]);
        let puzzle = Puzzle::from_picture(&planted).unwrap();
        let start = Grid::filled(size, size, Cell::Unknown);
        let explanation = explain(&puzzle, &start, &ExplainOptions::default());
        let rating = rate(&puzzle, &explanation, &Options::default()).unwrap();
        let solutions = crate::brute::count_solutions(&puzzle, 2);
        let probes = explanation.steps.iter().any(|s| s.kind == StepKind::Probe);
        let expected = match (solutions, explanation.stop) {
            (2, _) => Class::NotUnique,
            (1, Stop::Stalled) => Class::NeedsSearch,
            (1, Stop::Solved) if probes => Class::NeedsProbing,
            (1, Stop::Solved) if explanation.steps.iter().all(|s| s.support.is_empty()) => {
                Class::Trivial
            }
            (1, Stop::Solved) => Class::LineSolvable,
            other => panic!("unexpected {other:?}"),
        };
        assert_eq!(rating.class, expected);
        if expected == Class::LineSolvable {
            let depth = explanation.shape.depth as f64;
            assert!(rating.score > depth && rating.score < depth + 1.0);
        }
        seen.push(expected);
    }
    for class in [Class::NotUnique, Class::LineSolvable, Class::NeedsProbing] {
        assert!(seen.contains(&class), "no {class:?} in the sample");
    }
}

#[test]
fn lines_only_stops_where_line_logic_stalls() {
    // Rows "2" and "1 1", columns "1" four times: unique, and no line fixes anything.
    let puzzle = Puzzle::new(
        crate::brute::clues(&[&[2], &[1, 1]]),
        crate::brute::clues(&[&[1], &[1], &[1], &[1]]),
    )
    .unwrap();
    let start = Grid::filled(4, 2, Cell::Unknown);
    let options = ExplainOptions::default().with_lines_only(true);
    let explanation = explain(&puzzle, &start, &options);
    assert_eq!(
        (explanation.steps.len(), explanation.stop),
        (0, Stop::Stalled)
    );
    let rating = rate(
        &puzzle,
        &explain(&puzzle, &start, &ExplainOptions::default()),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(rating.class, Class::NeedsProbing);
}

#[test]
fn hint_gives_the_step_with_the_smallest_support() {
    // A 5x5 cross: rows 1 / 1 / 5 / 1 / 1, columns the same.
    let clue = |b: &[usize]| crate::brute::clues(&[b])[0].clone();
    let lines = vec![clue(&[1]), clue(&[1]), clue(&[5]), clue(&[1]), clue(&[1])];
    let puzzle = Puzzle::new(lines.clone(), lines).unwrap();
    let empty = Grid::filled(5, 5, Cell::Unknown);
    let NextStep::Step(first) = next_step(&puzzle, &empty, None) else {
        panic!("the full row is a first step");
    };
    assert_eq!(first.lines, vec![LineId::Row(2)]);
    assert!(first.support.is_empty());
    assert_path_sound(
        &puzzle,
        &empty,
        std::slice::from_ref(&first),
        &grid_with(&puzzle, &first.fixed),
    );

    let mut wrong = empty.clone();
    wrong[Pos { row: 2, col: 0 }] = Cell::White;
    assert_eq!(
        next_step(&puzzle, &wrong, None),
        NextStep::Contradiction(LineId::Row(2))
    );

    let solved = explain(&puzzle, &empty, &ExplainOptions::default()).grid;
    assert_eq!(next_step(&puzzle, &solved, None), NextStep::Solved);
}

#[test]
fn a_budget_stops_the_path() {
    let mut rng = Rng::new(3);
    let puzzle = Puzzle::from_picture(&rng.picture(30, 30, 0.5)).unwrap();
    let start = Grid::filled(30, 30, Cell::Unknown);
    let options =
        ExplainOptions::default().with_deadline(Some(Deadline::after(std::time::Duration::ZERO)));
    let explanation = explain(&puzzle, &start, &options);
    assert_eq!(explanation.stop, Stop::OutOfTime);
    assert_path_sound(&puzzle, &start, &explanation.steps, &explanation.grid);
}

/// The cells all arrangements of `clue` that agree with `line` share, by recursive placement with
/// pruning (lines too long for bit masks); `None` when none agrees, or when more than `cap`
/// arrangements would have to be visited.
fn placed_line(clue: &[usize], line: &[Cell], cap: &mut usize) -> Option<Option<Vec<Cell>>> {
    fn place(
        clue: &[usize],
        line: &[Cell],
        from: usize,
        current: &mut Vec<bool>,
        common: &mut Option<Vec<bool>>,
        agree: &mut Vec<bool>,
        cap: &mut usize,
    ) -> bool {
        let Some((&first, rest)) = clue.split_first() else {
            if line[from..].contains(&Cell::Black) {
                return true;
            }
            if *cap == 0 {
                return false;
            }
            *cap -= 1;
            match common {
                None => {
                    *common = Some(current.clone());
                    *agree = vec![true; line.len()];
                }
                Some(seen) => {
                    for i in 0..line.len() {
                        agree[i] &= seen[i] == current[i];
                    }
                }
            }
            return true;
        };
        let needed: usize = rest.iter().map(|b| b + 1).sum::<usize>() + first;
        let mut start = from;
        while start + needed <= line.len() {
            if line[from..start].contains(&Cell::Black) {
                break;
            }
            let end = start + first;
            let fits = line[start..end].iter().all(|&c| c != Cell::White)
                && line.get(end).is_none_or(|&c| c != Cell::Black);
            if fits {
                current[start..end].fill(true);
                let next = (end + 1).min(line.len());
                let ok = place(rest, line, next, current, common, agree, cap);
                current[start..end].fill(false);
                if !ok {
                    return false;
                }
            }
            start += 1;
        }
        true
    }
    let mut current = vec![false; line.len()];
    let (mut common, mut agree) = (None, Vec::new());
    if !place(clue, line, 0, &mut current, &mut common, &mut agree, cap) {
        return None;
    }
    Some(common.map(|first| {
        (0..line.len())
            .map(|i| match agree[i] {
                true => Cell::from_black(first[i]),
                false => Cell::Unknown,
            })
            .collect()
    }))
}

#[test]
fn placement_enumerator_agrees_with_masks() {
    for len in 1..=8 {
        for (clue, _) in crate::brute::lines_by_clue(len) {
            for (black, white) in crate::brute::partial_lines(len) {
                let line = crate::brute::cells(black, white, len);
                let mut cap = usize::MAX;
                let placed = placed_line(&clue, &line, &mut cap).unwrap();
                assert_eq!(placed, brute_line(&clue, &line), "{clue:?} {line:?}");
            }
        }
    }
}

/// Every line step of every puzzle that pbnsolve solves without guessing: the path solves it by
/// lines alone, and each support forces its cells and is minimal, by enumerating arrangements.
#[test]
fn corpus_line_solvable_paths_have_minimal_supports() {
    let Some(dir) = crate::common::corpus_dir() else {
        return;
    };
    let expected = std::fs::read_to_string(dir.join("EXPECTED.tsv")).unwrap();
    let (mut puzzles, mut checked, mut skipped) = (0, 0, 0);
    for line in expected.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields[1] != "unique logical" {
            continue;
        }
        let entries = nonosat::formats::read_path::<Puzzle>(&dir.join(fields[0]), None).unwrap();
        let puzzle = &entries[0].puzzle;
        let start = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
        let explanation = explain(puzzle, &start, &ExplainOptions::default());
        assert_eq!(explanation.stop, Stop::Solved, "{}", fields[0]);
        puzzle
            .check(&explanation.grid.to_picture().unwrap())
            .unwrap();
        puzzles += 1;
        for step in &explanation.steps {
            assert_eq!(step.kind, StepKind::Line, "{}", fields[0]);
            let line = step.lines[0];
            let positions: Vec<Pos> = start.line_positions(line).collect();
            let forced = |support: &[(Pos, bool)], cap: &mut usize| {
                let known = grid_with(puzzle, support).line(line);
                let solved = placed_line(puzzle.clue(line).blocks(), &known, cap)?;
                Some(solved.is_some_and(|solved| {
                    step.fixed.iter().all(|&(pos, black)| {
                        let i = positions.iter().position(|&p| p == pos).unwrap();
                        solved[i] == Cell::from_black(black)
                    })
                }))
            };
            let mut cap = 200_000;
            let mut verdicts = vec![forced(&step.support, &mut cap)];
            for drop in 0..step.support.len() {
                let mut smaller = step.support.clone();
                smaller.remove(drop);
                verdicts.push(forced(&smaller, &mut cap));
            }
            if verdicts.iter().any(Option::is_none) {
                skipped += 1;
                continue;
            }
            assert_eq!(
                verdicts[0],
                Some(true),
                "{}: support does not force",
                fields[0]
            );
            assert!(
                verdicts[1..].iter().all(|v| *v == Some(false)),
                "{}: not minimal",
                fields[0]
            );
            checked += 1;
        }
    }
    eprintln!(
        "{puzzles} puzzles, {checked} steps checked, {skipped} skipped (too many arrangements)"
    );
    assert!(puzzles > 150 && checked > 10 * skipped);
}
