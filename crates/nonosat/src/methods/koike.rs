//! Koike's human techniques as rewriting rules (seed 004), applied to a line fixpoint.
//!
//! Koike (seed `004_…`, section 4) writes the solving techniques a person uses, as listed by the
//! Japanese Wikipedia article on nonograms, as rewriting rules over atoms `(pat clue cells)`. He groups
//! them in three stages (section 4.1):
//!
//! - Stage 1, from the clue alone ([`Rule::STAGE_1`]): an empty clue (4.2.1); a clue that fills its
//!   line, `Σc + k - 1 = n` (4.2.2); the cells common to the leftmost and rightmost arrangements
//!   (4.2.3).
//! - Stage 2, from the clue and the known cells ([`Rule::STAGE_2`]): all blacks placed (4.3.1); all
//!   whites placed (4.3.2); white neighbours of a run as long as the largest block (4.3.3); a black cell
//!   at the edge extends to its block (4.3.4); sections too narrow for a block (4.3.5). Section 4.3.6
//!   (cells a block surely reaches or cannot reach) is, by the paper's own account, the rule of 4.2.3
//!   run on a line with known cells, and 4.3.7 (re-applying the edge and full-line rules as the line
//!   shrinks) "comes naturally" from how the rules rewrite atoms; neither is a rule of its own.
//! - Stage 3 (4.4): branch on an open cell, black or white, and let the crossing lines refute one
//!   branch. It needs no line rule: it is [`crate::logic::probe::probe`] over [`KoikeRules`]. Koike's branches
//!   nest (a branch may branch again, so his stage 3 is a complete search); `probe` branches on one
//!   cell at a time and keeps what the surviving branch implies or both branches agree on, so it is the
//!   first level of his stage 3. A complete search is [`crate::solve`].
//!
//! # Atoms: the part of a line the rules still see
//!
//! A rewriting rule consumes what it settles: the edge rule (4.3.4) turns `(pat (3 1) (1 ? ? ? …))`
//! into `(pat (1) …)` for the cells after the block and its closing white, and a leading white is
//! dropped by the generated program's rule for `pat`. Every rule then matches the shorter atom. So here
//! every rule sees the *atom* of the line: the line without its settled ends (leading and trailing
//! whites, and edge blocks whose cells are all black and closed by a white or the line's end) and the
//! clue without the blocks those ends hold. Peeling is sound: a fully known end that ends in white
//! holds exactly the first (or last) blocks of every arrangement. It fixes no cell by itself, and a
//! settled end that cannot hold the clue's blocks (a black cell with no block left for it) is a
//! contradiction.
//!
//! # Contradictions
//!
//! A rule returns [`Contradiction`] when its own evidence shows the line impossible: it would have to
//! write a cell against its known colour, a count it computes cannot be met, a line it completes does
//! not read as its clue, or (4.2.3) no arrangement agrees with the known cells, which is how Koike's
//! `LRCommon` fails and prunes. A rule never overwrites a known cell. Since the leftmost arrangement
//! exists exactly when some arrangement agrees with the line, any rule set that includes
//! [`Rule::Overlap`] reports a contradiction exactly when the line has no arrangement.

use std::fmt;
use std::ops::{Index, Range};

use crate::logic::{Contradiction, LineSolver};
use crate::model::{Cell, Clue};

