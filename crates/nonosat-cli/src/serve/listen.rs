//! The connections: at most [`SPARE_CONNECTIONS`] more than the requests the jobs can hold at
//! once (the next ones wait in the system's queue until one closes), each served by hyper's HTTP/1 with [`HEADER_TIMEOUT`] to send a
//! request's headers, which also closes a kept-alive connection that stays idle that long. A slow
//! client cannot hold a connection for longer than that and the body's own limit
//! ([`BODY_TIMEOUT`](super::input::BODY_TIMEOUT)) per request.
//!
//! On a stop, no connection is accepted any more, idle ones close, and answers being written get
//! [`CLOSING`] to finish; the jobs behind them have been answered already ([`Jobs::stop`]).
//!
//! [`Jobs::stop`]: super::jobs::Jobs::stop

use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;

/// The connections served at once beyond those whose requests hold a job: room for the page's
/// files, quick refusals and slow clients beside a full queue, while bounding what the bodies
/// being read hold in memory (4 MiB each at most).
pub const SPARE_CONNECTIONS: usize = 24;

/// The longest a client may take to send a request's headers (or to begin its next request).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a stop waits for answers still being written.
const CLOSING: Duration = Duration::from_millis(500);

/// How long to wait after the system refused a connection (out of file descriptors) before
/// accepting again.
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);

/// Serves `router` on `listener`, with [`SPARE_CONNECTIONS`] beyond the `held` requests that its
/// jobs can hold, until `stop` resolves; then closes the connections.
pub(super) async fn serve(
    listener: TcpListener,
    router: Router,
    held: usize,
    stop: impl Future<Output = ()>,
) {
    let slots = Arc::new(Semaphore::new(held + SPARE_CONNECTIONS));
    let (closing, closed) = watch::channel(false);
    let mut connections = JoinSet::new();
    let mut stop = pin!(stop);
    loop {
        let slot = tokio::select! {
            slot = Arc::clone(&slots).acquire_owned() => slot,
            () = &mut stop => break,
        };
        // The semaphore is never closed.
        let Ok(slot) = slot else { break };
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let Ok((stream, _)) = accepted else {
            tokio::time::sleep(ACCEPT_PAUSE).await;
            continue;
        };
        let service = TowerToHyperService::new(router.clone());
        let mut closed = closed.clone();
        connections.spawn(async move {
            let _slot = slot;
            let mut builder = http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT);
            let mut connection = pin!(builder.serve_connection(TokioIo::new(stream), service));
            tokio::select! {
                _ = connection.as_mut() => return,
                _ = closed.wait_for(|&closed| closed) => {}
            }
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        });
        while connections.try_join_next().is_some() {}
    }
    closing.send_replace(true);
    let finished = async { while connections.join_next().await.is_some() {} };
    // The connections still open after that are aborted as the set is dropped.
    let _ = tokio::time::timeout(CLOSING, finished).await;
}
