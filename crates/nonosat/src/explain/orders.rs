//! Korekawa et al.'s search over deduction orders: for each deduction, the minimal sets of earlier
//! deductions that enable it.
//!
//! A state is the set of deductions made so far (at most 64, one bit each). From the initial state
//! the search goes breadth first: at each state, every deduction the rules allow is recorded with the
//! state as an enabling set unless a recorded set of that deduction is a subset of the state; then
//! each allowed deduction leads to a child state. A transposition table keeps each state from being
//! expanded twice, and, as in the paper, a state where every open cell can be fixed at once is not
//! expanded (any longer order adds nothing minimal). Breadth first visits states by size, so a set
//! is recorded only if no smaller set enables the same deduction: the recorded sets are exactly the
//! minimal ones among reachable states.

use std::collections::{HashSet, VecDeque};

use crate::deadline::{Deadline, Limit};

/// A puzzle's deduction rules, seen as moves over a set of at most 64 open cells.
pub trait StepRules {
    /// Number of open cells; move `i` fixes open cell `i`.
    fn open_cells(&self) -> usize;
    /// The moves the rules allow once the moves in `applied` (bit `i` for move `i`) are made; never
    /// one of `applied`.
    fn available(&self, applied: u64) -> u64;
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnablingSets {
    /// For each move, its minimal enabling sets (bit masks of moves), smallest first. A move no
    /// reachable state allows has none.
    pub sets: Vec<Vec<u64>>,
    /// Search nodes visited: the initial state, and one per move taken from an expanded state,
    /// counting a state reached again through the transposition table (the paper's node count).
    pub nodes: u64,
    /// Distinct states expanded or reached.
    pub states: u64,
    /// False when the search stopped at `node_limit` or its deadline before finishing.
    pub complete: bool,
}

impl EnablingSets {
    /// The paper's "longest deduction": the move whose smallest enabling set is largest, with that
    /// size (the first such move on ties), or `None` if no move is ever allowed.
    pub fn longest_deduction(&self) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        for (step, sets) in self.sets.iter().enumerate() {
            let Some(smallest) = sets.iter().map(|set| set.count_ones() as usize).min() else {
                continue;
            };
            if best.is_none_or(|(_, size)| smallest > size) {
                best = Some((step, smallest));
            }
        }
        best
    }
}

/// Runs the search, stopping after `node_limit` nodes or once `deadline` has passed.
///
/// # Panics
/// If the rules have more than 64 open cells.
pub fn enabling_sets(
    rules: &impl StepRules,
    node_limit: u64,
    deadline: Option<Deadline>,
) -> EnablingSets {
    let open = rules.open_cells();
    assert!(open <= 64, "at most 64 open cells, not {open}");
    let all_open = if open == 64 {
        u64::MAX
    } else {
        (1u64 << open) - 1
    };
    let mut found = EnablingSets {
        sets: vec![Vec::new(); open],
        nodes: 1,
        states: 1,
        complete: true,
    };
    let mut seen = HashSet::from([0u64]);
    let mut queue = VecDeque::from([0u64]);
    while let Some(state) = queue.pop_front() {
        let allowed = rules.available(state);
        for step in bits(allowed) {
            let sets = &mut found.sets[step];
            if !sets.iter().any(|&set| set & !state == 0) {
                sets.push(state);
            }
        }
        if allowed == all_open & !state {
            continue;
        }
        for step in bits(allowed) {
            // The clock is read once every 1024 nodes.
            if found.nodes >= node_limit
                || (found.nodes.is_multiple_of(1024) && deadline.check().is_err())
            {
                found.complete = false;
                return found;
            }
            found.nodes += 1;
            let child = state | 1 << step;
            if seen.insert(child) {
                found.states += 1;
                queue.push_back(child);
            }
        }
    }
    found
}

/// The indices of the set bits of `mask`, lowest first.
pub fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paper's Figure 4 example: t5 is enabled by {t1} or by {t3, t4}; t1..t4 are free.
    /// Moves 0..=4 stand for t1..t5.
    struct Figure4;

    impl StepRules for Figure4 {
        fn open_cells(&self) -> usize {
            5
        }
        fn available(&self, applied: u64) -> u64 {
            let mut allowed = 0b01111;
            if applied & 0b00001 != 0 || applied & 0b01100 == 0b01100 {
                allowed |= 0b10000;
            }
            allowed & !applied
        }
    }

    #[test]
    fn keeps_only_minimal_enabling_sets() {
        let found = enabling_sets(&Figure4, u64::MAX, None);
        assert!(found.complete);
        assert_eq!(found.sets[4], vec![0b00001, 0b01100]);
        for step in 0..4 {
            assert_eq!(found.sets[step], vec![0]);
        }
        assert_eq!(found.longest_deduction(), Some((4, 1)));
    }

    #[test]
    fn node_limit_stops_the_search() {
        let found = enabling_sets(&Figure4, 3, None);
        assert!(!found.complete);
        assert_eq!(found.nodes, 3);
    }

    #[test]
    fn bits_lists_set_positions() {
        assert_eq!(bits(0b1010_0001).collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(bits(0).count(), 0);
    }
}
