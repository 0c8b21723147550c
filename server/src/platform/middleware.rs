//! The request pipeline around every endpoint: a request id (taken from a well-formed
//! `X-Request-Id`, or made) on every log line of the request and on its answer, body-size limit
//! (413), mapping of every error to the JSON error body, one log line per request with its
//! latency, and the request metrics (count and latency per API operation).

use std::time::Instant;

use poem::http::{header, Method, StatusCode};
use poem::{Body, Endpoint, IntoResponse, Request, Response};

use super::error::{error_response_with_body, ApiError};

/// How much of a request body is read, and for how long.
#[derive(Debug, Clone, Copy)]
pub struct BodyLimits {
    /// Largest body in bytes (413 above).
    pub bytes: usize,
    /// Longest time to receive it (408 after).
    pub timeout: std::time::Duration,
    /// Paths that take file uploads, with their larger limit: an upload may be 1 MB per file,
    /// which `bytes` alone would refuse with its form fields around it. A path matches segment
    /// by segment; a `*` segment matches any one segment (a `{uid}`).
    pub uploads: &'static [(&'static str, usize)],
}

impl BodyLimits {
    /// The limit for a request to `path`.
    pub fn for_path(&self, path: &str) -> usize {
        self.uploads.iter().find(|(p, _)| path_matches(p, path)).map_or(self.bytes, |(_, n)| *n)
    }
}

/// Whether `path` fits `pattern` (segments equal, `*` for any one segment).
fn path_matches(pattern: &str, path: &str) -> bool {
    let (mut a, mut b) = (pattern.split('/'), path.split('/'));
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(p), Some(s)) if p == s || (p == "*" && !s.is_empty()) => {}
            _ => return false,
        }
    }
}

/// Wrap `ep` with the body limits, error mapping and request log.
pub fn pipeline<E>(ep: E, limits: BodyLimits) -> impl Endpoint<Output = Response>
where
    E: Endpoint + 'static,
{
    use poem::EndpointExt;
    ep.map_to_response().around(move |ep, req| async move { Ok(handle(&ep, req, limits).await) })
}

/// The header carrying the request id, both ways.
pub const REQUEST_ID: &str = "x-request-id";

/// The caller's request id when it is 1 to 64 of `A-Z a-z 0-9 - _ .` (a proxy's or a load
/// balancer's), else a new one.
fn request_id(req: &Request) -> String {
    match req.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()) {
        Some(id) if (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')) => {
            id.to_string()
        }
        _ => uuid::Uuid::new_v4().simple().to_string(),
    }
}

async fn handle<E: Endpoint>(ep: &E, req: Request, limits: BodyLimits) -> Response {
    use tracing::Instrument;
    let id = request_id(&req);
    let span = tracing::info_span!("request", request_id = %id);
    let mut resp = answer(ep, req, limits).instrument(span).await;
    if let Ok(v) = poem::http::HeaderValue::from_str(&id) {
        resp.headers_mut().insert(REQUEST_ID, v);
    }
    resp
}

