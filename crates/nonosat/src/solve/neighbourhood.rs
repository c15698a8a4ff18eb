//! A first solution looked for near a guess: the lines search solves with the guess's values
//! assumed on the cells belief propagation is surest of, and frees more of them each time the
//! assumptions are refuted, until none is assumed and the search is the plain one; for either
//! kind of puzzle.
//!
//! The guess is the picture belief propagation with reinforcement settles on
//! ([`Guess::reinforced_guess`]). On random puzzles of 50x50 and more it breaks only a few lines,
//! and a solution agrees with it on most of the cells the beliefs were surest of: with those
//! assumed, the search is a small one, and a refutation under assumptions is quick and leaves
//! clauses that the wider searches after it keep (a large neighbourhood search;
//! docs/performance.md). Every answer is the search's, verified as any other: the guess only says
//! where to look first, and the last solve assumes nothing, so the search stays complete.

use super::guess::Guess;
use super::searcher::Searcher;
use crate::cnf::Lit;
use crate::logic::belief::{MAX_ROUNDS, OnWork, WORK_PER_BELIEF_STATE};
use crate::model::{Grid, LineId, Pos};
use crate::sat::{Interrupt, Model};

/// The share of the assumed cells freed each time the assumptions are refuted, in tenths.
const FREED_A_STEP: usize = 10;

/// The guess's values on the open cells, surest first, and how many of them are assumed.
pub(crate) struct Neighbourhood {
    surest_first: Vec<Lit>,
    assumed: usize,
}

impl Neighbourhood {
    /// The neighbourhood of the reinforced guess from the cells `known` of a puzzle of either
    /// kind, the literal of each value given by `cell_is`: the open cells of the lines the guess
    /// breaks are never assumed, and of the others the least sure tenth (by the beliefs before
    /// reinforcement) is freed at once. `None` when belief propagation gives nothing (a line
    /// without completions, or `stop`).
    ///
    /// The beliefs' work counts on `interrupt`'s clock line by line as it is done, where the search
    /// has no budget (a racer alone: the other racer's claim waits on this clock, and would
    /// otherwise wait for the whole guess); within a turn, `work` grows by it (in states,
    /// [`Messages::work`](crate::logic::belief::Messages::work)), for the search to count against
    /// its grant.
    pub(crate) fn around<K: Guess>(
        puzzle: &K,
        known: &Grid<K::Known>,
        cell_is: impl Fn(Pos, K::Value) -> Lit,
        stop: &dyn Fn() -> bool,
        interrupt: &Interrupt,
        work: &mut u64,
    ) -> Option<Self> {
        let clock = interrupt
            .work
            .clone()
            .filter(|_| interrupt.budget.is_none());
        let told = clock.is_some();
        let on_work = clock.map(|clock| {
            Box::new(move |states| clock.add(WORK_PER_BELIEF_STATE * states)) as OnWork
        });
        let mut messages = puzzle.fresh_messages(known, on_work);
        let surest = puzzle.surest_values(known, stop, &mut messages, MAX_ROUNDS);
        let guess = surest
            .as_ref()
            .and_then(|_| puzzle.reinforced_guess(known, stop, &mut messages));
        if !told {
            *work += messages.work();
        }
        let (surest, guess) = (surest?, guess?);
        let broken = puzzle.broken_lines(&guess);
        let on_broken = |pos: Pos| {
            broken.iter().any(|&line| match line {
                LineId::Row(row) => pos.row == row,
                LineId::Col(col) => pos.col == col,
            })
        };
        let index = |pos: Pos| pos.row * known.width() + pos.col;
        let sureness = |pos: &Pos| surest[index(*pos)].map_or(0.0, |(_, sure)| sure);
        let mut open: Vec<Pos> = known
            .positions()
            .filter(|&pos| surest[index(pos)].is_some() && !on_broken(pos))
            .collect();
        // Surest first; a stable sort, so that ties keep the grid's order on every run.
        open.sort_by(|a, b| sureness(b).total_cmp(&sureness(a)));
        Some(Neighbourhood::assuming(
            open.into_iter()
                .map(|pos| cell_is(pos, guess[pos]))
                .collect(),
        ))
    }

