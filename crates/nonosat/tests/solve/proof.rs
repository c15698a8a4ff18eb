//! Certified verdicts: DRAT proofs from the solver checked by the independent checker, and the
//! corruptions that it must reject.

use std::time::Duration;

use crate::brute::{Rng, clues, picture_from_masks};
use drat_check::{
    CountFault, Dimacs, NumberedStep, ProofStep, Rejection, check_model, check_refutation,
    parse_dimacs, parse_drat,
};
use nonosat::deadline::Deadline;
use nonosat::formats::read_path;
use nonosat::sat::SatBackend;
use nonosat::solve::certify::{CertifyError, prove, write_other_solution};
use nonosat::solve::{Options, Verdict, check};
use nonosat::{Grid, Puzzle};

/// The formula and `backend`'s DRAT proof that `solution` is the only solution (or, without one,
/// that there is none).
fn certificate(
    puzzle: &Puzzle,
    blocked: Option<&Grid<bool>>,
    backend: SatBackend,
) -> (Dimacs, Vec<NumberedStep>) {
    let (mut formula, mut proof) = (Vec::new(), Vec::new());
    let other = prove(puzzle, blocked, &mut formula, &mut proof, backend, None)
        .map(|proof| proof.other)
        .unwrap();
    assert_eq!(other, None, "the formula must be unsatisfiable");
    let formula = parse_dimacs(&String::from_utf8(formula).unwrap()).unwrap();
    let steps = parse_drat(&String::from_utf8(proof).unwrap()).unwrap();
    (formula, steps)
}

/// Unique puzzles that line logic does not solve, so that their proofs hold real lemmas.
fn unique_puzzles_needing_search(count: usize) -> Vec<(Puzzle, Grid<bool>)> {
    let mut rng = Rng::new(2024);
    let mut found = Vec::new();
    while found.len() < count {
        let size = 10 + rng.below(11) as usize;
        let picture = rng.picture(size, size, 0.5);
        let planted = Puzzle::from_picture(&picture).unwrap();
        let puzzle = Puzzle::new(planted.rows().to_vec(), planted.columns().to_vec()).unwrap();
        let report = check(&puzzle, &Options::default()).unwrap();
        if report.verdict == Verdict::Unique && !report.line_solvable {
            found.push((puzzle, picture));
        }
    }
    found
}

fn lemma_count(steps: &[NumberedStep]) -> usize {
    steps
        .iter()
        .filter(|s| matches!(s.step, ProofStep::Add(_)))
        .count()
}

#[test]
fn proofs_of_unique_puzzles_verify() {
    for &backend in SatBackend::ALL {
        for (puzzle, solution) in unique_puzzles_needing_search(8) {
            let (formula, steps) = certificate(&puzzle, Some(&solution), backend);
            assert!(
                lemma_count(&steps) > 0,
                "a puzzle needing search needs lemmas"
            );
            let verified = check_refutation(&formula, &steps).unwrap();
            assert!(verified.rup > 0);
        }
        // The 4x2 puzzle line logic cannot solve, and an unsolvable one (no solution to block).
        let counterexample =
            Puzzle::new(clues(&[&[2], &[1, 1]]), clues(&[&[1], &[1], &[1], &[1]])).unwrap();
        let only = picture_from_masks(&[0b0110, 0b1001], 4);
        let (formula, steps) = certificate(&counterexample, Some(&only), backend);
        check_refutation(&formula, &steps).unwrap();
        let unsolvable = Puzzle::new(clues(&[&[2], &[]]), clues(&[&[1], &[], &[1]])).unwrap();
        let (formula, steps) = certificate(&unsolvable, None, backend);
        check_refutation(&formula, &steps).unwrap();
    }
}

#[test]
fn a_changed_lemma_is_rejected() {
    for &backend in SatBackend::ALL {
        for (puzzle, solution) in unique_puzzles_needing_search(4) {
            let (formula, mut steps) = certificate(&puzzle, Some(&solution), backend);
            let first = steps
                .iter()
                .position(|s| matches!(s.step, ProofStep::Add(_)))
                .unwrap();
            // The step after the first unit lemma (l) changed to (-l): contradicts what was derived.
            let unit = steps
                .iter()
                .position(|s| matches!(&s.step, ProofStep::Add(lits) if lits.len() == 1))
                .expect("proofs of these puzzles derive units");
            let mut negated = steps.clone();
            let ProofStep::Add(lits) = &steps[unit].step else {
                unreachable!()
            };
            negated[unit + 1].step = ProofStep::Add(vec![-lits[0]]);
            assert_eq!(
                check_refutation(&formula, &negated),
                Err(Rejection::NotImplied {
                    line: negated[unit + 1].line
                })
            );
            // The empty clause in place of the first lemma: not implied by unit propagation.
            steps[first].step = ProofStep::Add(Vec::new());
            assert_eq!(
                check_refutation(&formula, &steps),
                Err(Rejection::NotImplied {
                    line: steps[first].line
                })
            );
        }
    }
}

