//! "At most k of these literals are true", as a sequential counter (Sinz 2005) read through
//! assumptions, so that one formula answers every bound up to its largest.

use super::{ClauseSink, ColourEncoding, Encoding, Lit, Var};

/// An encoding that numbers fresh auxiliary variables after its own.
pub trait FreshVars {
    /// Number of variables used so far, cells and auxiliaries.
    fn vars(&self) -> u32;

    /// That number, to raise past variables numbered by hand.
    fn vars_mut(&mut self) -> &mut u32;

    /// A fresh variable, numbered after every variable used so far.
    fn new_var(&mut self) -> Var {
        let vars = self.vars_mut();
        *vars += 1;
        Var(*vars)
    }
}

impl FreshVars for Encoding {
    fn vars(&self) -> u32 {
        self.vars
    }
    fn vars_mut(&mut self) -> &mut u32 {
        &mut self.vars
    }
}

impl FreshVars for ColourEncoding {
    fn vars(&self) -> u32 {
        self.vars
    }
    fn vars_mut(&mut self) -> &mut u32 {
        &mut self.vars
    }
}

/// Counts how many of a list of literals are true, up to a largest bound.
pub struct Counter {
    /// `at_least[j]` is forced true when at least `j + 1` of the literals are true.
    at_least: Vec<Lit>,
}

impl Counter {
    /// Adds the counter's clauses over `lits`, counting up to `most + 1`, its variables numbered
    /// after those of `encoding`.
    ///
    /// The clauses only force outputs up; alone they constrain nothing. Assuming
    /// [`Counter::at_most`] makes them bind.
    pub fn new(
        lits: &[Lit],
        most: usize,
        encoding: &mut impl FreshVars,
        sink: &mut impl ClauseSink,
    ) -> Self {
        let width = most + 1;
        let mut previous: Vec<Lit> = Vec::new();
        for (i, &lit) in lits.iter().enumerate() {
            let current: Vec<Lit> = (0..width.min(i + 1))
                .map(|_| encoding.new_var().positive())
                .collect();
            for (j, &count) in current.iter().enumerate() {
                match j.checked_sub(1) {
                    None => sink.add_clause(&[!lit, count]),
                    Some(below) => sink.add_clause(&[!lit, !previous[below], count]),
                }
                if let Some(&before) = previous.get(j) {
                    sink.add_clause(&[!before, count]);
                }
            }
            previous = current;
        }
        Counter { at_least: previous }
    }

    /// The assumption "at most `k` of the literals are true", or `None` when `k` is beyond the
    /// counter's range (or covers every literal) and so constrains nothing.
    pub fn at_most(&self, k: usize) -> Option<Lit> {
        self.at_least.get(k).map(|&lit| !lit)
    }
}
