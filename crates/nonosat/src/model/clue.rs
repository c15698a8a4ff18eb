//! A line's clue: the lengths of its black blocks, in order.

use std::fmt;

use super::LineClue;

/// The clue of one row or column: the lengths of its black blocks from the start of the line.
///
/// Every length is at least 1; an empty clue means the whole line is white. A clue never says how
/// long its line is: [`Clue::min_len`] is the shortest line it fits.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clue(Vec<usize>);

/// A block length of zero inside a clue of several numbers (`3 0 2`).
///
/// A lone `0` is the usual way to write an empty clue and is accepted by [`Clue::from_numbers`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZeroBlock;

impl Clue {
    /// A clue from block lengths, each at least 1.
    ///
    /// # Panics
    /// If a length is zero; use [`Clue::from_numbers`] for numbers read from a file.
    pub fn new(blocks: Vec<usize>) -> Self {
        assert!(
            blocks.iter().all(|&b| b > 0),
            "block lengths must be positive"
        );
        Clue(blocks)
    }

    /// A clue from numbers as written in puzzle files: a lone `0` (or nothing) is the empty clue.
    pub fn from_numbers(numbers: &[usize]) -> Result<Self, ZeroBlock> {
        match numbers {
            [0] => Ok(Clue::default()),
            _ if numbers.contains(&0) => Err(ZeroBlock),
            _ => Ok(Clue(numbers.to_vec())),
        }
    }

    /// The block lengths, first to last.
    pub fn blocks(&self) -> &[usize] {
        &self.0
    }

    /// Number of blocks.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the line is all white.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Number of black cells the clue asks for.
    pub fn black_cells(&self) -> usize {
        self.0.iter().sum()
    }

    /// Length of the shortest line the clue fits: the blocks with one white cell between each pair.
    pub fn min_len(&self) -> usize {
        self.black_cells() + self.len().saturating_sub(1)
    }

    /// The clue of a line of cells (`true` = black): the lengths of its runs of black cells.
    pub fn of_line(cells: impl IntoIterator<Item = bool>) -> Self {
        let mut blocks = Vec::new();
        let mut run = 0;
        for black in cells {
            if black {
                run += 1;
            } else if run > 0 {
                blocks.push(run);
                run = 0;
            }
        }
        if run > 0 {
            blocks.push(run);
        }
        Clue(blocks)
    }
}

impl LineClue<bool> for Clue {
    fn read(cells: Vec<bool>) -> Self {
        Clue::of_line(cells)
    }
    fn shortest(&self) -> usize {
        self.min_len()
    }
}

/// Numbers separated by single spaces; `0` for the empty clue.
impl fmt::Display for Clue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_blocks(f, self.0.iter())
    }
}

/// Writes `blocks` separated by single spaces, or `0` when there are none: how a clue reads.
pub(super) fn write_blocks<B: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    blocks: impl ExactSizeIterator<Item = B>,
) -> fmt::Result {
    if blocks.len() == 0 {
        return f.write_str("0");
    }
    for (i, block) in blocks.enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{block}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn of_line_reads_runs() {
        let line = [true, true, false, false, true, false, true, true, true];
        assert_eq!(Clue::of_line(line), Clue::new(vec![2, 1, 3]));
        assert_eq!(Clue::of_line([false, false]), Clue::default());
    }

    #[test]
    fn min_len_counts_separating_whites() {
        assert_eq!(Clue::new(vec![2, 1, 3]).min_len(), 8);
        assert_eq!(Clue::default().min_len(), 0);
    }

    #[test]
    fn from_numbers_accepts_lone_zero_only() {
        assert_eq!(Clue::from_numbers(&[0]), Ok(Clue::default()));
        assert_eq!(Clue::from_numbers(&[]), Ok(Clue::default()));
        assert_eq!(Clue::from_numbers(&[3, 0, 2]), Err(ZeroBlock));
    }
}
