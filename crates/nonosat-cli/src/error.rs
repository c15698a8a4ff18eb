//! The errors of the binary: what went wrong (a typed error of the library, or one of the
//! command line's own), where (the file, and the puzzle in it), and the exit status it gives.
//!
//! A subcommand returns `Result<Status, CliError>`; `main` prints the error once, through
//! [`crate::output::print_error`], which also prints the errors of single puzzles in a run that
//! goes on with the others.

use std::error::Error;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::status::Status;

/// An error with the place it happened and the exit status it gives.
#[derive(Debug)]
pub struct CliError {
    /// The file named in the JSON error record.
    pub file: String,
    /// The 0-based index of the puzzle in the file, when one puzzle is to blame.
    pub index: Option<usize>,
    /// What to say before the error's own message (`FILE: `, the puzzle's heading), if anything.
    context: Option<String>,
    /// The exit status.
    pub status: Status,
    /// What went wrong.
    source: Box<dyn Error + Send + Sync>,
}

impl CliError {
    /// `source`, a bad-input error, blamed on `file`.
    pub fn new(file: &str, source: impl Into<Box<dyn Error + Send + Sync>>) -> Self {
        CliError {
            file: file.to_owned(),
            index: None,
            context: None,
            status: Status::BadInput,
            source: source.into(),
        }
    }

    /// The error blamed on the puzzle at `index` of the file.
    pub fn at(mut self, index: usize) -> Self {
        self.index = Some(index);
        self
    }

    /// The error's message preceded by `context` and `: `.
    pub fn context(mut self, context: impl Into<String>) -> Self {
        self.context = Some(context.into());
        self
    }

    /// The error with the exit status `status`.
    pub fn with_status(mut self, status: Status) -> Self {
        self.status = status;
        self
    }

    /// A failure to write the file at `path`.
    pub fn write(path: &Path, error: std::io::Error) -> Self {
        let file = path.to_string_lossy();
        let path = path.to_owned();
        CliError::new(
            &file,
            Usage::Write {
                path,
                source: error,
            },
        )
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(context) = &self.context {
            write!(f, "{context}: ")?;
        }
        write!(f, "{}", self.source)
    }
}

impl Error for CliError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        Some(self.source.as_ref())
    }
}

/// Errors of the command line itself, not of the library.
#[derive(Debug, thiserror::Error)]
pub enum Usage {
    /// A folder could not be made.
    #[error("cannot create {}: {source}", path.display())]
    CreateDir {
        /// The folder.
        path: PathBuf,
        /// Why not.
        source: std::io::Error,
    },
    /// A file could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why not.
        source: std::io::Error,
    },
    /// An error another nonosat process (a batch's child) reported, as it worded it.
    #[error("{0}")]
    Reported(String),
    /// A combination of arguments and input that the command cannot take.
    #[error("{0}")]
    Refused(String),
}
