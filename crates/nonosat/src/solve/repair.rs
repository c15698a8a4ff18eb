//! Repairs for a design whose clues admit other solutions: the fewest cells to give away as
//! hints, and pixel edits of the picture that make the puzzle unique.
//!
//! Hints: every other solution must disagree with the design on at least one hint, so a hint set
//! is a hitting set of the alternatives' differing cells. The smallest is found by an
//! implicit-hitting-set loop: solve the hitting set exactly over the alternatives found so far
//! (a SAT formula over the ambiguous cells with a sequential counter, tightened from below), then
//! ask for a solution that agrees with the design on every hint and differs from it elsewhere;
//! none means the hints suffice, and since each bound was refuted over a subset of the
//! alternatives, the set is minimal. Otherwise the new solution joins the alternatives. When the
//! budget runs out first, the hints are completed greedily and marked "best found".
//!
//! Edits: pictures that differ from the design in one cell (optionally two), nearest the
//! ambiguous cells first, each of which [`solve::check`] confirms has a unique puzzle. When none
//! is found and the ambiguous cells lie in separate regions, `regions` proposes one edit per
//! region, checked as a whole.

use std::time::{Duration, Instant};

use super::regions;
use super::search::{Search, SearchError};
use crate::cnf::{ClauseSink, Counter, Encoding, Lit};
use crate::deadline::{Deadline, Limit};
use crate::model::{Grid, Pos, Puzzle, PuzzleError};
use crate::sat::{SatBackend, Solver};
use crate::solve::{self, CheckError, Options, Report, Verdict};

/// How hard to look: `FixOptions::default()`, then the `with_` methods.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FixOptions {
    /// When to stop the whole search (none: run to the end): the check of the design may take
    /// all of it, and of what it leaves, half at most goes to the fewest hints.
    pub deadline: Option<Deadline>,
    /// The most edits to propose.
    pub edits: usize,
    /// Also try edits of two cells when single cells do not give `edits` proposals.
    pub pairs: bool,
}

impl Default for FixOptions {
    /// No time limit, five edits, single cells only.
    fn default() -> Self {
        FixOptions {
            deadline: None,
            edits: 5,
            pairs: false,
        }
    }
}

impl FixOptions {
    /// These options stopping at `deadline` (none: run to the end).
    pub fn with_deadline(mut self, deadline: Option<Deadline>) -> Self {
        self.deadline = deadline;
        self
    }

    /// These options proposing at most `edits` edits.
    pub fn with_edits(mut self, edits: usize) -> Self {
        self.edits = edits;
        self
    }

    /// These options also trying edits of two cells, or not.
    pub fn with_pairs(mut self, pairs: bool) -> Self {
        self.pairs = pairs;
        self
    }
}

/// Cells to give away as starting hints, with the colour the design has there.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Hints {
    /// The hint cells, row by row.
    pub cells: Vec<Pos>,
    /// Whether no smaller set of hints makes the puzzle unique (the search finished in its
    /// budget); otherwise the set is the best found.
    pub proved_minimal: bool,
    /// Whether the hints were proved to make the puzzle unique; false when the time limit came
    /// first, and the set is then only a start.
    pub sufficient: bool,
    /// Other solutions the search met.
    pub alternatives: usize,
}

/// A changed picture whose puzzle is unique.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Edit {
    /// The cells whose colour changes, row by row.
    pub flipped: Vec<Pos>,
    /// The changed picture.
    pub picture: Grid<bool>,
}

/// What `fix` found for a design.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Repairs {
    /// The check of the design as it is, with its ambiguous cells.
    pub check: Report,
    /// The fewest hints, when the design is not unique.
    pub hints: Option<Hints>,
    /// Edits that make the puzzle unique, fewest cells first, nearest the ambiguity first.
    pub edits: Vec<Edit>,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

/// Why a design could not be examined.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FixError {
    /// The picture cannot make a puzzle (too large, or empty).
    #[error(transparent)]
    Design(PuzzleError),
    /// A check failed.
    #[error(transparent)]
    Check(#[from] CheckError),
}

