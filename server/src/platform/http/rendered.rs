//! A JSON answer serialised once and then served as bytes, for answers kept in a cache: a hit
//! costs no serialisation. Same content type and schema as poem-openapi's `Json<T>` (the
//! OpenAPI document does not change), and the same bytes as `Json(value)` would send.

use std::marker::PhantomData;

use bytes::Bytes;
use poem::{IntoResponse, Response};
use poem_openapi::payload::Payload;
use poem_openapi::registry::{MetaMediaType, MetaResponse, MetaResponses, MetaSchemaRef, Registry};
use poem_openapi::types::{ToJSON, Type};
use poem_openapi::ApiResponse;

/// `T` as JSON bytes (`application/json; charset=utf-8`).
pub struct RenderedJson<T> {
    bytes: Bytes,
    of: PhantomData<fn() -> T>,
}

impl<T: ToJSON> RenderedJson<T> {
    /// Serialises `value` as `Json(value)` would.
    pub fn render(value: &T) -> Self {
        // Serialising a `serde_json::Value` cannot fail (string keys only).
        let bytes = serde_json::to_vec(&value.to_json()).unwrap_or_else(|_| b"null".to_vec());
        Self::from_bytes(Bytes::from(bytes))
    }
}

impl<T> RenderedJson<T> {
    /// Bytes made earlier by [`RenderedJson::render`] for a `T`.
    pub fn from_bytes(bytes: Bytes) -> Self {
        Self { bytes, of: PhantomData }
    }

    /// The JSON text (cheap to clone: reference counted).
    pub fn bytes(&self) -> &Bytes {
        &self.bytes
    }
}

impl<T: Type> Payload for RenderedJson<T> {
    const CONTENT_TYPE: &'static str = "application/json; charset=utf-8";

    fn schema_ref() -> MetaSchemaRef {
        T::schema_ref()
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }
}

impl<T> IntoResponse for RenderedJson<T> {
    fn into_response(self) -> Response {
        Response::builder().content_type("application/json; charset=utf-8").body(self.bytes)
    }
}

impl<T: ToJSON> ApiResponse for RenderedJson<T> {
    fn meta() -> MetaResponses {
        MetaResponses {
            responses: vec![MetaResponse {
                description: "",
                status: Some(200),
                status_range: None,
                content: vec![MetaMediaType { content_type: Self::CONTENT_TYPE, schema: Self::schema_ref() }],
                headers: vec![],
            }],
        }
    }

    fn register(registry: &mut Registry) {
        T::register(registry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem_openapi::Object;

    #[derive(Object)]
    struct Sample {
        #[oai(rename = "Name")]
        name: String,
        n: Option<i64>,
    }

    #[tokio::test]
    async fn sends_the_bytes_json_would_send() {
        let value = Sample { name: "لپ‌تاپ \"۱\"".into(), n: None };
        let json = poem_openapi::payload::Json(Sample { name: value.name.clone(), n: None }).into_response();
        let rendered = RenderedJson::render(&value).into_response();
        assert_eq!(rendered.content_type(), json.content_type());
        let (a, b) = (rendered.into_body().into_bytes().await.unwrap(), json.into_body().into_bytes().await.unwrap());
        assert_eq!(a, b);
        assert!(a.starts_with(b"{\"Name\""), "{a:?}");
    }
}
