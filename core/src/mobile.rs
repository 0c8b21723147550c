//! The spec's mobile rule: Iranian mobile numbers in their three accepted spellings.
//!
//! Accepted, after dropping white space, direction marks, ZWNJ/ZWJ and dashes anywhere and
//! turning Persian/Arabic-Indic digits into ASCII:
//! `09xxxxxxxxx`, `+989xxxxxxxxx` and `00989xxxxxxxxx`. Everything else is rejected:
//! `989…` without `+`, ten bare digits `9xxxxxxxxx`, `+98` followed by `0`, full-width
//! digits, letters, and any other length.
//!
//! ```
//! assert_eq!(shop_core::mobile::normalize_mobile("۰۰۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹").as_deref(), Ok("09123456789"));
//! ```

use crate::digits::western_digit;
use crate::text::is_invisible_or_space;
use thiserror::Error;

/// The spec's message for the mobile rule.
///
/// ```
/// assert_eq!(shop_core::mobile::MOBILE_MESSAGE, "شماره موبایل وارد شده معتبر نیست!");
/// ```
pub const MOBILE_MESSAGE: &str = "شماره موبایل وارد شده معتبر نیست!";

/// Why a mobile number was rejected; `Display` is the spec's Persian message.
///
/// ```
/// use shop_core::mobile::{normalize_mobile, MobileError};
/// assert_eq!(normalize_mobile("0912"), Err(MobileError::Invalid));
/// assert_eq!(MobileError::Invalid.to_string(), shop_core::mobile::MOBILE_MESSAGE);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum MobileError {
    /// Not one of the accepted spellings.
    #[error("شماره موبایل وارد شده معتبر نیست!")]
    Invalid,
}

/// Dashes people type between digit groups (hyphen-minus, Unicode hyphens and dashes, minus sign).
fn is_dash(c: char) -> bool {
    matches!(
        c,
        '-' | '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE63}' | '\u{FF0D}'
    )
}

/// The number with separators dropped and digits made Western; `None` on anything else.
fn compact(input: &str) -> Option<String> {
    input
        .chars()
        .filter(|&c| !(is_invisible_or_space(c) || is_dash(c)))
        .map(western_digit)
        .map(|c| (c.is_ascii_digit() || c == '+').then_some(c))
        .collect()
}

/// The canonical `09xxxxxxxxx` form of an accepted mobile number.
///
/// ```
/// use shop_core::mobile::normalize_mobile;
/// assert_eq!(normalize_mobile("09123456789").as_deref(), Ok("09123456789"));
/// assert_eq!(normalize_mobile("\u{200E}+98 912-345-6789").as_deref(), Ok("09123456789"));
/// assert_eq!(normalize_mobile("۰۰۹۸۹۱۲۳۴۵۶۷۸۹").as_deref(), Ok("09123456789"));
/// assert!(normalize_mobile("+9809123456789").is_err()); // +98 followed by 0
/// assert!(normalize_mobile("9123456789").is_err());     // ten bare digits
/// ```
pub fn normalize_mobile(input: &str) -> Result<String, MobileError> {
    let s = compact(input).ok_or(MobileError::Invalid)?;
    let subscriber = s
        .strip_prefix("+98")
        .or_else(|| s.strip_prefix("0098"))
        .or_else(|| s.strip_prefix('0'))
        .ok_or(MobileError::Invalid)?;
    let well_formed = subscriber.len() == 10
        && subscriber.starts_with('9')
        && subscriber.bytes().all(|b| b.is_ascii_digit());
    if well_formed {
        Ok(format!("0{subscriber}"))
    } else {
        Err(MobileError::Invalid)
    }
}

