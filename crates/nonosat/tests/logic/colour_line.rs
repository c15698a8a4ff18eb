//! The colour line solvers (bit-parallel up to 128 cells, the dynamic program for any length)
//! against brute-force enumeration of every short line with 3 colours, and against each other on
//! every short line with any sets of colours and on random lines up to 128 cells.

use crate::brute::Rng;
use crate::brute::colour::{
    COLOURS, arrangements, clue, full_lines, lines_by_clue, partial_lines, runs, unions_by_clue,
};
use nonosat::logic::Contradiction;
use nonosat::logic::colour::{ColourDpSolver, ColourLineSolver, Colours};
use nonosat::model::ColourClue;

/// Both solvers: the line solver (bit-parallel on these lengths) and the dynamic program.
struct Solvers {
    quick: ColourLineSolver,
    dp: ColourDpSolver,
}

impl Solvers {
    fn new() -> Self {
        Solvers {
            quick: ColourLineSolver::new(),
            dp: ColourDpSolver::new(),
        }
    }

    /// What both give on `line`, once they are seen to agree.
    fn solve(
        &mut self,
        clue: &ColourClue,
        line: &[Colours],
    ) -> Result<Vec<Colours>, Contradiction> {
        let quick = self.quick.solve(clue, line);
        let mut solved = vec![0; line.len()];
        let dp = self.dp.solve_into(clue, line, &mut solved).map(|()| solved);
        assert_eq!(
            quick, dp,
            "the solvers differ: clue {clue:?} on line {line:?}"
        );
        quick
    }
}

/// Every clue against every partial line: both solvers keep exactly the colours of the consistent
/// arrangements, and find a contradiction exactly when there is none.
fn check_every_pair(len: usize) {
    let mut solvers = Solvers::new();
    let (clues, clue_of_line) = lines_by_clue(len);
    let lines = full_lines(len, COLOURS + 1);
    for partial in partial_lines(len) {
        let unions = unions_by_clue(&partial, &lines, &clue_of_line);
        for (id, runs) in clues.iter().enumerate() {
            let expected = unions.get(&id).cloned().ok_or(Contradiction);
            let got = solvers.solve(&clue(runs), &partial);
            assert_eq!(got, expected, "clue {runs:?} on line {partial:?}");
        }
    }
}

