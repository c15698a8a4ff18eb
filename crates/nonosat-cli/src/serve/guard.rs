//! Who may talk to the server, and what every answer carries. A request must name the server
//! itself in `Host` (its address, `localhost`, or a name allowed with `--allow-host`): a page of
//! another site whose name was rebound to this machine's address is answered 421. When it has an
//! `Origin`, that must be the server's own (403 otherwise), and a POST must bring JSON or an
//! explicit upload (`application/octet-stream`), which no page of another site can send without
//! the server's consent (415 otherwise). Every answer forbids framing and type sniffing, and the
//! page may load only its own files.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{self, HeaderMap, HeaderValue};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::reply::ApiError;

/// The content types a POST may have: JSON, or a puzzle file's bytes as an explicit upload.
pub const ACCEPTED_TYPES: [&str; 2] = ["application/json", "application/octet-stream"];

/// The page's policy: its own script, style and pictures, requests to its own API, nothing else,
/// and no framing.
const PAGE_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// Every other answer's policy: it loads nothing, and no page frames it.
const OTHER_POLICY: &str = "default-src 'none'; frame-ancestors 'none'; sandbox";

/// The names and address the server answers to.
#[derive(Debug)]
pub(super) struct Guard {
    /// The address it listens on.
    bound: SocketAddr,
    /// `localhost` and the names allowed with `--allow-host`, in lower case.
    names: Vec<String>,
}

impl Guard {
    /// The guard of a server listening on `bound`, which also answers to the names `allowed`.
    pub fn new(bound: SocketAddr, allowed: &[String]) -> Self {
        let names = std::iter::once("localhost")
            .chain(allowed.iter().map(String::as_str))
            .map(str::to_ascii_lowercase)
            .collect();
        Guard { bound, names }
    }

    /// Whether `authority` (`host[:port]`, as in `Host`) names this server: one of its names or
    /// its address (any address of the machine when it listens on all of them), and its port.
    fn names_me(&self, authority: &str) -> bool {
        let Some((host, port)) = split_authority(authority) else {
            return false;
        };
        if port != self.bound.port() {
            return false;
        }
        match host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
        {
            // An address is no name a page of another site can rebind.
            Ok(address) => address == self.bound.ip() || self.bound.ip().is_unspecified(),
            Err(_) => self
                .names
                .iter()
                .any(|name| name.eq_ignore_ascii_case(host)),
        }
    }

    /// Whether `origin` (as in `Origin`) is one of the server's own pages.
    fn is_own_origin(&self, origin: &str) -> bool {
        origin
            .strip_prefix("http://")
            .is_some_and(|authority| self.names_me(authority))
    }

    /// Why `headers` and `method` may not be served, if they may not.
    fn refusal(&self, method: &Method, headers: &HeaderMap) -> Option<ApiError> {
        let text = |name| headers.get(name).map(|value| value.to_str().unwrap_or("?"));
        let host = text(header::HOST).unwrap_or("");
        if !self.names_me(host) {
            let message = format!(
                "this server does not answer to the host `{host}`: use {}, or allow the name \
                 with --allow-host",
                self.bound
            );
            return Some(ApiError::new(
                StatusCode::MISDIRECTED_REQUEST,
                "request",
                message,
            ));
        }
        if let Some(origin) = text(header::ORIGIN)
            && !self.is_own_origin(origin)
        {
            let message = format!("requests from the page of `{origin}` are refused");
            return Some(ApiError::new(StatusCode::FORBIDDEN, "request", message));
        }
        if method == Method::POST {
            let kind = text(header::CONTENT_TYPE).unwrap_or("");
            let essence = media_type(headers);
            if !ACCEPTED_TYPES
                .iter()
                .any(|accepted| accepted.eq_ignore_ascii_case(essence))
            {
                let message = format!(
                    "a body of type `{kind}` is refused: send JSON (Content-Type: \
                     application/json) or the file's bytes (Content-Type: \
                     application/octet-stream)"
                );
                return Some(ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "request",
                    message,
                ));
            }
        }
        None
    }
}

/// The media type of a request's body (`application/json` of `application/json;
/// charset=utf-8`), empty without one.
pub(super) fn media_type(headers: &HeaderMap) -> &str {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|kind| kind.split(';').next())
        .map_or("", str::trim)
}

/// `host` and `port` of `host[:port]` (port 80 when left out; `[v6]` or `[v6]:port` for IPv6).
fn split_authority(authority: &str) -> Option<(&str, u16)> {
    let authority = authority.trim();
    let (host, port) = match authority.rfind(':') {
        Some(colon) if !authority[colon..].contains(']') => {
            (&authority[..colon], authority[colon + 1..].parse().ok()?)
        }
        _ => (authority, 80),
    };
    (!host.is_empty()).then_some((host, port))
}

/// The middleware: refuses what [`Guard`] refuses, and sets the headers every answer carries.
pub(super) async fn guard(
    State(guard): State<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response {
    let is_page = request.uri().path() == "/";
    let mut response = match guard.refusal(request.method(), request.headers()) {
        Some(refusal) => refusal.into_response(),
        None => next.run(request).await,
    };
    let headers = response.headers_mut();
    let policy = if is_page { PAGE_POLICY } else { OTHER_POLICY };
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard(bound: &str) -> Guard {
        Guard::new(bound.parse().unwrap(), &["Studio.Lan".to_owned()])
    }

    #[test]
    fn the_server_answers_to_its_address_its_names_and_its_port_only() {
        let guard = guard("127.0.0.1:7878");
        for good in [
            "127.0.0.1:7878",
            "localhost:7878",
            "LOCALHOST:7878",
            "studio.lan:7878",
        ] {
            assert!(guard.names_me(good), "{good}");
        }
        for bad in [
            "attacker.example:7878",
            "127.0.0.1:7879",
            "127.0.0.1",
            "127.0.0.2:7878",
            "[::1]:7878",
            "",
            ":7878",
            "localhost:x",
        ] {
            assert!(!guard.names_me(bad), "{bad}");
        }
        assert!(Guard::new("127.0.0.1:80".parse().unwrap(), &[]).names_me("localhost"));
    }

    #[test]
    fn ipv6_and_all_addresses() {
        assert!(guard("[::1]:7878").names_me("[::1]:7878"));
        assert!(!guard("[::1]:7878").names_me("[::2]:7878"));
        let everywhere = guard("0.0.0.0:7878");
        assert!(everywhere.names_me("192.168.1.5:7878"));
        assert!(!everywhere.names_me("attacker.example:7878"));
    }

    #[test]
    fn only_the_servers_own_pages_are_its_origin() {
        let guard = guard("127.0.0.1:7878");
        assert!(guard.is_own_origin("http://127.0.0.1:7878"));
        assert!(guard.is_own_origin("http://localhost:7878"));
        for bad in [
            "http://evil.example",
            "https://127.0.0.1:7878",
            "null",
            "http://127.0.0.1:7878.evil.example",
        ] {
            assert!(!guard.is_own_origin(bad), "{bad}");
        }
    }
}