/// Whether `input` passes the mobile rule.
///
/// ```
/// assert!(shop_core::mobile::is_valid_mobile("۰۹۱۲۳۴۵۶۷۸۹"));
/// assert!(!shop_core::mobile::is_valid_mobile("0912345678"));
/// ```
pub fn is_valid_mobile(input: &str) -> bool {
    normalize_mobile(input).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const CANON: &str = "09123456789";

    #[test]
    fn plain_form_is_kept() {
        assert_eq!(normalize_mobile(CANON).as_deref(), Ok(CANON));
    }

    #[test]
    fn plus_98_prefix_is_accepted() {
        assert_eq!(normalize_mobile("+989123456789").as_deref(), Ok(CANON));
    }

    #[test]
    fn double_zero_98_prefix_is_accepted() {
        assert_eq!(normalize_mobile("00989123456789").as_deref(), Ok(CANON));
    }

    #[test]
    fn persian_and_arabic_digits_are_accepted() {
        assert_eq!(normalize_mobile("۰۹۱۲۳۴۵۶۷۸۹").as_deref(), Ok(CANON));
        assert_eq!(normalize_mobile("٠٩١٢٣٤٥٦٧٨٩").as_deref(), Ok(CANON));
        assert_eq!(normalize_mobile("+۹۸ 912 ٣٤٥ 6789").as_deref(), Ok(CANON));
    }

    #[test]
    fn marks_and_separators_inside_are_ignored() {
        assert_eq!(
            normalize_mobile(" \u{200F}0912\u{200C}345\u{200D}67-89\u{2069} ").as_deref(),
            Ok(CANON)
        );
    }

    #[test]
    fn plus_98_then_zero_is_rejected() {
        assert_eq!(
            normalize_mobile("+9809123456789"),
            Err(MobileError::Invalid)
        );
    }

    #[test]
    fn bare_98_prefix_is_rejected() {
        assert_eq!(normalize_mobile("989123456789"), Err(MobileError::Invalid));
    }

    #[test]
    fn ten_bare_digits_are_rejected() {
        assert_eq!(normalize_mobile("9123456789"), Err(MobileError::Invalid));
    }

    #[test]
    fn twelve_digits_are_rejected() {
        assert_eq!(normalize_mobile("091234567890"), Err(MobileError::Invalid));
    }

    #[test]
    fn full_width_digits_are_rejected() {
        assert_eq!(
            normalize_mobile("０９１２３４５６７８９"),
            Err(MobileError::Invalid)
        );
    }

    #[test]
    fn landline_is_rejected() {
        assert_eq!(normalize_mobile("02112345678"), Err(MobileError::Invalid));
    }

    #[test]
    fn plus_in_the_middle_is_rejected() {
        assert_eq!(normalize_mobile("0912+3456789"), Err(MobileError::Invalid));
    }

    #[test]
    fn empty_emoji_and_huge_inputs_are_rejected() {
        assert!(normalize_mobile("").is_err());
        assert!(normalize_mobile("😀").is_err());
        assert!(normalize_mobile(&"9".repeat(10_240)).is_err());
    }

    #[test]
    fn error_displays_the_spec_message() {
        assert_eq!(MobileError::Invalid.to_string(), MOBILE_MESSAGE);
    }

    fn digit_set() -> impl Strategy<Value = u32> {
        prop_oneof![Just('0' as u32), Just(0x06F0), Just(0x0660)]
    }

    fn spell(digits: &str, bases: &[u32]) -> String {
        digits
            .chars()
            .zip(bases.iter().cycle())
            .map(|(d, &b)| char::from_u32(b + (d as u32 - '0' as u32)).unwrap())
            .collect()
    }

    fn noise() -> impl Strategy<Value = &'static str> {
        prop_oneof![
            Just(""),
            Just(" "),
            Just("\u{200E}"),
            Just("\u{200F}"),
            Just("\u{200C}"),
            Just("-"),
            Just("\u{2067}")
        ]
    }

    proptest! {
        #[test]
        fn every_accepted_spelling_yields_the_same_canonical_form(
            sub in "9[0-9]{9}",
            prefix in prop_oneof![Just("0"), Just("+98"), Just("0098")],
            bases in proptest::collection::vec(digit_set(), 1..13),
            noises in proptest::collection::vec(noise(), 15),
        ) {
            let body = format!("{}{}", prefix.trim_start_matches('+'), sub);
            let plus = if prefix.starts_with('+') { "+" } else { "" };
            let spelled: String = spell(&body, &bases)
                .chars()
                .zip(noises.iter())
                .map(|(c, n)| format!("{n}{c}"))
                .collect();
            let input = format!("{}{plus}{spelled}{}", noises[13], noises[14]);
            prop_assert_eq!(normalize_mobile(&input), Ok(format!("0{sub}")));
        }

        #[test]
        fn normalisation_is_idempotent(s in "\\PC{0,20}") {
            if let Ok(canon) = normalize_mobile(&s) {
                prop_assert_eq!(normalize_mobile(&canon), Ok(canon.clone()));
            }
        }

        #[test]
        fn canonical_form_is_eleven_ascii_digits(s in "[+0-9۰-۹ ]{0,20}") {
            if let Ok(canon) = normalize_mobile(&s) {
                prop_assert!(canon.len() == 11 && canon.starts_with("09"));
                prop_assert!(canon.bytes().all(|b| b.is_ascii_digit()));
            }
        }
    }
}
