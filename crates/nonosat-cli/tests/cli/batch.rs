//! Batches: check over several files, directories, --jobs.

use std::time::{Duration, Instant};

use super::*;

/// The records of `stdout` without their times, which differ from run to run.
fn timeless(stdout: &str) -> Vec<Value> {
    let mut records = records(stdout);
    for record in &mut records {
        record.as_object_mut().unwrap().remove("time_ms");
    }
    records
}

#[test]
fn a_batch_prints_in_input_order_whatever_the_jobs() {
    let dir = TempDir::new("order");
    // The slowest puzzle first, so that with several jobs later ones finish before it.
    let random = dir.file("a-random.nin", &nin_of(&random_picture()));
    let three = dir.file("b/three.jsonl", THREE_JSONL);
    let none = dir.file("c-none.nin", NO_SOLUTION_NIN);
    let two = bundled("seeds/two-diagonals.non");
    let run_with = |jobs: &str| run(&["check", "--json", "--jobs", jobs, &two, dir.path()], None);
    let (code, one_job, _) = run_with("1");
    assert_eq!(code, 3, "no solution outranks multiple");
    let places: Vec<(String, u64)> = records(&one_job)
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_owned(),
                r["index"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected = [
        (two.clone(), 0),
        (random, 0),
        (three.clone(), 0),
        (three.clone(), 1),
        (three, 2),
        (none, 0),
    ];
    assert_eq!(places, expected);
    for jobs in ["2", "4"] {
        let (code, stdout, _) = run_with(jobs);
        assert_eq!(code, 3);
        assert_eq!(timeless(&stdout), timeless(&one_job), "--jobs {jobs}");
    }
}

#[test]
fn batch_records_are_those_of_checking_each_file_alone() {
    let three = Temp::new("three.jsonl", THREE_JSONL);
    let koike = bundled("seeds/koike-6x6.non");
    let (code, batch, stderr) = run(&["check", "--json", three.path(), &koike], None);
    assert_eq!(code, 1, "{stderr}");
    let (_, alone_three, _) = run(&["check", "--json", three.path()], None);
    let (_, alone_koike, _) = run(&["check", "--json", &koike], None);
    let alone = timeless(&(alone_three + &alone_koike));
    assert_eq!(timeless(&batch), alone);
    assert_eq!(alone[2]["label"], "#3");
    assert_eq!(alone[2]["title"], "full");
    // The summary goes to standard error with --json, so standard output is JSON Lines only.
    for line in [
        "summary of 4 puzzles",
        "  unique               3",
        "  multiple             1",
        "  line-solvable        2",
        "  errors               0",
    ] {
        assert!(stderr.lines().any(|l| l == line), "{line:?} in {stderr}");
    }
}

#[test]
fn a_batch_in_text_prints_one_line_a_puzzle_then_the_table() {
    let three = Temp::new("three-text.jsonl", THREE_JSONL);
    let (code, stdout, _) = run(&["check", "--jobs", "2", three.path()], None);
    assert_eq!(code, 1);
    let lines: Vec<&str> = stdout.lines().collect();
    let file = three.path();
    assert!(lines[0].starts_with(&format!(
        "{file} #1: multiple (4 ambiguous cells), needs search (0/4 cells"
    )));
    assert!(lines[1].starts_with(&format!("{file} #2: unique, needs search (0/8 cells")));
    assert!(lines[2].starts_with(&format!("{file} #3: unique, line-solvable (4/4 cells")));
    assert_eq!(lines[3], "");
    assert_eq!(lines[4], "summary of 3 puzzles");
    assert!(stdout.contains("wall clock, --jobs 2;"), "{stdout}");
}

#[test]
fn a_malformed_file_is_reported_and_the_batch_goes_on() {
    let dir = TempDir::new("malformed");
    let bad = dir.file("a-bad.nin", "4 2\n2\nx\n1\n1\n1\n1\n");
    let good = dir.file("b-good.nin", "4 2\n2\n1 1\n1\n1\n1\n1\n");
    let notes = dir.file("notes.md", "not a puzzle\n");
    let (code, stdout, stderr) = run(&["check", "--json", dir.path()], None);
    assert_eq!(code, 2, "bad input outranks the verdicts");
    let records = records(&stdout);
    assert_eq!(records.len(), 2, "{stdout}");
    assert_eq!(records[0]["file"], bad.as_str());
    let error = records[0]["error"].as_str().unwrap();
    assert!(error.starts_with(&format!("{bad}:3: ")), "{error}");
    assert_eq!(records[1]["file"], good.as_str());
    assert_eq!(records[1]["verdict"], "unique");
    assert!(
        stderr.contains(&format!("nonosat: skipped {notes}: not a puzzle file")),
        "{stderr}"
    );
    assert!(
        stderr.lines().any(|l| l == "  errors               1"),
        "{stderr}"
    );
    assert!(
        stderr.lines().any(|l| l == "  skipped files        1"),
        "{stderr}"
    );

    // Without --json the error goes to standard error, the verdicts still to standard output.
    let (code, stdout, stderr) = run(&["check", dir.path()], None);
    assert_eq!(code, 2);
    assert!(stdout.starts_with(&format!("{good}: unique")), "{stdout}");
    assert!(stderr.contains(&format!("nonosat: {bad}:3: ")), "{stderr}");
}

#[test]
fn a_batch_timeout_answers_timeout_and_exits_4() {
    let dir = TempDir::new("timeout");
    dir.file("random.nin", &nin_of(&random_picture()));
    dir.file("two.jsonl", THREE_JSONL.lines().next().unwrap());
    let (code, stdout, stderr) = run(
        &[
            "check",
            "--json",
            "--jobs",
            "2",
            "--timeout",
            "1e-9",
            dir.path(),
        ],
        None,
    );
    assert_eq!(code, 4, "{stderr}");
    for record in records(&stdout) {
        assert_eq!(record["verdict"], "timeout", "{record}");
        assert_eq!(record["solutions"], serde_json::json!([]));
    }
    assert!(
        stderr.lines().any(|l| l == "  timed out            2"),
        "{stderr}"
    );
    // The same batch with time enough answers.
    let (code, stdout, _) = run(&["check", "--json", "--timeout", "60", dir.path()], None);
    assert_eq!(code, 1);
    assert!(records(&stdout).iter().all(|r| r["verdict"] == "multiple"));
}

/// The child processes of the process `pid` (Linux: `/proc/PID/task/*/children`).
fn children_of(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|text| {
            text.split_whitespace()
                .filter_map(|word| word.parse().ok())
                .collect::<Vec<u32>>()
        })
        .collect()
}

