//! Adversarial load on loopback: 200 concurrent checks of random 30x30 designs, each asked again
//! after `Retry-After` while the queue is full, with what the server must refuse mixed in: bad
//! input (400, 413), other sites' pages (403), rebound host names (421), bodies of other types
//! (415), 4 MiB bodies (answered, or 503 when the queue is full), and slow clients sending their
//! headers a byte at a time (cut off). Meanwhile a designer's small checks are timed. Every good
//! answer is verified against clues computed here, every bad request gets its status, the server
//! is still up afterwards and its memory stays bounded; then it is stopped with slow checks in
//! it. The figures are printed (docs/server.md).
//!
//! A few random designs have ambiguous cells that take long to find all of (one of these 200
//! takes over 20 s alone); with the time limit set here their records say so (`ambiguous` null)
//! and the test counts them, while their verdicts and solutions are still checked.

use std::time::{Duration, Instant};

use serde_json::json;

use super::api::{assert_answers, assert_verdict};
use super::queue::{padded_body, stop_with};
use super::slow::trickle;
use super::{MEMORY_BOUND_KIB, Server, random_picture};

/// Good requests.
const CHECKS: usize = 200;

/// One bad request after every this many good ones.
const BAD_EVERY: usize = 4;

/// Bodies of 4 MiB sent at once, with the rest.
const FLOOD: usize = 20;

/// Slow clients, sending their headers a byte at a time.
const SLOW_CLIENTS: usize = 10;

/// Small checks timed, one after the other.
const SMALL_CHECKS: usize = 40;

