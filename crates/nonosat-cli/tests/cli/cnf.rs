//! cnf.

use super::*;

/// The clause lines of a DIMACS text, after checking its comments and its `p cnf` header:
/// (variables, clauses).
fn dimacs(text: &str) -> (usize, Vec<Vec<i64>>) {
    let mut lines = text.lines();
    let header = lines
        .by_ref()
        .find(|line| !line.starts_with("c "))
        .expect("a header");
    let counts: Vec<usize> = header
        .strip_prefix("p cnf ")
        .unwrap_or_else(|| panic!("not a header: {header}"))
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    let clauses: Vec<Vec<i64>> = lines
        .map(|line| {
            let mut literals: Vec<i64> = line.split(' ').map(|n| n.parse().unwrap()).collect();
            assert_eq!(literals.pop(), Some(0), "clause ends with 0: {line}");
            assert!(!literals.contains(&0), "{line}");
            literals
        })
        .collect();
    assert_eq!(counts[1], clauses.len(), "the header counts the clauses");
    let largest = clauses.iter().flatten().map(|lit| lit.unsigned_abs()).max();
    assert_eq!(
        largest,
        Some(counts[0] as u64),
        "the header counts the variables"
    );
    (counts[0], clauses)
}

#[test]
fn cnf_starts_with_comments_mapping_cells_and_a_matching_header() {
    let (code, text, stderr) = run(&["cnf", &bundled("seeds/two-diagonals.non")], None);
    assert_eq!((code, stderr.as_str()), (0, ""));
    let comments: Vec<&str> = text.lines().take_while(|l| l.starts_with("c ")).collect();
    assert_eq!(
        comments,
        [
            "c nonosat encoding of a 2x2 nonogram",
            "c title: Two solutions: either diagonal",
            "c cell (row r, column c), both 0-based, is variable r*2 + c + 1; true = black",
            "c variables 1..=4 are cells; the rest are line auxiliaries",
        ]
    );
    let (variables, clauses) = dimacs(&text);
    assert!(variables > 4);
    assert!(!clauses.is_empty());
}

#[test]
fn cnf_output_is_byte_identical_across_runs() {
    for path in ["seeds/koike-6x6.non", "examples/heart.json"] {
        let first = run(&["cnf", &bundled(path)], None);
        let second = run(&["cnf", &bundled(path)], None);
        assert_eq!(first.0, 0);
        assert_eq!(first, second, "{path}");
        let first = run(&["cnf", "--json", &bundled(path)], None);
        assert_eq!(
            first,
            run(&["cnf", "--json", &bundled(path)], None),
            "{path}"
        );
    }
}

#[test]
fn cnf_propagate_turns_a_line_solvable_puzzle_into_unit_clauses() {
    let file = bundled("seeds/koike-6x6.non");
    let (_, plain, _) = run(&["cnf", &file], None);
    let (code, propagated, _) = run(&["cnf", "--propagate", &file], None);
    assert_eq!(code, 0);
    let (_, plain) = dimacs(&plain);
    let (variables, propagated) = dimacs(&propagated);
    assert!(propagated.len() < plain.len());
    // Every cell fixed, no line left to encode: one unit clause per cell.
    assert_eq!(variables, 36);
    assert_eq!(propagated.len(), 36);
    assert!(propagated.iter().all(|clause| clause.len() == 1));
    // The units spell the solution: the first row is `.#.###`.
    let first_row: Vec<i64> = propagated.iter().take(6).map(|c| c[0]).collect();
    assert_eq!(first_row, [-1, 2, -3, 4, 5, 6]);
}

#[test]
fn cnf_json_gives_the_same_variables_and_clauses_as_dimacs() {
    let file = bundled("seeds/two-diagonals.non");
    let (_, text, _) = run(&["cnf", &file], None);
    let (variables, clauses) = dimacs(&text);
    let (code, stdout, _) = run(&["cnf", "--json", &file], None);
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 1);
    let record = &records(&stdout)[0];
    assert_eq!(
        keys(record),
        BTreeSet::from([
            "schema_version",
            "file",
            "form",
            "index",
            "width",
            "height",
            "variables",
            "cell_variable",
            "clauses",
        ])
    );
    assert_eq!(record["schema_version"], 2);
    assert_eq!(record["form"], "complete");
    assert_eq!(record["index"], 0);
    assert_eq!(record["width"], 2);
    assert_eq!(record["height"], 2);
    assert_eq!(record["variables"], variables);
    assert_eq!(record["clauses"], serde_json::json!(clauses));
}

