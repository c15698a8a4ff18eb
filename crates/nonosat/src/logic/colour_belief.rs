//! How likely each open cell of a colour puzzle is to take each colour: the weighted share of its
//! line's completions that give it the colour, combined over rows and columns by loopy belief
//! propagation, as [`super::belief`] does for black and white.
//!
//! A guess, used only to guide a search (the colour the depth-first search tries first at a
//! branch, the cell and colour a dive fixes next: `solve/decimate.rs`); nothing is deduced from
//! it. A line's completions are counted by the forward-backward recursion of the colour line
//! solver's dynamic program ([`super::colour`]), over reals: a completion weighs the product over
//! its cells of what the crossing line says of the cell's colour. Rows and columns take turns on
//! black and white's schedule (`belief::in_turns`).
//!
//! `reinforced_colour_picture` turns the beliefs into one picture by reinforcement, as
//! `belief::reinforced_picture` does for black and white.

use super::belief::{MAX_ROUNDS, Messages, PULL, REINFORCEMENT_STEPS, ROUNDS_A_STEP, in_turns};
use super::colour::Colours;
use crate::model::{Block, ColourPuzzle, Grid};

/// Messages are kept this far from 0 on every colour the cell may still take, so that one line
/// cannot veto a colour the crossing line needs: only the line solver's deductions are certain.
const FLOOR: f64 = 1e-3;

