//! The colour line solver against brute-force enumeration of every short line with 3 colours.

use std::collections::HashMap;

use crate::brute::Rng;
use nonosat::logic::Contradiction;
use nonosat::logic::colour::{ColourLineSolver, Colours};
use nonosat::model::{Block, ColourClue};

/// Colours besides the background in the exhaustive tests.
const COLOURS: u8 = 3;

/// The runs of a full line of colour indices (0 the background), read independently of the model.
fn runs(line: &[u8]) -> Vec<(usize, u8)> {
    let mut runs: Vec<(usize, u8)> = Vec::new();
    let mut previous = 0;
    for &colour in line {
        if colour != 0 {
            if colour == previous {
                runs.last_mut().expect("a run is open").0 += 1;
            } else {
                runs.push((1, colour));
            }
        }
        previous = colour;
    }
    runs
}

fn clue(runs: &[(usize, u8)]) -> ColourClue {
    ColourClue::new(
        runs.iter()
            .map(|&(len, colour)| Block { len, colour })
            .collect(),
    )
}

/// Every full line of `len` cells with `values` values a cell, as base-`values` digits.
fn full_lines(len: usize, values: u8) -> Vec<Vec<u8>> {
    let count = usize::from(values).pow(u32::try_from(len).unwrap());
    (0..count)
        .map(|mut index| {
            (0..len)
                .map(|_| {
                    let digit = u8::try_from(index % usize::from(values)).unwrap();
                    index /= usize::from(values);
                    digit
                })
                .collect()
        })
        .collect()
}

/// The clues of every line of `len`, each with the full lines that have it.
fn lines_by_clue(len: usize) -> (Vec<Vec<(usize, u8)>>, Vec<usize>) {
    let mut index: HashMap<Vec<(usize, u8)>, usize> = HashMap::new();
    let mut clues = Vec::new();
    let mut clue_of_line = Vec::new();
    for line in full_lines(len, COLOURS + 1) {
        let key = runs(&line);
        let next = index.len();
        let id = *index.entry(key.clone()).or_insert_with(|| {
            clues.push(key);
            next
        });
        clue_of_line.push(id);
    }
    (clues, clue_of_line)
}

/// For a partial line, the per-cell union of every consistent full line, by clue index. The
/// consistent lines are enumerated directly, as numbers in base `COLOURS + 1`.
fn unions_by_clue(
    partial: &[Colours],
    lines: &[Vec<u8>],
    clue_of_line: &[usize],
) -> HashMap<usize, Vec<Colours>> {
    let mut unions: HashMap<usize, Vec<Colours>> = HashMap::new();
    let mut indices = vec![0usize];
    let mut weight = 1;
    for &cell in partial {
        let allowed: Vec<usize> = (0..=COLOURS)
            .filter(|&c| cell & (1 << c) != 0)
            .map(usize::from)
            .collect();
        indices = indices
            .iter()
            .flat_map(|&index| allowed.iter().map(move |&c| index + c * weight))
            .collect();
        weight *= usize::from(COLOURS + 1);
    }
    for index in indices {
        let union = unions
            .entry(clue_of_line[index])
            .or_insert_with(|| vec![0; partial.len()]);
        for (cell, &c) in union.iter_mut().zip(&lines[index]) {
            *cell |= 1 << c;
        }
    }
    unions
}

/// Every partial line of `len` whose cells are unknown or one colour.
fn partial_lines(len: usize) -> impl Iterator<Item = Vec<Colours>> {
    let unknown: Colours = (1 << (COLOURS + 1)) - 1;
    full_lines(len, COLOURS + 2).into_iter().map(move |digits| {
        digits
            .into_iter()
            .map(|d| if d > COLOURS { unknown } else { 1 << d })
            .collect()
    })
}

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

/// Every arrangement of a clue on a line of `len`, by placing block after block (no DP).
fn arrangements(runs: &[(usize, u8)], len: usize) -> Vec<Vec<u8>> {
    fn place(runs: &[(usize, u8)], line: &[u8], len: usize, out: &mut Vec<Vec<u8>>) {
        let Some((&(run, colour), later)) = runs.split_first() else {
            let mut full = line.to_vec();
            full.resize(len, 0);
            out.push(full);
            return;
        };
        let start_min = line.len();
        for start in start_min..=len.saturating_sub(run) {
            let mut next = line.to_vec();
            next.resize(start, 0);
            next.extend(std::iter::repeat_n(colour, run));
            if later.first().is_some_and(|&(_, c)| c == colour) {
                next.push(0);
            }
            if next.len() <= len {
                place(later, &next, len, out);
            }
        }
    }
    let mut out = Vec::new();
    place(runs, &[], len, &mut out);
    out
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
            self::runs(&other)
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
