//! Counting steps: unit clauses that follow from counting the black cells of a class of cells
//! twice, once along the lines that cross it and once by the clues of the lines that make it up.
//!
//! A step names an axis (`rows` or `columns`: the lines counted) and a class, some lines of the
//! other axis. The class's cells hold exactly as many black cells as the class's clues add up to,
//! `total`, which the step states too (for its reader; the checker adds the clues up itself). Each line counted can put between `low` and `high` black cells into the class, by its
//! clue and the cells known at the root ([`black_range`], the checker's own count), so the lows
//! add up to at most `total` and the highs to at least. A unit `u` follows when assuming its
//! opposite makes that impossible for the line through its cell; a step without units derives the
//! empty clause, and follows when the count is impossible as it stands.

use crate::nonogram::{Known, Nonogram, black_range};

/// The lines a counting step counts along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// Rows, each counted in the class's columns.
    Rows,
    /// Columns, each counted in the class's rows.
    Columns,
}

/// A counting step: `k rows|columns CLASS... = TOTAL | UNITS... 0` in the proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountStep {
    /// The lines counted.
    pub axis: Axis,
    /// The class: indices (0-based) of lines of the other axis.
    pub class: Vec<usize>,
    /// The black cells of the class, by its clues.
    pub total: usize,
    /// The unit clauses derived (cell variables, signed); none for the empty clause.
    pub units: Vec<i32>,
}

/// Why a counting step does not follow.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CountFault {
    /// The formula declares no clues.
    #[error("the formula declares no nonogram clues (\"c nonogram\" lines) to count by")]
    NoClues,
    /// The class names a line twice or one the nonogram does not have.
    #[error("the class names line {0} twice or beyond the nonogram")]
    BadClass(usize),
    /// The total stated is not what the class's clues add up to.
    #[error("the class's clues add up to {counted} black cells, not {stated}")]
    WrongTotal {
        /// The total the step states.
        stated: usize,
        /// The class's clues added up.
        counted: usize,
    },
    /// A unit is not a cell's variable.
    #[error("{0} is not a cell's variable")]
    NotACell(i32),
    /// Assuming the opposite of a unit leaves the count possible.
    #[error("the count does not force {0}")]
    NotForced(i32),
    /// A step without units, but the count is possible.
    #[error("the count is possible: it derives no empty clause")]
    Possible,
}

