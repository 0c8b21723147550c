//! A unit's serial number: what staff type (or scan) for each laptop that leaves the shop.
//!
//! **What.** [`SerialNumber::parse`] trims white space and direction marks from both ends,
//! turns Persian and Arabic-Indic digits into ASCII and uppercases ASCII letters, then accepts
//! [`MIN_CHARS`]..=[`MAX_CHARS`] characters, each an ASCII letter, an ASCII digit, `-` or `/`.
//! Markup (`<`, `>`, `&`, quotes) gets [`MARKUP_MESSAGE`]; any other character (spaces inside,
//! Persian letters) [`CHARS_MESSAGE`]; nothing [`EMPTY_MESSAGE`]; a wrong length
//! [`LENGTH_MESSAGE`].
//! **Why.** The serial is printed on the customer's order page and on warranty claims, and
//! read back by the repair shop: markup or a pasted sentence must never get there.
//! Manufacturers' serials (HP's `5CD1234XYZ`, Lenovo's `PF-2ABC3D`, Dell's service tags, some
//! with a `/`) are letters, digits, dashes and slashes; uppercase so a serial typed in lower
//! case finds the same unit.
//! **Example.**
//! ```
//! use shop_core::warranty::serial::{SerialNumber, MARKUP_MESSAGE, LENGTH_MESSAGE};
//! assert_eq!(SerialNumber::parse("pf-۲abc3d").unwrap().as_str(), "PF-2ABC3D");
//! assert_eq!(SerialNumber::parse("<b>5CD12</b>").unwrap_err().to_string(), MARKUP_MESSAGE);
//! assert_eq!(SerialNumber::parse("AB1").unwrap_err().to_string(), LENGTH_MESSAGE);
//! ```

use crate::digits::to_western_digits;
use crate::text::is_invisible_or_space;

/// The shortest serial, in characters.
pub const MIN_CHARS: usize = 4;
/// The longest serial, in characters.
pub const MAX_CHARS: usize = 40;
/// The answer to an empty serial.
pub const EMPTY_MESSAGE: &str = "شماره سریال را وارد کنید";
/// The answer to a serial shorter than [`MIN_CHARS`] or longer than [`MAX_CHARS`].
pub const LENGTH_MESSAGE: &str = "شماره سریال باید بین ۴ تا ۴۰ نویسه باشد";
/// The answer to a serial with anything but letters, digits, `-` and `/`.
pub const CHARS_MESSAGE: &str = "شماره سریال فقط می‌تواند حرف انگلیسی، رقم، خط تیره و / داشته باشد";
/// The answer to a serial with markup in it.
pub const MARKUP_MESSAGE: &str = "شماره سریال نباید نشانه‌گذاری HTML (مانند < و >) داشته باشد";

/// Why a serial was refused; its `Display` is the Persian message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SerialError {
    /// Nothing but white space.
    Empty,
    /// Shorter than [`MIN_CHARS`] or longer than [`MAX_CHARS`].
    Length,
    /// A character other than an ASCII letter, digit, `-` or `/`.
    Chars,
    /// `<`, `>`, `&` or a quote.
    Markup,
}

impl std::fmt::Display for SerialError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Empty => EMPTY_MESSAGE,
            Self::Length => LENGTH_MESSAGE,
            Self::Chars => CHARS_MESSAGE,
            Self::Markup => MARKUP_MESSAGE,
        })
    }
}

impl std::error::Error for SerialError {}

/// An accepted serial (ASCII letters uppercased, digits, `-`, `/`; 4..=40 of them).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SerialNumber(String);

impl SerialNumber {
    /// Applies the rule to what staff typed.
    pub fn parse(input: &str) -> Result<Self, SerialError> {
        let s = to_western_digits(input.trim_matches(is_invisible_or_space)).to_ascii_uppercase();
        if s.is_empty() {
            return Err(SerialError::Empty);
        }
        if s.chars().any(|c| matches!(c, '<' | '>' | '&' | '"' | '\'' | '`')) {
            return Err(SerialError::Markup);
        }
        if !s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '/') {
            return Err(SerialError::Chars);
        }
        if !(MIN_CHARS..=MAX_CHARS).contains(&s.len()) {
            return Err(SerialError::Length);
        }
        Ok(Self(s))
    }

    /// The accepted serial.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The accepted serial, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_digits_dashes_and_slashes_are_accepted_uppercased() {
        for (input, want) in [("5cd1234xyz", "5CD1234XYZ"), ("PF-2ABC3D", "PF-2ABC3D"), ("SN/2026/77", "SN/2026/77"), ("\u{200f}۱۲۳۴", "1234")] {
            assert_eq!(SerialNumber::parse(input).unwrap().as_str(), want);
        }
        assert!(SerialNumber::parse(&"A".repeat(40)).is_ok());
    }

    #[test]
    fn markup_is_refused_with_its_own_message() {
        for bad in ["<script>x</script>", "AB12>", "A&B12", "\"AB12\"", "AB'12"] {
            assert_eq!(SerialNumber::parse(bad), Err(SerialError::Markup), "{bad}");
        }
    }

    #[test]
    fn other_characters_lengths_and_empty_are_refused() {
        for bad in ["AB 12", "سریال۱۲۳۴", "AB_12", "１２３４"] {
            assert_eq!(SerialNumber::parse(bad), Err(SerialError::Chars), "{bad}");
        }
        assert_eq!(SerialNumber::parse("AB1"), Err(SerialError::Length));
        assert_eq!(SerialNumber::parse(&"A".repeat(41)), Err(SerialError::Length));
        assert_eq!(SerialNumber::parse(" \u{200c} "), Err(SerialError::Empty));
    }
}