async fn answer<E: Endpoint>(ep: &E, mut req: Request, limits: BodyLimits) -> Response {
    let start = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let body = match tokio::time::timeout(limits.timeout, read_body(&mut req, limits.for_path(&path))).await {
        Ok(read) => read,
        Err(_) => Err(ApiError::timeout()),
    };
    let resp = match body {
        // The body was not (fully) read: the connection cannot carry another request, and
        // the client must know not to reuse it.
        Err(e) => {
            let mut r = e.into_response();
            r.headers_mut().insert(header::CONNECTION, poem::http::HeaderValue::from_static("close"));
            r
        }
        Ok(body) => {
            // A JSON body whose property types the document refuses (poem-openapi would read
            // `false` into a string as "false"): 422 naming the property.
            let refused = match &body {
                Some(b) if path.starts_with("/api/") && is_json(&req) => super::openapi::body_type_error(method.as_str(), &path, b),
                _ => None,
            };
            match refused {
                Some(field) => ApiError::not_valid(&field).into_response(),
                None => match ep.call(req).await {
                    Ok(r) => r.into_response(),
                    Err(e) => error_response_with_body(e, body.as_deref()),
                },
            }
        }
    };
    let mut resp = resp;
    let status = resp.status();
    // RFC 9110: a 405 names the methods the path has.
    if status == StatusCode::METHOD_NOT_ALLOWED && path.starts_with("/api/") {
        if let Some(v) = super::openapi::allowed_methods(&path).and_then(|m| poem::http::HeaderValue::from_str(&m).ok()) {
            resp.headers_mut().insert(header::ALLOW, v);
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    let operation = match resp.extensions().get::<poem_openapi::OperationId>() {
        Some(op) => op.0,
        None if path == "/api" || path.starts_with("/api/") => "unknown",
        None => "web",
    };
    let method_label = metric_method(&method);
    metrics::counter!(super::metrics::HTTP_REQUESTS, "operation" => operation, "method" => method_label, "status" => status.as_str().to_string()).increment(1);
    metrics::histogram!(super::metrics::HTTP_SECONDS, "operation" => operation, "method" => method_label).record(elapsed);
    let ms = elapsed * 1000.0;
    if status.is_server_error() {
        tracing::warn!(target: "shop::request", %method, %path, status = status.as_u16(), latency_ms = format_args!("{ms:.2}"), "request");
    } else {
        tracing::info!(target: "shop::request", %method, %path, status = status.as_u16(), latency_ms = format_args!("{ms:.2}"), "request");
    }
    resp
}

/// Whether the request says its body is JSON.
fn is_json(req: &Request) -> bool {
    req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.to_ascii_lowercase().contains("json"))
}

/// The method as a metric label: the standard ones by name, anything else as `other` (a
/// client's invented method must not make a new series).
fn metric_method(m: &Method) -> &'static str {
    match *m {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// Refuse bodies over the limit (413): by `Content-Length` when given, and by counting
/// while reading otherwise. API bodies are read here in full (they are small) and handed on;
/// a copy is kept to name the field at fault if parsing fails.
async fn read_body(req: &mut Request, limit: usize) -> Result<Option<bytes::Bytes>, ApiError> {
    if req.method() == Method::GET || req.method() == Method::HEAD {
        return Ok(None);
    }
    if let Some(len) = req.headers().get(header::CONTENT_LENGTH) {
        let len: u64 = len
            .to_str()
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| ApiError::bad_request(super::error::msg::BAD_REQUEST))?;
        if len > limit as u64 {
            return Err(ApiError::too_large());
        }
    }
    if !req.uri().path().starts_with("/api/") {
        return Ok(None);
    }
    let body = req.take_body();
    match body.into_bytes_limit(limit).await {
        Ok(bytes) => {
            req.set_body(Body::from_bytes(bytes.clone()));
            Ok(Some(bytes))
        }
        Err(poem::error::ReadBodyError::PayloadTooLarge) => Err(ApiError::too_large()),
        Err(_) => Err(ApiError::bad_request(super::error::msg::BAD_REQUEST)),
    }
}

/// The client's address as a rate-limit subject: IPv4 as is, IPv6 by its /64 (one
/// subscriber usually holds a whole /64, so counting single IPv6 addresses counts nothing).
/// Empty when unknown. See [`client_addr`] for which address that is.
pub fn client_ip(req: &Request, trusted_proxies: &[ipnet::IpNet]) -> String {
    match client_addr(req, trusted_proxies) {
        Some(std::net::IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let net = ipnet::Ipv6Net::new(v6, 64).map(|n| n.trunc()).ok();
            net.map(|n| n.to_string()).unwrap_or_else(|| v6.to_string())
        }
        Some(std::net::IpAddr::V6(v6)) => v6.to_ipv4_mapped().map(|v4| v4.to_string()).unwrap_or_default(),
        Some(ip) => ip.to_string(),
        None => String::new(),
    }
}

/// The client's address. The socket peer, unless the peer is one of `trusted_proxies`: then
/// `X-Forwarded-For` is read from the right (each proxy appends the address it saw), trusted
/// proxies are skipped, and the first address that is not one is the client. Entries to the
/// left of it were written by the client itself and are never believed.
pub fn client_addr(req: &Request, trusted_proxies: &[ipnet::IpNet]) -> Option<std::net::IpAddr> {
    let peer = req.remote_addr().as_socket_addr().map(|a| a.ip())?;
    Some(forwarded_client(peer, req.headers().get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()), trusted_proxies))
}

