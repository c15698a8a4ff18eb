//! Koike's rules (seed 004): every rule, alone and in the fixpoint, is sound against brute force on
//! every short line; on whole puzzles the fixpoint stays inside the complete line solver's; stage 3
//! is probing over the rules; and each rule fires on the paper's own example.

use std::path::Path;

use crate::brute::{cells, clues, common_cells, lines_by_clue, partial_lines, varied_puzzles};
use nonosat::formats::read_path;
use nonosat::logic::probe::probe;
use nonosat::logic::propagate::propagate;
use nonosat::logic::{Contradiction, DpLineSolver, LineSolver};
use nonosat::methods::koike::{KoikeRules, Rule};
use nonosat::solve::{Options, check};
use nonosat::{Cell, Clue, Grid, Puzzle};

/// Checks one method's answer on one partial line.
///
/// Always: no known cell of `line` is overwritten (also in what a rule leaves behind when it reports
/// a contradiction). When some arrangement agrees with `line` (`common` is `Some`): no
/// contradiction, and every cell the method fixes has the colour all agreeing arrangements give it
/// (it may fix fewer). When none agrees: a contradiction or any fixes of unknown cells are allowed.
fn assert_sound(
    line: &[Cell],
    after: &[Cell],
    answer: Result<(), Contradiction>,
    common: Option<&[Cell]>,
) {
    for (before, now) in line.iter().zip(after) {
        assert!(
            *before == Cell::Unknown || before == now,
            "overwrote {before:?} with {now:?}"
        );
    }
    let Some(common) = common else { return };
    assert_eq!(answer, Ok(()), "contradiction on a consistent line");
    for (now, shared) in after.iter().zip(common) {
        assert!(
            *now == Cell::Unknown || now == shared,
            "fixed {now:?} against {shared:?}"
        );
    }
}

