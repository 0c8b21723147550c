//! The request pipeline around every endpoint: body-size limit (413), mapping of every error
//! to the JSON error body, and one log line per request with its latency.

use std::time::Instant;

use poem::http::{header, Method, StatusCode};
use poem::{Body, Endpoint, IntoResponse, Request, Response};

use super::error::{error_response, ApiError};

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
    let resp = match limit_body(&mut req, body_limit).await {
        Err(e) => e.into_response(),
        Ok(()) => match ep.call(req).await {
            Ok(r) => r.into_response(),
            Err(e) => error_response(e),
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

/// Refuse bodies over the limit: by `Content-Length` when given, else by reading at most
/// `limit` bytes of a chunked body.
async fn limit_body(req: &mut Request, limit: usize) -> Result<(), ApiError> {
    if req.method() == Method::GET || req.method() == Method::HEAD {
        return Ok(());
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
        return Ok(());
    }
    let body = req.take_body();
    match body.into_bytes_limit(limit).await {
        Ok(bytes) => {
            req.set_body(Body::from_bytes(bytes));
            Ok(())
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