#[test]
fn dropped_lemmas_are_rejected() {
    for &backend in SatBackend::ALL {
        for (puzzle, solution) in unique_puzzles_needing_search(4) {
            let (formula, steps) = certificate(&puzzle, Some(&solution), backend);
            let deletions_only: Vec<_> = steps
                .iter()
                .filter(|s| matches!(s.step, ProofStep::Delete(_)))
                .cloned()
                .collect();
            assert_eq!(
                check_refutation(&formula, &deletions_only),
                Err(Rejection::NoEmptyClause)
            );
            let lemmas = lemma_count(&steps);
            let mut kept = 0;
            let first_half: Vec<_> = steps
                .iter()
                .filter(|s| {
                    kept += usize::from(matches!(s.step, ProofStep::Add(_)));
                    kept <= lemmas / 2
                })
                .cloned()
                .collect();
            assert!(check_refutation(&formula, &first_half).is_err());
        }
    }
}

#[test]
fn a_proof_for_a_different_formula_is_rejected() {
    for &backend in SatBackend::ALL {
        let puzzles = unique_puzzles_needing_search(6);
        for pair in puzzles.windows(2) {
            let (formula, _) = certificate(&pair[0].0, Some(&pair[0].1), backend);
            let (_, other_steps) = certificate(&pair[1].0, Some(&pair[1].1), backend);
            assert!(check_refutation(&formula, &other_steps).is_err());
        }
    }
}

#[test]
fn a_formula_with_an_extra_solution_is_rejected() {
    for &backend in SatBackend::ALL {
        for (puzzle, solution) in unique_puzzles_needing_search(4) {
            let (mut formula, steps) = certificate(&puzzle, Some(&solution), backend);
            // Without the blocking clause the formula has the solution as a model.
            formula.clauses.pop();
            assert!(check_refutation(&formula, &steps).is_err());
        }
        // A puzzle with two solutions: block one, and the formula still has a model; no proof of the
        // unique puzzles may refute it.
        let diagonals = Puzzle::new(clues(&[&[1], &[1]]), clues(&[&[1], &[1]])).unwrap();
        let first = picture_from_masks(&[0b01, 0b10], 2);
        let (mut formula, mut proof) = (Vec::new(), Vec::new());
        let other = prove(
            &diagonals,
            Some(&first),
            &mut formula,
            &mut proof,
            backend,
            None,
        )
        .map(|proof| proof.other)
        .unwrap();
        assert_eq!(other, Some(picture_from_masks(&[0b10, 0b01], 2)));
        let formula = parse_dimacs(&String::from_utf8(formula).unwrap()).unwrap();
        let steps = parse_drat(&String::from_utf8(proof).unwrap()).unwrap();
        assert!(check_refutation(&formula, &steps).is_err());
    }
}

#[test]
fn a_second_solution_is_certified_by_a_model() {
    let diagonals = Puzzle::new(clues(&[&[1], &[1]]), clues(&[&[1], &[1]])).unwrap();
    let (first, second) = (
        picture_from_masks(&[0b01, 0b10], 2),
        picture_from_masks(&[0b10, 0b01], 2),
    );
    let (mut formula, mut model) = (Vec::new(), Vec::new());
    write_other_solution(&diagonals, &first, &second, &mut formula, &mut model).unwrap();
    let formula = parse_dimacs(&String::from_utf8(formula).unwrap()).unwrap();
    let literals: Vec<i32> = String::from_utf8(model)
        .unwrap()
        .lines()
        .filter_map(|line| line.strip_prefix("v "))
        .flat_map(|values| values.split_whitespace().map(|v| v.parse().unwrap()))
        .collect();
    assert_eq!(check_model(&formula, &literals), Ok(()));
    // The blocked solution is not a model: flip every cell back to it.
    let flipped: Vec<i32> = literals
        .iter()
        .map(|&lit| if lit.unsigned_abs() <= 4 { -lit } else { lit })
        .collect();
    assert!(check_model(&formula, &flipped).is_err());
}

/// Proofs for hard published puzzles of the corpus (Light and Merka of Wolter's survey) verify
/// with the independent checker.
#[test]
fn proofs_of_corpus_puzzles_verify() {
    let Some(corpus) = crate::common::corpus_dir() else {
        return;
    };
    for file in ["survey/webpbn-00803.nin", "survey/webpbn-01611.nin"] {
        let puzzle = read_path(&corpus.join(file), None)
            .unwrap()
            .remove(0)
            .puzzle;
        let report = check(&puzzle, &Options::default()).unwrap();
        assert_eq!(report.verdict, Verdict::Unique, "{file}");
        for &backend in SatBackend::ALL {
            let (formula, steps) = certificate(&puzzle, Some(&report.solutions[0]), backend);
            let verified = check_refutation(&formula, &steps).unwrap();
            assert!(verified.rup > 100, "{file} under {backend:?}: a real proof");
        }
    }
}

