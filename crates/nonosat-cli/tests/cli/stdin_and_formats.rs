//! Standard input and formats.

use super::*;

#[test]
fn stdin_gives_the_same_verdict_as_the_file() {
    // Everything but the file name and the time.
    let essence = |stdout: &str| -> Vec<Value> {
        records(stdout)
            .into_iter()
            .map(|mut record| {
                let object = record.as_object_mut().unwrap();
                object.remove("file");
                object.remove("time_ms");
                record
            })
            .collect()
    };
    for (path, format) in [
        ("seeds/two-diagonals.non", None),
        ("examples/heart.nin", None),
        ("examples/lines.jsonl", None),
        ("examples/frame-and-plus.txt", None),
        ("examples/heart.txt", None),
        ("examples/heart.json", None),
        ("examples/two.nonpack", Some("nonpack")),
        ("examples/heart.nin", Some("nin")),
    ] {
        let file = bundled(path);
        let text = std::fs::read_to_string(&file).unwrap();
        let (file_code, from_file, _) = run(&["check", "--json", &file], None);
        let mut args = vec!["check", "--json"];
        if let Some(format) = format {
            args.extend(["--format", format]);
        }
        args.push("-");
        let (stdin_code, from_stdin, stderr) = run(&args, Some(&text));
        assert_eq!(stderr, "", "{path}");
        assert_eq!(stdin_code, file_code, "{path}");
        assert_eq!(essence(&from_stdin), essence(&from_file), "{path}");
        assert!(records(&from_stdin).iter().all(|r| r["file"] == "-"));
    }
}

#[test]
fn stdin_errors_are_shown_as_stdin() {
    // Without a name there is no extension: `--format` says how to read the text.
    let (code, stdout, stderr) = run(&["check", "--format", "nin", "-"], Some(MALFORMED_NIN));
    assert_eq!(code, 2);
    assert_eq!(stdout, "");
    assert_eq!(stderr, "nonosat: <stdin>:3: \"x\" is not a number\n");
}

#[test]
fn format_flag_overrides_the_extension() {
    let text = std::fs::read_to_string(bundled("seeds/two-diagonals.non")).unwrap();
    let file = Temp::new("really-non.json", &text);
    let (code, _, stderr) = run(&["check", file.path()], None);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with(&format!(
            "nonosat: {}:1: expected a JSON object",
            file.path()
        )),
        "{stderr}"
    );
    let (code, stdout, _) = run(&["check", "--format", "non", file.path()], None);
    assert_eq!(code, 1);
    assert!(stdout.contains("verdict: multiple"), "{stdout}");
    // Format names ignore case.
    assert_eq!(run(&["check", "--format", "NON", file.path()], None).0, 1);
}

/// A clue that holds terminal escapes (`\e]0;` retitles the window, `\e[31m` paints red) is
/// quoted with them written out, in the text and in the JSON error record alike.
#[test]
fn control_characters_in_a_quoted_token_are_written_out() {
    let nin = "2 2\n1\u{1b}]0;TITLE\u{7}\u{1b}[31mRED\n1\n1\n1\n";
    let shown = r#"<stdin>:2: "1\e]0;TITLE\x07\e[31mRED" is not a number"#;
    let (code, _, stderr) = run(&["check", "--format", "nin", "-"], Some(nin));
    assert_eq!((code, stderr), (2, format!("nonosat: {shown}\n")));
    let (code, stdout, _) = run(&["check", "--json", "--format", "nin", "-"], Some(nin));
    assert_eq!(code, 2);
    assert_eq!(records(&stdout)[0]["error"], shown);
}
