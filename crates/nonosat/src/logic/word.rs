//! The machine words the bit-parallel line solvers work in, a cell a bit: `u64` for lines of up to
//! 64 cells, `u128` for lines of up to 128.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// An unsigned word of cells, bit `i` cell `i`: the operations the line solvers use.
pub trait Word:
    Copy
    + Debug
    + Default
    + Eq
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
{
    /// The cells a word holds.
    const BITS: usize;
    /// No cell.
    const ZERO: Self;
    /// Cell 0.
    const ONE: Self;
    /// Every cell.
    const MAX: Self;

    /// Addition that drops the carry out of the top cell.
    fn wrapping_add(self, other: Self) -> Self;
    /// Subtraction modulo the word.
    fn wrapping_sub(self, other: Self) -> Self;
    /// The two's complement.
    fn wrapping_neg(self) -> Self;
    /// The index of the lowest set cell (`BITS` for none).
    fn trailing_zeros(self) -> usize;
    /// The number of unset cells above the highest set one (`BITS` for none).
    fn leading_zeros(self) -> usize;
    /// The word times an odd constant, folded to 64 bits: a hash of its cells.
    fn mix(self, by: u64) -> u64;

    /// Whether cell `i` is set.
    #[inline]
    fn has(self, i: usize) -> bool {
        (self >> i) & Self::ONE != Self::ZERO
    }

    /// The cells of a line of `len` cells (at most `BITS`): `0..len`.
    #[inline]
    fn cells(len: usize) -> Self {
        if len == 0 {
            Self::ZERO
        } else {
            Self::MAX >> (Self::BITS - len)
        }
    }
}

macro_rules! word {
    ($type:ty) => {
        impl Word for $type {
            const BITS: usize = <$type>::BITS as usize;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX: Self = <$type>::MAX;

            #[inline]
            fn wrapping_add(self, other: Self) -> Self {
                <$type>::wrapping_add(self, other)
            }
            #[inline]
            fn wrapping_sub(self, other: Self) -> Self {
                <$type>::wrapping_sub(self, other)
            }
            #[inline]
            fn wrapping_neg(self) -> Self {
                <$type>::wrapping_neg(self)
            }
            #[inline]
            fn trailing_zeros(self) -> usize {
                <$type>::trailing_zeros(self) as usize
            }
            #[inline]
            fn leading_zeros(self) -> usize {
                <$type>::leading_zeros(self) as usize
            }
            #[inline]
            fn mix(self, by: u64) -> u64 {
                let product = self.wrapping_mul(<$type>::from(by));
                (product ^ product >> (Self::BITS / 2)) as u64
            }
        }
    };
}

word!(u64);
word!(u128);

/// A puzzle's lines in words: `N` (over `u64`) when every line kept in words fits 64 cells, `W`
/// (over `u128`) when one needs up to 128. A line engine holds one, made once per search, and
/// reaches it through [`in_words!`]: the match is on a value that never changes, and boxing the
/// larger variant would add a load to every line solved.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Words<N, W> {
    Narrow(N),
    Wide(W),
}

impl<N, W> Words<N, W> {
    /// For rows of `width` cells and columns of `height`: `narrow()` when the longest line kept in
    /// words has at most 64 cells, else `wide()`.
    pub(crate) fn for_lines(
        width: usize,
        height: usize,
        narrow: impl FnOnce() -> N,
        wide: impl FnOnce() -> W,
    ) -> Self {
        if longest_in_words(width, height) <= u64::BITS as usize {
            Words::Narrow(narrow())
        } else {
            Words::Wide(wide())
        }
    }

    /// The longest line the words take.
    pub(crate) fn max_len(&self) -> usize {
        match self {
            Words::Narrow(_) => u64::BITS as usize,
            Words::Wide(_) => u128::BITS as usize,
        }
    }
}

/// The longest line that lines of `width` and `height` cells keep in words: the longer of the two
/// that fits 128 cells (0 when neither does).
fn longest_in_words(width: usize, height: usize) -> usize {
    [width, height]
        .into_iter()
        .filter(|&len| fits_words(len))
        .max()
        .unwrap_or(0)
}

/// Whether a line of `len` cells fits the widest word.
pub(crate) fn fits_words(len: usize) -> bool {
    len <= u128::BITS as usize
}

/// `$body` with `$engine` bound to the engine inside `$words` ([`Words`]), whichever word it is.
macro_rules! in_words {
    ($words:expr, $engine:ident => $body:expr) => {
        match $words {
            $crate::logic::word::Words::Narrow($engine) => $body,
            $crate::logic::word::Words::Wide($engine) => $body,
        }
    };
}
pub(crate) use in_words;
