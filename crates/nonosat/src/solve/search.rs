//! A puzzle's formula in a SAT solver, and the searches over it: first solution, another solution
//! (nearby first when there is a goal: [`Searcher`]), enumeration; every model is verified before
//! it is returned.

use super::neighbourhood::Neighbourhood;
use super::searcher::{CappedSolve, Found, Propagated, SearchError, Searcher, SolveKind};
use crate::cnf::{self, ClauseSink, Counter, Encodable, Encoding, Lean, Lit, TooLarge};
use crate::deadline::{Deadline, Limit};
use crate::logic::belief::{black_beliefs, likelier_colour};
use crate::logic::bits::QuickLineSolver;
use crate::logic::count::propagate_with_counts;
use crate::logic::propagate;
use crate::model::{Cell, Grid, Mismatch, Pos, Puzzle, PuzzleError};
use crate::sat::{Interrupt, Model, SatBackend, Solver};

impl SolveKind for Puzzle {
    type Search<'a> = Search<'a, Option<Deadline>>;
    type PictureError = PuzzleError;

    fn of_picture(&self, picture: &Grid<bool>) -> Result<Self, PuzzleError> {
        Puzzle::from_picture(picture)
    }

    fn values(&self) -> Vec<bool> {
        vec![false, true]
    }

    fn propagated(&self) -> Propagated<Cell> {
        propagated(self)
    }

    fn sat_search(
        &self,
        known: Grid<Cell>,
        interrupt: Interrupt,
        backend: SatBackend,
    ) -> Result<Search<'_, Option<Deadline>>, TooLarge> {
        Search::stoppable(self, known, interrupt, backend)
    }

    const TAKES_TURNS: bool = true;

    fn lean_search(
        &self,
        known: Grid<Cell>,
        interrupt: Interrupt,
        backend: SatBackend,
    ) -> Option<Result<Search<'_, Option<Deadline>>, TooLarge>> {
        Some(Search::stoppable_lean(self, known, interrupt, backend))
    }

    fn lines_search(
        &self,
        known: Grid<Cell>,
        interrupt: Interrupt,
        order: u32,
    ) -> Option<Search<'_, Option<Deadline>>> {
        Search::stoppable_with_lines(self, known, interrupt, order)
    }

    fn neighbourhood_search(
        &self,
        known: Grid<Cell>,
        interrupt: Interrupt,
        order: u32,
    ) -> Option<Search<'_, Option<Deadline>>> {
        Search::stoppable_near(self, known, interrupt, order)
    }

    fn first_solutions<'a>(
        search: &mut Search<'a, Option<Deadline>>,
        prove_unique: bool,
        found: &mut Vec<Grid<bool>>,
    ) -> Found<(), Self::Search<'a>>
    where
        Self: 'a,
    {
        search.find_solutions(prove_unique, found)
    }
}

/// Propagates a blank grid of `puzzle`: line logic, then counting across lines
/// ([`propagate_with_counts`]) if cells are still open.
pub(crate) fn propagated(puzzle: &Puzzle) -> Propagated<Cell> {
    let blank = || Grid::filled(puzzle.width(), puzzle.height(), Cell::Unknown);
    let mut known = blank();
    let mut solver = QuickLineSolver::new();
    if let Err(stuck) = propagate(puzzle, &mut known, &mut solver) {
        return Propagated {
            known: blank(),
            by_lines: 0,
            by_counting: 0,
            consistent: false,
            refuted_line: Some(stuck.line),
        };
    }
    let by_lines = known.known_count();
    let by_counting = propagate_with_counts(puzzle, &mut known, &mut solver).unwrap_or_else(|_| {
        known = blank();
        0
    });
    Propagated {
        known,
        by_lines,
        by_counting,
        consistent: true,
        refuted_line: None,
    }
}

/// What a search under the limit `L` returns.
pub(crate) type Searched<T, L> = Result<T, SearchError<<L as Limit>::Exceeded>>;

impl<'a> Search<'a, Option<Deadline>> {
    /// The formula of `puzzle`, given the cells `known`, in a solver of `backend` that gives up
    /// when `interrupt` says so (its solves then answer [`TimedOut`](crate::deadline::TimedOut)).
    pub(crate) fn stoppable(
        puzzle: &'a Puzzle,
        known: Grid<Cell>,
        interrupt: Interrupt,
        backend: SatBackend,
    ) -> Result<Self, TooLarge> {
        Search::stoppable_in(puzzle, puzzle, known, interrupt, backend)
    }

