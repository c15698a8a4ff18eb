//! Solver work off the async threads: at most a fixed number of jobs at once (a semaphore), each
//! on a blocking thread under a deadline, and a newer request from the same page superseding an
//! older one of the same kind. Slow jobs (every ambiguous cell, repairs, solving paths) take at
//! most all permits but one, so that a quick one (the verdict after a stroke) always finds one.
//!
//! A page names itself with the `X-Nonosat-Client` header. Each (client, endpoint) pair has a
//! generation counter in a `watch` channel; a request raises it, and every older request of the
//! pair still waiting for its turn is answered `409 superseded` at once and never runs. One that
//! is already running is answered `409` at once too; its blocking thread keeps its permit until
//! the search stops, which is at its deadline at the latest (the library's searches end at a
//! deadline, and have no other way to be interrupted), so the number of threads stays bounded.
//!
//! At most [`MAX_WAITING`] jobs of each pace wait for a permit; one more is answered 503 with
//! `Retry-After` at once (quick ones have a queue of their own, so that slow ones filling theirs
//! do not turn the verdict after a stroke away). When the server stops ([`Jobs::stop`]), every waiting and running job is answered
//! 503 at once; a running search's thread is then left to the process's exit, which ends it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use nonosat::deadline::Deadline;
use tokio::sync::{Semaphore, watch};

use super::reply::ApiError;

/// Clients remembered before the ones with no request in flight are forgotten.
const CLIENTS_KEPT: usize = 1024;

/// The most jobs of one pace waiting for a permit at once: more than the pages of one designer send (each
/// has at most one request of each kind in flight), few enough that the connections they hold
/// leave room for others ([`listen`](super::listen)).
pub const MAX_WAITING: usize = 8;

/// The `Retry-After` of a job refused because the queue is full, in seconds.
const RETRY_SECONDS: u64 = 2;

/// How long a job is expected to take: a slow one may not take the last free permit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pace {
    /// A verdict, a conversion: milliseconds, mostly.
    Quick,
    /// Every ambiguous cell, repairs, a solving path: up to the job's limit.
    Slow,
}

/// The server's solver jobs.
pub(super) struct Jobs {
    permits: Arc<Semaphore>,
    /// The number of `permits`.
    size: usize,
    /// Permits for slow jobs, one fewer than `permits` (one at least); a slow job holds one of
    /// these and one of `permits`.
    slow: Arc<Semaphore>,
    /// The longest a job may run.
    limit: Duration,
    /// The newest generation of each (client, endpoint).
    latest: Mutex<HashMap<String, watch::Sender<u64>>>,
    generations: AtomicU64,
    /// The jobs waiting for a permit now: quick ones, slow ones.
    waiting: [AtomicUsize; 2],
    /// Set once the server stops.
    stopping: watch::Sender<bool>,
}

/// A job's place in the queue, given up when dropped (run, superseded or answered otherwise).
struct Place<'a>(&'a AtomicUsize);

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The answer to a job the server's stop cut short.
fn stopping() -> ApiError {
    ApiError::unavailable("the server is stopping", RETRY_SECONDS)
}

/// A request's place among the requests of its (client, endpoint): it is superseded once a newer
/// one arrives. A request without a client is never superseded.
struct Ticket(Option<(watch::Receiver<u64>, u64)>);

impl Ticket {
    /// Resolves once a newer request of the same (client, endpoint) has arrived.
    async fn superseded(&mut self) {
        match &mut self.0 {
            Some((newest, mine)) => {
                let mine = *mine;
                if newest.wait_for(|&newest| newest != mine).await.is_err() {
                    // The sender is kept while a receiver lives; never superseded without it.
                    std::future::pending::<()>().await;
                }
            }
            None => std::future::pending().await,
        }
    }
}

impl Jobs {
    /// At most `permits` jobs at once (at least one), each for at most `limit`.
    pub fn new(permits: usize, limit: Duration) -> Self {
        let permits = permits.max(1);
        Jobs {
            permits: Arc::new(Semaphore::new(permits)),
            size: permits,
            slow: Arc::new(Semaphore::new((permits - 1).max(1))),
            limit,
            latest: Mutex::new(HashMap::new()),
            generations: AtomicU64::new(0),
            waiting: [AtomicUsize::new(0), AtomicUsize::new(0)],
            stopping: watch::Sender::new(false),
        }
    }

    /// The most requests with a job at once: running, or waiting for a permit.
    pub fn capacity(&self) -> usize {
        self.size + 2 * MAX_WAITING
    }

