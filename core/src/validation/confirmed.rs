//! `Confirmed { other }`: the confirmation equals the password.
//!
//! **What:** an exact comparison (no trimming, no case folding); an empty confirmation of a
//! set password fails.
//! **Why:** catches a mistyped new password before it locks the customer out.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule};
//! let rule = Rule::Confirmed { other: "Abc12!".into() };
//! assert_eq!(validate(&rule, "تکرار گذرواژه", "abc12!").unwrap_err().message(), "عدم تطابق گذرواژه");
//! ```

pub(super) const MESSAGE: &str = "عدم تطابق گذرواژه";

pub(super) fn passes(value: &str, other: &str) -> bool {
    value == other
}

#[cfg(test)]
mod tests {
    use super::super::{tests::err, Rule};

    #[test]
    fn empty_confirmation_of_a_set_password_fails() {
        assert!(err(Rule::Confirmed { other: "Abc12!".into() }, "").is_some());
        assert_eq!(err(Rule::Confirmed { other: String::new() }, ""), None);
    }

    #[test]
    fn confirmed_compares_exactly() {
        let rule = Rule::Confirmed { other: "Abc12!".into() };
        assert_eq!(err(rule.clone(), "Abc12!"), None);
        assert_eq!(err(rule, "abc12!"), Some("عدم تطابق گذرواژه".into()));
    }
}
