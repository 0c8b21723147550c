//! `Mobile`: an Iranian mobile number in one of its accepted spellings.
//!
//! **What:** passes what [`crate::mobile::normalize_mobile`] accepts (`09…`, `+989…`,
//! `00989…`, Persian digits, separators); empty passes (pair with `Required`).
//! **Why:** the mobile number is the customer's login; one rule for every form and route.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule};
//! assert!(validate(&Rule::Mobile, "موبایل", "+98 912 345 6789").is_ok());
//! assert_eq!(validate(&Rule::Mobile, "موبایل", "0912").unwrap_err().message(), "شماره موبایل وارد شده معتبر نیست!");
//! ```

pub(super) const MESSAGE: &str = crate::mobile::MOBILE_MESSAGE;

pub(super) fn passes(value: &str) -> bool {
    crate::mobile::is_valid_mobile(value)
}

#[cfg(test)]
mod tests {
    use super::super::{tests::err, Rule};
    use crate::mobile::MOBILE_MESSAGE;

    #[test]
    fn mobile_rule_uses_the_mobile_message() {
        assert_eq!(err(Rule::Mobile, "0912"), Some(MOBILE_MESSAGE.into()));
        assert_eq!(err(Rule::Mobile, "+98 912 345 6789"), None);
    }
}
