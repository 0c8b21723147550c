//! An Iranian legal person's national ID (شناسه ملی): eleven digits, the last a check digit.
//!
//! **What.** [`CompanyId::parse`] accepts exactly eleven digits (any digit set) whose check
//! digit matches the Civil Registration's algorithm: `k = d₉ + 2` (the tenth digit plus two);
//! `s = Σ (dᵢ + k) × w[i mod 5]` over the first ten digits with `w = [29, 27, 23, 19, 17]`;
//! `r = s mod 11`, and `10` counts as `0`; the eleventh digit must equal `r`. Digits four to
//! nine all zero never name a registered company and are refused.
//! **Why.** A company's official invoice carries its شناسه ملی, and since the Tax
//! Administration's notice 36 its economic code is the same number ([`super::economic_code`]).
//! **Example.**
//! ```
//! use shop_core::tax_id::company_id::CompanyId;
//! assert_eq!(CompanyId::parse("۱۰۳۸۰۲۸۴۷۹۰").unwrap().as_str(), "10380284790");
//! assert_eq!(CompanyId::parse("10380284791").unwrap_err().message(), "شناسه ملی وارد شده معتبر نیست!");
//! assert_eq!(CompanyId::parse("1038028479").unwrap_err().message(), "شناسه ملی باید ۱۱ رقم باشد");
//! ```

use super::{digits, invalid_error, length_error, text};
use crate::validation::FieldError;

/// A legal person's national ID whose check digit matches (eleven ASCII digits).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CompanyId(String);

const WEIGHTS: [u32; 5] = [29, 27, 23, 19, 17];

/// Whether eleven digits carry a matching check digit (and are not a made-up zero block).
pub(super) fn check_digit_matches(d: &[u32]) -> bool {
    if d.len() != 11 || d[3..9].iter().all(|x| *x == 0) {
        return false;
    }
    let k = d[9] + 2;
    let s: u32 = d[..10].iter().enumerate().map(|(i, x)| (x + k) * WEIGHTS[i % 5]).sum();
    let r = s % 11;
    d[10] == if r == 10 { 0 } else { r }
}

impl CompanyId {
    /// The request field.
    pub const FIELD: &'static str = "company_id";
    /// Its label in messages.
    pub const LABEL: &'static str = "شناسه ملی";
    /// Digits in a company's national ID.
    pub const DIGITS: u32 = 11;

    /// Applies the rule to what the customer typed.
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let d = digits(input).filter(|d| d.len() == Self::DIGITS as usize).ok_or_else(|| length_error(Self::FIELD, Self::LABEL, Self::DIGITS))?;
        if !check_digit_matches(&d) {
            return Err(invalid_error(Self::FIELD, Self::LABEL));
        }
        Ok(Self(text(&d)))
    }

    /// The eleven ASCII digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_ids_pass_in_any_digit_set() {
        for ok in ["10380284790", "14007650912", "۱۰۳۲۰۲۲۳۳۷۰"] {
            assert!(CompanyId::parse(ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn exactly_one_check_digit_passes() {
        let passing: Vec<u32> = (0..10).filter(|c| CompanyId::parse(&format!("1038028479{c}")).is_ok()).collect();
        assert_eq!(passing, [0]);
    }

    #[test]
    fn zero_blocks_and_wrong_lengths_are_refused() {
        assert!(CompanyId::parse("00000000000").is_err());
        assert!(CompanyId::parse("10300000000").is_err());
        assert_eq!(CompanyId::parse("0013542419").unwrap_err().message(), "شناسه ملی باید ۱۱ رقم باشد");
    }
}
