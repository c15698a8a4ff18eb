//! The API's endpoints: each reads its [`Input`], parses and checks it at once (off the async
//! threads, but not behind the queue, so that bad input is answered without waiting for slow
//! work), runs the library in a [`Jobs`] job and answers with the record that `--json` prints for
//! the same command (docs/server.md), or an [`ApiError`]. Black-and-white and colour puzzles take
//! the same code ([`each_kind!`]): the library's kinds (`Solvable`, `Shown`, `ShownSteps`).

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use nonosat::deadline::Deadline;
use nonosat::explain::{explain_and_rate, hint as hint_of};
use nonosat::formats::{Format, state};
use nonosat::report::{CheckRecord, ExplainRecord, FixRecord, HintRecord, Shown, draw_puzzle};
use nonosat::solve::repair::{FixError, FixOptions};
use nonosat::solve::{self, CheckError, Options, ReportOf, Solvable};
use serde::Serialize;

use super::input::{Chosen, Fields, Input, MAX_BODY_BYTES, MAX_EDITS, MAX_SIDE, format_named};
use super::jobs::{Jobs, Pace};
use super::kind::each_kind;
use super::reply::ApiError;
use crate::check::caption;

/// The server's shared state.
type Server = State<Arc<Jobs>>;

/// Reads the request's puzzle and what `prepare` makes of the request's other fields, at once,
/// then runs `work` on them as a job of `endpoint` at `pace`. Only the parsed puzzle and the
/// prepared fields wait in the queue, not the request's body.
async fn on_puzzle<A: Send + 'static, T: Send + 'static>(
    jobs: &Jobs,
    endpoint: &str,
    pace: Pace,
    mut input: Input,
    prepare: impl FnOnce(&Fields, &Chosen) -> Result<A, ApiError> + Send + 'static,
    work: impl FnOnce(Chosen, A, Deadline) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let asked = input.timeout()?;
    let client = input.client.take();
    let read = tokio::task::spawn_blocking(move || {
        let chosen = input.chosen()?;
        let prepared = prepare(&input.fields, &chosen)?;
        Ok::<_, ApiError>((chosen, prepared))
    });
    let (chosen, prepared) = read.await.map_err(|error| ApiError::failed(&error))??;
    jobs.run(client.as_deref(), endpoint, pace, asked, move |deadline| {
        work(chosen, prepared, deadline)
    })
    .await
}

/// Nothing to prepare beyond the puzzle.
fn nothing(_: &Fields, _: &Chosen) -> Result<(), ApiError> {
    Ok(())
}

/// A check or solve that failed: 413 for an encoding over the limit, 500 for an answer that failed
/// verification.
fn check_failed(name: &str) -> impl Fn(CheckError) -> ApiError + '_ {
    move |error| {
        let status = match error {
            CheckError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::new(status, name, error.to_string())
    }
}

/// The check of `puzzle`, with every ambiguous cell when `ambiguous_cells`, as `check --json`
/// runs it: the library's default search, the race.
fn check_puzzle<P: Solvable>(
    name: &str,
    puzzle: &P,
    ambiguous_cells: bool,
    deadline: Deadline,
) -> Result<ReportOf<P>, ApiError> {
    let options = Options::default()
        .with_deadline(Some(deadline))
        .with_ambiguous_cells(ambiguous_cells);
    solve::check(puzzle, &options).map_err(check_failed(name))
}

/// The `--json` record of a check or solve of `chosen`, whose puzzle is `puzzle`.
fn check_record<P: Shown>(chosen: &Chosen, puzzle: &P, report: &ReportOf<P>) -> CheckRecord {
    CheckRecord::new(&chosen.name, chosen.index, &chosen.label, puzzle, report)
}

/// `POST /api/check`: unique, multiple (with every ambiguous cell unless `ambiguous_cells` is
/// false), none or timeout.
pub(super) async fn check(
    State(jobs): Server,
    input: Input,
) -> Result<Json<CheckRecord>, ApiError> {
    let ambiguous_cells = input.fields.ambiguous_cells.unwrap_or(true);
    let pace = if ambiguous_cells {
        Pace::Slow
    } else {
        Pace::Quick
    };
    on_puzzle(
        &jobs,
        "check",
        pace,
        input,
        nothing,
        move |chosen, (), deadline| {
            each_kind!(&chosen.puzzle, puzzle => {
                let report = check_puzzle(&chosen.name, puzzle, ambiguous_cells, deadline)?;
                Ok(Json(check_record(&chosen, puzzle, &report)))
            })
        },
    )
    .await
}