/// Ctrl-C (SIGINT) and SIGTERM, sent to the batch alone, as a service manager or `kill` does: the
/// batch stops its children, prints what was done, and exits 130; no child is left running.
#[test]
fn interrupting_a_batch_prints_what_was_done_and_exits_130() {
    let many = Temp::new("many-random.jsonl", &{
        let puzzle = run(
            &["clues", "--to", "jsonl", "-"],
            Some(&random_picture().join("\n")),
        )
        .1;
        puzzle.repeat(2000)
    });
    for signal in ["-INT", "-TERM"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nonosat"))
            .args(["check", "--json", "--jobs", "2", many.path()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        std::io::BufRead::read_line(&mut stdout, &mut first).unwrap();
        let running = children_of(child.id());
        let interrupt = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(interrupt.success());
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{signal}: {stderr}");
        let done = records(&(first + &rest));
        assert!(!done.is_empty() && done.len() < 2000, "{}", done.len());
        // In input order; a puzzle still running on one child when the signal came is left out
        // while a later one another child finished is printed (docs/batch.md).
        let indices: Vec<u64> = done.iter().map(|r| r["index"].as_u64().unwrap()).collect();
        assert!(
            indices.windows(2).all(|pair| pair[0] < pair[1]),
            "printed in input order: {indices:?}"
        );
        assert!(stderr.contains("summary of 2000 puzzles"), "{stderr}");
        assert!(stderr.contains("  not checked"), "{stderr}");
        assert!(stderr.contains("nonosat: interrupted"), "{stderr}");
        for pid in running {
            // A zombie waiting for init to reap it has an empty command line.
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let alive = !cmdline.is_empty();
            assert!(
                !alive,
                "{signal}: child {pid} still runs after the batch ended"
            );
        }
    }
}

#[test]
fn a_batch_refuses_options_for_one_puzzle() {
    let file = bundled("seeds/koike-6x6.non");
    for (option, value) in [("--svg", "x.svg"), ("--png", "x.png"), ("--goal", "x.txt")] {
        let (code, stdout, stderr) = run(&["check", option, value, &file, &file], None);
        assert_eq!(code, 2, "{option}");
        assert_eq!(stdout, "");
        assert_eq!(
            stderr,
            format!("nonosat: {option} needs a single FILE, not a batch\n")
        );
    }
}

/// Waits up to `limit` for `child`; kills it and returns `None` when it is still running then.
fn wait_at_most(
    child: &mut std::process::Child,
    limit: Duration,
) -> Option<std::process::ExitStatus> {
    let started = Instant::now();
    while started.elapsed() < limit {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// A FIFO among the files of a folder would make the batch wait for a writer for ever: it is
/// skipped, named, and counted.
#[test]
fn a_fifo_in_a_folder_is_skipped_and_counted() {
    let folder = TempDir::new("fifo-folder");
    folder.file(
        "a.non",
        &std::fs::read_to_string(bundled("examples/heart.non")).unwrap(),
    );
    let fifo = folder.0.join("b.non");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_nonosat"))
        .args(["check", folder.path()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = wait_at_most(&mut child, Duration::from_secs(30));
    assert!(status.is_some(), "the batch waited on the FIFO");
    let output = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    );
    assert_eq!(status.unwrap().code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "skipped {}: a FIFO, not a regular file",
            fifo.display()
        )),
        "{stderr}"
    );
    assert!(stdout.contains("a.non: unique"), "{stdout}");
    assert!(stdout.contains("  skipped files        1\n"), "{stdout}");
}

/// A batch reading a FIFO named on the command line waits for a writer, as any program reading
/// it does; SIGTERM and SIGINT still end it, with 130.
#[test]
fn a_signal_stops_a_batch_waiting_on_a_fifo() {
    let folder = TempDir::new("fifo-named");
    let puzzle = folder.file(
        "a.non",
        &std::fs::read_to_string(bundled("examples/heart.non")).unwrap(),
    );
    let fifo = folder.0.join("b.non");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    for signal in ["-TERM", "-INT"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nonosat"))
            .args(["check", &puzzle, fifo.to_str().unwrap()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(500));
        let sent = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let status = wait_at_most(&mut child, Duration::from_secs(5));
        assert_eq!(
            status.and_then(|status| status.code()),
            Some(130),
            "{signal}"
        );
    }
}

/// A batch killed by SIGKILL runs none of its own code: its children must still die with it
/// rather than go on solving under PID 1.
#[cfg(target_os = "linux")]
#[test]
fn the_children_of_a_killed_batch_die_with_it() {
    // A 60x60 random picture: its ambiguous cells keep a child busy for many seconds.
    let puzzle = run(
        &["clues", "--to", "jsonl", "-"],
        Some(&random_picture_of(60, 3).join("\n")),
    )
    .1;
    let many = Temp::new("killed-batch.jsonl", &puzzle.repeat(4));
    let mut child = Command::new(env!("CARGO_BIN_EXE_nonosat"))
        .args(["check", "--json", "--jobs", "2", many.path()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut running = Vec::new();
    let started = Instant::now();
    while running.len() < 2 && started.elapsed() < Duration::from_secs(10) {
        running = children_of(child.id());
    }
    assert!(!running.is_empty(), "the batch runs children");
    child.kill().unwrap();
    child.wait().unwrap();
    let killed = Instant::now();
    let alive = |pid: &u32| {
        // A zombie waiting to be reaped has an empty command line: it no longer runs.
        !std::fs::read(format!("/proc/{pid}/cmdline"))
            .unwrap_or_default()
            .is_empty()
    };
    while running.iter().any(alive) && killed.elapsed() < Duration::from_secs(1) {
        std::thread::sleep(Duration::from_millis(10));
    }
    let left: Vec<_> = running.iter().filter(|pid| alive(pid)).collect();
    assert!(left.is_empty(), "children {left:?} outlive the batch");
}
