//! The line encoding against brute force: satisfiable exactly when an arrangement exists, unit
//! propagation as strong as the complete line solver, and one model per arrangement; the lean form,
//! one model per arrangement.

use crate::brute::{cells, common_cells, lines_by_clue, partial_lines, runs};
use nonosat::Cell;
use nonosat::Clue;
use nonosat::cnf::{ClauseSink, Cnf, Lit, Var, encode_single_line, encode_single_line_lean};
use nonosat::sat::Solver;

/// The assumptions that fix the known cells of a partial line (cells are variables 1..=len).
fn known_literals(black: u32, white: u32, len: usize) -> Vec<Lit> {
    (0..len)
        .filter_map(|i| {
            let lit = Var::from_dimacs(i as u32 + 1).positive();
            match (black >> i & 1, white >> i & 1) {
                (1, _) => Some(lit),
                (_, 1) => Some(!lit),
                _ => None,
            }
        })
        .collect()
}

#[test]
fn satisfiable_under_assumptions_exactly_when_an_arrangement_exists() {
    for len in 0..=7 {
        for (blocks, masks) in lines_by_clue(len) {
            let mut solver = Solver::new(None);
            encode_single_line(
                &Clue::new(blocks.clone()),
                &vec![Cell::Unknown; len],
                &mut solver,
            );
            for (black, white) in partial_lines(len) {
                let model = solver
                    .solve_assuming(&known_literals(black, white, len))
                    .unwrap();
                let exists = common_cells(&masks, black, white, len).is_some();
                assert_eq!(
                    model.is_some(),
                    exists,
                    "clue {blocks:?}, black {black:b} white {white:b}"
                );
                if let Some(model) = model {
                    let line = (0..len).fold(0u32, |m, i| {
                        m | (model.value(Var::from_dimacs(i as u32 + 1)) as u32) << i
                    });
                    assert_eq!(runs(line, len), blocks, "the model must be an arrangement");
                    assert_eq!(
                        (line & black, line & white),
                        (black, 0),
                        "and agree with the line"
                    );
                }
            }
        }
    }
}

/// A clue that does not fit its line is unsatisfiable with no assumptions at all.
#[test]
fn too_long_clue_is_unsatisfiable() {
    let mut solver = Solver::new(None);
    encode_single_line(&Clue::new(vec![2, 2]), &[Cell::Unknown; 4], &mut solver);
    assert_eq!(solver.solve().unwrap(), None);
}

