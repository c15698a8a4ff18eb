//! Command-line arguments, as clap parses them.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::error::ErrorKind;
use clap::{Arg, ArgMatches, Args, FromArgMatches, Parser, Subcommand};
use nonosat::formats::{Format, hex_rgb};
use nonosat::image::Rgb;
use nonosat::methods::compare::Method;
use nonosat::solve::Strategy;

use super::named;

/// The exit codes, shown at the end of `--help` and documented in README.md.
pub const EXIT_CODES: &str = "\
Exit codes:
  0  unique (check, compare, count), solved (solve), done (clues, convert, cnf),
     tiles exist (tiles), refutation verified (verify-proof)
  1  multiple solutions (verify-proof: a model verified)
  2  bad input or usage
  3  no solution; for tiles: none for the pictures as given (they were recoloured)
  4  timed out
  5  internal error: an answer failed verification (please report it)
  6  the certificate was rejected (verify-proof)
  130  interrupted (Ctrl-C during a batch)
With several puzzles, the first that applies of 130, 2, 6, 5, 4, 3, 1, else 0.";

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
    /// Turn a picture (a text grid of # and ., a PNG or PBM image) into a puzzle file.
    Clues(CluesArgs),
    /// Write the puzzles of FILE in another format.
    Convert(ConvertArgs),
    /// Write a puzzle's CNF encoding in DIMACS.
    Cnf(CnfArgs),
    /// Run each propagation-only method on every puzzle in FILE, beside the exact SAT answer.
    Compare(CompareArgs),
    /// Show how a person would solve each puzzle in FILE, step by step, and rate its difficulty.
    Explain(ExplainArgs),
    /// Give the next easiest step from a partly solved grid.
    Hint(HintArgs),
    /// Solve a Latin square puzzle (digits and `.`), check it is unique, print its solution path.
    Latin(LatinArgs),
    /// Count the solutions of every puzzle in FILE, up to a cap.
    Count(CountArgs),
    /// Check a certificate written by `check --proof` (or any DRAT proof of a DIMACS formula) with
    /// a checker that shares no code with the solver.
    VerifyProof(VerifyProofArgs),
    /// Propose repairs for a design that is not unique: the fewest hint cells, and pixel edits.
    Fix(FixArgs),
    /// Design double-sided tiles that rebuild every one of several colour pictures (docs/tiles.md).
    Tiles(TilesArgs),
    /// Serve the designer's studio, a web page to draw puzzles and see whether they are unique as
    /// you draw, and its JSON API (docs/server.md), on this machine only unless --host says
    /// otherwise.
    Serve(ServeArgs),
}

impl Command {
    /// Whether the command prints JSON, and so its errors as JSON error records.
    pub fn json(&self) -> bool {
        match self {
            Command::Solve(SolveArgs { input, .. })
            | Command::Check(CheckArgs {
                solve: SolveArgs { input, .. },
                ..
            })
            | Command::Clues(CluesArgs { input, .. })
            | Command::Convert(ConvertArgs { input, .. })
            | Command::Cnf(CnfArgs { input, .. })
            | Command::Compare(CompareArgs { input, .. })
            | Command::Explain(ExplainArgs { input, .. })
            | Command::Hint(HintArgs { input, .. })
            | Command::Count(CountArgs { input, .. })
            | Command::Fix(FixArgs { input, .. }) => input.json,
            Command::Latin(LatinArgs { json, .. })
            | Command::VerifyProof(VerifyProofArgs { json, .. })
            | Command::Tiles(TilesArgs { json, .. }) => *json,
            Command::Serve(_) => false,
        }
    }
}

