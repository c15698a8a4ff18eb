//! drat-check: an independent DRUP/DRAT proof checker. It depends on no crate of nonosat, so that
//! it shares no code with the solver or the encoder by construction.
//!
//! It reads a DIMACS CNF formula and a proof in text DRAT (one lemma per line, ending in `0`;
//! `d` before a clause deletes it; `c` lines are comments) and checks the proof forward: each lemma
//! must be RUP (asserting the negation of each of its literals and unit propagating reaches a
//! conflict) or, failing that, RAT on its first literal `p` (for every live clause `D` holding `-p`,
//! the lemma together with `D` minus `-p` is RUP). The proof is accepted only when the empty clause
//! is derived: an empty lemma that is RUP, or a lemma after which unit propagation alone conflicts.
//!
//! A proof may also hold counting steps (`k` lines, [`CountStep`]): unit clauses that follow from
//! the clues of a black-and-white nonogram, which the formula then declares in its `c nonogram`
//! comment lines ([`Nonogram`]). The checker counts with its own code, sharing none with the
//! solver's; such a proof refutes the clauses together with the declared clues, and in it a RAT
//! lemma may not have a cell as its pivot (changing a cell could break a clue).
//!
//! Unit propagation uses two watched literals per clause. Literals fixed at the root (by unit
//! clauses and what they propagate) stay fixed; deleting a unit clause is ignored, as drat-trim
//! does. Keeping implied literals never lets a wrong proof through: every model of the formula
//! before a deletion satisfies them, so satisfiability is still preserved at each step.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::collections::HashMap;

mod counting;
mod nonogram;

pub use counting::{Axis, CountFault, CountStep};
use nonogram::Known;
pub use nonogram::Nonogram;

/// A formula read from DIMACS: clauses of signed variable numbers (1-based, no zero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dimacs {
    /// The variable count from the `p cnf` header.
    pub vars: u32,
    /// The clauses, in file order.
    pub clauses: Vec<Vec<i32>>,
    /// The nonogram clues its `c nonogram` comment lines declare, for counting steps.
    pub nonogram: Option<Nonogram>,
}

/// One step of a DRAT proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofStep {
    /// A lemma to check and add (empty for the empty clause).
    Add(Vec<i32>),
    /// A clause to delete.
    Delete(Vec<i32>),
    /// Unit clauses (or the empty clause) that follow by counting.
    Count(CountStep),
}

/// A step of a proof with the line it came from (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberedStep {
    /// Line number in the proof file.
    pub line: usize,
    /// The step.
    pub step: ProofStep,
}

/// Text that is not valid DIMACS or DRAT, with the 1-based line where it goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct SyntaxError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// The largest variable number accepted, to refuse absurd inputs before allocating for them: the
/// checker needs about 60 bytes a variable.
pub const MAX_VARIABLE: i32 = 1 << 25;

fn literal(token: &str, line: usize) -> Result<i32, SyntaxError> {
    let value: i32 = token.parse().map_err(|_| SyntaxError {
        line,
        message: format!("\"{token}\" is not a literal"),
    })?;
    if value.unsigned_abs() > MAX_VARIABLE as u32 {
        return Err(SyntaxError {
            line,
            message: format!("variable {} is beyond {MAX_VARIABLE}", value.unsigned_abs()),
        });
    }
    Ok(value)
}

