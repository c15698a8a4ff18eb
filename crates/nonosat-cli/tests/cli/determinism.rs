//! One answer: the same input and options give the same output, times aside, run after run, one
//! process at a time and in a batch under `--jobs 2`, for pictures with many solutions of both
//! kinds, and for clues without a picture that the race's two searches answer differently.

use super::*;

/// How often each command runs.
const RUNS: usize = 20;

/// A sparse 15x15 picture (a quarter of the cells black, at random): its clues have many solutions
/// (198 ambiguous cells), and the race's two searches find different second solutions, so that
/// before the second shown was settled near the picture, about one run in twelve showed another.
const SPARSE: &str = "\
#.......##...#.\n\
.#..##...#.##..\n\
###..#...#..#..\n\
...........##..\n\
#..........##..\n\
..#.....#......\n\
.#........#..#.\n\
.......###.....\n\
...###.##..##.#\n\
.....#..##..#..\n\
###.#...#...#..\n\
...#..........#\n\
.#...#......#..\n\
##......##....#\n\
........#.##.#.\n\
";

/// A 12x12 colour picture of pseudo-random cells (a 64-bit LCG, fixed seed), half of them the
/// background and the rest one of three colours, with its legend: its clues have several
/// solutions.
fn random_colour_picture() -> String {
    let mut state: u64 = 2024;
    let mut text = "r #cc3333\ng #33aa33\nb #3333cc\n".to_owned();
    for _ in 0..12 {
        for _ in 0..12 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            text.push(match (state >> 33) % 6 {
                0 => 'r',
                1 => 'g',
                2 => 'b',
                _ => '.',
            });
        }
        text.push('\n');
    }
    text
}

/// `output` without what may differ from run to run: the `time:` lines of the text and the
/// `time_ms` fields of JSON records.
fn without_times(output: &str) -> String {
    output
        .lines()
        .filter(|line| !line.trim_start().starts_with("time:"))
        .map(|line| match serde_json::from_str::<Value>(line) {
            Ok(Value::Object(mut record)) => {
                record.remove("time_ms");
                Value::Object(record).to_string()
            }
            _ => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `args` [`RUNS`] times and requires the same exit code and output (times aside) each time;
/// returns the output.
fn same_every_time(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args, None);
    assert!(stderr.is_empty(), "{args:?}: {stderr}");
    let first = without_times(&stdout);
    for round in 1..RUNS {
        let (again_code, again, _) = run(args, None);
        assert_eq!(again_code, code, "{args:?}, run {round}");
        assert_eq!(
            without_times(&again),
            first,
            "{args:?}: run {round} differs from the first"
        );
    }
    first
}

#[test]
fn a_picture_with_many_solutions_gives_the_same_output_every_time() {
    let dir = TempDir::new("determinism-single");
    let black_and_white = dir.file("sparse.txt", SPARSE);
    let colour = dir.file("colour.txt", &random_colour_picture());
    for file in [&black_and_white, &colour] {
        let text = same_every_time(&["check", file]);
        assert!(text.contains("multiple"), "{file}: {text}");
        let json = same_every_time(&["check", "--json", file]);
        let record = &records(&json)[0];
        assert_eq!(record["verdict"], "multiple", "{file}");
        assert_eq!(record["ambiguous_complete"], true, "{file}");
        // The first solution shown is the designer's picture.
        assert_eq!(record["goal"]["is_solution"], true, "{file}");
        let svg = dir.0.join("picture.svg");
        let svg = svg.to_str().unwrap();
        let mut pictures = Vec::new();
        for _ in 0..3 {
            let (_, _, stderr) = run(&["check", "--svg", svg, file], None);
            assert!(stderr.is_empty(), "{stderr}");
            pictures.push(std::fs::read_to_string(svg).unwrap());
        }
        assert!(pictures.windows(2).all(|pair| pair[0] == pair[1]), "{file}");
    }
}

/// The seed of [`random_picture_of`] whose 40x40 clues the race's two searches answer with
/// different solutions, where both search (the depth-first search takes longer than its head
/// start). Under load (two busy processes), the race decided by time showed another pair of
/// solutions in one run of ten here; decided by work, none in ten.
const RACED_SEED: u64 = 28;

/// The solutions `check --json` shows for `file` with `args`.
fn solutions_shown(file: &str, args: &[&str]) -> Value {
    let (_, stdout, stderr) = run(&[&["check", "--json", file], args].concat(), None);
    assert!(stderr.is_empty(), "{stderr}");
    records(&stdout)[0]["solutions"].clone()
}

/// Without a picture, which of several solutions is shown rests on the race: its two searches
/// show different ones here, alone, and the race shows the same every time, as a single check and
/// in a batch beside other checks.
#[test]
fn clues_without_a_picture_show_the_same_solutions_every_time() {
    let dir = TempDir::new("determinism-clues");
    let clues = dir.file("clues.nin", &nin_of(&random_picture_of(40, RACED_SEED)));
    let probing = solutions_shown(&clues, &["--backend", "probing", "--no-ambiguous"]);
    let lines = solutions_shown(&clues, &["--backend", "lines", "--no-ambiguous"]);
    assert_ne!(probing, lines, "the searches alone show the same solutions");
    let text = same_every_time(&["check", "--json", "--no-ambiguous", &clues]);
    assert_eq!(records(&text)[0]["verdict"], "multiple");
    for copy in 0..3 {
        dir.file(
            &format!("copy-{copy}.nin"),
            &nin_of(&random_picture_of(40, RACED_SEED)),
        );
    }
    let single = records(&text)[0]["solutions"].clone();
    for round in 0..3 {
        let (_, stdout, _) = run(
            &[
                "check",
                "--json",
                "--no-ambiguous",
                "--jobs",
                "2",
                dir.path(),
            ],
            None,
        );
        for record in records(&stdout) {
            if record.get("verdict").is_some() {
                assert_eq!(
                    record["solutions"], single,
                    "round {round}: {}",
                    record["file"]
                );
            }
        }
    }
}

#[test]
fn a_batch_under_two_jobs_gives_the_records_of_single_checks() {
    let dir = TempDir::new("determinism-batch");
    let colour = random_colour_picture();
    for copy in 0..3 {
        dir.file(&format!("bw-{copy}.txt"), SPARSE);
        dir.file(&format!("colour-{copy}.txt"), &colour);
    }
    let single = |name: &str| {
        let path = dir.0.join(name);
        let (_, stdout, stderr) = run(&["check", "--json", path.to_str().unwrap()], None);
        assert!(stderr.is_empty(), "{stderr}");
        let mut record = records(&stdout).remove(0);
        record.as_object_mut().unwrap().remove("time_ms");
        record
    };
    let expected = [single("bw-0.txt"), single("colour-0.txt")];
    for round in 0..5 {
        // The summary table goes to standard error.
        let (_, stdout, _) = run(&["check", "--json", "--jobs", "2", dir.path()], None);
        let puzzles: Vec<Value> = records(&stdout)
            .into_iter()
            .filter(|record| record.get("verdict").is_some())
            .collect();
        assert_eq!(puzzles.len(), 6, "round {round}: {stdout}");
        for mut record in puzzles {
            let file = record["file"].as_str().unwrap().to_owned();
            let object = record.as_object_mut().unwrap();
            object.remove("time_ms");
            let want = &expected[usize::from(file.contains("colour"))];
            for (key, value) in want.as_object().unwrap() {
                if key != "file" {
                    assert_eq!(&object[key], value, "round {round}, {file}: {key}");
                }
            }
        }
    }
}
