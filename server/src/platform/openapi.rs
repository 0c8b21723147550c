//! The OpenAPI document as the server publishes it, and what the request pipeline reads from it.
//!
//! poem-openapi writes an optional property (`Option<T>`, or one with a default) as
//! not required, but not as `nullable`, while the server writes `null` for an absent `Option`
//! (`"field": null` in every error body) and reads a `null` in a request as absent. [`finish`]
//! marks every property that is not required `nullable: true`, so the document says what the
//! server does (issue 25: schemathesis found 73 answers "breaking" the old document this way).
//!
//! [`allowed_methods`] answers the methods a path has (the `Allow` header of a 405), and
//! [`body_type_error`] the first property of a JSON body whose type the document refuses:
//! poem-openapi reads `false` or `3` into a `String` (as `"false"`, `"3"`) and `null` into a
//! property with a default, both of which the document calls invalid.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use serde_json::Value;

/// The document with every property that is not required marked `nullable` (pretty JSON, in
/// poem-openapi's key order).
pub fn finish(spec_json: &str) -> String {
    let Ok(mut doc) = serde_json::from_str::<Json>(spec_json) else {
        return spec_json.to_string();
    };
    if let Some(schemas) = doc.get_mut("components").and_then(|c| c.get_mut("schemas")) {
        for (_, schema) in schemas.entries_mut() {
            mark_nullable(schema);
        }
    }
    // The calls that take an `Idempotency-Key` refuse a request without one (422): the
    // header is required (poem-openapi documents a `Header<Option<_>>` as optional; the
    // handlers read it as optional to answer the rule's own message).
    if let Some(paths) = doc.get_mut("paths") {
        for (_, item) in paths.entries_mut() {
            for (_, op) in item.entries_mut() {
                let Some(Json::Arr(params)) = op.get_mut("parameters") else {
                    continue;
                };
                for param in params.iter_mut() {
                    let is_key = matches!(param.get_mut("name"), Some(Json::Other(Value::String(n))) if n == crate::platform::idempotency::HEADER);
                    if let (true, Some(required)) = (is_key, param.get_mut("required")) {
                        *required = Json::Other(Value::Bool(true));
                    }
                }
            }
        }
    }
    // A file served with its own `Content-Type` (a picture, a cover, a ticket attachment)
    // is documented by poem-openapi as `application/octet-stream`, which the answer's type
    // (`image/webp`, `application/pdf`, …) then breaks: such an answer is `*/*`.
    if let Some(paths) = doc.get_mut("paths") {
        for (_, item) in paths.entries_mut() {
            for (_, op) in item.entries_mut() {
                for (_, resp) in op.get_mut("responses").into_iter().flat_map(Json::entries_mut) {
                    let own_type = resp.get_mut("headers").is_some_and(|h| h.entries_mut().any(|(k, _)| k.eq_ignore_ascii_case("content-type")));
                    if !own_type {
                        continue;
                    }
                    if let Some(Json::Obj(content)) = resp.get_mut("content") {
                        for (media, _) in content.iter_mut() {
                            if media == "application/octet-stream" {
                                *media = "*/*".to_string();
                            }
                        }
                    }
                }
            }
        }
    }
    // A multipart form (inline in its operation) is closed: poem-openapi refuses a part it
    // does not know (400), so the document says `additionalProperties: false`. Its fields
    // are text or absent, never null, so they are not marked nullable.
    if let Some(paths) = doc.get_mut("paths") {
        for (_, item) in paths.entries_mut() {
            for (_, op) in item.entries_mut() {
                let content = op.get_mut("requestBody").and_then(|b| b.get_mut("content"));
                for (_, media) in content.into_iter().flat_map(Json::entries_mut).filter(|(t, _)| t.starts_with("multipart/")) {
                    if let Some(Json::Obj(schema)) = media.get_mut("schema") {
                        if !schema.iter().any(|(k, _)| k == "additionalProperties") {
                            schema.push(("additionalProperties".to_string(), Json::Other(Value::Bool(false))));
                        }
                    }
                }
            }
        }
    }
    serde_json::to_string_pretty(&doc).unwrap_or_else(|_| spec_json.to_string())
}

fn mark_nullable(schema: &mut Json) {
    let required: Vec<String> = match schema.get_mut("required") {
        Some(Json::Arr(names)) => names.iter().filter_map(|n| if let Json::Other(Value::String(s)) = n { Some(s.clone()) } else { None }).collect(),
        _ => Vec::new(),
    };
    let Some(props) = schema.get_mut("properties") else {
        return;
    };
    for (name, prop) in props.entries_mut() {
        if required.contains(name) {
            continue;
        }
        if let Json::Obj(fields) = prop {
            if !fields.iter().any(|(k, _)| k == "nullable" || k == "default") {
                fields.push(("nullable".to_string(), Json::Other(Value::Bool(true))));
            }
        }
    }
}

