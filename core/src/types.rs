//! Domain values parsed once at the edge: a request field becomes one of these through
//! `parse` / `TryFrom<&str>`, and everything behind the edge takes only the typed value.
//!
//! Every failure is a [`FieldError`]: the request field, the rule that failed and the rule's
//! Persian message, the same answer whichever entry point the bad value came through.
//!
//! | type | field | accepts | message |
//! |---|---|---|---|
//! | [`Mobile`] | `mobile` | the mobile rule's spellings | `شماره موبایل وارد شده معتبر نیست!` |
//! | [`Email`] | `email` | the email rule | `ایمیل وارد شده معتبر نیست!` |
//! | [`OtpCode`] | `code` | exactly 5 digits | `کد باید ۵ رقم باشد` |
//! | [`PostalCode`] | `postal_code` | exactly 10 digits | `کد پستی باید ۱۰ رقم باشد` |
//! | [`Toman`] | `amount` | a whole amount ≥ 0 (separators `٬` `,` allowed) | `مبلغ باید مقدار عددی باشد` |
//! | [`DiscountPercent`] | `discount_percent` | a whole 0..=100 | `درصد تخفیف باید مقدار عددی باشد` |
//! | [`JalaliDate`] | `date` | `1403/01/01`, `۱۴۰۳-۱-۱` | `تاریخ وارد شده معتبر نیست!` |
//!
//! Persian and Arabic-Indic digits are accepted everywhere; white space and direction marks
//! around (and, for codes and numbers, inside) the value are ignored.
//!
//! ```
//! use shop_core::types::{Mobile, PostalCode};
//! assert_eq!(Mobile::parse("+۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹").unwrap().as_str(), "09123456789");
//! let err = PostalCode::parse("۱۲۳").unwrap_err();
//! assert_eq!((err.field, err.message()), ("postal_code", "کد پستی باید ۱۰ رقم باشد"));
//! ```

pub use crate::jalali::JalaliDate;
pub use crate::validation::{FieldError, RuleKind};

use crate::digits::{format_price, to_persian_digits, western_digit};
use crate::text::is_invisible_or_space;
use crate::validation::{message, Rule};
use serde::{Deserialize, Serialize};

/// The digits of `input` in ASCII, with white space, direction marks, zero-width chars and
/// the `extra` separators dropped; `None` when anything else is present or nothing is left.
fn digits_only(input: &str, extra: &[char]) -> Option<String> {
    let s: String = input
        .chars()
        .filter(|c| !is_invisible_or_space(*c) && !extra.contains(c))
        .map(|c| Some(western_digit(c)).filter(char::is_ascii_digit))
        .collect::<Option<String>>()?;
    (!s.is_empty()).then_some(s)
}

/// A `FieldError` with `rule`'s message for the Persian `label`.
fn field_error(field: &'static str, rule: &Rule, label: &str) -> FieldError {
    FieldError {
        field,
        rule: RuleKind::of(rule),
        message: message(rule, label),
    }
}

