//! Colour verdicts against brute force: every grid up to 3x3 with three colours, random 4x4 and
//! 5x5 puzzles with two to four colours, planted answers up to 30x30 with up to six colours, and
//! the colour puzzles of the corpus.

use std::collections::HashMap;
use std::time::Duration;

use super::ambiguity::differing_somewhere;
use crate::brute::Rng;
use crate::brute::colour::{all_colour_solutions, full_lines, palette, random_picture};
use crate::common;
use nonosat::deadline::Deadline;
use nonosat::formats::{ParseErrorKind, read_path};
use nonosat::model::{ColourClue, ColourPuzzle, Grid, LineId, Pos};
use nonosat::solve::{
    ColourReport, GoalReport, Options, SolutionCount, Strategy, Verdict, check,
    check_verdict_first, solve,
};

/// The puzzle of `picture`'s clues, without the picture as a goal.
pub(crate) fn puzzle_of(picture: &Grid<u8>, colours: u8) -> ColourPuzzle {
    let clues = |lines: Vec<LineId>| -> Vec<ColourClue> {
        lines
            .into_iter()
            .map(|line| ColourClue::of_line(picture.line(line)))
            .collect()
    };
    let rows = clues((0..picture.height()).map(LineId::Row).collect());
    let columns = clues((0..picture.width()).map(LineId::Col).collect());
    ColourPuzzle::new(rows, columns, palette(colours)).unwrap()
}

fn expected_verdict(count: usize) -> Verdict {
    match count {
        0 => Verdict::None,
        1 => Verdict::Unique,
        _ => Verdict::Multiple,
    }
}

/// Checks `puzzle` under `choice` with every ambiguous cell asked for, against its complete list
/// of solutions.
fn assert_check(puzzle: &ColourPuzzle, solutions: &[Grid<u8>], choice: Strategy) -> ColourReport {
    let options = Options::default()
        .with_strategy(choice)
        .with_ambiguous_cells(true);
    let report = check(puzzle, &options).unwrap();
    assert_eq!(
        report.verdict,
        expected_verdict(solutions.len()),
        "{puzzle:?}"
    );
    assert_eq!(report.solutions.len(), solutions.len().min(2));
    for found in &report.solutions {
        assert!(solutions.contains(found), "{puzzle:?}: {found:?}");
    }
    if let [a, b] = report.solutions.as_slice() {
        assert_ne!(a, b);
    }
    let ambiguous = if solutions.is_empty() {
        Vec::new()
    } else {
        differing_somewhere(solutions)
    };
    assert_eq!(report.ambiguous, Some(ambiguous), "{puzzle:?}");
    if report.line_solvable {
        assert_eq!(report.verdict, Verdict::Unique);
    }
    report
}

/// The row and column clues of a puzzle.
type Clues = (Vec<ColourClue>, Vec<ColourClue>);

/// Every picture of every size up to 3x3 with three colours: the clues read off it, then `check`
/// with every ambiguous cell; the verdict, the solutions and the ambiguous cells match the
/// pictures that share those clues. The varisat backend checks them all; every backend choice
/// checks every 17th clue set.
#[test]
fn every_grid_up_to_3x3_with_three_colours() {
    for (width, height) in [
        (1, 1),
        (1, 2),
        (2, 1),
        (2, 2),
        (1, 3),
        (3, 1),
        (2, 3),
        (3, 2),
        (3, 3),
    ] {
        let mut by_clues: HashMap<Clues, Vec<Grid<u8>>> = HashMap::new();
        for cells in full_lines(width * height, 4) {
            let rows = cells.chunks(width).map(<[u8]>::to_vec).collect();
            let picture = Grid::from_rows(rows).unwrap();
            let puzzle = puzzle_of(&picture, 3);
            let key = (puzzle.rows().to_vec(), puzzle.columns().to_vec());
            by_clues.entry(key).or_default().push(picture);
        }
        let mut puzzles: Vec<_> = by_clues
            .into_iter()
            .map(|((rows, columns), solutions)| {
                (
                    ColourPuzzle::new(rows, columns, palette(3)).unwrap(),
                    solutions,
                )
            })
            .collect();
        puzzles.sort_by_key(|(puzzle, _)| format!("{puzzle:?}"));
        for (i, (puzzle, solutions)) in puzzles.iter().enumerate() {
            assert_check(puzzle, solutions, Strategy::Auto);
            if i % 17 == 0 {
                for choice in Strategy::all() {
                    assert_check(puzzle, solutions, choice);
                }
            }
        }
    }
}

