//! Solving Latin square puzzles through the SAT layer: one variable per cell and digit, exactly
//! one digit per cell and each digit exactly once per row and per column, the givens as units; a
//! second solve with the first solution blocked decides uniqueness.

use super::LatinMismatch;
use super::LatinSquare;
use crate::cnf::{ClauseSink, Lit, Var};
use crate::deadline::NoDeadline;
use crate::model::{Grid, Pos};
use crate::sat::{Model, Solver};

/// What a Latin square puzzle admits. Every square in it has passed [`LatinSquare::check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LatinVerdict {
    /// Exactly one solution.
    Unique(Grid<u8>),
    /// At least two: two different solutions.
    Multiple(Grid<u8>, Grid<u8>),
    /// No solution.
    None,
}

/// The variable "the cell at `pos` holds `digit`" of a square of order `n`.
fn var(n: usize, pos: Pos, digit: usize) -> Var {
    Var::from_dimacs((1 + (pos.row * n + pos.col) * n + digit - 1) as u32)
}

/// The SAT solver's square failed [`LatinSquare::check`]: a bug in nonosat, reported instead of a
/// wrong answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("internal error: the SAT answer failed verification ({0})")]
pub struct Unverified(#[source] pub LatinMismatch);

/// Solves `square` and decides whether its solution is unique.
pub fn solve(square: &LatinSquare) -> Result<LatinVerdict, Unverified> {
    let n = square.order();
    let mut solver = Solver::new(NoDeadline);
    encode(square, &mut solver);
    let Some(first) = next_solution(square, &mut solver)? else {
        return Ok(LatinVerdict::None);
    };
    let blocking: Vec<Lit> = square
        .empty_cells()
        .into_iter()
        .map(|pos| !var(n, pos, first[pos] as usize).positive())
        .collect();
    solver.add_clause(&blocking);
    Ok(match next_solution(square, &mut solver)? {
        Some(second) => LatinVerdict::Multiple(first, second),
        None => LatinVerdict::Unique(first),
    })
}

/// Writes the clauses of `square` into `sink`.
pub fn encode(square: &LatinSquare, sink: &mut impl ClauseSink) {
    let n = square.order();
    let at = |row, col| Pos { row, col };
    // Each group of n literals: exactly one true.
    let mut exactly_one = |lits: Vec<Lit>| {
        sink.add_clause(&lits);
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                sink.add_clause(&[!a, !b]);
            }
        }
    };
    for a in 0..n {
        for b in 0..n {
            let digits = |pos| (1..=n).map(|d| var(n, pos, d).positive()).collect();
            exactly_one(digits(at(a, b)));
            let digit = b + 1;
            exactly_one(
                (0..n)
                    .map(|col| var(n, at(a, col), digit).positive())
                    .collect(),
            );
            exactly_one(
                (0..n)
                    .map(|row| var(n, at(row, a), digit).positive())
                    .collect(),
            );
        }
    }
    for pos in square.cells().positions() {
        let given = square.cells()[pos];
        if given != 0 {
            sink.add_clause(&[var(n, pos, given as usize).positive()]);
        }
    }
}

fn next_solution(
    square: &LatinSquare,
    solver: &mut Solver<NoDeadline>,
) -> Result<Option<Grid<u8>>, Unverified> {
    let Ok(Some(model)) = solver.solve() else {
        return Ok(None);
    };
    let solution = read(square.order(), &model);
    square.check(&solution).map_err(Unverified)?;
    Ok(Some(solution))
}

fn read(n: usize, model: &Model) -> Grid<u8> {
    let mut square = Grid::filled(n, n, 0u8);
    for pos in square.positions() {
        if let Some(digit) = (1..=n).find(|&d| model.value(var(n, pos, d))) {
            square[pos] = digit as u8;
        }
    }
    square
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(text: &str) -> LatinSquare {
        LatinSquare::parse(text, "test").unwrap()
    }

    fn solve_ok(square: &LatinSquare) -> LatinVerdict {
        solve(square).unwrap()
    }

    #[test]
    fn verdicts() {
        assert!(matches!(
            solve_ok(&square("12.\n.31\n3..\n")),
            LatinVerdict::Unique(_)
        ));
        assert!(matches!(
            solve_ok(&square("1..\n...\n...\n")),
            LatinVerdict::Multiple(..)
        ));
        assert_eq!(solve_ok(&square("11\n..\n")), LatinVerdict::None);
    }
}
