//! crates/workspace-hack's list cannot go stale silently: it must name the dependencies and
//! dev-dependencies of crates/nonosat-cli and crates/nonosat-tiles with their features, and the
//! library's build dependencies (the rule its Cargo.toml states). A missing entry breaks no build;
//! it only makes `cargo test -p CRATE` compile half the workspace again. Here it fails a test.
//!
//! The manifests are read by a small reader of the forms they use (`name = "version"`,
//! `name.workspace = true`, `name = { key = value, ... }` on one line); any other form in a
//! dependency table is an error, so that a manifest this reader misreads fails the test instead of
//! passing it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Dependencies the hack lists beyond its rule, each with the reason (its Cargo.toml says more).
/// Their expected entry is the library's.
const EXTRAS: &[(&str, &str)] = &[(
    "cadical-sys",
    "the binary turns on the library's `cadical`, which the tile designer's library lacks",
)];

/// Which table of a manifest an entry sits in. Dev-dependencies count as dependencies: the hack
/// lists both kinds as its own dependencies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Normal,
    Build,
    Workspace,
}

/// What one entry asks of a dependency: the features it turns on, whether it turns the default
/// ones off, and whether it is a path to a workspace member.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Ask {
    features: BTreeSet<String>,
    no_default_features: bool,
    path: bool,
}

impl Ask {
    /// Two entries for one dependency in one build: cargo unifies them.
    fn merge(&mut self, other: Ask) {
        self.features.extend(other.features);
        self.no_default_features &= other.no_default_features;
        self.path |= other.path;
    }
}

/// An entry's place: its table, its target (`cfg(...)`, empty for every target) and its name.
type Key = (Kind, String, String);

/// A manifest's dependency entries, the entries of one name and place merged.
type Deps = BTreeMap<Key, Ask>;

/// The dependency entries of a manifest's text, or what the reader cannot read and where.
fn read_deps(text: &str) -> Result<Deps, String> {
    let mut deps = Deps::new();
    let mut table: Option<(Kind, String)> = None;
    for (index, raw) in text.lines().enumerate() {
        let at = |what: &str| format!("line {}: {what}: {raw}", index + 1);
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        if let Some(header) = line.strip_prefix('[') {
            let header = header
                .strip_suffix(']')
                .ok_or_else(|| at("unclosed table header"))?;
            table = table_of(header).map_err(|e| at(&e))?;
            continue;
        }
        let Some((kind, target)) = &table else {
            continue;
        };
        let (name, ask) = read_entry(line).map_err(|e| at(&e))?;
        deps.entry((*kind, target.clone(), name))
            .or_insert_with(|| Ask {
                no_default_features: true,
                ..Ask::default()
            })
            .merge(ask);
    }
    Ok(deps)
}

/// The dependency table a header opens (`None` for any other table), or why it cannot be read.
fn table_of(header: &str) -> Result<Option<(Kind, String)>, String> {
    let header = header.trim();
    if header == "workspace.dependencies" {
        return Ok(Some((Kind::Workspace, String::new())));
    }
    let (target, table) = match header.strip_prefix("target.") {
        Some(rest) => {
            let (cfg, table) = rest
                .rsplit_once('.')
                .ok_or_else(|| "a target table without a table name".to_owned())?;
            (
                cfg.trim_matches(|c| c == '\'' || c == '"').to_owned(),
                table,
            )
        }
        None => (String::new(), header),
    };
    let kind = match table {
        "dependencies" | "dev-dependencies" => Kind::Normal,
        "build-dependencies" => Kind::Build,
        _ if header.contains("dependencies.") => {
            return Err("a dependency as a table of its own is not read".to_owned());
        }
        _ => return Ok(None),
    };
    Ok(Some((kind, target)))
}

/// A line without its comment (a `#` outside a string).
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    for (at, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..at],
            _ => {}
        }
    }
    line
}

