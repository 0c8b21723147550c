//! `Numeric`: a decimal number.
//!
//! **What:** `-?[0-9]+([.٫][0-9]+)?` after digit normalisation and trimming; empty passes.
//! No exponent, no `+`, no thousands separators.
//! **Why:** amounts and quantities are typed with Persian digits and the Persian decimal mark.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule};
//! assert!(validate(&Rule::Numeric, "مبلغ", "۱۲٫۵").is_ok());
//! assert_eq!(validate(&Rule::Numeric, "مبلغ", "1e5").unwrap_err().message(), "مبلغ باید مقدار عددی باشد");
//! ```

use crate::digits::to_western_digits;
use std::cmp::Ordering;

pub(super) const MESSAGE: &str = "{field} باید مقدار عددی باشد";

pub(super) fn passes(value: &str) -> bool {
    parse_decimal(value).is_some()
}

/// A decimal number parsed exactly: sign, integer digits without leading zeros, fraction
/// digits without trailing zeros.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Decimal {
    negative: bool,
    int: String,
    frac: String,
}

impl Decimal {
    /// Compares this number with the integer `n`, exactly.
    pub(super) fn cmp_int(&self, n: i64) -> Ordering {
        let zero = self.int.is_empty() && self.frac.is_empty();
        let neg = self.negative && !zero;
        let n_digits = n.unsigned_abs().to_string();
        let n_digits = if n == 0 { String::new() } else { n_digits };
        let magnitude = self
            .int
            .len()
            .cmp(&n_digits.len())
            .then_with(|| self.int.as_str().cmp(n_digits.as_str()))
            .then_with(|| {
                if self.frac.is_empty() {
                    Ordering::Equal
                } else {
                    Ordering::Greater
                }
            });
        match (neg, n < 0) {
            (false, false) => magnitude,
            (true, true) => magnitude.reverse(),
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
        }
    }
}

/// `-?[0-9]+([.٫][0-9]+)?` after digit normalisation; `None` otherwise.
pub(super) fn parse_decimal(value: &str) -> Option<Decimal> {
    let western = to_western_digits(value).replace('\u{066B}', ".");
    let (negative, body) = match western.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, western.as_str()),
    };
    let (int, frac) = match body.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (body, None),
    };
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(int) || frac.is_some_and(|f| !all_digits(f)) {
        return None;
    }
    Some(Decimal {
        negative,
        int: int.trim_start_matches('0').to_owned(),
        frac: frac.unwrap_or("").trim_end_matches('0').to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::super::{tests::err, Rule};

    #[test]
    fn numeric_accepts_sign_and_fraction() {
        for ok in ["12", "-3", "۱۲٫۵", "0.25"] {
            assert_eq!(err(Rule::Numeric, ok), None, "{ok}");
        }
        for bad in ["1e5", "+1", "1.", ".5", "--1", "1,000"] {
            assert_eq!(err(Rule::Numeric, bad), Some("فیلد باید مقدار عددی باشد".into()), "{bad}");
        }
    }
}
