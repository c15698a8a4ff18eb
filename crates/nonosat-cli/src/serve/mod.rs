//! `serve`: the designer's studio, a local web application over the library. One process serves
//! the page (files embedded in the binary: no build step, no network) and a JSON API under
//! `/api/` whose answers are the records of `--json` (docs/server.md).
//!
//! axum on a small tokio runtime takes the requests, on a bounded number of connections with
//! read timeouts ([`listen`]), from the server's own page or tools only ([`guard`]); the solver
//! work of each runs on tokio's blocking threads, a bounded number at once behind a bounded queue,
//! each under a [`Deadline`](nonosat::deadline::Deadline) ([`jobs`]). Nothing here reads or writes
//! the server's file system: puzzles come in the request bodies, answers go out in the responses.

mod api;
mod assets;
mod guard;
mod input;
mod jobs;
mod kind;
mod listen;
mod reply;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::middleware;
use axum::routing::{get, post};

use super::args::ServeArgs;
use super::error::{CliError, Usage};
use super::status::Status;
use guard::Guard;
use jobs::Jobs;

/// `serve`: listens until Ctrl-C (or SIGTERM), then stops cleanly.
pub(super) fn serve(args: &ServeArgs) -> Result<Status, CliError> {
    let address = SocketAddr::new(args.host, args.port);
    let failed = |what: &str, error: std::io::Error| {
        let message = format!("cannot {what} {address}: {error}");
        CliError::new(&address.to_string(), Usage::Refused(message))
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|error| failed("start the server for", error))?;
    let jobs = Jobs::new(
        args.jobs.map_or_else(cores, usize::from),
        args.timeout.limit,
    );
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|error| failed("listen on", error))?;
        let bound = listener
            .local_addr()
            .map_err(|error| failed("listen on", error))?;
        if !args.host.is_loopback() {
            eprintln!(
                "nonosat: warning: listening on {bound}: other machines can reach the studio and \
                 its API, which have no authentication"
            );
        }
        let url = format!("http://{bound}/");
        // The first line of output is the address, for people and for scripts (and tests).
        super::output::emit(&format!("nonosat studio at {url} (Ctrl-C stops it)\n"));
        if args.open {
            open_browser(&url);
        }
        let jobs = Arc::new(jobs);
        let guard = Arc::new(Guard::new(bound, &args.allow_hosts));
        let stop = async {
            stopped().await;
            jobs.stop();
        };
        let held = jobs.capacity();
        listen::serve(listener, router(Arc::clone(&jobs), guard), held, stop).await;
        Ok::<_, CliError>(())
    })?;
    // Searches still running stop at their deadlines; the process does not wait for them.
    runtime.shutdown_background();
    Ok(Status::Done)
}

/// The routes: the page's files, and the API under `/api/` (whose bodies [`input`] reads, at most
/// [`MAX_BODY_BYTES`](input::MAX_BODY_BYTES)), behind the `guard`.
fn router(jobs: Arc<Jobs>, guard: Arc<Guard>) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/assets/{name}", get(assets::file))
        .route("/api/check", post(api::check))
        .route("/api/solve", post(api::solve))
        .route("/api/explain", post(api::explain))
        .route("/api/fix", post(api::fix))
        .route("/api/hint", post(api::hint))
        .route("/api/clues", post(api::clues))
        .route("/api/convert", post(api::convert))
        .route("/api/sheet", post(api::sheet))
        .route("/api/limits", get(api::limits))
        .fallback(api::not_found)
        .layer(middleware::from_fn_with_state(guard, guard::guard))
        .with_state(jobs)
}

/// The processor cores, one solver job each.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Resolves when the process is asked to stop: Ctrl-C, or SIGTERM on Unix.
async fn stopped() {
    let interrupt = async {
        // Without a signal handler the server runs until it is killed.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                terminate.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// Opens `url` in the desktop's browser; says so when it cannot (the address is printed anyway).
fn open_browser(url: &str) {
    let opener: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["cmd", "/C", "start", ""]
    } else {
        &["xdg-open"]
    };
    let spawned = std::process::Command::new(opener[0])
        .args(&opener[1..])
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(error) = spawned {
        eprintln!(
            "nonosat: cannot open a browser ({}: {error}); open {url} yourself",
            opener[0]
        );
    }
}