/// Where puzzles come from.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// The puzzle file; `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The file's format, instead of detecting it from the name and content. One of: non, nonpack,
    /// nin, tournament, json, jsonl, picture, png, pbm, xml, olsak, mk, cwd, tatham, verhor.
    #[arg(
        long,
        value_name = "FORMAT",
        value_parser = named::formats(),
        ignore_case = true,
        hide_possible_values = true
    )]
    pub format: Option<Format>,
    /// For PNG pictures: a pixel whose brightness (0 black to 255 white) is below this is black.
    #[arg(long, value_name = "0-255", default_value_t = 128)]
    pub threshold: u8,
    /// Read a PNG picture in colour: white is empty, and the other colours, quantised to at most N
    /// when the picture has more (1 to 31), are the puzzle's colours.
    #[arg(long = "colors", value_name = "N", value_parser = clap::value_parser!(u8).range(1..=31))]
    pub colours: Option<u8>,
    /// With --colors: the colour that is empty in the picture, as #rrggbb (default white). Some
    /// pixel must have it.
    #[arg(long, value_name = "#RRGGBB", requires = "colours", value_parser = parse_background)]
    pub background: Option<Rgb>,
    /// Print one JSON object per puzzle, one a line (docs/json.md), instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `solve`, and the first of `check`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub timeout: Timeout<SolveArgs>,
    /// The search: `race` (the default, of every command and of a batch's children: a depth-first
    /// search with probing, its proofs on varisat, against CaDiCaL solving the lines inside its
    /// search on a second thread; the answer that took less work wins, work being counted, not
    /// timed, so that it is the same every run; a depth-first search out of budget leaves the
    /// puzzle to CaDiCaL), `probing` (that depth-first search alone), `lines` (CaDiCaL with every
    /// line a propagator inside its search, alone: one thread), `auto` (varisat or CaDiCaL by the
    /// puzzle's size: one thread), `varisat` or `cadical`. The verdict never depends on it; which
    /// of several solutions is shown may.
    #[arg(long, value_name = "NAME", value_parser = named::searches())]
    pub backend: Option<Strategy>,
    #[command(flatten)]
    pub pictures: PictureArgs,
}

impl TimeLimited for SolveArgs {
    type Limit = Option<Duration>;
    const HELP: &'static str = "\
        Give up on a puzzle after this many seconds and answer `timeout`; a check shows its \
        verdict first and gives the ambiguous cells what is left (docs/ambiguity.md)";
}

/// What `check` asks beyond `solve`'s arguments (`solve` runs with the defaults).
#[derive(Debug, Default, Args)]
pub struct UniquenessArgs {
    /// The intended picture, from a picture file (or any puzzle file with a goal), for a FILE that
    /// holds one puzzle: says whether it is a solution and looks for another.
    #[arg(long, value_name = "PICTURE")]
    pub goal: Option<PathBuf>,
    /// Collect up to K distinct solutions (at least 2) instead of two.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(2..=1_000_000))]
    pub max_solutions: Option<u32>,
    /// For a FILE of one puzzle: write the formula "a solution other than the one found exists"
    /// to PROOF.cnf and its certificate to PROOF (a DRAT refutation when unique or unsolvable, a
    /// model when not); check them with `verify-proof`.
    #[arg(long, value_name = "PROOF")]
    pub proof: Option<PathBuf>,
    /// Do not look for every ambiguous cell; show only where the two solutions found differ.
    /// Quicker on puzzles with many solutions, as in large collections.
    #[arg(long)]
    pub no_ambiguous: bool,
}

impl UniquenessArgs {
    /// Where the formula of the certificate `--proof PROOF` goes: PROOF.cnf.
    pub fn formula_path(proof: &Path) -> PathBuf {
        PathBuf::from(format!("{}.cnf", proof.display()))
    }
}

/// Arguments of `check`: those of `solve`, the uniqueness options, and the rest of a batch.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub solve: SolveArgs,
    #[command(flatten)]
    pub uniqueness: UniquenessArgs,
    /// More puzzle files or directories. With them, a directory, or --jobs, every puzzle is checked
    /// in a child process of its own, in parallel, and the results come in input order, followed by
    /// a summary table (docs/batch.md). Directories are walked recursively in sorted order.
    #[arg(value_name = "MORE")]
    pub more: Vec<PathBuf>,
    /// Check this many puzzles at a time (default: one per processor core).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<std::num::NonZeroUsize>,
}

