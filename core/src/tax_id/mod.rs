//! The buyer's identifiers on an official invoice (صورتحساب رسمی), each one rule:
//! [`national_id`] (کد ملی, ten digits and its check digit), [`company_id`] (شناسه ملی, eleven
//! digits and its check digit) and [`economic_code`] (کد اقتصادی, the Tax Administration's
//! current form).
//!
//! **What.** Each `parse` takes what the customer typed in any digit set (Persian and
//! Arabic-Indic digits are normalised to ASCII; spaces, direction marks and `-` between the
//! digits are dropped) and gives the canonical ASCII digits or a [`FieldError`] with its
//! Persian message.
//! **Why.** A mistyped ID on an official invoice makes it worthless to the buyer's
//! accountant; the check digits catch almost every typo before the order is paid, on the web
//! (WASM) and on the server alike.
//! **Example.**
//! ```
//! use shop_core::tax_id::{company_id::CompanyId, national_id::NationalId};
//! assert_eq!(NationalId::parse("۰۰۱۳۵۴۲۴۱۹").unwrap().as_str(), "0013542419");
//! assert_eq!(CompanyId::parse("10380284790").unwrap().as_str(), "10380284790");
//! ```

pub mod company_id;
pub mod economic_code;
pub mod national_id;

use crate::digits::western_digit;
use crate::text::is_invisible_or_space;
use crate::validation::{message, FieldError, Rule, RuleKind};

/// The ASCII digits of `input` (spaces, direction marks and `-` dropped), or `None` when
/// anything else is in it.
fn digits(input: &str) -> Option<Vec<u32>> {
    input
        .chars()
        .filter(|c| !is_invisible_or_space(*c) && *c != '-')
        .map(|c| western_digit(c).to_digit(10).filter(|_| western_digit(c).is_ascii_digit()))
        .collect()
}

/// "`label` must be `n` digits".
fn length_error(field: &'static str, label: &str, n: u32) -> FieldError {
    FieldError { field, rule: RuleKind::Digits, message: message(&Rule::Digits { n }, label) }
}

/// "`label` is not valid" (a check digit that does not match, a made-up number).
fn invalid_error(field: &'static str, label: &str) -> FieldError {
    FieldError { field, rule: RuleKind::Digits, message: message(&Rule::Url, label) }
}

fn text(d: &[u32]) -> String {
    d.iter().filter_map(|n| char::from_digit(*n, 10)).collect()
}