    /// Stops: every job waiting or running is answered 503 at once, and none starts again.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
        self.permits.close();
        self.slow.close();
    }

    /// Resolves once the server stops.
    async fn stopped(&self) {
        let mut stopping = self.stopping.subscribe();
        // The sender lives as long as `self`: an error cannot come before the server stops.
        let _ = stopping.wait_for(|&stopping| stopping).await;
    }

    /// A place in the queue of `pace`, or 503 when [`MAX_WAITING`] jobs wait in it already.
    fn queue(&self, pace: Pace) -> Result<Place<'_>, ApiError> {
        let waiting = &self.waiting[usize::from(pace == Pace::Slow)];
        let before = waiting.fetch_add(1, Ordering::SeqCst);
        let place = Place(waiting);
        if before >= MAX_WAITING {
            let message = format!(
                "the server is busy: {MAX_WAITING} requests wait already; ask again in \
                 {RETRY_SECONDS} s"
            );
            return Err(ApiError::unavailable(&message, RETRY_SECONDS));
        }
        Ok(place)
    }

    /// Runs `work` on a blocking thread when a permit for its `pace` is free, with a deadline
    /// `asked` from now (at most the server's limit), for the request of `client` to
    /// `endpoint`. Answers [`ApiError::superseded`] as soon as a newer request of the same
    /// client to the same endpoint arrives.
    pub async fn run<T: Send + 'static>(
        &self,
        client: Option<&str>,
        endpoint: &str,
        pace: Pace,
        asked: Option<Duration>,
        work: impl FnOnce(Deadline) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let place = self.queue(pace)?;
        let mut ticket = self.ticket(client, endpoint);
        let permits = async {
            let slow = match pace {
                Pace::Slow => Some(Arc::clone(&self.slow).acquire_owned().await?),
                Pace::Quick => None,
            };
            let any = Arc::clone(&self.permits).acquire_owned().await?;
            Ok::<_, tokio::sync::AcquireError>((slow, any))
        };
        let permit = tokio::select! {
            permits = permits => permits.map_err(|_| stopping())?,
            () = ticket.superseded() => return Err(ApiError::superseded()),
            () = self.stopped() => return Err(stopping()),
        };
        drop(place);
        let limit = asked.map_or(self.limit, |asked| asked.min(self.limit));
        let deadline = Deadline::after(limit);
        let job = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work(deadline)
        });
        tokio::select! {
            joined = job => joined.unwrap_or_else(|error| Err(ApiError::failed(&error))),
            () = ticket.superseded() => Err(ApiError::superseded()),
            () = self.stopped() => Err(stopping()),
        }
    }

    /// The longest a job may run.
    pub fn limit(&self) -> Duration {
        self.limit
    }

    /// The ticket of a new request, which supersedes the older ones of its (client, endpoint).
    fn ticket(&self, client: Option<&str>, endpoint: &str) -> Ticket {
        let Some(client) = client else {
            return Ticket(None);
        };
        let mine = self.generations.fetch_add(1, Ordering::Relaxed) + 1;
        let key = format!("{client}\n{endpoint}");
        let mut latest = self
            .latest
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if latest.len() >= CLIENTS_KEPT {
            latest.retain(|_, sender| sender.receiver_count() > 0);
        }
        let newest = match latest.get(&key) {
            Some(sender) => {
                sender.send_replace(mine);
                sender.subscribe()
            }
            None => {
                let (sender, receiver) = watch::channel(mine);
                latest.insert(key, sender);
                receiver
            }
        };
        Ticket(Some((newest, mine)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    }

    #[test]
    fn a_newer_request_supersedes_a_waiting_one_which_never_runs() {
        runtime().block_on(async {
            let jobs = Arc::new(Jobs::new(1, Duration::from_secs(5)));
            let ran = Arc::new(AtomicU64::new(0));
            // The one permit is held by a job of another client for a while.
            let busy = {
                let jobs = Arc::clone(&jobs);
                tokio::spawn(async move {
                    jobs.run(Some("other"), "check", Pace::Quick, None, |_| {
                        std::thread::sleep(Duration::from_millis(300));
                        Ok(())
                    })
                    .await
                })
            };
            tokio::time::sleep(Duration::from_millis(50)).await;
            let older = {
                let (jobs, ran) = (Arc::clone(&jobs), Arc::clone(&ran));
                tokio::spawn(async move {
                    jobs.run(Some("page"), "check", Pace::Quick, None, move |_| {
                        ran.fetch_add(1, Ordering::SeqCst);
                        Ok(1)
                    })
                    .await
                })
            };
            tokio::time::sleep(Duration::from_millis(50)).await;
            let newer = jobs
                .run(Some("page"), "check", Pace::Quick, None, |_| Ok(2))
                .await;
            let older = older.await.unwrap();
            assert_eq!(older.unwrap_err().status, axum::http::StatusCode::CONFLICT);
            assert_eq!(newer.unwrap(), 2);
            assert_eq!(
                ran.load(Ordering::SeqCst),
                0,
                "the superseded job never ran"
            );
            assert!(busy.await.unwrap().is_ok());
        });
    }

    #[test]
    fn requests_of_other_endpoints_or_clients_do_not_supersede() {
        runtime().block_on(async {
            let jobs = Arc::new(Jobs::new(2, Duration::from_secs(5)));
            let slow = |value| {
                move |_: Deadline| {
                    std::thread::sleep(Duration::from_millis(100));
                    Ok(value)
                }
            };
            let (a, b, c) = tokio::join!(
                jobs.run(Some("page"), "check", Pace::Quick, None, slow(1)),
                jobs.run(Some("page"), "explain", Pace::Slow, None, slow(2)),
                jobs.run(None, "check", Pace::Quick, None, slow(3)),
            );
            assert_eq!((a.unwrap(), b.unwrap(), c.unwrap()), (1, 2, 3));
        });
    }

    #[test]
    fn a_job_gets_the_shorter_of_its_own_limit_and_the_servers() {
        runtime().block_on(async {
            let jobs = Jobs::new(1, Duration::from_secs(2));
            let left = |asked| {
                jobs.run(None, "check", Pace::Quick, asked, |deadline| {
                    Ok(deadline.remaining())
                })
            };
            assert!(left(None).await.unwrap() > Duration::from_secs(1));
            assert!(left(Some(Duration::from_secs(60))).await.unwrap() <= Duration::from_secs(2));
            assert!(
                left(Some(Duration::from_millis(100))).await.unwrap() <= Duration::from_millis(100)
            );
        });
    }

    #[test]
    fn slow_jobs_leave_a_permit_for_a_quick_one() {
        runtime().block_on(async {
            let jobs = Arc::new(Jobs::new(2, Duration::from_secs(5)));
            let slow_started = Arc::new(AtomicU64::new(0));
            let slow = |jobs: Arc<Jobs>, started: Arc<AtomicU64>| async move {
                jobs.run(None, "fix", Pace::Slow, None, move |_| {
                    started.fetch_add(1, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(300));
                    Ok(())
                })
                .await
            };
            let first = tokio::spawn(slow(Arc::clone(&jobs), Arc::clone(&slow_started)));
            let second = tokio::spawn(slow(Arc::clone(&jobs), Arc::clone(&slow_started)));
            tokio::time::sleep(Duration::from_millis(50)).await;
            let seen = Arc::clone(&slow_started);
            let quick = jobs
                .run(None, "check", Pace::Quick, None, move |_| {
                    Ok(seen.load(Ordering::SeqCst))
                })
                .await;
            assert_eq!(
                quick.unwrap(),
                1,
                "one slow job ran, the other waited, the quick one ran"
            );
            assert!(first.await.unwrap().is_ok() && second.await.unwrap().is_ok());
            assert_eq!(slow_started.load(Ordering::SeqCst), 2);
        });
    }

    #[test]
    fn a_full_queue_refuses_at_once_and_takes_again_once_a_place_is_free() {
        runtime().block_on(async {
            let jobs = Arc::new(Jobs::new(2, Duration::from_secs(5)));
            let job = |jobs: Arc<Jobs>, pace, millis| async move {
                jobs.run(None, "check", pace, None, move |_| {
                    std::thread::sleep(Duration::from_millis(millis));
                    Ok(())
                })
                .await
            };
            let running = tokio::spawn(job(Arc::clone(&jobs), Pace::Slow, 300));
            tokio::time::sleep(Duration::from_millis(50)).await;
            let waiting: Vec<_> = (0..MAX_WAITING)
                .map(|_| tokio::spawn(job(Arc::clone(&jobs), Pace::Slow, 0)))
                .collect();
            tokio::time::sleep(Duration::from_millis(50)).await;
            let refused = job(Arc::clone(&jobs), Pace::Slow, 0).await.unwrap_err();
            assert_eq!(refused.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
            assert_eq!(refused.retry_after, Some(RETRY_SECONDS));
            // Quick jobs have a queue of their own, and a permit.
            let quick = job(Arc::clone(&jobs), Pace::Quick, 0);
            assert!(quick.await.is_ok(), "a quick job is not turned away");
            assert!(running.await.unwrap().is_ok());
            for waiting in waiting {
                assert!(waiting.await.unwrap().is_ok(), "every waiting job ran");
            }
            let again = job(jobs, Pace::Slow, 0).await;
            assert!(again.is_ok(), "the queue is empty again");
        });
    }

    #[test]
    fn a_stop_answers_running_and_waiting_jobs_at_once() {
        runtime().block_on(async {
            let jobs = Arc::new(Jobs::new(1, Duration::from_secs(5)));
            let ran = Arc::new(AtomicU64::new(0));
            let job = |jobs: Arc<Jobs>, ran: Arc<AtomicU64>| async move {
                jobs.run(None, "check", Pace::Quick, None, move |_| {
                    ran.fetch_add(1, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_secs(2));
                    Ok(())
                })
                .await
            };
            let running = tokio::spawn(job(Arc::clone(&jobs), Arc::clone(&ran)));
            tokio::time::sleep(Duration::from_millis(50)).await;
            let waiting = tokio::spawn(job(Arc::clone(&jobs), Arc::clone(&ran)));
            tokio::time::sleep(Duration::from_millis(50)).await;
            let started = std::time::Instant::now();
            jobs.stop();
            for answer in [running.await.unwrap(), waiting.await.unwrap()] {
                let error = answer.unwrap_err();
                assert_eq!(error.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
                assert_eq!(error.message, "the server is stopping");
            }
            assert!(started.elapsed() < Duration::from_secs(1));
            assert_eq!(ran.load(Ordering::SeqCst), 1, "the waiting job never ran");
            let after = job(Arc::clone(&jobs), Arc::clone(&ran)).await.unwrap_err();
            assert_eq!(after.message, "the server is stopping");
        });
    }
}