/// Pictures of what a command found: the puzzle with its clues and solutions (`solve`, `check`,
/// `clues`), the solution path coloured by depth (`explain`), the hints and edits (`fix`).
#[derive(Debug, Args)]
pub struct PictureArgs {
    /// Draw the result as an SVG image into this file; a FILE of several puzzles gives NAME-1.svg,
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
    /// tournament (25x25 only), picture, pbm or png (the picture, one pixel a cell).
    #[arg(
        long,
        value_name = "FORMAT",
        default_value = "non",
        value_parser = named::formats(),
        ignore_case = true,
        hide_possible_values = true
    )]
    pub to: Format,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Printable blank puzzles: the clues and an empty grid.
    #[command(flatten)]
    pub pictures: PictureArgs,
}

/// Arguments of `convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The format to write: non (with its goal), nonpack, nin, json, jsonl, verhor, xml, olsak,
    /// mk, cwd, tatham, tournament (25x25 only), picture, pbm or png (the goal picture).
    #[arg(
        long,
        value_name = "FORMAT",
        value_parser = named::formats(),
        ignore_case = true,
        hide_possible_values = true
    )]
    pub to: Format,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

/// Arguments of `compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The methods to run, separated by commas (default: all): line, cube2, cube3, cube4,
    /// myillust, koike, koike-probing, probing.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        value_parser = named::methods(),
        ignore_case = true,
        hide_possible_values = true
    )]
    pub methods: Vec<Method>,
    #[command(flatten)]
    pub timeout: Timeout<CompareArgs>,
}

impl TimeLimited for CompareArgs {
    type Limit = Option<Duration>;
    const HELP: &'static str = "\
        Stop each puzzle after this many seconds: the methods get half at most (a method cut \
        short says `out of time`), the exact answer the rest (it says `timeout`)";
}

/// Arguments of `explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Which puzzle of a file that holds several (0-based); without it, each gets one line.
    #[arg(long, value_name = "N")]
    pub index: Option<usize>,
    #[command(flatten)]
    pub timeout: Timeout<ExplainArgs>,
    /// Line steps only: no probes.
    #[arg(long)]
    pub lines_only: bool,
    /// The picture (--svg, --png).
    #[command(flatten)]
    pub pictures: PictureArgs,
}

impl TimeLimited for ExplainArgs {
    type Limit = Duration;
    const HELP: &'static str = "\
        Stop after this many seconds: the path gets half at most (it says where it stopped), the \
        SAT check that decides the class the rest";
    const DEFAULT: Option<&'static str> = Some("60");
}

/// Arguments of `hint`.
#[derive(Debug, Args)]
pub struct HintArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The partly solved grid: one line per row, `#` black, `.` white, `?` unknown.
    #[arg(long, value_name = "PARTIAL")]
    pub state: PathBuf,
    /// Which puzzle of a file that holds several (0-based).
    #[arg(long, value_name = "N")]
    pub index: Option<usize>,
    #[command(flatten)]
    pub timeout: Timeout<HintArgs>,
}

impl TimeLimited for HintArgs {
    type Limit = Duration;
    const HELP: &'static str = "\
        Stop after this many seconds: the check behind the list of wrong cells gets half at \
        most, the search for the next step the rest (it then says it ran out of time)";
    const DEFAULT: Option<&'static str> = Some("10");
}

/// Arguments of `count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Stop counting above this many solutions and say "more than CAP".
    #[arg(long, value_name = "CAP", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub cap: u32,
    #[command(flatten)]
    pub timeout: Timeout<CountArgs>,
}

impl TimeLimited for CountArgs {
    type Limit = Option<Duration>;
    const HELP: &'static str = "\
        Give up on a puzzle after this many seconds; the count so far is a lower bound";
}

