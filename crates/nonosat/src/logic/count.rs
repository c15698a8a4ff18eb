//! Counting across lines: what the clues of a whole class of columns say of every row together.
//!
//! Take the columns of one parity, say the even ones. Their clues fix how many black cells they
//! hold together, `total`; those cells lie in the rows, so the rows' black cells in even columns
//! add up to `total` too. Each row, by its own clue and known cells, can place at least `min` and
//! at most `max` black cells in even columns (a dynamic programme over the row's arrangements).
//! If the rows' minima add up to more than `total`, or their maxima to less, there is no
//! solution. If the minima add up to exactly `total`, every row must take an arrangement with its
//! fewest black cells in even columns, and the cells those arrangements agree on are fixed (and
//! likewise at the maxima). The same holds with rows and columns swapped.
//!
//! Line logic sees one line at a time and cannot make this argument, and clause learning over
//! the encoding finds it slowly: CaDiCaL's time for the n-Dom proofs doubles with each n. On the
//! n-Dom family (`../shared/puzzles/ndom`) it is the whole proof: the vertical three-blocks need
//! one black cell of an even row each, and the even rows hold exactly as many, so every block
//! starts in an odd row; with line propagation in between, counting fixes every cell of 20-Dom
//! without search.
//!
//! Every deduction holds in every solution, so counting is sound, like line logic; it is
//! incomplete.

use crate::logic::LineSolver;
use crate::logic::probe::NoSolution;
use crate::logic::propagate::propagate_lines;
use crate::model::{Cell, Clue, Grid, LineId, Pos, Puzzle};

/// The most states of the line recursion that [`propagate_with_counts`] visits, over all its
/// passes: some tens of milliseconds. Counting then stops where it is, which is sound; 20-Dom
/// needs 1.3 million.
const MAX_STATES: usize = 20_000_000;

/// Propagates `grid` by counting and line logic, taking turns, to a common fixpoint or until
/// `MAX_STATES` are spent; the number of cells that became known. Expects `grid` at a fixpoint
/// of line propagation already.
pub fn propagate_with_counts(
    puzzle: &Puzzle,
    grid: &mut Grid<Cell>,
    solver: &mut impl LineSolver,
) -> Result<usize, NoSolution> {
    propagate_recording_counts(puzzle, grid, solver, &mut |_| {})
}

/// One pass of counting that fixed cells or found a contradiction, as a certificate records it
/// (`solve::certify`): the lines counted, the class of crossing lines their black cells were
/// counted in, and the cells it fixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountStep {
    /// Whether the rows were counted (in the class's columns), or the columns (in its rows).
    pub rows: bool,
    /// The crossing lines of the class, by index.
    pub class: Vec<usize>,
    /// The cells fixed, with their values (true: black); none when the count was impossible.
    pub fixed: Vec<(Pos, bool)>,
}

/// [`propagate_with_counts`], handing each step of counting to `record` as it is taken.
pub fn propagate_recording_counts(
    puzzle: &Puzzle,
    grid: &mut Grid<Cell>,
    solver: &mut impl LineSolver,
    record: &mut impl FnMut(CountStep),
) -> Result<usize, NoSolution> {
    let before = grid.known_count();
    let states_per_pass: usize = puzzle
        .lines()
        .map(|line| (puzzle.line_len(line) + 2) * (puzzle.clue(line).len() + 1))
        .sum::<usize>()
        * 2;
    let mut spent = 0;
    while grid.known_count() < puzzle.cell_count() && spent + states_per_pass <= MAX_STATES {
        spent += states_per_pass;
        let Some(step) = count_step(puzzle, grid) else {
            break;
        };
        let refuted = step.fixed.is_empty();
        let lines: Vec<LineId> = step
            .fixed
            .iter()
            .flat_map(|&(pos, _)| [LineId::Row(pos.row), LineId::Col(pos.col)])
            .collect();
        record(step);
        if refuted {
            return Err(NoSolution);
        }
        propagate_lines(puzzle, grid, solver, lines).map_err(|_| NoSolution)?;
    }
    Ok(grid.known_count() - before)
}

