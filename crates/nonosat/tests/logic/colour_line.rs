//! The colour line solver against brute-force enumeration of every short line with 3 colours.

use crate::brute::Rng;
use crate::brute::colour::{
    COLOURS, arrangements, clue, full_lines, lines_by_clue, partial_lines, runs, unions_by_clue,
};
use nonosat::logic::Contradiction;
use nonosat::logic::colour::{ColourLineSolver, Colours};

/// Every clue against every partial line: the solver keeps exactly the colours of the consistent
/// arrangements, and finds a contradiction exactly when there is none.
fn check_every_pair(len: usize) {
    let mut solver = ColourLineSolver::new();
    let (clues, clue_of_line) = lines_by_clue(len);
    let lines = full_lines(len, COLOURS + 1);
    for partial in partial_lines(len) {
        let unions = unions_by_clue(&partial, &lines, &clue_of_line);
        for (id, runs) in clues.iter().enumerate() {
            let expected = unions.get(&id).cloned().ok_or(Contradiction);
            let got = solver.solve(&clue(runs), &partial);
            assert_eq!(got, expected, "clue {runs:?} on line {partial:?}");
        }
    }
}

/// Every partial line, with every clue that some consistent full line has, and a sample of eight
/// other clues (contradictions unless consistent): every pair is too many past length 5.
fn check_consistent_clues_and_a_sample(len: usize) {
    let mut solver = ColourLineSolver::new();
    let (clues, clue_of_line) = lines_by_clue(len);
    let lines = full_lines(len, COLOURS + 1);
    let mut rng = Rng::new(len as u64);
    for partial in partial_lines(len) {
        let unions = unions_by_clue(&partial, &lines, &clue_of_line);
        let sample = (0..8).map(|_| rng.below(clues.len() as u64) as usize);
        for id in unions.keys().copied().chain(sample) {
            let expected = unions.get(&id).cloned().ok_or(Contradiction);
            let got = solver.solve(&clue(&clues[id]), &partial);
            assert_eq!(got, expected, "clue {:?} on line {partial:?}", clues[id]);
        }
    }
}

#[test]
fn every_clue_on_every_partial_line_up_to_length_5() {
    for len in 0..=5 {
        check_every_pair(len);
    }
}

#[test]
fn every_partial_line_of_lengths_6_and_7() {
    for len in 6..=7 {
        check_consistent_clues_and_a_sample(len);
    }
}

#[test]
fn every_partial_line_of_length_8() {
    check_consistent_clues_and_a_sample(8);
}

/// Lines up to 14 cells with up to 6 colours and cells that may take any set of colours: random
/// clues read off random lines, against the union of the clue's arrangements that fit.
#[test]
fn random_lines_with_any_sets_of_colours() {
    let mut rng = Rng::new(13);
    let mut solver = ColourLineSolver::new();
    for _ in 0..20_000 {
        let len = 1 + rng.below(14) as usize;
        let colours = 1 + rng.below(6) as u8;
        let full: Vec<u8> = (0..len)
            .map(|_| match rng.below(3) {
                0 => 0,
                _ => rng.below(u64::from(colours) + 1) as u8,
            })
            .collect();
        let runs = if rng.below(4) == 0 {
            let other: Vec<u8> = (0..len)
                .map(|_| rng.below(u64::from(colours) + 1) as u8)
                .collect();
            runs(&other)
        } else {
            runs(&full)
        };
        let all: Colours = (1 << (colours + 1)) - 1;
        let partial: Vec<Colours> = full
            .iter()
            .map(|&c| match rng.below(3) {
                0 => all,
                1 => (1 << c) | (rng.below(u64::from(all) + 1) as Colours),
                _ => rng.below(u64::from(all) + 1) as Colours,
            })
            .collect();
        let mut union = vec![0; len];
        let mut any = false;
        for line in arrangements(&runs, len) {
            if line
                .iter()
                .zip(&partial)
                .all(|(&c, &cell)| cell & (1 << c) != 0)
            {
                any = true;
                for (cell, &c) in union.iter_mut().zip(&line) {
                    *cell |= 1 << c;
                }
            }
        }
        let expected = if any { Ok(union) } else { Err(Contradiction) };
        assert_eq!(
            solver.solve(&clue(&runs), &partial),
            expected,
            "clue {runs:?} on line {partial:?}"
        );
    }
}
