//! The colour line encoding against brute force on every short line with three colours:
//! satisfiable exactly when an arrangement fits, unit propagation as strong as the colour line
//! solver, and auxiliaries determined by the cells.

use crate::brute::Rng;
use crate::brute::colour::{
    COLOURS, clue, full_lines, lines_by_clue, partial_lines, runs, unions_by_clue,
};
use crate::encoding::unit_propagate;
use nonosat::cnf::{Cnf, Var, encode_single_colour_line};
use nonosat::logic::colour::Colours;
use nonosat::sat::Solver;

/// Values a cell takes: the background and the colours.
const VALUES: usize = COLOURS as usize + 1;

/// The colours unit propagation leaves each cell of a line of `len`: those whose variable is not
/// false. `None` on a conflict.
fn propagated_line(cnf: &Cnf, vars: u32, len: usize) -> Option<Vec<Colours>> {
    let value = unit_propagate(cnf, vars, &[])?;
    let cells = (0..len).map(|i| {
        (0..VALUES)
            .filter(|&c| value[i * VALUES + c + 1] != Some(false))
            .fold(0, |set, c| set | 1 << c)
    });
    Some(cells.collect())
}

/// Checks one clue on one partial line against the union of the fitting full lines.
fn check_pair(runs: &[(usize, u8)], partial: &[Colours], expected: Option<&Vec<Colours>>) {
    let mut cnf = Cnf::new();
    let vars = encode_single_colour_line(&clue(runs), partial, VALUES, &mut cnf);
    let propagated = propagated_line(&cnf, vars, partial.len());
    assert_eq!(
        propagated.as_ref(),
        expected,
        "unit propagation: clue {runs:?} on line {partial:?}"
    );
}

/// Every clue on every partial line up to length 5 (cells unknown or one colour): unit
/// propagation keeps exactly the colours some fitting arrangement gives, and fails exactly when
/// none fits.
#[test]
fn unit_propagation_is_as_strong_as_the_line_solver_up_to_length_5() {
    for len in 0..=5 {
        let (clues, clue_of_line) = lines_by_clue(len);
        let lines = full_lines(len, COLOURS + 1);
        for partial in partial_lines(len) {
            let unions = unions_by_clue(&partial, &lines, &clue_of_line);
            for (id, runs) in clues.iter().enumerate() {
                check_pair(runs, &partial, unions.get(&id));
            }
        }
    }
}

/// Length 6: every partial line with every clue that fits it and a sample of others.
#[test]
fn unit_propagation_on_every_partial_line_of_length_6() {
    let mut rng = Rng::new(67);
    for len in [6] {
        let (clues, clue_of_line) = lines_by_clue(len);
        let lines = full_lines(len, COLOURS + 1);
        for partial in partial_lines(len) {
            let unions = unions_by_clue(&partial, &lines, &clue_of_line);
            let sample = (0..2).map(|_| rng.below(clues.len() as u64) as usize);
            for id in unions.keys().copied().chain(sample) {
                check_pair(&clues[id], &partial, unions.get(&id));
            }
        }
    }
}

/// The cells of a model of a line of `len`, as colour indices.
fn model_line(model: &nonosat::sat::Model, len: usize) -> Vec<u8> {
    (0..len)
        .map(|i| {
            let colours =
                (0..VALUES).filter(|&c| model.value(Var::from_dimacs((i * VALUES + c + 1) as u32)));
            let colours: Vec<usize> = colours.collect();
            assert_eq!(colours.len(), 1, "exactly one colour a cell");
            colours[0] as u8
        })
        .collect()
}

/// Every clue on every partial line up to length 5 in a SAT solver: satisfiable exactly when an
/// arrangement fits, and a model is such an arrangement.
#[test]
fn satisfiable_exactly_when_an_arrangement_fits() {
    for len in 0..=5 {
        let (clues, clue_of_line) = lines_by_clue(len);
        let lines = full_lines(len, COLOURS + 1);
        for partial in partial_lines(len).step_by(7) {
            let unions = unions_by_clue(&partial, &lines, &clue_of_line);
            for (id, expected) in clues.iter().enumerate() {
                let mut solver = Solver::new(None);
                encode_single_colour_line(&clue(expected), &partial, VALUES, &mut solver);
                let model = solver.solve().unwrap();
                assert_eq!(
                    model.is_some(),
                    unions.contains_key(&id),
                    "{expected:?} on {partial:?}"
                );
                if let Some(model) = model {
                    let line = model_line(&model, len);
                    assert_eq!(&runs(&line), expected);
                    assert!(
                        line.iter()
                            .zip(&partial)
                            .all(|(&c, &cell)| cell & 1 << c != 0)
                    );
                }
            }
        }
    }
}

/// Fixing every cell to an arrangement lets unit propagation decide every auxiliary without a
/// conflict: models and arrangements correspond one to one.
#[test]
fn auxiliaries_are_determined_by_the_cells() {
    for len in 0..=6 {
        for line in full_lines(len, COLOURS + 1) {
            let fixed: Vec<Colours> = line.iter().map(|&c| 1 << c).collect();
            let mut cnf = Cnf::new();
            let vars = encode_single_colour_line(&clue(&runs(&line)), &fixed, VALUES, &mut cnf);
            let value = unit_propagate(&cnf, vars, &[])
                .unwrap_or_else(|| panic!("line {line:?} conflicts with its own clue"));
            assert!(value[1..].iter().all(Option::is_some), "line {line:?}");
        }
    }
}