/// One pass of counting, rows first, then columns if the rows fixed nothing: the step that fixed
/// cells, or found the count impossible (a step that fixes none); `None` when it fixed nothing.
/// The grid it starts from is at a fixpoint of line propagation, so every solved line in it meets
/// its clue.
///
/// Only the even crossing lines are counted: a line's black cells in odd crossing lines are its
/// clue's sum less those in even ones, so the odd class is the even one with minima and maxima
/// swapped, and says nothing more.
fn count_step(puzzle: &Puzzle, grid: &mut Grid<Cell>) -> Option<CountStep> {
    for rows in [true, false] {
        let mut fixed = Vec::new();
        let (lines, crossing) = if rows {
            (puzzle.rows(), puzzle.columns())
        } else {
            (puzzle.columns(), puzzle.rows())
        };
        let line_id = |i| if rows { LineId::Row(i) } else { LineId::Col(i) };
        let even = |i: usize| i.is_multiple_of(2);
        let step = |fixed| CountStep {
            rows,
            class: (0..crossing.len()).filter(|&i| even(i)).collect(),
            fixed,
        };
        let total: i64 = (0..crossing.len())
            .filter(|&i| even(i))
            .map(|i| crossing[i].black_cells() as i64)
            .sum();
        let weights: Vec<i64> = (0..crossing.len()).map(|i| i64::from(even(i))).collect();
        let negated: Vec<i64> = weights.iter().map(|w| -w).collect();
        let (mut low_sum, mut high_sum) = (0, 0);
        for (i, clue) in lines.iter().enumerate() {
            let cells = grid.line(line_id(i));
            if !cells.contains(&Cell::Unknown) {
                // A solved line has one count.
                let count: i64 = (0..cells.len())
                    .filter(|&at| cells[at] == Cell::Black)
                    .map(|at| weights[at])
                    .sum();
                low_sum += count;
                high_sum += count;
                continue;
            }
            let (Some(low), Some(high)) = (
                least_weight(clue, &cells, &weights),
                least_weight(clue, &cells, &negated),
            ) else {
                return Some(step(Vec::new()));
            };
            low_sum += low;
            high_sum -= high;
        }
        if low_sum > total || high_sum < total {
            return Some(step(Vec::new()));
        }
        // Tight: every line must take one of its lightest arrangements (by `weights` at the
        // minima, by `negated` at the maxima).
        let tight = if low_sum == total {
            &weights
        } else if high_sum == total {
            &negated
        } else {
            continue;
        };
        for (i, clue) in lines.iter().enumerate() {
            let cells = grid.line(line_id(i));
            if !cells.contains(&Cell::Unknown) {
                continue;
            }
            let common = lightest_common(clue, &cells, tight);
            let positions = grid.line_positions(line_id(i)).collect::<Vec<_>>();
            for (pos, cell) in positions.into_iter().zip(common) {
                if grid[pos] == Cell::Unknown && cell != Cell::Unknown {
                    grid[pos] = cell;
                    fixed.push((pos, cell == Cell::Black));
                }
            }
        }
        if !fixed.is_empty() {
            return Some(step(fixed));
        }
    }
    None
}

/// Weights beyond any arrangement's: a state no arrangement reaches.
const UNREACHABLE: i64 = i64::MAX / 4;

/// The forward-backward recursion of the complete line solver in the (min, +) semiring, over the
/// arrangements of a clue that fit a line, each weighing the sum of `weights` over its black
/// cells. State `(j, i)` is "the first `i` cells hold the first `j` blocks, and cell `i` may start
/// one"; cell `n` is a virtual white cell that ends the line.
struct Weighing<'a> {
    blocks: &'a [usize],
    line: &'a [Cell],
    /// Prefix sums of the weights, and of the known white cells.
    prefix: Vec<i64>,
    whites: Vec<usize>,
}