/// Every clue and every partial line of length `len`: each rule applied once, each rule alone to its
/// fixpoint, stage 1, stage 2, and all rules. Every answer is sound ([`assert_sound`]); a single
/// application reports a change exactly when the line changed; and a rule set that includes
/// [`Rule::Overlap`] reports a contradiction exactly when no arrangement agrees.
fn check_every_partial_line(len: usize) {
    let groups = lines_by_clue(len);
    let mut solvers: Vec<(KoikeRules, bool)> = Rule::ALL
        .map(|rule| (KoikeRules::with_rules([rule]), rule == Rule::Overlap))
        .into_iter()
        .chain([
            (KoikeRules::with_rules(Rule::STAGE_1), true),
            (KoikeRules::with_rules(Rule::STAGE_2), false),
            (KoikeRules::new(), true),
        ])
        .collect();
    for (black, white) in partial_lines(len) {
        let line = cells(black, white, len);
        for (blocks, masks) in &groups {
            let clue = Clue::new(blocks.clone());
            let common = common_cells(masks, black, white, len);
            for rule in Rule::ALL {
                let mut after = line.clone();
                let answer = rule.apply(&clue, &mut after);
                if let Ok(changed) = answer {
                    assert_eq!(changed, after != line, "{rule}: change flag");
                }
                let answer = answer.map(|_| ());
                assert_sound(&line, &after, answer, common.as_deref());
            }
            for (solver, finds_contradictions) in &mut solvers {
                let mut after = line.clone();
                let answer = solver.run(&clue, &mut after);
                assert_sound(&line, &after, answer, common.as_deref());
                if *finds_contradictions {
                    assert_eq!(
                        answer.is_err(),
                        common.is_none(),
                        "clue {blocks:?} on {line:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_rule_and_rule_set_is_sound_up_to_length_8() {
    for len in 0..=8 {
        check_every_partial_line(len);
    }
}

#[test]
fn every_rule_and_rule_set_is_sound_at_length_9() {
    check_every_partial_line(9);
}

/// Propagation over `solver` from an empty grid; the puzzle has a solution, so no contradiction.
fn propagated(puzzle: &Puzzle, solver: &mut impl LineSolver) -> Grid<Cell> {
    let mut grid = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    propagate(puzzle, &mut grid, solver).expect("a puzzle with a solution propagates");
    grid
}

/// On 200 random puzzles, propagation over all rules, stage 1 and stage 2 never fixes a cell against
/// the planted picture or a solution `check` finds, and fixes only cells the complete line solver's
/// fixpoint fixes the same way; the rule counts add up to the cells fixed.
#[test]
fn propagation_is_sound_and_inside_the_dp_fixpoint_on_random_puzzles() {
    for (round, (puzzle, picture)) in varied_puzzles(2004, 200).into_iter().enumerate() {
        let complete = propagated(&puzzle, &mut DpLineSolver::new());
        let solutions = check(&puzzle, &Options::default()).unwrap().solutions;
        assert!(!solutions.is_empty());
        let rule_sets = [
            KoikeRules::new(),
            KoikeRules::with_rules(Rule::STAGE_1),
            KoikeRules::with_rules(Rule::STAGE_2),
        ];
        for mut solver in rule_sets {
            let grid = propagated(&puzzle, &mut solver);
            for pos in grid.positions() {
                let Some(black) = grid[pos].known() else {
                    continue;
                };
                assert_eq!(black, picture[pos], "round {round}, {pos:?}: picture");
                assert!(solutions.iter().all(|s| s[pos] == black), "round {round}");
                assert_eq!(grid[pos], complete[pos], "round {round}, {pos:?}: DP");
            }
            assert_eq!(solver.counts.total().cells, grid.known_count());
        }
    }
}

/// The bundled puzzle at `name` under `puzzles/seeds/`.
fn seed(name: &str) -> Puzzle {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("puzzles/seeds")
        .join(name);
    read_path(&path, None).unwrap().remove(0).puzzle
}

/// Stage 3 on rows `2 / 1 1`, columns `1/1/1/1`: stages 1 and 2 fix none of its cells, and
/// probing over the rules (one level of Koike's branching) solves it, also over stage 1 or stage 2
/// alone: either finds the contradiction that a black top-left cell leads to.
#[test]
fn stage_3_probing_solves_the_line_logic_counterexample() {
    let puzzle = seed("line-logic-counterexample.non");
    assert_eq!(puzzle.rows(), clues(&[&[2], &[1, 1]]));
    assert_eq!(puzzle.columns(), clues(&[&[1], &[1], &[1], &[1]]));
    let solution = &check(&puzzle, &Options::default()).unwrap().solutions[0];
    assert_eq!(solution.row_strings(), [".##.", "#..#"]);
    for rules in [Rule::ALL.as_slice(), &Rule::STAGE_1, &Rule::STAGE_2] {
        let mut solver = KoikeRules::with_rules(rules.iter().copied());
        let mut grid = propagated(&puzzle, &mut solver);
        assert_eq!(grid.known_count(), 0, "{rules:?}");
        probe(&puzzle, &mut grid, &mut solver).unwrap();
        for pos in grid.positions() {
            assert!(grid[pos].known().is_none_or(|black| black == solution[pos]));
        }
        assert_eq!(grid.to_picture().as_ref(), Some(solution), "{rules:?}");
    }
}

/// Koike's 6x6 puzzle (his Figure 3; section 3.3 solves it with the generated program, not with the
/// rules): stages 1 and 2 to a fixpoint solve it, and so does stage 1 alone; the result is the answer
/// section 3.3 prints (the file's goal). Stage 2 alone fixes nothing: it needs known cells to start.
#[test]
fn the_papers_6x6_puzzle_is_solved_by_the_rules() {
    let puzzle = seed("koike-6x6.non");
    for rules in [Rule::ALL.as_slice(), &Rule::STAGE_1] {
        let grid = propagated(&puzzle, &mut KoikeRules::with_rules(rules.iter().copied()));
        assert_eq!(grid.to_picture().as_ref(), puzzle.goal(), "{rules:?}");
    }
    let stage_2 = propagated(&puzzle, &mut KoikeRules::with_rules(Rule::STAGE_2));
    assert_eq!(stage_2.known_count(), 0);
}

/// `#` black, `.` white, anything else unknown.
fn parse(text: &str) -> Vec<Cell> {
    text.chars().map(Cell::from_symbol).collect()
}

/// The inverse of [`parse`], with `?` for unknown.
fn show(line: &[Cell]) -> String {
    line.iter().map(|cell| cell.symbol()).collect()
}

/// `rule` applied once to `line` under the clue `blocks`.
fn apply(rule: Rule, blocks: &[usize], line: &str) -> Result<String, Contradiction> {
    let mut cells = parse(line);
    rule.apply(&Clue::new(blocks.to_vec()), &mut cells)?;
    Ok(show(&cells))
}

// Each rule on the paper's own example (written there with `?` unknown, `1` black, `0` white). Some
// of its printed inputs lost cells; these use the length of the printed result.

#[test]
fn empty_clue_whitens_the_line_4_2_1() {
    assert_eq!(
        apply(Rule::EmptyClue, &[], "??????????"),
        Ok("..........".into())
    );
    assert_eq!(apply(Rule::EmptyClue, &[], "??#"), Err(Contradiction));
    assert_eq!(apply(Rule::EmptyClue, &[2], "????"), Ok("????".into()));
}

#[test]
fn full_line_is_the_packing_4_2_2() {
    assert_eq!(
        apply(Rule::FullLine, &[7, 2], "??????????"),
        Ok("#######.##".into())
    );
    assert_eq!(
        apply(Rule::FullLine, &[7, 2], "???????#??"),
        Err(Contradiction)
    );
    assert_eq!(
        apply(Rule::FullLine, &[7, 1], "??????????"),
        Ok("??????????".into())
    );
}

#[test]
fn overlap_of_leftmost_and_rightmost_4_2_3() {
    // Only the 4th cell is black in both extreme arrangements ####.##... and ...####.##.
    assert_eq!(
        apply(Rule::Overlap, &[4, 2], "??????????"),
        Ok("???#??????".into())
    );
    assert_eq!(apply(Rule::Overlap, &[3], "?.?.?"), Err(Contradiction));
}

#[test]
fn overlap_with_known_cells_marks_reach_4_3_6() {
    // Block 3 must cover the black cell: it starts in 2..=4, so cells it cannot reach are white.
    assert_eq!(
        apply(Rule::Overlap, &[3], "????#?????"),
        Ok("..??#??...".into())
    );
    // A white cell pushes the leftmost arrangement: the first block cannot start before cell 2.
    assert_eq!(
        apply(Rule::Overlap, &[3, 1], "?.?????"),
        Ok("..###.#".into())
    );
}

#[test]
fn all_blacks_placed_whitens_the_rest_4_3_1() {
    assert_eq!(
        apply(Rule::BlacksPlaced, &[1, 1], "?#?????#??"),
        Ok(".#.....#..".into())
    );
    assert_eq!(apply(Rule::BlacksPlaced, &[2], "?#??#"), Err(Contradiction));
    assert_eq!(apply(Rule::BlacksPlaced, &[2], "?#?"), Ok("?#?".into()));
}

#[test]
fn all_whites_placed_blackens_the_rest_4_3_2() {
    assert_eq!(
        apply(Rule::WhitesPlaced, &[1, 1], ".?.....#.."),
        Ok(".#.....#..".into())
    );
    // The count fits but the completed line reads "2".
    assert_eq!(
        apply(Rule::WhitesPlaced, &[1, 1], "..?#.."),
        Err(Contradiction)
    );
}

#[test]
fn a_run_as_long_as_the_largest_block_gets_white_neighbours_4_3_3() {
    assert_eq!(
        apply(Rule::MaxRun, &[1, 2, 1], "?????##???"),
        Ok("????.##.??".into())
    );
    // A run of 1 is not the largest block here, so nothing follows from it.
    assert_eq!(
        apply(Rule::MaxRun, &[1, 2, 1], "??#???????"),
        Ok("??#???????".into())
    );
    assert_eq!(apply(Rule::MaxRun, &[2], "?###?"), Err(Contradiction));
}

#[test]
fn a_black_edge_cell_extends_to_its_block_4_3_4() {
    assert_eq!(
        apply(Rule::Edge, &[3, 1], "#????????"),
        Ok("###.?????".into())
    );
    assert_eq!(
        apply(Rule::Edge, &[1, 3], "????????#"),
        Ok("?????.###".into())
    );
    // The edge moves in as the line's ends settle: here past two whites.
    assert_eq!(
        apply(Rule::Edge, &[2, 1], "..#??????"),
        Ok("..##.????".into())
    );
    // ... and past a finished block, to the next one.
    assert_eq!(
        apply(Rule::Edge, &[1, 2, 1], "#.#??????"),
        Ok("#.##.????".into())
    );
    assert_eq!(apply(Rule::Edge, &[3], "#?.??"), Err(Contradiction));
}

#[test]
fn narrow_sections_become_white_4_3_5() {
    // The paper's example: one block of 3 cannot fit between the two whites.
    assert_eq!(
        apply(Rule::NarrowGap, &[3], "???.??.???"),
        Ok("???....???".into())
    );
    // At the ends the first and last blocks count.
    assert_eq!(
        apply(Rule::NarrowGap, &[3, 1], "??.??????"),
        Ok("...??????".into())
    );
    assert_eq!(
        apply(Rule::NarrowGap, &[1, 3], "??????.??"),
        Ok("??????...".into())
    );
    // Once the first block is settled, the atom's clue is the single block 3, and the third rule
    // applies to the gap inside it.
    assert_eq!(
        apply(Rule::NarrowGap, &[1, 3], "#.???.??.???"),
        Ok("#.???....???".into())
    );
    // Inside a clue of several blocks the paper has no rule: the lone cell stays unknown.
    assert_eq!(
        apply(Rule::NarrowGap, &[2, 2], "??.?.??"),
        Ok("??.?.??".into())
    );
    // A black cell before the first white stops the rule at that end.
    assert_eq!(
        apply(Rule::NarrowGap, &[3, 1], "#?.?????"),
        Ok("#?.?????".into())
    );
}

/// Koike's 4.3.4 example: stage 1 finds the block by the overlap, stage 2 by the edge rule, and all
/// rules credit the edge rule, which runs before the overlap; the counts say which rule fixed what.
#[test]
fn rule_sets_count_their_firings() {
    let clue = Clue::new(vec![3, 1]);
    let line = parse("#????????");
    let mut stage_1 = KoikeRules::with_rules(Rule::STAGE_1);
    let mut stage_2 = KoikeRules::with_rules(Rule::STAGE_2);
    assert_eq!(
        show(&stage_1.solve_line(&clue, &line).unwrap()),
        "###.?????"
    );
    assert_eq!(
        show(&stage_2.solve_line(&clue, &line).unwrap()),
        "###.?????"
    );
    assert_eq!(stage_1.counts[Rule::Overlap].fired, 1);
    assert_eq!(stage_1.counts[Rule::Overlap].cells, 3);
    assert_eq!(stage_1.counts.total().cells, 3);
    assert_eq!(stage_2.counts[Rule::Edge].cells, 3);
    assert_eq!(stage_2.counts.total().fired, 1);
    let mut all = KoikeRules::new();
    assert_eq!(show(&all.solve_line(&clue, &line).unwrap()), "###.?????");
    assert_eq!(all.counts[Rule::Edge].cells, 3);
    assert_eq!(all.counts.total().cells, 3);
    assert!(stage_1.rules().eq(Rule::STAGE_1));
    assert!(all.rules().eq(KoikeRules::ORDER));
}

/// The fixpoint chains rules: the edge rule settles the first block, the atom shrinks to clue `1`
/// on the cells after it, and 4.3.1 finishes the line.
#[test]
fn rules_chain_to_a_line_fixpoint() {
    let mut solver = KoikeRules::with_rules([Rule::Edge, Rule::BlacksPlaced]);
    let solved = solver
        .solve_line(&Clue::new(vec![2, 1]), &parse("#?????#?"))
        .unwrap();
    assert_eq!(show(&solved), "##....#.");
    assert_eq!(solver.counts[Rule::Edge].fired, 1);
    assert_eq!(solver.counts[Rule::BlacksPlaced].fired, 1);
}
