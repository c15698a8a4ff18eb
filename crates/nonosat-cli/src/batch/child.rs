//! One puzzle checked in a child process: `nonosat check - --format json --json`, the puzzle on its
//! standard input, its record read back from its standard output. The child is stopped when its
//! time is up or the batch is interrupted, and always waited for, so nothing outlives the answer.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use nonosat::deadline::Deadline;
use nonosat::report::{CheckRecord, ErrorRecord};
use nonosat::solve::Strategy;

use crate::args::CheckArgs;
use crate::status::Status;

/// How long past its own `--timeout` a child may take to answer before it is stopped: time to start,
/// read the puzzle and propagate, which the child's deadline does not cover (docs/batch.md).
pub(super) const GRACE: Duration = Duration::from_secs(2);

/// What became of a puzzle given to a child.
pub(super) enum Outcome {
    /// The child's record, as it printed it (its `file` is `-`, its `index` 0).
    Checked(Box<CheckRecord>),
    /// The child reported an error, or crashed.
    Failed {
        /// What went wrong.
        message: String,
        /// The status it gives the batch.
        status: Status,
    },
    /// The child had not answered [`GRACE`] after its timeout, and was stopped.
    Stopped(Duration),
    /// The batch was interrupted while the child ran.
    Cancelled,
}

/// What a child is told besides its puzzle.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ChildArgs {
    /// The time limit of the check; the child is stopped [`GRACE`] after it.
    pub timeout: Option<Duration>,
    /// `--no-ambiguous`.
    pub no_ambiguous: bool,
    /// `--backend`, when one was given; else each child runs the library's default search, the
    /// race of a single check (docs/batch.md: how the jobs and the races share the cores).
    pub backend: Option<Strategy>,
}

impl From<&CheckArgs> for ChildArgs {
    fn from(args: &CheckArgs) -> Self {
        ChildArgs {
            timeout: args.solve.timeout.limit,
            no_ambiguous: args.uniqueness.no_ambiguous,
            backend: args.solve.backend,
        }
    }
}

/// Checks the puzzle written as JSON in `input` (black and white or colour) in a child process
/// running `exe`, told `args`; `cancel` stops it early.
pub(super) fn check(exe: &Path, input: &str, args: ChildArgs, cancel: &AtomicBool) -> Outcome {
    let started = Instant::now();
    let timeout = args.timeout;
    let mut command = Command::new(exe);
    command.args(["check", "-", "--format", "json", "--json"]);
    if args.no_ambiguous {
        command.arg("--no-ambiguous");
    }
    if let Some(backend) = args.backend {
        command.args(["--backend", backend.name()]);
    }
    if let Some(timeout) = timeout {
        command
            .arg("--timeout")
            .arg(timeout.as_secs_f64().to_string());
    }
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(target_os = "linux")]
    die_with_parent(&mut command);
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(error) => {
            return Outcome::Failed {
                message: format!("cannot start a child process: {error}"),
                status: Status::Internal,
            };
        }
    };
    let (mut stdin, mut stdout, mut stderr) = (
        child.stdin.take().expect("piped"),
        child.stdout.take().expect("piped"),
        child.stderr.take().expect("piped"),
    );
    let kill_at = timeout.map(|timeout| Deadline::after_from(started, timeout + GRACE));
    let (ended, output, errors) = thread::scope(|scope| {
        // A child that dies early closes the pipe: the write then fails, and its exit tells why.
        scope.spawn(move || stdin.write_all(input.as_bytes()));
        let output = scope.spawn(move || read_all(&mut stdout));
        let errors = scope.spawn(move || read_all(&mut stderr));
        let ended = wait(&mut child, kill_at, cancel);
        let output = output.join().unwrap_or_default();
        let errors = errors.join().unwrap_or_default();
        (ended, output, errors)
    });
    match ended {
        Ended::Cancelled => Outcome::Cancelled,
        Ended::Stopped => Outcome::Stopped(started.elapsed()),
        Ended::Exited(status) => {
            let outcome = read_outcome(status, &output, &errors);
            let crashed =
                matches!(&outcome, Outcome::Failed { status, .. } if *status == Status::Internal);
            if crashed && cancel.load(Ordering::SeqCst) {
                Outcome::Cancelled // Ctrl-C reached the child too
            } else {
                outcome
            }
        }
    }
}

/// Makes the child die with the batch, even one killed by SIGKILL, which runs no code of ours:
/// the kernel sends the child SIGKILL when the thread that started it ends (PR_SET_PDEATHSIG). Each
/// child is started by a worker thread that waits for it, so only the batch's death ends that
/// thread early. A batch that died between the fork and the prctl is caught by its process id:
/// the child then has another parent, and does not start.
#[cfg(target_os = "linux")]
fn die_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id();
    // SAFETY: the closure runs in the child between fork and exec, where only async-signal-safe
    // calls are allowed: it makes two system calls and builds an error without allocating.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) == -1 {
                return Err(std::io::Error::last_os_error());
            }
            if u32::try_from(libc::getppid()) != Ok(parent) {
                return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
            }
            Ok(())
        });
    }
}

/// How a child's run ended.
enum Ended {
    Exited(ExitStatus),
    Stopped,
    Cancelled,
}