    /// Like [`Search::stoppable`], over the lean form of the formula ([`Lean`]): the same models,
    /// weaker unit propagation, and on random puzzles a search several times faster.
    ///
    /// It is not guided by belief propagation: preferred phases bind CaDiCaL's every decision for
    /// the whole solve, over the phases it keeps itself (the saved ones, and the target ones its
    /// stable mode steers by), and over this formula its own phases find solutions sooner
    /// (docs/performance.md).
    pub(crate) fn stoppable_lean(
        puzzle: &'a Puzzle,
        known: Grid<Cell>,
        interrupt: Interrupt,
        backend: SatBackend,
    ) -> Result<Self, TooLarge> {
        let search = Search::stoppable_in(puzzle, &Lean(puzzle), known, interrupt, backend)?;
        Ok(Search {
            guided: false,
            ..search
        })
    }

    /// The formula of `puzzle` in the form `form` (the puzzle itself, or its [`Lean`] form).
    fn stoppable_in(
        puzzle: &'a Puzzle,
        form: &impl Encodable<Known = Cell, Encoding = Encoding>,
        known: Grid<Cell>,
        interrupt: Interrupt,
        backend: SatBackend,
    ) -> Result<Self, TooLarge> {
        let mut solver = Solver::stoppable(interrupt, backend);
        let encoding = cnf::encode(form, &known, &mut solver)?;
        Ok(Search {
            puzzle,
            solver,
            encoding,
            known,
            guided: backend.takes_preferences(),
            near: None,
        })
    }

    /// Like [`Search::stoppable`], on CaDiCaL solving the puzzle's lines inside its search
    /// ([`Solver::stoppable_with_lines`]) over a formula of the known cells alone, giving up as
    /// `interrupt` says, branching in the order numbered `order`; `None` where that solver cannot
    /// run (a build without CaDiCaL, a line of more than 128 cells).
    pub(crate) fn stoppable_with_lines(
        puzzle: &'a Puzzle,
        known: Grid<Cell>,
        interrupt: Interrupt,
        order: u32,
    ) -> Option<Self> {
        let mut solver = Solver::stoppable_with_lines(interrupt, puzzle, order)?;
        let encoding = cnf::encode_known_cells(puzzle, &known, &mut solver);
        Some(Search {
            puzzle,
            solver,
            encoding,
            known,
            guided: true,
            near: None,
        })
    }

    /// Like [`Search::stoppable_with_lines`], looking for its first solution near the picture
    /// belief propagation with reinforcement guesses ([`Neighbourhood`]), the beliefs' work
    /// counted as the search's own; the plain lines search where belief propagation gives nothing.
    pub(crate) fn stoppable_near(
        puzzle: &'a Puzzle,
        known: Grid<Cell>,
        interrupt: Interrupt,
        order: u32,
    ) -> Option<Self> {
        let guess_from = known.clone();
        let mut search = Search::stoppable_with_lines(puzzle, known, interrupt.clone(), order)?;
        search.near = Neighbourhood::of_search(puzzle, &guess_from, &mut search, &interrupt);
        Some(search)
    }
}

/// A puzzle's formula in a solver under the limit `L`, and the cells propagation left open.
pub(crate) struct Search<'a, L: Limit> {
    puzzle: &'a Puzzle,
    solver: Solver<L>,
    encoding: Encoding,
    known: Grid<Cell>,
    /// Whether a first solution is looked for guided by belief propagation: where the backend
    /// takes preferred phases, and the formula is not the lean form.
    guided: bool,
    /// Where a first solution is looked for first, if anywhere: assumptions that a refutation
    /// widens ([`Search::stoppable_near`]).
    near: Option<Neighbourhood>,
}

impl<'a, L: Limit> Search<'a, L> {
    /// Solves with every literal of `assumptions` true for this call only; a model, or `None`.
    pub(crate) fn solve_assuming(
        &mut self,
        assumptions: &[Lit],
    ) -> Result<Option<Model>, L::Exceeded> {
        self.solver.solve_assuming(assumptions)
    }

    /// Adds `clause` for good: every later solve must satisfy it.
    pub(crate) fn add_clause(&mut self, clause: &[Lit]) {
        self.solver.add_clause(clause);
    }

