//! The CPU time of the calling thread: a budget that the machine's load does not shorten, where a
//! wall-clock limit would hand a search over early whenever other processes share the cores.

use std::time::Duration;

/// A reading of the calling thread's CPU clock, to measure what the thread spends after it.
#[derive(Clone, Copy, Debug)]
pub(super) struct ThreadClock {
    start: Duration,
}

impl ThreadClock {
    /// The clock of the calling thread, from now; `None` where there is no thread CPU clock
    /// (outside Unix), so that a budget on it is never spent.
    pub fn start() -> Option<Self> {
        thread_cpu_time().map(|start| ThreadClock { start })
    }

    /// The CPU time the calling thread has spent since [`ThreadClock::start`], when called on the
    /// thread that started it.
    pub fn spent(self) -> Duration {
        thread_cpu_time().map_or(Duration::ZERO, |now| now.saturating_sub(self.start))
    }
}

/// The calling thread's CPU time (user and system) since it began.
#[cfg(unix)]
fn thread_cpu_time() -> Option<Duration> {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Some(Duration::new(
        u64::try_from(now.tv_sec).ok()?,
        u32::try_from(now.tv_nsec).ok()?,
    ))
}

#[cfg(not(unix))]
fn thread_cpu_time() -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_busy_thread_spends_cpu_time_and_a_sleeping_one_almost_none() {
        let Some(clock) = ThreadClock::start() else {
            return;
        };
        std::thread::sleep(Duration::from_millis(50));
        let asleep = clock.spent();
        let mut x = 0u64;
        let busy = ThreadClock::start().expect("the clock was read once already");
        while busy.spent() < Duration::from_millis(20) {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
        }
        assert!(
            asleep < Duration::from_millis(20),
            "asleep for 50 ms, spent {asleep:?}"
        );
        assert!(busy.spent() >= Duration::from_millis(20));
    }
}
