//! Who may use the server: a page of another site may not, whether it posts a "simple" body (plain
//! text, a form) or has its name rebound to the server's address; the server's own page and tools
//! may. Every answer forbids framing and type sniffing, and the page may load its own files only.

use super::{Answer, Server};

/// A small design with two solutions.
const DESIGN: &[u8] = br##"{"grid": ["#.", ".#"]}"##;

/// POSTs the design to `/api/check` with `headers`.
fn check(server: &Server, headers: &[(&str, &str)]) -> Answer {
    server.send("POST", "/api/check", headers, DESIGN)
}

#[test]
fn pages_of_other_sites_are_refused_whatever_their_body() {
    let server = Server::start(&[]);
    for kind in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/json",
    ] {
        let answer = check(
            &server,
            &[("Origin", "http://evil.example"), ("Content-Type", kind)],
        );
        let message = answer.error(403);
        assert!(message.contains("http://evil.example"), "{kind}: {message}");
    }
    // A sandboxed frame or a file's page says `null`.
    check(
        &server,
        &[("Origin", "null"), ("Content-Type", "application/json")],
    )
    .error(403);
}

#[test]
fn bodies_that_are_neither_json_nor_an_upload_are_refused() {
    let server = Server::start(&[]);
    for kind in [
        "text/plain",
        "text/plain; charset=utf-8",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let message = check(&server, &[("Content-Type", kind)]).error(415);
        assert!(message.contains("application/json"), "{kind}: {message}");
    }
    let message = check(&server, &[]).error(415);
    assert!(message.contains("application/octet-stream"), "{message}");
    // JSON, in any case and with parameters, and an explicit upload are taken.
    for kind in ["application/json", "Application/JSON; charset=utf-8"] {
        let answer = check(&server, &[("Content-Type", kind)]);
        assert_eq!(answer.status, 200, "{kind}");
        assert_eq!(answer.json()["verdict"], "multiple");
    }
    let answer = server.post_file("/api/check?name=d.txt", b"#.\n.#\n");
    assert_eq!(answer.json()["verdict"], "multiple");
}

#[test]
fn the_servers_own_page_is_answered() {
    let server = Server::start(&[]);
    let port = server.address.port();
    for origin in [
        format!("http://{}", server.address),
        format!("http://localhost:{port}"),
    ] {
        let answer = check(
            &server,
            &[("Origin", &origin), ("Content-Type", "application/json")],
        );
        assert_eq!(answer.status, 200, "{origin}");
        assert_eq!(answer.json()["verdict"], "multiple", "{origin}");
    }
}

#[test]
fn a_rebound_host_name_is_refused_unless_allowed() {
    let server = Server::start(&["--allow-host", "studio.test"]);
    let port = server.address.port();
    let rebound = format!("attacker.example:{port}");
    let other_port = format!("127.0.0.1:{}", port.wrapping_add(1));
    for host in [rebound.as_str(), other_port.as_str(), "127.0.0.1"] {
        for (method, path) in [("GET", "/"), ("GET", "/api/limits")] {
            let message = server.send(method, path, &[("Host", host)], b"").error(421);
            assert!(message.contains(host), "{host}: {message}");
        }
        let answer = check(
            &server,
            &[("Host", host), ("Content-Type", "application/json")],
        );
        assert_eq!(answer.status, 421, "{host}");
    }
    // Its address, `localhost` and the name allowed, each with the server's port.
    let allowed = format!("studio.test:{port}");
    let localhost = format!("localhost:{port}");
    for host in [allowed.as_str(), localhost.as_str()] {
        let origin = format!("http://{host}");
        let answer = check(
            &server,
            &[
                ("Host", host),
                ("Origin", &origin),
                ("Content-Type", "application/json"),
            ],
        );
        assert_eq!(answer.status, 200, "{host}");
        assert_eq!(answer.json()["verdict"], "multiple", "{host}");
    }
}

#[test]
fn every_answer_forbids_framing_and_sniffing() {
    let server = Server::start(&[]);
    let answers = [
        server.send("GET", "/", &[], b""),
        server.send("GET", "/assets/studio.js", &[], b""),
        server.send("GET", "/api/limits", &[], b""),
        server.send("GET", "/nothing", &[], b""),
        check(&server, &[("Content-Type", "application/json")]),
        check(&server, &[("Content-Type", "text/plain")]),
        check(&server, &[("Origin", "http://evil.example")]),
    ];
    for answer in &answers {
        assert_eq!(answer.header("x-frame-options"), Some("DENY"), "{answer:?}");
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
        let policy = answer
            .header("content-security-policy")
            .expect("a content security policy");
        assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    }
    // The page loads its own script and style only: nothing inline, nothing from elsewhere.
    let page = answers[0]
        .header("content-security-policy")
        .expect("the page's policy");
    for directive in [
        "default-src 'none'",
        "script-src 'self'",
        "connect-src 'self'",
    ] {
        assert!(page.contains(directive), "{page}");
    }
    assert!(!page.contains("unsafe") && !page.contains('*'), "{page}");
}