/// `POST /api/solve`: one solution, without asking whether there are others.
pub(super) async fn solve(
    State(jobs): Server,
    input: Input,
) -> Result<Json<CheckRecord>, ApiError> {
    on_puzzle(
        &jobs,
        "solve",
        Pace::Quick,
        input,
        nothing,
        |chosen, (), deadline| {
            let options = Options::default().with_deadline(Some(deadline));
            each_kind!(&chosen.puzzle, puzzle => {
                let report = solve::solve(puzzle, &options).map_err(check_failed(&chosen.name))?;
                Ok(Json(check_record(&chosen, puzzle, &report)))
            })
        },
    )
    .await
}

/// `POST /api/explain`: the solution path and the rating (half of the time each at most).
pub(super) async fn explain(
    State(jobs): Server,
    input: Input,
) -> Result<Json<ExplainRecord>, ApiError> {
    on_puzzle(
        &jobs,
        "explain",
        Pace::Slow,
        input,
        |fields, _| Ok(fields.lines_only.unwrap_or(false)),
        |chosen, lines_only, deadline| {
            let Chosen {
                name, index, label, ..
            } = &chosen;
            each_kind!(&chosen.puzzle, puzzle => {
                let (explanation, rating) =
                    explain_and_rate(puzzle, deadline, lines_only).map_err(check_failed(name))?;
                let record = ExplainRecord::new(name, *index, label, puzzle, &explanation, &rating);
                Ok(Json(record))
            })
        },
    )
    .await
}

/// `POST /api/fix`: the fewest hint cells and the edits that make a design unique, as `fix`
/// finds them: the hints proved minimal, or marked as cut short by the time limit.
pub(super) async fn fix(State(jobs): Server, input: Input) -> Result<Json<FixRecord>, ApiError> {
    on_puzzle(
        &jobs,
        "fix",
        Pace::Slow,
        input,
        |fields, chosen| {
            if !chosen.puzzle.has_goal() {
                return Err(no_picture(&chosen.name));
            }
            let edits = fields.edits.unwrap_or(5);
            if edits > MAX_EDITS {
                let message =
                    format!("`edits` is {edits}; the server proposes at most {MAX_EDITS}");
                return Err(ApiError::bad(&chosen.name, message));
            }
            Ok(FixOptions::default()
                .with_edits(edits)
                .with_pairs(fields.pairs.unwrap_or(false)))
        },
        |chosen, options, deadline| {
            let name = &chosen.name;
            let options = options.with_deadline(Some(deadline));
            each_kind!(&chosen.puzzle, puzzle => {
                let design = puzzle.goal().ok_or_else(|| no_picture(name))?;
                let repairs = solve::fix(puzzle, design, &options).map_err(|error| match error {
                    FixError::Check(error) => check_failed(name)(error),
                    other => ApiError::bad(name, other.to_string()),
                })?;
                Ok(Json(FixRecord::new(name, puzzle, design, &repairs)))
            })
        },
    )
    .await
}

/// 400 for a design `fix` cannot repair, as it has no picture.
fn no_picture(name: &str) -> ApiError {
    let message = format!(
        "{name} has no picture to repair: draw one, or give a picture or a puzzle with its goal"
    );
    ApiError::bad(name, message)
}

/// `POST /api/hint`: the next easiest step from `state`, and its cells that are wrong.
pub(super) async fn hint(State(jobs): Server, input: Input) -> Result<Json<HintRecord>, ApiError> {
    on_puzzle(
        &jobs,
        "hint",
        Pace::Quick,
        input,
        |fields, chosen| {
            let name = &chosen.name;
            let Some(rows) = &fields.state else {
                return Err(ApiError::bad(
                    name,
                    "no `state`: give the partly solved grid's rows",
                ));
            };
            Ok(rows.join("\n"))
        },
        |chosen, rows, deadline| {
            let name = &chosen.name;
            each_kind!(&chosen.puzzle, puzzle => {
                let given = state::parse(&rows, "state", puzzle)
                    .map_err(|error| ApiError::bad(name, error.to_string()))?;
                let hint = hint_of(puzzle, &given, deadline).map_err(check_failed(name))?;
                let record = HintRecord::new(name, puzzle, &hint.next, &hint.mistakes);
                Ok(Json(record.with_mistakes_complete(hint.complete)))
            })
        },
    )
    .await
}

