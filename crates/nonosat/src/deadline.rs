//! The one time-limit type of every search: a [`Deadline`], and [`Limit`], which lets a search without
//! one say in its type that it cannot time out.
//!
//! A command turns its `--timeout` into a `Deadline` when it starts a puzzle, and everything that
//! searches on that puzzle's behalf (propagation steps, SAT solves, integer programmes) stops once it
//! has passed. Code that must run to the end takes [`NoDeadline`]: its searches return
//! `Result<_, Infallible>`, which `let Ok(answer) = ...` unpacks without a panic path.
//!
//! A deadline may also be cancelled early through a flag ([`Deadline::or_cancelled_by`]): the
//! Python package stops a search on Ctrl-C that way, through the same checks as the time limit.

use std::cmp::Ordering as Order;
use std::convert::Infallible;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The longest limit a deadline represents; a longer one (as from `--timeout 1e9`) means "never".
const LONGEST: Duration = Duration::from_secs(100 * 365 * 24 * 3600);

/// A moment by which a search must give up, or earlier, once its cancel flag (if any) is set.
///
/// Deadlines compare by their moment, then by which flag (by address) cancels them.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    /// The moment.
    at: Instant,
    /// A flag that makes the deadline pass at once when set; `'static` because a solver left
    /// behind on its own thread (`sat::threaded`) may still watch it after its caller returned.
    cancel: Option<&'static AtomicBool>,
}

impl Deadline {
    /// The deadline `limit` from now (at most about a hundred years: longer limits are cut to that).
    pub fn after(limit: Duration) -> Self {
        Deadline::after_from(Instant::now(), limit)
    }

    /// The deadline `limit` after `start` (at most about a hundred years after it).
    pub fn after_from(start: Instant, limit: Duration) -> Self {
        Deadline {
            at: start + limit.min(LONGEST),
            cancel: None,
        }
    }

    /// The same deadline, which also passes as soon as `flag` is set (by another thread, say on
    /// Ctrl-C): every search under it then stops as at its time limit.
    pub fn or_cancelled_by(self, flag: &'static AtomicBool) -> Self {
        Deadline {
            cancel: Some(flag),
            ..self
        }
    }

    /// The moment itself.
    pub fn instant(self) -> Instant {
        self.at
    }

    /// Whether the deadline has passed, or was cancelled.
    pub fn has_passed(self) -> bool {
        self.is_cancelled() || Instant::now() >= self.at
    }

    /// The time left, zero once the deadline has passed or was cancelled.
    pub fn remaining(self) -> Duration {
        if self.is_cancelled() {
            return Duration::ZERO;
        }
        self.at.saturating_duration_since(Instant::now())
    }

    /// Whether the cancel flag is set.
    fn is_cancelled(self) -> bool {
        self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// What deadlines compare by: the moment, then the flag's address.
    fn key(self) -> (Instant, Option<usize>) {
        let flag = self.cancel.map(|flag| std::ptr::from_ref(flag).addr());
        (self.at, flag)
    }

    /// A deadline that gives `fraction` (0 to 1) of the time left now to a first step, so that the
    /// rest stays for what follows it.
    pub fn share(self, fraction: f64) -> Self {
        let now = Instant::now();
        Deadline {
            at: now
                + self
                    .at
                    .saturating_duration_since(now)
                    .mul_f64(fraction.clamp(0.0, 1.0)),
            ..self
        }
    }
}

impl PartialEq for Deadline {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Deadline {}

impl PartialOrd for Deadline {
    fn partial_cmp(&self, other: &Self) -> Option<Order> {
        Some(self.cmp(other))
    }
}

impl Ord for Deadline {
    fn cmp(&self, other: &Self) -> Order {
        self.key().cmp(&other.key())
    }
}

impl Hash for Deadline {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
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
    fn a_cancelled_deadline_has_passed_and_its_shares_too() {
        static FLAG: AtomicBool = AtomicBool::new(false);
        let deadline = Deadline::after(Duration::from_secs(60)).or_cancelled_by(&FLAG);
        let share = deadline.share(0.5);
        assert!(!deadline.has_passed() && !share.has_passed());
        FLAG.store(true, Ordering::Relaxed);
        assert!(deadline.has_passed() && share.has_passed());
        assert_eq!(deadline.remaining(), Duration::ZERO);
        assert_eq!(Some(deadline).check(), Err(TimedOut));
        let plain = Deadline::after(Duration::from_secs(60));
        assert_ne!(plain, plain.or_cancelled_by(&FLAG));
    }

    #[test]
    fn no_deadline_and_none_never_stop_a_search() {
        assert_eq!(NoDeadline.check(), Ok(()));
        assert_eq!(None::<Deadline>.check(), Ok(()));
        assert_eq!(Some(Deadline::after(Duration::ZERO)).check(), Err(TimedOut));
    }
}
