//! The kinds of puzzle the library's entry points take ([`Solvable`]: black and white, colour),
//! and those entry points, each written once for both: [`check`], [`check_verdict_first`],
//! [`solve`], and the repairs of a design, [`fix`] and [`hints_settle`].

use super::check::{CheckError, Options, Report, VerdictKnown, run};
use super::design::FixError;
use super::repair::{FixOptions, Repairs, repair, settle};
use super::searcher::SolveKind;
use crate::deadline::Deadline;
use crate::logic::kind::Kind;
use crate::model::{Grid, Pos};

/// The report of a check of a puzzle of kind `P`: solutions as grids of `P`'s values (`bool`,
/// black; or colour indices, 0 the background).
pub type ReportOf<P> = Report<<P as Kind>::Value, <P as Kind>::Mismatch>;

/// The repairs of a design of kind `P`.
pub type RepairsOf<P> = Repairs<<P as Kind>::Value, <P as Kind>::Mismatch>;

/// A kind of puzzle that [`check`], [`check_verdict_first`], [`solve`], [`fix`] and
/// [`hints_settle`] take: black and white ([`Puzzle`](crate::Puzzle), its solutions grids of
/// `bool`, black) or colour ([`ColourPuzzle`](crate::model::ColourPuzzle), grids of colour
/// indices, 0 the background). Sealed: the kinds are the library's own, each a `SolveKind` of
/// the one driver.
pub trait Solvable: Kind + Sync + sealed::Sealed {
    /// The one driver on this puzzle (what [`check_verdict_first`] and [`solve`] call).
    #[doc(hidden)]
    fn run_check(
        &self,
        options: &Options,
        prove_unique: bool,
        verdict_known: VerdictKnown<Self::Value, Self::Mismatch>,
    ) -> Result<ReportOf<Self>, CheckError>;

    /// The repairs of `design`, a picture of this kind (what [`fix`] calls).
    #[doc(hidden)]
    fn run_fix(
        &self,
        design: &Grid<Self::Value>,
        options: &FixOptions,
    ) -> Result<RepairsOf<Self>, FixError>;

    /// Whether `hints` settle `design` (what [`hints_settle`] calls).
    #[doc(hidden)]
    fn run_settle(
        &self,
        design: &Grid<Self::Value>,
        hints: &[Pos],
        deadline: Option<Deadline>,
    ) -> Result<Option<bool>, FixError>;
}

/// The seal of [`Solvable`]: only the library's kinds have it.
mod sealed {
    /// Implemented by every `SolveKind`, and nothing else.
    pub trait Sealed {}
}

impl<P: SolveKind> sealed::Sealed for P {}

impl<P: SolveKind> Solvable for P
where
    CheckError: From<P::Mismatch>,
    FixError: From<P::PictureError>,
{
    fn run_check(
        &self,
        options: &Options,
        prove_unique: bool,
        verdict_known: VerdictKnown<P::Value, P::Mismatch>,
    ) -> Result<ReportOf<P>, CheckError> {
        run(self, options, prove_unique, verdict_known)
    }

    fn run_fix(
        &self,
        design: &Grid<P::Value>,
        options: &FixOptions,
    ) -> Result<RepairsOf<P>, FixError> {
        repair(&self.of_picture(design)?, design, options)
    }

    fn run_settle(
        &self,
        design: &Grid<P::Value>,
        hints: &[Pos],
        deadline: Option<Deadline>,
    ) -> Result<Option<bool>, FixError> {
        settle(&self.of_picture(design)?, design, hints, deadline)
    }
}

