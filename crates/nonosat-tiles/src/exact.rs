//! The exact existence test for any number of pictures: the allocation problem as an integer
//! programme, solved by branch and bound (the pure-Rust `microlp` crate).
//!
//! Variables: `x[j][u] ≥ 0`, integer, the faces of colour `j` in region `u`, only for regions inside
//! the pictures where `j` appears (elsewhere they are 0), bounded by `min_{i∈u} g[i][j]`.
//! Constraints: for each picture `i` and colour `j` in it, `Σ_{u∋i} x[j][u] = g[i][j]`
//! (condition 1); for each pair of complementary regions, `Σ_j x[j][u] = Σ_j x[j][ū]` (condition 2).
//! Colours interact only through the `2^(M-1) - 1` balance rows, so the programme stays small:
//! at most `(2^M - 1) · L` variables and `M · L + 2^(M-1) - 1` rows.
//!
//! An answer of "exists" is a rounded solution that [`Allocation::check`] verifies in integers;
//! "none" is the solver's proof of infeasibility (floating-point branch and bound).

use nonosat::deadline::Deadline;

use microlp::{ComparisonOp, OptimizationDirection, Problem, SolveOutcome};

use super::venn::{Allocation, AllocationFault, Counts, Region};

/// The exact method could not answer.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ExactError {
    /// The integer programme has more variables than [`MAX_VARIABLES`].
    #[error(
        "the exact test would need {variables} integer variables (at most {MAX_VARIABLES}): use \
         fewer colours or pictures"
    )]
    TooLarge {
        /// Variables it would need.
        variables: usize,
    },
    /// A colour's cell count is beyond the integer programme's range.
    #[error("the integer programme failed: a cell count is too large for it")]
    CountTooLarge,
    /// The solver failed.
    #[error("the integer programme failed: {0}")]
    Solver(#[source] microlp::Error),
    /// The solver's rounded answer did not pass the check (a bug: please report it).
    #[error("the integer programme failed: rounded answer fails the check: {0:?}")]
    Rounding(AllocationFault),
    /// The deadline passed before an answer.
    #[error("gave up: the time limit passed")]
    TimedOut,
}

/// The most integer variables the exact test accepts.
pub const MAX_VARIABLES: usize = 100_000;

/// A valid allocation if one exists, `None` if none does; gives up at `deadline`.
pub fn allocate(
    counts: &Counts,
    deadline: Option<Deadline>,
) -> Result<Option<Allocation>, ExactError> {
    let pictures = counts.pictures();
    let regions = 1usize << pictures;
    let full = counts.full();
    let supports: Vec<Region> = (0..counts.colours()).map(|j| counts.support(j)).collect();
    let variables: usize = supports
        .iter()
        .map(|&s| (1usize << s.count_ones()) - 1)
        .sum();
    if variables > MAX_VARIABLES {
        return Err(ExactError::TooLarge { variables });
    }
    let mut problem = Problem::new(OptimizationDirection::Minimize);
    // vars[j] lists (region, variable) for the regions inside colour j's support.
    let mut vars = Vec::with_capacity(counts.colours());
    for (colour, &support) in supports.iter().enumerate() {
        let mut row = Vec::new();
        for region in (1..regions).filter(|&u| u & !support == 0 && support != 0) {
            let bound = (0..pictures)
                .filter(|i| region & (1 << i) != 0)
                .map(|i| counts.per_picture[i][colour])
                .min()
                .expect("a region is not empty");
            let bound = i32::try_from(bound).map_err(|_| ExactError::CountTooLarge)?;
            row.push((region, problem.add_integer_var(0.0, (0, bound))));
        }
        vars.push(row);
    }
    for picture in 0..pictures {
        for (colour, row) in vars.iter().enumerate() {
            let needed = counts.per_picture[picture][colour];
            if needed == 0 {
                continue;
            }
            let terms: Vec<_> = row
                .iter()
                .filter(|(u, _)| u & (1 << picture) != 0)
                .map(|&(_, var)| (var, 1.0))
                .collect();
            problem.add_constraint(terms.as_slice(), ComparisonOp::Eq, f64::from(needed));
        }
    }
    // One balance row per complementary pair: the region without the last picture, against its
    // complement.
    let last = 1 << (pictures - 1);
    for region in (1..full).filter(|&u| u & last == 0) {
        let complement = full ^ region;
        let terms: Vec<_> = vars
            .iter()
            .flatten()
            .filter_map(|&(u, var)| match u {
                _ if u == region => Some((var, 1.0)),
                _ if u == complement => Some((var, -1.0)),
                _ => None,
            })
            .collect();
        if !terms.is_empty() {
            problem.add_constraint(terms.as_slice(), ComparisonOp::Eq, 0.0);
        }
    }
    if let Some(deadline) = deadline {
        let left = deadline.remaining();
        if left.is_zero() {
            return Err(ExactError::TimedOut);
        }
        problem.set_time_limit(left);
    }
    let solution = match problem.solve() {
        Ok(SolveOutcome::Solution(solution)) => solution,
        Ok(SolveOutcome::Interrupted(_)) => return Err(ExactError::TimedOut),
        Err(microlp::Error::Infeasible) => return Ok(None),
        Err(error) => return Err(ExactError::Solver(error)),
    };
    let mut faces = vec![vec![0u32; regions]; counts.colours()];
    for (colour, row) in vars.iter().enumerate() {
        for &(region, var) in row {
            faces[colour][region] = solution.var_value(var).round().max(0.0) as u32;
        }
    }
    let allocation = Allocation { faces };
    allocation.check(counts).map_err(ExactError::Rounding)?;
    Ok(Some(allocation))
}
