//! Deduction steps of any grid puzzle and the dependency graph they form.
//!
//! A step fixes some cells and rests on a *support*: cells known before it which, with the rules,
//! force what it fixes. A step depends on the steps that fixed its support cells (cells given at the
//! start belong to no step). The depth of a step is one more than the deepest step it depends on;
//! steps of equal depth form a layer that a person could take in any order. Following Korekawa et
//! al., the step whose support is largest is the puzzle's "longest deduction".

use std::collections::HashMap;

use crate::model::{LineId, Pos};

/// How a step was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// One line (or, for a Latin square, one cell's row and column) and its clue alone.
    Line,
    /// A probe: the opposite value of the fixed cell leads, by line logic over several lines, to
    /// a line that cannot be completed.
    Probe,
}

impl StepKind {
    /// `line` or `probe`.
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Line => "line",
            StepKind::Probe => "probe",
        }
    }
}

/// One deduction step; `V` is the value a cell takes (`bool` for a nonogram, black = `true`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step<V> {
    /// How the step was found.
    pub kind: StepKind,
    /// The lines it reads. For a probe: the lines the trial changed, in order, then the line it
    /// made impossible.
    pub lines: Vec<LineId>,
    /// The cells it fixes, with their values.
    pub fixed: Vec<(Pos, V)>,
    /// A minimal set of cells known before the step that forces `fixed`, with their values.
    pub support: Vec<(Pos, V)>,
}

/// The dependency graph of a path of steps, and its measures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PathShape {
    /// For each step, the earlier steps that fixed one of its support cells, ascending.
    pub depends_on: Vec<Vec<usize>>,
    /// For each step, its depth: 1 for a step whose support was known at the start.
    pub depths: Vec<usize>,
    /// The longest chain of dependent steps (0 for no steps).
    pub depth: usize,
    /// The most steps that share one depth.
    pub widest_layer: usize,
    /// The depth of the first layer that is widest.
    pub widest_layer_depth: usize,
    /// The step with the largest support (the first such), if there are steps.
    pub hardest_step: Option<usize>,
}

impl PathShape {
    /// The graph of `steps`, taken in order.
    ///
    /// # Panics
    /// If a step's support holds a cell that only a later step fixes: the steps are not in an
    /// order in which they can be taken.
    pub fn of<V>(steps: &[Step<V>]) -> PathShape {
        // The step that last changed a cell (a colour cell may be narrowed more than once), and
        // the first.
        let mut fixed_by: HashMap<Pos, usize> = HashMap::new();
        let mut first_fixed_by: HashMap<Pos, usize> = HashMap::new();
        let mut shape = PathShape::default();
        for (index, step) in steps.iter().enumerate() {
            let mut parents: Vec<usize> = step
                .support
                .iter()
                .filter_map(|(pos, _)| fixed_by.get(pos).copied())
                .collect();
            parents.sort_unstable();
            parents.dedup();
            let depth = 1 + parents.iter().map(|&p| shape.depths[p]).max().unwrap_or(0);
            for (pos, _) in &step.fixed {
                fixed_by.insert(*pos, index);
                first_fixed_by.entry(*pos).or_insert(index);
            }
            shape.depends_on.push(parents);
            shape.depths.push(depth);
        }
        for (index, step) in steps.iter().enumerate() {
            for (pos, _) in &step.support {
                assert!(
                    first_fixed_by.get(pos).is_none_or(|&by| by < index),
                    "step {index} rests on a cell fixed later"
                );
            }
        }
        shape.depth = shape.depths.iter().copied().max().unwrap_or(0);
        let mut layer_sizes = vec![0; shape.depth + 1];
        for &depth in &shape.depths {
            layer_sizes[depth] += 1;
        }
        for (depth, &size) in layer_sizes.iter().enumerate() {
            if size > shape.widest_layer {
                (shape.widest_layer, shape.widest_layer_depth) = (size, depth);
            }
        }
        shape.hardest_step = (0..steps.len()).reduce(|best, i| {
            if steps[i].support.len() > steps[best].support.len() {
                i
            } else {
                best
            }
        });
        shape
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }

    fn step(fixed: &[Pos], support: &[Pos]) -> Step<bool> {
        Step {
            kind: StepKind::Line,
            lines: vec![LineId::Row(0)],
            fixed: fixed.iter().map(|&p| (p, true)).collect(),
            support: support.iter().map(|&p| (p, true)).collect(),
        }
    }

    #[test]
    fn depth_layers_and_hardest_step() {
        let steps = [
            step(&[at(0, 0)], &[]),
            step(&[at(0, 1)], &[]),
            step(&[at(1, 0)], &[at(0, 0)]),
            step(&[at(1, 1)], &[at(1, 0), at(0, 1), at(5, 5)]),
        ];
        let shape = PathShape::of(&steps);
        assert_eq!(shape.depths, vec![1, 1, 2, 3]);
        assert_eq!(shape.depends_on[3], vec![1, 2]);
        assert_eq!(shape.depth, 3);
        assert_eq!((shape.widest_layer, shape.widest_layer_depth), (2, 1));
        assert_eq!(shape.hardest_step, Some(3));
    }

    #[test]
    fn no_steps_no_depth() {
        let shape = PathShape::of::<bool>(&[]);
        assert_eq!(
            (shape.depth, shape.widest_layer, shape.hardest_step),
            (0, 0, None)
        );
    }
}