/// One of Koike's techniques (seed 004, sections 4.2 and 4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// 4.2.1: the atom's clue is empty, so its cells are all white.
    EmptyClue,
    /// 4.2.2: the clue's blocks with one white between each pair fill the atom exactly
    /// (`Σc + k - 1 = n`), so the atom is that packing.
    FullLine,
    /// 4.2.3 (and 4.3.6): in the leftmost and rightmost arrangements that agree with the known cells,
    /// a cell covered by the same block in both is black; a cell that no block can reach (outside
    /// every block's span from its leftmost start to its rightmost end) is white.
    Overlap,
    /// 4.3.1: the known blacks number `Σc`, so the unknown cells are white.
    BlacksPlaced,
    /// 4.3.2: the unknown cells number `Σc` minus the known blacks, so they are black.
    WhitesPlaced,
    /// 4.3.3: a run of known blacks as long as the largest block gets white cells on both sides.
    MaxRun,
    /// 4.3.4: a black first (last) cell of the atom starts (ends) the first (last) block: its cells
    /// are black and the cell after (before) it is white.
    Edge,
    /// 4.3.5: unknown cells before the atom's first white (with no black before it) that are fewer
    /// than the first block are white, and likewise at the end with the last block; when the atom's
    /// clue is a single block, a section of unknown cells between two whites that is shorter than the
    /// block is white.
    NarrowGap,
}

impl Rule {
    /// Every rule, in the paper's order (for the order [`KoikeRules`] applies them in, see
    /// [`KoikeRules::ORDER`]).
    pub const ALL: [Rule; 8] = [
        Rule::EmptyClue,
        Rule::FullLine,
        Rule::Overlap,
        Rule::BlacksPlaced,
        Rule::WhitesPlaced,
        Rule::MaxRun,
        Rule::Edge,
        Rule::NarrowGap,
    ];

    /// The rules of stage 1 (section 4.2): deductions from the clue alone.
    pub const STAGE_1: [Rule; 3] = [Rule::EmptyClue, Rule::FullLine, Rule::Overlap];

    /// The rules of stage 2 (section 4.3): deductions from the clue and the known cells.
    pub const STAGE_2: [Rule; 5] = [
        Rule::BlacksPlaced,
        Rule::WhitesPlaced,
        Rule::MaxRun,
        Rule::Edge,
        Rule::NarrowGap,
    ];

    /// The stage the paper puts the rule in: 1 or 2.
    pub fn stage(self) -> u8 {
        if Rule::STAGE_1.contains(&self) { 1 } else { 2 }
    }

    /// The paper's section that describes the rule, such as `"4.3.4"`.
    pub fn section(self) -> &'static str {
        match self {
            Rule::EmptyClue => "4.2.1",
            Rule::FullLine => "4.2.2",
            Rule::Overlap => "4.2.3",
            Rule::BlacksPlaced => "4.3.1",
            Rule::WhitesPlaced => "4.3.2",
            Rule::MaxRun => "4.3.3",
            Rule::Edge => "4.3.4",
            Rule::NarrowGap => "4.3.5",
        }
    }

    /// A short lower-case name for output: `empty-clue`, `full-line`, `overlap`, `blacks-placed`,
    /// `whites-placed`, `max-run`, `edge`, `narrow-gap`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::EmptyClue => "empty-clue",
            Rule::FullLine => "full-line",
            Rule::Overlap => "overlap",
            Rule::BlacksPlaced => "blacks-placed",
            Rule::WhitesPlaced => "whites-placed",
            Rule::MaxRun => "max-run",
            Rule::Edge => "edge",
            Rule::NarrowGap => "narrow-gap",
        }
    }

    /// Applies the rule once to the atom of `line` (see the module notes), fixing cells in place.
    ///
    /// Returns whether any cell changed. On a contradiction the line may keep some of the rule's
    /// writes; a known cell is never overwritten.
    pub fn apply(self, clue: &Clue, line: &mut [Cell]) -> Result<bool, Contradiction> {
        let atom = Atom::of(clue.blocks(), line)?;
        let blocks = &clue.blocks()[atom.blocks];
        let cells = &mut line[atom.cells];
        match self {
            Rule::EmptyClue => empty_clue(blocks, cells),
            Rule::FullLine => full_line(blocks, cells),
            Rule::Overlap => overlap(blocks, cells),
            Rule::BlacksPlaced => blacks_placed(blocks, cells),
            Rule::WhitesPlaced => whites_placed(blocks, cells),
            Rule::MaxRun => max_run(blocks, cells),
            Rule::Edge => edge(blocks, cells),
            Rule::NarrowGap => narrow_gap(blocks, cells),
        }
    }

    /// Position in [`Rule::ALL`].
    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Rule {
    /// The rule's [`Rule::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one rule did over the calls of a [`KoikeRules`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleCount {
    /// Applications that changed the line.
    pub fired: usize,
    /// Cells those applications fixed.
    pub cells: usize,
}

