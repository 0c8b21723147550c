//! The request pipeline around every endpoint: body-size limit (413), mapping of every error
//! to the JSON error body, and one log line per request with its latency.

use std::time::Instant;

use poem::http::{header, Method, StatusCode};
use poem::{Body, Endpoint, IntoResponse, Request, Response};

use super::error::{error_response_with_body, ApiError};

/// Wrap `ep` with the body limit, error mapping and request log.
pub fn pipeline<E>(ep: E, body_limit: usize) -> impl Endpoint<Output = Response>
where
    E: Endpoint + 'static,
{
    use poem::EndpointExt;
    ep.map_to_response().around(move |ep, req| async move { Ok(handle(&ep, req, body_limit).await) })
}

async fn handle<E: Endpoint>(ep: &E, mut req: Request, body_limit: usize) -> Response {
    let start = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let resp = match read_body(&mut req, body_limit).await {
        Err(e) => e.into_response(),
        Ok(body) => match ep.call(req).await {
            Ok(r) => r.into_response(),
            Err(e) => error_response_with_body(e, body.as_deref()),
        },
    };
    let status = resp.status();
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    if status.is_server_error() {
        tracing::warn!(target: "shop::request", %method, %path, status = status.as_u16(), latency_ms = format_args!("{ms:.2}"), "request");
    } else {
        tracing::info!(target: "shop::request", %method, %path, status = status.as_u16(), latency_ms = format_args!("{ms:.2}"), "request");
    }
    resp
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

/// The client's address: the socket peer, or the first `X-Forwarded-For` entry when
/// `trust_proxy` is on. Empty when unknown.
pub fn client_ip(req: &Request, trust_proxy: bool) -> String {
    if trust_proxy {
        if let Some(first) = req
            .headers()
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            return first.to_string();
        }
    }
    match req.remote_addr().as_socket_addr() {
        Some(addr) => addr.ip().to_string(),
        None => String::new(),
    }
}

/// Status helper for tests and logs.
pub fn is_error(status: StatusCode) -> bool {
    status.is_client_error() || status.is_server_error()
}
