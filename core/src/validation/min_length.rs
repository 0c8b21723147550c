//! `MinLength { n }`: at least `n` chars.
//!
//! **What:** counts chars (Unicode scalar values) of the raw value, without trimming.
//! **Why:** Persian letters take two bytes each; a byte count would accept half-length names.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule};
//! assert_eq!(validate(&Rule::MinLength { n: 3 }, "نام", "عل").unwrap_err().message(), "نام باید حداقل ۳ کاراکتر باشد");
//! assert!(validate(&Rule::MinLength { n: 3 }, "نام", "علی").is_ok());
//! ```

pub(super) const MESSAGE: &str = "{field} باید حداقل N کاراکتر باشد";

pub(super) fn passes(value: &str, n: u32) -> bool {
    value.chars().count() >= n as usize
}

#[cfg(test)]
mod tests {
    use super::super::{tests::err, Rule};

    #[test]
    fn min_length_substitutes_n() {
        assert_eq!(err(Rule::MinLength { n: 8 }, "abc"), Some("فیلد باید حداقل ۸ کاراکتر باشد".into()));
        assert_eq!(err(Rule::MinLength { n: 3 }, "سلا"), None);
    }

    #[test]
    fn blank_value_is_not_empty() {
        assert!(err(Rule::MinLength { n: 8 }, "  ").is_some());
    }
}
