//! Cacheable public reads: a strong `ETag` (SHA-256 of the JSON body, so every node gives
//! the same tag for the same content), `Cache-Control`, and `304 Not Modified` when the
//! request's `If-None-Match` names the current tag.

use poem::Request;
use poem_openapi::payload::Json;
use poem_openapi::types::ToJSON;
use poem_openapi::ApiResponse;
use sha2::{Digest, Sha256};

/// `Cache-Control` of catalogue and content reads.
pub const PUBLIC_SHORT: &str = "public, max-age=60";

/// A cacheable JSON answer.
#[derive(ApiResponse)]
pub enum Cached<T: ToJSON + Send + Sync> {
    /// The resource, with its `ETag` and `Cache-Control`.
    #[oai(status = 200)]
    Ok(Json<T>, #[oai(header = "ETag")] String, #[oai(header = "Cache-Control")] String),
    /// The resource has not changed since the `If-None-Match` tag.
    #[oai(status = 304)]
    NotModified(#[oai(header = "ETag")] String, #[oai(header = "Cache-Control")] String),
}

/// The strong ETag of a JSON body.
pub fn etag_of(json: &str) -> String {
    let d = Sha256::digest(json.as_bytes());
    format!("\"{}\"", hex::encode(&d[..12]))
}

/// Whether an `If-None-Match` header value matches `etag` (`*`, lists, weak tags).
pub fn none_match(header: &str, etag: &str) -> bool {
    let bare = etag.trim_start_matches("W/");
    header.split(',').map(str::trim).any(|t| t == "*" || t.trim_start_matches("W/") == bare)
}

/// Answer `body`, or 304 when the request already holds it.
pub fn respond<T: ToJSON + Send + Sync>(req: &Request, body: T) -> Cached<T> {
    respond_with(req, body, PUBLIC_SHORT)
}

/// Like [`respond`] with a given `Cache-Control`.
pub fn respond_with<T: ToJSON + Send + Sync>(req: &Request, body: T, cache_control: &str) -> Cached<T> {
    let json = body.to_json_string();
    let etag = etag_of(&json);
    let inm = req.headers().get(poem::http::header::IF_NONE_MATCH).and_then(|v| v.to_str().ok());
    if inm.is_some_and(|h| none_match(h, &etag)) {
        Cached::NotModified(etag, cache_control.to_string())
    } else {
        Cached::Ok(Json(body), etag, cache_control.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_lists_and_weak_tags() {
        let e = etag_of("{}");
        assert!(none_match(&e, &e));
        assert!(none_match(&format!("\"x\", W/{e}"), &e));
        assert!(none_match("*", &e));
        assert!(!none_match("\"nope\"", &e));
    }
}