    /// Excludes `solution`, a solution of the puzzle, and nothing else from the models: "some
    /// open cell black in `solution` is white". Every solution takes the known cells' values
    /// (line logic proved them; they are unit clauses here), so another one differs from
    /// `solution` on open cells alone, and, with as many black cells in all, turns one of its
    /// open black cells white. This is [`Encoding::blocking_clause`] without the literals of
    /// known cells, which are false in every model; with no open cell it is empty, and the
    /// formula is refuted at once.
    pub(crate) fn block(&mut self, solution: &Grid<bool>) {
        let blocking: Vec<Lit> = self
            .open_cells()
            .into_iter()
            .filter(|&pos| solution[pos])
            .map(|pos| self.cell_is(pos, false))
            .collect();
        self.solver.add_clause(&blocking);
    }

    /// The cells the search started without a value for (neither line propagation nor probing
    /// fixed them), row by row.
    pub(crate) fn open_cells(&self) -> Vec<Pos> {
        self.known
            .positions()
            .filter(|&pos| self.known[pos] == Cell::Unknown)
            .collect()
    }

    /// The literal "the cell at `pos` has colour `black`".
    pub(crate) fn cell_is(&self, pos: Pos, black: bool) -> Lit {
        let lit = self.encoding.cell_var(pos).positive();
        if black { lit } else { !lit }
    }

    /// Finds a first solution and, if asked, a second one different from it.
    ///
    /// A search near a guess ([`Search::stoppable_near`]) solves under its neighbourhood's
    /// assumptions, widened after each refutation, until it finds a solution or refutes the puzzle
    /// with none assumed; a search stopped between turns goes on where it stopped. Otherwise, a
    /// backend that takes preferred phases tries each open cell first in the colour belief
    /// propagation finds likelier, for the first solution only, and not over the lean form
    /// ([`Search::stoppable_lean`]): on Wolter's Knotty that turns a time-out into seconds, while
    /// the refutations that follow (n-Dom's proofs) are slower with the phases kept
    /// (docs/performance.md).
    pub(crate) fn find_solutions(
        &mut self,
        prove_unique: bool,
        found: &mut Vec<Grid<bool>>,
    ) -> Searched<(), L> {
        let model = if let Some(near) = &mut self.near {
            near.solve(|assumptions| self.solver.solve_assuming(assumptions))?
        } else {
            let phases = self.likelier_colours();
            self.solver.prefer(&phases);
            let model = self.solver.solve()?;
            self.solver.forget_preferences();
            model
        };
        self.near = None;
        self.keep_first(model, prove_unique, found)
    }

    /// Per open cell on which the beliefs are not even, the literal of the colour belief
    /// propagation finds likelier; none when the backend would ignore them.
    fn likelier_colours(&self) -> Vec<Lit> {
        if !self.guided {
            return Vec::new();
        }
        let open = self.open_cells();
        if open.is_empty() {
            return Vec::new();
        }
        let stop = || self.solver.should_stop();
        let Some(beliefs) = black_beliefs(self.puzzle, &self.known, &stop) else {
            return Vec::new();
        };
        open.into_iter()
            .filter_map(|pos| likelier_colour(beliefs[pos]).map(|black| self.cell_is(pos, black)))
            .collect()
    }

    /// The formula's variables, cells and auxiliaries: the cells alone when the lines run inside
    /// the search, which needs no clauses of theirs.
    #[cfg(all(test, feature = "serde", feature = "cadical"))]
    pub(crate) fn variables(&self) -> u32 {
        crate::cnf::FreshVars::vars(&self.encoding)
    }

    /// A counter of how many of `lits` are true, up to `most + 1`, added to the formula.
    pub(crate) fn counter(&mut self, lits: &[Lit], most: usize) -> Counter {
        Counter::new(lits, most, &mut self.encoding, &mut self.solver)
    }

    /// The picture a model describes, once it has passed the independent check.
    pub(crate) fn verified_picture(&self, model: &Model) -> Searched<Grid<bool>, L> {
        verified_picture(self.puzzle, &self.encoding, model).map_err(SearchError::Unverified)
    }
}

/// The picture a model of `puzzle`'s `encoding` describes, once it has passed [`Puzzle::check`].
pub(crate) fn verified_picture(
    puzzle: &Puzzle,
    encoding: &Encoding,
    model: &Model,
) -> Result<Grid<bool>, Mismatch> {
    let mut picture = Grid::filled(puzzle.width(), puzzle.height(), false);
    for pos in picture.positions() {
        picture[pos] = model.value(encoding.cell_var(pos));
    }
    puzzle.check(&picture)?;
    Ok(picture)
}