/// Waits for `child`, stopping it at `kill_at` or when `cancel` is set. Polls, at first every 0.2
/// ms and then less often, up to every 10 ms, so that quick puzzles are not slowed down.
fn wait(child: &mut Child, kill_at: Option<Deadline>, cancel: &AtomicBool) -> Ended {
    let mut pause = Duration::from_micros(200);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ended::Exited(status),
            Ok(None) => {}
            Err(_) => return stop(child, Ended::Stopped),
        }
        if cancel.load(Ordering::SeqCst) {
            return stop(child, Ended::Cancelled);
        }
        if kill_at.is_some_and(Deadline::has_passed) {
            return stop(child, Ended::Stopped);
        }
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(10));
    }
}

/// Kills `child` and waits for it, so that it leaves no process behind.
fn stop(child: &mut Child, how: Ended) -> Ended {
    let _ = child.kill();
    let _ = child.wait();
    how
}

fn read_all(reader: &mut impl Read) -> String {
    let mut bytes = Vec::new();
    let _ = reader.read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The outcome a finished child's output tells: its check record, its error record, or a crash.
fn read_outcome(exit: ExitStatus, output: &str, errors: &str) -> Outcome {
    let line = output.lines().next().unwrap_or_default();
    if let Ok(record) = serde_json::from_str::<CheckRecord>(line) {
        return Outcome::Checked(Box::new(record));
    }
    if let Ok(record) = serde_json::from_str::<ErrorRecord>(line) {
        let message = record.error;
        return Outcome::Failed {
            message: message.strip_prefix("-: ").unwrap_or(&message).to_owned(),
            status: if exit.code() == Some(5) {
                Status::Internal
            } else {
                Status::BadInput
            },
        };
    }
    let last_words = errors
        .lines()
        .rev()
        .find(|line| !line.trim().is_empty() && !line.starts_with("note:"));
    Outcome::Failed {
        message: format!(
            "the check crashed ({exit}){}",
            last_words
                .map(|words| format!(": {words}"))
                .unwrap_or_default()
        ),
        status: Status::Internal,
    }
}

// The stand-ins are shell scripts.
#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::PermissionsExt;
    use std::path::PathBuf;

    use super::*;

    /// A shell script standing in for nonosat, removed when dropped. It holds a lock while it
    /// lives: a script written while another test's child is between fork and exec would have its
    /// write handle copied into that child, and running it would then fail with "text file busy".
    struct Script {
        path: PathBuf,
        _one_at_a_time: std::sync::MutexGuard<'static, ()>,
    }

    static ONE_SCRIPT_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

    impl Script {
        fn new(name: &str, body: &str) -> Script {
            let lock = ONE_SCRIPT_AT_A_TIME
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            let path = std::env::temp_dir()
                .join(format!("nonosat-child-{}-{name}.sh", std::process::id()));
            std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
            Script {
                path,
                _one_at_a_time: lock,
            }
        }
    }

    impl Drop for Script {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.path);
        }
    }

    /// A 1x1 puzzle as the JSON a child reads.
    const TINY: &str = r#"{"rows": [[1]], "columns": [[1]]}"#;

    #[test]
    fn a_child_that_does_not_answer_is_stopped_after_its_grace() {
        let script = Script::new("sleeper", "exec sleep 60");
        let started = Instant::now();
        let timeout = Duration::from_millis(100);
        let args = ChildArgs {
            timeout: Some(timeout),
            ..ChildArgs::default()
        };
        let outcome = check(&script.path, TINY, args, &AtomicBool::new(false));
        let Outcome::Stopped(elapsed) = outcome else {
            panic!("the child should have been stopped");
        };
        assert!(elapsed >= timeout + GRACE, "{elapsed:?}");
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "not left to sleep"
        );
    }

    #[test]
    fn a_child_that_crashes_is_reported_with_its_last_words() {
        let body = "echo \"thread 'main' panicked at src/x.rs:1:1:\" >&2\n\
                    echo 'something broke' >&2\n\
                    echo 'note: run with RUST_BACKTRACE=1' >&2\nexit 101";
        let script = Script::new("crasher", body);
        let outcome = check(
            &script.path,
            TINY,
            ChildArgs::default(),
            &AtomicBool::new(false),
        );
        let Outcome::Failed { message, status } = outcome else {
            panic!("the crash should be reported");
        };
        assert_eq!(status, Status::Internal);
        assert_eq!(
            message,
            "the check crashed (exit status: 101): something broke"
        );
    }

    #[test]
    fn a_cancelled_batch_stops_its_children() {
        let script = Script::new("cancelled", "exec sleep 60");
        let started = Instant::now();
        let outcome = check(
            &script.path,
            TINY,
            ChildArgs::default(),
            &AtomicBool::new(true),
        );
        assert!(matches!(outcome, Outcome::Cancelled));
        assert!(started.elapsed() < Duration::from_secs(30));
    }

    #[test]
    fn an_error_record_of_the_child_keeps_its_message_and_status() {
        let record =
            r#"{"schema_version":1,"file":"-","index":0,"error":"-: the encoding is too large"}"#;
        let script = Script::new("refuser", &format!("echo '{record}'\nexit 2"));
        let outcome = check(
            &script.path,
            TINY,
            ChildArgs::default(),
            &AtomicBool::new(false),
        );
        let Outcome::Failed { message, status } = outcome else {
            panic!("the error should be reported");
        };
        assert_eq!(status, Status::BadInput);
        assert_eq!(message, "the encoding is too large");
    }
}