macro_rules! text_type {
    ($name:ident) => {
        impl $name {
            /// The canonical text (ASCII digits).
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl TryFrom<&str> for $name {
            type Error = FieldError;
            fn try_from(s: &str) -> Result<Self, FieldError> {
                Self::parse(s)
            }
        }

        impl TryFrom<String> for $name {
            type Error = FieldError;
            fn try_from(s: String) -> Result<Self, FieldError> {
                Self::parse(&s)
            }
        }

        impl From<$name> for String {
            fn from(v: $name) -> String {
                v.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

/// An accepted Iranian mobile number, kept as `09xxxxxxxxx` (see [`crate::mobile`]).
///
/// ```
/// use shop_core::types::Mobile;
/// assert_eq!(Mobile::try_from("00989123456789").unwrap().as_str(), "09123456789");
/// assert_eq!(Mobile::parse("9123456789").unwrap_err().to_string(), "شماره موبایل وارد شده معتبر نیست!");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Mobile(String);

impl Mobile {
    /// The request field a mobile number comes in.
    pub const FIELD: &'static str = "mobile";

    /// Parses any accepted spelling.
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        crate::mobile::normalize_mobile(input)
            .map(Self)
            .map_err(|_| field_error(Self::FIELD, &Rule::Mobile, ""))
    }
}
text_type!(Mobile);

/// An e-mail address that passes the email rule, kept trimmed.
///
/// ```
/// use shop_core::types::Email;
/// assert_eq!(Email::parse(" ali@example.com ").unwrap().as_str(), "ali@example.com");
/// let err = Email::parse("ali@example").unwrap_err();
/// assert_eq!((err.field, err.message()), ("email", "ایمیل وارد شده معتبر نیست!"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Email(String);

impl Email {
    /// The request field an e-mail address comes in.
    pub const FIELD: &'static str = "email";
    /// Its label in messages.
    pub const LABEL: &'static str = "ایمیل";

    /// Parses an address (white space around it ignored); empty is not an address.
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let v = input.trim();
        if crate::validation::is_email(v) {
            Ok(Self(v.to_string()))
        } else {
            Err(field_error(Self::FIELD, &Rule::Email, Self::LABEL))
        }
    }
}
text_type!(Email);

/// A one-time code: exactly five ASCII digits (see [`crate::otp`]).
///
/// ```
/// use shop_core::types::OtpCode;
/// assert_eq!(OtpCode::parse(" ۱۲۳۴۵ ").unwrap().as_str(), "12345");
/// assert_eq!(OtpCode::parse("1234").unwrap_err().to_string(), "کد باید ۵ رقم باشد");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct OtpCode(String);

impl OtpCode {
    /// The request field a code comes in.
    pub const FIELD: &'static str = "code";

    /// Parses a code typed or pasted in any digit set.
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        crate::otp::normalize_code(input).map(Self).map_err(|_| FieldError {
            field: Self::FIELD,
            rule: RuleKind::Digits,
            message: crate::otp::CODE_MESSAGE.to_owned(),
        })
    }
}
text_type!(OtpCode);

/// An Iranian postal code: exactly ten ASCII digits.
///
/// ```
/// use shop_core::types::PostalCode;
/// assert_eq!(PostalCode::parse("۱۲۳۴۵ ۶۷۸۹۰").unwrap().as_str(), "1234567890");
/// assert_eq!(PostalCode::parse("12345-67890").unwrap().as_str(), "1234567890");
/// assert_eq!(PostalCode::parse("123456789").unwrap_err().to_string(), "کد پستی باید ۱۰ رقم باشد");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PostalCode(String);

impl PostalCode {
    /// The request field a postal code comes in.
    pub const FIELD: &'static str = "postal_code";
    /// Its label in messages.
    pub const LABEL: &'static str = "کد پستی";
    /// Digits in a postal code.
    pub const DIGITS: u32 = 10;

    /// Parses ten digits in any digit set; spaces and a dash between the two halves are
    /// allowed (as printed on envelopes).
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        digits_only(input, &['-'])
            .filter(|d| d.len() == Self::DIGITS as usize)
            .map(Self)
            .ok_or_else(|| {
                field_error(Self::FIELD, &Rule::Digits { n: Self::DIGITS }, Self::LABEL)
            })
    }
}
text_type!(PostalCode);

/// An order's public code as a customer types it: trimmed, digits as ASCII, letters upper
/// case; 1 to [`OrderCode::MAX_CHARS`] ASCII letters and digits.
///
/// ```
/// use shop_core::types::OrderCode;
/// assert_eq!(OrderCode::parse(" ab۲۳cd۴۵ ").unwrap().as_str(), "AB23CD45");
/// assert_eq!(OrderCode::parse("AB-23").unwrap_err().to_string(), "کد سفارش وارد شده معتبر نیست!");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct OrderCode(String);

impl OrderCode {
    /// The request field an order code comes in.
    pub const FIELD: &'static str = "order_code";
    /// Its label in messages.
    pub const LABEL: &'static str = "کد سفارش";
    /// The longest code accepted.
    pub const MAX_CHARS: u32 = 20;

    /// Parses a code typed in any digit set and letter case.
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let code: String = input
            .trim_matches(is_invisible_or_space)
            .chars()
            .map(|c| western_digit(c).to_ascii_uppercase())
            .collect();
        if !code.is_empty() && code.len() <= Self::MAX_CHARS as usize && code.bytes().all(|b| b.is_ascii_alphanumeric()) {
            Ok(Self(code))
        } else {
            Err(FieldError { field: Self::FIELD, rule: RuleKind::Unknown, message: message(&Rule::Url, Self::LABEL) })
        }
    }
}
text_type!(OrderCode);