/// Arguments of `verify-proof`.
#[derive(Debug, Args)]
pub struct VerifyProofArgs {
    /// The formula, in DIMACS CNF.
    #[arg(value_name = "CNF")]
    pub formula: PathBuf,
    /// A text DRAT proof that refutes it, or a model of it (`s SATISFIABLE` and `v` lines).
    #[arg(value_name = "PROOF")]
    pub proof: PathBuf,
    /// Print the outcome as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `fix`.
#[derive(Debug, Args)]
pub struct FixArgs {
    /// The design: a picture, or a puzzle file of one puzzle that carries its goal picture.
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub timeout: Timeout<FixArgs>,
    /// The most edits to propose.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub edits: usize,
    /// Also try edits of two cells when single cells are not enough.
    #[arg(long)]
    pub pairs: bool,
    /// Apply a repair and write the result to --output, then check it: N, the N-th edit as listed
    /// (1 is the first), or `hints`, the hint cells as givens. The exit code is then the repaired
    /// design's verdict. The search for repairs gets three quarters of --timeout, the re-check the
    /// rest.
    #[arg(long, value_name = "N|hints", value_parser = parse_repair, requires = "output")]
    pub apply: Option<Repair>,
    /// Where --apply writes: an edit as the repaired design, in the format the extension names
    /// (.non, .png, .pbm, .xml, ...; .txt and any other: a picture of `#` and `.`); the hints as a
    /// partly solved grid (`#`/`.` given, `?` open), as `hint --state` reads it.
    #[arg(short, long, value_name = "FILE", requires = "apply")]
    pub output: Option<PathBuf>,
    /// The picture (--svg, --png).
    #[command(flatten)]
    pub pictures: PictureArgs,
}

impl TimeLimited for FixArgs {
    type Limit = Duration;
    const HELP: &'static str = "\
        Stop after this many seconds: the check of the design may take all of it, then the hints \
        get half of what is left at most, and the edits the rest";
    const DEFAULT: Option<&'static str> = Some("10");
}

/// Arguments of `latin`.
#[derive(Debug, Args)]
pub struct LatinArgs {
    /// The puzzle: n lines of n characters, a digit 1..n for a given cell, `.` for an empty one.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also search every deduction order for the minimal enabling sets of each step (the seed
    /// paper's algorithm), visiting at most this many nodes.
    #[arg(long, value_name = "NODES")]
    pub orders: Option<u64>,
    #[command(flatten)]
    pub timeout: Timeout<LatinArgs>,
}

impl TimeLimited for LatinArgs {
    type Limit = Option<Duration>;
    const HELP: &'static str = "\
        Give up after this many seconds (exit code 4), saying what was cut short";
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
    /// Write the lean form (black and white only): block starts in order encoding, the same
    /// models as the default form, fewer variables, weaker unit propagation (docs/encoding.md).
    #[arg(long)]
    pub lean: bool,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
}

/// Arguments of `tiles`.
#[derive(Debug, Args)]
pub struct TilesArgs {
    /// The pictures, all of one size: PNG files, or text grids with one character per cell.
    #[arg(value_name = "PICTURE", required = true)]
    pub pictures: Vec<PathBuf>,
    /// The colours of the characters of text pictures: one `CHAR #rrggbb` a line.
    #[arg(long, value_name = "FILE")]
    pub legend: Option<PathBuf>,
    /// Decide existence with the integer programme also for three pictures.
    #[arg(long)]
    pub exact: bool,
    #[command(flatten)]
    pub timeout: Timeout<TilesArgs>,
    /// Write tiles.txt, tiles.png/svg and picture-K.png/svg (each picture rebuilt) into DIR.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print one JSON object (docs/json.md) instead of text.
    #[arg(long)]
    pub json: bool,
}

impl TimeLimited for TilesArgs {
    type Limit = Option<Duration>;
    const HELP: &'static str = "\
        Give up after this many seconds (exit code 4)";
}

/// Arguments of `serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on. The default, 127.0.0.1, serves this machine only; any other
    /// address lets other machines use the studio and its API, which have no authentication.
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// The port to listen on; 0 picks a free one (the address is printed either way).
    #[arg(long, value_name = "PORT", default_value_t = 7878)]
    pub port: u16,
    /// Open the studio in the default web browser once the server listens.
    #[arg(long)]
    pub open: bool,
    /// Also answer requests that name the server NAME (in `Host`, or a page's `Origin`), as a
    /// proxy or an /etc/hosts entry of your own would; by default only its address and
    /// `localhost` are answered, which keeps other sites' pages out. Repeat for more names.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_hosts: Vec<String>,
    #[command(flatten)]
    pub timeout: Timeout<ServeArgs>,
    /// Solve at most this many requests at once (default: one per processor core); the others
    /// wait their turn.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<std::num::NonZeroUsize>,
}

