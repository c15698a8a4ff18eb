//! The complete line solver against brute-force enumeration of every short line.

use crate::brute::{Rng, cells, common_cells, lines_by_clue, partial_lines};
use nonosat::Clue;
use nonosat::logic::{Contradiction, DpLineSolver};

/// Every clue that fits a line of `len`, with every partial line of that length: the solver fixes
/// exactly the cells all consistent arrangements share, and finds a contradiction exactly when no
/// arrangement is consistent.
fn check_every_partial_line(len: usize) {
    let mut solver = DpLineSolver::new();
    let groups = lines_by_clue(len);
    for (black, white) in partial_lines(len) {
        let line = cells(black, white, len);
        for (blocks, masks) in &groups {
            let expected = common_cells(masks, black, white, len).ok_or(Contradiction);
            let got = solver.solve(&Clue::new(blocks.clone()), &line);
            assert_eq!(got, expected, "clue {blocks:?} on line {line:?}");
        }
    }
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
    for len in 11..=18 {
        let groups = lines_by_clue(len);
        for _ in 0..300 {
            let full = rng.below(1 << len) as u32;
            let hidden = rng.below(1 << len) as u32 | rng.below(1 << len) as u32;
            let (black, white) = (full & !hidden, !full & !hidden & ((1 << len) - 1));
            let (blocks, masks) = groups.iter().find(|(_, m)| m.contains(&full)).unwrap();
            let expected = common_cells(masks, black, white, len).ok_or(Contradiction);
            let got = solver.solve(&Clue::new(blocks.clone()), &cells(black, white, len));
            assert_eq!(got, expected, "clue {blocks:?}");
        }
    }
}
