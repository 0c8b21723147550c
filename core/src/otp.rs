//! The one-time code: its shape and how a pasted string fills the five boxes.
//!
//! ```
//! use shop_core::otp::{normalize_code, spread_paste};
//! assert_eq!(normalize_code("۵۴۳۲۱").as_deref(), Ok("54321"));
//! assert_eq!(spread_paste("543"), ["5", "4", "3", "", ""]);
//! ```

use crate::digits::western_digit;
use crate::text::is_invisible_or_space;
use thiserror::Error;

/// Digits in a one-time code.
///
/// ```
/// assert_eq!(shop_core::otp::CODE_LENGTH, 5);
/// ```
pub const CODE_LENGTH: usize = 5;

/// Seconds before the dialog offers to resend a code.
///
/// ```
/// assert_eq!(shop_core::otp::RESEND_SECONDS, 59);
/// ```
pub const RESEND_SECONDS: u32 = 59;

/// The message for a malformed code: the spec's digits rule with field `کد` and N = 5.
///
/// ```
/// assert_eq!(shop_core::otp::CODE_MESSAGE, "کد باید ۵ رقم باشد");
/// ```
pub const CODE_MESSAGE: &str = "کد باید ۵ رقم باشد";

/// Why a code was rejected; `Display` is [`CODE_MESSAGE`].
///
/// ```
/// use shop_core::otp::{normalize_code, CodeError};
/// assert_eq!(normalize_code("12a45"), Err(CodeError::Invalid));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum CodeError {
    /// Not exactly five digits.
    #[error("کد باید ۵ رقم باشد")]
    Invalid,
}

/// The string's digits in ASCII with white space, direction marks and zero-width chars dropped
/// (anywhere); `None` when any other char is present.
fn code_digits(input: &str) -> Option<String> {
    input
        .chars()
        .filter(|&c| !is_invisible_or_space(c))
        .map(|c| Some(western_digit(c)).filter(char::is_ascii_digit))
        .collect()
}

/// The code as exactly five ASCII digits. Persian/Arabic-Indic digits are converted;
/// white space and direction marks anywhere are ignored; anything else is an error.
///
/// ```
/// use shop_core::otp::normalize_code;
/// assert_eq!(normalize_code(" ۱۲۳۴۵\u{200E}").as_deref(), Ok("12345"));
/// assert!(normalize_code("1234").is_err());
/// assert!(normalize_code("123456").is_err());
/// ```
pub fn normalize_code(input: &str) -> Result<String, CodeError> {
    code_digits(input)
        .filter(|d| d.len() == CODE_LENGTH)
        .ok_or(CodeError::Invalid)
}

/// Spreads a pasted string over the five code boxes, from box 0.
///
/// White space, direction marks and zero-width chars are ignored; digits (any of the three
/// sets) become ASCII and fill the boxes in order; more than five digits: the first five;
/// fewer: the rest stay empty. Any other char (letters, full-width digits, emoji) clears all
/// five boxes, as the confirm dialog clears a non-numeric paste.
///
/// ```
/// use shop_core::otp::spread_paste;
/// assert_eq!(spread_paste("۱۲۳۴۵"), ["1", "2", "3", "4", "5"]);
/// assert_eq!(spread_paste("12"), ["1", "2", "", "", ""]);
/// assert_eq!(spread_paste("12a45"), ["", "", "", "", ""]);
/// ```
pub fn spread_paste(input: &str) -> [String; CODE_LENGTH] {
    let digits: Vec<char> = code_digits(input).unwrap_or_default().chars().collect();
    std::array::from_fn(|i| digits.get(i).map(char::to_string).unwrap_or_default())
}

/// The text of the SMS that carries a code (the console provider's text; Kavenegar sends its
/// own template). Says how long the code lasts, so the customer knows when to ask again.
///
/// ```
/// assert_eq!(shop_core::otp::code_sms_text("54321"), "کد تایید شما: 54321\nاین کد تا ۲ دقیقه معتبر است.");
/// ```
pub fn code_sms_text(code: &str) -> String {
    format!("کد تایید شما: {code}\nاین کد تا ۲ دقیقه معتبر است.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn five_ascii_digits_are_a_code() {
        assert_eq!(normalize_code("01234").as_deref(), Ok("01234"));
    }

    #[test]
    fn mixed_digit_sets_are_normalised() {
        assert_eq!(normalize_code("۱٢3۴٥").as_deref(), Ok("12345"));
    }

    #[test]
    fn inner_spaces_are_ignored() {
        assert_eq!(normalize_code("12 345").as_deref(), Ok("12345"));
    }

    #[test]
    fn letters_and_full_width_digits_are_rejected() {
        assert_eq!(normalize_code("abcde"), Err(CodeError::Invalid));
        assert_eq!(normalize_code("１２３４５"), Err(CodeError::Invalid));
        assert_eq!(normalize_code(""), Err(CodeError::Invalid));
    }

    #[test]
    fn error_displays_code_message() {
        assert_eq!(CodeError::Invalid.to_string(), CODE_MESSAGE);
    }

    #[test]
    fn paste_longer_than_five_keeps_the_first_five() {
        assert_eq!(spread_paste("1234567"), ["1", "2", "3", "4", "5"]);
    }

    #[test]
    fn empty_paste_gives_empty_boxes() {
        assert_eq!(spread_paste(""), ["", "", "", "", ""]);
    }

    #[test]
    fn non_numeric_paste_clears_the_boxes() {
        assert_eq!(spread_paste("😀"), ["", "", "", "", ""]);
        assert_eq!(spread_paste("12-34"), ["", "", "", "", ""]);
    }

    #[test]
    fn paste_with_marks_around_is_accepted() {
        assert_eq!(spread_paste("\u{200F} 98765 \n"), ["9", "8", "7", "6", "5"]);
    }

    proptest! {
        #[test]
        fn spread_paste_never_panics_and_yields_five_boxes(s in "\\PC{0,40}") {
            let boxes = spread_paste(&s);
            prop_assert_eq!(boxes.len(), CODE_LENGTH);
            prop_assert!(boxes.iter().all(|b| b.is_empty() || (b.len() == 1 && b.as_bytes()[0].is_ascii_digit())));
        }

        #[test]
        fn spread_of_a_valid_code_rebuilds_it(code in "[0-9]{5}") {
            prop_assert_eq!(spread_paste(&code).concat(), normalize_code(&code).unwrap());
        }

        #[test]
        fn normalize_code_is_idempotent(s in "[0-9۰-۹٠-٩ a]{0,8}") {
            if let Ok(c) = normalize_code(&s) {
                prop_assert_eq!(normalize_code(&c), Ok(c.clone()));
            }
        }
    }
}
