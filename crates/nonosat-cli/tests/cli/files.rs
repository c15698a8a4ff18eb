//! The files the binary writes: whole or not at all, even when it is killed while writing, and
//! never over one of its inputs.

use std::path::Path;
use std::time::{Duration, Instant};

use super::*;

/// What a destination holds before each run.
const OLD: &str = "the old content\n";

/// Runs `args` (which write `dest`) again and again, each time over a `dest` holding [`OLD`], and
/// kills it with SIGKILL: once the moment `dest` changes, then at fixed moments. After each, `dest`
/// must hold the old content or `complete`, the whole new one, never a part.
fn killed_writes_leave_the_old_or_the_new(args: &[&str], dest: &Path, complete: &[u8]) {
    let kill_at = [None, Some(0), Some(20), Some(60), Some(150), Some(400)];
    for moment in kill_at {
        std::fs::write(dest, OLD).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_nonosat"))
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        match moment {
            Some(ms) => std::thread::sleep(Duration::from_millis(ms)),
            None => {
                // Spin until the destination is no longer the old file: truncated, renamed over, or
                // (when the command has finished) never touched.
                let started = Instant::now();
                while std::fs::read(dest).is_ok_and(|bytes| bytes == OLD.as_bytes())
                    && child.try_wait().unwrap().is_none()
                {
                    assert!(
                        started.elapsed() < Duration::from_secs(120),
                        "never written"
                    );
                }
            }
        }
        let _ = child.kill();
        child.wait().unwrap();
        let left = std::fs::read(dest).unwrap();
        assert!(
            left == OLD.as_bytes() || left == complete,
            "{args:?} killed at {moment:?} ms left {} bytes of {}",
            left.len(),
            complete.len()
        );
    }
}

#[test]
fn a_write_killed_at_any_moment_leaves_the_old_file_or_the_new() {
    let folder = TempDir::new("killed-writes");
    // Megabytes each: 3 of XML from 600x600, 3 of DIMACS from 50x50.
    for (command, extension, size) in [("convert", "xml", 600), ("cnf", "cnf", 50)] {
        let text = random_picture_of(size, 7).join("\n") + "\n";
        let picture = folder.file(&format!("picture-{size}.txt"), &text);
        let whole = folder.0.join(format!("whole.{extension}"));
        let dest = folder.0.join(format!("dest.{extension}"));
        let mut args = vec![command, picture.as_str()];
        if command == "convert" {
            args.extend(["--to", "xml"]);
        }
        let (code, _, stderr) = run(
            &[&args[..], &["-o", whole.to_str().unwrap()]].concat(),
            None,
        );
        assert_eq!(code, 0, "{stderr}");
        let complete = std::fs::read(&whole).unwrap();
        args.extend(["-o", dest.to_str().unwrap()]);
        killed_writes_leave_the_old_or_the_new(&args, &dest, &complete);
    }
}

#[test]
fn a_proof_over_its_own_puzzle_or_into_a_folder_is_refused_leaving_everything_as_it_was() {
    let folder = TempDir::new("proof-over-input");
    let puzzle = folder.file("self.nin", "2 2\n1\n1\n1\n1\n");
    let link = folder.0.join("link.nin");
    std::os::unix::fs::symlink(&puzzle, &link).unwrap();
    let hard = folder.0.join("hard.nin");
    std::fs::hard_link(&puzzle, &hard).unwrap();
    for output in [
        puzzle.as_str(),
        link.to_str().unwrap(),
        hard.to_str().unwrap(),
    ] {
        let (code, stdout, stderr) = run(&["check", "--proof", output, &puzzle], None);
        assert_eq!((code, stdout.as_str()), (2, ""), "{output}");
        assert!(
            stderr.contains(&format!("--proof {output} is the input {puzzle}")),
            "{stderr}"
        );
    }
    // The same through `-o`, and an input given as the link.
    let (code, _, stderr) = run(
        &[
            "convert",
            link.to_str().unwrap(),
            "--to",
            "non",
            "-o",
            &puzzle,
        ],
        None,
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("nonosat does not write over its input"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&puzzle).unwrap(),
        "2 2\n1\n1\n1\n1\n"
    );

    let proofs = folder.0.join("proofs");
    std::fs::create_dir(&proofs).unwrap();
    let (code, _, stderr) = run(
        &["check", "--proof", proofs.to_str().unwrap(), &puzzle],
        None,
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("is a folder"), "{stderr}");
    let mut names: Vec<_> = std::fs::read_dir(&folder.0)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["hard.nin", "link.nin", "proofs", "self.nin"]);
}
