//! Command-line arguments, as clap parses them.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use nonosat::compare::Method;
use nonosat::formats::Format;

/// The exit codes, shown at the end of `--help` and documented in README.md.
pub const EXIT_CODES: &str = "\
Exit codes:
  0  unique (check, compare), solved (solve), done (clues, cnf)
  1  multiple solutions
  2  bad input or usage
  3  no solution
  4  timed out
  5  internal error: an answer failed verification (please report it)
  130  interrupted (Ctrl-C during a batch)
With several puzzles, the first that applies of 130, 2, 5, 4, 3, 1, else 0.";

/// Solve nonograms and prove whether their answer is unique.
#[derive(Debug, Parser)]
#[command(name = "nonosat", version, after_help = EXIT_CODES)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print a solution of every puzzle in FILE, or say there is none.
    Solve(SolveArgs),
    /// Say whether every puzzle in FILE has exactly one solution, several, or none; with several
    /// files, a directory or --jobs, check them all as a batch.
    Check(CheckArgs),
    /// Turn a picture (a text grid of # and ., or 1 and 0) into a puzzle file.
    Clues(CluesArgs),
    /// Write a puzzle's CNF encoding in DIMACS.
    Cnf(CnfArgs),
    /// Run each propagation-only method on every puzzle in FILE, beside the exact SAT answer.
    Compare(CompareArgs),
}

/// Where puzzles come from.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// The puzzle file; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The file's format, instead of detecting it from the name and content. One of: non, nonpack,
    /// nin, tournament, json, jsonl, picture.
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<Format>,
    /// Print one JSON object per puzzle, one a line (docs/json.md), instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `solve` and `check`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Give up on a puzzle after this many seconds and answer `timeout`.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<std::time::Duration>,
    /// The intended picture, from a picture file (or any puzzle file with a goal), for a FILE that
    /// holds one puzzle: `check` says whether it is a solution and looks for another.
    #[arg(long, value_name = "PICTURE")]
    pub goal: Option<PathBuf>,
    #[command(flatten)]
    pub pictures: PictureArgs,
}

/// Arguments of `check`: those of `solve`, and the rest of a batch.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub solve: SolveArgs,
    /// More puzzle files or directories. With them, a directory, or --jobs, every puzzle is checked
    /// in a child process of its own, in parallel, and the results come in input order, followed by
    /// a summary table (docs/batch.md). Directories are walked recursively in sorted order.
    #[arg(value_name = "MORE")]
    pub more: Vec<PathBuf>,
    /// Check this many puzzles at a time (default: one per processor core).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<std::num::NonZeroUsize>,
}

/// Pictures of the puzzles, with their clues and what was found.
#[derive(Debug, Args)]
pub struct PictureArgs {
    /// Draw each puzzle as an SVG image into this file; a FILE of several puzzles gives NAME-1.svg,
    /// NAME-2.svg, ... (1-based, in file order).
    #[arg(long, value_name = "OUT")]
    pub svg: Option<PathBuf>,
    /// Draw each puzzle as a PNG image into this file, named as with --svg.
    #[arg(long, value_name = "OUT")]
    pub png: Option<PathBuf>,
}

/// Arguments of `clues`.
#[derive(Debug, Args)]
pub struct CluesArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The format to write: non (with the picture as its goal), nin, json, jsonl, nonpack,
    /// tournament (25x25 only) or picture.
    #[arg(long, value_name = "FORMAT", default_value = "non")]
    pub to: Format,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Printable blank puzzles: the clues and an empty grid.
    #[command(flatten)]
    pub pictures: PictureArgs,
}

/// Arguments of `compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The methods to run, separated by commas (default: all): line, cube2, cube3, cube4,
    /// myillust, koike, koike-probing, probing.
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub methods: Vec<Method>,
    /// Give up on the exact answer for a puzzle after this many seconds (it says `timeout`).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<std::time::Duration>,
}

/// Arguments of `cnf`.
#[derive(Debug, Args)]
pub struct CnfArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Which puzzle of a file that holds several (0-based).
    #[arg(long, value_name = "N")]
    pub index: Option<usize>,
    /// Run line propagation first: fixed cells become unit clauses and solved lines drop out.
    #[arg(long)]
    pub propagate: bool,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not a number of seconds"))?;
    if !(seconds > 0.0 && seconds <= 1e9) {
        return Err(format!(
            "the timeout must be more than 0 seconds, not {text}"
        ));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}