/// Proposes repairs for `design`, a picture whose clues may admit other solutions.
///
/// The check of the design may use the whole deadline; of what is left, the hints get half at
/// most, and the edits the rest. Repairs rest on every ambiguous cell: when the check finds them
/// only in part, none are proposed.
pub fn fix(design: &Grid<bool>, options: &FixOptions) -> Result<Repairs, FixError> {
    let started = Instant::now();
    let puzzle = Puzzle::from_picture(design).map_err(FixError::Design)?;
    let check_options = Options::default()
        .with_ambiguous_cells(true)
        .with_deadline(options.deadline);
    let check = solve::check(&puzzle, &check_options)?;
    let mut repairs = Repairs {
        hints: None,
        edits: Vec::new(),
        elapsed: Duration::ZERO,
        check,
    };
    if repairs.check.verdict == Verdict::Multiple && repairs.check.ambiguous_complete {
        let ambiguous = repairs.check.ambiguous.clone().unwrap_or_default();
        let mut alternatives = repairs.check.solutions[1..].to_vec();
        let hints = fewest_hints(
            &puzzle,
            design,
            &ambiguous,
            &mut alternatives,
            options.deadline,
        )?;
        repairs.hints = Some(hints);
        repairs.edits = edits(design, &ambiguous, &alternatives, options)?;
        if repairs.edits.is_empty() {
            repairs.edits.extend(regions::combined_edit(
                design,
                &ambiguous,
                options.deadline,
            )?);
        }
    }
    repairs.elapsed = started.elapsed();
    Ok(repairs)
}

/// Whether `hints`, cells of `design` given away, leave `design` the only solution of its clues:
/// `Some(true)` when a solve proves no other solution agrees with them all, `Some(false)` when one
/// does, `None` when `deadline` passed first. `fix --apply hints` re-checks its hints with it.
pub fn hints_settle(
    design: &Grid<bool>,
    hints: &[Pos],
    deadline: Option<Deadline>,
) -> Result<Option<bool>, FixError> {
    let puzzle = Puzzle::from_picture(design).map_err(FixError::Design)?;
    let backend = SatBackend::for_cells(puzzle.cell_count());
    let mut search = Search::propagated(&puzzle, deadline, backend).map_err(CheckError::from)?;
    search.block(design);
    let found = other_solution(&mut search, design, hints)?;
    Ok(found.map(|other| other.is_none()))
}

/// The largest hint count the counter proves minimal; beyond it the hints are the best found.
const MAX_PROVED_HINTS: usize = 64;

/// The implicit-hitting-set loop (see the module documentation), for half of the time left before
/// `deadline` at most; then the last hitting set is completed greedily until `deadline`.
fn fewest_hints(
    puzzle: &Puzzle,
    design: &Grid<bool>,
    ambiguous: &[Pos],
    alternatives: &mut Vec<Grid<bool>>,
    deadline: Option<Deadline>,
) -> Result<Hints, CheckError> {
    let exact_until = deadline.map(|deadline| deadline.share(0.5));
    let mut search =
        Search::propagated(puzzle, deadline, SatBackend::for_cells(puzzle.cell_count()))?;
    search.block(design);
    // In the hitting-set formula, the variable of a cell means "the cell is a hint".
    let mut hitting = Solver::new(exact_until);
    let mut numbering = Encoding::cells_only(puzzle);
    let chosen: Vec<Lit> = ambiguous
        .iter()
        .map(|&pos| numbering.cell_var(pos).positive())
        .collect();
    let most = ambiguous.len().min(MAX_PROVED_HINTS);
    let counter = Counter::new(&chosen, most, &mut numbering, &mut hitting);
    let must_hit = |hitting: &mut Solver<Option<Deadline>>, alternative: &Grid<bool>| {
        let differing: Vec<Lit> = ambiguous
            .iter()
            .zip(&chosen)
            .filter(|&(&pos, _)| alternative[pos] != design[pos])
            .map(|(_, &lit)| lit)
            .collect();
        hitting.add_clause(&differing);
    };
    for alternative in alternatives.iter() {
        must_hit(&mut hitting, alternative);
    }
    let mut bound = 1;
    let mut hints: Vec<Pos> = Vec::new();
    'exact: while exact_until.check().is_ok() {
        let (model, proved) = loop {
            let solved = match counter.at_most(bound) {
                Some(within) => hitting.solve_assuming(&[within]),
                None => hitting.solve(),
            };
            match solved {
                Ok(Some(model)) => break (model, counter.at_most(bound).is_some()),
                // Every alternative differs from the design on an ambiguous cell, so some hint
                // set hits them all: only a time-out ends the loop without one.
                Ok(None) if counter.at_most(bound).is_some() => bound += 1,
                Ok(None) | Err(_) => break 'exact,
            }
        };
        hints = ambiguous
            .iter()
            .zip(&chosen)
            .filter(|&(_, &lit)| model.value(lit.var()))
            .map(|(&pos, _)| pos)
            .collect();
        match other_solution(&mut search, design, &hints)? {
            Some(None) => {
                return Ok(Hints {
                    cells: hints,
                    proved_minimal: proved,
                    sufficient: true,
                    alternatives: alternatives.len(),
                });
            }
            Some(Some(alternative)) => {
                must_hit(&mut hitting, &alternative);
                alternatives.push(alternative);
            }
            None => break,
        }
    }
    // Out of time: complete the last hitting set greedily, one differing cell per alternative.
    let mut sufficient = false;
    while let Some(found) = other_solution(&mut search, design, &hints)? {
        let Some(alternative) = found else {
            sufficient = true;
            break;
        };
        let first_differing = ambiguous
            .iter()
            .find(|&&pos| alternative[pos] != design[pos])
            .expect("another solution differs on an ambiguous cell");
        hints.push(*first_differing);
        alternatives.push(alternative);
    }
    hints.sort();
    Ok(Hints {
        cells: hints,
        proved_minimal: false,
        sufficient,
        alternatives: alternatives.len(),
    })
}

