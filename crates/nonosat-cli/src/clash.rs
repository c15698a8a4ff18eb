//! An output that is an input, refused before any work: `check --proof p.nin p.nin` would replace
//! the puzzle with its certificate. Files are compared by what they are, not by how they are named:
//! the same (device, inode) on Unix, so a symbolic or hard link to an input is refused too (the
//! canonical paths elsewhere). An output that is a folder is refused as well, so that nothing is
//! left half-written beside it.

use std::path::{Path, PathBuf};

use crate::args::{Command, PictureArgs, UniquenessArgs};
use crate::error::{CliError, Usage};

/// Refuses the command when one of its output files is one of its inputs, or a folder.
pub(crate) fn refuse(command: &Command) -> Result<(), CliError> {
    let (inputs, outputs) = files(command);
    for (option, output) in &outputs {
        let shown = output.display();
        let clash =
            if output.is_dir() {
                Some(format!(
                    "{option} {shown} is a folder; name a file to write"
                ))
            } else {
                inputs.iter().find(|input| same_file(input, output)).map(|input| {
                format!(
                    "{option} {shown} is the input {}; nonosat does not write over its input",
                    input.display()
                )
            })
            };
        if let Some(message) = clash {
            return Err(CliError::new(
                &output.to_string_lossy(),
                Usage::Refused(message),
            ));
        }
    }
    Ok(())
}

/// The files `command` reads, and those it writes with the option that names each.
fn files(command: &Command) -> (Vec<&Path>, Vec<(&'static str, PathBuf)>) {
    let mut inputs: Vec<&Path> = Vec::new();
    let mut outputs: Vec<(&'static str, PathBuf)> = Vec::new();
    let pictures = |pictures: &PictureArgs, outputs: &mut Vec<_>| {
        outputs.extend(pictures.svg.clone().map(|path| ("--svg", path)));
        outputs.extend(pictures.png.clone().map(|path| ("--png", path)));
    };
    let output = |path: &Option<PathBuf>| path.clone().map(|path| ("--output", path));
    match command {
        Command::Solve(args) => {
            inputs.push(&args.input.file);
            pictures(&args.pictures, &mut outputs);
        }
        Command::Check(args) => {
            inputs.push(&args.solve.input.file);
            inputs.extend(args.more.iter().map(PathBuf::as_path));
            inputs.extend(args.uniqueness.goal.as_deref());
            pictures(&args.solve.pictures, &mut outputs);
            if let Some(proof) = &args.uniqueness.proof {
                outputs.push(("--proof", proof.clone()));
                outputs.push(("--proof", UniquenessArgs::formula_path(proof)));
            }
        }
        Command::Clues(args) => {
            inputs.push(&args.input.file);
            outputs.extend(output(&args.output));
            pictures(&args.pictures, &mut outputs);
        }
        Command::Convert(args) => {
            inputs.push(&args.input.file);
            outputs.extend(output(&args.output));
        }
        Command::Cnf(args) => {
            inputs.push(&args.input.file);
            outputs.extend(output(&args.output));
        }
        Command::Explain(args) => {
            inputs.push(&args.input.file);
            pictures(&args.pictures, &mut outputs);
        }
        Command::Fix(args) => {
            inputs.push(&args.input.file);
            outputs.extend(output(&args.output));
            pictures(&args.pictures, &mut outputs);
        }
        _ => {}
    }
    inputs.retain(|path| *path != Path::new("-"));
    (inputs, outputs)
}

/// Whether `a` and `b` name the same existing file.
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        }
    }
}