/// Checks `step` against `nonogram`, with `known` telling each cell variable's value at the root.
pub(crate) fn check_step(
    nonogram: Option<&Nonogram>,
    step: &CountStep,
    known: impl Fn(u32) -> Known,
) -> Result<(), CountFault> {
    let nonogram = nonogram.ok_or(CountFault::NoClues)?;
    let (clues, crossing, length) = match step.axis {
        Axis::Rows => (&nonogram.rows, &nonogram.columns, nonogram.width),
        Axis::Columns => (&nonogram.columns, &nonogram.rows, nonogram.height),
    };
    let mut counted = vec![false; length];
    for &index in &step.class {
        match counted.get_mut(index) {
            Some(slot @ false) => *slot = true,
            _ => return Err(CountFault::BadClass(index)),
        }
    }
    let total: usize = step.class.iter().flat_map(|&i| &crossing[i]).sum();
    if total != step.total {
        return Err(CountFault::WrongTotal {
            stated: step.total,
            counted: total,
        });
    }
    // The cell at `at` along counted line `line`.
    let cell_var = |line: usize, at: usize| match step.axis {
        Axis::Rows => nonogram.var(line, at),
        Axis::Columns => nonogram.var(at, line),
    };
    let cells: Vec<Vec<Known>> = (0..clues.len())
        .map(|line| (0..length).map(|at| known(cell_var(line, at))).collect())
        .collect();
    let ranges: Vec<Option<(usize, usize)>> = (0..clues.len())
        .map(|line| black_range(&clues[line], &cells[line], &counted))
        .collect();
    // Whether the lines' ranges can add up to `total`, with one line's range replaced.
    let possible = |replaced: Option<(usize, Option<(usize, usize)>)>| {
        let (mut low, mut high) = (0, 0);
        for (line, &range) in ranges.iter().enumerate() {
            let range = match replaced {
                Some((at, instead)) if at == line => instead,
                _ => range,
            };
            let Some((l, h)) = range else {
                return false;
            };
            low += l;
            high += h;
        }
        low <= total && total <= high
    };
    if step.units.is_empty() {
        return if possible(None) {
            Err(CountFault::Possible)
        } else {
            Ok(())
        };
    }
    for &unit in &step.units {
        let var = unit.unsigned_abs();
        let (row, column) = nonogram.cell(var).ok_or(CountFault::NotACell(unit))?;
        let value = if unit > 0 { Known::Black } else { Known::White };
        if known(var) == value {
            continue; // already holds at the root
        }
        let (line, at) = match step.axis {
            Axis::Rows => (row, column),
            Axis::Columns => (column, row),
        };
        let mut assumed = cells[line].clone();
        assumed[at] = if unit > 0 { Known::White } else { Known::Black };
        let range = black_range(&clues[line], &assumed, &counted);
        if possible(Some((line, range))) {
            return Err(CountFault::NotForced(unit));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rejection, check_refutation, parse_dimacs, parse_drat};

    /// A 2x2 nonogram of one-cell clues (its two diagonals), with cell (0, 0) black, and clauses
    /// that conflict when cell (1, 1) is black, over a variable 5 that is no cell.
    const FORMULA: &str = "c nonogram size 2 2\nc nonogram row 0 1\nc nonogram row 1 1\n\
                           c nonogram column 0 1\nc nonogram column 1 1\n\
                           p cnf 5 3\n1 0\n-4 5 0\n-4 -5 0\n";

    fn check(formula: &str, proof: &str) -> Result<crate::Verified, Rejection> {
        check_refutation(&parse_dimacs(formula).unwrap(), &parse_drat(proof).unwrap())
    }

    fn fault(proof: &str) -> CountFault {
        match check(FORMULA, proof) {
            Err(Rejection::CountNotImplied { fault, .. }) => fault,
            other => panic!("{proof}: {other:?}"),
        }
    }

    #[test]
    fn counting_steps_refute_with_the_clues() {
        // Column 0 holds one black cell, and row 0 puts it there: row 1 cannot. Then row 1's cell
        // must be in column 1, and the last clause fails.
        let proof = "k rows 0 = 1 | -3 0\nk rows 1 = 1 | 4 0\n";
        let verified = check(FORMULA, proof).unwrap();
        assert_eq!((verified.counting, verified.rup), (2, 0));
        assert_eq!(
            check(FORMULA, "k rows 0 = 1 | -3 0\n"),
            Err(Rejection::NoEmptyClause)
        );
        // Columns counted in a class of rows, the same facts.
        assert!(check(FORMULA, "k columns 0 = 1 | -2 0\nk columns 1 = 1 | 4 0\n").is_ok());
        // Two black cells in column 0: the count is impossible, a step without units says so.
        let both = FORMULA.replace("p cnf 5 3\n", "p cnf 5 4\n3 0\n");
        assert!(check(&both, "k rows 0 = 1 | 0\n").is_ok());
    }

    #[test]
    fn tampered_steps_are_rejected() {
        assert_eq!(fault("k rows 0 = 1 | 3 0\n"), CountFault::NotForced(3));
        assert_eq!(fault("k rows 1 = 1 | 3 0\n"), CountFault::NotForced(3));
        assert_eq!(
            fault("k rows 0 = 2 | -3 0\n"),
            CountFault::WrongTotal {
                stated: 2,
                counted: 1
            }
        );
        assert_eq!(fault("k rows 2 = 1 | -3 0\n"), CountFault::BadClass(2));
        assert_eq!(fault("k rows 0 0 = 2 | -3 0\n"), CountFault::BadClass(0));
        assert_eq!(fault("k rows 0 = 1 | 5 0\n"), CountFault::NotACell(5));
        assert_eq!(fault("k rows 0 = 1 | 0\n"), CountFault::Possible);
        let without_clues = FORMULA
            .lines()
            .filter(|line| !line.starts_with("c nonogram"))
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(
            check(&without_clues, "k rows 0 = 1 | -3 0\n"),
            Err(Rejection::CountNotImplied {
                line: 1,
                fault: CountFault::NoClues
            })
        );
    }

    #[test]
    fn no_rat_step_may_change_a_cell_beside_counting() {
        // (2) is RAT (no clause holds -2), but 2 is a cell, whose change could break a clue.
        let counted = "k rows 0 = 1 | -3 0\nk rows 1 = 1 | 4 0\n";
        // Without counting steps, (2) checks as RAT: only the missing empty clause fails.
        assert_eq!(check(FORMULA, "2 0\n"), Err(Rejection::NoEmptyClause));
        assert_eq!(
            check(FORMULA, &format!("2 0\n{counted}")),
            Err(Rejection::NotImplied { line: 1 })
        );
        let verified = check(FORMULA, &format!("5 0\n{counted}")).unwrap();
        assert_eq!(
            verified.rat, 1,
            "a fresh variable that is no cell may be RAT"
        );
    }

    /// Every byte of the formula and the proof replaced by each of a few others: reading and
    /// checking end in an answer, never a panic, and a changed proof is never accepted for a
    /// formula that still has a model.
    #[test]
    fn mutated_inputs_never_panic() {
        let proof = "c steps\nk rows 0 = 1 | -3 0\nk rows 1 = 1 | 4 0\n";
        let satisfiable = FORMULA.replace("-4 -5 0\n", "-4 -5 5 0\n");
        for (formula, proof) in [(FORMULA, proof), (satisfiable.as_str(), proof)] {
            for at in 0..formula.len() + proof.len() {
                for byte in [b'0', b'1', b'9', b'-', b' ', b'|', b'=', b'k', b'\n'] {
                    let (mut f, mut p) = (formula.as_bytes().to_vec(), proof.as_bytes().to_vec());
                    match at.checked_sub(f.len()) {
                        None => f[at] = byte,
                        Some(at) => p[at] = byte,
                    }
                    let (f, p) = (String::from_utf8(f).unwrap(), String::from_utf8(p).unwrap());
                    let (Ok(formula), Ok(steps)) = (parse_dimacs(&f), parse_drat(&p)) else {
                        continue;
                    };
                    let result = check_refutation(&formula, &steps);
                    if f == satisfiable {
                        assert!(result.is_err(), "{p}");
                    }
                }
            }
        }
    }

    #[test]
    fn malformed_steps_name_their_line() {
        for bad in [
            "k rows 0 | -3 0\n",
            "k diagonals 0 = 1 | 0\n",
            "k rows 0 = x | 0\n",
            "k rows a = 1 | 0\n",
            "k rows 0 = 1 | -3\n",
        ] {
            assert_eq!(parse_drat(bad).unwrap_err().line, 1, "{bad}");
        }
    }
}
