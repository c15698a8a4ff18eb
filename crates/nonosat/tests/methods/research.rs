//! Research claims of docs/methods.md, computed afresh: Kikuchi's Theorem 4.1 (line logic solves every
//! puzzle with a unique solution) fails, and this counts how often on every grid up to 4x4.

use std::collections::HashMap;

use crate::brute::picture_from_masks;
use nonosat::methods::compare::{Method, Outcome, run};
use nonosat::{Clue, Puzzle};

/// For every size up to `side` x `side`: (unique puzzles, unique puzzles line logic leaves unsolved,
/// of those how many probing solves).
fn theorem_4_1_counterexamples(side: usize) -> Vec<((usize, usize), usize, usize, usize)> {
    let mut table = Vec::new();
    for height in 1..=side {
        for width in 1..=side {
            let mut groups: HashMap<(Vec<Clue>, Vec<Clue>), usize> = HashMap::new();
            for bits in 0..1u32 << (width * height) {
                let rows: Vec<u32> = (0..height)
                    .map(|r| bits >> (r * width) & ((1 << width) - 1))
                    .collect();
                let puzzle = Puzzle::from_picture(&picture_from_masks(&rows, width)).unwrap();
                *groups
                    .entry((puzzle.rows().to_vec(), puzzle.columns().to_vec()))
                    .or_default() += 1;
            }
            let unique: Vec<Puzzle> = groups
                .into_iter()
                .filter(|(_, count)| *count == 1)
                .map(|((rows, columns), _)| Puzzle::new(rows, columns).unwrap())
                .collect();
            let unsolved: Vec<&Puzzle> = unique
                .iter()
                .filter(|p| run(Method::Line, p, None).outcome != Outcome::Solved)
                .collect();
            let probing_solves = unsolved
                .iter()
                .filter(|p| run(Method::Probing, p, None).outcome == Outcome::Solved)
                .count();
            table.push((
                (width, height),
                unique.len(),
                unsolved.len(),
                probing_solves,
            ));
        }
    }
    table
}

/// The figures docs/methods.md reports; a grid and its transpose must agree, which checks the count
/// independently of the figures.
#[test]
fn theorem_4_1_fails_on_small_grids() {
    let table = theorem_4_1_counterexamples(4);
    let get = |w, h| {
        table
            .iter()
            .find(|row| row.0 == (w, h))
            .map(|row| (row.1, row.2, row.3))
            .unwrap()
    };
    for &((w, h), unique, unsolved, probed) in &table {
        assert_eq!(
            get(h, w),
            (unique, unsolved, probed),
            "{w}x{h} against its transpose"
        );
        assert_eq!(probed, unsolved, "{w}x{h}: probing solves every one here");
    }
    assert_eq!(
        get(4, 2),
        (210, 2, 2),
        "the paper's counterexample and its mirror"
    );
    assert_eq!(get(4, 3), (3152, 36, 36));
    assert_eq!(get(4, 4), (52362, 1128, 1128));
    let smaller_unsolved: usize = table
        .iter()
        .filter(|row| row.0.0 < 4 && row.0.1 < 4)
        .map(|row| row.2)
        .sum();
    assert_eq!(
        smaller_unsolved, 0,
        "up to 3x3, line logic solves every unique puzzle"
    );
}
