//! Cacheable public reads: a strong `ETag` (SHA-256 of the JSON body, so every node gives
//! the same tag for the same content), `Cache-Control`, and `304 Not Modified` when the
//! request's `If-None-Match` names the current tag. Bodies are serialised once into a
//! [`Prepared`] answer (which the catalogue API also remembers between requests).

use bytes::Bytes;
use poem::Request;
use poem_openapi::types::ToJSON;
use poem_openapi::ApiResponse;
use sha2::{Digest, Sha256};

use super::rendered::RenderedJson;

/// `Cache-Control` of catalogue and content reads: kept, but asked again each time (a `304`
/// from the ETag when nothing changed), so a price or a product staff publish reaches a
/// shopper who already had the page open at once, not after a minute (issue 24,
/// docs/decisions.md "Catalogue answers are revalidated").
pub const PUBLIC_SHORT: &str = "public, max-age=0, must-revalidate";

/// A cacheable JSON answer.
#[derive(ApiResponse)]
pub enum Cached<T: ToJSON + Send + Sync> {
    /// The resource, with its `ETag` and `Cache-Control`.
    #[oai(status = 200)]
    Ok(RenderedJson<T>, #[oai(header = "ETag")] String, #[oai(header = "Cache-Control")] String),
    /// The resource has not changed since the `If-None-Match` tag.
    #[oai(status = 304)]
    NotModified(#[oai(header = "ETag")] String, #[oai(header = "Cache-Control")] String),
}

/// A serialised body and its tag.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub body: Bytes,
    pub etag: String,
}

/// Serialise `t` and tag it.
pub fn prepare<T: ToJSON>(t: &T) -> Prepared {
    let json = t.to_json_string();
    Prepared { etag: etag_of(&json), body: Bytes::from(json) }
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
    respond_prepared(req, prepare(&body))
}

/// Answer a prepared body, or 304 when the request already holds it.
pub fn respond_prepared<T: ToJSON + Send + Sync>(req: &Request, p: Prepared) -> Cached<T> {
    let inm = req.headers().get(poem::http::header::IF_NONE_MATCH).and_then(|v| v.to_str().ok());
    if inm.is_some_and(|h| none_match(h, &p.etag)) {
        Cached::NotModified(p.etag, PUBLIC_SHORT.to_string())
    } else {
        Cached::Ok(RenderedJson::from_bytes(p.body), p.etag, PUBLIC_SHORT.to_string())
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