/// Random 4x4 and 5x5 pictures with two to four colours, without and with the picture as the
/// goal: the verdict and every ambiguous cell against a brute-force list of every solution, under
/// every backend choice.
#[test]
fn random_4x4_and_5x5_with_two_to_four_colours() {
    let mut rng = Rng::new(45);
    let mut multiple = 0;
    for round in 0..120 {
        let side = 4 + round % 2;
        let colours = 2 + (round / 2 % 3) as u8;
        let picture = random_picture(&mut rng, side, side, colours);
        let puzzle = puzzle_of(&picture, colours);
        let solutions = all_colour_solutions(&puzzle, usize::MAX);
        assert!(solutions.contains(&picture));
        multiple += usize::from(solutions.len() > 1);
        let design = puzzle.clone().with_goal(picture.clone()).unwrap();
        for choice in Strategy::all() {
            assert_check(&puzzle, &solutions, choice);
            let report = assert_check(&design, &solutions, choice);
            assert_eq!(report.solutions[0], picture, "{design:?}");
        }
    }
    assert!(multiple > 0, "some random puzzles have several solutions");
}

/// Planted answers on random pictures up to 30x30 with up to six colours: the verdict is unique
/// or multiple, every solution passes the independent check, and a unique one is the picture.
#[test]
fn planted_pictures_up_to_30x30_with_up_to_six_colours() {
    let mut rng = Rng::new(30);
    for round in 0..60 {
        let side = |rng: &mut Rng| 1 + rng.below(30) as usize;
        let (width, height) = (side(&mut rng), side(&mut rng));
        let colours = 1 + (round % 6) as u8;
        let picture = random_picture(&mut rng, width, height, colours);
        let puzzle = puzzle_of(&picture, colours);
        let choice = Strategy::all()[round % Strategy::all().len()];
        let report = check(&puzzle, &Options::default().with_strategy(choice)).unwrap();
        for solution in &report.solutions {
            assert_eq!(puzzle.check(solution), Ok(()));
        }
        match report.verdict {
            Verdict::Unique => assert_eq!(report.solutions, [picture]),
            Verdict::Multiple => assert_ne!(report.solutions[0], report.solutions[1]),
            other => panic!("a planted picture gave {other}"),
        }
        let solved = solve(&puzzle, &Options::default().with_strategy(choice)).unwrap();
        assert_eq!(solved.verdict, Verdict::Solved);
        assert_eq!(puzzle.check(&solved.solutions[0]), Ok(()));
    }
}

/// A goal that solves the puzzle is the first solution; `max_solutions` counts them exactly; a
/// deadline already passed answers timeout.
#[test]
fn goal_count_and_timeout() {
    // Two 2x2 diagonals of one colour share their clues; a second colour elsewhere is fixed.
    let picture = Grid::from_rows(vec![vec![1, 0, 2], vec![0, 1, 2]]).unwrap();
    let puzzle = puzzle_of(&picture, 2).with_goal(picture.clone()).unwrap();
    let report = check(&puzzle, &Options::default().with_ambiguous_cells(true)).unwrap();
    assert_eq!(report.verdict, Verdict::Multiple);
    assert_eq!(report.goal, Some(GoalReport::Solves));
    assert_eq!(report.solutions[0], picture);
    let ambiguous = [(0, 0), (0, 1), (1, 0), (1, 1)].map(|(row, col)| Pos { row, col });
    assert_eq!(report.ambiguous, Some(ambiguous.to_vec()));
    let counted = check(&puzzle, &Options::default().with_max_solutions(5)).unwrap();
    assert_eq!(counted.count(), SolutionCount::Exactly(2));
    let wrong = Grid::from_rows(vec![vec![2, 0, 1], vec![0, 1, 2]]).unwrap();
    let broken = puzzle_of(&picture, 2).with_goal(wrong).unwrap();
    let report = check(&broken, &Options::default()).unwrap();
    assert!(matches!(report.goal, Some(GoalReport::Breaks(_))));
    let passed = Deadline::after(Duration::ZERO);
    let timed_out = check(&puzzle, &Options::default().with_deadline(Some(passed)));
    assert_eq!(timed_out.unwrap().verdict, Verdict::Timeout);
}

