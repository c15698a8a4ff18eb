//! --timeout.

use super::*;

#[test]
fn tiny_timeout_answers_timeout_and_exits_4() {
    let file = Temp::new("random-20x20.nin", &nin_of(&random_picture()));
    for timeout in ["1e-9", "0.000001"] {
        let (code, stdout, stderr) = run(
            &["check", "--json", "--timeout", timeout, file.path()],
            None,
        );
        assert_eq!(code, 4, "{timeout}");
        assert_eq!(stderr, "");
        let record = &records(&stdout)[0];
        assert_eq!(record["verdict"], "timeout");
        assert_eq!(record["solutions"], serde_json::json!([]));
        // Propagation ran and left cells open: the answer needed the search the deadline cut off.
        assert_eq!(record["line_solvable"], false);
        assert!(record["fixed_by_propagation"].as_u64().unwrap() < 400);

        let (code, stdout, _) = run(&["solve", "--timeout", timeout, file.path()], None);
        assert_eq!(code, 4, "{timeout}");
        assert!(
            stdout.contains("verdict: timed out before an answer\n"),
            "{stdout}"
        );
    }
    // Without the limit the same puzzle gets an answer.
    let (code, stdout, _) = run(&["check", "--json", file.path()], None);
    assert_eq!(code, 1);
    assert_eq!(records(&stdout)[0]["verdict"], "multiple");
}
