//! The `nonosat` binary: parse arguments, run the library over each puzzle, print, pick an exit
//! code. Each subcommand has a file of its own; `output` holds what they share.

mod args;
mod atomic;
mod batch;
mod check;
mod clash;
mod clues;
mod cnf;
mod compare;
mod convert;
mod count;
mod error;
mod escape;
mod explain;
mod fix;
mod goal;
mod hint;
mod latin;
mod named;
mod output;
mod pictures;
mod serve;
mod status;
mod tiles;
mod verify_proof;

use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command, UniquenessArgs};
use error::CliError;
use status::Status;

fn main() -> ExitCode {
    let command = Cli::parse().command;
    match run(&command) {
        Ok(status) => status.exit_code(),
        Err(error) => {
            output::print_error(command.json(), &error);
            error.status.exit_code()
        }
    }
}

/// Runs one subcommand: the status of what it found, or the error that stopped it.
fn run(command: &Command) -> Result<Status, CliError> {
    clash::refuse(command)?;
    match command {
        Command::Solve(args) => check::solve_all(args, &UniquenessArgs::default(), false),
        Command::Check(args) if batch::is_batch(args) => batch::check_batch(args),
        Command::Check(args) => check::solve_all(&args.solve, &args.uniqueness, true),
        Command::Clues(args) => clues::clues(args),
        Command::Convert(args) => convert::convert(args),
        Command::Cnf(args) => cnf::cnf(args),
        Command::Compare(args) => compare::compare_all(args),
        Command::Explain(args) => explain::explain_all(args),
        Command::Hint(args) => hint::hint(args),
        Command::Latin(args) => latin::latin(args),
        Command::Count(args) => count::count_all(args),
        Command::VerifyProof(args) => verify_proof::verify_proof(args),
        Command::Fix(args) => fix::fix(args),
        Command::Tiles(args) => tiles::tiles(args),
        Command::Serve(args) => serve::serve(args),
    }
}