/// A JSON value that keeps its objects' key order (serde_json's map sorts them, which would
/// reorder the whole committed document).
#[derive(Debug)]
enum Json {
    Obj(Vec<(String, Json)>),
    Arr(Vec<Json>),
    Other(Value),
}

impl Json {
    fn get_mut(&mut self, key: &str) -> Option<&mut Json> {
        match self {
            Json::Obj(fields) => fields.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    fn entries_mut(&mut self) -> impl Iterator<Item = (&String, &mut Json)> {
        let fields: &mut [(String, Json)] = match self {
            Json::Obj(fields) => fields,
            _ => &mut [],
        };
        fields.iter_mut().map(|(k, v)| (&*k, v))
    }
}

impl serde::Serialize for Json {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Json::Obj(fields) => {
                let mut m = s.serialize_map(Some(fields.len()))?;
                for (k, v) in fields {
                    m.serialize_entry(k, v)?;
                }
                m.end()
            }
            Json::Arr(items) => {
                let mut a = s.serialize_seq(Some(items.len()))?;
                for v in items {
                    a.serialize_element(v)?;
                }
                a.end()
            }
            Json::Other(v) => v.serialize(s),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Json {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Json;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("JSON")
            }
            fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
                Ok(Json::Other(Value::Bool(v)))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
                Ok(Json::Other(Value::from(v)))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
                Ok(Json::Other(Value::from(v)))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Json, E> {
                Ok(Json::Other(Value::from(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Json, E> {
                Ok(Json::Other(Value::String(v.to_string())))
            }
            fn visit_unit<E>(self) -> Result<Json, E> {
                Ok(Json::Other(Value::Null))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Json, A::Error> {
                let mut items = Vec::new();
                while let Some(v) = a.next_element()? {
                    items.push(v);
                }
                Ok(Json::Arr(items))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Json, A::Error> {
                let mut fields = Vec::new();
                while let Some((k, v)) = a.next_entry()? {
                    fields.push((k, v));
                }
                Ok(Json::Obj(fields))
            }
        }
        d.deserialize_any(V)
    }
}

/// Path template (`/api/client/v1/catalog/products/{uid}`) → its methods, upper case.
static METHODS: OnceLock<BTreeMap<String, Vec<String>>> = OnceLock::new();

/// A request body property as the document types it.
#[derive(Debug)]
struct Prop {
    /// JSON type (`string`, `integer`, …); None when the document leaves it open.
    ty: Option<String>,
    nullable: bool,
    /// The type of an array's items.
    items: Option<String>,
}

/// The properties of each operation's JSON body's schema, by path then METHOD: a path without
/// `{param}` (nearly all) is found with one hash lookup, the few templates by a scan.
#[derive(Default)]
struct Bodies {
    exact: HashMap<String, Vec<(String, HashMap<String, Prop>)>>,
    templated: Vec<(String, String, HashMap<String, Prop>)>,
}

impl Bodies {
    fn of(&self, method: &str, path: &str) -> Option<&HashMap<String, Prop>> {
        match self.exact.get(path) {
            Some(ops) => ops.iter().find(|(m, _)| m == method).map(|(_, props)| props),
            None => self.templated.iter().find(|(m, t, _)| m == method && template_matches(t, path)).map(|(_, _, p)| p),
        }
    }
}

static BODIES: OnceLock<Bodies> = OnceLock::new();

/// The JSON type a property schema names, following one `$ref` (or `allOf: [$ref]`).
fn type_of(schema: &Value, schemas: &Value) -> Option<String> {
    if let Some(t) = schema["type"].as_str() {
        return Some(t.to_string());
    }
    let reference = schema["$ref"].as_str().or_else(|| schema["allOf"][0]["$ref"].as_str())?;
    let target = &schemas[reference.trim_start_matches("#/components/schemas/")];
    target["type"].as_str().map(str::to_string).or(Some("object".to_string()).filter(|_| target["properties"].is_object()))
}

/// Reads what the request pipeline needs from the document, parsed once: the paths, their
/// methods and their JSON bodies here, the schemas' required properties for
/// [`super::payload::field_at_fault`]. Later calls are ignored.
pub fn init(spec_json: &str) {
    let doc: Value = serde_json::from_str(spec_json).unwrap_or(Value::Null);
    super::payload::init_from_spec(&doc);
    let _ = BODIES.get_or_init(|| {
        let schemas = &doc["components"]["schemas"];
        let mut out = Bodies::default();
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            for (method, op) in item.as_object().into_iter().flatten() {
                let json_body = op["requestBody"]["content"].as_object().into_iter().flatten().find(|(t, _)| t.starts_with("application/json"));
                let Some(reference) = json_body.and_then(|(_, media)| media["schema"]["$ref"].as_str()) else {
                    continue;
                };
                let schema = &schemas[reference.trim_start_matches("#/components/schemas/")];
                let props = schema["properties"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(name, p)| {
                        let prop = Prop {
                            ty: type_of(p, schemas),
                            nullable: p["nullable"] == Value::Bool(true),
                            items: p.get("items").and_then(|i| type_of(i, schemas)),
                        };
                        (name.clone(), prop)
                    })
                    .collect();
                if path.contains('{') {
                    out.templated.push((method.to_ascii_uppercase(), path.clone(), props));
                } else {
                    out.exact.entry(path.clone()).or_default().push((method.to_ascii_uppercase(), props));
                }
            }
        }
        out
    });
    let _ = METHODS.get_or_init(|| {
        let mut out = BTreeMap::new();
        for (path, item) in doc["paths"].as_object().into_iter().flatten() {
            let mut methods: Vec<String> = item.as_object().into_iter().flatten().map(|(m, _)| m.to_ascii_uppercase()).collect();
            if methods.iter().any(|m| m == "GET") && !methods.iter().any(|m| m == "HEAD") {
                methods.push("HEAD".to_string());
            }
            methods.sort();
            out.insert(path.clone(), methods);
        }
        out
    });
}

/// The methods of the API path `path` (`GET, HEAD`), for the `Allow` header of a 405; None for
/// a path the document does not have. A `{param}` segment matches any one non-empty segment.
pub fn allowed_methods(path: &str) -> Option<String> {
    let table = METHODS.get()?;
    table.iter().find(|(template, _)| template_matches(template, path)).map(|(_, m)| m.join(", "))
}

/// The first property of the JSON `body` of `METHOD path` whose value the document refuses:
/// a wrong JSON type (a string property given `false` or `3`), an array item of the wrong
/// type, or `null` where the property is not nullable. None when all fit, when the body is
/// not a JSON object (poem-openapi answers that) or when the document has no such body.
pub fn body_type_error(method: &str, path: &str, body: &[u8]) -> Option<String> {
    let props = BODIES.get()?.of(method, path)?;
    if props.is_empty() {
        return None;
    }
    let Ok(Value::Object(obj)) = serde_json::from_slice::<Value>(body) else {
        return None;
    };
    obj.iter()
        .find(|(name, value)| {
            let Some(prop) = props.get(name.as_str()) else {
                return false;
            };
            if value.is_null() {
                return !prop.nullable;
            }
            if prop.ty.as_deref().is_some_and(|t| !fits(value, t)) {
                return true;
            }
            match (value, &prop.items) {
                (Value::Array(items), Some(t)) => items.iter().any(|i| !fits(i, t)),
                _ => false,
            }
        })
        .map(|(name, _)| name.clone())
}

fn fits(v: &Value, ty: &str) -> bool {
    match ty {
        "string" => v.is_string(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "boolean" => v.is_boolean(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        _ => true,
    }
}

fn template_matches(template: &str, path: &str) -> bool {
    let (mut a, mut b) = (template.split('/'), path.split('/'));
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (Some(t), Some(s)) if t == s || (t.starts_with('{') && t.ends_with('}') && !s.is_empty()) => {}
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn optional_properties_become_nullable() {
        let doc = r#"{"components":{"schemas":{"E":{"type":"object","required":["message"],"properties":{"message":{"type":"string"},"field":{"type":"string"}}}}}}"#;
        let out: Value = serde_json::from_str(&finish(doc)).unwrap();
        assert_eq!(out.pointer("/components/schemas/E/properties/field/nullable"), Some(&Value::Bool(true)));
        assert_eq!(out.pointer("/components/schemas/E/properties/message/nullable"), None);
    }

    #[test]
    fn templates_match_one_segment_per_parameter() {
        assert!(template_matches("/api/a/{uid}", "/api/a/x1"));
        assert!(!template_matches("/api/a/{uid}", "/api/a/"));
        assert!(!template_matches("/api/a/{uid}", "/api/a/x/y"));
        assert!(template_matches("/api/a", "/api/a"));
    }
}
