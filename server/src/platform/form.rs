//! Text fields of the back office's forms, as stored: control characters removed (PostgreSQL
//! refuses NUL in text; a line field keeps no new lines, a block keeps `\n` and tabs), `\r\n`
//! as `\n`, trimmed; a required field must not be empty and none may pass its length, with
//! core's messages (`shop_core::validation`). Markup is kept as typed: it is text, escaped
//! wherever it is shown.

use shop_core::validation::{check_max_length, message, Rule};

/// A refused field: the request field and the Persian message.
pub type Refusal = (&'static str, String);

/// `raw` as one cleaned line (no new lines or other control characters), trimmed.
pub fn line(raw: &str) -> String {
    raw.chars().filter(|c| !c.is_control()).collect::<String>().trim().to_string()
}

/// `raw` as cleaned text of several lines (`\n` and tabs kept), trimmed.
pub fn block(raw: &str) -> String {
    raw.replace("\r\n", "\n")
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .collect::<String>()
        .trim()
        .to_string()
}

/// A field no longer than `max` characters (`label`: its Persian name in the message).
pub fn at_most(field: &'static str, label: &str, value: String, max: usize) -> Result<String, Refusal> {
    check_max_length(label, &value, max).map_err(|m| (field, m))?;
    Ok(value)
}

/// A required field of at most `max` characters.
pub fn required(field: &'static str, label: &str, value: String, max: usize) -> Result<String, Refusal> {
    if value.is_empty() {
        return Err((field, message(&Rule::Required, label)));
    }
    at_most(field, label, value, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_lose_control_characters_and_blocks_keep_new_lines() {
        assert_eq!(line(" a\u{0}b\nc "), "abc");
        assert_eq!(block(" a\r\n\r\nb\u{0} "), "a\n\nb");
    }

    #[test]
    fn required_and_length() {
        assert!(required("name", "نام", String::new(), 5).is_err());
        assert!(required("name", "نام", "abcdef".into(), 5).is_err());
        assert_eq!(required("name", "نام", "<b>".into(), 5).ok().as_deref(), Some("<b>"));
    }
}
