//! Running the `nonosat` binary as a user would, one process at a time, and reading the CPU time
//! each process spent (user and system, all its threads) from the kernel when it is reaped.

use std::ffi::OsStr;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The release build of this workspace's binary.
pub const RELEASE_BINARY: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/release/nonosat");

/// What one run of the binary left: its standard output and the CPU time it used.
pub struct Run {
    pub stdout: String,
    pub cpu: Duration,
}

/// Runs `binary` with `args` to its end; panics when it cannot be started or reaped, since a
/// benchmark without its subject has nothing to say.
#[allow(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4, in `reap`"
)]
pub fn run(binary: &str, args: &[&OsStr]) -> Run {
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|error| {
            panic!("cannot run {binary} ({error}): `cargo build --release` makes it")
        });
    let mut stdout = String::new();
    if let Some(mut pipe) = child.stdout.take() {
        pipe.read_to_string(&mut stdout)
            .unwrap_or_else(|error| panic!("cannot read {binary}'s output: {error}"));
    }
    let cpu = reap(child.id()).unwrap_or_else(|| panic!("cannot reap {binary}"));
    Run { stdout, cpu }
}

/// Waits for the child `pid` and returns the CPU time its rusage reports. std's `Child::wait`
/// keeps the rusage to itself, hence `wait4`.
fn reap(pid: u32) -> Option<Duration> {
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of the plain C struct, which wait4 fills.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own unreaped child; `status` and `usage` are valid for writes.
    let reaped = unsafe { libc::wait4(pid as libc::pid_t, &mut status, 0, &mut usage) };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1_000);
    (reaped == pid as libc::pid_t).then(|| time(usage.ru_utime) + time(usage.ru_stime))
}

/// The verdict named in a `--json` record (`?` where it names none).
pub fn verdict(record: &str) -> &'static str {
    ["unique", "multiple", "none", "timeout", "solved"]
        .into_iter()
        .find(|verdict| record.contains(&format!("\"verdict\":\"{verdict}\"")))
        .unwrap_or("?")
}

/// Refuses a command line with anything besides `--bench` (which `cargo bench` passes), the
/// flags of `alone` and the flags of `valued` each followed by its value: prints `usage` and
/// exits, with status 0 for `--help`, else 2, after naming the word it does not know. A bench
/// that ran on past a mistyped flag would spend its minutes on sets nobody asked for.
pub fn refuse_unknown(args: &[String], alone: &[&str], valued: &[&str], usage: &str) {
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let problem = match word.as_str() {
            "--bench" => continue,
            "--help" | "-h" => {
                println!("{usage}");
                std::process::exit(0)
            }
            flag if alone.contains(&flag) => continue,
            flag if valued.contains(&flag) => match words.next() {
                Some(_) => continue,
                None => format!("{flag} needs a value"),
            },
            other => format!("unknown argument {other:?}"),
        };
        eprintln!("{problem}\n{usage}");
        std::process::exit(2)
    }
}

/// The value after `flag` in `args`.
pub fn flag<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    let at = args.iter().position(|arg| arg == flag)?;
    args.get(at + 1).map(String::as_str)
}

/// The seed given with `--seed`, else one from the clock (printed by the caller, so that a run
/// can be repeated).
pub fn seed(args: &[String]) -> u64 {
    flag(args, "--seed").map_or_else(
        || {
            let now = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap_or_default();
            now.as_nanos() as u64
        },
        |seed| seed.parse().expect("--seed takes a number"),
    )
}