/// Every partial line, with every clue that some consistent full line has, and a sample of eight
/// other clues (contradictions unless consistent): every pair is too many past length 5.
fn check_consistent_clues_and_a_sample(len: usize) {
    let mut solvers = Solvers::new();
    let (clues, clue_of_line) = lines_by_clue(len);
    let lines = full_lines(len, COLOURS + 1);
    let mut rng = Rng::new(len as u64);
    for partial in partial_lines(len) {
        let unions = unions_by_clue(&partial, &lines, &clue_of_line);
        let sample = (0..8).map(|_| rng.below(clues.len() as u64) as usize);
        for id in unions.keys().copied().chain(sample) {
            let expected = unions.get(&id).cloned().ok_or(Contradiction);
            let got = solvers.solve(&clue(&clues[id]), &partial);
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

/// The runs of `full` (colour indices), or one time in `one_in` those of another random line of
/// its length with up to `colours` colours (mostly a clue `full` does not meet).
fn random_runs(rng: &mut Rng, full: &[u8], colours: u8, one_in: u64) -> Vec<(usize, u8)> {
    if rng.below(one_in) == 0 {
        let other: Vec<u8> = full
            .iter()
            .map(|_| rng.below(u64::from(colours) + 1) as u8)
            .collect();
        runs(&other)
    } else {
        runs(full)
    }
}

/// Lines up to 14 cells with up to 6 colours and cells that may take any set of colours: random
/// clues read off random lines, against the union of the clue's arrangements that fit.
#[test]
fn random_lines_with_any_sets_of_colours() {
    let mut rng = Rng::new(13);
    let mut solvers = Solvers::new();
    for _ in 0..20_000 {
        let len = 1 + rng.below(14) as usize;
        let colours = 1 + rng.below(6) as u8;
        let full: Vec<u8> = (0..len)
            .map(|_| match rng.below(3) {
                0 => 0,
                _ => rng.below(u64::from(colours) + 1) as u8,
            })
            .collect();
        let runs = random_runs(&mut rng, &full, colours, 4);
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
            solvers.solve(&clue(&runs), &partial),
            expected,
            "clue {runs:?} on line {partial:?}"
        );
    }
}

/// Every clue of lines of up to 5 cells with 2 colours against every line whose cells hold any
/// set of values (the empty set too): the two solvers agree, contradictions included.
#[test]
fn the_solvers_agree_on_every_set_of_values_up_to_length_5() {
    const TWO: u8 = 2;
    let mut solvers = Solvers::new();
    let mut contradictions = 0;
    for len in 0..=5 {
        let mut clues: Vec<Vec<(usize, u8)>> = (0..=len)
            .flat_map(|shorter| full_lines(shorter, TWO + 1))
            .map(|line| runs(&line))
            .collect();
        clues.sort();
        clues.dedup();
        // A clue one cell too long for the line, as well.
        clues.push(vec![(len + 1, 1)]);
        let sets: Colours = 1 << (TWO + 1);
        for index in 0..(sets as usize).pow(len as u32) {
            let line: Vec<Colours> = (0..len)
                .map(|i| (index / (sets as usize).pow(i as u32) % sets as usize) as Colours)
                .collect();
            for runs in &clues {
                contradictions += usize::from(solvers.solve(&clue(runs), &line).is_err());
            }
        }
    }
    assert!(
        contradictions > 1000,
        "only {contradictions} contradictions"
    );
}

/// Random lines of 1 to 128 cells (bit-parallel in a `u64` up to 64 cells, in a `u128` beyond;
/// and past 128, where the line solver is the dynamic program itself) with up to 31 colours:
/// clues read off a random picture line, or another, and cells that may take the picture's colour
/// and others, or with a few cells against the picture.
#[test]
fn the_solvers_agree_on_random_lines_up_to_128_cells() {
    let mut rng = Rng::new(64);
    let mut solvers = Solvers::new();
    let (mut consistent, mut contradictions) = (0, 0);
    for round in 0..40_000 {
        let len = 1 + rng.below([64, 128, 140, 64][round % 4]) as usize;
        let colours: u8 = [1, 2, 3, 5, 8, 31][round % 7 % 6];
        let all: Colours = if colours == 31 {
            Colours::MAX
        } else {
            (1 << (colours + 1)) - 1
        };
        let density = 0.2 + 0.7 * rng.below(100) as f64 / 100.0;
        let full: Vec<u8> = (0..len)
            .map(|_| {
                if (rng.below(100) as f64) < density * 100.0 {
                    1 + rng.below(u64::from(colours)) as u8
                } else {
                    0
                }
            })
            .collect();
        let runs = random_runs(&mut rng, &full, colours, 5);
        let (open, against) = ([1, 3, 10][round % 3], [0, 200, 30][round % 3]);
        let partial: Vec<Colours> = full
            .iter()
            .map(|&c| {
                if against > 0 && rng.below(against) == 0 {
                    all & !(1 << c)
                } else if rng.below(open) == 0 {
                    all
                } else {
                    (1 << c) | (rng.next() as Colours & all & rng.next() as Colours)
                }
            })
            .collect();
        match solvers.solve(&clue(&runs), &partial) {
            Ok(solved) => {
                consistent += 1;
                assert!(
                    solved
                        .iter()
                        .zip(&partial)
                        .all(|(&s, &p)| s & !p == 0 && s != 0)
                );
            }
            Err(Contradiction) => contradictions += 1,
        }
    }
    assert!(
        consistent > 10_000 && contradictions > 2_000,
        "{consistent} consistent lines and {contradictions} contradictions"
    );
}