    /// The neighbourhood of `search`, a search of `puzzle` from the cells `known`
    /// ([`Neighbourhood::around`]), which counts the beliefs' work as its own.
    pub(crate) fn of_search<K: Guess, S: Searcher<Value = K::Value>>(
        puzzle: &K,
        known: &Grid<K::Known>,
        search: &mut S,
        interrupt: &Interrupt,
    ) -> Option<Self> {
        let mut states = 0;
        let near = Neighbourhood::around(
            puzzle,
            known,
            |pos, value| search.cell_is(pos, value),
            &|| search.should_stop(),
            interrupt,
            &mut states,
        );
        search.count_work(WORK_PER_BELIEF_STATE * states);
        near
    }

    /// A first model by `solve_assuming`, under this neighbourhood's assumptions, widened after
    /// each refutation, until a model or a refutation with none assumed: the puzzle's.
    pub(crate) fn solve<E>(
        &mut self,
        mut solve_assuming: impl FnMut(&[Lit]) -> Result<Option<Model>, E>,
    ) -> Result<Option<Model>, E> {
        loop {
            match solve_assuming(self.assumptions())? {
                Some(model) => return Ok(Some(model)),
                None if self.widen() => {}
                None => return Ok(None),
            }
        }
    }

    /// The neighbourhood of the literals `surest_first`, all but the least sure tenth assumed.
    fn assuming(surest_first: Vec<Lit>) -> Self {
        let mut neighbourhood = Neighbourhood {
            assumed: surest_first.len(),
            surest_first,
        };
        neighbourhood.widen();
        neighbourhood
    }

    /// The literals assumed in the next solve.
    pub(crate) fn assumptions(&self) -> &[Lit] {
        &self.surest_first[..self.assumed]
    }

    /// Frees another tenth of the guess's cells (the least sure of those still assumed), after the
    /// assumptions were refuted; `false` when none was assumed, and the refutation was the
    /// puzzle's.
    pub(crate) fn widen(&mut self) -> bool {
        if self.assumed == 0 {
            return false;
        }
        let step = self.surest_first.len().div_ceil(FREED_A_STEP);
        self.assumed = self.assumed.saturating_sub(step);
        true
    }
}

