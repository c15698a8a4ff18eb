//! Solution paths of colour puzzles against brute force: every step `explain` takes is sound (each
//! solution that agrees with its support keeps its cells in the colours it leaves), its support
//! was known before it, and the path of a line-solvable puzzle, like its hints taken one after
//! another, reaches its unique solution; the corpus's colour puzzles explain to their solution.

use crate::brute::Rng;
use crate::brute::colour::all_colour_solutions;
use crate::colour::{
    corpus_colour_puzzles, follow_hints, line_solvable_puzzles, random_puzzle, step_is_sound,
};
use nonosat::explain::nonogram::{ExplainOptions, NextStep};
use nonosat::explain::{Class, ExplanationOf, StepKind, Stop, explain, rate};
use nonosat::logic::colour::open_grid;
use nonosat::model::{ColourPuzzle, Grid};
use nonosat::solve::Options;

/// Replays `explanation` from an empty grid: each step is sound against `solutions`, rests on
/// cells known as its support says, and only narrows; the replayed grid is the path's.
fn replay_is_sound(
    puzzle: &ColourPuzzle,
    explanation: &ExplanationOf<ColourPuzzle>,
    solutions: &[Grid<u8>],
) {
    let mut grid = open_grid(puzzle);
    for step in &explanation.steps {
        assert!(step_is_sound(step, solutions), "{step:?}");
        for &(pos, colours) in &step.support {
            assert_eq!(grid[pos], colours, "the support is known before the step");
        }
        for &(pos, colours) in &step.fixed {
            assert_ne!(grid[pos], colours, "a step changes its cells");
            assert_eq!(colours & !grid[pos], 0, "a step only narrows");
            grid[pos] = colours;
        }
    }
    assert_eq!(grid, explanation.grid);
}

/// Random 4x4 and 5x5 colour puzzles of two and three colours: every step of the path is sound
/// against every solution brute force finds, and a solved path reaches the puzzle's only
/// solution.
#[test]
fn colour_paths_are_sound_on_random_puzzles() {
    let mut rng = Rng::new(5151);
    let mut solved = 0;
    for _ in 0..80 {
        let (puzzle, picture) = random_puzzle(&mut rng);
        let solutions = all_colour_solutions(&puzzle, usize::MAX);
        let explanation = explain(&puzzle, &open_grid(&puzzle), &ExplainOptions::default());
        replay_is_sound(&puzzle, &explanation, &solutions);
        match explanation.stop {
            Stop::Solved => {
                assert_eq!(solutions.len(), 1, "{picture:?}");
                assert_eq!(explanation.grid, picture.map(|&colour| 1 << colour));
                solved += 1;
            }
            Stop::Stalled => {}
            other => panic!("{picture:?}: {other:?}"),
        }
    }
    assert!(solved > 20, "{solved}");
}

/// Line-solvable random colour puzzles: the path takes line steps only, reaches the unique
/// solution, and rates `trivial` or `line-solvable` with a score of at least its depth; the
/// hints, taken one after another from an empty grid, reach it too.
#[test]
fn line_solvable_colour_paths_and_hints_reach_the_solution() {
    let mut rng = Rng::new(5152);
    for (puzzle, picture) in line_solvable_puzzles(&mut rng, 30) {
        let solutions = all_colour_solutions(&puzzle, 2);
        assert_eq!(solutions, std::slice::from_ref(&picture));
        let options = ExplainOptions::default().with_lines_only(true);
        let explanation = explain(&puzzle, &open_grid(&puzzle), &options);
        replay_is_sound(&puzzle, &explanation, &solutions);
        assert_eq!(explanation.stop, Stop::Solved);
        assert_eq!(explanation.grid, picture.map(|&colour| 1 << colour));
        let rating = rate(&puzzle, &explanation, &Options::default()).unwrap();
        assert!(
            matches!(rating.class, Class::Trivial | Class::LineSolvable),
            "{rating:?}"
        );
        if rating.class == Class::LineSolvable {
            assert!(rating.score >= explanation.shape.depth as f64);
        }
        let (grid, end, _) = follow_hints(&puzzle, &solutions);
        assert_eq!((grid, end), (explanation.grid, NextStep::Solved));
    }
}

/// The five colour puzzles of pbnsolve's examples explain, by line steps, to a grid that
/// `ColourPuzzle::check` accepts, and rate `line-solvable`; their hints, all line steps, reach
/// the same grid.
#[test]
fn corpus_colour_puzzles_explain_to_their_solution() {
    for (name, puzzle) in corpus_colour_puzzles() {
        let puzzle = &puzzle;
        let explanation = explain(puzzle, &open_grid(puzzle), &ExplainOptions::default());
        assert_eq!(explanation.stop, Stop::Solved, "{name}");
        let lines_only = explanation.steps.iter().all(|s| s.kind == StepKind::Line);
        assert!(lines_only, "{name}");
        let picture = explanation.grid.map(|cell| cell.trailing_zeros() as u8);
        assert_eq!(puzzle.check(&picture), Ok(()), "{name}");
        let rating = rate(puzzle, &explanation, &Options::default()).unwrap();
        assert_eq!(rating.class, Class::LineSolvable, "{name}");
        let (grid, end, kinds) = follow_hints(puzzle, &[picture]);
        assert_eq!((grid, end), (explanation.grid, NextStep::Solved), "{name}");
        assert!(kinds.iter().all(|&kind| kind == StepKind::Line), "{name}");
    }
}