/// One [`RuleCount`] per rule; index it with a [`Rule`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleCounts([RuleCount; Rule::ALL.len()]);

impl RuleCounts {
    /// Every rule with its count, in the order of [`Rule::ALL`].
    pub fn iter(&self) -> impl Iterator<Item = (Rule, RuleCount)> + '_ {
        Rule::ALL.into_iter().zip(self.0.iter().copied())
    }

    /// The sums over all rules.
    pub fn total(&self) -> RuleCount {
        self.0
            .iter()
            .fold(RuleCount::default(), |sum, count| RuleCount {
                fired: sum.fired + count.fired,
                cells: sum.cells + count.cells,
            })
    }

    fn record(&mut self, rule: Rule, cells: usize) {
        let count = &mut self.0[rule.index()];
        count.fired += 1;
        count.cells += cells;
    }
}

impl Index<Rule> for RuleCounts {
    type Output = RuleCount;
    fn index(&self, rule: Rule) -> &RuleCount {
        &self.0[rule.index()]
    }
}

/// A line solver that applies a chosen set of Koike's rules until none changes the line.
///
/// Each pass applies the chosen rules once each, in [`KoikeRules::ORDER`]; passes repeat until a
/// whole pass changes nothing. Every rule is sound, so the fixpoint never contradicts an arrangement;
/// it is a subset of what the complete [`DpLineSolver`](crate::logic::DpLineSolver) fixes.
///
/// ```
/// use nonosat::logic::LineSolver;
/// use nonosat::methods::koike::{KoikeRules, Rule};
/// use nonosat::{Cell, Clue};
///
/// // Stage 2 alone, on Koike's example for 4.3.4: clue "3 1", the first cell black.
/// let mut solver = KoikeRules::with_rules(Rule::STAGE_2);
/// let mut line = vec![Cell::Unknown; 9];
/// line[0] = Cell::Black;
/// let solved = solver.solve_line(&Clue::new(vec![3, 1]), &line).unwrap();
/// assert_eq!(&solved[..4], [Cell::Black, Cell::Black, Cell::Black, Cell::White]);
/// assert_eq!(solver.counts[Rule::Edge].fired, 1);
/// ```
#[derive(Clone, Debug)]
pub struct KoikeRules {
    enabled: [bool; Rule::ALL.len()],
    /// How often each rule fired, summed over every call since this solver was made (or since the
    /// caller last reset it, by assigning `RuleCounts::default()`).
    pub counts: RuleCounts,
}

impl Default for KoikeRules {
    /// Every rule of stages 1 and 2.
    fn default() -> Self {
        Self::with_rules(Rule::ALL)
    }
}

impl KoikeRules {
    /// The order in which each pass applies the chosen rules: the two clue-only rules of stage 1,
    /// then stage 2, and the overlap (4.2.3, which also does 4.3.6 and subsumes much of stage 2)
    /// last, so that [`KoikeRules::counts`] credits a cell to the most specific technique that finds
    /// it. The paper prescribes no order among rules; on a line with no known cell, stage 2 fixes
    /// nothing the first two rules leave, so stage 1 still comes first there.
    pub const ORDER: [Rule; 8] = [
        Rule::EmptyClue,
        Rule::FullLine,
        Rule::BlacksPlaced,
        Rule::WhitesPlaced,
        Rule::MaxRun,
        Rule::Edge,
        Rule::NarrowGap,
        Rule::Overlap,
    ];

    /// A solver with every rule of stages 1 and 2.
    pub fn new() -> Self {
        Self::default()
    }

