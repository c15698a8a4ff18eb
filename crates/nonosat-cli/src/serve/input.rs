//! What an API request brings: a puzzle (a file's text, a JSON puzzle object, a file's bytes in
//! base64 or as the raw body, or a drawn grid), black and white or colour, the options of its
//! endpoint, and the page that sent it. Read within the
//! limits of [`MAX_BODY_BYTES`] a body, [`BODY_TIMEOUT`] to send it and [`MAX_SIDE`] cells a
//! side; every fault is an [`ApiError`] that says what is wrong and where.

use std::fmt::Display;
use std::pin::Pin;
use std::time::Duration;

use axum::body::{Body, HttpBody};
use axum::extract::{FromRequest, FromRequestParts, Query};
use axum::http::{Request as HttpRequest, StatusCode, header};
use base64::Engine;
use nonosat::formats::{self, Format, ParseErrorKind, Puzzles, ReadOptions, hex_rgb};
use nonosat::image::Rgb;
use nonosat::model::PuzzleError;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use tokio::sync::Semaphore;

use super::guard::media_type;
use super::kind::Kind;
use super::reply::ApiError;

/// The largest request body, in bytes (4 MiB).
pub const MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

/// The most cells a side of any puzzle or grid the server takes.
pub const MAX_SIDE: usize = 200;

/// A body larger than this (by its `Content-Length`, or without one) is read only while it holds
/// one of [`LARGE_BODIES`]'s permits. The page's requests are smaller (a 200x200 drawing is about
/// 41 KiB of JSON): they never wait for one.
const LARGE_BODY_BYTES: usize = 64 * 1024;

/// Large bodies read at once: what they hold in memory is at most this many times
/// [`MAX_BODY_BYTES`], however many arrive together. One server runs in a process.
static LARGE_BODIES: Semaphore = Semaphore::const_new(8);

/// The longest a client may take to send a request's body, once its headers have arrived.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(30);

/// The most edits `fix` proposes.
pub const MAX_EDITS: usize = 100;

/// The header by which a page names itself, so that its newer requests supersede its older ones.
pub const CLIENT_HEADER: &str = "x-nonosat-client";

/// The fields of a request: a JSON body, or the query string of a request whose raw body is the
/// puzzle file. docs/server.md lists which endpoint reads which.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Fields {
    /// A puzzle file's text (a JSON string), or a puzzle in nonosat's JSON format as an object,
    /// kept as sent (the order of its colours is the palette's).
    pub puzzle: Option<Box<RawValue>>,
    /// A puzzle file's bytes (a PNG image, or any other format) in base64.
    pub file_base64: Option<String>,
    /// A drawn picture: rows of `#` (black) and `.` (white).
    pub grid: Option<Vec<String>>,
    /// The file's name: detects the format by its extension and names the input in answers.
    pub name: Option<String>,
    /// The file's format, instead of detecting it.
    pub format: Option<String>,
    /// For PNG pictures: a pixel darker than this (0-255) is black.
    pub threshold: Option<u8>,
    /// For PNG pictures: read in colour, with at most this many colours besides the background
    /// (as `--colors`).
    pub colors: Option<u8>,
    /// For PNG pictures read in colour: the background colour, `#rrggbb` (as `--background`).
    pub background: Option<String>,
    /// The puzzle's title, instead of the file's.
    pub title: Option<String>,
    /// The puzzle's author, instead of the file's.
    pub author: Option<String>,
    /// Which puzzle of a file that holds several (0-based).
    pub index: Option<usize>,
    /// Seconds the request may search, at most the server's `--timeout`.
    pub timeout: Option<f64>,
    /// `convert`: the format to write.
    pub to: Option<String>,
    /// `hint`: the partly solved grid, rows of `#`, `.` and `?` (in colour: the colours' letters,
    /// `.` and `?`).
    pub state: Option<Vec<String>>,
    /// `sheet`: `svg` (the default) or `png`.
    pub image: Option<String>,
    /// `sheet`: draw the solutions (checked first) instead of the blank puzzle.
    pub solved: Option<bool>,
    /// `check`: find every ambiguous cell of a puzzle with several solutions (the default);
    /// `false` answers the verdict alone, sooner (`ambiguous` is then null).
    pub ambiguous_cells: Option<bool>,
    /// `explain`: line steps only, no probes.
    pub lines_only: Option<bool>,
    /// `fix`: the most edits to propose (default 5).
    pub edits: Option<usize>,
    /// `fix`: also try edits of two cells.
    pub pairs: Option<bool>,
}