/// Reads a DIMACS CNF formula: comments, the `p cnf VARS CLAUSES` header, then clauses ending in
/// `0` (a clause may span lines), and the nonogram clues of its `c nonogram` lines, if any.
pub fn parse_dimacs(text: &str) -> Result<Dimacs, SyntaxError> {
    let nonogram = nonogram::parse_nonogram(text)?;
    let mut header: Option<(u32, usize)> = None;
    let mut clauses = Vec::new();
    let mut current = Vec::new();
    let mut last_line = 0;
    for (number, line) in text.lines().enumerate() {
        let number = number + 1;
        last_line = number;
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') || line.starts_with('%') {
            continue;
        }
        if let Some(rest) = line.strip_prefix('p') {
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let parsed = match fields.as_slice() {
                ["cnf", vars, count] => vars.parse().ok().zip(count.parse().ok()),
                _ => None,
            };
            if header.is_some() || parsed.is_none() {
                return Err(SyntaxError {
                    line: number,
                    message: "expected one header \"p cnf VARIABLES CLAUSES\"".into(),
                });
            }
            if parsed.is_some_and(|(vars, _)| vars > MAX_VARIABLE as u32) {
                return Err(SyntaxError {
                    line: number,
                    message: format!("more than {MAX_VARIABLE} variables"),
                });
            }
            header = parsed;
            continue;
        }
        let Some((vars, _)) = header else {
            return Err(SyntaxError {
                line: number,
                message: "a clause before the \"p cnf\" header".into(),
            });
        };
        for token in line.split_whitespace() {
            let lit = literal(token, number)?;
            if lit == 0 {
                clauses.push(std::mem::take(&mut current));
            } else if lit.unsigned_abs() > vars {
                return Err(SyntaxError {
                    line: number,
                    message: format!("variable {} is beyond the header's {vars}", lit.abs()),
                });
            } else {
                current.push(lit);
            }
        }
    }
    let Some((vars, count)) = header else {
        return Err(SyntaxError {
            line: last_line.max(1),
            message: "no \"p cnf\" header".into(),
        });
    };
    if !current.is_empty() {
        return Err(SyntaxError {
            line: last_line,
            message: "the last clause does not end in 0".into(),
        });
    }
    if clauses.len() != count {
        return Err(SyntaxError {
            line: last_line.max(1),
            message: format!(
                "the header says {count} clauses, the file has {}",
                clauses.len()
            ),
        });
    }
    if let Some(nonogram) = &nonogram
        && nonogram.cells() > vars as usize
    {
        return Err(SyntaxError {
            line: last_line.max(1),
            message: format!(
                "the nonogram has {} cells, the formula {vars} variables",
                nonogram.cells()
            ),
        });
    }
    Ok(Dimacs {
        vars,
        clauses,
        nonogram,
    })
}

/// Reads a text DRAT proof: one step a line, a lemma's literals ending in `0`, `d` before a
/// deletion, `k` before a counting step ([`CountStep`]), `c` lines as comments.
pub fn parse_drat(text: &str) -> Result<Vec<NumberedStep>, SyntaxError> {
    let mut steps = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let number = number + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        if let Some(rest) = line.strip_prefix('k') {
            let step = ProofStep::Count(count_step(rest, number)?);
            steps.push(NumberedStep { line: number, step });
            continue;
        }
        let (delete, rest) = match line.strip_prefix('d') {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        let mut lits = Vec::new();
        let mut ended = false;
        for token in rest.split_whitespace() {
            if ended {
                return Err(SyntaxError {
                    line: number,
                    message: "text after the closing 0".into(),
                });
            }
            match literal(token, number)? {
                0 => ended = true,
                lit => lits.push(lit),
            }
        }
        if !ended {
            return Err(SyntaxError {
                line: number,
                message: "the clause does not end in 0".into(),
            });
        }
        let step = if delete {
            ProofStep::Delete(lits)
        } else {
            ProofStep::Add(lits)
        };
        steps.push(NumberedStep { line: number, step });
    }
    Ok(steps)
}

/// Reads a counting step after its `k`: `rows|columns CLASS... = TOTAL | UNITS... 0`.
fn count_step(text: &str, line: usize) -> Result<CountStep, SyntaxError> {
    let fail = |message: &str| SyntaxError {
        line,
        message: message.to_owned(),
    };
    let expected = "expected \"k rows|columns CLASS... = TOTAL | UNITS... 0\"";
    let (class, units) = text.split_once('|').ok_or_else(|| fail(expected))?;
    let (class, total) = class.split_once('=').ok_or_else(|| fail(expected))?;
    let total = total
        .trim()
        .parse()
        .map_err(|_| fail("a counting step's total is not a number"))?;
    let mut class = class.split_whitespace();
    let axis = match class.next() {
        Some("rows") => Axis::Rows,
        Some("columns") => Axis::Columns,
        _ => return Err(fail(expected)),
    };
    let class = class
        .map(str::parse)
        .collect::<Result<Vec<usize>, _>>()
        .map_err(|_| fail("a class holds something other than line indices"))?;
    let mut units = units
        .split_whitespace()
        .map(|token| literal(token, line))
        .collect::<Result<Vec<i32>, _>>()?;
    if units.pop() != Some(0) || units.contains(&0) {
        return Err(fail("a counting step's units end in one 0"));
    }
    Ok(CountStep {
        axis,
        class,
        total,
        units,
    })
}

