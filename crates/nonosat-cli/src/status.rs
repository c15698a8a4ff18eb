//! Exit statuses and how the statuses of several puzzles combine into one.

use std::process::ExitCode;

use nonosat::solve::Verdict;

/// The outcome of a run, as its exit code says it (see `args::EXIT_CODES`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Unique, solved, or done: 0.
    Done,
    /// Several solutions: 1.
    Multiple,
    /// Bad input or usage: 2.
    BadInput,
    /// No solution: 3.
    NoSolution,
    /// Timed out: 4.
    Timeout,
    /// An answer failed verification: 5.
    Internal,
    /// A certificate was rejected: 6.
    Rejected,
    /// A batch was interrupted: 130.
    Interrupted,
}

impl Status {
    /// The status a verdict gives.
    pub fn of(verdict: Verdict) -> Self {
        match verdict {
            Verdict::Unique | Verdict::Solved => Status::Done,
            Verdict::Multiple => Status::Multiple,
            Verdict::None => Status::NoSolution,
            Verdict::Timeout => Status::Timeout,
        }
    }

    /// The status of two results together: the more serious one.
    pub fn and(self, other: Status) -> Status {
        if other.rank() > self.rank() {
            other
        } else {
            self
        }
    }

    /// Seriousness: interrupted, bad input, rejected, internal error, time-out, no solution,
    /// multiple, done.
    fn rank(self) -> u8 {
        match self {
            Status::Done => 0,
            Status::Multiple => 1,
            Status::NoSolution => 2,
            Status::Timeout => 3,
            Status::Internal => 4,
            Status::Rejected => 5,
            Status::BadInput => 6,
            Status::Interrupted => 7,
        }
    }

    /// The process exit code.
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(self.code())
    }

    /// The exit code as a number, for `std::process::exit`.
    pub fn code(self) -> u8 {
        match self {
            Status::Done => 0,
            Status::Multiple => 1,
            Status::BadInput => 2,
            Status::NoSolution => 3,
            Status::Timeout => 4,
            Status::Internal => 5,
            Status::Rejected => 6,
            Status::Interrupted => 130,
        }
    }
}
