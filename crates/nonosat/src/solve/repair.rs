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
//! Edits: pictures that differ from the design in one cell (optionally two), nearest the ambiguous
//! cells first, each of which [`check`](fn@crate::solve::check) confirms has a unique puzzle. When
//! none is found and the ambiguous cells lie in separate regions, `regions` proposes one edit per
//! region, checked as a whole.
//!
//! Colour designs are repaired by the same code (written over `searcher::SolveKind`): a hint
//! gives a cell's colour (or the background), and an edit gives a cell another colour or the
//! background.

use std::time::{Duration, Instant};

pub use super::design::{Edit, FixError};

use super::check::run;
use super::regions;
use super::searcher::{SearchError, Searcher, SolveKind};
use crate::cnf::{ClauseSink, Counter, Encoding, Lit};
use crate::deadline::{Deadline, Limit};
use crate::model::{ColourMismatch, Grid, Mismatch, Pos};
use crate::sat::{Interrupt, SatBackend, Solver};
use crate::solve::{CheckError, Options, Report, Verdict};

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

/// What `fix` found for a design: `V` is a cell's value, `M` how a broken clue is described.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Repairs<V = bool, M = Mismatch> {
    /// The check of the design as it is, with its ambiguous cells.
    pub check: Report<V, M>,
    /// The fewest hints, when the design is not unique.
    pub hints: Option<Hints>,
    /// Edits that make the puzzle unique, fewest cells first, nearest the ambiguity first.
    pub edits: Vec<Edit<V>>,
    /// Whether the time limit stopped the search for edits before it had tried every candidate
    /// (or found as many as asked): with no edit found, "out of time" rather than "none".
    pub edits_cut_short: bool,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

/// What `fix` found for a colour design: cells are colour indices, 0 the background.
pub type ColourRepairs = Repairs<u8, ColourMismatch>;

/// [`fix`](super::fix) for any kind of puzzle: `puzzle` is the design's.
pub(super) fn repair<P: SolveKind>(
    puzzle: &P,
    design: &Grid<P::Value>,
    options: &FixOptions,
) -> Result<Repairs<P::Value, P::Mismatch>, FixError>
where
    CheckError: From<P::Mismatch>,
{
    let started = Instant::now();
    let check_options = Options::default()
        .with_ambiguous_cells(true)
        .with_deadline(options.deadline);
    let check = run(puzzle, &check_options, true, &|_| {})?;
    let mut repairs = Repairs {
        hints: None,
        edits: Vec::new(),
        edits_cut_short: false,
        elapsed: Duration::ZERO,
        check,
    };
    if repairs.check.verdict == Verdict::Multiple && repairs.check.ambiguous_complete {
        let ambiguous = repairs.check.ambiguous.clone().unwrap_or_default();
        let mut alternatives = repairs.check.solutions[1..].to_vec();
        let hints = fewest_hints(
            puzzle,
            design,
            &ambiguous,
            &mut alternatives,
            options.deadline,
        )?;
        repairs.hints = Some(hints);
        (repairs.edits, repairs.edits_cut_short) =
            edits(puzzle, design, &ambiguous, &alternatives, options)?;
        if repairs.edits.is_empty() {
            repairs.edits.extend(regions::combined_edit(
                puzzle,
                design,
                &ambiguous,
                options.deadline,
            )?);
        }
    }
    repairs.elapsed = started.elapsed();
    Ok(repairs)
}

/// [`hints_settle`](super::hints_settle) for any kind of puzzle: `puzzle` is the design's.
pub(super) fn settle<P: SolveKind>(
    puzzle: &P,
    design: &Grid<P::Value>,
    hints: &[Pos],
    deadline: Option<Deadline>,
) -> Result<Option<bool>, FixError>
where
    CheckError: From<P::Mismatch>,
{
    let mut search = design_search(puzzle, deadline)?;
    search.block(design);
    let found = other_solution(&mut search, design, hints)?;
    Ok(found.map(|other| other.is_none()))
}

/// The formula of the design's `puzzle` after line propagation, in a solver that stops at
/// `deadline`: the search the hints and their check run on.
fn design_search<P: SolveKind>(
    puzzle: &P,
    deadline: Option<Deadline>,
) -> Result<P::Search<'_>, CheckError> {
    let backend = SatBackend::for_cells(puzzle.width() * puzzle.height());
    let interrupt = Interrupt::at(deadline);
    Ok(puzzle.sat_search(puzzle.propagated().known, interrupt, backend)?)
}

/// The largest hint count the counter proves minimal; beyond it the hints are the best found.
const MAX_PROVED_HINTS: usize = 64;