/// The bad requests, in turn: (headers, body, status expected).
fn bad_request(turn: usize, port: u16) -> (Vec<(&'static str, String)>, Vec<u8>, u16) {
    let json = ("Content-Type", "application/json".to_owned());
    let small = br##"{"grid": ["#.", ".#"]}"##.to_vec();
    match turn % 8 {
        0 => (vec![json], br##"{"grid": ["#.", "#"##.to_vec(), 400),
        1 => (
            vec![json],
            json!({ "grid": vec!["#".repeat(250); 2] })
                .to_string()
                .into_bytes(),
            413,
        ),
        2 => (
            vec![json],
            json!({ "puzzle": "#", "format": "bmp" })
                .to_string()
                .into_bytes(),
            400,
        ),
        3 => (
            vec![json],
            json!({ "puzzle": "width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n", "format": "non" })
                .to_string()
                .into_bytes(),
            400,
        ),
        4 => (
            vec![
                ("Origin", "http://evil.example".to_owned()),
                ("Content-Type", "text/plain".to_owned()),
            ],
            small,
            403,
        ),
        5 => (
            vec![json, ("Host", format!("attacker.example:{port}"))],
            small,
            421,
        ),
        6 => (
            vec![(
                "Content-Type",
                "application/x-www-form-urlencoded".to_owned(),
            )],
            small,
            415,
        ),
        _ => (vec![("Content-Type", "text/plain".to_owned())], small, 415),
    }
}

/// The value at `fraction` (0 to 1) of `sorted` durations.
fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let index = ((sorted.len() - 1) as f64 * fraction).round() as usize;
    sorted[index]
}

#[test]
fn two_hundred_concurrent_checks_with_attacks_mixed_in() {
    let mut server = Server::start(&["--jobs", "2", "--timeout", "10"]);
    let (_, before) = server.memory_kib().unwrap_or_default();
    let port = server.address.port();
    let started = Instant::now();
    let (good, bad, flood, mut small) = std::thread::scope(|scope| {
        let server = &server;
        let mut goods = Vec::new();
        let mut bads = Vec::new();
        for i in 0..CHECKS {
            goods.push(scope.spawn(move || {
                let picture = random_picture(30, 0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1));
                let (answer, tries) =
                    server.post_json_patiently("/api/check", &[], &json!({ "grid": picture }));
                assert_eq!(
                    answer.status,
                    200,
                    "{}",
                    String::from_utf8_lossy(&answer.body)
                );
                let record = answer.json();
                let complete = assert_answers(&record, &picture);
                (record["verdict"] == "unique", complete, tries)
            }));
            if i % BAD_EVERY == 0 {
                bads.push(scope.spawn(move || {
                    let (headers, body, status) = bad_request(i / BAD_EVERY, port);
                    let headers: Vec<(&str, &str)> = headers
                        .iter()
                        .map(|(name, value)| (*name, value.as_str()))
                        .collect();
                    let sent = Instant::now();
                    let answer = server.send("POST", "/api/check", &headers, &body);
                    let message = answer.error(status);
                    assert!(!message.is_empty());
                    sent.elapsed()
                }));
            }
        }
        let floods: Vec<_> = (0..FLOOD)
            .map(|i| {
                scope.spawn(move || {
                    let json = [("Content-Type", "application/json")];
                    let body = padded_body(&format!("flood-{i}"));
                    server.send("POST", "/api/check", &json, &body).status
                })
            })
            .collect();
        let slow_clients: Vec<_> = (0..SLOW_CLIENTS)
            .map(|_| {
                let head = format!(
                    "POST /api/check HTTP/1.1\r\nHost: {}\r\nX-Padding: {}\r\n\r\n",
                    server.address,
                    "a".repeat(200)
                );
                scope.spawn(move || trickle(server.address, head.as_bytes(), 0))
            })
            .collect();
        let small = scope.spawn(move || {
            (0..SMALL_CHECKS)
                .map(|i| {
                    std::thread::sleep(Duration::from_millis(250));
                    let picture = random_picture(10, 0xA11CE ^ (i as u64 + 1));
                    let body = json!({ "grid": picture, "ambiguous_cells": false });
                    let sent = Instant::now();
                    let (answer, tries) = server.post_json_patiently("/api/check", &[], &body);
                    assert_eq!(answer.status, 200);
                    assert_eq!(tries, 1, "a small check was turned away");
                    assert_verdict(&answer.json(), &picture);
                    sent.elapsed()
                })
                .collect::<Vec<Duration>>()
        });
        let good: Vec<(bool, bool, usize)> = goods
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .expect("every good check is answered correctly")
            })
            .collect();
        let bad: Vec<Duration> = bads
            .into_iter()
            .map(|handle| handle.join().expect("every bad request is refused"))
            .collect();
        let flood: Vec<u16> = floods
            .into_iter()
            .map(|handle| handle.join().expect("a flood body is answered"))
            .collect();
        for handle in slow_clients {
            let closed = handle.join().expect("a slow client").expect("cut off");
            assert!(closed.after < Duration::from_secs(14), "{:?}", closed.after);
        }
        let small = small.join().expect("every small check is answered");
        (good, bad, flood, small)
    });
    let elapsed = started.elapsed();
    assert!(server.is_running(), "the server is still up");
    let limits = server.send("GET", "/api/limits", &[], b"");
    assert_eq!(limits.status, 200, "and still answers");
    assert!(flood.iter().all(|&status| status == 200 || status == 503));
    let unique = good.iter().filter(|&&(unique, _, _)| unique).count();
    let cut = good.iter().filter(|&&(_, complete, _)| !complete).count();
    let sent: usize = good.iter().map(|&(_, _, tries)| tries).sum();
    small.sort();
    let slowest_bad = bad.iter().max().copied().unwrap_or_default();
    println!(
        "load: {CHECKS} checks of random 30x30 designs ({unique} unique, {cut} with the ambiguous \
         cells cut by the time limit), sent {sent} times in all (503 and Retry-After in between); \
         {} bad requests (slowest answer {slowest_bad:?}); {FLOOD} bodies of 4 MiB ({} answered \
         503); {SLOW_CLIENTS} slow clients cut off; all in {:.1} s",
        bad.len(),
        flood.iter().filter(|&&status| status == 503).count(),
        elapsed.as_secs_f64(),
    );
    println!(
        "load: {SMALL_CHECKS} small checks (10x10, verdict only) under the load: p50 {:?}, p95 \
         {:?}, slowest {:?}",
        percentile(&small, 0.5),
        percentile(&small, 0.95),
        small[small.len() - 1],
    );
    if let Some((now, peak)) = server.memory_kib() {
        println!("load: server memory {before} KiB at start, peak {peak} KiB, {now} KiB after");
        assert!(peak < MEMORY_BOUND_KIB, "peak resident memory {peak} KiB");
    }
    let took = stop_with(&mut server, "INT");
    println!("load: SIGINT with four slow checks in the server: exited in {took:?}");
}
