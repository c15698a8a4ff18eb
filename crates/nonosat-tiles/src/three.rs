//! The paper's O(N) test for three pictures (its formulas 1 and 3), and the allocation it builds.
//!
//! For each colour `j`, with counts `g1, g2, g3` in the three pictures, formula 3 chooses how many
//! faces `m12` pictures 1 and 2 share: 0 when `g1 + g2 ≤ g3`; `min(g1, g2)` when
//! `g3 ≤ |g1 - g2|`; else `min(g1, g2) - ⌊(g3 - |g1 - g2|)/2⌋`. The leftovers `a1 = g1 - m12`,
//! `a2 = g2 - m12` serve picture 3 where they can (regions {1,3}, {2,3}); picture 3's remaining
//! faces go to region {3}, and need as many faces in {1,2}: pieces exist iff
//! `N - Σ_j min(a1 + a2, g3) ≤ Σ_j m12` (formula 1). The shared faces then fill {1,2} up to that
//! number, and the rest of them split into {1} and {2}.

use super::venn::{Allocation, Counts};

const R1: usize = 0b001;
const R2: usize = 0b010;
const R3: usize = 0b100;

/// For three pictures: a valid allocation if pieces exist, `None` if not.
///
/// # Panics
/// If `counts` does not have exactly three pictures.
pub fn allocate_three(counts: &Counts) -> Option<Allocation> {
    assert_eq!(counts.pictures(), 3, "the formula is for three pictures");
    let [g1, g2, g3] = [0, 1, 2].map(|i| &counts.per_picture[i]);
    let colours = counts.colours();
    let shared: Vec<u32> = (0..colours)
        .map(|j| shared_by_one_and_two(g1[j], g2[j], g3[j]))
        .collect();
    let serving_three: u64 = (0..colours)
        .map(|j| u64::from((g1[j] - shared[j] + g2[j] - shared[j]).min(g3[j])))
        .sum();
    let only_three = counts.cells() - serving_three;
    let shared_total: u64 = shared.iter().map(|&m| u64::from(m)).sum();
    if only_three > shared_total {
        return None;
    }
    let mut faces = vec![vec![0u32; 8]; colours];
    let mut to_fill = only_three;
    for j in 0..colours {
        let (a1, a2) = (g1[j] - shared[j], g2[j] - shared[j]);
        let with_one = a1.min(g3[j]);
        let with_two = a2.min(g3[j] - with_one);
        let row = &mut faces[j];
        row[R1 | R3] = with_one;
        row[R2 | R3] = with_two;
        row[R3] = g3[j] - with_one - with_two;
        let kept = u64::from(shared[j]).min(to_fill) as u32;
        to_fill -= u64::from(kept);
        row[R1 | R2] = kept;
        row[R1] = a1 - with_one + shared[j] - kept;
        row[R2] = a2 - with_two + shared[j] - kept;
    }
    Some(Allocation { faces })
}

/// Formula 3: the faces of one colour that pictures 1 and 2 share.
fn shared_by_one_and_two(g1: u32, g2: u32, g3: u32) -> u32 {
    let difference = g1.abs_diff(g2);
    if g1 + g2 <= g3 {
        0
    } else if g3 <= difference {
        g1.min(g2)
    } else {
        g1.min(g2) - (g3 - difference) / 2
    }
}
