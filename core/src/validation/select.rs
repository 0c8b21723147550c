//! `Select`: an option is chosen.
//!
//! **What:** the same test as `Required` (not blank), with the "choose" message.
//! **Why:** a drop-down (province, city) asks the customer to choose, not to type.
//! **Example:**
//! ```
//! use shop_core::validation::{validate, Rule};
//! assert_eq!(validate(&Rule::Select, "شهر", "").unwrap_err().message(), "لطفا شهر را انتخاب کنید");
//! ```

pub(super) const MESSAGE: &str = "لطفا {field} را انتخاب کنید";

#[cfg(test)]
mod tests {
    use super::super::{tests::err, Rule};

    #[test]
    fn select_uses_the_choose_message() {
        assert_eq!(err(Rule::Select, ""), Some("لطفا فیلد را انتخاب کنید".into()));
    }
}