/// A certifying solve keeps its deadline: a deadline already passed stops it under every backend,
/// and says so instead of writing a proof that proves nothing.
#[test]
fn a_certifying_solve_keeps_its_deadline() {
    let (puzzle, solution) = unique_puzzles_needing_search(1).remove(0);
    let passed = Some(Deadline::after(Duration::ZERO));
    for &backend in SatBackend::ALL {
        let (mut formula, mut proof) = (Vec::new(), Vec::new());
        let certified = prove(
            &puzzle,
            Some(&solution),
            &mut formula,
            &mut proof,
            backend,
            passed,
        )
        .map(|proof| proof.other);
        assert!(
            matches!(certified, Err(CertifyError::TimedOut)),
            "{backend:?}: {certified:?}"
        );
    }
}

/// n-Dom ("Domino Logic III", `../shared/puzzles/ndom`): rows [3], [1], (n - 1) x ([3 1], [1]),
/// [1]; columns [1], [1], (n - 1) x ([1 3], [1]), [3].
fn n_dom(n: usize) -> Puzzle {
    let lines = |first: &[&[usize]], pair: [&[usize]; 2], last: &[usize]| {
        let mut lines: Vec<&[usize]> = first.to_vec();
        for _ in 1..n {
            lines.extend(pair);
        }
        lines.push(last);
        clues(&lines)
    };
    let rows = lines(&[&[3], &[1]], [&[3, 1], &[1]], &[1]);
    let columns = lines(&[&[1], &[1]], [&[1, 3], &[1]], &[3]);
    Puzzle::new(rows, columns).unwrap()
}

/// The formula, the proof (counting steps first) and the counting steps' number for `puzzle`'s
/// unique solution, which `check` finds.
fn counting_certificate(
    puzzle: &Puzzle,
    backend: SatBackend,
) -> (Dimacs, Vec<NumberedStep>, usize) {
    let report = check(puzzle, &Options::default()).unwrap();
    assert_eq!(report.verdict, Verdict::Unique);
    assert!(report.fixed_by_counting > 0, "the verdict uses counting");
    let (mut formula, mut proof) = (Vec::new(), Vec::new());
    let blocked = Some(&report.solutions[0]);
    let proved = prove(puzzle, blocked, &mut formula, &mut proof, backend, None).unwrap();
    assert_eq!(proved.other, None, "the formula must be unsatisfiable");
    let formula = parse_dimacs(&String::from_utf8(formula).unwrap()).unwrap();
    let steps = parse_drat(&String::from_utf8(proof).unwrap()).unwrap();
    (formula, steps, proved.counting_steps)
}

/// 5-, 6- and 8-Dom, whose verdicts rest on counting across lines, are certified by counting steps
/// that the independent checker verifies with its own count; the proof refutes the clues with the
/// formula, and in the corpus's files (when present) too.
#[test]
fn counting_certificates_of_n_dom_verify() {
    for n in [5, 6, 8] {
        let puzzle = n_dom(n);
        if let Some(corpus) = crate::common::corpus_dir() {
            let file = corpus.join(format!("ndom/{n:02}-dom.nin"));
            let read = read_path::<Puzzle>(&file, None).unwrap().remove(0).puzzle;
            assert_eq!(
                (read.rows(), read.columns()),
                (puzzle.rows(), puzzle.columns())
            );
        }
        for &backend in SatBackend::ALL {
            let (formula, steps, counting_steps) = counting_certificate(&puzzle, backend);
            assert!(counting_steps > 0, "{n}-Dom");
            assert_eq!(formula.nonogram.as_ref().unwrap().rows.len(), 2 * n + 1);
            let verified = check_refutation(&formula, &steps).unwrap();
            assert_eq!(
                verified.counting, counting_steps,
                "{n}-Dom under {backend:?}"
            );
        }
    }
}

/// The puzzles that need search and not counting keep plain DRAT proofs: no counting step, and no
/// clue lines in the formula.
#[test]
fn proofs_without_counting_stay_plain_drat() {
    for (puzzle, solution) in unique_puzzles_needing_search(6) {
        let report = check(&puzzle, &Options::default()).unwrap();
        let (mut formula, mut proof) = (Vec::new(), Vec::new());
        let backend = SatBackend::Varisat;
        let proved = prove(
            &puzzle,
            Some(&solution),
            &mut formula,
            &mut proof,
            backend,
            None,
        );
        let counting_steps = proved.unwrap().counting_steps;
        assert_eq!(counting_steps > 0, report.fixed_by_counting > 0);
        let formula = parse_dimacs(&String::from_utf8(formula).unwrap()).unwrap();
        let steps = parse_drat(&String::from_utf8(proof).unwrap()).unwrap();
        let counted = steps
            .iter()
            .filter(|s| matches!(s.step, ProofStep::Count(_)));
        assert_eq!(counted.count(), counting_steps);
        assert_eq!(formula.nonogram.is_some(), counting_steps > 0);
    }
}

