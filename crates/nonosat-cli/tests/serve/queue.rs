//! The queue of solver jobs under pressure: bad input is answered at once while slow jobs hold
//! the workers.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{Answer, Server, random_picture, send};

/// A check whose every ambiguous cell takes longer than any limit set here: a random 60x60
/// design (a slow job), searching for `seconds` at most.
fn slow_check(seconds: u64) -> Value {
    json!({ "grid": random_picture(60, 0x5EED_0060), "timeout": seconds })
}

/// Starts `count` slow checks of `seconds` each on threads of `scope`, then waits until the
/// server has them (one runs, the others wait: with `--jobs 2`, slow jobs run one at a time).
fn occupy<'scope>(
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