/// Clues that no grid meets, though each line fits and the colour totals agree: no solution.
#[test]
fn contradictory_clues_have_no_solution() {
    // Rows: "a b" and "b a"; columns: "a b" and "b a" read downwards cannot both hold.
    let picture = Grid::from_rows(vec![vec![1, 2], vec![2, 1]]).unwrap();
    let rows = vec![
        ColourClue::of_line(picture.line(LineId::Row(0))),
        ColourClue::of_line(picture.line(LineId::Row(1))),
    ];
    let columns = vec![ColourClue::of_line([2, 1]), ColourClue::of_line([1, 2])];
    let puzzle = ColourPuzzle::new(rows, columns, palette(2)).unwrap();
    assert!(all_colour_solutions(&puzzle, 2).is_empty());
    for choice in Strategy::all() {
        let report = check(&puzzle, &Options::default().with_strategy(choice)).unwrap();
        assert_eq!(report.verdict, Verdict::None);
        assert!(report.solutions.is_empty());
    }
}

/// Random 4x4 and 5x5 clue sets with two or three colours, half of them with two rows' clues
/// swapped and one reversed (the totals still agree, but often no grid fits): under every
/// strategy, `check` finds as many solutions as brute force (up to two), each one of brute
/// force's, and `solve` finds one exactly when there is one. The depth-first search takes the
/// first answers of `probing` and `race` here.
#[test]
fn random_colour_clues_with_and_without_solutions_under_every_strategy() {
    let mut rng = Rng::new(4_242);
    let (mut none, mut several) = (0, 0);
    for round in 0..80 {
        let side = 4 + round % 2;
        let colours = 2 + (round / 2 % 2) as u8;
        let picture = random_picture(&mut rng, side, side, colours);
        let planted = puzzle_of(&picture, colours);
        let mut rows = planted.rows().to_vec();
        if round % 2 == 0 {
            let (a, b) = (
                rng.below(side as u64) as usize,
                rng.below(side as u64) as usize,
            );
            rows.swap(a, b);
            rows[a] = ColourClue::new(rows[a].blocks().iter().rev().copied().collect());
        }
        let puzzle = ColourPuzzle::new(rows, planted.columns().to_vec(), palette(colours)).unwrap();
        let solutions = all_colour_solutions(&puzzle, usize::MAX);
        none += usize::from(solutions.is_empty());
        several += usize::from(solutions.len() > 1);
        for choice in Strategy::all() {
            let options = Options::default().with_strategy(choice);
            let report = check(&puzzle, &options).unwrap();
            assert_eq!(
                report.verdict,
                expected_verdict(solutions.len()),
                "{choice:?} {puzzle:?}"
            );
            assert_eq!(
                report.solutions.len(),
                solutions.len().min(2),
                "{choice:?} {puzzle:?}"
            );
            assert!(
                report
                    .solutions
                    .iter()
                    .all(|found| solutions.contains(found))
            );
            let solved = solve(&puzzle, &options).unwrap();
            let expected = if solutions.is_empty() {
                Verdict::None
            } else {
                Verdict::Solved
            };
            assert_eq!(solved.verdict, expected, "{choice:?} {puzzle:?}");
            assert!(
                solved
                    .solutions
                    .iter()
                    .all(|found| solutions.contains(found))
            );
        }
    }
    assert!(
        none > 5 && several > 2,
        "{none} without a solution, {several} with several"
    );
}

