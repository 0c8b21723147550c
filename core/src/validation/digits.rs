//! `Digits { n }`: exactly `n` digits and nothing else.
//!
//! **What:** after trimming, `n` digits of any of the three sets (ASCII, Persian,
//! Arabic-Indic); empty passes.
//! **Why:** postal codes (10), national ids (10) and one-time codes (5) are typed on Persian
//! keyboards.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule};
//! assert_eq!(validate(&Rule::Digits { n: 10 }, "کد پستی", "12345").unwrap_err().message(), "کد پستی باید ۱۰ رقم باشد");
//! assert!(validate(&Rule::Digits { n: 10 }, "کد پستی", "۱۲۳۴۵۶۷۸۹۰").is_ok());
//! ```

use crate::digits::to_western_digits;

pub(super) const MESSAGE: &str = "{field} باید N رقم باشد";

/// Exactly `n` digits (any of the three digit sets) and nothing else.
pub(super) fn passes(value: &str, n: u32) -> bool {
    let western = to_western_digits(value);
    western.len() == n as usize && western.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::super::{tests::err, Rule};

    #[test]
    fn digits_normalises_digit_sets() {
        assert_eq!(err(Rule::Digits { n: 5 }, "۱٢3۴5"), None);
        assert_eq!(err(Rule::Digits { n: 5 }, "1234"), Some("فیلد باید ۵ رقم باشد".into()));
        assert!(err(Rule::Digits { n: 5 }, "12a45").is_some());
    }
}