impl<L: Limit> Searcher for Search<'_, L> {
    type Value = bool;
    type Mismatch = Mismatch;
    type Limit = L;

    fn open_cells(&self) -> Vec<Pos> {
        Search::open_cells(self)
    }

    fn cell_is(&self, pos: Pos, black: bool) -> Lit {
        Search::cell_is(self, pos, black)
    }

    fn solve_assuming(&mut self, assumptions: &[Lit]) -> Result<Option<Model>, L::Exceeded> {
        Search::solve_assuming(self, assumptions)
    }

    fn solve_capped(&mut self, assumptions: &[Lit], conflicts: u32) -> CappedSolve<Self> {
        self.solver.solve_capped(assumptions, conflicts)
    }

    fn should_stop(&self) -> bool {
        self.solver.should_stop()
    }

    fn count_work(&mut self, units: u64) {
        self.solver.count_work(units);
    }

    fn add_clause(&mut self, clause: &[Lit]) {
        Search::add_clause(self, clause);
    }

    fn block(&mut self, solution: &Grid<bool>) {
        Search::block(self, solution);
    }

    fn counter(&mut self, lits: &[Lit], most: usize) -> Counter {
        Search::counter(self, lits, most)
    }

    fn verified(&self, model: &Model) -> Found<Grid<bool>, Self> {
        self.verified_picture(model)
    }
}

#[cfg(test)]
mod tests {
    use crate::cnf::{Lean, encode};
    use crate::logic::bits::QuickLineSolver;
    use crate::logic::propagate;
    use crate::model::{Cell, Grid};
    use crate::sat::{Solver, assert_finds_exactly_brute_force};
    use crate::testing::{Rng, random_puzzle};

    /// A search near a guess (the lines search under the guess's assumptions, widened after
    /// each refutation) answers a check as brute force does: no solution, one (unique), or two
    /// different solutions of the puzzle; on random puzzles up to 4x4 with and without solutions,
    /// from a blank grid and from what line logic fixed. Most start with cells assumed, and on
    /// those without a solution every assumption is refuted in turn.
    #[cfg(feature = "cadical")]
    #[test]
    fn a_search_near_a_guess_answers_a_check_as_brute_force_does() {
        use crate::solve::neighbourhood::check_searches_near_a_guess;
        use crate::testing::brute_force;
        let mut rng = Rng(0x3C6E_F372_FE94_F82B);
        let cases = (0..600).map(|round| {
            let (width, height) = (2 + round % 3, 2 + round / 3 % 3);
            let puzzle = random_puzzle(&mut rng, width, height);
            let solutions = brute_force(&puzzle);
            let mut known = Grid::filled(width, height, Cell::Unknown);
            if round % 2 == 1
                && propagate(&puzzle, &mut known, &mut QuickLineSolver::new()).is_err()
            {
                known = Grid::filled(width, height, Cell::Unknown);
            }
            (puzzle, known, solutions)
        });
        let assumed = |search: &super::Search<'_, _>| {
            search
                .near
                .as_ref()
                .map_or(0, |near| near.assumptions().len())
        };
        check_searches_near_a_guess(cases, assumed, (250, 25));
    }

    /// A whole puzzle in the lean form, from a blank grid and from what line logic fixed (whose
    /// lines are encoded between their settled ends), has exactly the solutions brute force finds,
    /// each once, on random puzzles up to 4x4 with and without solutions.
    #[test]
    fn a_puzzle_in_the_lean_form_has_exactly_its_solutions() {
        let mut rng = Rng(0xB7E1_5162_8AED_2A6B);
        let (mut refuted, mut narrowed) = (0, 0);
        for round in 0..400 {
            let (width, height) = (1 + round % 4, 1 + round / 4 % 4);
            let puzzle = random_puzzle(&mut rng, width, height);
            let mut known = Grid::filled(width, height, Cell::Unknown);
            if round % 2 == 1 {
                // A contradiction leaves the grid half-propagated: start from a blank one then.
                match propagate(&puzzle, &mut known, &mut QuickLineSolver::new()) {
                    Ok(_) => narrowed += usize::from(known.known_count() > 0),
                    Err(_) => known = Grid::filled(width, height, Cell::Unknown),
                }
            }
            let mut solver = Solver::new(None);
            let encoding = encode(&Lean(&puzzle), &known, &mut solver).expect("a small formula");
            let solutions = assert_finds_exactly_brute_force(&puzzle, &mut solver, &encoding);
            refuted += usize::from(solutions == 0);
        }
        assert!(refuted > 20, "only {refuted} puzzles without a solution");
        assert!(
            narrowed > 50,
            "only {narrowed} puzzles narrowed by line logic"
        );
    }
}