/// The verdict-first colour check calls back once with the verdict before its detail, and
/// returns the same verdict.
#[test]
fn colour_verdict_first_calls_back_with_the_verdict() {
    use std::sync::Mutex;
    let picture = Grid::from_rows(vec![vec![1, 0, 2], vec![0, 1, 2]]).unwrap();
    let puzzle = puzzle_of(&picture, 2);
    let seen = Mutex::new(Vec::new());
    let options = Options::default().with_ambiguous_cells(true);
    let report = check_verdict_first(&puzzle, &options, &|early| {
        assert_eq!(early.ambiguous, None, "the detail comes after the verdict");
        seen.lock().unwrap().push(early.verdict);
    })
    .unwrap();
    assert_eq!(*seen.lock().unwrap(), [Verdict::Multiple]);
    assert_eq!(report.verdict, Verdict::Multiple);
    assert_eq!(report.ambiguous.map(|cells| cells.len()), Some(4));
}

/// The colour puzzles of the corpus: pbnsolve's five `.g` files are unique by line logic alone;
/// every number-loom XML puzzle in colour is decided, and its solutions pass the check.
#[test]
fn corpus_colour_puzzles_are_decided() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let read = |path: &std::path::Path| read_path::<ColourPuzzle>(path, None);
    for name in ["acorn", "alladin", "bird2", "rose", "spaceShuttle"] {
        let puzzle = read(&dir.join(format!("pbnsolve/{name}.g")))
            .unwrap()
            .remove(0)
            .puzzle;
        let report = check(&puzzle, &Options::default()).unwrap();
        assert_eq!(report.verdict, Verdict::Unique, "{name}");
        assert!(report.line_solvable, "{name}");
    }
    let mut paths: Vec<_> = std::fs::read_dir(dir.join("number-loom/puzzles"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    paths.sort();
    let mut decided = 0;
    for path in &paths {
        let entries = match read(path) {
            Err(error) if matches!(error.kind, ParseErrorKind::Unsupported { .. }) => continue,
            entries => entries.unwrap_or_else(|error| panic!("{error}")),
        };
        for entry in entries.into_iter().filter(|e| e.puzzle.palette().len() > 1) {
            let options =
                Options::default().with_deadline(Some(Deadline::after(Duration::from_secs(60))));
            let report = check(&entry.puzzle, &options).unwrap();
            assert!(
                matches!(report.verdict, Verdict::Unique | Verdict::Multiple),
                "{}: {}",
                path.display(),
                report.verdict
            );
            for solution in &report.solutions {
                assert_eq!(entry.puzzle.check(solution), Ok(()));
            }
            decided += 1;
        }
    }
    assert!(decided >= 7, "{decided} number-loom colour puzzles decided");
}

/// Colour certificates checked by the independent checker, under every backend: on random 4x4
/// and 5x5 pictures with 2 to 4 colours (clues only), a DRAT refutation of "another solution
/// exists" when brute force finds one solution, and otherwise a second solution as a model that
/// satisfies the formula, while the first, blocked, does not.
#[test]
fn colour_certificates_verify_with_the_independent_checker() {
    use drat_check::{check_model, check_refutation, parse_dimacs, parse_drat};
    use nonosat::sat::SatBackend;
    use nonosat::solve::certify::{prove, write_other_solution};
    let mut rng = Rng::new(77);
    let (mut unique, mut multiple) = (0, 0);
    for round in 0..60 {
        let side = 4 + round % 2;
        let picture = random_picture(&mut rng, side, side, 2 + (round % 3) as u8);
        let planted = ColourPuzzle::from_picture(&picture, palette(2 + (round % 3) as u8)).unwrap();
        let puzzle = ColourPuzzle::new(
            planted.rows().to_vec(),
            planted.columns().to_vec(),
            planted.palette().clone(),
        )
        .unwrap();
        let solutions = all_colour_solutions(&puzzle, 3);
        for &backend in SatBackend::ALL {
            let (mut formula, mut proof) = (Vec::new(), Vec::new());
            let other = prove(
                &puzzle,
                Some(&picture),
                &mut formula,
                &mut proof,
                backend,
                None,
            )
            .map(|proof| proof.other)
            .unwrap();
            let dimacs = parse_dimacs(&String::from_utf8(formula).unwrap()).unwrap();
            match other {
                None => {
                    assert_eq!(solutions, std::slice::from_ref(&picture), "{backend:?}");
                    let steps = parse_drat(&String::from_utf8(proof).unwrap()).unwrap();
                    assert!(check_refutation(&dimacs, &steps).is_ok(), "{backend:?}");
                    unique += 1;
                }
                Some(other) => {
                    assert!(solutions.len() > 1 && other != picture, "{backend:?}");
                    assert_eq!(puzzle.check(&other), Ok(()));
                    let (mut formula, mut model) = (Vec::new(), Vec::new());
                    write_other_solution(&puzzle, &picture, &other, &mut formula, &mut model)
                        .unwrap();
                    let dimacs = parse_dimacs(&String::from_utf8(formula).unwrap()).unwrap();
                    let literals: Vec<i32> = String::from_utf8(model)
                        .unwrap()
                        .lines()
                        .filter_map(|line| line.strip_prefix("v "))
                        .flat_map(|v| v.split_whitespace().map(|v| v.parse::<i32>().unwrap()))
                        .collect();
                    assert_eq!(check_model(&dimacs, &literals), Ok(()));
                    // The last clause blocks the planted picture: each of its literals, over
                    // cell variables `(r * width + c) * (C + 1) + k + 1`, is false there.
                    let values = puzzle.palette().len() as i32 + 1;
                    let blocking = dimacs.clauses.last().unwrap();
                    assert!(!blocking.is_empty());
                    for &lit in blocking {
                        let var = lit.abs() - 1;
                        assert!(var < values * (side * side) as i32, "a cell variable");
                        let (cell, colour) = ((var / values) as usize, var % values);
                        let pos = Pos {
                            row: cell / side,
                            col: cell % side,
                        };
                        let on = i32::from(picture[pos]) == colour;
                        assert_ne!(lit > 0, on, "{lit} holds in the planted picture");
                    }
                    multiple += 1;
                }
            }
        }
    }
    assert!(
        unique > 0 && multiple > 0,
        "{unique} unique, {multiple} multiple"
    );
}

/// A planted ambiguous design: an 8x8 permutation of colour `b` (every row and column one `b`,
/// 40,320 solutions) above a full row of `a`. With the identity as the goal, the second solution
/// shown is a nearest one: two rows' `b`s swapped, four cells from the goal, on every backend
/// alone (a race may be won by CaDiCaL, which looks anywhere).
#[test]
fn second_solution_is_near_a_colour_goal() {
    let n = 8;
    let mut rows: Vec<Vec<u8>> = (0..n)
        .map(|r| (0..n).map(|c| if r == c { 2 } else { 0 }).collect())
        .collect();
    rows.push(vec![1; n]);
    let goal = Grid::from_rows(rows).unwrap();
    let puzzle = puzzle_of(&goal, 2).with_goal(goal.clone()).unwrap();
    let alone = Strategy::all().into_iter().filter(|&c| c != Strategy::Race);
    for choice in alone {
        let options = Options::default().with_strategy(choice);
        let report = check(&puzzle, &options).unwrap();
        assert_eq!(report.verdict, Verdict::Multiple, "{choice:?}");
        assert_eq!(report.solutions[0], goal, "{choice:?}");
        let second = &report.solutions[1];
        assert_eq!(puzzle.check(second), Ok(()), "{choice:?}");
        let distance = goal
            .positions()
            .filter(|&pos| goal[pos] != second[pos])
            .count();
        assert_eq!(distance, 4, "{choice:?}: {second:?}");
    }
}
