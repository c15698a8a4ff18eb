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
    /// The cells in reverse order.
    fn reverse_bits(self) -> Self;
    /// The index of the lowest set cell (`BITS` for none).
    fn trailing_zeros(self) -> usize;
    /// The word times an odd constant, folded to 64 bits: a hash of its cells.
    fn mix(self, by: u64) -> u64;

    /// Whether cell `i` is set.
    #[inline]
    fn has(self, i: usize) -> bool {
        (self >> i) & Self::ONE != Self::ZERO
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
            fn reverse_bits(self) -> Self {
                <$type>::reverse_bits(self)
            }
            #[inline]
            fn trailing_zeros(self) -> usize {
                <$type>::trailing_zeros(self) as usize
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
