//! The studio's page: plain HTML, CSS and JavaScript files from `crates/nonosat-cli/assets/`,
//! embedded in the binary, so the page needs no build step and no network.

use axum::extract::Path;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};

use super::reply::ApiError;

/// The page.
const INDEX: &str = include_str!("../../assets/index.html");

/// The files the page loads: name, content type, content.
const FILES: &[(&str, &str, &str)] = &[
    (
        "studio.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/studio.css"),
    ),
    (
        "studio.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/studio.js"),
    ),
];

/// `GET /`: the page.
pub(super) async fn index() -> Html<&'static str> {
    Html(INDEX)
}

/// `GET /assets/NAME`: one of the page's files, or 404.
pub(super) async fn file(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((_, kind, content)) => ([(header::CONTENT_TYPE, *kind)], *content).into_response(),
        None => ApiError::new(
            axum::http::StatusCode::NOT_FOUND,
            &name,
            format!("no asset {name}"),
        )
        .into_response(),
    }
}
