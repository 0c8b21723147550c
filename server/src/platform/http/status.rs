//! The spec's response envelope `status`: a closed set of words per answer, as enums so a typo
//! cannot reach the wire and the OpenAPI document lists the values. Each serialises to the same
//! lower-case word the spec uses (`"ok"`, `"not"`, `"price_changed"`, …).

use poem_openapi::Enum;
use serde::{Deserialize, Serialize};

/// `status` of an answer that has only one outcome: `"ok"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Enum, Serialize, Deserialize)]
#[oai(rename = "OkStatus", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum ResponseStatus {
    /// Done.
    #[default]
    Ok,
}

/// `status` of the error body: `"error"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Enum, Serialize, Deserialize)]
#[oai(rename = "ErrorStatus", rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum ErrorStatus {
    /// The request was refused; `message` says why.
    #[default]
    Error,
}

#[cfg(test)]
mod tests {
    use super::*;
    use poem_openapi::types::ToJSON;

    #[test]
    fn serialise_as_the_spec_words() {
        assert_eq!(serde_json::to_string(&ResponseStatus::Ok).unwrap(), r#""ok""#);
        assert_eq!(serde_json::to_string(&ErrorStatus::Error).unwrap(), r#""error""#);
        assert_eq!(ResponseStatus::Ok.to_json().map(|v| v.to_string()), Some(r#""ok""#.to_string()));
    }
}
