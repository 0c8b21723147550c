//! `MaxLength { n }`: at most `n` chars.
//!
//! **What:** counts chars (Unicode scalar values) of the value as given, as `MinLength` does;
//! an empty value passes (pair it with `Required`). The forms (`crate::forms`) clean a value
//! (trim, control characters out) before their rules see it, so the bound is on what is stored.
//! **Why:** every text the shop stores has a bound the client and the server must agree on
//! (a 101-letter name was refused by the server with "not valid" while the web form let it
//! through). A Persian letter is two bytes in UTF-8; a byte bound would halve the allowed length.
//! **Example:**
//! ```
//! use shop_core::validation::{check_max_length, too_long_message, validate, Rule};
//! assert_eq!(validate(&Rule::MaxLength { n: 4 }, "موضوع", "سلام!").unwrap_err().message(), "موضوع باید حداکثر ۴ کاراکتر باشد");
//! assert!(validate(&Rule::MaxLength { n: 4 }, "موضوع", "سلام").is_ok());
//! assert!(check_max_length("موضوع", "سلام", 4).is_ok());
//! assert_eq!(too_long_message("متن پیام", 5000), "متن پیام باید حداکثر ۵۰۰۰ کاراکتر باشد");
//! ```

use super::{message, Rule};

pub(super) const MESSAGE: &str = "{field} باید حداکثر N کاراکتر باشد";

pub(super) fn passes(value: &str, n: u32) -> bool {
    // Stops counting one past the bound: a megabyte of text is not walked to the end.
    value.chars().nth(n as usize).is_none()
}

/// The [`Rule::MaxLength`] message for `field` and `max`, `max` in Persian digits.
pub fn too_long_message(field: &str, max: usize) -> String {
    message(&Rule::MaxLength { n: u32::try_from(max).unwrap_or(u32::MAX) }, field)
}

/// [`Rule::MaxLength`] as a `Result<(), message>` (for callers that bound a `usize` length).
pub fn check_max_length(field: &str, value: &str, max: usize) -> Result<(), String> {
    if value.chars().nth(max).is_none() {
        Ok(())
    } else {
        Err(too_long_message(field, max))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{tests::err, Rule};
    use super::*;

    #[test]
    fn counts_chars_not_bytes() {
        assert_eq!(err(Rule::MaxLength { n: 10 }, &"ب".repeat(10)), None);
        assert_eq!(err(Rule::MaxLength { n: 10 }, &"ب".repeat(11)), Some("فیلد باید حداکثر ۱۰ کاراکتر باشد".into()));
        assert!(check_max_length("x", &"ب".repeat(11), 10).is_err());
    }

    #[test]
    fn empty_passes_and_zero_allows_only_empty() {
        assert_eq!(err(Rule::MaxLength { n: 0 }, ""), None);
        assert!(err(Rule::MaxLength { n: 0 }, "a").is_some());
    }
}