/// Why a proof was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Rejection {
    /// The lemma on this proof line is neither RUP nor RAT.
    #[error("the lemma on line {line} of the proof is neither RUP nor RAT")]
    NotImplied {
        /// 1-based line of the proof.
        line: usize,
    },
    /// The counting step on this proof line does not follow.
    #[error("the counting step on line {line} of the proof does not follow: {fault}")]
    CountNotImplied {
        /// 1-based line of the proof.
        line: usize,
        /// Why not.
        fault: CountFault,
    },
    /// Every step checked, but the empty clause was never derived.
    #[error("every lemma checks, but the proof never derives the empty clause")]
    NoEmptyClause,
}

/// What a successful check established.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verified {
    /// Lemmas checked by RUP.
    pub rup: usize,
    /// Lemmas that needed RAT.
    pub rat: usize,
    /// Deletions carried out (deletions of unit clauses and of clauses not present are ignored).
    pub deletions: usize,
    /// Counting steps.
    pub counting: usize,
}

/// Checks that `steps` refute `formula`: the formula is unsatisfiable.
pub fn check_refutation(formula: &Dimacs, steps: &[NumberedStep]) -> Result<Verified, Rejection> {
    let most = steps
        .iter()
        .flat_map(|numbered| match &numbered.step {
            ProofStep::Add(lits) | ProofStep::Delete(lits) => lits.iter(),
            ProofStep::Count(step) => step.units.iter(),
        })
        .chain(formula.clauses.iter().flatten())
        .map(|lit| lit.unsigned_abs())
        .max()
        .unwrap_or(0)
        .max(formula.vars)
        .max(formula.nonogram.as_ref().map_or(0, |n| n.cells() as u32));
    let mut state = State::new(most as usize);
    // Counting rests on the clues over the cells: no RAT step may change a cell.
    if steps.iter().any(|s| matches!(s.step, ProofStep::Count(_))) {
        state.fixed_vars = formula.nonogram.as_ref().map_or(0, |n| n.cells() as u32);
    }
    for clause in &formula.clauses {
        state.add(clause);
    }
    let mut verified = Verified::default();
    for numbered in steps {
        if state.inconsistent {
            return Ok(verified);
        }
        match &numbered.step {
            ProofStep::Delete(lits) => verified.deletions += usize::from(state.delete(lits)),
            ProofStep::Count(step) => {
                let known = |var: u32| match state.value(encode_lit(var as i32)) {
                    Value::True => Known::Black,
                    Value::False => Known::White,
                    Value::Unknown => Known::Open,
                };
                counting::check_step(formula.nonogram.as_ref(), step, known).map_err(|fault| {
                    Rejection::CountNotImplied {
                        line: numbered.line,
                        fault,
                    }
                })?;
                verified.counting += 1;
                if step.units.is_empty() {
                    return Ok(verified);
                }
                for &unit in &step.units {
                    state.add(&[unit]);
                }
            }
            ProofStep::Add(lits) => {
                let lemma = encode_lemma(lits);
                if state.is_rup(&lemma) {
                    verified.rup += 1;
                } else if state.is_rat(&lemma) {
                    verified.rat += 1;
                } else {
                    return Err(Rejection::NotImplied {
                        line: numbered.line,
                    });
                }
                if lits.is_empty() {
                    return Ok(verified);
                }
                state.add(lits);
            }
        }
    }
    if state.inconsistent {
        Ok(verified)
    } else {
        Err(Rejection::NoEmptyClause)
    }
}

/// Literals inside the checker: variable `v` is `2v` when true, `2v + 1` when false.
type Lit = u32;

fn encode_lit(lit: i32) -> Lit {
    (lit.unsigned_abs() << 1) | u32::from(lit < 0)
}

/// The clause's literals, sorted, without repeats.
fn encode_clause(lits: &[i32]) -> Vec<Lit> {
    let mut clause: Vec<Lit> = lits.iter().map(|&lit| encode_lit(lit)).collect();
    clause.sort_unstable();
    clause.dedup();
    clause
}

