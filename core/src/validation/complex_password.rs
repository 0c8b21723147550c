//! `ComplexPassword`: 6 to 20 chars with four kinds of character.
//!
//! **What:** see [`is_complex_password`]; chars are counted, not bytes; nothing is trimmed.
//! **Why:** the spec's password policy; six spaces are a (weak) password, not an empty one.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule};
//! assert_eq!(validate(&Rule::ComplexPassword, "گذرواژه", "abc").unwrap_err().message(), "گذرواژه وارد شده ضعیف است");
//! ```

pub(super) const MESSAGE: &str = "گذرواژه وارد شده ضعیف است";

/// Shortest and longest accepted complex password, in chars.
///
/// ```
/// assert_eq!(shop_core::validation::PASSWORD_CHARS, 6..=20);
/// ```
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 6..=20;

/// The complex password rule: 6..=20 chars with an ASCII lowercase letter, an ASCII uppercase
/// letter, a digit (ASCII, Persian or Arabic-Indic) and a symbol (any char that is neither
/// alphanumeric in any script nor white space nor a control char, e.g. `!`, `@`, `_`, `€`).
///
/// ```
/// use shop_core::validation::is_complex_password;
/// assert!(is_complex_password("Abc12!"));
/// assert!(!is_complex_password("Abc123"));     // no symbol
/// assert!(!is_complex_password("Ab1!"));       // too short
/// ```
pub fn is_complex_password(value: &str) -> bool {
    let len = value.chars().count();
    let has = |p: fn(char) -> bool| value.chars().any(p);
    PASSWORD_CHARS.contains(&len)
        && has(|c| c.is_ascii_lowercase())
        && has(|c| c.is_ascii_uppercase())
        && has(|c| crate::digits::western_digit(c).is_ascii_digit())
        && has(|c| !c.is_alphanumeric() && !c.is_whitespace() && !c.is_control())
}

#[cfg(test)]
mod tests {
    use super::super::{tests::err, Rule};
    use super::*;

    #[test]
    fn blank_password_is_not_empty() {
        assert!(err(Rule::ComplexPassword, "      ").is_some());
    }

    #[test]
    fn complex_password_needs_all_four_classes() {
        assert!(is_complex_password("aB3$xy"));
        assert!(!is_complex_password("ab3$xy"));
        assert!(!is_complex_password("AB3$XY"));
        assert!(!is_complex_password("aBc$xy"));
        assert!(!is_complex_password("aB3xyz"));
    }

    #[test]
    fn complex_password_counts_chars_not_bytes() {
        assert!(is_complex_password("aB۳$xyzxyzxyzxyzxyzx")); // 20 chars, more bytes
        assert!(!is_complex_password("aB3$xyzxyzxyzxyzxyzxy")); // 21 chars
        assert_eq!(err(Rule::ComplexPassword, "a"), Some("گذرواژه وارد شده ضعیف است".into()));
    }

    #[test]
    fn persian_letters_are_not_symbols() {
        assert!(!is_complex_password("aB3سلام"));
    }
}
