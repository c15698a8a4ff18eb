//! What the API answers when a request cannot be served: a status (4xx for the request's own
//! faults) and the JSON error record of `--json` (`{"schema_version", "file", "error"}`), whose
//! `error` says what is wrong and where (and `Retry-After` when the server is too busy).

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use nonosat::report::{ErrorRecord, SCHEMA_VERSION};

/// A request that could not be served.
#[derive(Debug)]
pub(super) struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The input the error concerns (its `name`, else `request`).
    pub file: String,
    /// What went wrong, with its place.
    pub message: String,
    /// Seconds after which to ask again, for a server too busy or stopping (503).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// A request the server cannot take: `status` with `message`, about the input `file`.
    pub fn new(status: StatusCode, file: &str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            file: file.to_owned(),
            message: message.into(),
            retry_after: None,
        }
    }

    /// The server cannot take the request now: 503, to be asked again after `seconds`.
    pub fn unavailable(message: &str, seconds: u64) -> Self {
        ApiError {
            retry_after: Some(seconds),
            ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "request", message)
        }
    }

    /// Bad input: 400 with `message`.
    pub fn bad(file: &str, message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, file, message)
    }

    /// A newer request of the same page to the same endpoint came in: 409.
    pub fn superseded() -> Self {
        ApiError::new(
            StatusCode::CONFLICT,
            "request",
            "superseded by a newer request from the same page",
        )
    }

    /// A thread of the server that failed (a bug): 500.
    pub fn failed(error: &tokio::task::JoinError) -> Self {
        ApiError::internal(&format!("the job failed: {error}; please report it"))
    }

    /// A fault of the server (an answer that failed verification, a job that failed): 500.
    pub fn internal(message: &str) -> Self {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "request", message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let record = ErrorRecord {
            schema_version: SCHEMA_VERSION,
            file: self.file,
            index: None,
            error: self.message,
        };
        let mut response = (self.status, Json(record)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}