#[test]
fn cnf_of_a_multi_puzzle_file_needs_an_index() {
    let file = bundled("examples/two.nonpack");
    let (code, stdout, stderr) = run(&["cnf", &file], None);
    assert_eq!(code, 2);
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        format!("nonosat: {file} holds 2 puzzles; choose one with --index (0-based)\n")
    );
    let (code, stdout, _) = run(&["cnf", "--index", "1", &file], None);
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with(
            "c nonosat encoding of a 3x2 nonogram\n\
             c title: Corner, with an empty last row written as a blank line\n"
        ),
        "{stdout}"
    );
    dimacs(&stdout);
    let (code, _, stderr) = run(&["cnf", "--index", "2", &file], None);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        format!("nonosat: {file} holds 2 puzzles; --index 2 is out of range\n")
    );
    let (code, stdout, _) = run(&["cnf", "--json", "--index", "1", &file], None);
    assert_eq!(code, 0);
    assert_eq!(records(&stdout)[0]["index"], 1);
}

#[test]
fn cnf_output_flag_writes_the_file() {
    let file = bundled("seeds/koike-6x6.non");
    let out = Temp::new("koike.cnf", "");
    let (code, stdout, _) = run(&["cnf", "-o", out.path(), &file], None);
    assert_eq!((code, stdout.as_str()), (0, ""));
    let (_, expected, _) = run(&["cnf", &file], None);
    assert_eq!(std::fs::read_to_string(out.path()).unwrap(), expected);
}

/// The grids of `width` x `height` cells (variables `1..=cells`) that satisfy `clauses` with some
/// value of the other variables, as bit masks, each by a SAT call under the grid's literals.
fn satisfying_grids(clauses: &[Vec<i64>], cells: u32) -> Vec<u32> {
    use nonosat::cnf::{ClauseSink, Lit, Var};
    let lit = |n: i64| {
        let var = Var::from_dimacs(n.unsigned_abs() as u32).positive();
        if n > 0 { var } else { !var }
    };
    let mut solver = nonosat::sat::Solver::new(None);
    for clause in clauses {
        solver.add_clause(&clause.iter().map(|&n| lit(n)).collect::<Vec<Lit>>());
    }
    (0..1u32 << cells)
        .filter(|grid| {
            let cells: Vec<Lit> = (0..cells)
                .map(|i| lit(if grid >> i & 1 == 1 { 1 } else { -1 } * (i as i64 + 1)))
                .collect();
            solver.solve_assuming(&cells).unwrap().is_some()
        })
        .collect()
}

/// `cnf --lean` writes the lean form: its own first comment line (`"form": "lean"` in JSON), fewer
/// variables than the default form, and the same grids as solutions (the two diagonals of the 2x2
/// puzzle, out of all 16 grids). A colour puzzle is refused with a message.
#[test]
fn cnf_lean_writes_the_lean_form_with_the_same_solutions() {
    let file = bundled("seeds/two-diagonals.non");
    let (code, lean, stderr) = run(&["cnf", "--lean", &file], None);
    assert_eq!((code, stderr.as_str()), (0, ""));
    assert_eq!(
        lean.lines().next(),
        Some("c nonosat encoding of a 2x2 nonogram (lean form)")
    );
    let (_, complete, _) = run(&["cnf", &file], None);
    let ((lean_vars, lean), (complete_vars, complete)) = (dimacs(&lean), dimacs(&complete));
    assert!(
        lean_vars < complete_vars,
        "{lean_vars} against {complete_vars}"
    );
    let diagonals = vec![0b0110, 0b1001];
    assert_eq!(satisfying_grids(&lean, 4), diagonals);
    assert_eq!(satisfying_grids(&complete, 4), diagonals);
    let (code, json, _) = run(&["cnf", "--lean", "--json", &file], None);
    assert_eq!(code, 0);
    let record = &records(&json)[0];
    assert_eq!(record["form"], "lean");
    assert_eq!(record["variables"], lean_vars);

    let colour = Temp::new("lean-diagonals.non", super::colour::TWO_DIAGONALS);
    let (code, stdout, stderr) = run(&["cnf", "--lean", colour.path()], None);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(stderr.contains("--lean: black and white only"), "{stderr}");
}
