//! Help, version, pipes.

use super::*;

#[test]
fn help_lists_the_exit_codes_and_exits_0() {
    let (code, stdout, _) = run(&["--help"], None);
    assert_eq!(code, 0);
    assert!(stdout.contains("\nExit codes:\n"), "{stdout}");
    for line in [
        "  0  unique (check, compare, count), solved (solve), done (clues, convert, cnf),",
        "  1  multiple solutions",
        "  2  bad input or usage",
        "  3  no solution",
        "  4  timed out",
        "  6  the certificate was rejected (verify-proof)",
    ] {
        assert!(stdout.contains(line), "{line}: {stdout}");
    }
    let (code, stdout, _) = run(&["check", "--help"], None);
    assert_eq!(code, 0);
    assert!(stdout.contains("--timeout <SECONDS>"), "{stdout}");
}

#[test]
fn version_prints_the_package_version_and_exits_0() {
    let (code, stdout, _) = run(&["--version"], None);
    assert_eq!(code, 0);
    assert_eq!(stdout, format!("nonosat {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn closed_stdout_pipe_ends_the_run_without_a_panic() {
    // 3000 puzzles, each with two solutions: far more output than a pipe buffers, so writes meet the
    // closed pipe; the exit code is that of the puzzles handled so far (1, multiple).
    let many = Temp::new(
        "many.jsonl",
        &"{\"rows\": [[1], [1]], \"columns\": [[1], [1]]}\n".repeat(3000),
    );
    for json in [true, false] {
        let mut args = vec!["check", many.path()];
        if json {
            args.insert(1, "--json");
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_nonosat"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 10];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let status = child.wait().unwrap();
        assert_ne!(status.code(), Some(101), "{stderr}");
        assert_eq!(status.code(), Some(1), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// Each command's `--help` lists only what it uses: `solve` does not take the uniqueness options
/// (and refuses them), and every command that searches takes `--timeout`.
#[test]
fn each_help_lists_only_what_the_command_uses() {
    let help = |command: &str| run(&[command, "--help"], None).1;
    let (solve, check) = (help("solve"), help("check"));
    for option in ["--max-solutions", "--proof", "--goal", "--no-ambiguous"] {
        assert!(!solve.contains(option), "solve --help lists {option}");
        assert!(check.contains(option), "check --help misses {option}");
        let file = bundled("seeds/koike-6x6.non");
        let (code, _, stderr) = run(&["solve", option, "x", &file], None);
        assert_eq!(code, 2, "solve {option}: {stderr}");
    }
    let searching = [
        "check", "solve", "count", "fix", "explain", "hint", "compare", "latin", "tiles",
    ];
    for command in searching {
        let text = help(command);
        assert!(text.contains("--timeout <SECONDS>"), "{command} --help");
        assert!(
            !text.contains("--budget"),
            "{command}: --budget is a hidden alias"
        );
    }
    for command in ["clues", "convert", "cnf", "verify-proof"] {
        assert!(
            !help(command).contains("--timeout"),
            "{command} does not search"
        );
    }
}