/// The implicit-hitting-set loop (see the module documentation), for half of the time left before
/// `deadline` at most; then the last hitting set is completed greedily until `deadline`.
fn fewest_hints<P: SolveKind>(
    puzzle: &P,
    design: &Grid<P::Value>,
    ambiguous: &[Pos],
    alternatives: &mut Vec<Grid<P::Value>>,
    deadline: Option<Deadline>,
) -> Result<Hints, CheckError>
where
    CheckError: From<P::Mismatch>,
{
    let exact_until = deadline.map(|deadline| deadline.share(0.5));
    let mut search = design_search(puzzle, deadline)?;
    search.block(design);
    // In the hitting-set formula, the variable of a cell means "the cell is a hint".
    let mut hitting = Solver::new(exact_until);
    let mut numbering = Encoding::cells_only(design.width(), design.height());
    let chosen: Vec<Lit> = ambiguous
        .iter()
        .map(|&pos| numbering.cell_var(pos).positive())
        .collect();
    let most = ambiguous.len().min(MAX_PROVED_HINTS);
    let counter = Counter::new(&chosen, most, &mut numbering, &mut hitting);
    let must_hit = |hitting: &mut Solver<Option<Deadline>>, alternative: &Grid<P::Value>| {
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
fn other_solution<S>(
    search: &mut S,
    design: &Grid<S::Value>,
    hints: &[Pos],
) -> Result<Option<Option<Grid<S::Value>>>, CheckError>
where
    S: Searcher<Limit = Option<Deadline>>,
    CheckError: From<S::Mismatch>,
{
    let agree: Vec<Lit> = hints
        .iter()
        .map(|&pos| search.cell_is(pos, design[pos]))
        .collect();
    let found = search.solve_assuming(&agree).map_err(SearchError::from);
    let found = found.and_then(|model| model.map(|model| search.verified(&model)).transpose());
    match found {
        Ok(alternative) => Ok(Some(alternative)),
        Err(SearchError::Stopped(_)) => Ok(None),
        Err(SearchError::Unverified(mismatch)) => Err(mismatch.into()),
    }
}

/// The pictures one cell (then, if asked, two cells) away from `design`, nearest the ambiguous
/// cells first: each changed cell takes each value other than the design's, in the order of
/// `SolveKind::values`.
fn candidates<P: SolveKind>(
    puzzle: &P,
    design: &Grid<P::Value>,
    ambiguous: &[Pos],
    pairs: bool,
) -> impl Iterator<Item = Vec<(Pos, P::Value)>> {
    let values = puzzle.values();
    let others = move |pos: Pos| -> Vec<(Pos, P::Value)> {
        values
            .iter()
            .filter(|&&value| value != design[pos])
            .map(|&value| (pos, value))
            .collect()
    };
    let nearest = regions::nearest_first(design, ambiguous);
    let near: Vec<Pos> = nearest[..nearest.len().min(PAIR_CANDIDATES)].to_vec();
    let singles: Vec<Vec<(Pos, P::Value)>> = nearest
        .iter()
        .flat_map(|&pos| others(pos))
        .map(|change| vec![change])
        .collect();
    let mut two = Vec::new();
    if pairs {
        for (i, &a) in near.iter().enumerate() {
            for &b in &near[i + 1..] {
                for first in others(a) {
                    two.extend(others(b).into_iter().map(|second| vec![first, second]));
                }
            }
        }
    }
    singles.into_iter().chain(two)
}

/// The edits found, and whether the deadline stopped their search.
type EditsFound<V> = (Vec<Edit<V>>, bool);

/// Pictures one cell (then, if asked, two cells) away from `design` whose puzzles are unique,
/// trying the cells nearest the ambiguous ones first, until `options.edits` are found or the
/// deadline passes; and whether the deadline stopped the search.
///
/// A quick test rules out most edits before any SAT call: an alternative solution of the design
/// with the same cells changed to the same values, if it still differs from the changed picture
/// and meets its clues, shows that the changed puzzle is not unique either.
fn edits<P: SolveKind>(
    puzzle: &P,
    design: &Grid<P::Value>,
    ambiguous: &[Pos],
    alternatives: &[Grid<P::Value>],
    options: &FixOptions,
) -> Result<EditsFound<P::Value>, CheckError>
where
    CheckError: From<P::Mismatch>,
{
    let mut found: Vec<Edit<P::Value>> = Vec::new();
    for changes in candidates(puzzle, design, ambiguous, options.pairs) {
        if found.len() >= options.edits {
            break;
        }
        if options.deadline.check().is_err() {
            return Ok((found, true));
        }
        if changes.len() == 2 && found.iter().any(|edit| edit.flipped.len() == 1) {
            break; // a single cell already does it: pairs change the design more
        }
        let change = |grid: &Grid<P::Value>| {
            let mut changed = grid.clone();
            for &(pos, value) in &changes {
                changed[pos] = value;
            }
            changed
        };
        let picture = change(design);
        let Ok(changed_puzzle) = puzzle.of_picture(&picture) else {
            continue;
        };
        let still_ambiguous = alternatives.iter().any(|alternative| {
            let changed = change(alternative);
            changed != picture && changed_puzzle.check(&changed).is_ok()
        });
        if still_ambiguous {
            continue;
        }
        let check_options = Options::default().with_deadline(options.deadline);
        match run(&changed_puzzle, &check_options, true, &|_| {})?.verdict {
            Verdict::Unique => {
                let mut flipped: Vec<Pos> = changes.iter().map(|&(pos, _)| pos).collect();
                flipped.sort();
                found.push(Edit { flipped, picture });
            }
            Verdict::Timeout => return Ok((found, true)),
            _ => {}
        }
    }
    Ok((found, false))
}

/// Two-cell edits pair up this many cells nearest the ambiguity.
const PAIR_CANDIDATES: usize = 40;