/// Plain unit propagation from the literals `units`: `None` on a conflict, else the values it
/// forces (index = variable). Shared with the colour encoding's tests.
pub(crate) fn unit_propagate(cnf: &Cnf, vars: u32, units: &[Lit]) -> Option<Vec<Option<bool>>> {
    let mut value = vec![None; vars as usize + 1];
    for lit in units {
        value[lit.var().dimacs() as usize] = Some(lit.is_positive());
    }
    let truth = |value: &[Option<bool>], lit: &Lit| {
        value[lit.var().dimacs() as usize].map(|v| v == lit.is_positive())
    };
    loop {
        let mut changed = false;
        for clause in cnf.clauses() {
            if clause.iter().any(|lit| truth(&value, lit) == Some(true)) {
                continue;
            }
            let open: Vec<&Lit> = clause
                .iter()
                .filter(|lit| truth(&value, lit).is_none())
                .collect();
            match open.as_slice() {
                [] => return None,
                [lit] => {
                    value[lit.var().dimacs() as usize] = Some(lit.is_positive());
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return Some(value);
        }
    }
}

/// The cells (variables `1..=len`) after unit propagation, or `None` on a conflict.
fn propagated_cells(cnf: &Cnf, vars: u32, units: &[Lit], len: usize) -> Option<Vec<Cell>> {
    let value = unit_propagate(cnf, vars, units)?;
    Some(
        (1..=len)
            .map(|v| value[v].map_or(Cell::Unknown, Cell::from_black))
            .collect(),
    )
}

/// The encoding of `clue` on a line of `len` unknown cells, and the number of variables it uses.
fn open_line_formula(clue: &Clue, len: usize) -> (Cnf, u32) {
    let mut cnf = Cnf::new();
    let vars = encode_single_line(clue, &vec![Cell::Unknown; len], &mut cnf);
    (cnf, vars)
}

#[test]
fn unit_propagation_is_as_strong_as_the_line_solver() {
    for len in 0..=8 {
        for (blocks, masks) in lines_by_clue(len) {
            let (cnf, vars) = open_line_formula(&Clue::new(blocks.clone()), len);
            for (black, white) in partial_lines(len) {
                let units = known_literals(black, white, len);
                let propagated_cells = propagated_cells(&cnf, vars, &units, len);
                let expected = common_cells(&masks, black, white, len);
                assert_eq!(
                    propagated_cells,
                    expected,
                    "clue {blocks:?}, line {:?}",
                    cells(black, white, len)
                );
            }
        }
    }
}

/// Fixing every cell to an arrangement lets unit propagation decide every auxiliary without
/// conflict: auxiliaries are functions of the cells, so models and arrangements correspond one to one.
#[test]
fn auxiliaries_are_determined_by_the_cells() {
    for len in 0..=8 {
        for (blocks, masks) in lines_by_clue(len) {
            let (cnf, vars) = open_line_formula(&Clue::new(blocks.clone()), len);
            for &mask in &masks {
                let full = (1u32 << len) - 1;
                let value = unit_propagate(&cnf, vars, &known_literals(mask, !mask & full, len))
                    .unwrap_or_else(|| panic!("clue {blocks:?}: arrangement {mask:b} conflicts"));
                assert!(
                    value[1..].iter().all(Option::is_some),
                    "clue {blocks:?}, {mask:b}"
                );
            }
        }
    }
}

/// The clause count stays within the documented bound of design.md for every short line.
#[test]
fn clause_count_within_documented_bound() {
    for len in 1..=10 {
        for (blocks, _) in lines_by_clue(len) {
            let clue = Clue::new(blocks.clone());
            let (cnf, vars) = open_line_formula(&clue, len);
            let (k, sum) = (clue.len(), clue.black_cells());
            let slack = len - clue.min_len();
            let bound = 2 + 5 * (k + 1) * (slack + 1) + (sum + 3 * k) * (slack + 1) + 2 * len;
            assert!(cnf.clauses().len() <= bound, "clue {blocks:?} on {len}");
            let aux = if k == 0 { 0 } else { (2 * k + 1) * (slack + 1) };
            assert_eq!(vars as usize, len + aux, "clue {blocks:?} on {len}");
        }
    }
}

/// The distance counter: under "at most k", an assignment of the counted literals is allowed
/// exactly when at most k of them are true; every k, every assignment, up to eight literals.
#[test]
fn counter_allows_exactly_the_assignments_within_its_bound() {
    use nonosat::cnf::{Counter, FreshVars, encode};
    use nonosat::{Cell, Grid, Puzzle};
    for n in 1..=8usize {
        // Fresh variables after the encoding of a one-cell puzzle: nothing constrains them but the
        // counter.
        let puzzle = Puzzle::new(vec![Clue::default()], vec![Clue::default()]).unwrap();
        let known = Grid::filled(1, 1, Cell::Unknown);
        let mut solver = Solver::new(None);
        let mut encoding = encode(&puzzle, &known, &mut solver).unwrap();
        let lits: Vec<Lit> = (0..n).map(|_| encoding.new_var().positive()).collect();
        let most = n.min(5);
        let counter = Counter::new(&lits, most, &mut encoding, &mut solver);
        for k in 0..=n + 1 {
            for bits in 0..1u32 << n {
                let mut assumptions: Vec<Lit> = (0..n)
                    .map(|i| {
                        if bits >> i & 1 == 1 {
                            lits[i]
                        } else {
                            !lits[i]
                        }
                    })
                    .collect();
                let bound = counter.at_most(k);
                assumptions.extend(bound);
                let allowed = bound.is_none() || bits.count_ones() as usize <= k;
                let sat = solver.solve_assuming(&assumptions).unwrap().is_some();
                assert_eq!(sat, allowed, "n {n}, k {k}, bits {bits:b}");
            }
        }
    }
}

/// Encoded with its known cells as unit clauses, a line keeps every property: satisfiable exactly
/// when an arrangement agrees, unit propagation as strong as the line solver, models one to one with
/// arrangements.
#[test]
fn encoding_with_known_cells_keeps_every_property() {
    for len in 0..=7 {
        for (blocks, masks) in lines_by_clue(len) {
            let clue = Clue::new(blocks.clone());
            for (black, white) in partial_lines(len) {
                let known = cells(black, white, len);
                let expected = common_cells(&masks, black, white, len);
                let mut cnf = Cnf::new();
                let vars = encode_single_line(&clue, &known, &mut cnf);
                let propagated = propagated_cells(&cnf, vars, &[], len);
                assert_eq!(propagated, expected, "clue {blocks:?}, line {known:?}");
                let mut solver = Solver::new(None);
                encode_single_line(&clue, &known, &mut solver);
                assert_eq!(solver.solve().unwrap().is_some(), expected.is_some());
                let full = (1u32 << len) - 1;
                for &mask in masks
                    .iter()
                    .filter(|&&m| m & black == black && m & white == 0)
                {
                    let value =
                        unit_propagate(&cnf, vars, &known_literals(mask, !mask & full, len))
                            .unwrap_or_else(|| {
                                panic!("clue {blocks:?}: arrangement {mask:b} conflicts")
                            });
                    let used: Vec<usize> = cnf
                        .clauses()
                        .iter()
                        .flatten()
                        .map(|l| l.var().dimacs() as usize)
                        .collect();
                    assert!(
                        used.iter().all(|&v| value[v].is_some()),
                        "clue {blocks:?}, {mask:b}"
                    );
                }
            }
        }
    }
}

/// The lean form, on every clue and partial line of up to 6 cells (known cells as unit clauses,
/// the line encoded between its settled ends): every model, auxiliaries included, is counted, and
/// their lines are exactly the arrangements that agree with the partial line, each once. So the
/// form is satisfiable exactly when an arrangement agrees, and models and arrangements correspond
/// one to one.
#[test]
fn lean_form_has_one_model_per_agreeing_arrangement() {
    for len in 0..=6 {
        for (blocks, masks) in lines_by_clue(len) {
            let clue = Clue::new(blocks.clone());
            for (black, white) in partial_lines(len) {
                let mut solver = Solver::new(None);
                let vars = encode_single_line_lean(&clue, &cells(black, white, len), &mut solver);
                let mut lines = Vec::new();
                while let Some(model) = solver.solve().unwrap() {
                    let value = |v: u32| model.value(Var::from_dimacs(v));
                    lines.push((0..len).fold(0u32, |m, i| m | (value(i as u32 + 1) as u32) << i));
                    let other: Vec<Lit> = (1..=vars)
                        .map(|v| Var::from_dimacs(v).positive())
                        .map(|lit| if value(lit.var().dimacs()) { !lit } else { lit })
                        .collect();
                    solver.add_clause(&other);
                }
                lines.sort_unstable();
                let mut agreeing: Vec<u32> = masks
                    .iter()
                    .copied()
                    .filter(|&m| m & black == black && m & white == 0)
                    .collect();
                agreeing.sort_unstable();
                assert_eq!(
                    lines, agreeing,
                    "clue {blocks:?}, black {black:b} white {white:b}"
                );
            }
        }
    }
}
