//! Naming the field at fault when poem-openapi refuses a JSON body.
//!
//! poem-openapi's parse errors say which *type* failed ("Expected input type "string",
//! found null. (occurred while parsing "OtpRequest")") but not which field. With the request
//! body and the OpenAPI document's schemas we find it: the first required property that is
//! missing or null, else the first property whose JSON type does not fit its schema.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde_json::Value;

/// Per schema: required property names and each property's JSON type (None when any/ref).
#[derive(Debug, Default, Clone)]
pub struct SchemaInfo {
    /// Required properties in document order.
    pub required: Vec<String>,
    /// Property name → expected JSON type (`string`, `integer`, `number`, `boolean`, `array`, `object`).
    pub props: Vec<(String, Option<String>)>,
}

static SCHEMAS: OnceLock<HashMap<String, SchemaInfo>> = OnceLock::new();

/// Load the schemas from the OpenAPI document, parsed once by [`super::openapi::init`]. Later
/// calls are ignored.
pub fn init_from_spec(doc: &Value) {
    let _ = SCHEMAS.get_or_init(|| index_schemas(doc));
}

fn index_schemas(v: &Value) -> HashMap<String, SchemaInfo> {
    let mut out = HashMap::new();
    let Some(schemas) = v["components"]["schemas"].as_object() else {
        return out;
    };
    for (name, s) in schemas {
        let required = s["required"]
            .as_array()
            .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
            .unwrap_or_default();
        let props = s["properties"]
            .as_object()
            .map(|p| {
                p.iter()
                    .map(|(k, ps)| {
                        let t = ps["type"].as_str().map(str::to_string).or_else(|| {
                            (ps.get("$ref").is_some() || ps.get("allOf").is_some()).then(|| "object".to_string())
                        });
                        (k.clone(), t)
                    })
                    .collect()
            })
            .unwrap_or_default();
        out.insert(name.clone(), SchemaInfo { required, props });
    }
    out
}

/// The outermost type named in a poem-openapi parse reason.
fn type_in_reason(reason: &str) -> Option<&str> {
    let pick = |marker: &str| {
        reason.rfind(marker).and_then(|i| {
            let rest = &reason[i + marker.len()..];
            rest.find('"').map(|end| &rest[..end])
        })
    };
    pick("while parsing \"").or_else(|| pick("Expected input type \""))
}

fn fits(value: &Value, ty: &str) -> bool {
    match ty {
        "string" => value.is_string() || value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "boolean" => value.is_boolean(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => true,
    }
}

/// The field at fault, if it can be told.
pub fn field_at_fault(reason: &str, body: &[u8]) -> Option<String> {
    let schemas = SCHEMAS.get()?;
    let info = schemas.get(type_in_reason(reason)?)?;
    let v: Value = serde_json::from_slice(body).ok()?;
    let obj = v.as_object()?;
    for r in &info.required {
        if obj.get(r).is_none_or(Value::is_null) {
            return Some(r.clone());
        }
    }
    for (name, ty) in &info.props {
        if let (Some(val), Some(ty)) = (obj.get(name), ty) {
            if !val.is_null() && !fits(val, ty) {
                return Some(name.clone());
            }
        }
    }
    None
}

/// True when the reason is a JSON syntax error (serde_json's "… at line L column C").
pub fn is_syntax_error(reason: &str) -> bool {
    reason.contains(" at line ") && reason.contains(" column ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_type_names() {
        assert_eq!(
            type_in_reason("Expected input type \"string\", found null. (occurred while parsing \"OtpRequest\")"),
            Some("OtpRequest")
        );
        assert_eq!(type_in_reason("Expected input type \"OtpRequest\", found []."), Some("OtpRequest"));
        assert!(is_syntax_error("trailing comma at line 1 column 19"));
        assert!(!is_syntax_error("Expected input type \"OtpRequest\", found null."));
    }

    #[test]
    fn names_the_field() {
        // The shape of the API's `LoginRequest` schema (mobile required, code optional).
        init_from_spec(
            &serde_json::from_str(
                r#"{"components":{"schemas":{"LoginRequest":{"type":"object","required":["mobile"],
                "properties":{"mobile":{"type":"string"},"code":{"type":"string"},"password":{"type":"string"}}}}}}"#,
            )
            .unwrap(),
        );
        let r = "Expected input type \"string\", found null. (occurred while parsing \"LoginRequest\")";
        assert_eq!(field_at_fault(r, br#"{"code":"1"}"#).as_deref(), Some("mobile"));
        assert_eq!(field_at_fault(r, br#"{"mobile":"1","code":[1]}"#).as_deref(), Some("code"));
        assert_eq!(field_at_fault(r, b"[]"), None);
    }
}
