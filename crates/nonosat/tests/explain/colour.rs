//! Hints on colour puzzles against brute force: every step `next_step` gives is sound (each
//! solution that agrees with its support keeps its cells in the colours it leaves), and a hint's
//! wrong cells are the known cells that disagree with the unique solution; the colour puzzles
//! (random and from the corpus) that the paths and hints of `colour_path` share.

use crate::brute::Rng;
use crate::brute::colour::{all_colour_solutions, palette, random_picture};
use crate::common;
use nonosat::deadline::Deadline;
use nonosat::explain::nonogram::NextStep;
use nonosat::explain::{Step, StepKind, hint, next_step};
use nonosat::formats::read_path;
use nonosat::logic::colour::{ColourLineSolver, Colours, open_grid, propagate_colour};
use nonosat::model::{ColourPuzzle, Grid};

/// A random 4x4 or 5x5 colour puzzle of two or three colours, with its picture.
pub(crate) fn random_puzzle(rng: &mut Rng) -> (ColourPuzzle, Grid<u8>) {
    let size = 4 + rng.below(2) as usize;
    let colours = 2 + rng.below(2) as u8;
    let picture = random_picture(rng, size, size, colours);
    let puzzle = ColourPuzzle::from_picture(&picture, palette(colours)).unwrap();
    (puzzle, picture)
}

/// `count` random line-solvable 4x4 and 5x5 colour puzzles of two and three colours, each with
/// the picture it was made from.
pub(crate) fn line_solvable_puzzles(rng: &mut Rng, count: usize) -> Vec<(ColourPuzzle, Grid<u8>)> {
    let mut puzzles = Vec::new();
    while puzzles.len() < count {
        let (puzzle, picture) = random_puzzle(rng);
        let mut propagated = open_grid(&puzzle);
        propagate_colour(&puzzle, &mut propagated, &mut ColourLineSolver::new()).unwrap();
        if propagated.cells().iter().all(|cell| cell.count_ones() == 1) {
            puzzles.push((puzzle, picture));
        }
    }
    puzzles
}

/// The five colour puzzles of pbnsolve's examples, by name; none without the corpus.
pub(crate) fn corpus_colour_puzzles() -> Vec<(&'static str, ColourPuzzle)> {
    let Some(dir) = common::corpus_dir() else {
        return Vec::new();
    };
    let names = ["acorn", "alladin", "bird2", "rose", "spaceShuttle"];
    names
        .into_iter()
        .map(|name| {
            let path = dir.join(format!("pbnsolve/{name}.g"));
            let entries = read_path::<ColourPuzzle>(&path, None).unwrap();
            (name, entries.into_iter().next().unwrap().puzzle)
        })
        .collect()
}

/// Whether every solution in `solutions` that agrees with the step's support keeps each cell the
/// step narrows within the colours it leaves, and the step narrows something.
pub(crate) fn step_is_sound(step: &Step<Colours>, solutions: &[Grid<u8>]) -> bool {
    let agrees = |solution: &Grid<u8>| {
        step.support
            .iter()
            .all(|&(pos, colours)| colours & (1 << solution[pos]) != 0)
    };
    !step.fixed.is_empty()
        && solutions.iter().filter(|s| agrees(s)).all(|solution| {
            step.fixed
                .iter()
                .all(|&(pos, colours)| colours & (1 << solution[pos]) != 0)
        })
}

/// Takes the hints one after another from an empty grid until none is left, each sound against
/// `solutions`; the grid reached, how the hints ended, and the kinds of the steps taken.
pub(crate) fn follow_hints(
    puzzle: &ColourPuzzle,
    solutions: &[Grid<u8>],
) -> (Grid<Colours>, NextStep<Colours>, Vec<StepKind>) {
    let mut grid = open_grid(puzzle);
    let mut kinds = Vec::new();
    loop {
        match next_step(puzzle, &grid, None) {
            NextStep::Step(step) => {
                assert!(step_is_sound(&step, solutions), "{step:?}");
                kinds.push(step.kind);
                for &(pos, colours) in &step.fixed {
                    assert_ne!(grid[pos], colours, "a step changes its cells");
                    assert_eq!(colours & !grid[pos], 0, "a step only narrows");
                    grid[pos] = colours;
                }
            }
            other => return (grid, other, kinds),
        }
    }
}

/// Random 4x4 and 5x5 colour puzzles of two and three colours, from random partly solved grids
/// that agree with a solution: each hint is sound against every solution brute force finds, and
/// a line step's support lies on its line.
#[test]
fn colour_hints_are_sound_on_random_puzzles() {
    let mut rng = Rng::new(4242);
    let mut steps = [0, 0];
    for _ in 0..120 {
        let (puzzle, picture) = random_puzzle(&mut rng);
        let solutions = all_colour_solutions(&puzzle, usize::MAX);
        let mut grid = open_grid(&puzzle);
        for pos in picture.positions() {
            if rng.below(3) == 0 {
                grid[pos] = 1 << picture[pos];
            }
        }
        match next_step(&puzzle, &grid, None) {
            NextStep::Step(step) => {
                assert!(step_is_sound(&step, &solutions), "{picture:?}: {step:?}");
                for &(pos, colours) in &step.support {
                    assert_eq!(grid[pos], colours, "the support is known before the step");
                }
                if step.kind == StepKind::Line {
                    let line = step.lines[0];
                    assert!(
                        step.fixed
                            .iter()
                            .chain(&step.support)
                            .all(|&(pos, _)| { picture.line_positions(line).any(|on| on == pos) })
                    );
                }
                steps[usize::from(step.kind == StepKind::Probe)] += 1;
            }
            NextStep::Solved | NextStep::NoLogicalStep => {}
            other => panic!("{picture:?}: {other:?}"),
        }
    }
    assert!(steps[0] > 50, "{steps:?}");
}

/// Random colour puzzles with a unique solution, from partly solved grids with some cells wrong:
/// `hint` names exactly the known cells that disagree with the solution, and its next step is
/// `next_step`'s from the same cells.
#[test]
fn colour_hints_name_the_wrong_cells() {
    let mut rng = Rng::new(4244);
    let mut wrong_found = 0;
    for (puzzle, picture) in line_solvable_puzzles(&mut rng, 20) {
        let colours = puzzle.palette().len() as u8;
        let mut given = picture.map(|_| None);
        let mut wrong = Vec::new();
        for pos in picture.positions() {
            match rng.below(4) {
                0 => given[pos] = Some(picture[pos]),
                1 => {
                    given[pos] = Some((picture[pos] + 1) % colours);
                    wrong.push(pos);
                }
                _ => {}
            }
        }
        let found = hint(
            &puzzle,
            &given,
            Deadline::after(std::time::Duration::from_secs(60)),
        )
        .unwrap();
        assert_eq!(found.mistakes, wrong, "{picture:?}");
        assert!(found.complete);
        let all = open_grid(&puzzle).cells()[0];
        let known = given.map(|cell| cell.map_or(all, |colour| 1 << colour));
        assert_eq!(found.next, next_step(&puzzle, &known, None), "{picture:?}");
        wrong_found += wrong.len();
    }
    assert!(wrong_found > 20, "{wrong_found}");
}