/// The lemma's literals in the order written (the first is the RAT pivot), without repeats.
fn encode_lemma(lits: &[i32]) -> Vec<Lit> {
    let mut lemma: Vec<Lit> = Vec::with_capacity(lits.len());
    for lit in lits.iter().map(|&lit| encode_lit(lit)) {
        if !lemma.contains(&lit) {
            lemma.push(lit);
        }
    }
    lemma
}

fn is_tautology(sorted: &[Lit]) -> bool {
    sorted.windows(2).any(|pair| pair[0] ^ 1 == pair[1])
}

/// Value of a literal: unknown, true or false.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Value {
    Unknown,
    True,
    False,
}

struct Clause {
    lits: Vec<Lit>,
    deleted: bool,
}

/// Clauses with two watches each, the root assignment, and a lookup for deletions.
struct State {
    clauses: Vec<Clause>,
    /// `watches[l]`: the clauses watching literal `l`, visited when `l` becomes false.
    watches: Vec<Vec<usize>>,
    values: Vec<Value>,
    trail: Vec<Lit>,
    /// Clauses by their sorted literals, for deletion.
    by_content: HashMap<Vec<Lit>, Vec<usize>>,
    /// Unit propagation at the root has found a conflict: the empty clause follows.
    inconsistent: bool,
    /// Variables 1 to this may not be RAT pivots: the cells, in a proof with counting steps.
    fixed_vars: u32,
}

impl State {
    fn new(vars: usize) -> Self {
        let literals = 2 * (vars + 1);
        State {
            clauses: Vec::new(),
            watches: vec![Vec::new(); literals],
            values: vec![Value::Unknown; literals],
            trail: Vec::new(),
            by_content: HashMap::new(),
            inconsistent: false,
            fixed_vars: 0,
        }
    }

    fn value(&self, lit: Lit) -> Value {
        self.values[lit as usize]
    }

    fn assign(&mut self, lit: Lit) {
        self.values[lit as usize] = Value::True;
        self.values[(lit ^ 1) as usize] = Value::False;
        self.trail.push(lit);
    }

    fn undo_to(&mut self, length: usize) {
        for lit in self.trail.drain(length..) {
            self.values[lit as usize] = Value::Unknown;
            self.values[(lit ^ 1) as usize] = Value::Unknown;
        }
    }

    /// Adds a clause at the root and propagates what it implies there.
    fn add(&mut self, lits: &[i32]) {
        let sorted = encode_clause(lits);
        if is_tautology(&sorted) {
            return;
        }
        let mut lits = sorted.clone();
        // Non-false literals first, so that the watches are the best two.
        lits.sort_by_key(|&lit| self.value(lit) == Value::False);
        let id = self.clauses.len();
        self.by_content.entry(sorted).or_default().push(id);
        let open = lits
            .iter()
            .take_while(|&&lit| self.value(lit) != Value::False)
            .count();
        if lits.len() >= 2 {
            self.watches[lits[0] as usize].push(id);
            self.watches[lits[1] as usize].push(id);
        }
        let first = lits.first().copied();
        self.clauses.push(Clause {
            lits,
            deleted: false,
        });
        match (open, first) {
            (0, _) | (_, None) => self.inconsistent = true,
            (1, Some(unit)) if self.value(unit) == Value::Unknown => {
                let start = self.trail.len();
                self.assign(unit);
                if !self.propagate(start) {
                    self.inconsistent = true;
                }
            }
            _ => {}
        }
    }

    /// Deletes one copy of the clause; false when it is absent or a unit (both ignored).
    fn delete(&mut self, lits: &[i32]) -> bool {
        let sorted = encode_clause(lits);
        if sorted.len() < 2 {
            return false;
        }
        let Some(ids) = self.by_content.get_mut(&sorted) else {
            return false;
        };
        let Some(id) = ids.pop() else {
            return false;
        };
        if ids.is_empty() {
            self.by_content.remove(&sorted);
        }
        self.clauses[id].deleted = true;
        true
    }

