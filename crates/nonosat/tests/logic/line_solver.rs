//! The complete line solvers (by dynamic programming, and bit-parallel on one-word lines) against
//! brute-force enumeration of every short line, and against each other on long random lines.

use crate::brute::{Rng, cells, common_cells, lines_by_clue, partial_lines};
use nonosat::logic::bits::{BitLineSolver, LineBits, QuickLineSolver};
use nonosat::logic::word::Word;
use nonosat::logic::{Contradiction, DpLineSolver, LineSolver};
use nonosat::{Cell, Clue};

/// Every clue that fits a line of `len`, with every partial line of that length: both solvers fix
/// exactly the cells all consistent arrangements share, and find a contradiction exactly when no
/// arrangement is consistent.
fn check_every_partial_line(len: usize) {
    let mut dp = DpLineSolver::new();
    let mut bits = BitLineSolver::<u64>::new();
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
fn solve_bits<W: Word>(
    solver: &mut BitLineSolver<W>,
    blocks: &[usize],
    line: &[Cell],
) -> Result<Vec<Cell>, Contradiction> {
    let solved = solver.solve(blocks, line.len(), LineBits::of(line))?;
    assert_eq!(
        solved.black & solved.white,
        W::ZERO,
        "cells both black and white"
    );
    if line.len() < W::BITS {
        assert_eq!(
            (solved.black | solved.white) >> line.len(),
            W::ZERO,
            "bits beyond the line"
        );
    }
    Ok((0..line.len()).map(|i| solved.cell(i)).collect())
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
    let mut bits = BitLineSolver::<u64>::new();
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

/// The bit-parallel solver in words `W` agrees with the dynamic program on `rounds` random lines
/// of the lengths `lens` cycles through, too long to enumerate: consistent partial lines (cells of
/// a random full line hidden) and, with a few known cells flipped, mostly contradictory ones.
fn bits_agree_with_the_dynamic_program<W: Word>(seed: u64, lens: &[usize], rounds: usize) {
    let mut rng = Rng::new(seed);
    let (mut dp, mut bits) = (DpLineSolver::new(), BitLineSolver::<W>::new());
    let mut contradictions = 0;
    for round in 0..rounds {
        let len = lens[round % lens.len()];
        let density = 20 + rng.below(70);
        let full: Vec<bool> = (0..len).map(|_| rng.below(100) < density).collect();
        let blocks: Vec<usize> = full
            .split(|&black| !black)
            .filter(|run| !run.is_empty())
            .map(<[bool]>::len)
            .collect();
        let shown = 5 + rng.below(90);
        let flips = [0, 0, 1, 3][round % 4];
        let mut line: Vec<Cell> = full
            .iter()
            .map(|&black| match rng.below(100) < shown {
                true => Cell::from_black(black),
                false => Cell::Unknown,
            })
            .collect();
        for _ in 0..flips {
            let i = rng.below(len as u64) as usize;
            line[i] = Cell::from_black(!full[i]);
        }
        let expected = dp.solve(&Clue::new(blocks.clone()), &line);
        contradictions += usize::from(expected.is_err());
        let got = solve_bits(&mut bits, &blocks, &line);
        assert_eq!(got, expected, "round {round}: clue {blocks:?} on {line:?}");
    }
    assert!(
        contradictions > rounds / 20,
        "only {contradictions} contradictions"
    );
}

/// Lines of 19 to 64 cells in one `u64`.
#[test]
fn bits_agree_with_the_dynamic_program_up_to_64_cells() {
    let lens: Vec<usize> = (19..=64).collect();
    bits_agree_with_the_dynamic_program::<u64>(11, &lens, 40_000);
}

/// Lines of 1 to 128 cells in one `u128`: a puzzle with a line over 64 cells keeps all its lines
/// in `u128` words, short ones too.
#[test]
fn bits_agree_with_the_dynamic_program_up_to_128_cells() {
    let lens: Vec<usize> = (1..=128).collect();
    bits_agree_with_the_dynamic_program::<u128>(17, &lens, 40_000);
}

/// The quick solver is the bit-parallel one up to 128 cells (in a `u64` up to 64) and the dynamic
/// program beyond: it agrees with the dynamic program on both sides of 64 and of 128 cells.
#[test]
fn the_quick_solver_agrees_on_both_sides_of_64_and_128_cells() {
    let mut rng = Rng::new(13);
    let (mut dp, mut quick) = (DpLineSolver::new(), QuickLineSolver::new());
    for round in 0..4_000 {
        let len = [60, 124][round % 2] + round / 2 % 10;
        let full: Vec<bool> = (0..len).map(|_| rng.below(2) == 1).collect();
        let blocks: Vec<usize> = full
            .split(|&black| !black)
            .filter(|run| !run.is_empty())
            .map(<[bool]>::len)
            .collect();
        let line: Vec<Cell> = full
            .iter()
            .map(|&black| match rng.below(3) {
                0 => Cell::from_black(black),
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
