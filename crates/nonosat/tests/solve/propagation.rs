//! The propagation figures of a report (`fixed_by_propagation`, `line_solvable`, `line_refuted`)
//! against a brute-force line propagation that shares no code with the library's.

use crate::brute::{Rng, common_cells, runs};
use nonosat::solve::{Options, Strategy, Verdict, check};
use nonosat::{Cell, Grid, LineId, Puzzle};

/// What complete line logic reaches from a blank grid, by enumerating every arrangement of every
/// line: the grid at the fixpoint, or `None` when some line cannot be completed.
fn brute_propagation(puzzle: &Puzzle) -> Option<Grid<Cell>> {
    let mut grid = Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    let lines: Vec<LineId> = puzzle.lines().collect();
    loop {
        let mut changed = false;
        for &line in &lines {
            let len = puzzle.line_len(line);
            let clue: Vec<usize> = puzzle.clue(line).blocks().to_vec();
            let masks: Vec<u32> = (0..1u32 << len)
                .filter(|&mask| runs(mask, len) == clue)
                .collect();
            let cells = grid.line(line);
            let mask_of = |wanted: Cell| {
                (0..len)
                    .filter(|&i| cells[i] == wanted)
                    .fold(0u32, |mask, i| mask | 1 << i)
            };
            let common = common_cells(&masks, mask_of(Cell::Black), mask_of(Cell::White), len)?;
            for (pos, cell) in grid
                .line_positions(line)
                .collect::<Vec<_>>()
                .into_iter()
                .zip(common)
            {
                if grid[pos] == Cell::Unknown && cell != Cell::Unknown {
                    grid[pos] = cell;
                    changed = true;
                }
            }
        }
        if !changed {
            return Some(grid);
        }
    }
}

/// Random puzzles up to 7x7, half of them with the column clues of the picture shuffled (often
/// infeasible): every report's propagation figures equal brute force's, and a refutation by line
/// logic comes with the verdict "none".
#[test]
fn propagation_figures_match_brute_force_also_on_infeasible_puzzles() {
    let mut rng = Rng::new(14);
    let (mut refuted, mut solvable) = (0, 0);
    for round in 0..400 {
        let (width, height) = (3 + round % 5, 3 + round / 5 % 5);
        let picture = rng.picture(width, height, 0.55);
        // The same cells shuffled: as many black cells, so the clue totals agree.
        let mut other = picture.clone();
        let positions: Vec<_> = other.positions().collect();
        for _ in 0..positions.len() {
            let a = positions[rng.below(positions.len() as u64) as usize];
            let b = positions[rng.below(positions.len() as u64) as usize];
            let (cell_a, cell_b) = (other[a], other[b]);
            (other[a], other[b]) = (cell_b, cell_a);
        }
        let rows = Puzzle::from_picture(&picture).unwrap().rows().to_vec();
        let columns_from = if round % 2 == 0 { &picture } else { &other };
        let columns = Puzzle::from_picture(columns_from)
            .unwrap()
            .columns()
            .to_vec();
        let puzzle = Puzzle::new(rows, columns).unwrap();
        let choice = Strategy::all()[round % Strategy::all().len()];
        let report = check(&puzzle, &Options::default().with_strategy(choice)).unwrap();
        match brute_propagation(&puzzle) {
            None => {
                refuted += 1;
                assert!(report.line_refuted, "{puzzle:?}");
                assert!(!report.line_solvable);
                assert_eq!(report.fixed_by_propagation, 0);
                assert_eq!(report.verdict, Verdict::None, "{puzzle:?}");
            }
            Some(grid) => {
                let known = grid.cells().iter().filter(|&&c| c != Cell::Unknown).count();
                solvable += usize::from(known == puzzle.cell_count());
                assert!(!report.line_refuted, "{puzzle:?}");
                assert_eq!(report.fixed_by_propagation, known, "{puzzle:?}");
                assert_eq!(report.line_solvable, known == puzzle.cell_count());
            }
        }
    }
    assert!(
        refuted > 20 && solvable > 20,
        "refuted {refuted}, solvable {solvable}"
    );
}

/// The 3x3 puzzle of issue 14, defect 14: rows `1 1`, none, `1 1`; columns `2`, none, `2`. Line
/// logic finds the contradiction, and the report says so.
#[test]
fn a_contradiction_found_by_line_logic_is_reported() {
    let clue = |blocks: &[usize]| nonosat::Clue::new(blocks.to_vec());
    let puzzle = Puzzle::new(
        vec![clue(&[1, 1]), clue(&[]), clue(&[1, 1])],
        vec![clue(&[2]), clue(&[]), clue(&[2])],
    )
    .unwrap();
    assert!(brute_propagation(&puzzle).is_none());
    let report = check(&puzzle, &Options::default()).unwrap();
    assert_eq!(report.verdict, Verdict::None);
    assert!(report.line_refuted);
}