    /// Propagates the trail from `start`; false on a conflict.
    fn propagate(&mut self, start: usize) -> bool {
        let mut next = start;
        while next < self.trail.len() {
            let falsified = self.trail[next] ^ 1;
            next += 1;
            let mut watching = std::mem::take(&mut self.watches[falsified as usize]);
            let mut kept = 0;
            let mut conflict = false;
            let mut i = 0;
            while i < watching.len() {
                let id = watching[i];
                i += 1;
                if self.clauses[id].deleted {
                    continue;
                }
                if conflict {
                    watching[kept] = id;
                    kept += 1;
                    continue;
                }
                let clause = &mut self.clauses[id].lits;
                if clause[0] == falsified {
                    clause.swap(0, 1);
                }
                let other = clause[0];
                if self.values[other as usize] == Value::True {
                    watching[kept] = id;
                    kept += 1;
                    continue;
                }
                let replacement =
                    (2..clause.len()).find(|&k| self.values[clause[k] as usize] != Value::False);
                if let Some(k) = replacement {
                    clause.swap(1, k);
                    let new_watch = clause[1];
                    self.watches[new_watch as usize].push(id);
                    continue;
                }
                watching[kept] = id;
                kept += 1;
                if self.values[other as usize] == Value::False {
                    conflict = true;
                } else {
                    self.assign(other);
                }
            }
            watching.truncate(kept);
            self.watches[falsified as usize] = watching;
            if conflict {
                return false;
            }
        }
        true
    }

    /// Whether asserting the negation of `clause` leads to a conflict by unit propagation.
    fn is_rup(&mut self, clause: &[Lit]) -> bool {
        if self.inconsistent {
            return true;
        }
        let root = self.trail.len();
        let mut conflict = false;
        for &lit in clause {
            match self.value(lit) {
                Value::True => conflict = true,
                Value::False => {}
                Value::Unknown => self.assign(lit ^ 1),
            }
            if conflict {
                break;
            }
        }
        let refuted = conflict || !self.propagate(root);
        self.undo_to(root);
        refuted
    }

    /// Whether `clause` is RAT on its first literal (in the order given).
    fn is_rat(&mut self, clause: &[Lit]) -> bool {
        let Some(&pivot) = clause.first() else {
            return false;
        };
        if self.value(pivot) == Value::False || pivot >> 1 <= self.fixed_vars {
            // The root holds the unit clause of its negation, or the pivot is a cell.
            return false;
        }
        let negated = pivot ^ 1;
        let partners: Vec<Vec<Lit>> = self
            .clauses
            .iter()
            .filter(|c| !c.deleted && c.lits.contains(&negated))
            .map(|c| c.lits.clone())
            .collect();
        partners.iter().all(|partner| {
            let mut resolvent = clause.to_vec();
            resolvent.extend(partner.iter().copied().filter(|&lit| lit != negated));
            resolvent.sort_unstable();
            resolvent.dedup();
            is_tautology(&resolvent) || self.is_rup(&resolvent)
        })
    }
}

/// Why a model is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// The model names a variable both true and false (`v -1 1`): it is no assignment.
    #[error("the model gives variable {var} both values")]
    BothValues {
        /// The variable (1-based, as in DIMACS).
        var: u32,
    },
    /// The model leaves a clause false.
    #[error("the model breaks clause {} of the formula (1-based)", clause + 1)]
    Breaks {
        /// The clause, 0-based.
        clause: usize,
    },
}

