//! Minimal supports: shrink a set of known cells, one deletion at a time, while a deduction holds.

/// The subset of `candidates` left after deleting each element in turn whenever `holds` still
/// answers true without it.
///
/// `holds(candidates)` must be true. When `holds` is monotone (a deduction that follows from a set
/// also follows from every larger set), which every sound deduction rule is, the result is minimal:
/// deleting any one of its elements makes `holds` false. One pass suffices, because an element kept
/// was needed by a superset of the result, hence by the result too.
pub fn minimal_support<C: Copy>(candidates: &[C], mut holds: impl FnMut(&[C]) -> bool) -> Vec<C> {
    let mut kept = candidates.to_vec();
    let mut i = 0;
    while i < kept.len() {
        let removed = kept.remove(i);
        if !holds(&kept) {
            kept.insert(i, removed);
            i += 1;
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_only_what_the_rule_needs() {
        // "The set holds 2 and 5, or it holds 7."
        let holds = |set: &[u32]| set.contains(&7) || (set.contains(&2) && set.contains(&5));
        assert_eq!(minimal_support(&[1, 2, 3, 5, 7], holds), vec![7]);
        assert_eq!(minimal_support(&[2, 3, 5], holds), vec![2, 5]);
        assert_eq!(minimal_support(&[1, 3], |_| true), Vec::<u32>::new());
    }
}