impl<'a> Weighing<'a> {
    fn new(clue: &'a Clue, line: &'a [Cell], weights: &[i64]) -> Self {
        let n = line.len();
        let mut prefix = vec![0; n + 1];
        let mut whites = vec![0; n + 1];
        for i in 0..n {
            prefix[i + 1] = prefix[i] + weights[i];
            whites[i + 1] = whites[i] + usize::from(line[i] == Cell::White);
        }
        Weighing {
            blocks: clue.blocks(),
            line,
            prefix,
            whites,
        }
    }

    fn states(&self) -> usize {
        self.line.len() + 2
    }

    fn at(&self, j: usize, i: usize) -> usize {
        j * self.states() + i
    }

    fn can_be_white(&self, i: usize) -> bool {
        self.line.get(i) != Some(&Cell::Black)
    }

    /// The weight of block `j` starting at cell `i`, with a white cell after it, if it fits.
    fn block(&self, j: usize, i: usize) -> Option<i64> {
        let len = *self.blocks.get(j)?;
        let end = i + len;
        (end <= self.line.len() && self.whites[end] == self.whites[i] && self.can_be_white(end))
            .then(|| self.prefix[end] - self.prefix[i])
    }

    /// Per state, the least weight of the cells before it.
    fn forward(&self) -> Vec<i64> {
        let (n, k) = (self.line.len(), self.blocks.len());
        let mut forward = vec![UNREACHABLE; (k + 1) * self.states()];
        forward[0] = 0;
        for i in 0..=n {
            for j in 0..=k {
                let here = forward[self.at(j, i)];
                if here == UNREACHABLE {
                    continue;
                }
                if self.can_be_white(i) {
                    let next = &mut forward[self.at(j, i + 1)];
                    *next = (*next).min(here);
                }
                if let Some(weight) = self.block(j, i) {
                    let next = &mut forward[self.at(j + 1, i + self.blocks[j] + 1)];
                    *next = (*next).min(here + weight);
                }
            }
        }
        forward
    }

    /// Per state, the least weight of the cells from it to the end.
    fn backward(&self) -> Vec<i64> {
        let (n, k) = (self.line.len(), self.blocks.len());
        let mut backward = vec![UNREACHABLE; (k + 1) * self.states()];
        backward[self.at(k, n + 1)] = 0;
        for i in (0..=n).rev() {
            for j in (0..=k).rev() {
                let mut rest = UNREACHABLE;
                if self.can_be_white(i) {
                    rest = rest.min(backward[self.at(j, i + 1)]);
                }
                if let Some(weight) = self.block(j, i) {
                    let after = backward[self.at(j + 1, i + self.blocks[j] + 1)];
                    rest = rest.min(weight.saturating_add(after));
                }
                backward[self.at(j, i)] = rest.min(UNREACHABLE);
            }
        }
        backward
    }
}

/// The least weight of an arrangement of `clue` that fits `line`, weighing the sum of `weights`
/// over its black cells; `None` when no arrangement fits.
fn least_weight(clue: &Clue, line: &[Cell], weights: &[i64]) -> Option<i64> {
    let weighing = Weighing::new(clue, line, weights);
    let last = weighing.at(clue.len(), line.len() + 1);
    let least = weighing.forward()[last];
    (least < UNREACHABLE).then_some(least)
}

