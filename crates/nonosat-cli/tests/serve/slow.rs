//! Slow clients (slowloris): connections that send their headers one byte at a time, or their
//! body, or nothing at all, are closed after the server's read timeouts (10 s for the headers, 30
//! s for a body: docs/server.md) and do not keep a normal request from being answered at once.

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use serde_json::json;

use super::Server;

/// The time between two bytes of a slow client.
const STEP: Duration = Duration::from_millis(250);

/// The longest a slow client waits for the server to close its connection.
const PATIENCE: Duration = Duration::from_secs(45);

/// How a slow connection ended: when the server closed it, and what it answered first.
pub(super) struct Closed {
    /// When, from the connection's start.
    pub after: Duration,
    /// What the server sent before closing.
    pub answer: Vec<u8>,
}

/// Connects and sends `bytes`, the first `sent_at_once` of them at once and the others one every
/// [`STEP`], until the server closes the connection (or [`PATIENCE`] runs out: `None`).
pub(super) fn trickle(address: SocketAddr, bytes: &[u8], sent_at_once: usize) -> Option<Closed> {
    let started = Instant::now();
    let mut stream = TcpStream::connect(address).expect("the server accepts");
    stream.set_read_timeout(Some(STEP)).expect("a read timeout");
    let mut sent = sent_at_once.min(bytes.len());
    let mut answer = Vec::new();
    let closed = |answer| {
        Some(Closed {
            after: started.elapsed(),
            answer,
        })
    };
    if stream.write_all(&bytes[..sent]).is_err() {
        return closed(answer);
    }
    while started.elapsed() < PATIENCE {
        let mut buffer = [0; 4096];
        match stream.read(&mut buffer) {
            Ok(0) => return closed(answer),
            Ok(read) => answer.extend_from_slice(&buffer[..read]),
            Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => return closed(answer),
        }
        if sent < bytes.len() {
            if stream.write_all(&bytes[sent..=sent]).is_err() {
                return closed(answer);
            }
            sent += 1;
        }
    }
    None
}

#[test]
fn slow_clients_are_cut_off_and_do_not_block_a_normal_request() {
    let server = Server::start(&[]);
    let address = server.address;
    let head = format!(
        "POST /api/check HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         X-Padding: {}\r\n\r\n",
        "a".repeat(400)
    );
    let body = json!({ "grid": ["#.", ".#"] }).to_string();
    let with_body = format!(
        "POST /api/check HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len() + 200
    );
    let (head, with_body) = (head.as_str(), with_body.as_str());
    std::thread::scope(|scope| {
        let headers: Vec<_> = (0..20)
            .map(|_| scope.spawn(move || trickle(address, head.as_bytes(), 0)))
            .collect();
        let idle = scope.spawn(|| trickle(address, b"", 0));
        let bodies: Vec<_> = (0..2)
            .map(|_| {
                let head_length = with_body.len() - body.len();

                scope.spawn(move || trickle(address, with_body.as_bytes(), head_length))
            })
            .collect();
        std::thread::sleep(Duration::from_secs(1));
        let started = Instant::now();
        let answer = server.post_json("/api/check", &json!({ "grid": ["#.", ".#"] }));
        let took = started.elapsed();
        assert_eq!(answer.json()["verdict"], "multiple");
        assert!(
            took < Duration::from_secs(2),
            "a normal request took {took:?}"
        );
        for handle in headers.into_iter().chain([idle]) {
            let closed = handle.join().expect("a slow client").expect("closed");
            // 10 s for the headers, with room for a busy machine.
            assert!(closed.after < Duration::from_secs(14), "{:?}", closed.after);
            assert!(closed.answer.is_empty() || closed.answer.starts_with(b"HTTP/1.1 408"));
        }
        for handle in bodies {
            let closed = handle.join().expect("a slow body").expect("closed");
            assert!(closed.after < Duration::from_secs(34), "{:?}", closed.after);
            let answer = String::from_utf8_lossy(&closed.answer);
            assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
            assert!(answer.contains("did not arrive within 30 s"), "{answer}");
        }
        println!(
            "slow clients: a normal request answered in {took:?} beside 20 slow headers, an idle \
             connection and 2 slow bodies"
        );
    });
}
