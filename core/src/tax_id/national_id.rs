//! An Iranian national ID (کد ملی): ten digits, the last one a check digit.
//!
//! **What.** [`NationalId::parse`] accepts exactly ten digits (any digit set) whose check digit
//! matches: with `s = Σ dᵢ × (10 − i)` over the first nine digits and `r = s mod 11`, the
//! tenth digit is `r` when `r < 2`, else `11 − r`. Ten equal digits (`1111111111`) pass that
//! sum but were never issued and are refused.
//! **Why.** The ID goes on an official invoice: a typo must be caught while the customer is
//! still typing. Persian digits are what a Persian keyboard types, so they are accepted and
//! stored as ASCII (docs/decisions.md "Warranty and official invoices").
//! **Example.**
//! ```
//! use shop_core::tax_id::national_id::NationalId;
//! assert_eq!(NationalId::parse(" ۰۰۱۳۵۴۲۴۱۹ ").unwrap().as_str(), "0013542419");
//! assert_eq!(NationalId::parse("0013542418").unwrap_err().message(), "کد ملی وارد شده معتبر نیست!");
//! assert_eq!(NationalId::parse("1111111111").unwrap_err().message(), "کد ملی وارد شده معتبر نیست!");
//! assert_eq!(NationalId::parse("12345").unwrap_err().message(), "کد ملی باید ۱۰ رقم باشد");
//! ```

use super::{digits, invalid_error, length_error, text};
use crate::validation::FieldError;

/// A national ID whose check digit matches (ten ASCII digits).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NationalId(String);

/// Whether ten digits carry a matching check digit.
pub(super) fn check_digit_matches(d: &[u32]) -> bool {
    if d.len() != 10 {
        return false;
    }
    let s: u32 = d[..9].iter().zip((2..=10).rev()).map(|(x, w)| x * w).sum();
    let r = s % 11;
    d[9] == if r < 2 { r } else { 11 - r }
}

impl NationalId {
    /// The request field.
    pub const FIELD: &'static str = "national_id";
    /// Its label in messages.
    pub const LABEL: &'static str = "کد ملی";
    /// Digits in a national ID.
    pub const DIGITS: u32 = 10;

    /// Applies the rule to what the customer typed.
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let d = digits(input).filter(|d| d.len() == Self::DIGITS as usize).ok_or_else(|| length_error(Self::FIELD, Self::LABEL, Self::DIGITS))?;
        if d.iter().all(|x| *x == d[0]) || !check_digit_matches(&d) {
            return Err(invalid_error(Self::FIELD, Self::LABEL));
        }
        Ok(Self(text(&d)))
    }

    /// The ten ASCII digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_ids_pass_in_any_digit_set() {
        for ok in ["0013542419", "0499370899", "۰۴۹۹۳۷۰۸۹۹", "٠٠١٣٥٤٢٤١٩", "001-354241-9", "4608968882"] {
            assert!(NationalId::parse(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn a_wrong_check_digit_is_refused_for_every_wrong_digit() {
        for last in 0..10 {
            let id = format!("001354241{last}");
            assert_eq!(NationalId::parse(&id).is_ok(), last == 9, "{id}");
        }
    }

    #[test]
    fn equal_digits_wrong_lengths_and_letters_are_refused() {
        for d in 0..10 {
            let id = d.to_string().repeat(10);
            assert!(NationalId::parse(&id).is_err(), "{id}");
        }
        for bad in ["", "001354241", "00135424190", "00135424a9", "<b>0013542419</b>"] {
            assert_eq!(NationalId::parse(bad).unwrap_err().message(), "کد ملی باید ۱۰ رقم باشد", "{bad}");
        }
    }
}