impl TimeLimited for ServeArgs {
    type Limit = Duration;
    const HELP: &'static str = "\
        The longest any one request may search, in seconds; a request may ask for less";
    const DEFAULT: Option<&'static str> = Some("20");
}

/// `--timeout SECONDS` (`--budget` its hidden alias), declared once here and flattened into every
/// subcommand that searches; the subcommand `C` gives its help line and its default.
#[derive(Debug)]
pub struct Timeout<C: TimeLimited> {
    /// The limit given, else the subcommand's default.
    pub limit: C::Limit,
}

/// A subcommand with a `--timeout`: what the limit bounds, and its default.
pub trait TimeLimited {
    /// `Option<Duration>` for a subcommand without a limit by default, `Duration` for one with.
    type Limit: Limit;
    /// The help line: one line without a final period, as clap shows a doc comment.
    const HELP: &'static str;
    /// The default in seconds, for a subcommand whose `Limit` is `Duration`.
    const DEFAULT: Option<&'static str> = None;
}

/// How a subcommand holds its limit: `Option<Duration>` (none when not given) or `Duration`.
pub trait Limit: Copy + std::fmt::Debug + 'static {
    /// The limit of `seconds` as parsed (none: not given and no default), if it is one.
    fn of(seconds: Option<Duration>) -> Option<Self>;
}

impl Limit for Option<Duration> {
    fn of(seconds: Option<Duration>) -> Option<Self> {
        Some(seconds)
    }
}

impl Limit for Duration {
    fn of(seconds: Option<Duration>) -> Option<Self> {
        seconds
    }
}

/// The argument's id.
const TIMEOUT: &str = "timeout";

impl<C: TimeLimited> FromArgMatches for Timeout<C> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let seconds = matches.get_one::<Duration>(TIMEOUT).copied();
        let limit = C::Limit::of(seconds).ok_or_else(|| {
            clap::Error::raw(
                ErrorKind::MissingRequiredArgument,
                "--timeout has no default here: give it\n",
            )
        })?;
        Ok(Timeout { limit })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        if matches.contains_id(TIMEOUT) {
            *self = Self::from_arg_matches(matches)?;
        }
        Ok(())
    }
}