/// `POST /api/clues`: the puzzle in nonosat's JSON format (its clues, its goal when it has one,
/// and its colour table when it is in colour), as `clues --json` writes it.
pub(super) async fn clues(State(jobs): Server, input: Input) -> Result<Response, ApiError> {
    on_puzzle(
        &jobs,
        "clues",
        Pace::Quick,
        input,
        nothing,
        |chosen, (), _| {
            let text = chosen
                .puzzle
                .write(Format::Json)
                .map_err(|error| ApiError::bad(&chosen.name, error.to_string()))?;
            Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
        },
    )
    .await
}

/// What `convert` answers: the file's text in the format asked for.
#[derive(Serialize)]
pub(super) struct Converted {
    /// The format's name.
    format: &'static str,
    /// Its usual file extension, without the dot.
    extension: &'static str,
    /// The file's text; absent for a binary format (`png`).
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    /// A binary file's bytes (`png`) in base64.
    #[serde(skip_serializing_if = "Option::is_none")]
    base64: Option<String>,
}

/// `POST /api/convert`: the puzzle written in the format `to`.
pub(super) async fn convert(
    State(jobs): Server,
    input: Input,
) -> Result<Json<Converted>, ApiError> {
    on_puzzle(
        &jobs,
        "convert",
        Pace::Quick,
        input,
        |fields, chosen| {
            let Some(to) = fields.to.as_deref() else {
                return Err(ApiError::bad(
                    &chosen.name,
                    "no `to`: name the format to write",
                ));
            };
            format_named(&chosen.name, to)
        },
        |chosen, format: Format, _| {
            let bytes = chosen
                .puzzle
                .write(format)
                .map_err(|error| ApiError::bad(&chosen.name, error.to_string()))?;
            let (text, base64) = if format == Format::Png {
                let encoded = base64::engine::general_purpose::STANDARD.encode(bytes);
                (None, Some(encoded))
            } else {
                let text = String::from_utf8(bytes)
                    .map_err(|error| ApiError::internal(&format!("not UTF-8: {error}")))?;
                (Some(text), None)
            };
            Ok(Json(Converted {
                format: format.name(),
                extension: format.extension(),
                text,
                base64,
            }))
        },
    )
    .await
}

/// `POST /api/sheet`: the puzzle drawn as a book prints it, SVG or PNG; blank, or with its
/// solutions (and the cells where two differ) when `solved` is true.
pub(super) async fn sheet(State(jobs): Server, input: Input) -> Result<Response, ApiError> {
    let solved = input.fields.solved.unwrap_or(false);
    let pace = if solved { Pace::Slow } else { Pace::Quick };
    on_puzzle(
        &jobs,
        "sheet",
        pace,
        input,
        |fields, chosen| match fields.image.as_deref() {
            None | Some("svg") => Ok(false),
            Some("png") => Ok(true),
            Some(other) => {
                let message = format!("unknown image `{other}`: svg or png");
                Err(ApiError::bad(&chosen.name, message))
            }
        },
        move |chosen, png, deadline| {
            let name = &chosen.name;
            let drawing = each_kind!(&chosen.puzzle, puzzle => {
                if solved {
                    let report = check_puzzle(name, puzzle, true, deadline)?;
                    draw_puzzle(puzzle, &report.solutions, &caption(name, &report))
                } else {
                    let caption = format!("{name}: {}x{}", puzzle.width(), puzzle.height());
                    draw_puzzle(puzzle, &[], &caption)
                }
            });
            if !png {
                let svg = drawing.to_svg();
                return Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response());
            }
            let png = drawing
                .to_png()
                .map_err(|error| ApiError::bad(name, error.to_string()))?;
            Ok(([(header::CONTENT_TYPE, "image/png")], png).into_response())
        },
    )
    .await
}

/// What `limits` answers.
#[derive(Serialize)]
pub(super) struct Limits {
    /// The most cells a side.
    max_side: usize,
    /// The largest request body in bytes.
    max_body_bytes: usize,
    /// The longest a request may search, in seconds.
    timeout_seconds: f64,
}

/// `GET /api/limits`: the server's limits, for the page and other clients.
pub(super) async fn limits(State(jobs): Server) -> Json<Limits> {
    Json(Limits {
        max_side: MAX_SIDE,
        max_body_bytes: MAX_BODY_BYTES,
        timeout_seconds: jobs.limit().as_secs_f64(),
    })
}

/// Anything else: 404, as a JSON error record.
pub(super) async fn not_found(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "request",
        format!(
            "no page or endpoint {}; the API is under /api/ (docs/server.md)",
            uri.path()
        ),
    )
}