/// [`client_addr`] on plain values.
pub fn forwarded_client<'a>(
    peer: std::net::IpAddr,
    forwarded_for: impl Iterator<Item = &'a str>,
    trusted_proxies: &[ipnet::IpNet],
) -> std::net::IpAddr {
    let trusted = |ip: &std::net::IpAddr| trusted_proxies.iter().any(|n| n.contains(ip));
    if !trusted(&peer) {
        return peer;
    }
    let hops: Vec<&str> = forwarded_for.flat_map(|v| v.split(',')).map(str::trim).collect();
    let mut client = peer;
    for hop in hops.iter().rev() {
        match hop.parse::<std::net::IpAddr>() {
            Ok(ip) => {
                client = ip;
                if !trusted(&ip) {
                    break;
                }
            }
            // Garbage from a proxy we trust is a broken chain: stop at the last good hop.
            Err(_) => break,
        }
    }
    client
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> std::net::IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn client_is_the_rightmost_untrusted_forwarded_address() {
        let proxies = crate::platform::config::parse_proxies("10.0.0.0/8").unwrap();
        // The client wrote 1.1.1.1 itself; the proxy 10.0.0.5 appended the real peer 203.0.113.9.
        let hops = ["1.1.1.1, 203.0.113.9, 10.0.0.5"];
        assert_eq!(forwarded_client(ip("10.0.0.7"), hops.into_iter(), &proxies), ip("203.0.113.9"));
        // A peer that is not a trusted proxy is the client, whatever it forwards.
        assert_eq!(forwarded_client(ip("198.51.100.1"), hops.into_iter(), &proxies), ip("198.51.100.1"));
        // No proxies configured: the peer.
        assert_eq!(forwarded_client(ip("10.0.0.7"), hops.into_iter(), &[]), ip("10.0.0.7"));
        // Only proxies in the chain: the left-most of them.
        assert_eq!(forwarded_client(ip("10.0.0.7"), ["10.0.0.1, 10.0.0.2"].into_iter(), &proxies), ip("10.0.0.1"));
        // Several header lines count as one list.
        assert_eq!(forwarded_client(ip("10.0.0.7"), ["6.6.6.6", "203.0.113.9"].into_iter(), &proxies), ip("203.0.113.9"));
    }
}

/// Status helper for tests and logs.
pub fn is_error(status: StatusCode) -> bool {
    status.is_client_error() || status.is_server_error()
}

/// The browser-hardening headers of every answer (docs/security.md, "Browser").
#[derive(Debug, Clone)]
pub struct SecurityHeaders {
    csp: poem::http::HeaderValue,
    hsts: bool,
}

impl SecurityHeaders {
    /// From the served `index.html` (its inline scripts are allowed by hash, nothing else
    /// inline is) and the public URL (HSTS only when it is https).
    pub fn new(index_html: Option<&str>, public_url: &str) -> Self {
        let hashes: Vec<String> = index_html.map(inline_script_hashes).unwrap_or_default();
        let csp = content_security_policy(&hashes);
        Self {
            csp: poem::http::HeaderValue::from_str(&csp).expect("the policy is ASCII"),
            hsts: public_url.starts_with("https://"),
        }
    }

    /// Read `index.html` from the web folder, if it is there.
    pub fn for_web_dir(web_dir: &std::path::Path, public_url: &str) -> Self {
        let html = std::fs::read_to_string(web_dir.join("index.html")).ok();
        Self::new(html.as_deref(), public_url)
    }

    fn apply(&self, path: &str, resp: &mut Response) {
        let h = resp.headers_mut();
        h.insert(header::CONTENT_SECURITY_POLICY, self.csp.clone());
        h.insert(header::X_CONTENT_TYPE_OPTIONS, poem::http::HeaderValue::from_static("nosniff"));
        h.insert(header::X_FRAME_OPTIONS, poem::http::HeaderValue::from_static("DENY"));
        h.insert(header::REFERRER_POLICY, poem::http::HeaderValue::from_static("strict-origin-when-cross-origin"));
        if self.hsts {
            h.insert(header::STRICT_TRANSPORT_SECURITY, poem::http::HeaderValue::from_static("max-age=31536000; includeSubDomains"));
        }
        // Sign-in answers carry tokens and codes: never kept by a browser or proxy cache.
        if path.starts_with("/api/client/v1/user/") || path.starts_with("/api/dev/") {
            h.insert(header::CACHE_CONTROL, poem::http::HeaderValue::from_static("no-store"));
        }
    }
}