/// An amount of money in whole Toman, never negative.
///
/// ```
/// use shop_core::types::Toman;
/// let price = Toman::parse("۱۲٬۵۰۰٬۰۰۰").unwrap();
/// assert_eq!(price.get(), 12_500_000);
/// assert_eq!(price.text(), "۱۲٬۵۰۰٬۰۰۰ تومان");
/// assert_eq!(Toman::parse("-5").unwrap_err().to_string(), "مبلغ باید مقدار عددی باشد");
/// assert!(Toman::try_from(-1_i64).is_err());
/// ```
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(try_from = "i64", into = "i64")]
pub struct Toman(i64);

impl Toman {
    /// The request field an amount comes in.
    pub const FIELD: &'static str = "amount";
    /// Its label in messages.
    pub const LABEL: &'static str = "مبلغ";
    /// The largest amount accepted from text (10^15 Toman): far above any order, far below
    /// where sums of a few thousand lines could overflow.
    pub const MAX: i64 = 1_000_000_000_000_000;

    /// Parses a whole amount; `٬` and `,` between digit groups are allowed.
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        digits_only(input, &['\u{066C}', ','])
            .and_then(|d| d.parse::<i64>().ok())
            .filter(|n| *n <= Self::MAX)
            .map(Self)
            .ok_or_else(|| Self::error())
    }

    /// The amount.
    pub fn get(self) -> i64 {
        self.0
    }

    /// For display: `۱۲٬۵۰۰٬۰۰۰ تومان` ([`format_price`]).
    pub fn text(self) -> String {
        format_price(self.0)
    }

    fn error() -> FieldError {
        field_error(Self::FIELD, &Rule::Numeric, Self::LABEL)
    }
}

impl TryFrom<i64> for Toman {
    type Error = FieldError;
    fn try_from(n: i64) -> Result<Self, FieldError> {
        if n >= 0 {
            Ok(Self(n))
        } else {
            Err(Self::error())
        }
    }
}

impl TryFrom<&str> for Toman {
    type Error = FieldError;
    fn try_from(s: &str) -> Result<Self, FieldError> {
        Self::parse(s)
    }
}

impl From<Toman> for i64 {
    fn from(t: Toman) -> i64 {
        t.0
    }
}

/// A whole percentage 0..=100, as shown on a discount badge.
///
/// ```
/// use shop_core::types::DiscountPercent;
/// assert_eq!(DiscountPercent::parse("۱۲").unwrap().get(), 12);
/// assert_eq!(DiscountPercent::parse("101").unwrap_err().to_string(), "درصد تخفیف باید مقدار عددی باشد");
/// ```
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(try_from = "i64", into = "i64")]
pub struct DiscountPercent(u8);

impl DiscountPercent {
    /// The request field a percentage comes in.
    pub const FIELD: &'static str = "discount_percent";
    /// Its label in messages.
    pub const LABEL: &'static str = "درصد تخفیف";
    /// No discount.
    pub const NONE: Self = Self(0);

    /// Parses a whole number 0..=100 in any digit set.
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        digits_only(input, &[])
            .and_then(|d| d.parse::<i64>().ok())
            .ok_or_else(Self::error)
            .and_then(Self::try_from)
    }

    /// The percentage.
    pub fn get(self) -> u8 {
        self.0
    }

    /// For display: the number with Persian digits (`۱۲`).
    pub fn text(self) -> String {
        to_persian_digits(&self.0.to_string())
    }

    fn error() -> FieldError {
        field_error(Self::FIELD, &Rule::Numeric, Self::LABEL)
    }
}

