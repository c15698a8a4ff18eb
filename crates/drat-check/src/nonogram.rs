//! The clues a counting step rests on, read from the formula's `c nonogram` comment lines, and the
//! checker's own count of what a line's arrangements can put in a class of cells.

use crate::SyntaxError;

/// A black-and-white nonogram's clues as the formula declares them in its comments:
///
/// ```text
/// c nonogram size WIDTH HEIGHT
/// c nonogram row INDEX BLOCK...
/// c nonogram column INDEX BLOCK...
/// ```
///
/// with every row and column given once (0-based, an empty clue as no blocks), and cell (row `r`,
/// column `c`) the variable `r * WIDTH + c + 1`, true when black.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nonogram {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The row clues, top to bottom.
    pub rows: Vec<Vec<usize>>,
    /// The column clues, left to right.
    pub columns: Vec<Vec<usize>>,
}

/// The prefix of the comment lines that declare the clues.
const PREFIX: &str = "c nonogram ";

/// Reads the `c nonogram` lines of `text`; `None` when it has none.
pub(crate) fn parse_nonogram(text: &str) -> Result<Option<Nonogram>, SyntaxError> {
    let mut size: Option<(usize, usize)> = None;
    let mut rows: Vec<Option<Vec<usize>>> = Vec::new();
    let mut columns: Vec<Option<Vec<usize>>> = Vec::new();
    let mut last = 0;
    for (number, line) in text.lines().enumerate() {
        let Some(rest) = line.trim().strip_prefix(PREFIX) else {
            continue;
        };
        let number = number + 1;
        last = number;
        let fail = |message: &str| SyntaxError {
            line: number,
            message: message.to_owned(),
        };
        let mut fields = rest.split_whitespace();
        let kind = fields.next().unwrap_or("");
        let numbers: Vec<usize> = fields
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| fail("a nonogram line holds something other than numbers"))?;
        match (kind, size) {
            ("size", None) => {
                let [width, height] = numbers[..] else {
                    return Err(fail("expected \"c nonogram size WIDTH HEIGHT\""));
                };
                if width == 0 || height == 0 || width.saturating_mul(height) > 1 << 24 {
                    return Err(fail("the nonogram's size is out of range"));
                }
                size = Some((width, height));
                rows = vec![None; height];
                columns = vec![None; width];
            }
            ("size", Some(_)) => return Err(fail("a second nonogram size")),
            ("row" | "column", None) => return Err(fail("a clue before the nonogram's size")),
            ("row" | "column", Some((width, height))) => {
                let lines = if kind == "row" {
                    &mut rows
                } else {
                    &mut columns
                };
                let Some((&index, blocks)) = numbers.split_first() else {
                    return Err(fail("a clue without its line's index"));
                };
                if blocks.contains(&0) {
                    return Err(fail("a block of no cells"));
                }
                // Bounded by the line, so that no count can overflow.
                let length = if kind == "row" { width } else { height };
                let needed = blocks
                    .iter()
                    .try_fold(0usize, |sum, &block| sum.checked_add(block)?.checked_add(1));
                if needed.is_none_or(|needed| needed > length + 1) {
                    return Err(fail("a clue longer than its line"));
                }
                match lines.get_mut(index) {
                    Some(slot @ None) => *slot = Some(blocks.to_vec()),
                    Some(Some(_)) => return Err(fail("a line's clue given twice")),
                    None => return Err(fail("a line beyond the nonogram's size")),
                }
            }
            _ => return Err(fail("expected size, row or column after \"c nonogram\"")),
        }
    }
    let Some((width, height)) = size else {
        return Ok(None);
    };
    let complete = |lines: Vec<Option<Vec<usize>>>| lines.into_iter().collect::<Option<Vec<_>>>();
    match (complete(rows), complete(columns)) {
        (Some(rows), Some(columns)) => Ok(Some(Nonogram {
            width,
            height,
            rows,
            columns,
        })),
        _ => Err(SyntaxError {
            line: last,
            message: "the nonogram's clues miss a row or a column".into(),
        }),
    }
}

impl Nonogram {
    /// Cell variables: 1 to `width * height`.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The cell of a variable as (row, column), if the variable is a cell.
    pub(crate) fn cell(&self, var: u32) -> Option<(usize, usize)> {
        let index = (var as usize).checked_sub(1)?;
        (index < self.cells()).then(|| (index / self.width, index % self.width))
    }

    /// The variable of the cell at (row, column).
    pub(crate) fn var(&self, row: usize, column: usize) -> u32 {
        (row * self.width + column + 1) as u32
    }
}

/// What is known of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Known {
    Black,
    White,
    Open,
}