/// A request read from its body, query and headers.
#[derive(Debug)]
pub(super) struct Input {
    /// The request's fields.
    pub fields: Fields,
    /// The raw body, when it is not JSON: the puzzle file's bytes.
    raw: Option<Vec<u8>>,
    /// The page that sent it (the `X-Nonosat-Client` header).
    pub client: Option<String>,
}

/// The one puzzle a request is about.
pub(super) struct Chosen {
    /// The input's name, as answers show it.
    pub name: String,
    /// Its index in the file.
    pub index: usize,
    /// Its label in the file.
    pub label: String,
    /// The puzzle.
    pub puzzle: Kind,
}

impl<S: Send + Sync> FromRequest<S> for Input {
    type Rejection = ApiError;

    async fn from_request(request: HttpRequest<Body>, state: &S) -> Result<Self, ApiError> {
        let (mut parts, body) = request.into_parts();
        let client = parts
            .headers
            .get(CLIENT_HEADER)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        let json = media_type(&parts.headers).eq_ignore_ascii_case("application/json");
        let Query(query) = Query::<Fields>::from_request_parts(&mut parts, state)
            .await
            .map_err(|rejection| {
                ApiError::bad(
                    "request",
                    format!("bad query string: {}", rejection.body_text()),
                )
            })?;
        let declared = parts
            .headers
            .get(header::CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok()?.parse().ok());
        if declared.is_some_and(|length| length > MAX_BODY_BYTES) {
            return Err(body_over_limit());
        }
        // Never closed: a permit always comes.
        let _large = match declared {
            Some(length) if length <= LARGE_BODY_BYTES => None,
            _ => LARGE_BODIES.acquire().await.ok(),
        };
        let bytes = tokio::time::timeout(BODY_TIMEOUT, read_body(body, declared))
            .await
            .map_err(|_| {
                let message = format!(
                    "the request body did not arrive within {} s",
                    BODY_TIMEOUT.as_secs()
                );
                ApiError::new(StatusCode::REQUEST_TIMEOUT, "request", message)
            })??;
        if json {
            let malformed = |error: serde_json::Error| {
                ApiError::bad("request", format!("malformed JSON: {error}"))
            };
            let value: Value = serde_json::from_slice(&bytes).map_err(malformed)?;
            // A body that is a puzzle itself (`{"rows": ..., "columns": ...}`) takes its fields
            // from the query string, as a raw body does.
            if let Value::Object(object) = value
                && is_puzzle_object(&object)
            {
                let text = String::from_utf8(bytes).map_err(|error| {
                    ApiError::bad("request", format!("malformed JSON: {error}"))
                })?;
                let puzzle = RawValue::from_string(text).map_err(malformed)?;
                let fields = Fields {
                    puzzle: Some(puzzle),
                    ..query
                };
                return Ok(Input {
                    fields,
                    raw: None,
                    client,
                });
            }
            let fields = serde_json::from_slice(&bytes).map_err(malformed)?;
            return Ok(Input {
                fields,
                raw: None,
                client,
            });
        }
        Ok(Input {
            fields: query,
            raw: (!bytes.is_empty()).then_some(bytes),
            client,
        })
    }
}

/// Whether a JSON body is a puzzle in nonosat's JSON format rather than a request's fields: it
/// has clues (`rows` or `ver`) and no field of a request's puzzle.
fn is_puzzle_object(object: &Map<String, Value>) -> bool {
    let clues = object.contains_key("rows") || object.contains_key("ver");
    let sources = ["puzzle", "file_base64", "grid"];
    clues && !sources.iter().any(|key| object.contains_key(*key))
}

