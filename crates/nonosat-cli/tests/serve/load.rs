//! Load on loopback: 200 concurrent checks of random 30x30 designs with bad requests mixed in.
//! Every good answer is verified against clues computed here, every bad request gets its 4xx,
//! the server is still up afterwards, and its memory (printed) stays bounded.
//!
//! A few random designs have ambiguous cells that take long to find all of (one of these 200
//! takes over 20 s alone); with the time limit set here their records say so (`ambiguous` null)
//! and the test counts them, while their verdicts and solutions are still checked.

use std::time::Instant;

use serde_json::json;

use super::api::assert_answers;
use super::{Server, random_picture};

/// Good requests.
const CHECKS: usize = 200;

/// One bad request after every this many good ones.
const BAD_EVERY: usize = 4;

/// The resident memory the server may reach, in KiB: far above what it needs (tens of MiB), far
/// below what a leak per request or an unbounded queue of solver threads would take.
const MEMORY_BOUND_KIB: u64 = 1024 * 1024;

/// The bad requests, in turn: (body, status expected).
fn bad_request(turn: usize) -> (Vec<u8>, u16) {
    match turn % 4 {
        0 => (br##"{"grid": ["#.", "#"##.to_vec(), 400),
        1 => (
            json!({ "grid": vec!["#".repeat(250); 2] })
                .to_string()
                .into_bytes(),
            413,
        ),
        2 => (
            json!({ "puzzle": "#", "format": "bmp" })
                .to_string()
                .into_bytes(),
            400,
        ),
        _ => (
            json!({ "puzzle": "width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n", "format": "non" })
                .to_string()
                .into_bytes(),
            400,
        ),
    }
}

#[test]
fn two_hundred_concurrent_checks_with_bad_requests_mixed_in() {
    let mut server = Server::start(&["--jobs", "2", "--timeout", "10"]);
    let (_, before) = server.memory_kib().unwrap_or_default();
    let started = Instant::now();
    let (good, bad) = std::thread::scope(|scope| {
        let server = &server;
        let mut goods = Vec::new();
        let mut bads = Vec::new();
        for i in 0..CHECKS {
            goods.push(scope.spawn(move || {
                let picture = random_picture(30, 0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1));
                let body = json!({ "grid": picture }).to_string();
                let answer = server.send(
                    "POST",
                    "/api/check",
                    &[("Content-Type", "application/json")],
                    body.as_bytes(),
                );
                assert_eq!(
                    answer.status,
                    200,
                    "{}",
                    String::from_utf8_lossy(&answer.body)
                );
                let record = answer.json();
                let complete = assert_answers(&record, &picture);
                (record["verdict"] == "unique", complete)
            }));
            if i % BAD_EVERY == 0 {
                bads.push(scope.spawn(move || {
                    let (body, status) = bad_request(i / BAD_EVERY);
                    let answer = server.send(
                        "POST",
                        "/api/check",
                        &[("Content-Type", "application/json")],
                        &body,
                    );
                    let message = answer.error(status);
                    assert!(!message.is_empty());
                }));
            }
        }
        let good: Vec<(bool, bool)> = goods
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .expect("every good check is answered correctly")
            })
            .collect();
        let bad = bads.len();
        for handle in bads {
            handle.join().expect("every bad request is refused");
        }
        (good, bad)
    });
    let elapsed = started.elapsed();
    assert!(server.is_running(), "the server is still up");
    let limits = server.send("GET", "/api/limits", &[], b"");
    assert_eq!(limits.status, 200, "and still answers");
    let unique = good.iter().filter(|&&(unique, _)| unique).count();
    let cut = good.iter().filter(|&&(_, complete)| !complete).count();
    match server.memory_kib() {
        Some((now, peak)) => {
            println!(
                "load: {CHECKS} checks of random 30x30 designs ({unique} unique, {cut} with the \
                 ambiguous cells cut by the time limit) and {bad} bad requests in {:.1} s; server memory {} KiB at start, peak {peak} KiB, {now} KiB \
                 after",
                elapsed.as_secs_f64(),
                before,
            );
            assert!(peak < MEMORY_BOUND_KIB, "peak resident memory {peak} KiB");
        }
        None => println!("load: memory not measured (no /proc on this system)"),
    }
}
