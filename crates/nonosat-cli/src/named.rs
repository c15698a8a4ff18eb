//! Names from the library's own tables (formats, methods, search strategies) read as clap values,
//! so that the library needs no clap: the same names, any case where the argument says so, and the
//! same error listing the possible values as a `clap::ValueEnum` gives.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Arg, Command};
use nonosat::formats::Format;
use nonosat::methods::compare::Method;
use nonosat::solve::Strategy;

/// A value parser for the items of a table, each known by its name.
#[derive(Clone)]
pub struct Named<T: 'static> {
    /// The items, in the order `--help` and errors list them.
    items: Vec<T>,
    /// Each item's name.
    name: fn(T) -> &'static str,
}

impl<T: Copy + Send + Sync + 'static> Named<T> {
    /// A parser for `items`, each called `name(item)`.
    fn new(items: impl IntoIterator<Item = T>, name: fn(T) -> &'static str) -> Self {
        Named {
            items: items.into_iter().collect(),
            name,
        }
    }

    /// The names as clap's possible values.
    fn names(&self) -> impl Iterator<Item = PossibleValue> + '_ {
        self.items
            .iter()
            .map(|&item| PossibleValue::new((self.name)(item)))
    }
}

impl<T: Copy + Send + Sync + 'static> TypedValueParser for Named<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<T, clap::Error> {
        // clap's own parser of possible values gives the errors a `ValueEnum` gives (not UTF-8,
        // or not a name, listing the names), and the name as given when it is one.
        let given = PossibleValuesParser::new(self.names()).parse_ref(cmd, arg, value)?;
        let ignore_case = arg.is_some_and(Arg::is_ignore_case_set);
        self.items
            .iter()
            .copied()
            .find(|&item| PossibleValue::new((self.name)(item)).matches(&given, ignore_case))
            .ok_or_else(|| clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.names()))
    }
}

/// Every format, by [`Format::name`].
pub fn formats() -> Named<Format> {
    Named::new(Format::ALL, Format::name)
}

/// Every method `compare` runs, by [`Method::name`].
pub fn methods() -> Named<Method> {
    Named::new(Method::ALL, Method::name)
}

/// Every search of this build, by [`Strategy::name`].
pub fn searches() -> Named<Strategy> {
    Named::new(Strategy::all(), Strategy::name)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use crate::args::{Cli, Command};

    use super::*;

    /// `check FILE` with `extra` arguments, parsed.
    fn check_with(extra: &[&str]) -> Result<crate::args::CheckArgs, clap::Error> {
        let cli = Cli::try_parse_from(["nonosat", "check", "p.non"].iter().chain(extra))?;
        match cli.command {
            Command::Check(args) => Ok(args),
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn every_format_is_read_by_its_name_in_any_case() {
        for format in Format::ALL {
            let upper = format.name().to_uppercase();
            let args = check_with(&["--format", &upper]).unwrap();
            assert_eq!(args.solve.input.format, Some(format));
        }
    }

    #[test]
    fn every_search_is_read_by_its_exact_name() {
        for choice in Strategy::all() {
            let args = check_with(&["--backend", choice.name()]).unwrap();
            assert_eq!(args.solve.backend, Some(choice));
        }
        // `--backend` does not ignore case, as before.
        let error = check_with(&["--backend", "RACE"]).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::InvalidValue);
    }

    #[test]
    fn every_method_is_read_by_its_name() {
        let names: Vec<&str> = Method::ALL.iter().map(|method| method.name()).collect();
        let cli =
            Cli::try_parse_from(["nonosat", "compare", "p.non", "--methods", &names.join(",")])
                .unwrap();
        let Command::Compare(args) = cli.command else {
            panic!("not compare");
        };
        assert_eq!(args.methods, Method::ALL);
    }

    #[test]
    fn an_unknown_name_is_refused_with_the_list_of_names() {
        let error = check_with(&["--format", "svg"]).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::InvalidValue);
        let message = error.to_string();
        assert!(
            message.contains("invalid value 'svg' for '--format <FORMAT>'"),
            "{message}"
        );
        let names: Vec<&str> = Format::ALL.iter().map(|format| format.name()).collect();
        assert!(
            message.contains(&format!("[possible values: {}]", names.join(", "))),
            "{message}"
        );
    }
}