impl TryFrom<i64> for DiscountPercent {
    type Error = FieldError;
    fn try_from(n: i64) -> Result<Self, FieldError> {
        u8::try_from(n)
            .ok()
            .filter(|p| *p <= 100)
            .map(Self)
            .ok_or_else(Self::error)
    }
}

impl TryFrom<&str> for DiscountPercent {
    type Error = FieldError;
    fn try_from(s: &str) -> Result<Self, FieldError> {
        Self::parse(s)
    }
}

impl From<DiscountPercent> for i64 {
    fn from(p: DiscountPercent) -> i64 {
        i64::from(p.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bad_mobile_gets_the_one_mobile_answer() {
        for bad in ["", "0912", "9123456789", "+9809123456789", "abc", "０９１２３４５６７８９"] {
            let e = Mobile::parse(bad).unwrap_err();
            assert_eq!((e.field, e.rule), ("mobile", RuleKind::Mobile), "{bad}");
            assert_eq!(e.message, "شماره موبایل وارد شده معتبر نیست!", "{bad}");
        }
    }

    #[test]
    fn mobile_deserialises_through_parse() {
        let m: Mobile = serde_json::from_str(r#""+989123456789""#).unwrap();
        assert_eq!(serde_json::to_string(&m).unwrap(), r#""09123456789""#);
        assert!(serde_json::from_str::<Mobile>(r#""0912""#).is_err());
    }

    #[test]
    fn otp_code_takes_five_digits_of_any_set() {
        assert_eq!(OtpCode::parse("٥٤٣٢١").unwrap().as_str(), "54321");
        let e = OtpCode::parse("12a45").unwrap_err();
        assert_eq!((e.field, e.rule, e.message()), ("code", RuleKind::Digits, "کد باید ۵ رقم باشد"));
    }

    #[test]
    fn postal_code_needs_exactly_ten_digits() {
        assert_eq!(PostalCode::parse("\u{200F}۱۲۳۴۵۶۷۸۹۰").unwrap().as_str(), "1234567890");
        for bad in ["", "123456789", "12345678901", "12345abcde", "١٢٣٤٥٦٧٨٩x"] {
            let e = PostalCode::parse(bad).unwrap_err();
            assert_eq!((e.field, e.rule), ("postal_code", RuleKind::Digits), "{bad}");
            assert_eq!(e.message, "کد پستی باید ۱۰ رقم باشد", "{bad}");
        }
    }

    #[test]
    fn toman_accepts_grouped_persian_digits_and_refuses_signs_and_fractions() {
        assert_eq!(Toman::parse("1,250,000").unwrap().get(), 1_250_000);
        assert_eq!(Toman::parse("۰").unwrap().get(), 0);
        for bad in ["", "-1", "+1", "1.5", "12a", "99999999999999999999", "1000000000000001"] {
            let e = Toman::parse(bad).unwrap_err();
            assert_eq!((e.field, e.message()), ("amount", "مبلغ باید مقدار عددی باشد"), "{bad}");
        }
    }

    #[test]
    fn toman_from_json_refuses_negative_amounts() {
        assert!(serde_json::from_str::<Toman>("-5").is_err());
        assert_eq!(serde_json::from_str::<Toman>("5").unwrap().get(), 5);
    }

    #[test]
    fn discount_percent_is_zero_to_a_hundred() {
        assert_eq!(DiscountPercent::parse("100").unwrap().get(), 100);
        assert_eq!(DiscountPercent::try_from(12).unwrap().text(), "۱۲");
        for bad in ["101", "-1", "", "5٪"] {
            assert_eq!(DiscountPercent::parse(bad).unwrap_err().field, "discount_percent", "{bad}");
        }
        assert!(DiscountPercent::try_from(-1).is_err());
    }
}