impl<C: TimeLimited> Args for Timeout<C> {
    fn augment_args(command: clap::Command) -> clap::Command {
        let arg = Arg::new(TIMEOUT)
            .long("timeout")
            .alias("budget")
            .value_name("SECONDS")
            .value_parser(parse_seconds)
            .help(C::HELP);
        command.arg(match C::DEFAULT {
            Some(seconds) => arg.default_value(seconds),
            None => arg,
        })
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

/// A repair `fix --apply` applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repair {
    /// The edit of this number, 1-based as listed.
    Edit(usize),
    /// The fewest hints, as givens.
    Hints,
}

/// `hints`, or the 1-based number of an edit.
fn parse_repair(text: &str) -> Result<Repair, String> {
    if text.eq_ignore_ascii_case("hints") {
        return Ok(Repair::Hints);
    }
    match text.parse::<usize>() {
        Ok(number) if number >= 1 => Ok(Repair::Edit(number)),
        _ => Err(format!(
            "\"{text}\" is neither `hints` nor the number of an edit (1 is the first)"
        )),
    }
}

/// A background colour given as `#rrggbb` (or `#rgb`, `#` optional).
fn parse_background(text: &str) -> Result<Rgb, String> {
    hex_rgb(text)
        .map(Rgb::from)
        .ok_or_else(|| format!("expected a colour as #rrggbb, such as #ffffcc, not {text:?}"))
}

/// The longest `--timeout`, in seconds: 10⁹, some 31 years (docs/timeouts.md).
const MAX_SECONDS: f64 = 1e9;

/// A number of seconds more than 0 and at most [`MAX_SECONDS`]; `inf`, `1e300` and `NaN` are
/// refused with the bound.
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("\"{text}\" is not a number of seconds"))?;
    // Written so that NaN fails the test too.
    if !(seconds > 0.0 && seconds <= MAX_SECONDS) {
        return Err(format!(
            "the timeout must be more than 0 seconds and at most {MAX_SECONDS} (10^9), not {text}"
        ));
    }
    Ok(Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `--timeout` that `args` (after the program's name) give.
    fn limit(args: &[&str]) -> Option<Duration> {
        let cli = Cli::try_parse_from(std::iter::once("nonosat").chain(args.iter().copied()))
            .unwrap_or_else(|error| panic!("{args:?}: {error}"));
        match cli.command {
            Command::Solve(args) => args.timeout.limit,
            Command::Check(args) => args.solve.timeout.limit,
            Command::Compare(args) => args.timeout.limit,
            Command::Explain(args) => Some(args.timeout.limit),
            Command::Hint(args) => Some(args.timeout.limit),
            Command::Latin(args) => args.timeout.limit,
            Command::Count(args) => args.timeout.limit,
            Command::Fix(args) => Some(args.timeout.limit),
            Command::Tiles(args) => args.timeout.limit,
            Command::Serve(args) => Some(args.timeout.limit),
            other => panic!("no --timeout in {other:?}"),
        }
    }

    #[test]
    fn each_subcommand_keeps_its_default_limit() {
        let seconds = |n| Some(Duration::from_secs(n));
        for (args, default) in [
            (&["solve", "p"][..], None),
            (&["check", "p"], None),
            (&["compare", "p"], None),
            (&["explain", "p"], seconds(60)),
            (&["hint", "p", "--state", "s"], seconds(10)),
            (&["latin", "p"], None),
            (&["count", "p"], None),
            (&["fix", "p"], seconds(10)),
            (&["tiles", "p"], None),
            (&["serve"], seconds(20)),
        ] {
            assert_eq!(limit(args), default, "{args:?}");
            let given = [args, &["--timeout", "2.5"]].concat();
            assert_eq!(
                limit(&given),
                Some(Duration::from_millis(2500)),
                "{given:?}"
            );
            let budget = [args, &["--budget", "3"]].concat();
            assert_eq!(limit(&budget), seconds(3), "{budget:?}");
        }
    }

    #[test]
    fn a_timeout_that_is_not_a_positive_number_is_refused() {
        for text in ["0", "-1", "abc", "NaN", "inf", "1e300", "1000000001"] {
            let given = format!("--timeout={text}");
            let error = Cli::try_parse_from(["nonosat", "explain", "p", &given]).expect_err(text);
            assert_eq!(error.kind(), ErrorKind::ValueValidation, "{text}");
        }
        let error = Cli::try_parse_from(["nonosat", "check", "p", "--timeout", "inf"]).unwrap_err();
        assert!(
            error.to_string().contains(
                "the timeout must be more than 0 seconds and at most 1000000000 (10^9), not inf"
            ),
            "{error}"
        );
        assert_eq!(
            limit(&["check", "p", "--timeout", "1e9"]),
            Some(Duration::from_secs(1_000_000_000))
        );
    }
}