/// 413 for a body over [`MAX_BODY_BYTES`].
fn body_over_limit() -> ApiError {
    let message = format!("the request body is over the limit of {MAX_BODY_BYTES} bytes");
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "request", message)
}

/// The body of a request, read into one buffer (of the `declared` length, when there is one, at
/// most [`MAX_BODY_BYTES`]): 413 past [`MAX_BODY_BYTES`].
async fn read_body(mut body: Body, declared: Option<usize>) -> Result<Vec<u8>, ApiError> {
    let mut bytes = Vec::with_capacity(declared.unwrap_or(0).min(MAX_BODY_BYTES));
    while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
        let frame = frame.map_err(|error| {
            ApiError::bad("request", format!("cannot read the request body: {error}"))
        })?;
        if let Ok(data) = frame.into_data() {
            if bytes.len() + data.len() > MAX_BODY_BYTES {
                return Err(body_over_limit());
            }
            bytes.extend_from_slice(&data);
        }
    }
    Ok(bytes)
}

impl Input {
    /// The name the answers give the input: its `name`, else `request`.
    pub fn name(&self) -> String {
        self.fields
            .name
            .clone()
            .unwrap_or_else(|| "request".to_owned())
    }

    /// The time the request asks for, if any.
    pub fn timeout(&self) -> Result<Option<Duration>, ApiError> {
        match self.fields.timeout {
            None => Ok(None),
            Some(seconds) if seconds > 0.0 && seconds.is_finite() => {
                Ok(Some(Duration::from_secs_f64(seconds.min(1e9))))
            }
            Some(seconds) => Err(ApiError::bad(
                &self.name(),
                format!("timeout must be a number of seconds above 0, not {seconds}"),
            )),
        }
    }

    /// The puzzle the request is about, within the size limit. Takes the puzzle's source out of
    /// the request, so that what stays of it is small.
    pub fn chosen(&mut self) -> Result<Chosen, ApiError> {
        let name = self.name();
        let fields = &self.fields;
        let format = fields
            .format
            .as_deref()
            .map(|format| format_named(&name, format))
            .transpose()?;
        let sources = [
            fields.puzzle.is_some(),
            fields.file_base64.is_some(),
            fields.grid.is_some(),
            self.raw.is_some(),
        ];
        let given = sources.iter().filter(|&&given| given).count();
        if given != 1 {
            let message = if given == 0 {
                "no puzzle: give `puzzle` (a file's text), `file_base64`, `grid`, or the file as \
                 the request body"
            } else {
                "several puzzles: give only one of `puzzle`, `file_base64`, `grid` and a raw body"
            };
            return Err(ApiError::bad(&name, message));
        }
        let background = match fields.background.as_deref() {
            None => None,
            Some(text) => {
                let Some([red, green, blue]) = hex_rgb(text) else {
                    let message = format!("`background` is a colour as #rrggbb, not {text:?}");
                    return Err(ApiError::bad(&name, message));
                };
                Some(Rgb(red, green, blue))
            }
        };
        let options = ReadOptions::default()
            .with_threshold(fields.threshold.unwrap_or(128))
            .with_colours(fields.colors)
            .with_background(background);
        let wanted = fields.index;
        let (title, author) = (fields.title.clone(), fields.author.clone());
        let (bytes, format) = self.source_bytes(&name, format)?;
        let read =
            formats::parse_any(&bytes, &name, format, &options).map_err(|error| {
                match error.kind {
                    ParseErrorKind::ImageTooLarge { width, height } => {
                        too_large(&name, width, height)
                    }
                    ParseErrorKind::Puzzle(PuzzleError::TooLarge { width, height }) => {
                        too_large(&name, width, height)
                    }
                    _ => ApiError::bad(&name, error.to_string()),
                }
            })?;
        let count = match &read {
            Puzzles::BlackAndWhite(entries) => entries.len(),
            Puzzles::Colour(entries) => entries.len(),
        };
        let index = match (wanted, count) {
            (Some(index), count) if index >= count => {
                let message =
                    format!("{name} holds {count} puzzles; index {index} is out of range");
                return Err(ApiError::bad(&name, message));
            }
            (Some(index), _) => index,
            (None, 1) => 0,
            (None, count) => {
                let message =
                    format!("{name} holds {count} puzzles; choose one with `index` (0-based)");
                return Err(ApiError::bad(&name, message));
            }
        };
        let (label, mut puzzle) = match read {
            Puzzles::BlackAndWhite(mut entries) => {
                let entry = entries.swap_remove(index);
                (entry.label, Kind::BlackAndWhite(entry.puzzle))
            }
            Puzzles::Colour(mut entries) => {
                let entry = entries.swap_remove(index);
                (entry.label, Kind::Colour(entry.puzzle))
            }
        };
        within_limit(&name, puzzle.width(), puzzle.height())?;
        let meta = puzzle.meta_mut();
        if title.is_some() {
            meta.title = title;
        }
        if author.is_some() {
            meta.author = author;
        }
        Ok(Chosen {
            name,
            index,
            label,
            puzzle,
        })
    }

