//! A shipment's tracking code: what staff type when an order leaves with a carrier.
//!
//! **What.** [`TrackingCode::parse`] trims white space and direction marks from both ends,
//! turns Persian and Arabic-Indic digits into ASCII, uppercases ASCII letters, then accepts
//! only [`MIN_CHARS`]..=[`MAX_CHARS`] characters, each an ASCII letter, an ASCII digit or a dash
//! (`-`). Anything else (spaces inside, `<`, quotes, Persian letters) is refused with
//! [`CHARS_MESSAGE`]; an empty code with [`EMPTY_MESSAGE`]; a code of the wrong length with
//! [`LENGTH_MESSAGE`]. The carrier is one of [`CARRIERS`] ([`carrier`]).
//!
//! **Why.** The code is shown to the customer on the invoice and sent in an SMS: markup or
//! a pasted sentence must never get there, and carriers' codes (Iran Post's 24 digits,
//! Tipax's, `RR123456789IR`) are letters, digits and dashes. One rule, so the ship form and the
//! server agree; uppercase so that a code typed in lower case finds the same parcel.
//!
//! **Example.**
//! ```
//! use shop_core::shipment::{TrackingCode, CHARS_MESSAGE, EMPTY_MESSAGE, LENGTH_MESSAGE};
//! assert_eq!(TrackingCode::parse(" rr۱۲۳۴۵۶۷۸۹ir ").unwrap().as_str(), "RR123456789IR");
//! assert_eq!(TrackingCode::parse("  ").unwrap_err().to_string(), EMPTY_MESSAGE);
//! assert_eq!(TrackingCode::parse("AB1").unwrap_err().to_string(), LENGTH_MESSAGE);
//! assert_eq!(TrackingCode::parse("<b>1234</b>").unwrap_err().to_string(), CHARS_MESSAGE);
//! assert_eq!(shop_core::shipment::carrier(" تیپاکس "), Some("تیپاکس"));
//! ```

use crate::digits::to_western_digits;
use crate::text::is_invisible_or_space;

/// The shortest code, in characters.
pub const MIN_CHARS: usize = 4;
/// The longest code, in characters.
pub const MAX_CHARS: usize = 40;
/// The answer to an empty code.
pub const EMPTY_MESSAGE: &str = "کد رهگیری مرسوله را وارد کنید";
/// The answer to a code shorter than [`MIN_CHARS`] or longer than [`MAX_CHARS`].
pub const LENGTH_MESSAGE: &str = "کد رهگیری باید بین ۴ تا ۴۰ نویسه باشد";
/// The answer to a code with anything but letters, digits and dashes.
pub const CHARS_MESSAGE: &str = "کد رهگیری فقط می‌تواند حرف انگلیسی، رقم و خط تیره داشته باشد";
/// The answer to a carrier that is not one of [`CARRIERS`].
pub const CARRIER_MESSAGE: &str = "شرکت حمل را از فهرست انتخاب کنید";

/// The carriers the shop ships with, by the name the customer reads.
pub const CARRIERS: [&str; 4] = ["پست", "تیپاکس", "چاپار", "پیک فروشگاه"];

/// Each carrier's public tracking page, `{code}` standing for the tracking code; a carrier
/// without one (the shop's own courier) is not listed. Decisions.md "Returns and
/// cancellation": the addresses are the carriers' public pages as of 1405; staff report a
/// change and it is edited here.
pub const TRACKING_URLS: [(&str, &str); 3] = [
    ("پست", "https://tracking.post.ir/?id={code}"),
    ("تیپاکس", "https://tipaxco.com/tracking?id={code}"),
    ("چاپار", "https://chaparnet.com/track/{code}"),
];

/// The address of `carrier`'s tracking page for `code`, when the carrier has one and the code
/// passes [`TrackingCode::parse`] (so nothing but letters, digits and dashes reaches the URL).
///
/// ```
/// use shop_core::shipment::tracking_url;
/// assert_eq!(tracking_url("پست", "rr123456789ir").as_deref(), Some("https://tracking.post.ir/?id=RR123456789IR"));
/// assert_eq!(tracking_url("پیک فروشگاه", "1234"), None);
/// assert_eq!(tracking_url("پست", "<b>1</b>"), None);
/// ```
pub fn tracking_url(carrier: &str, code: &str) -> Option<String> {
    let name = self::carrier(carrier)?;
    let code = TrackingCode::parse(code).ok()?;
    TRACKING_URLS.iter().find(|(c, _)| *c == name).map(|(_, t)| t.replace("{code}", code.as_str()))
}

/// The carrier named `input` (trimmed), when it is one of [`CARRIERS`].
pub fn carrier(input: &str) -> Option<&'static str> {
    let name = input.trim_matches(is_invisible_or_space);
    CARRIERS.into_iter().find(|c| *c == name)
}

/// Why a tracking code was refused; its `Display` is the Persian message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrackingCodeError {
    /// Nothing but white space.
    Empty,
    /// Shorter than [`MIN_CHARS`] or longer than [`MAX_CHARS`].
    Length,
    /// A character other than an ASCII letter, digit or dash.
    Chars,
}

impl std::fmt::Display for TrackingCodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Empty => EMPTY_MESSAGE,
            Self::Length => LENGTH_MESSAGE,
            Self::Chars => CHARS_MESSAGE,
        })
    }
}

impl std::error::Error for TrackingCodeError {}

/// An accepted tracking code (ASCII letters uppercased, digits, dashes; 4..=40 of them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackingCode(String);

impl TrackingCode {
    /// Applies the rule to what staff typed.
    pub fn parse(input: &str) -> Result<Self, TrackingCodeError> {
        let code = to_western_digits(input.trim_matches(is_invisible_or_space)).to_ascii_uppercase();
        if code.is_empty() {
            return Err(TrackingCodeError::Empty);
        }
        if !code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(TrackingCodeError::Chars);
        }
        if !(MIN_CHARS..=MAX_CHARS).contains(&code.len()) {
            return Err(TrackingCodeError::Length);
        }
        Ok(Self(code))
    }

    /// The accepted code.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The accepted code, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_digits_and_dashes_of_four_to_forty_are_accepted() {
        for ok in ["1234", "RR123456789IR", "TPX-2026-000123", &"9".repeat(40)] {
            assert_eq!(TrackingCode::parse(ok).unwrap().as_str(), ok);
        }
    }

    #[test]
    fn persian_digits_and_lower_case_are_normalised() {
        assert_eq!(TrackingCode::parse("\u{200f} tpx-۰۰۱۲ ").unwrap().as_str(), "TPX-0012");
    }

    #[test]
    fn markup_spaces_and_persian_letters_are_refused() {
        for bad in ["<script>1</script>", "12 34", "RR\"1234", "کد۱۲۳۴", "1234;", "１２３４"] {
            assert_eq!(TrackingCode::parse(bad), Err(TrackingCodeError::Chars), "{bad}");
        }
    }

    #[test]
    fn too_short_too_long_and_empty_are_refused() {
        assert_eq!(TrackingCode::parse("123"), Err(TrackingCodeError::Length));
        assert_eq!(TrackingCode::parse(&"9".repeat(41)), Err(TrackingCodeError::Length));
        assert_eq!(TrackingCode::parse(" \u{200c} "), Err(TrackingCodeError::Empty));
    }

    #[test]
    fn only_listed_carriers_are_known() {
        assert_eq!(carrier("پست"), Some("پست"));
        assert_eq!(carrier("<b>پست</b>"), None);
        assert_eq!(carrier(""), None);
    }
}
