//! An economic code (کد اقتصادی / شماره اقتصادی) in the Tax Administration's current form.
//!
//! **What.** [`EconomicCode::parse`] accepts (any digit set):
//! - eleven digits: a legal person's, which is its national ID (شناسه ملی) and must pass that
//!   check digit ([`super::company_id`]);
//! - fourteen digits: a natural person's, their ten-digit national ID (check digit and all)
//!   followed by a four-digit serial from `0001`.
//!
//! The old twelve-digit codes (the ones starting `411…`) are refused with
//! [`OLD_FORMAT_MESSAGE`]; any other length with [`LENGTH_MESSAGE`]; a code whose national ID
//! part does not check with "not valid".
//! **Why.** The Tax Administration's notice No. 36 (سامانه مؤدیان, 1403; summarised at
//! accpress.com, "استفاده از شماره اقتصادی جدید برای صورتحساب الکترونیکی") made these the only
//! economic numbers an electronic invoice may carry: "شماره اقتصادی اشخاص حقوقی همان شناسه ملی
//! آنهاست" and, for natural persons, "ده رقم اول کد ملی و چهار رقم آخر از ۰۰۰۱". The
//! twelve-digit code of earlier years is retired, so an invoice printed with one is refused by
//! the buyer's accountant.
//! **Example.**
//! ```
//! use shop_core::tax_id::economic_code::{EconomicCode, OLD_FORMAT_MESSAGE};
//! assert_eq!(EconomicCode::parse("10380284790").unwrap().as_str(), "10380284790");
//! assert_eq!(EconomicCode::parse("00135424190001").unwrap().as_str(), "00135424190001");
//! assert_eq!(EconomicCode::parse("411111111111").unwrap_err().message(), OLD_FORMAT_MESSAGE);
//! ```

use super::{digits, invalid_error, text};
use crate::validation::{FieldError, RuleKind};

/// The answer to a twelve-digit (retired) economic code.
pub const OLD_FORMAT_MESSAGE: &str =
    "کد اقتصادی ۱۲ رقمی قدیمی دیگر پذیرفته نمی‌شود؛ شماره اقتصادی جدید (برای شرکت‌ها همان شناسه ملی ۱۱ رقمی) را وارد کنید";
/// The answer to any other length.
pub const LENGTH_MESSAGE: &str = "کد اقتصادی باید ۱۱ رقم (شرکت‌ها) یا ۱۴ رقم (اشخاص حقیقی) باشد";

/// An accepted economic code (eleven or fourteen ASCII digits).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EconomicCode(String);

impl EconomicCode {
    /// The request field.
    pub const FIELD: &'static str = "economic_code";
    /// Its label in messages.
    pub const LABEL: &'static str = "کد اقتصادی";
    /// The longest code, in digits.
    pub const MAX_DIGITS: u32 = 14;

    /// Applies the rule to what the customer typed.
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let fail = |message: &str| FieldError { field: Self::FIELD, rule: RuleKind::Digits, message: message.to_owned() };
        let d = digits(input).filter(|d| !d.is_empty()).ok_or_else(|| fail(LENGTH_MESSAGE))?;
        let ok = match d.len() {
            11 => super::company_id::check_digit_matches(&d),
            14 => super::national_id::check_digit_matches(&d[..10]) && !d[..10].iter().all(|x| *x == d[0]) && d[10..].iter().any(|x| *x != 0),
            12 => return Err(fail(OLD_FORMAT_MESSAGE)),
            _ => return Err(fail(LENGTH_MESSAGE)),
        };
        if !ok {
            return Err(invalid_error(Self::FIELD, Self::LABEL));
        }
        Ok(Self(text(&d)))
    }

    /// Whether this is a legal person's code (eleven digits).
    pub fn is_company(&self) -> bool {
        self.0.len() == 11
    }

    /// The ASCII digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn company_and_person_forms_pass() {
        assert!(EconomicCode::parse("۱۰۳۸۰۲۸۴۷۹۰").unwrap().is_company());
        assert!(!EconomicCode::parse("0013542419 0001").unwrap().is_company());
    }

    #[test]
    fn bad_check_digits_serial_zero_and_old_or_odd_lengths_are_refused() {
        let invalid = "کد اقتصادی وارد شده معتبر نیست!";
        assert_eq!(EconomicCode::parse("10380284791").unwrap_err().message(), invalid);
        assert_eq!(EconomicCode::parse("00135424180001").unwrap_err().message(), invalid);
        assert_eq!(EconomicCode::parse("00135424190000").unwrap_err().message(), invalid);
        assert_eq!(EconomicCode::parse("411234567890").unwrap_err().message(), OLD_FORMAT_MESSAGE);
        for bad in ["", "1234", "1038028479012345", "ABC"] {
            assert_eq!(EconomicCode::parse(bad).unwrap_err().message(), LENGTH_MESSAGE, "{bad}");
        }
    }
}