/// Per cell (row-major), for each value (the background, then the palette's colours), how likely
/// the cell is to take it in a solution, given the cells of `known`: 0 for a value a cell may no
/// longer take, and the values of a cell sum to 1. `None` when a line has no completion (or, on a
/// line of hundreds of cells, the weights of its completions vanish in floating point), or when
/// `stop`, asked before each line, says so.
pub fn colour_beliefs(
    puzzle: &ColourPuzzle,
    known: &Grid<Colours>,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<f64>> {
    let mut messages = colour_messages(puzzle, known);
    colour_beliefs_from(puzzle, known, stop, &mut messages, MAX_ROUNDS)
}

/// Messages that say nothing yet of a colour puzzle's cells `known`: even odds over the values
/// each cell may take ([`Messages`], a distribution a cell).
pub(crate) fn colour_messages(puzzle: &ColourPuzzle, known: &Grid<Colours>) -> Messages {
    let values = puzzle.palette().len() + 1;
    let cells = known.cells();
    Messages::saying(
        (0..cells.len())
            .flat_map(|i| spread_over(cells[i], values))
            .collect(),
    )
}

/// [`colour_beliefs`] going on from `messages`, for at most `max_rounds` rounds: a few suffice
/// when the messages are those of a grid with a few cells fewer known.
pub(crate) fn colour_beliefs_from(
    puzzle: &ColourPuzzle,
    known: &Grid<Colours>,
    stop: &dyn Fn() -> bool,
    messages: &mut Messages,
    max_rounds: usize,
) -> Option<Vec<f64>> {
    let values = puzzle.palette().len() + 1;
    let cells = known.cells();
    let Messages {
        from_rows,
        from_cols,
        pull,
        work,
    } = messages;
    let pull = pull.as_deref();
    // The pull of reinforcement on the cell at `i`, where there is one, joins `message` (which
    // stays a distribution over the cell's values).
    let pulled = |i: usize, message: &mut [f64]| {
        if let Some(pull) = pull {
            for (p, pulled) in message.iter_mut().zip(&pull[i * values..(i + 1) * values]) {
                *p *= pulled;
            }
            normalise(message, cells[i]);
        }
    };
    let open = |i: usize| !cells[i].is_power_of_two();
    // A cell narrowed since the messages were made keeps no weight on the values it lost.
    for i in 0..cells.len() {
        for message in [&mut *from_rows, &mut *from_cols] {
            let message = &mut message[i * values..(i + 1) * values];
            for (c, p) in message.iter_mut().enumerate() {
                if cells[i] & (1 << c) == 0 {
                    *p = 0.0;
                }
            }
            normalise(message, cells[i]);
        }
    }
    let (mut line_cells, mut priors, mut shares) = (Vec::new(), Vec::new(), LineShares::default());
    let messages = (&mut from_rows[..], &mut from_cols[..]);
    in_turns(
        known,
        open,
        values,
        messages,
        max_rounds,
        stop,
        |line, indices, incoming, outgoing| {
            let blocks = puzzle.clue(line).blocks();
            work.line_solved(indices.len(), blocks.len());
            line_cells.clear();
            line_cells.extend(indices.iter().map(|&i| cells[i]));
            priors.clear();
            for &i in indices {
                let at = priors.len();
                priors.extend_from_slice(&incoming[i * values..(i + 1) * values]);
                pulled(i, &mut priors[at..]);
            }
            let line_shares = shares.of(blocks, &line_cells, &priors, values)?;
            // A known cell's message says nothing the cell does not.
            for (k, &i) in indices.iter().enumerate().filter(|&(_, &i)| open(i)) {
                let share = &line_shares[k * values..(k + 1) * values];
                let prior = &priors[k * values..(k + 1) * values];
                leave_out(
                    share,
                    prior,
                    cells[i],
                    &mut outgoing[i * values..(i + 1) * values],
                );
            }
            Some(())
        },
    )?;
    let mut beliefs = vec![0.0; cells.len() * values];
    for (i, &colours) in cells.iter().enumerate() {
        let belief = &mut beliefs[i * values..(i + 1) * values];
        match open(i) {
            true => {
                for (c, value) in belief.iter_mut().enumerate() {
                    if colours & (1 << c) != 0 {
                        *value = from_rows[i * values + c] * from_cols[i * values + c];
                    }
                }
                normalise(belief, colours);
                pulled(i, belief);
            }
            false => belief[colours.trailing_zeros() as usize] = 1.0,
        }
    }
    Some(beliefs)
}

/// The value a cell's `belief` ([`colour_beliefs`]) finds likeliest: `None` when two values tie
/// for it (as on a symmetric puzzle), which says nothing.
pub fn likeliest_value(belief: &[f64]) -> Option<u8> {
    let mut best: Option<(f64, usize)> = None;
    let mut tied = false;
    for (value, &p) in belief.iter().enumerate() {
        match best {
            Some((top, _)) if p < top => {}
            Some((top, _)) if p == top => tied = true,
            _ => {
                best = Some((p, value));
                tied = false;
            }
        }
    }
    // At most 32 values: the index fits.
    best.filter(|_| !tied).map(|(_, value)| value as u8)
}

/// The picture belief propagation settles on from the cells of `known` when each open cell is
/// pulled, step after step, toward the values it is believed likelier to take: its beliefs raised
/// to the power [`PULL`] join the cell's messages as a third, growing each step. `messages` are
/// a propagation's from `known` ([`colour_beliefs_from`]), which the steps go on from. The first
/// picture that meets every clue, else the last step's (a guess that breaks some lines), each
/// cell its likeliest value (the first of those that tie); `None` as [`colour_beliefs_from`]
/// says.
pub(crate) fn reinforced_colour_picture(
    puzzle: &ColourPuzzle,
    known: &Grid<Colours>,
    stop: &dyn Fn() -> bool,
    messages: &mut Messages,
) -> Option<Grid<u8>> {
    let values = puzzle.palette().len() + 1;
    let cells = known.cells();
    let mut beliefs = colour_beliefs_from(puzzle, known, stop, messages, 0)?;
    for _ in 0..REINFORCEMENT_STEPS {
        let picture = likeliest_picture(known, &beliefs, values);
        if puzzle.check(&picture).is_ok() {
            return Some(picture);
        }
        let pull = messages.pull.get_or_insert_with(|| {
            let even = |i: usize| spread_over(cells[i], values);
            (0..cells.len()).flat_map(even).collect()
        });
        for (i, &colours) in cells.iter().enumerate() {
            if colours.is_power_of_two() {
                continue;
            }
            let pull = &mut pull[i * values..(i + 1) * values];
            let belief = &beliefs[i * values..(i + 1) * values];
            for (c, (p, &b)) in pull.iter_mut().zip(belief).enumerate() {
                if colours & (1 << c) != 0 {
                    *p *= b.clamp(FLOOR, 1.0 - FLOOR).powf(PULL);
                }
            }
            normalise(pull, colours);
            for (c, p) in pull.iter_mut().enumerate() {
                if colours & (1 << c) != 0 {
                    *p = p.max(FLOOR);
                }
            }
        }
        beliefs = colour_beliefs_from(puzzle, known, stop, messages, ROUNDS_A_STEP)?;
    }
    Some(likeliest_picture(known, &beliefs, values))
}

/// Each cell's likeliest value by `beliefs` (per cell of `known` and value, row-major), the first
/// of those that tie.
fn likeliest_picture(known: &Grid<Colours>, beliefs: &[f64], values: usize) -> Grid<u8> {
    let mut picture = Grid::filled(known.width(), known.height(), 0);
    for pos in known.positions() {
        let i = pos.row * known.width() + pos.col;
        picture[pos] = first_likeliest(&beliefs[i * values..(i + 1) * values]);
    }
    picture
}

/// The value a cell's `belief` finds likeliest, the first of those that tie.
pub(crate) fn first_likeliest(belief: &[f64]) -> u8 {
    let likeliest = (0..belief.len()).fold(0, |best, c| match belief[c] > belief[best] {
        true => c,
        false => best,
    });
    // At most 32 values: the index fits.
    likeliest as u8
}

/// Even odds over the `colours` a cell may take, one entry a value.
fn spread_over(colours: Colours, values: usize) -> impl Iterator<Item = f64> {
    let share = 1.0 / f64::from(colours.count_ones().max(1));
    (0..values).map(move |c| if colours & (1 << c) != 0 { share } else { 0.0 })
}

/// Scales `belief` to sum to 1 over the `colours` a cell may take (0 elsewhere); even odds when
/// it weighs nothing.
fn normalise(belief: &mut [f64], colours: Colours) {
    let total: f64 = belief.iter().sum();
    if total > 0.0 && total.is_finite() {
        belief.iter_mut().for_each(|p| *p /= total);
    } else {
        let values = belief.len();
        for (p, even) in belief.iter_mut().zip(spread_over(colours, values)) {
            *p = even;
        }
    }
}

/// Writes into `message` what a line says of a cell by itself, its `share` of each value with the
/// cell's `prior` divided out, kept [`FLOOR`] from 0 on each of the cell's `colours`.
fn leave_out(share: &[f64], prior: &[f64], colours: Colours, message: &mut [f64]) {
    message.fill(0.0);
    for (c, p) in message.iter_mut().enumerate() {
        if colours & (1 << c) != 0 && prior[c] > 0.0 {
            *p = share[c] / prior[c];
        }
    }
    normalise(message, colours);
    for (c, p) in message.iter_mut().enumerate() {
        if colours & (1 << c) != 0 {
            *p = p.max(FLOOR);
        }
    }
    normalise(message, colours);
}

/// The weighted count of a colour line's completions ([`LineShares::of`]), with its buffers kept
/// from line to line.
#[derive(Default)]
struct LineShares {
    /// Per cell and value, the cell's weight for the value (0 where it may not take it).
    weight: Vec<f64>,
    /// Per block, the cells it takes ([`LineShares::of`]), and per number of blocks placed, the
    /// fewest cells that hold them.
    spans: Vec<usize>,
    first: Vec<usize>,
    /// Per number of blocks placed, the first and last cell at which the forward recursion
    /// reaches that state with any weight.
    reach: Vec<(usize, usize)>,
    /// Per block and start, the weight of the block there (0 where it does not fit, or where
    /// the forward recursion never asks).
    block: Vec<f64>,
    /// The recursion's weights, per number of blocks placed and cell: `forward` of the cells
    /// before, `backward` of the rest.
    forward: Vec<f64>,
    backward: Vec<f64>,
    /// Per value, a difference array of the weight of the placements covering each cell, then
    /// the shares, per cell and value.
    covered: Vec<f64>,
    shares: Vec<f64>,
}

impl LineShares {
    /// Per cell of a line and value, the share of its completions that give the cell the value,
    /// each completion weighing the product over its cells of `priors` (per cell, one a value) for
    /// the value it gives; a cell takes only the values its `line` entry allows. `None` when no
    /// completion fits.
    fn of(
        &mut self,
        blocks: &[Block],
        line: &[Colours],
        priors: &[f64],
        values: usize,
    ) -> Option<&[f64]> {
        let (n, k) = (line.len(), blocks.len());
        // Each cell's weights scaled by its largest, so that a long line's products stay in
        // range; the scale cancels in every share.
        self.weight.clear();
        for (i, &colours) in line.iter().enumerate() {
            let prior = &priors[i * values..(i + 1) * values];
            let allowed = |c: usize| colours & (1 << c) != 0;
            let top = (0..values)
                .filter(|&c| allowed(c))
                .map(|c| prior[c])
                .fold(0.0, f64::max);
            self.weight
                .extend((0..values).map(|c| match allowed(c) && top > 0.0 {
                    true => prior[c] / top,
                    false => 0.0,
                }));
        }
        // Per block, the cells it takes with the background cell after it when the next block has
        // its colour; and the states that can weigh anything: `j` blocks placed within the first
        // `first[j]` cells at the fewest, and at the most within as many as leave room for the
        // rest.
        let (spans, first) = (&mut self.spans, &mut self.first);
        spans.clear();
        spans.extend(blocks.iter().enumerate().map(|(j, b)| {
            let parted = blocks
                .get(j + 1)
                .is_some_and(|next| next.colour == b.colour);
            b.len + usize::from(parted)
        }));
        first.clear();
        first.push(0);
        for (j, &span) in spans.iter().enumerate() {
            first.push(first[j] + span);
        }
        if first[k] > n {
            return None;
        }
        let slack = n - first[k];
        let weight = &self.weight;
        let background = |i: usize| weight[i * values];
        // Block `j` at start `i`: its cells' weights, and the background cell after it when the
        // next block has its colour.
        let block_at = |j: usize, start: usize| {
            let b = &blocks[j];
            let colour = usize::from(b.colour);
            let cells = (start..start + b.len).map(|i| weight[i * values + colour]);
            let w: f64 = cells.product();
            match spans[j] > b.len {
                true => w * background(start + b.len),
                false => w,
            }
        };
        // forward[j * states + i]: the weight of the first `i` cells holding the first `j`
        // blocks, block `j` free to start at cell `i`. Known cells leave a few starts to each
        // block: a row of states is walked only from the first the row before reached, and only
        // until it weighs nothing past the last; `block` is filled where it is walked.
        let states = n + 1;
        let (forward, block, reach) = (&mut self.forward, &mut self.block, &mut self.reach);
        forward.clear();
        forward.resize((k + 1) * states, 0.0);
        block.clear();
        block.resize(k * states, 0.0);
        reach.clear();
        forward[0] = 1.0;
        let mut entered = (0, 0);
        for j in 0..=k {
            let (lo, hi) = entered;
            entered = (usize::MAX, 0);
            let mut last = lo;
            for i in lo..=first[j] + slack {
                let here = forward[j * states + i];
                if here == 0.0 {
                    if i > hi {
                        break;
                    }
                    continue;
                }
                last = i;
                if i < first[j] + slack {
                    forward[j * states + i + 1] += here * background(i);
                }
                if j < k {
                    let w = block_at(j, i);
                    block[j * states + i] = w;
                    if w != 0.0 {
                        let to = i + spans[j];
                        forward[(j + 1) * states + to] += here * w;
                        entered = (entered.0.min(to), entered.1.max(to));
                    }
                }
            }
            reach.push((lo, last));
            if j < k && entered.0 == usize::MAX {
                return None;
            }
        }
        // backward[j * states + i]: the weight of the cells from `i` on holding the blocks from
        // `j` on, over the states the forward recursion reached (no other state is asked for).
        let backward = &mut self.backward;
        backward.clear();
        backward.resize((k + 1) * states, 0.0);
        for j in (0..=k).rev() {
            let (lo, hi) = reach[j];
            for i in (lo..=hi).rev() {
                backward[j * states + i] = if j == k && i == n {
                    1.0
                } else {
                    let mut rest = 0.0;
                    if i < n {
                        rest += background(i) * backward[j * states + i + 1];
                    }
                    if j < k {
                        rest += block[j * states + i] * backward[(j + 1) * states + i + spans[j]];
                    }
                    rest
                };
            }
        }
        let total = backward[0];
        if total <= 0.0 || !total.is_finite() {
            return None;
        }
        // Each placement of a block adds its weight to the cells it covers, in its colour.
        let covered = &mut self.covered;
        covered.clear();
        covered.resize(values * (n + 1), 0.0);
        for (j, b) in blocks.iter().enumerate() {
            let row = usize::from(b.colour) * (n + 1);
            let (lo, hi) = reach[j];
            for i in lo..=hi {
                let placed = forward[j * states + i] * block[j * states + i];
                if placed == 0.0 {
                    continue;
                }
                let w = placed * backward[(j + 1) * states + i + spans[j]];
                covered[row + i] += w;
                covered[row + i + b.len] -= w;
            }
        }
        self.shares.clear();
        self.shares.resize(n * values, 0.0);
        for c in 1..values {
            let mut running = 0.0;
            for i in 0..n {
                running += covered[c * (n + 1) + i];
                self.shares[i * values + c] = (running / total).clamp(0.0, 1.0);
            }
        }
        for i in 0..n {
            let coloured: f64 = self.shares[i * values + 1..(i + 1) * values].iter().sum();
            self.shares[i * values] = (1.0 - coloured).max(0.0);
        }
        Some(&self.shares)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{BACKGROUND, ColourClue};

    /// Every way to colour `n` cells with `values` values that meets `blocks`, each as a list.
    fn completions(blocks: &[Block], n: usize, values: usize) -> Vec<Vec<u8>> {
        let clue = ColourClue::new(blocks.to_vec());
        let mut all = Vec::new();
        let mut line = vec![BACKGROUND; n];
        loop {
            if ColourClue::of_line(line.iter().copied()) == clue {
                all.push(line.clone());
            }
            let Some(at) = line.iter().position(|&v| usize::from(v) + 1 < values) else {
                return all;
            };
            line[at] += 1;
            line[..at].fill(BACKGROUND);
        }
    }

    /// On every line of up to six cells (four with four values) of 2 to 4 values, its clue read
    /// off the line, some cells narrowed to two values, on half the lines some known, and priors
    /// of many sizes, each share is the weighted fraction of the completions (counted one by one)
    /// that give the cell the value.
    #[test]
    fn shares_are_the_weighted_fractions_of_the_completions() {
        let mut shares = LineShares::default();
        let mut checked = 0;
        for values in 2..=4usize {
            for n in 1..=(if values == 4 { 4 } else { 6 }) {
                let lines = values.pow(n as u32);
                for number in 0..lines {
                    let picture: Vec<u8> = (0..n)
                        .map(|i| (number / values.pow(i as u32) % values) as u8)
                        .collect();
                    let blocks = ColourClue::of_line(picture.iter().copied())
                        .blocks()
                        .to_vec();
                    let line: Vec<Colours> = (0..n)
                        .map(|i| match (number + i) % 3 {
                            0 => {
                                (1 << picture[i])
                                    | (1 << ((usize::from(picture[i]) + 1 + number) % values))
                            }
                            // Known cells, on half the lines: most states weigh nothing.
                            1 if number % 2 == 0 => 1 << picture[i],
                            _ => (1 << values) - 1,
                        })
                        .collect();
                    let priors: Vec<f64> = (0..n * values)
                        .map(|at| 0.05 + ((number * 31 + at * 7) % 97) as f64 / 97.0)
                        .collect();
                    let fits =
                        |c: &Vec<u8>| c.iter().zip(&line).all(|(&v, &may)| may & (1 << v) != 0);
                    let all: Vec<Vec<u8>> = completions(&blocks, n, values)
                        .into_iter()
                        .filter(fits)
                        .collect();
                    let weigh = |c: &Vec<u8>| -> f64 {
                        c.iter()
                            .enumerate()
                            .map(|(i, &v)| priors[i * values + usize::from(v)])
                            .product()
                    };
                    let total: f64 = all.iter().map(weigh).sum();
                    let got = shares
                        .of(&blocks, &line, &priors, values)
                        .expect("the line fits");
                    for i in 0..n {
                        for v in 0..values {
                            let want: f64 = all
                                .iter()
                                .filter(|c| usize::from(c[i]) == v)
                                .map(weigh)
                                .sum::<f64>()
                                / total;
                            let share = got[i * values + v];
                            assert!(
                                (share - want).abs() < 1e-9,
                                "{picture:?} cell {i} value {v}: {share} vs {want}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// A clue that does not fit the cells left open has no shares.
    #[test]
    fn a_line_without_completion_has_no_shares() {
        let blocks = [Block { len: 2, colour: 1 }, Block { len: 1, colour: 2 }];
        let line = [0b011, 0b011, 0b001];
        let priors = [0.5; 9];
        assert!(
            LineShares::default()
                .of(&blocks, &line, &priors, 3)
                .is_none()
        );
    }

    #[test]
    fn the_likeliest_value_is_none_on_a_tie() {
        assert_eq!(likeliest_value(&[0.2, 0.5, 0.3]), Some(1));
        assert_eq!(likeliest_value(&[0.4, 0.4, 0.2]), None);
        assert_eq!(likeliest_value(&[0.2, 0.4, 0.4]), None);
        assert_eq!(likeliest_value(&[1.0, 0.0]), Some(0));
    }
}