/// Checks that `model` (signed literals; a variable it does not name counts as false) is an
/// assignment, naming no variable both true and false, and satisfies every clause of `formula`.
pub fn check_model(formula: &Dimacs, model: &[i32]) -> Result<(), ModelError> {
    let mut value = vec![false; formula.vars as usize + 1];
    let mut named = vec![false; formula.vars as usize + 1];
    for &lit in model {
        let var = lit.unsigned_abs();
        if let Some(slot) = value.get_mut(var as usize) {
            if named[var as usize] && *slot != (lit > 0) {
                return Err(ModelError::BothValues { var });
            }
            named[var as usize] = true;
            *slot = lit > 0;
        }
    }
    let holds = |lit: i32| value[lit.unsigned_abs() as usize] == (lit > 0);
    match formula
        .clauses
        .iter()
        .position(|clause| !clause.iter().any(|&lit| holds(lit)))
    {
        Some(clause) => Err(ModelError::Breaks { clause }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn formula(text: &str) -> Dimacs {
        parse_dimacs(text).unwrap()
    }

    const ALL_FOUR: &str = "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n";

    #[test]
    fn a_rup_proof_checks_and_needs_every_lemma() {
        let with_extra = formula("p cnf 3 5\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n1 2 3 0\n");
        let steps = parse_drat("d 3 2 1 0\n2 0\n0\n").unwrap();
        let verified = check_refutation(&with_extra, &steps).unwrap();
        // After the lemma (2), unit propagation alone conflicts: the empty clause follows.
        assert_eq!((verified.rup, verified.rat, verified.deletions), (1, 0, 1));
        let without = parse_drat("0\n").unwrap();
        assert_eq!(
            check_refutation(&formula(ALL_FOUR), &without),
            Err(Rejection::NotImplied { line: 1 })
        );
        let all_eight: String = (0..8)
            .map(|signs: i32| {
                let lit = |v: i32| if signs >> (v - 1) & 1 == 1 { -v } else { v };
                format!("{} {} {} 0\n", lit(1), lit(2), lit(3))
            })
            .collect();
        let all_eight = formula(&format!("p cnf 3 8\n{all_eight}"));
        assert_eq!(
            check_refutation(&all_eight, &parse_drat("1 2 0\n").unwrap()),
            Err(Rejection::NoEmptyClause),
            "the empty clause must be derived"
        );
        let full = parse_drat("1 2 0\n1 0\n2 0\n0\n").unwrap();
        assert!(check_refutation(&all_eight, &full).is_ok());
    }

    #[test]
    fn rat_on_the_first_literal() {
        // 3 is a fresh variable: "3" is RAT (no clause holds -3), though not RUP.
        let steps = parse_drat("3 0\n2 0\n0\n").unwrap();
        let formula3 = formula("p cnf 3 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n");
        let verified = check_refutation(&formula3, &steps).unwrap();
        assert_eq!((verified.rup, verified.rat), (1, 1));
        // With the clause (-3 4), the resolvent (4) is not RUP: "3" is not RAT.
        let blocked = formula("p cnf 4 1\n-3 4 0\n");
        assert_eq!(
            check_refutation(&blocked, &parse_drat("3 0\n").unwrap()),
            Err(Rejection::NotImplied { line: 1 })
        );
    }

    #[test]
    fn deletion_weakens_the_formula() {
        // After deleting (1 -2) the lemma (1) is neither RUP nor RAT (the resolvent with (-1 3)
        // is not RUP); before, it is RUP.
        let formula = formula("p cnf 3 4\n1 2 0\n1 -2 0\n-1 3 0\n-1 -3 0\n");
        assert!(check_refutation(&formula, &parse_drat("1 0\n").unwrap()).is_ok());
        let steps = parse_drat("d -2 1 0\n1 0\n").unwrap();
        assert_eq!(
            check_refutation(&formula, &steps),
            Err(Rejection::NotImplied { line: 2 })
        );
    }

    #[test]
    fn a_satisfiable_formula_is_never_refuted() {
        let satisfiable = formula("p cnf 2 3\n1 2 0\n-1 2 0\n1 -2 0\n");
        for proof in ["0\n", "2 0\n0\n", "-1 0\n0\n", "1 0\n2 0\n0\n"] {
            let steps = parse_drat(proof).unwrap();
            assert!(check_refutation(&satisfiable, &steps).is_err(), "{proof}");
        }
        assert_eq!(check_model(&satisfiable, &[1, 2]), Ok(()));
        assert_eq!(
            check_model(&satisfiable, &[1, -2]),
            Err(ModelError::Breaks { clause: 1 })
        );
        // `-1 1` satisfied both clauses before: an assignment gives a variable one value.
        assert_eq!(
            check_model(&satisfiable, &[-1, 1, 2]),
            Err(ModelError::BothValues { var: 1 })
        );
        assert_eq!(check_model(&satisfiable, &[1, 1, 2]), Ok(()));
    }

    #[test]
    fn syntax_errors_name_the_line() {
        let error = parse_dimacs("p cnf 2 1\n1 x 0\n").unwrap_err();
        assert_eq!(error.to_string(), "line 2: \"x\" is not a literal");
        let error = parse_dimacs("p cnf 2 1\n1 3 0\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2: variable 3 is beyond the header's 2"
        );
        let error = parse_dimacs("p cnf 2 2\n1 2 0\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2: the header says 2 clauses, the file has 1"
        );
        let error = parse_dimacs("p cnf 4000000000 0\n").unwrap_err();
        assert_eq!(error.to_string(), "line 1: more than 33554432 variables");
        let error = parse_drat("1 2\n").unwrap_err();
        assert_eq!(error.to_string(), "line 1: the clause does not end in 0");
    }
}