/// What the checker says of `steps` changed by `change`, a proof of 6-Dom.
fn tampered(change: impl FnOnce(&mut Dimacs, &mut Vec<NumberedStep>)) -> Result<(), Rejection> {
    let (mut formula, mut steps, _) = counting_certificate(&n_dom(6), SatBackend::Varisat);
    change(&mut formula, &mut steps);
    check_refutation(&formula, &steps).map(|_| ())
}

/// The first counting step of a proof.
fn first_count(steps: &mut [NumberedStep]) -> &mut drat_check::CountStep {
    steps
        .iter_mut()
        .find_map(|s| match &mut s.step {
            ProofStep::Count(step) => Some(step),
            _ => None,
        })
        .unwrap()
}

fn count_fault(result: Result<(), Rejection>) -> CountFault {
    match result {
        Err(Rejection::CountNotImplied { fault, .. }) => fault,
        other => panic!("expected a rejected counting step, got {other:?}"),
    }
}

#[test]
fn tampered_counting_certificates_are_rejected() {
    assert_eq!(tampered(|_, _| ()), Ok(()), "the proof as written checks");
    // A unit the count does not force: the first one, negated.
    let fault = count_fault(tampered(|_, steps| {
        let step = first_count(steps);
        step.units[0] = -step.units[0];
    }));
    assert!(matches!(fault, CountFault::NotForced(_)), "{fault:?}");
    // A wrong count: the class's total stated one too high.
    let fault = count_fault(tampered(|_, steps| first_count(steps).total += 1));
    assert!(matches!(fault, CountFault::WrongTotal { .. }), "{fault:?}");
    // A class mislabelled: its first line left out, its total what its clues then add up to.
    let fault = count_fault(tampered(|formula, steps| {
        let columns = formula.nonogram.clone().unwrap().columns;
        let step = first_count(steps);
        let dropped = step.class.remove(0);
        step.total -= columns[dropped].iter().sum::<usize>();
    }));
    assert!(matches!(fault, CountFault::NotForced(_)), "{fault:?}");
    // A lemma that does not follow, before the steps (numbered 0, before the proof's first line):
    // a cell of the solution negated.
    assert_eq!(
        tampered(|_, steps| {
            let wrong = ProofStep::Add(vec![-first_count(steps).units[0]]);
            steps.insert(
                0,
                NumberedStep {
                    line: 0,
                    step: wrong,
                },
            );
        }),
        Err(Rejection::NotImplied { line: 0 })
    );
    // The last step dropped: nothing derives the empty clause.
    assert_eq!(
        tampered(|_, steps| {
            let last = steps
                .iter()
                .rposition(|s| matches!(s.step, ProofStep::Count(_)))
                .unwrap();
            steps.truncate(last);
        }),
        Err(Rejection::NoEmptyClause)
    );
    // The formula without its clue lines: nothing to count by.
    assert_eq!(
        count_fault(tampered(|formula, _| formula.nonogram = None)),
        CountFault::NoClues
    );
}

/// A puzzle without solution that line logic does not refute and counting does: its even rows
/// hold 7 black cells by their clues, and the columns cannot put 7 there. Its certificate is that
/// one counting step.
#[test]
fn counting_certifies_no_solution() {
    let rows = clues(&[&[1, 1], &[1], &[2, 1], &[1], &[1, 1]]);
    let puzzle = Puzzle::new(rows, clues(&[&[2], &[2], &[2], &[1], &[1, 1]])).unwrap();
    let report = check(&puzzle, &Options::default()).unwrap();
    assert_eq!(report.verdict, Verdict::None);
    for &backend in SatBackend::ALL {
        let (mut formula, mut proof) = (Vec::new(), Vec::new());
        let proved = prove(&puzzle, None, &mut formula, &mut proof, backend, None).unwrap();
        assert_eq!(proved.other, None);
        assert!(proved.counting_steps > 0);
        let formula = parse_dimacs(&String::from_utf8(formula).unwrap()).unwrap();
        let steps = parse_drat(&String::from_utf8(proof).unwrap()).unwrap();
        let verified = check_refutation(&formula, &steps).unwrap();
        assert_eq!((verified.counting, verified.rup), (1, 0));
        assert!(
            matches!(&steps[..], [NumberedStep { step: ProofStep::Count(step), .. }]
            if step.units.is_empty())
        );
    }
}
