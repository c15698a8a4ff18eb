//! --backend: every SAT backend gives the same verdicts, in one process, in a batch and with
//! --proof; an unknown name is refused with the list.

use super::*;

/// The backend choices of this build, as `--backend` names them.
fn backends() -> Vec<&'static str> {
    nonosat::solve::Strategy::all()
        .into_iter()
        .map(|choice| choice.name())
        .collect()
}

#[test]
fn every_backend_gives_the_same_verdicts() {
    let files = [
        ("seeds/koike-6x6.non", 0, "unique"),
        ("seeds/two-diagonals.non", 1, "multiple"),
        ("seeds/line-logic-counterexample.non", 0, "unique"),
    ];
    for backend in backends() {
        for (file, code, verdict) in files {
            let path = bundled(file);
            let (status, stdout, stderr) =
                run(&["check", "--json", "--backend", backend, &path], None);
            assert_eq!(status, code, "{backend} {file}: {stderr}");
            assert_eq!(records(&stdout)[0]["verdict"], verdict, "{backend} {file}");
        }
        // In a batch the children are told the backend too.
        let (status, stdout, stderr) = run(
            &[
                "check",
                "--json",
                "--jobs",
                "2",
                "--backend",
                backend,
                &bundled("seeds/koike-6x6.non"),
                &bundled("seeds/two-diagonals.non"),
            ],
            None,
        );
        assert_eq!(status, 1, "{backend}: {stderr}");
        let verdicts: Vec<_> = records(&stdout)
            .iter()
            .filter_map(|record| record["verdict"].as_str().map(String::from))
            .collect();
        assert_eq!(verdicts, ["unique", "multiple"], "{backend}");
    }
}

#[test]
fn every_backend_writes_a_proof_that_verify_proof_accepts() {
    let dir = std::env::temp_dir().join(format!("nonosat-cli-backend-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let puzzle = bundled("seeds/line-logic-counterexample.non");
    for backend in backends() {
        let proof = dir.join(format!("{backend}.drat"));
        let proof = proof.to_str().unwrap();
        let (code, _, stderr) = run(
            &["check", "--backend", backend, "--proof", proof, &puzzle],
            None,
        );
        assert_eq!(code, 0, "{backend}: {stderr}");
        let (code, text, _) = run(&["verify-proof", &format!("{proof}.cnf"), proof], None);
        assert_eq!(code, 0, "{backend}: {text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unknown_backend_is_refused_with_the_list() {
    let puzzle = bundled("seeds/koike-6x6.non");
    let (code, _, stderr) = run(&["check", "--backend", "minisat", &puzzle], None);
    assert_eq!(code, 2);
    assert!(stderr.contains("minisat"), "{stderr}");
    assert!(stderr.contains("varisat"), "{stderr}");
}

/// Every backend choice keeps a time limit far shorter than any of them needs (Faase, 80x95,
/// takes over a minute with each): the check answers `timeout`, and in a race both threads have
/// stopped, since the process ends well within the margin.
#[test]
fn every_backend_choice_keeps_its_time_limit() {
    let Some(corpus) = crate::common::corpus_dir() else {
        return;
    };
    let path = corpus.join("survey/faase.nin");
    assert_every_backend_times_out(&[path.to_str().unwrap()], None, 0.3, 2.5);
}

/// Checks the puzzle that `input` names (with `stdin`, when it is `-`) under every backend
/// choice with a time limit of `limit` seconds: each answers `timeout` within `within` seconds.
fn assert_every_backend_times_out(input: &[&str], stdin: Option<&str>, limit: f64, within: f64) {
    let limit = limit.to_string();
    for backend in backends() {
        let started = std::time::Instant::now();
        let mut args = vec!["check", "--json", "--timeout", &limit, "--backend", backend];
        args.extend(input);
        let (code, stdout, stderr) = run(&args, stdin);
        let elapsed = started.elapsed().as_secs_f64();
        assert_eq!(code, 4, "{backend}: {stderr}");
        assert_eq!(records(&stdout)[0]["verdict"], "timeout", "{backend}");
        assert!(elapsed < within, "{backend}: {elapsed:.2} s");
    }
}

/// A random 200x200 puzzle, given on standard input: its line counts are the costly part before
/// any SAT solve (belief propagation for the phases took seconds once, past any time limit), and
/// every backend choice still stops at the limit.
#[test]
fn every_backend_choice_keeps_its_time_limit_on_a_large_random_puzzle() {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let picture: Vec<String> = (0..200)
        .map(|_| {
            (0..200)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    if state & 1 == 1 { '#' } else { '.' }
                })
                .collect()
        })
        .collect();
    let text = nin_of(&picture);
    assert_every_backend_times_out(&["--format", "nin", "-"], Some(&text), 0.5, 1.2);
}
