//! Recording a refund of a payment staff must give back.
//!
//! **What.** [`check_refund`] decides whether staff may record `amount` Toman against a
//! payment of `paid` Toman of which `refunded` were already given back: more than zero, and
//! never above what is left (`paid - refunded`). Partial refunds are allowed; a payment is
//! fully refunded when nothing is left. [`BankReference::parse`] reads the bank's reference
//! of the transfer: digits (any digit set, turned into ASCII), Latin letters, `-`, `_`, `/`
//! and `.`, 1 to 64 of them; anything else (markup, quotes, spaces inside) is refused.
//!
//! **Why.** A refund above what was paid gives the shop's money away, and two staff recording
//! the same refund at once must not both pass: the server runs this check inside the write
//! transaction that holds the payment's row, after reading the refunds already recorded.
//!
//! ```
//! use shop_core::refund::{check_refund, BankReference, RefundRefusal};
//! assert_eq!(check_refund(400, 1_000, 500), Ok(100));
//! assert_eq!(check_refund(600, 1_000, 500), Err(RefundRefusal::AboveRemaining(500)));
//! assert_eq!(check_refund(0, 1_000, 0).unwrap_err().to_string(), "مبلغ بازپرداخت باید بیشتر از صفر باشد");
//! assert_eq!(
//!     check_refund(1_001, 1_000, 0).unwrap_err().to_string(),
//!     "مبلغ بازپرداخت از باقی‌ماندهٔ این پرداخت (۱٬۰۰۰ تومان) بیشتر است"
//! );
//! assert_eq!(BankReference::parse(" ۱۲۳۴-AB ").unwrap().as_str(), "1234-AB");
//! assert!(BankReference::parse("<b>1</b>").is_err());
//! ```

use crate::digits::{format_price, western_digit};
use crate::text::is_invisible_or_space;

/// Why a refund cannot be recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefundRefusal {
    /// Zero (or less).
    NotPositive,
    /// More than what is left to give back (the Toman left).
    AboveRemaining(i64),
    /// The payment was given back in full already.
    NothingLeft,
}

impl std::fmt::Display for RefundRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotPositive => f.write_str("مبلغ بازپرداخت باید بیشتر از صفر باشد"),
            Self::AboveRemaining(left) => {
                write!(f, "مبلغ بازپرداخت از باقی‌ماندهٔ این پرداخت ({}) بیشتر است", format_price(*left))
            }
            Self::NothingLeft => f.write_str("این پرداخت پیش‌تر به‌طور کامل بازپرداخت شده است"),
        }
    }
}

impl std::error::Error for RefundRefusal {}

/// What is left to give back of a payment of `paid` with `refunded` given back (never below 0).
pub fn remaining(paid: i64, refunded: i64) -> i64 {
    paid.saturating_sub(refunded).max(0)
}

/// Whether `amount` may be recorded as a refund of a payment of `paid` Toman with `refunded`
/// already given back; the Toman left after it when it may.
pub fn check_refund(amount: i64, paid: i64, refunded: i64) -> Result<i64, RefundRefusal> {
    let left = remaining(paid, refunded);
    if left == 0 {
        return Err(RefundRefusal::NothingLeft);
    }
    if amount <= 0 {
        return Err(RefundRefusal::NotPositive);
    }
    if amount > left {
        return Err(RefundRefusal::AboveRemaining(left));
    }
    Ok(left - amount)
}

/// The message for a reference that is empty, too long or has other characters.
pub const REFERENCE_MESSAGE: &str =
    "شمارهٔ پیگیری بانک باید ۱ تا ۶۴ نویسه از رقم، حرف لاتین و نشانه‌های - _ / . باشد";
/// Longest reference accepted.
pub const REFERENCE_MAX: usize = 64;

/// A bank's reference of a transfer, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankReference(String);

impl BankReference {
    /// Reads a typed or pasted reference: white space and direction marks around it are
    /// dropped, Persian and Arabic digits become ASCII.
    pub fn parse(input: &str) -> Result<Self, &'static str> {
        let trimmed = input.trim_matches(is_invisible_or_space);
        let s: String = trimmed.chars().map(western_digit).collect();
        let ok = !s.is_empty()
            && s.chars().count() <= REFERENCE_MAX
            && s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/' | '.'));
        if ok {
            Ok(Self(s))
        } else {
            Err(REFERENCE_MESSAGE)
        }
    }

    /// The reference.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whole_remainder_may_be_refunded_and_then_nothing() {
        assert_eq!(check_refund(500, 1_000, 500), Ok(0));
        assert_eq!(check_refund(1, 1_000, 1_000), Err(RefundRefusal::NothingLeft));
    }

    #[test]
    fn zero_and_negative_amounts_are_refused() {
        assert_eq!(check_refund(0, 1_000, 0), Err(RefundRefusal::NotPositive));
        assert_eq!(check_refund(-5, 1_000, 0), Err(RefundRefusal::NotPositive));
    }

    #[test]
    fn an_amount_above_what_is_left_is_refused_naming_the_remainder() {
        assert_eq!(check_refund(1_001, 1_000, 0), Err(RefundRefusal::AboveRemaining(1_000)));
        assert_eq!(check_refund(i64::MAX, 1_000, 999), Err(RefundRefusal::AboveRemaining(1)));
    }

    #[test]
    fn references_with_markup_or_inner_spaces_are_refused() {
        for bad in ["", "   ", "<script>", "12 34", "a\"b", &"1".repeat(65), "۱۲<"] {
            assert_eq!(BankReference::parse(bad), Err(REFERENCE_MESSAGE), "{bad:?}");
        }
        assert_eq!(BankReference::parse("\u{200f}۰۱۲۳/45.x_Y\u{200e}").unwrap().as_str(), "0123/45.x_Y");
    }
}