/// Checks a search near a guess of each case's puzzle (its kind's
/// [`SolveKind::neighbourhood_search`](super::searcher::SolveKind) from the case's cells, in the
/// order numbered by its place) against the case's every solution (found by brute force): it
/// answers a check with none, one, or two different ones of them. More than `least_assuming`
/// searches start with cells assumed (`assumed` of each), and more than `least_refuted` of those
/// are on puzzles without a solution, whose every assumption is then refuted.
#[cfg(all(test, feature = "cadical"))]
pub(super) fn check_searches_near_a_guess<P: super::searcher::SolveKind + std::fmt::Debug>(
    cases: impl Iterator<Item = (P, Grid<P::Known>, Vec<Grid<P::Value>>)>,
    assumed: impl for<'a> Fn(&P::Search<'a>) -> usize,
    (least_assuming, least_refuted): (usize, usize),
) {
    let (mut started_assuming, mut refuted_assuming) = (0, 0);
    for (round, (puzzle, known, solutions)) in cases.enumerate() {
        let order = (round % 3) as u32;
        let mut search = puzzle
            .neighbourhood_search(known, Interrupt::at(None), order)
            .expect("lines of a few cells");
        let assuming = assumed(&search) > 0;
        started_assuming += usize::from(assuming);
        refuted_assuming += usize::from(assuming && solutions.is_empty());
        let mut found = Vec::new();
        let outcome = P::first_solutions(&mut search, true, &mut found);
        assert!(outcome.is_ok(), "{puzzle:?}");
        assert_eq!(found.len(), solutions.len().min(2), "{puzzle:?}");
        assert!(
            found.iter().all(|grid| solutions.contains(grid)),
            "{puzzle:?}"
        );
        assert!(found.len() < 2 || found[0] != found[1], "{puzzle:?}");
    }
    assert!(
        started_assuming > least_assuming,
        "only {started_assuming} searches started with cells assumed"
    );
    assert!(
        refuted_assuming > least_refuted,
        "only {refuted_assuming} refuted with cells assumed"
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::Var;
    use crate::logic::belief::{Messages, black_beliefs, black_beliefs_from, reinforced_picture};
    use crate::logic::colour::open_grid;
    use crate::model::{Cell, Puzzle};
    use crate::testing::{Rng, random_colour_puzzle, random_picture};

    /// The literal of cell `pos` of a grid `width` wide.
    fn literal(width: usize) -> impl Fn(Pos, bool) -> Lit {
        move |pos, black| {
            let var = Var::from_dimacs((pos.row * width + pos.col + 1) as u32).positive();
            if black { var } else { !var }
        }
    }

    /// All but the least sure tenth are assumed at first; each widening frees another tenth (the
    /// least sure of those left), until none is assumed.
    #[test]
    fn each_refutation_frees_another_tenth() {
        let lits: Vec<Lit> = (1..=25).map(|n| Var::from_dimacs(n).positive()).collect();
        let mut near = Neighbourhood::assuming(lits.clone());
        let mut sizes = vec![near.assumptions().len()];
        while near.widen() {
            assert_eq!(near.assumptions(), &lits[..near.assumptions().len()]);
            sizes.push(near.assumptions().len());
        }
        assert_eq!(sizes, [22, 19, 16, 13, 10, 7, 4, 1, 0]);
        assert!(!near.widen(), "nothing left to free");
    }

    /// The neighbourhood gives each open cell off the lines the guess breaks the guess's colour,
    /// surest first by the beliefs from the known cells, and no other cell; on random 8x8
    /// puzzles, blank or with a cell known.
    #[test]
    fn the_guess_is_assumed_on_the_surest_cells_off_its_broken_lines() {
        let mut rng = Rng(0x9B05_688C_2B3E_6C1F);
        let (mut broken_some, mut assumed) = (0, 0);
        for round in 0..40 {
            let picture = random_picture(&mut rng, 8, 8);
            let puzzle = Puzzle::from_picture(&picture).expect("a puzzle");
            let mut known = Grid::filled(8, 8, Cell::Unknown);
            if round % 2 == 1 {
                known[Pos { row: 3, col: 4 }] = Cell::from_black(picture[Pos { row: 3, col: 4 }]);
            }
            let mut work = 0;
            let interrupt = Interrupt::at(None);
            let near = Neighbourhood::around(
                &puzzle,
                &known,
                literal(8),
                &|| false,
                &interrupt,
                &mut work,
            )
            .expect("beliefs of a solvable puzzle");
            assert!(work > 0);
            let beliefs = black_beliefs(&puzzle, &known, &|| false).expect("beliefs");
            let mut messages = Messages::new(&puzzle);
            black_beliefs_from(&puzzle, &known, &|| false, &mut messages, MAX_ROUNDS);
            let guess =
                reinforced_picture(&puzzle, &known, &|| false, &mut messages).expect("a guess");
            let broken: Vec<LineId> = puzzle.broken_lines(&guess).collect();
            let breaks = |line| broken.contains(&line);
            let expected: Vec<Pos> = known
                .positions()
                .filter(|&pos| known[pos] == Cell::Unknown)
                .filter(|&pos| !breaks(LineId::Row(pos.row)) && !breaks(LineId::Col(pos.col)))
                .collect();
            broken_some += usize::from(expected.len() < 64 - known.known_count());
            assert_eq!(near.surest_first.len(), expected.len(), "{puzzle:?}");
            let sureness = |lit: &Lit| {
                let index = lit.var().dimacs() as usize - 1;
                let pos = Pos {
                    row: index / 8,
                    col: index % 8,
                };
                assert!(expected.contains(&pos), "{pos:?} in {puzzle:?}");
                assert_eq!(lit.is_positive(), guess[pos], "{pos:?} in {puzzle:?}");
                (beliefs[pos] - 0.5).abs()
            };
            let sureness: Vec<f64> = near.surest_first.iter().map(sureness).collect();
            assert!(
                sureness.windows(2).all(|pair| pair[0] >= pair[1]),
                "{puzzle:?}"
            );
            assumed += near.assumptions().len();
        }
        assert!(broken_some > 0, "no guess broke a line");
        assert!(assumed > 0, "nothing assumed");
    }

    /// The picture of the plain beliefs' likeliest values and the reinforced guess from the cells
    /// `known`, after checking that the guess keeps the known cells and is the same on a second
    /// run.
    fn plain_and_reinforced<K: Guess + std::fmt::Debug>(
        puzzle: &K,
        known: &Grid<K::Known>,
    ) -> (Grid<K::Value>, Grid<K::Value>) {
        let guess = || {
            let mut messages = puzzle.fresh_messages(known, None);
            let surest = puzzle
                .surest_values(known, &|| false, &mut messages, MAX_ROUNDS)
                .expect("a solvable puzzle");
            let mut plain = known.map(|&cell| K::value_of(cell));
            for (pos, surest) in known.positions().zip(surest) {
                if let Some((value, _)) = surest {
                    plain[pos] = value;
                }
            }
            let reinforced = puzzle
                .reinforced_guess(known, &|| false, &mut messages)
                .expect("a solvable puzzle");
            (plain, reinforced)
        };
        let (plain, reinforced) = guess();
        assert_eq!(reinforced, guess().1, "{puzzle:?}");
        assert!(
            known
                .positions()
                .all(|pos| !K::is_fixed(known[pos]) || K::value_of(known[pos]) == reinforced[pos]),
            "{puzzle:?}"
        );
        (plain, reinforced)
    }

    /// Reinforcement settles on a picture that keeps the known cells and, on nine in ten puzzles
    /// of random 10x10 pictures, meets every clue, where the beliefs alone meet them on fewer;
    /// the same picture on every run.
    #[test]
    fn reinforcement_settles_on_a_solution_of_most_random_puzzles() {
        let mut rng = Rng(0x510E_527F_ADE6_82D1);
        let (mut reinforced, mut plain) = (0, 0);
        for round in 0..60 {
            let picture = random_picture(&mut rng, 10, 10);
            let puzzle = Puzzle::from_picture(&picture).expect("a puzzle");
            let mut known = Grid::filled(10, 10, Cell::Unknown);
            if round % 2 == 1 {
                known[Pos { row: 0, col: 0 }] = Cell::from_black(picture.cells()[0]);
            }
            let (before, after) = plain_and_reinforced(&puzzle, &known);
            plain += usize::from(puzzle.check(&before).is_ok());
            reinforced += usize::from(puzzle.check(&after).is_ok());
        }
        assert!(
            reinforced >= 54 && reinforced > plain + 10,
            "{reinforced} against {plain}"
        );
    }

    /// The same for colour: on random 8x8 puzzles of two and three colours (each cell's value
    /// drawn evenly), blank or with a cell known, reinforcement settles on a solution far more
    /// often than the beliefs' likeliest values make one.
    #[test]
    fn reinforcement_settles_on_a_solution_of_most_random_colour_puzzles() {
        let mut rng = Rng(0x1F83_D9AB_FB41_BD6B);
        let (mut reinforced, mut plain) = (0, 0);
        for round in 0..60 {
            let puzzle = random_colour_puzzle(&mut rng, 8, 8, 2 + (round % 2) as u8);
            let mut known = open_grid(&puzzle);
            if round % 4 >= 2 {
                let goal = puzzle.goal().expect("a puzzle of a picture");
                known[Pos { row: 0, col: 0 }] = 1 << goal.cells()[0];
            }
            let (before, after) = plain_and_reinforced(&puzzle, &known);
            plain += usize::from(puzzle.check(&before).is_ok());
            reinforced += usize::from(puzzle.check(&after).is_ok());
        }
        assert!(
            reinforced >= 57 && reinforced > plain + 8,
            "{reinforced} against {plain}"
        );
    }
}
