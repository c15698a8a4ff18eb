//! The queue of solver jobs under pressure: bad input is answered at once while slow jobs hold
//! the workers, a full queue answers 503 with `Retry-After` while memory stays bounded, and a
//! stop (SIGINT or SIGTERM) answers every waiting and running job and ends the process within a
//! second.

use std::net::SocketAddr;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{Answer, MEMORY_BOUND_KIB, Server, random_picture, send};

/// A check whose every ambiguous cell takes longer than any limit set here: a random 60x60
/// design (a slow job), searching for `seconds` at most.
fn slow_check(seconds: u64) -> Value {
    json!({ "grid": random_picture(60, 0x5EED_0060), "timeout": seconds })
}

/// Starts `count` slow checks of `seconds` each on threads of `scope`, then waits until the
/// server has them (one runs, the others wait: with `--jobs 2`, slow jobs run one at a time).
pub(super) fn occupy<'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    address: SocketAddr,
    count: usize,
    seconds: u64,
) -> Vec<std::thread::ScopedJoinHandle<'scope, Answer>> {
    let body = slow_check(seconds).to_string();
    let handles = (0..count)
        .map(|_| {
            let body = body.clone();
            scope.spawn(move || {
                let json = [("Content-Type", "application/json")];
                send(address, "POST", "/api/check", &json, body.as_bytes())
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    handles
}

#[test]
fn bad_input_is_answered_at_once_while_slow_jobs_hold_the_workers() {
    let server = Server::start(&["--jobs", "2", "--timeout", "60"]);
    std::thread::scope(|scope| {
        let slow = occupy(scope, server.address, 3, 5);
        let bad = [
            (
                json!({ "grid": vec!["#".repeat(250); 2] }),
                "/api/check",
                413,
            ),
            (
                json!({ "puzzle": "width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n", "format": "non" }),
                "/api/check",
                400,
            ),
            (json!({ "puzzle": "#", "format": "bmp" }), "/api/check", 400),
            (json!({ "grid": ["#.", "#"] }), "/api/explain", 400),
            (json!({ "grid": ["#.", ".#"] }), "/api/hint", 400),
            (
                json!({ "grid": ["#.", ".#"], "edits": 1000 }),
                "/api/fix",
                400,
            ),
            (json!({ "grid": ["#.", ".#"] }), "/api/convert", 400),
            (
                json!({ "grid": ["#.", ".#"], "image": "gif", "solved": true }),
                "/api/sheet",
                400,
            ),
        ];
        for (body, path, status) in bad {
            let started = Instant::now();
            let message = server.post_json(path, &body).error(status);
            let took = started.elapsed();
            // At once, where waiting behind the slow jobs would take 5 s and more.
            assert!(
                took < Duration::from_secs(2),
                "{path} {body}: {took:?} ({message})"
            );
        }
        for handle in slow {
            assert_eq!(handle.join().expect("a slow check").status, 200);
        }
    });
}

/// A request body of 4 MiB: a small design, padded with spaces (valid JSON) to the limit.
pub(super) fn padded_body(name: &str) -> Vec<u8> {
    let mut body = json!({ "grid": ["#.", ".#"], "name": name })
        .to_string()
        .into_bytes();
    body.resize(4 * 1024 * 1024 - 1, b' ');
    body
}

#[test]
fn a_full_queue_answers_503_and_memory_stays_bounded() {
    let server = Server::start(&["--jobs", "2", "--timeout", "60"]);
    let answers: Vec<Answer> = std::thread::scope(|scope| {
        let slow = occupy(scope, server.address, 2, 8);
        let flood: Vec<_> = (0..60)
            .map(|i| {
                let server = &server;
                scope.spawn(move || {
                    server.send(
                        "POST",
                        "/api/check",
                        &[("Content-Type", "application/json")],
                        &padded_body(&format!("flood-{i}")),
                    )
                })
            })
            .collect();
        let answers = flood
            .into_iter()
            .map(|handle| handle.join().expect("an answer"))
            .collect();
        for handle in slow {
            assert_eq!(handle.join().expect("a slow check").status, 200);
        }
        answers
    });
    let busy = answers.iter().filter(|answer| answer.status == 503).count();
    for answer in &answers {
        match answer.status {
            200 => assert_eq!(answer.json()["verdict"], "multiple"),
            503 => {
                assert!(answer.error(503).contains("busy"));
                assert_eq!(answer.header("retry-after"), Some("2"));
            }
            other => panic!("{other}: {}", String::from_utf8_lossy(&answer.body)),
        }
    }
    // A slow check waits, and at most 8 jobs wait at once.
    assert!(60 - busy <= 7, "{busy} of 60 refused");
    if let Some((now, peak)) = server.memory_kib() {
        println!("flood: {busy} of 60 bodies of 4 MiB refused 503; peak {peak} KiB, now {now} KiB");
        assert!(peak < MEMORY_BOUND_KIB, "peak resident memory {peak} KiB");
    }
}

/// Sends `signal` to `server` (started with `--jobs 2`) with four slow checks in it, and answers
/// how long it took to exit; every check is answered 503.
pub(super) fn stop_with(server: &mut Server, signal: &str) -> Duration {
    let (took, answers) = std::thread::scope(|scope| {
        let checks = occupy(scope, server.address, 4, 60);
        let started = Instant::now();
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &server.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
        while server.is_running() && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(5));
        }
        let took = started.elapsed();
        let answers: Vec<Answer> = checks
            .into_iter()
            .map(|handle| handle.join().expect("an answer"))
            .collect();
        (took, answers)
    });
    assert!(!server.is_running(), "still running after SIG{signal}");
    for answer in answers {
        assert_eq!(answer.error(503), "the server is stopping");
    }
    took
}

#[test]
fn a_stop_answers_every_job_and_exits_within_a_second() {
    for signal in ["INT", "TERM"] {
        let mut server = Server::start(&["--jobs", "2", "--timeout", "60"]);
        let took = stop_with(&mut server, signal);
        println!("SIG{signal} with four slow checks in the server: exited in {took:?}");
        assert!(took < Duration::from_secs(1), "SIG{signal}: {took:?}");
    }
}
