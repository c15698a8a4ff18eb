//! The one time-limit type of every search: a [`Deadline`], and [`Limit`], which lets a search without
//! one say in its type that it cannot time out.
//!
//! A command turns its `--timeout` into a `Deadline` when it starts a puzzle, and everything that
//! searches on that puzzle's behalf (propagation steps, SAT solves, integer programmes) stops once it
//! has passed. Code that must run to the end takes [`NoDeadline`]: its searches return
//! `Result<_, Infallible>`, which `let Ok(answer) = ...` unpacks without a panic path.

use std::convert::Infallible;
use std::fmt;
use std::time::{Duration, Instant};

/// The longest limit a deadline represents; a longer one (as from `--timeout 1e9`) means "never".
const LONGEST: Duration = Duration::from_secs(100 * 365 * 24 * 3600);

/// A moment by which a search must give up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Deadline(Instant);

impl Deadline {
    /// The deadline `limit` from now (at most about a hundred years: longer limits are cut to that).
    pub fn after(limit: Duration) -> Self {
        Deadline::after_from(Instant::now(), limit)
    }

    /// The deadline `limit` after `start` (at most about a hundred years after it).
    pub fn after_from(start: Instant, limit: Duration) -> Self {
        Deadline(start + limit.min(LONGEST))
    }

    /// The moment itself.
    pub fn instant(self) -> Instant {
        self.0
    }

    /// Whether the deadline has passed.
    pub fn has_passed(self) -> bool {
        Instant::now() >= self.0
    }

    /// The time left, zero once the deadline has passed.
    pub fn remaining(self) -> Duration {
        self.0.saturating_duration_since(Instant::now())
    }

    /// A deadline that gives `fraction` (0 to 1) of the time left now to a first step, so that the
    /// rest stays for what follows it.
    pub fn share(self, fraction: f64) -> Self {
        let now = Instant::now();
        Deadline(
            now + self
                .0
                .saturating_duration_since(now)
                .mul_f64(fraction.clamp(0.0, 1.0)),
        )
    }
}

/// The deadline passed before a search finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimedOut;

impl fmt::Display for TimedOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the time limit passed")
    }
}

impl std::error::Error for TimedOut {}

/// What bounds a search: a [`Deadline`], perhaps none (`Option<Deadline>`), or [`NoDeadline`].
pub trait Limit: Copy {
    /// What a search under this limit returns when it stops short: [`TimedOut`], or
    /// [`Infallible`] when it cannot.
    type Exceeded: fmt::Debug;

    /// The moment to stop, if there is one.
    fn deadline(self) -> Option<Deadline>;

    /// The error of a search stopped by [`Limit::deadline`]; called only when there is one.
    fn exceeded(self) -> Self::Exceeded;

    /// `Err` once the deadline has passed: for checks between the steps of a search.
    fn check(self) -> Result<(), Self::Exceeded> {
        match self.deadline() {
            Some(deadline) if deadline.has_passed() => Err(self.exceeded()),
            _ => Ok(()),
        }
    }
}

impl Limit for Deadline {
    type Exceeded = TimedOut;

    fn deadline(self) -> Option<Deadline> {
        Some(self)
    }

    fn exceeded(self) -> TimedOut {
        TimedOut
    }
}

impl Limit for Option<Deadline> {
    type Exceeded = TimedOut;

    fn deadline(self) -> Option<Deadline> {
        self
    }

    fn exceeded(self) -> TimedOut {
        TimedOut
    }
}

/// No time limit: a search under it runs to its answer and says so in its type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoDeadline;

impl Limit for NoDeadline {
    type Exceeded = Infallible;

    fn deadline(self) -> Option<Deadline> {
        None
    }

    fn exceeded(self) -> Infallible {
        unreachable!("a search without a deadline is never stopped by one")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_passes_and_has_no_time_left_after() {
        let deadline = Deadline::after(Duration::ZERO);
        assert!(deadline.has_passed());
        assert_eq!(deadline.remaining(), Duration::ZERO);
        assert_eq!(deadline.check(), Err(TimedOut));
        let later = Deadline::after(Duration::from_secs(60));
        assert!(!later.has_passed());
        assert!(later.remaining() > Duration::from_secs(59));
        assert_eq!(later.check(), Ok(()));
    }

    #[test]
    fn huge_limits_are_cut_instead_of_overflowing() {
        let far = Deadline::after(Duration::MAX);
        assert!(!far.has_passed());
        assert!(far.remaining() > Duration::from_secs(99 * 365 * 24 * 3600));
    }

    #[test]
    fn a_share_gives_part_of_the_time_left() {
        let deadline = Deadline::after(Duration::from_secs(100));
        let half = deadline.share(0.5);
        assert!(half < deadline);
        assert!(half.remaining() > Duration::from_secs(49));
        assert!(half.remaining() <= Duration::from_secs(50));
        assert!(deadline.share(2.0) <= deadline);
    }

    #[test]
    fn no_deadline_and_none_never_stop_a_search() {
        assert_eq!(NoDeadline.check(), Ok(()));
        assert_eq!(None::<Deadline>.check(), Ok(()));
        assert_eq!(Some(Deadline::after(Duration::ZERO)).check(), Err(TimedOut));
    }
}