    /// The bytes of the one source given, taken out of the request, and the format to read them
    /// in.
    fn source_bytes(
        &mut self,
        name: &str,
        format: Option<Format>,
    ) -> Result<(Vec<u8>, Option<Format>), ApiError> {
        let fields = &mut self.fields;
        if let Some(raw) = fields.puzzle.take() {
            let json = raw.get();
            if json.starts_with('{') {
                if format.is_some_and(|format| format != Format::Json) {
                    return Err(ApiError::bad(
                        name,
                        "a `puzzle` object is in nonosat's JSON format: leave out `format`",
                    ));
                }
                return Ok((json.as_bytes().to_vec(), Some(Format::Json)));
            }
            let text: String = serde_json::from_str(json).map_err(|_| {
                ApiError::bad(
                    name,
                    "`puzzle` is a file's text (a string) or a puzzle in nonosat's JSON format \
                     (an object)",
                )
            })?;
            return Ok((text.into_bytes(), format));
        }
        if let Some(encoded) = fields.file_base64.take() {
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(encoded.trim())
                .map_err(|error| {
                    ApiError::bad(name, format!("`file_base64` is not base64: {error}"))
                })?;
            return Ok((bytes, format));
        }
        if let Some(rows) = fields.grid.take() {
            if format.is_some_and(|format| format != Format::Picture) {
                return Err(ApiError::bad(
                    name,
                    "a `grid` is a picture: leave out `format`",
                ));
            }
            let widest = rows
                .iter()
                .map(|row| row.chars().count())
                .max()
                .unwrap_or(0);
            within_limit(name, widest, rows.len())?;
            return Ok((rows.join("\n").into_bytes(), Some(Format::Picture)));
        }
        let raw = self.raw.take().unwrap_or_default();
        Ok((raw, format))
    }
}

/// `Ok` for a puzzle of `width` x `height` cells within [`MAX_SIDE`], else 413.
pub(super) fn within_limit(name: &str, width: usize, height: usize) -> Result<(), ApiError> {
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(too_large(name, width, height));
    }
    Ok(())
}

/// 413 for a puzzle of `width` x `height` cells, over [`MAX_SIDE`] (also over the library's own
/// limit, which is larger: the message says the server's).
fn too_large(name: &str, width: impl Display, height: impl Display) -> ApiError {
    let message =
        format!("the puzzle is {width}x{height} cells; the server takes at most {MAX_SIDE} a side");
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, name, message)
}

/// The format called `text` (in any case), or 400 naming every format.
pub(super) fn format_named(name: &str, text: &str) -> Result<Format, ApiError> {
    Format::ALL
        .into_iter()
        .find(|format| format.name().eq_ignore_ascii_case(text))
        .ok_or_else(|| {
            let message = format!("unknown format `{text}`: one of {}", Format::names());
            ApiError::bad(name, message)
        })
}