/// The policy: scripts only from this origin (plus reCAPTCHA's) and the listed inline hashes;
/// no `'unsafe-inline'` or `'unsafe-eval'` for scripts (only `'wasm-unsafe-eval'`, which lets the
/// page compile the core's WebAssembly and nothing else); no framing by anyone; Trusted Types
/// at every DOM XSS sink (the web app's default policy: web/src/shared/security/trustedTypes.ts).
pub fn content_security_policy(inline_script_hashes: &[String]) -> String {
    let hashes: String = inline_script_hashes.iter().map(|h| format!(" 'sha256-{h}'")).collect();
    format!(
        "default-src 'self'; \
         script-src 'self' 'wasm-unsafe-eval'{hashes} https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/; \
         style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; \
         connect-src 'self'; frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/; \
         frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'; \
         require-trusted-types-for 'script'"
    )
}

/// Base64 SHA-256 of each executable inline `<script>` (no `src`, not a JSON data block).
pub fn inline_script_hashes(html: &str) -> Vec<String> {
    use base64::Engine;
    use sha2::Digest;
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<script") {
        let after = &rest[start..];
        let Some(open_end) = after.find('>') else { break };
        let tag = &after[..open_end];
        let body_start = open_end + 1;
        let Some(close) = after[body_start..].find("</script>") else { break };
        let body = &after[body_start..body_start + close];
        let is_data = tag.contains("application/json") || tag.contains("application/ld+json");
        if !tag.contains(" src=") && !is_data {
            out.push(base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(body.as_bytes())));
        }
        rest = &after[body_start + close..];
    }
    out
}

/// Add [`SecurityHeaders`] to every answer of `ep`.
pub fn with_security_headers<E>(ep: E, headers: SecurityHeaders) -> impl Endpoint<Output = Response>
where
    E: Endpoint<Output = Response> + 'static,
{
    use poem::EndpointExt;
    let headers = std::sync::Arc::new(headers);
    ep.around(move |ep, req| {
        let headers = headers.clone();
        async move {
            let path = req.uri().path().to_string();
            let mut resp = ep.call(req).await?;
            headers.apply(&path, &mut resp);
            Ok(resp)
        }
    })
}

#[cfg(test)]
mod header_tests {
    use super::*;

    #[test]
    fn inline_scripts_are_hashed_and_data_blocks_and_files_are_not() {
        let html = r#"<script>alert(1)</script><script type="module" src="/a.js"></script><script type="application/ld+json">{}</script>"#;
        let hashes = inline_script_hashes(html);
        // printf 'alert(1)' | openssl dgst -sha256 -binary | base64
        assert_eq!(hashes, ["bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI="]);
        let csp = content_security_policy(&hashes);
        assert!(csp.contains("script-src 'self' 'wasm-unsafe-eval' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"));
        assert!(!csp.replace("'wasm-unsafe-eval'", "").contains("unsafe-eval") && !csp.split(';').any(|d| d.contains("script-src") && d.contains("unsafe-inline")));
        assert!(csp.contains("frame-ancestors 'none'"));
    }
}

#[cfg(test)]
mod limit_tests {
    use super::*;

    #[test]
    fn upload_paths_match_segment_by_segment_with_a_star_for_one_segment() {
        const UPLOADS: &[(&str, usize)] = &[("/api/x/upload", 5), ("/api/p/*/pictures/upload", 9)];
        let limits = BodyLimits { bytes: 1, timeout: std::time::Duration::from_secs(1), uploads: UPLOADS };
        assert_eq!(limits.for_path("/api/x/upload"), 5);
        assert_eq!(limits.for_path("/api/p/asus-14/pictures/upload"), 9);
        assert_eq!(limits.for_path("/api/p//pictures/upload"), 1, "an empty segment is not a uid");
        assert_eq!(limits.for_path("/api/p/a/b/pictures/upload"), 1);
        assert_eq!(limits.for_path("/api/x/upload/more"), 1);
        assert_eq!(limits.for_path("/api/other"), 1);
    }
}
