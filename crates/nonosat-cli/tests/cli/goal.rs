//! --goal.

use super::*;

#[test]
fn goal_that_is_the_solution_is_reported_as_one() {
    let goal = Temp::new("counterexample-goal.txt", ".##.\n#..#\n");
    let file = bundled("seeds/line-logic-counterexample.non");
    let (code, stdout, _) = run(&["check", "--json", "--goal", goal.path(), &file], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(record["verdict"], "unique");
    assert_eq!(record["goal"], serde_json::json!({"is_solution": true}));
    assert_eq!(record["solutions"], serde_json::json!([[".##.", "#..#"]]));

    let (code, stdout, _) = run(&["check", "--goal", goal.path(), &file], None);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("goal picture: satisfies the clues\n"),
        "{stdout}"
    );
}

#[test]
fn goal_that_breaks_a_clue_is_reported_with_the_line_it_breaks() {
    let goal = Temp::new("wrong-goal.txt", "##..\n#..#\n");
    let file = bundled("seeds/line-logic-counterexample.non");
    let (code, stdout, _) = run(&["check", "--json", "--goal", goal.path(), &file], None);
    assert_eq!(code, 0);
    let record = &records(&stdout)[0];
    assert_eq!(
        record["goal"],
        serde_json::json!({"is_solution": false, "broken_line": "column 1"})
    );
    // The same picture embedded in the file as its goal is reported the same way, not refused.
    let text = std::fs::read_to_string(&file).unwrap();
    let embedded = Temp::new(
        "embedded-wrong-goal.non",
        &format!("{text}\ngoal 11001001\n"),
    );
    let (code, stdout, stderr) = run(&["check", "--json", embedded.path()], None);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(records(&stdout)[0]["goal"], record["goal"]);
    let (code, stdout, _) = run(&["check", embedded.path()], None);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("goal picture: not a solution (column 1 "),
        "{stdout}"
    );
}

#[test]
fn goal_of_the_wrong_size_exits_2_naming_the_goal_file() {
    let goal = Temp::new("small-goal.txt", ".##\n#..\n");
    let file = bundled("seeds/line-logic-counterexample.non");
    let (code, stdout, stderr) = run(&["check", "--goal", goal.path(), &file], None);
    assert_eq!(code, 2);
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        format!(
            "nonosat: --goal {}: the goal picture is 3x2 but the puzzle is 4x2\n",
            goal.path()
        )
    );
    let (code, stdout, _) = run(&["check", "--json", "--goal", goal.path(), &file], None);
    assert_eq!(code, 2);
    let record = &records(&stdout)[0];
    assert_eq!(record["file"], goal.path());
    assert!(record["error"].as_str().unwrap().contains(goal.path()));
}

#[test]
fn goal_needs_a_file_of_one_puzzle() {
    let goal = Temp::new("pack-goal.txt", ".##.\n#..#\n");
    let file = bundled("examples/two.nonpack");
    let (code, _, stderr) = run(&["check", "--goal", goal.path(), &file], None);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        format!(
            "nonosat: --goal {}: needs a FILE of one puzzle, and {file} holds 2\n",
            goal.path()
        )
    );
}
