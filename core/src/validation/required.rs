//! `Required`: a value is present.
//!
//! **What:** fails when the value is empty after trimming white space and direction marks.
//! **Why:** a blank name or address must not reach an order; an RLM pasted alone is blank.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule};
//! assert_eq!(validate(&Rule::Required, "نام", " \u{200F}").unwrap_err().message(), "لطفا نام را وارد کنید");
//! assert!(validate(&Rule::Required, "نام", "علی").is_ok());
//! ```

pub(super) const MESSAGE: &str = "لطفا {field} را وارد کنید";

#[cfg(test)]
mod tests {
    use super::super::{tests::err, Rule};

    #[test]
    fn required_rejects_empty_and_blank() {
        assert_eq!(err(Rule::Required, ""), Some("لطفا فیلد را وارد کنید".into()));
        assert!(err(Rule::Required, " \u{200F}\t").is_some());
        assert_eq!(err(Rule::Required, "x"), None);
    }
}