/// A solution other than `design` (which the search has blocked) that agrees with it on every
/// hint (`Some(Some(..))`), proof that there is none (`Some(None)`), or `None` when the deadline
/// passed first.
fn other_solution(
    search: &mut Search<Option<Deadline>>,
    design: &Grid<bool>,
    hints: &[Pos],
) -> Result<Option<Option<Grid<bool>>>, CheckError> {
    let agree: Vec<Lit> = hints
        .iter()
        .map(|&pos| search.cell_is(pos, design[pos]))
        .collect();
    let found = search.solve_assuming(&agree).map_err(SearchError::from);
    let found = found.and_then(|model| {
        model
            .map(|model| search.verified_picture(&model))
            .transpose()
    });
    match found {
        Ok(alternative) => Ok(Some(alternative)),
        Err(SearchError::Stopped(_)) => Ok(None),
        Err(SearchError::Unverified(mismatch)) => Err(CheckError::Unverified(mismatch)),
    }
}

/// Pictures one cell (then, if asked, two cells) away from `design` whose puzzles are unique,
/// trying the cells nearest the ambiguous ones first, until `options.edits` are found or the
/// deadline passes.
///
/// A quick test rules out most edits before any SAT call: an alternative solution of the design
/// with the same cells changed is a different picture, and if it meets the changed clues, the
/// changed puzzle is not unique either.
fn edits(
    design: &Grid<bool>,
    ambiguous: &[Pos],
    alternatives: &[Grid<bool>],
    options: &FixOptions,
) -> Result<Vec<Edit>, CheckError> {
    let nearest = regions::nearest_first(design, ambiguous);
    let singles = nearest.iter().map(|&pos| vec![pos]);
    let near = &nearest[..nearest.len().min(PAIR_CANDIDATES)];
    let pairs = near
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| near[i + 1..].iter().map(move |&b| vec![a, b]))
        .filter(|_| options.pairs);
    let mut found = Vec::new();
    for flipped in singles.chain(pairs) {
        if found.len() >= options.edits || options.deadline.check().is_err() {
            break;
        }
        if flipped.len() == 2 && found.iter().any(|edit: &Edit| edit.flipped.len() == 1) {
            break; // a single cell already does it: pairs change the design more
        }
        let mut picture = design.clone();
        for &pos in &flipped {
            picture[pos] = !picture[pos];
        }
        let Ok(puzzle) = Puzzle::from_picture(&picture) else {
            continue;
        };
        let still_ambiguous = alternatives.iter().any(|alternative| {
            let mut changed = alternative.clone();
            for &pos in &flipped {
                changed[pos] = !changed[pos];
            }
            puzzle.check(&changed).is_ok()
        });
        if still_ambiguous {
            continue;
        }
        let options = Options::default().with_deadline(options.deadline);
        if solve::check(&puzzle, &options)?.verdict == Verdict::Unique {
            let mut flipped = flipped;
            flipped.sort();
            found.push(Edit { flipped, picture });
        }
    }
    Ok(found)
}

/// Two-cell edits pair up this many cells nearest the ambiguity.
const PAIR_CANDIDATES: usize = 40;