    /// A solver with only `rules` (repeats are ignored; they are applied in [`KoikeRules::ORDER`]),
    /// such as [`Rule::STAGE_1`].
    pub fn with_rules(rules: impl IntoIterator<Item = Rule>) -> Self {
        let mut enabled = [false; Rule::ALL.len()];
        for rule in rules {
            enabled[rule.index()] = true;
        }
        KoikeRules {
            enabled,
            counts: RuleCounts::default(),
        }
    }

    /// The rules this solver applies, in the order it applies them.
    pub fn rules(&self) -> impl Iterator<Item = Rule> + '_ {
        Self::ORDER
            .into_iter()
            .filter(|rule| self.enabled[rule.index()])
    }

    /// Applies the rules to `line` in place until none changes it, counting each firing.
    ///
    /// On a contradiction the line may hold some cells fixed before it was found.
    pub fn run(&mut self, clue: &Clue, line: &mut [Cell]) -> Result<(), Contradiction> {
        loop {
            let mut changed = false;
            for rule in Self::ORDER {
                if !self.enabled[rule.index()] {
                    continue;
                }
                let open = unknown_count(line);
                if rule.apply(clue, line)? {
                    self.counts.record(rule, open - unknown_count(line));
                    changed = true;
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

impl LineSolver for KoikeRules {
    fn solve_line(&mut self, clue: &Clue, line: &[Cell]) -> Result<Vec<Cell>, Contradiction> {
        let mut solved = line.to_vec();
        self.run(clue, &mut solved)?;
        Ok(solved)
    }
}

/// The part of a line the rules still see: its cells without the settled ends, and the blocks of
/// the clue those ends do not hold.
struct Atom {
    cells: Range<usize>,
    blocks: Range<usize>,
}

impl Atom {
    /// Peels the settled start of `line`, then the settled end of what is left.
    fn of(blocks: &[usize], line: &[Cell]) -> Result<Atom, Contradiction> {
        let (front_cells, front_blocks) = settled_start(blocks.iter(), line.iter())?;
        let (rest_blocks, rest) = (&blocks[front_blocks..], &line[front_cells..]);
        let (back_cells, back_blocks) = settled_start(rest_blocks.iter().rev(), rest.iter().rev())?;
        Ok(Atom {
            cells: front_cells..line.len() - back_cells,
            blocks: front_blocks..blocks.len() - back_blocks,
        })
    }
}

/// How many cells and blocks at the start of a line are settled: whites, and blocks whose cells are
/// all black and closed by a white or the end. A black cell with no block left is a contradiction.
fn settled_start<'a>(
    mut blocks: impl Iterator<Item = &'a usize>,
    mut cells: impl Iterator<Item = &'a Cell> + Clone,
) -> Result<(usize, usize), Contradiction> {
    let (mut settled_cells, mut settled_blocks) = (0, 0);
    loop {
        let mut ahead = cells.clone();
        match ahead.next() {
            Some(Cell::White) => {
                cells = ahead;
                settled_cells += 1;
                continue;
            }
            Some(Cell::Black) => {}
            _ => return Ok((settled_cells, settled_blocks)),
        }
        let &len = blocks.next().ok_or(Contradiction)?;
        let mut ahead = cells.clone();
        let run = ahead
            .by_ref()
            .take(len)
            .take_while(|&&cell| cell == Cell::Black)
            .count();
        let closed = matches!(ahead.clone().next(), None | Some(Cell::White));
        if run < len || !closed {
            return Ok((settled_cells, settled_blocks));
        }
        cells = ahead;
        settled_cells += len;
        settled_blocks += 1;
    }
}

/// 4.2.1, `(pat () *PL) ==> (allZero *PL)`: with no block, every cell is white.
fn empty_clue(blocks: &[usize], cells: &mut [Cell]) -> Result<bool, Contradiction> {
    if !blocks.is_empty() {
        return Ok(false);
    }
    fill(cells, Cell::White)
}

/// 4.2.2: when `Σc + k - 1` equals the number of cells, the blocks with single whites between them
/// are the only arrangement (`fillOneZero`).
fn full_line(blocks: &[usize], cells: &mut [Cell]) -> Result<bool, Contradiction> {
    if blocks.is_empty() || min_len(blocks) != cells.len() {
        return Ok(false);
    }
    let mut changed = false;
    let mut at = 0;
    for (j, &len) in blocks.iter().enumerate() {
        if j > 0 {
            changed |= set(&mut cells[at], Cell::White)?;
            at += 1;
        }
        changed |= fill(&mut cells[at..at + len], Cell::Black)?;
        at += len;
    }
    Ok(changed)
}

/// 4.2.3 (`LRCommon`), which also does 4.3.6: block `j` starts between its leftmost start `L_j` and
/// its rightmost start `R_j` (in the leftmost and rightmost arrangements that agree with the known
/// cells), so cells `R_j..L_j + c_j` are black, and a cell outside every span `L_j..R_j + c_j` is
/// white. No agreeing arrangement is a contradiction.
fn overlap(blocks: &[usize], cells: &mut [Cell]) -> Result<bool, Contradiction> {
    let left = leftmost(blocks, cells).ok_or(Contradiction)?;
    let right = rightmost(blocks, cells).ok_or(Contradiction)?;
    let mut changed = false;
    let mut reached = 0;
    for ((&len, &l), &r) in blocks.iter().zip(&left).zip(&right) {
        changed |= fill(&mut cells[reached.min(l)..l], Cell::White)?;
        changed |= fill(&mut cells[r..(l + len).max(r)], Cell::Black)?;
        reached = reached.max(r + len);
    }
    let end = cells.len();
    changed |= fill(&mut cells[reached..end], Cell::White)?;
    Ok(changed)
}

/// 4.3.1: when the known blacks number `Σc`, the unknown cells are white (`fillZero`). More blacks
/// than `Σc`, or a completed line that does not read as the clue, is a contradiction.
fn blacks_placed(blocks: &[usize], cells: &mut [Cell]) -> Result<bool, Contradiction> {
    let wanted = blocks.iter().sum::<usize>();
    let blacks = count(cells, Cell::Black);
    if blacks > wanted {
        return Err(Contradiction);
    }
    if blacks < wanted {
        return Ok(false);
    }
    complete(blocks, cells, Cell::White)
}

/// 4.3.2: when the unknown cells number `Σc` minus the known blacks, they are all black (`fillOne`).
/// Too few unknown cells, or a completed line that does not read as the clue, is a contradiction.
fn whites_placed(blocks: &[usize], cells: &mut [Cell]) -> Result<bool, Contradiction> {
    let wanted = blocks.iter().sum::<usize>();
    let missing = wanted
        .checked_sub(count(cells, Cell::Black))
        .ok_or(Contradiction)?;
    let open = count(cells, Cell::Unknown);
    if open < missing {
        return Err(Contradiction);
    }
    if open > missing || open == 0 {
        return Ok(false);
    }
    complete(blocks, cells, Cell::Black)
}

/// 4.3.3 (`findMaxBar`): a run of known blacks exactly as long as the largest block is a whole block,
/// so the cells next to it are white. A longer run is a contradiction.
fn max_run(blocks: &[usize], cells: &mut [Cell]) -> Result<bool, Contradiction> {
    let Some(&largest) = blocks.iter().max() else {
        return Ok(false);
    };
    let mut changed = false;
    for run in runs(cells, Cell::Black) {
        if run.len() > largest {
            return Err(Contradiction);
        }
        if run.len() == largest {
            if let Some(before) = run.start.checked_sub(1) {
                changed |= set(&mut cells[before], Cell::White)?;
            }
            if let Some(after) = cells.get_mut(run.end) {
                changed |= set(after, Cell::White)?;
            }
        }
    }
    Ok(changed)
}

/// 4.3.4: a black first cell starts the first block (`seq1`, then `start0`), and a black last cell
/// ends the last block (the same rule on the reversed atom).
fn edge(blocks: &[usize], cells: &mut [Cell]) -> Result<bool, Contradiction> {
    let front = edge_start(blocks.first(), cells)?;
    let back = reversed(cells, |cells| edge_start(blocks.last(), cells))?;
    Ok(front || back)
}

/// The front half of [`edge`]: if the first cell is black, the first `block` cells are black and the
/// cell after them is white.
fn edge_start(block: Option<&usize>, cells: &mut [Cell]) -> Result<bool, Contradiction> {
    if cells.first() != Some(&Cell::Black) {
        return Ok(false);
    }
    let &len = block.ok_or(Contradiction)?;
    let mut changed = fill(cells.get_mut(..len).ok_or(Contradiction)?, Cell::Black)?;
    if let Some(after) = cells.get_mut(len) {
        changed |= set(after, Cell::White)?;
    }
    Ok(changed)
}

/// 4.3.5: the paper's three rules. Its first two (`findZero` from either end) compare the unknown
/// cells before the first white with the first block and those after the last white with the last
/// block; its third (`findVarsSectionEnclosedByZero`, on `(pat (*n) *pl)`) applies to single-block
/// clues only. The paper's prose says "smaller than the smallest number of the clue"; its rules,
/// followed here, compare with the first, last or only block.
fn narrow_gap(blocks: &[usize], cells: &mut [Cell]) -> Result<bool, Contradiction> {
    let front = narrow_start(blocks.first(), cells)?;
    let back = reversed(cells, |cells| narrow_start(blocks.last(), cells))?;
    let enclosed = match blocks {
        &[len] => narrow_enclosed(len, cells)?,
        _ => false,
    };
    Ok(front || back || enclosed)
}

/// The first rule of 4.3.5: the cells before the first white are unknown (a black before it makes
/// the rule fail) and fewer than `block`, so the first block is not there and they are white.
fn narrow_start(block: Option<&usize>, cells: &mut [Cell]) -> Result<bool, Contradiction> {
    let (Some(&len), Some(white)) = (block, cells.iter().position(|&c| c != Cell::Unknown)) else {
        return Ok(false);
    };
    if cells[white] != Cell::White || white >= len {
        return Ok(false);
    }
    fill(&mut cells[..white], Cell::White)
}

/// The third rule of 4.3.5: with a single block of `len`, every section of unknown cells with a white
/// on each side that is shorter than `len` is white.
fn narrow_enclosed(len: usize, cells: &mut [Cell]) -> Result<bool, Contradiction> {
    let mut changed = false;
    for section in runs(cells, Cell::Unknown) {
        let white_before = section.start > 0 && cells[section.start - 1] == Cell::White;
        let white_after = cells.get(section.end) == Some(&Cell::White);
        if white_before && white_after && section.len() < len {
            changed |= fill(&mut cells[section], Cell::White)?;
        }
    }
    Ok(changed)
}

/// The start of each block in the leftmost arrangement that agrees with the known cells, or `None`
/// when none agrees.
///
/// Each block is put at the first start from which the rest of the clue can still be completed, so
/// the result is the lexicographically least arrangement. It is also least in every block: the
/// blockwise minimum of two agreeing arrangements is an agreeing arrangement, so no agreeing
/// arrangement starts any block earlier.
fn leftmost(blocks: &[usize], cells: &[Cell]) -> Option<Vec<usize>> {
    let table = Completions::new(blocks, cells);
    if !table.can_complete(0, 0) {
        return None;
    }
    let mut starts = Vec::with_capacity(blocks.len());
    let mut from = 0;
    for (j, &len) in blocks.iter().enumerate() {
        let start = (from..cells.len()).find(|&start| table.block_fits(j, start))?;
        starts.push(start);
        from = start + len + 1;
    }
    Some(starts)
}

/// The start of each block in the rightmost agreeing arrangement: the leftmost one of the reversed
/// line and clue, read back.
fn rightmost(blocks: &[usize], cells: &mut [Cell]) -> Option<Vec<usize>> {
    let reversed_blocks: Vec<usize> = blocks.iter().rev().copied().collect();
    let from_right = reversed(cells, |cells| leftmost(&reversed_blocks, cells))?;
    let n = cells.len();
    Some(
        from_right
            .iter()
            .zip(&reversed_blocks)
            .rev()
            .map(|(&start, &len)| n - start - len)
            .collect(),
    )
}

/// Which suffixes of a line can hold which tails of a clue, given the known cells.
struct Completions<'a> {
    blocks: &'a [usize],
    cells: &'a [Cell],
    /// Known whites among the first `i` cells, for `i` in `0..=n`.
    whites_before: Vec<usize>,
    /// `can[j * (n + 1) + i]`: cells `i..n` can hold exactly blocks `j..k`.
    can: Vec<bool>,
}

impl<'a> Completions<'a> {
    fn new(blocks: &'a [usize], cells: &'a [Cell]) -> Self {
        let n = cells.len();
        let whites_before = std::iter::once(0)
            .chain(cells.iter().scan(0, |whites, &cell| {
                *whites += usize::from(cell == Cell::White);
                Some(*whites)
            }))
            .collect();
        let mut table = Completions {
            blocks,
            cells,
            whites_before,
            can: vec![false; (blocks.len() + 1) * (n + 1)],
        };
        for j in (0..=blocks.len()).rev() {
            for i in (0..=n).rev() {
                let done = j == blocks.len() && i == n;
                let as_white = i < n && cells[i] != Cell::Black && table.can_complete(j, i + 1);
                let as_start = j < blocks.len() && table.block_fits(j, i);
                table.can[j * (n + 1) + i] = done || as_white || as_start;
            }
        }
        table
    }

    /// Whether cells `i..n` can hold exactly blocks `j..k`.
    fn can_complete(&self, j: usize, i: usize) -> bool {
        self.can[j * (self.cells.len() + 1) + i]
    }

    /// Whether block `j` can start at `start` with the blocks after it completing the line.
    fn block_fits(&self, j: usize, start: usize) -> bool {
        let (n, end) = (self.cells.len(), start + self.blocks[j]);
        if end > n || self.whites_before[end] != self.whites_before[start] {
            return false;
        }
        if end == n {
            return j + 1 == self.blocks.len();
        }
        self.cells[end] != Cell::Black && self.can_complete(j + 1, end + 1)
    }
}

/// Fills the unknown cells with `colour`, then checks that the completed line reads as the clue.
fn complete(blocks: &[usize], cells: &mut [Cell], colour: Cell) -> Result<bool, Contradiction> {
    let mut changed = false;
    for cell in cells.iter_mut().filter(|cell| **cell == Cell::Unknown) {
        *cell = colour;
        changed = true;
    }
    let reads = Clue::of_line(cells.iter().map(|&cell| cell == Cell::Black));
    if reads.blocks() != blocks {
        return Err(Contradiction);
    }
    Ok(changed)
}

/// Runs `f` on the cells in reverse order, as the paper's right-hand rules reverse the atom.
fn reversed<T>(cells: &mut [Cell], f: impl FnOnce(&mut [Cell]) -> T) -> T {
    cells.reverse();
    let result = f(cells);
    cells.reverse();
    result
}

/// Sets an unknown cell to `colour`; whether it changed. A cell of the other colour is a
/// contradiction.
fn set(cell: &mut Cell, colour: Cell) -> Result<bool, Contradiction> {
    match *cell {
        Cell::Unknown => {
            *cell = colour;
            Ok(true)
        }
        known if known == colour => Ok(false),
        _ => Err(Contradiction),
    }
}

/// [`set`] on every cell; whether any changed.
fn fill(cells: &mut [Cell], colour: Cell) -> Result<bool, Contradiction> {
    cells
        .iter_mut()
        .try_fold(false, |changed, cell| Ok(set(cell, colour)? || changed))
}

/// The maximal runs of cells equal to `kind`, first to last.
fn runs(cells: &[Cell], kind: Cell) -> Vec<Range<usize>> {
    let mut start = 0;
    cells
        .chunk_by(|a, b| a == b)
        .filter_map(|chunk| {
            let run = start..start + chunk.len();
            start = run.end;
            (chunk[0] == kind).then_some(run)
        })
        .collect()
}

/// Number of cells equal to `kind`.
fn count(cells: &[Cell], kind: Cell) -> usize {
    cells.iter().filter(|&&cell| cell == kind).count()
}

/// Number of unknown cells.
fn unknown_count(cells: &[Cell]) -> usize {
    count(cells, Cell::Unknown)
}

/// Length of the shortest line the blocks fit: `Σc + k - 1`.
fn min_len(blocks: &[usize]) -> usize {
    blocks.iter().sum::<usize>() + blocks.len().saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Vec<Cell> {
        text.chars().map(Cell::from_symbol).collect()
    }

    fn show(cells: &[Cell]) -> String {
        cells.iter().map(|cell| cell.symbol()).collect()
    }

    #[test]
    fn atoms_drop_settled_ends() {
        let atom = |blocks: &[usize], line: &str| {
            Atom::of(blocks, &parse(line)).map(|atom| (atom.cells, atom.blocks))
        };
        assert_eq!(atom(&[2, 1, 1], "..##.??#"), Ok((5..8, 1..3)));
        assert_eq!(atom(&[2, 1], "?##.#"), Ok((0..3, 0..1)));
        assert_eq!(atom(&[2], "##?"), Ok((0..3, 0..1))); // not closed yet
        assert_eq!(atom(&[1], "#.#"), Err(Contradiction));
        assert_eq!(atom(&[], "..."), Ok((3..3, 0..0)));
    }

    #[test]
    fn extreme_arrangements_respect_known_cells() {
        // Block 0 or block 1 covers the black cell.
        assert_eq!(leftmost(&[2, 1], &parse("???#???")), Some(vec![0, 3]));
        assert_eq!(rightmost(&[2, 1], &mut parse("???#???")), Some(vec![3, 6]));
        assert_eq!(leftmost(&[2, 1], &parse("?.??#??")), Some(vec![3, 6]));
        assert_eq!(leftmost(&[1], &parse("?#?#")), None);
        assert_eq!(leftmost(&[], &parse("..")), Some(vec![]));
        assert_eq!(leftmost(&[], &parse(".#")), None);
    }

    #[test]
    fn rules_are_indexed_in_paper_order() {
        for (i, rule) in Rule::ALL.into_iter().enumerate() {
            assert_eq!(rule.index(), i);
        }
        assert_eq!(Rule::ALL.map(Rule::stage), [1, 1, 1, 2, 2, 2, 2, 2]);
        let mut order = KoikeRules::ORDER;
        order.sort();
        assert_eq!(order, Rule::ALL);
    }

    #[test]
    fn runs_are_maximal() {
        let cells = parse("##?#..#");
        assert_eq!(runs(&cells, Cell::Black), vec![0..2, 3..4, 6..7]);
        assert_eq!(runs(&cells, Cell::White), vec![4..6]);
        assert_eq!(runs(&[], Cell::Black), vec![]);
    }

    #[test]
    fn rules_see_the_atom() {
        // After the settled "#." the clue left is empty, so 4.2.1 whitens the rest.
        let mut line = parse("#.???");
        let clue = Clue::new(vec![1]);
        assert_eq!(Rule::EmptyClue.apply(&clue, &mut line), Ok(true));
        assert_eq!(show(&line), "#....");
    }
}
