//! clues.

use super::*;

#[test]
fn clues_of_a_picture_pipe_into_check_as_unique() {
    let (code, clues, stderr) = run(&["clues", &bundled("seeds/kikuchi-whale.txt")], None);
    assert_eq!(code, 0);
    assert_eq!(stderr, "");
    // The bundled .non is exactly this output under a title line.
    let seed = std::fs::read_to_string(bundled("seeds/kikuchi-whale.non")).unwrap();
    let (_, untitled) = seed.split_once('\n').unwrap();
    assert_eq!(clues, untitled);

    let (code, stdout, _) = run(&["check", "-"], Some(&clues));
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with("-: 10x10 puzzle\nverdict: unique: exactly one solution\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("goal picture: satisfies the clues\n"),
        "{stdout}"
    );
}

#[test]
fn clues_to_nin_and_json_reread_to_the_same_clues() {
    let picture = bundled("seeds/kikuchi-whale.txt");
    let (code, nin, _) = run(&["clues", "--to", "nin", &picture], None);
    assert_eq!(code, 0);
    assert!(nin.starts_with("10 10\n2 2\n2 1 2\n1 1 1\n"), "{nin}");
    assert_eq!(nin.lines().count(), 21);

    let (code, json, _) = run(&["clues", "--to", "json", &picture], None);
    assert_eq!(code, 0);
    let object: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(object["rows"][0], serde_json::json!([2, 2]));
    assert_eq!(object["columns"][3], serde_json::json!([9]));
    assert_eq!(object["goal"][0], "##..##....");

    // Every written form, read back and written as .nin, gives the same clues.
    for (name, text) in [("whale.nin", &nin), ("whale.json", &json)] {
        let written = Temp::new(name, text);
        let (code, again, _) = run(&["clues", "--to", "nin", written.path()], None);
        assert_eq!(code, 0, "{name}");
        assert_eq!(again, nin, "{name}");
    }
    for to in ["non", "nonpack", "jsonl", "picture"] {
        let (code, text, _) = run(&["clues", "--to", to, &picture], None);
        assert_eq!(code, 0, "{to}");
        let (code, again, _) = run(&["clues", "--to", "nin", "-"], Some(&text));
        assert_eq!(code, 0, "{to}");
        assert_eq!(again, nin, "{to}");
    }
}

#[test]
fn clues_output_flag_writes_the_file_and_nothing_to_stdout() {
    let picture = bundled("seeds/kikuchi-whale.txt");
    let out = Temp::new("whale-out.nin", "");
    let (code, stdout, stderr) = run(&["clues", "--to", "nin", "-o", out.path(), &picture], None);
    assert_eq!((code, stdout.as_str(), stderr.as_str()), (0, "", ""));
    let (_, expected, _) = run(&["clues", "--to", "nin", &picture], None);
    assert_eq!(std::fs::read_to_string(out.path()).unwrap(), expected);
    let (code, stdout, _) = run(&["check", out.path()], None);
    assert_eq!(code, 0);
    assert!(stdout.contains("verdict: unique"), "{stdout}");
}

#[test]
fn clues_refuses_formats_that_cannot_hold_the_puzzles() {
    let cases = [
        (
            "seeds/kikuchi-whale.txt",
            "tournament",
            "the tournament format holds 25x25 puzzles only, not 10x10\n",
        ),
        (
            "examples/heart.nin",
            "picture",
            "the puzzle has no goal picture, which the picture format writes\n",
        ),
        (
            "examples/two.nonpack",
            "nin",
            "the nin format holds exactly one puzzle, but 2 were given\n",
        ),
    ];
    for (path, to, message) in cases {
        let (code, stdout, stderr) = run(&["clues", "--to", to, &bundled(path)], None);
        assert_eq!(code, 2, "{path} to {to}");
        assert_eq!(stdout, "", "{path} to {to}");
        let file = bundled(path);
        assert_eq!(
            stderr,
            format!("nonosat: {file}: {message}"),
            "{path} to {to}"
        );
    }
}