/// One `name = value` line of a dependency table.
fn read_entry(line: &str) -> Result<(String, Ask), String> {
    let (key, value) = line.split_once('=').ok_or("not `name = value`")?;
    let (key, value) = (key.trim(), value.trim());
    let default = Ask::default();
    if let Some(name) = key.strip_suffix(".workspace") {
        return match value {
            "true" => Ok((name.to_owned(), default)),
            _ => Err("`.workspace` set to something other than true".to_owned()),
        };
    }
    if key.contains('.') || key.is_empty() {
        return Err("a dotted key other than `name.workspace`".to_owned());
    }
    if value.starts_with('"') {
        return Ok((key.to_owned(), default));
    }
    let inner = value
        .strip_prefix('{')
        .and_then(|v| v.strip_suffix('}'))
        .ok_or("neither a version string nor an inline table on one line")?;
    let mut ask = default;
    for pair in split_top_level(inner)
        .into_iter()
        .filter(|p| !p.trim().is_empty())
    {
        let (k, v) = pair
            .split_once('=')
            .ok_or("an inline table item without `=`")?;
        match (k.trim(), v.trim()) {
            ("features", list) => ask.features = read_strings(list)?,
            ("default-features", "false") => ask.no_default_features = true,
            ("path", _) => ask.path = true,
            ("version" | "workspace" | "optional" | "default-features", _) => {}
            (other, _) => return Err(format!("an inline table key this reader skips: {other}")),
        }
    }
    Ok((key.to_owned(), ask))
}