/// `line` with every cell fixed that all the lightest arrangements of `clue` agree on (as
/// [`least_weight`] weighs them). Expects some arrangement to fit.
fn lightest_common(clue: &Clue, line: &[Cell], weights: &[i64]) -> Vec<Cell> {
    let weighing = Weighing::new(clue, line, weights);
    let (forward, backward) = (weighing.forward(), weighing.backward());
    let (n, k) = (line.len(), clue.len());
    let best = backward[0];
    // Mark what the steps on some lightest arrangement do to each cell: a white step, or a block
    // (a difference array over the cells it covers) and the white cell after it.
    let mut white_somewhere = vec![false; n + 1];
    let mut covered = vec![0i32; n + 1];
    for i in 0..n {
        for j in 0..=k {
            let before = forward[weighing.at(j, i)];
            if before == UNREACHABLE {
                continue;
            }
            if weighing.can_be_white(i) && before + backward[weighing.at(j, i + 1)] == best {
                white_somewhere[i] = true;
            }
            if let Some(weight) = weighing.block(j, i)
                && before + weight + backward[weighing.at(j + 1, i + clue.blocks()[j] + 1)] == best
            {
                let end = i + clue.blocks()[j];
                covered[i] += 1;
                covered[end] -= 1;
                white_somewhere[end] = true;
            }
        }
    }
    let mut running = 0;
    (0..n)
        .map(|i| {
            running += covered[i];
            match (running > 0, white_somewhere[i]) {
                (true, false) => Cell::Black,
                (false, true) => Cell::White,
                _ => Cell::Unknown,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every arrangement of `clue` over `n` cells that fits `line`, by brute force.
    fn arrangements(clue: &[usize], line: &[Cell]) -> Vec<Vec<bool>> {
        let n = line.len();
        (0u32..1 << n)
            .map(|mask| (0..n).map(|i| mask >> i & 1 == 1).collect::<Vec<_>>())
            .filter(|cells| {
                let runs: Vec<usize> = cells
                    .split(|&black| !black)
                    .map(<[bool]>::len)
                    .filter(|&len| len > 0)
                    .collect();
                runs == clue
                    && cells.iter().zip(line).all(|(&black, &known)| match known {
                        Cell::Black => black,
                        Cell::White => !black,
                        Cell::Unknown => true,
                    })
            })
            .collect()
    }

    #[test]
    fn lightest_arrangements_agree_with_brute_force() {
        let mut state = 7u64;
        let mut next = |bound: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % bound
        };
        for n in 0..=8 {
            for _ in 0..400 {
                let line: Vec<Cell> = (0..n)
                    .map(|_| match next(4) {
                        0 => Cell::Black,
                        1 => Cell::White,
                        _ => Cell::Unknown,
                    })
                    .collect();
                let picture: Vec<bool> = (0..n).map(|_| next(2) == 0).collect();
                let clue: Vec<usize> = picture
                    .split(|&black| !black)
                    .map(<[bool]>::len)
                    .filter(|&len| len > 0)
                    .collect();
                let weights: Vec<i64> = (0..n).map(|_| next(5) as i64 - 2).collect();
                let all = arrangements(&clue, &line);
                let got = least_weight(&Clue::new(clue.clone()), &line, &weights);
                let Some(least) = all
                    .iter()
                    .map(|a| (0..n).filter(|&i| a[i]).map(|i| weights[i]).sum::<i64>())
                    .min()
                else {
                    assert!(got.is_none(), "{clue:?} on {line:?} has no arrangement");
                    continue;
                };
                assert_eq!(got, Some(least), "{clue:?} on {line:?}, {weights:?}");
                let common = lightest_common(&Clue::new(clue.clone()), &line, &weights);
                let best: Vec<&Vec<bool>> = all
                    .iter()
                    .filter(|a| (0..n).filter(|&i| a[i]).map(|i| weights[i]).sum::<i64>() == least)
                    .collect();
                for i in 0..n {
                    let expected = if best.iter().all(|a| a[i]) {
                        Cell::Black
                    } else if best.iter().all(|a| !a[i]) {
                        Cell::White
                    } else {
                        Cell::Unknown
                    };
                    assert_eq!(common[i], expected, "{clue:?} on {line:?}, cell {i}");
                }
            }
        }
    }
}