/// The fewest and the most black cells among those `counted` that an arrangement of `clue`
/// agreeing with `line` can have; `None` when no arrangement agrees with it.
///
/// `rest[i]` covers the arrangements of blocks `j..` in cells `i..`, for `j` from the last block
/// down to the first: either cell `i` is white and the rest start at `i + 1`, or block `j` starts
/// at `i`, is followed by a white cell (or the end), and the blocks after it start after that.
/// Two rows of `n + 1` entries: the memory stays linear in the line's length.
pub(crate) fn black_range(
    clue: &[usize],
    line: &[Known],
    counted: &[bool],
) -> Option<(usize, usize)> {
    let n = line.len();
    // Prefix counts of the known white cells and of the counted cells.
    let mut whites = vec![0; n + 1];
    let mut weights = vec![0; n + 1];
    for i in 0..n {
        whites[i + 1] = whites[i] + usize::from(line[i] == Known::White);
        weights[i + 1] = weights[i] + usize::from(counted[i]);
    }
    // No blocks left: the rest must be able to be white.
    let mut after: Vec<Option<(usize, usize)>> = vec![None; n + 1];
    after[n] = Some((0, 0));
    for i in (0..n).rev() {
        after[i] = after[i + 1].filter(|_| line[i] != Known::Black);
    }
    for &len in clue.iter().rev() {
        let mut rest: Vec<Option<(usize, usize)>> = vec![None; n + 1];
        for i in (0..n).rev() {
            let white = rest[i + 1].filter(|_| line[i] != Known::Black);
            let end = i + len;
            let block =
                (end <= n && whites[end] == whites[i] && line.get(end) != Some(&Known::Black))
                    .then(|| after[(end + 1).min(n)])
                    .flatten()
                    .map(|(low, high)| {
                        let here = weights[end] - weights[i];
                        (low + here, high + here)
                    });
            rest[i] = match (white, block) {
                (Some(a), Some(b)) => Some((a.0.min(b.0), a.1.max(b.1))),
                (a, b) => a.or(b),
            };
        }
        after = rest;
    }
    after[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every arrangement of `clue` on `line`: each block placed at every start that leaves room,
    /// then kept if it agrees with the known cells.
    fn arrangements(clue: &[usize], line: &[Known]) -> Vec<Vec<bool>> {
        fn place(clue: &[usize], from: usize, cells: &mut Vec<bool>, all: &mut Vec<Vec<bool>>) {
            let Some((&len, rest)) = clue.split_first() else {
                all.push(cells.clone());
                return;
            };
            for start in from..=cells.len().saturating_sub(len) {
                if start + len > cells.len() {
                    break;
                }
                cells[start..start + len].fill(true);
                place(rest, start + len + 1, cells, all);
                cells[start..start + len].fill(false);
            }
        }
        let mut all = Vec::new();
        place(clue, 0, &mut vec![false; line.len()], &mut all);
        all.retain(|cells| {
            cells
                .iter()
                .zip(line)
                .all(|(&black, &known)| known == Known::Open || (known == Known::Black) == black)
        });
        all
    }

    #[test]
    fn the_range_agrees_with_brute_force() {
        let mut state = 11u64;
        let mut next = |bound: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % bound
        };
        for n in 0..=9 {
            for _ in 0..300 {
                let line: Vec<Known> = (0..n)
                    .map(|_| match next(4) {
                        0 => Known::Black,
                        1 => Known::White,
                        _ => Known::Open,
                    })
                    .collect();
                let clue: Vec<usize> = (0..next(4)).map(|_| 1 + next(3) as usize).collect();
                let counted: Vec<bool> = (0..n).map(|_| next(2) == 0).collect();
                let weigh = |a: &Vec<bool>| (0..n).filter(|&i| a[i] && counted[i]).count();
                let all = arrangements(&clue, &line);
                let expected = all.iter().map(weigh).min().zip(all.iter().map(weigh).max());
                assert_eq!(
                    black_range(&clue, &line, &counted),
                    expected,
                    "{clue:?} on {line:?}, {counted:?}"
                );
            }
        }
    }

    #[test]
    fn clue_lines_are_read_and_checked() {
        let text = "c nonogram size 2 1\nc nonogram row 0 1\nc nonogram column 0\n\
                    c nonogram column 1 1\np cnf 2 0\n";
        let nonogram = parse_nonogram(text).unwrap().unwrap();
        assert_eq!(nonogram.rows, vec![vec![1]]);
        assert_eq!(nonogram.columns, vec![vec![], vec![1]]);
        assert_eq!((nonogram.cell(2), nonogram.cell(3)), (Some((0, 1)), None));
        assert_eq!(parse_nonogram("p cnf 1 0\n"), Ok(None));
        for (bad, message) in [
            ("c nonogram row 0 1\n", "a clue before the nonogram's size"),
            (
                "c nonogram size 1 1\nc nonogram row 0 1\n",
                "miss a row or a column",
            ),
            (
                "c nonogram size 1 1\nc nonogram row 1 1\n",
                "beyond the nonogram's size",
            ),
            (
                "c nonogram size 1 1\nc nonogram row 0 0\n",
                "a block of no cells",
            ),
            (
                "c nonogram size 1 1\nc nonogram row 0 x\n",
                "other than numbers",
            ),
            (
                "c nonogram size 3 1\nc nonogram row 0 2 1\n",
                "longer than its line",
            ),
            (
                "c nonogram size 3 1\nc nonogram row 0 18446744073709551615 1\n",
                "longer than its line",
            ),
        ] {
            let error = parse_nonogram(bad).unwrap_err();
            assert!(error.message.contains(message), "{bad}: {error}");
        }
    }
}
