//! The back office's form for rejecting a return (`return_reject`): the reason the customer reads.
//!
//! **What.** The reason: several lines, not blank, at most [`REJECT_REASON_MAX`] characters
//! ([`RejectReason`], the type the return's table takes).
//! **Why.** The server checked the reason deep inside the move, after loading the return, and the
//! page sent whatever was typed; now the page and `admin_returns_reject` read this declaration.
//! **Example.**
//! ```
//! use shop_core::forms::{return_reject, Values};
//! let r = return_reject::parse(&Values::from_pairs([("reason", " کارتن باز شده است ")])).unwrap();
//! assert_eq!(r.as_str(), "کارتن باز شده است");
//! let e = return_reject::parse(&Values::default()).unwrap_err();
//! assert_eq!(e.get("reason"), Some(shop_core::returns::state::REJECT_REASON_EMPTY));
//! ```

use super::{field_error, Clean, Field, Form, FormProblems, Values};
use crate::returns::state::{RejectReason, REJECT_REASON_MAX};
use crate::validation::Rule;

/// The reject form.
pub static FORM: Form = Form {
    name: "return_reject",
    fields: &[Field::new("reason", "دلیل رد درخواست", Clean::Block, &[Rule::Required, Rule::MaxLength { n: REJECT_REASON_MAX as u32 }])],
};

/// The typed reason, or the field's message.
pub fn parse(values: &Values) -> Result<RejectReason, FormProblems> {
    let mut c = FORM.check(values);
    let reason = c.typed("reason", |s| RejectReason::parse(s).map_err(|e| field_error(&e.to_string())));
    c.done()?;
    reason.ok_or_else(|| FormProblems(vec![("reason".into(), crate::returns::state::REJECT_REASON_EMPTY.into())]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::returns::state::REJECT_REASON_LONG;

    #[test]
    fn the_forms_messages_are_the_tables() {
        let e = parse(&Values::from_pairs([("reason", " \u{200f}\n ")])).unwrap_err();
        assert_eq!(e.get("reason"), Some(crate::returns::state::REJECT_REASON_EMPTY));
        let e = parse(&Values::from_pairs([("reason", "د".repeat(501).as_str())])).unwrap_err();
        assert_eq!(e.get("reason"), Some(REJECT_REASON_LONG));
        assert_eq!(parse(&Values::from_pairs([("reason", "د".repeat(500).as_str())])).unwrap().as_str().chars().count(), 500);
    }
}