/// Decides whether `puzzle` has no solution, exactly one, or several, and finds up to two; a
/// black-and-white [`Puzzle`](crate::Puzzle) or a [`ColourPuzzle`](crate::model::ColourPuzzle) alike.
///
/// When the puzzle carries a goal that satisfies the clues, the goal is the first solution and the
/// search asks only for a different one, near the goal first. The second solution shown is then
/// the one a search near the goal finds: in a race, when the racer that does not look near the
/// goal wins, the other's search is made to show its answer.
///
/// ```
/// use nonosat::{Clue, Puzzle, solve::{check, Options, Verdict}};
///
/// let clues = |lists: &[&[usize]]| lists.iter().map(|b| Clue::new(b.to_vec())).collect();
/// // Rows "2" and "1 1", columns "1" four times: one solution, which line logic cannot find.
/// let puzzle = Puzzle::new(clues(&[&[2], &[1, 1]]), clues(&[&[1], &[1], &[1], &[1]])).unwrap();
/// let report = check(&puzzle, &Options::default()).unwrap();
/// assert_eq!(report.verdict, Verdict::Unique);
/// assert!(!report.line_solvable);
/// assert_eq!(report.solutions[0].row_strings(), [".##.", "#..#"]);
/// ```
///
/// A colour puzzle, its solutions grids of colour indices:
///
/// ```
/// use nonosat::model::{Colour, ColourPuzzle, Grid, Palette};
/// use nonosat::solve::{Options, Verdict, check};
///
/// let palette = Palette::new(
///     Colour::new("white", [255; 3]),
///     vec![Colour::new("red", [204, 51, 51]), Colour::new("blue", [51, 51, 204])],
/// )
/// .unwrap();
/// let picture = Grid::from_rows(vec![vec![1, 2], vec![0, 1]]).unwrap();
/// let puzzle = ColourPuzzle::from_picture(&picture, palette).unwrap();
/// let report = check(&puzzle, &Options::default()).unwrap();
/// assert_eq!(report.verdict, Verdict::Unique);
/// assert_eq!(report.solutions, [picture]);
/// ```
pub fn check<P: Solvable>(puzzle: &P, options: &Options) -> Result<ReportOf<P>, CheckError> {
    puzzle.run_check(options, true, &|_| {})
}

/// [`check`], calling `verdict_known` with the report so far as soon as the verdict is settled,
/// before the search for more solutions and the ambiguous cells that `options` ask for: a caller
/// can show the verdict while the detail is still being searched. It is not called when the check
/// times out before a verdict.
///
/// The verdict may use the whole time limit; the detail gets what is left of it.
pub fn check_verdict_first<P: Solvable>(
    puzzle: &P,
    options: &Options,
    verdict_known: VerdictKnown<P::Value, P::Mismatch>,
) -> Result<ReportOf<P>, CheckError> {
    puzzle.run_check(options, true, verdict_known)
}

/// Finds one solution of `puzzle`, without asking whether there are others.
pub fn solve<P: Solvable>(puzzle: &P, options: &Options) -> Result<ReportOf<P>, CheckError> {
    puzzle.run_check(options, false, &|_| {})
}

/// Proposes repairs for `design`, a picture whose clues may admit other solutions, of the kind of
/// `puzzle` (a colour design in `puzzle`'s colour table); the repairs rest on the picture's own
/// clues, whatever `puzzle`'s are.
///
/// The check of the design may use the whole deadline; of what is left, the hints get half at
/// most, and the edits the rest. Repairs rest on every ambiguous cell: when the check finds them
/// only in part, none are proposed. A hint gives a cell its value (in colour, its colour or the
/// background), and an edit gives a cell (or two) another value.
///
/// ```
/// use nonosat::model::{Colour, ColourPuzzle, Grid, Palette};
/// use nonosat::solve::fix;
/// use nonosat::solve::repair::FixOptions;
///
/// let palette = Palette::new(
///     Colour::new("white", [255; 3]),
///     vec![Colour::new("red", [204, 51, 51]), Colour::new("blue", [51, 51, 204])],
/// )
/// .unwrap();
/// // A red diagonal: its clues also fit the other diagonal.
/// let design = Grid::from_rows(vec![vec![1, 0], vec![0, 1]]).unwrap();
/// let puzzle = ColourPuzzle::from_picture(&design, palette).unwrap();
/// let repairs = fix(&puzzle, &design, &FixOptions::default()).unwrap();
/// assert_eq!(repairs.hints.unwrap().cells.len(), 1);
/// assert!(!repairs.edits.is_empty());
/// ```
pub fn fix<P: Solvable>(
    puzzle: &P,
    design: &Grid<P::Value>,
    options: &FixOptions,
) -> Result<RepairsOf<P>, FixError> {
    puzzle.run_fix(design, options)
}

/// Whether `hints`, cells of `design` (a picture of the kind of `puzzle`) given away, leave
/// `design` the only solution of its clues: `Some(true)` when a solve proves no other solution
/// agrees with them all, `Some(false)` when one does, `None` when `deadline` passed first.
/// `fix --apply hints` re-checks its hints with it.
pub fn hints_settle<P: Solvable>(
    puzzle: &P,
    design: &Grid<P::Value>,
    hints: &[Pos],
    deadline: Option<Deadline>,
) -> Result<Option<bool>, FixError> {
    puzzle.run_settle(design, hints, deadline)
}
