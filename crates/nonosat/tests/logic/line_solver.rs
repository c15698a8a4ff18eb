//! The complete line solvers (by dynamic programming, and bit-parallel on one-word lines) against
//! brute-force enumeration of every short line, and against each other on long random lines.

use crate::brute::{Rng, cells, common_cells, lines_by_clue, partial_lines, runs};
use nonosat::logic::bits::{BitLineSolver, LineBits, QuickLineSolver};
use nonosat::logic::{Contradiction, DpLineSolver, LineSolver};
use nonosat::{Cell, Clue};

/// Every clue that fits a line of `len`, with every partial line of that length: both solvers fix
/// exactly the cells all consistent arrangements share, and find a contradiction exactly when no
/// arrangement is consistent.
fn check_every_partial_line(len: usize) {
    let mut dp = DpLineSolver::new();
    let mut bits = BitLineSolver::new();
    let groups = lines_by_clue(len);
    for (black, white) in partial_lines(len) {
        let line = cells(black, white, len);
        for (blocks, masks) in &groups {
            let expected = common_cells(masks, black, white, len).ok_or(Contradiction);
            let got = dp.solve(&Clue::new(blocks.clone()), &line);
            assert_eq!(got, expected, "clue {blocks:?} on line {line:?}");
            let got = solve_bits(&mut bits, blocks, &line);
            assert_eq!(got, expected, "bits: clue {blocks:?} on line {line:?}");
        }
    }
}

/// The bit-parallel solver on a line of cells.
fn solve_bits(
    solver: &mut BitLineSolver,
    blocks: &[usize],
    line: &[Cell],
) -> Result<Vec<Cell>, Contradiction> {
    let solved = solver.solve(blocks, line.len(), LineBits::of(line))?;
    let cell = |i: usize| match (solved.black >> i & 1, solved.white >> i & 1) {
        (1, 0) => Cell::Black,
        (0, 1) => Cell::White,
        (0, 0) => Cell::Unknown,
        _ => panic!("cell {i} both black and white"),
    };
    assert_eq!(
        (solved.black | solved.white)
            .checked_shr(line.len() as u32)
            .unwrap_or(0),
        0,
        "bits beyond the line"
    );
    Ok((0..line.len()).map(cell).collect())
}

#[test]
fn every_partial_line_up_to_length_8() {
    for len in 0..=8 {
        check_every_partial_line(len);
    }
}

#[test]
fn every_partial_line_of_length_9() {
    check_every_partial_line(9);
}

#[test]
fn every_partial_line_of_length_10() {
    check_every_partial_line(10);
}

#[test]
fn every_partial_line_of_length_11() {
    check_every_partial_line(11);
}

/// Clues too long for the line are contradictions, whatever the line holds.
#[test]
fn clues_longer_than_the_line_are_contradictions() {
    let mut solver = DpLineSolver::new();
    for len in 0..=6 {
        for (black, white) in partial_lines(len) {
            let line = cells(black, white, len);
            let clue = Clue::new(vec![len + 1]);
            assert_eq!(solver.solve(&clue, &line), Err(Contradiction));
        }
    }
}

/// Longer lines, sampled: random partial lines made by hiding cells of a random full line (so they
/// are consistent), checked against enumeration of the clue's arrangements.
#[test]
fn random_partial_lines_up_to_length_18() {
    let mut rng = Rng::new(7);
    let mut solver = DpLineSolver::new();
    let mut bits = BitLineSolver::new();
    for len in 11..=18 {
        let groups = lines_by_clue(len);
        for _ in 0..300 {
            let full = rng.below(1 << len) as u32;
            let hidden = rng.below(1 << len) as u32 | rng.below(1 << len) as u32;
            let (black, white) = (full & !hidden, !full & !hidden & ((1 << len) - 1));
            let (blocks, masks) = groups.iter().find(|(_, m)| m.contains(&full)).unwrap();
            let expected = common_cells(masks, black, white, len).ok_or(Contradiction);
            let line = cells(black, white, len);
            let got = solver.solve(&Clue::new(blocks.clone()), &line);
            assert_eq!(got, expected, "clue {blocks:?}");
            assert_eq!(
                solve_bits(&mut bits, blocks, &line),
                expected,
                "bits: {blocks:?}"
            );
        }
    }
}

/// Lines of 19 to 64 cells, too long to enumerate: the bit-parallel solver agrees with the
/// dynamic program on random partial lines, consistent ones (cells of a random full line hidden)
/// and, with a few known cells flipped, mostly contradictory ones.
#[test]
fn bits_agree_with_the_dynamic_program_up_to_64_cells() {
    let mut rng = Rng::new(11);
    let (mut dp, mut bits) = (DpLineSolver::new(), BitLineSolver::new());
    let mut contradictions = 0;
    for round in 0..40_000 {
        let len = 19 + round % 46;
        let density = 20 + rng.below(70);
        let full: u64 = (0..len).fold(0, |word, i| word | u64::from(rng.below(100) < density) << i);
        let blocks = runs(full, len);
        let shown = 5 + rng.below(90);
        let flips = [0, 0, 1, 3][round % 4];
        let mut line: Vec<Cell> = (0..len)
            .map(|i| match rng.below(100) < shown {
                true => Cell::from_black(full >> i & 1 == 1),
                false => Cell::Unknown,
            })
            .collect();
        for _ in 0..flips {
            let i = rng.below(len as u64) as usize;
            line[i] = Cell::from_black(full >> i & 1 == 0);
        }
        let expected = dp.solve(&Clue::new(blocks.clone()), &line);
        contradictions += usize::from(expected.is_err());
        let got = solve_bits(&mut bits, &blocks, &line);
        assert_eq!(got, expected, "round {round}: clue {blocks:?} on {line:?}");
    }
    assert!(
        contradictions > 2_000,
        "only {contradictions} contradictions"
    );
}

/// The quick solver is the bit-parallel one up to 64 cells and the dynamic program beyond.
#[test]
fn the_quick_solver_agrees_on_both_sides_of_64_cells() {
    let mut rng = Rng::new(13);
    let (mut dp, mut quick) = (DpLineSolver::new(), QuickLineSolver::new());
    for round in 0..2_000 {
        let len = 60 + round % 10;
        let full: u64 = rng.next();
        let blocks = runs(full, len.min(64));
        let line: Vec<Cell> = (0..len)
            .map(|i| match (i < 64, rng.below(3)) {
                (true, 0) => Cell::from_black(full >> i & 1 == 1),
                (false, 0) => Cell::White,
                _ => Cell::Unknown,
            })
            .collect();
        let clue = Clue::new(blocks);
        assert_eq!(
            quick.solve_line(&clue, &line),
            dp.solve(&clue, &line),
            "round {round}"
        );
    }
}