/// An inline table's items: split at the commas outside strings and arrays.
fn split_top_level(text: &str) -> Vec<&str> {
    let (mut items, mut start, mut depth, mut quoted) = (Vec::new(), 0, 0usize, false);
    for (at, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '[' if !quoted => depth += 1,
            ']' if !quoted => depth = depth.saturating_sub(1),
            ',' if !quoted && depth == 0 => {
                items.push(&text[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    items.push(&text[start..]);
    items
}

/// A one-line array of strings, such as a feature list.
fn read_strings(list: &str) -> Result<BTreeSet<String>, String> {
    let inner = list
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or("a feature list that is not a one-line array")?;
    inner
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            item.strip_prefix('"')
                .and_then(|i| i.strip_suffix('"'))
                .map(str::to_owned)
                .ok_or_else(|| format!("a feature that is not a plain string: {item}"))
        })
        .collect()
}

/// The dependency entries of a manifest under the workspace root.
fn manifest(relative: &str) -> Deps {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let path = root.join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    read_deps(&text).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The entries of one kind, keyed by target and name.
fn of_kind(deps: &Deps, kind: Kind) -> BTreeMap<(String, String), Ask> {
    deps.iter()
        .filter(|((k, _, _), _)| *k == kind)
        .map(|((_, target, name), ask)| ((target.clone(), name.clone()), ask.clone()))
        .collect()
}

/// What the hack's list should be: the binary's and the tile designer's dependencies without the
/// workspace's own crates, merged, and the extras as the library has them.
fn expected(
    workspace: &Deps,
    cli: &Deps,
    tiles: &Deps,
    library: &Deps,
) -> BTreeMap<(String, String), Ask> {
    let members: BTreeSet<String> = of_kind(workspace, Kind::Workspace)
        .into_iter()
        .filter(|(_, ask)| ask.path)
        .map(|((_, name), _)| name)
        .collect();
    let mut list = BTreeMap::new();
    for deps in [cli, tiles] {
        for (key, ask) in of_kind(deps, Kind::Normal) {
            if !members.contains(&key.1) {
                let entry: &mut Ask = list.entry(key).or_insert_with(|| ask.clone());
                entry.merge(ask);
            }
        }
    }
    let library = of_kind(library, Kind::Normal);
    for (name, reason) in EXTRAS {
        let key = (String::new(), (*name).to_owned());
        let ask = library
            .get(&key)
            .unwrap_or_else(|| panic!("the library has no {name}, listed because {reason}"));
        list.insert(key, ask.clone());
    }
    list
}

/// The differences between an expected list and a listed one, one line each.
fn differences(
    expected: &BTreeMap<(String, String), Ask>,
    listed: &BTreeMap<(String, String), Ask>,
) -> Vec<String> {
    let place = |(target, name): &(String, String)| match target.as_str() {
        "" => name.clone(),
        _ => format!("{name} (under {target})"),
    };
    let mut lines = Vec::new();
    for (key, want) in expected {
        match listed.get(key) {
            None => lines.push(format!("missing: {}", place(key))),
            Some(got) if got != want => {
                lines.push(format!("{}: listed {got:?}, needs {want:?}", place(key)))
            }
            Some(_) => {}
        }
    }
    for key in listed.keys().filter(|key| !expected.contains_key(*key)) {
        lines.push(format!("listed but not needed: {}", place(key)));
    }
    lines
}

/// Fails, naming each difference, unless the hack's entries of a kind are the ones wanted.
fn assert_the_hack_lists(want: &BTreeMap<(String, String), Ask>, kind: Kind) {
    let listed = of_kind(&manifest("crates/workspace-hack/Cargo.toml"), kind);
    let found = differences(want, &listed);
    assert!(
        found.is_empty(),
        "crates/workspace-hack/Cargo.toml is stale ({kind:?}):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_hack_lists_the_binary_and_tile_designer_dependencies() {
    let want = expected(
        &manifest("Cargo.toml"),
        &manifest("crates/nonosat-cli/Cargo.toml"),
        &manifest("crates/nonosat-tiles/Cargo.toml"),
        &manifest("crates/nonosat/Cargo.toml"),
    );
    assert_the_hack_lists(&want, Kind::Normal);
}

#[test]
fn the_hack_has_the_library_build_dependencies() {
    let want = of_kind(&manifest("crates/nonosat/Cargo.toml"), Kind::Build);
    assert!(
        !want.is_empty(),
        "the library has no build dependency: is this test still needed?"
    );
    assert_the_hack_lists(&want, Kind::Build);
}

#[test]
fn a_dropped_entry_or_feature_is_found() {
    let full = "[dependencies]\nclap.workspace = true\nhyper-util = { workspace = true, features = \
                [\"server\", \"client-legacy\"] }\n[target.'cfg(unix)'.dependencies]\nlibc = \"0.2\"\n";
    let read = |text: &str| of_kind(&read_deps(text).expect("reads"), Kind::Normal);
    let want = read(full);
    let without_clap = full.replace("clap.workspace = true\n", "");
    assert_eq!(differences(&want, &read(&without_clap)), ["missing: clap"]);
    let fewer = full.replace(", \"client-legacy\"", "");
    let found = differences(&want, &read(&fewer));
    assert!(
        found.len() == 1 && found[0].starts_with("hyper-util: listed"),
        "{found:?}"
    );
    let moved = full.replace("[target.'cfg(unix)'.dependencies]\n", "");
    assert_eq!(
        differences(&want, &read(&moved)),
        [
            "missing: libc (under cfg(unix))",
            "listed but not needed: libc"
        ]
    );
}

#[test]
fn forms_the_reader_does_not_know_are_errors() {
    for text in [
        "[dependencies.clap]\nversion = \"4\"\n",
        "[dependencies]\nclap = { version = \"4\",\n  features = [\"derive\"] }\n",
        "[dependencies]\nclap = { git = \"https://example.org/clap\" }\n",
        "[target.'cfg(unix)'.dependencies]\nlibc.workspace = false\n",
    ] {
        assert!(read_deps(text).is_err(), "read without an error: {text}");
    }
    let read = read_deps(
        "[dependencies]\nclap = { workspace = true, features = [\"derive\", \"env\"] } # x\n",
    );
    let clap =
        &read.expect("a one-line inline table")[&(Kind::Normal, String::new(), "clap".to_owned())];
    assert_eq!(
        clap.features,
        BTreeSet::from(["derive".to_owned(), "env".to_owned()])
    );
}
