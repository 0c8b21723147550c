//! The back office's refund forms: a refund of a payment in the refunds queue (`refund`:
//! amount, bank reference, note) and a return's refund (`return_refund`: the same without the
//! amount, which the return's lines fix).
//!
//! **What.** The amount in whole Toman (Persian digits and thousands separators read; 1 or
//! more: whether it fits what is left to give back is the server's check, it needs the
//! payment); the bank's reference of the transfer ([`BankReference`]: 1–64 Latin letters,
//! digits and `- _ / .`); a note of at most [`MAX_NOTE_CHARS`] characters.
//! **Why.** `admin_payment_refund` and `admin_returns_refund` each parsed these with their own
//! code and the web checked nothing: a reference typed with a space went to the server to be
//! refused. Now both calls and both pages read this one declaration.
//! **Example.**
//! ```
//! use shop_core::forms::{refund, Values};
//! let v = Values::from_pairs([("amount", "۱۲٬۵۰۰٬۰۰۰"), ("reference", " ۱۲۳-AB ")]);
//! let r = refund::parse(&v).unwrap();
//! assert_eq!((r.amount, r.reference.as_str()), (Some(12_500_000), "123-AB"));
//! let e = refund::parse(&v.with("amount", "0")).unwrap_err();
//! assert_eq!(e.get("amount"), Some(refund::AMOUNT_MESSAGE));
//! assert_eq!(refund::parse_return(&Values::from_pairs([("reference", "x y")])).unwrap_err().get("reference"),
//!     Some(shop_core::refund::REFERENCE_MESSAGE));
//! ```

use super::{field_error, Clean, Field, Form, FormProblems, Values};
use crate::refund::{BankReference, REFERENCE_MAX};
use crate::types::Toman;
use crate::validation::Rule;

/// The longest note.
pub const MAX_NOTE_CHARS: u32 = 500;
/// An amount of 0.
pub const AMOUNT_MESSAGE: &str = "مبلغ بازپرداخت باید بیشتر از صفر باشد";

const FIELDS: &[Field] = &[
    Field::new("amount", "مبلغ بازپرداخت", Clean::Line, &[Rule::Required, Rule::MaxLength { n: 30 }]),
    // One more than the longest reference, so a long one gets the reference's own message.
    Field::new("reference", "شمارهٔ پیگیری بانک", Clean::Line, &[Rule::Required, Rule::MaxLength { n: REFERENCE_MAX as u32 + 1 }]),
    Field::new("note", "یادداشت", Clean::Block, &[Rule::MaxLength { n: MAX_NOTE_CHARS }]),
];

/// A payment's refund.
pub static FORM: Form = Form { name: "refund", fields: FIELDS };

/// A return's refund (no amount).
pub static RETURN_FORM: Form = Form {
    name: "return_refund",
    fields: match FIELDS.split_first() {
        Some((_, rest)) => rest,
        None => &[],
    },
};

/// A refund as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    /// Toman, 1 or more (`None` on a return's refund).
    pub amount: Option<i64>,
    /// The bank's reference.
    pub reference: BankReference,
    /// The note, trimmed (may be empty).
    pub note: String,
}

/// A payment's refund, or every failing field's message.
pub fn parse(values: &Values) -> Result<Refund, FormProblems> {
    parse_form(&FORM, values)
}

/// A return's refund, or every failing field's message.
pub fn parse_return(values: &Values) -> Result<Refund, FormProblems> {
    parse_form(&RETURN_FORM, values)
}

fn parse_form(form: &'static Form, values: &Values) -> Result<Refund, FormProblems> {
    let mut c = form.check(values);
    let amount = if form.field("amount").is_some() {
        c.typed("amount", |s| Toman::parse(s).and_then(|t| if t.get() > 0 { Ok(t.get()) } else { Err(field_error(AMOUNT_MESSAGE)) }))
    } else {
        None
    };
    let reference = c.typed("reference", |s| BankReference::parse(s).map_err(field_error));
    c.done()?;
    match reference {
        Some(reference) => Ok(Refund { amount, reference, note: c.text("note") }),
        // Unreachable: the reference is required and `done` found no problem.
        None => Err(FormProblems(vec![("reference".into(), crate::refund::REFERENCE_MESSAGE.into())])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_whole_positive_toman() {
        let v = Values::from_pairs([("reference", "R1")]);
        for bad in ["0", "-5", "1.5", "ده", "99999999999999999999"] {
            assert!(parse(&v.clone().with("amount", bad)).unwrap_err().get("amount").is_some(), "{bad}");
        }
        assert_eq!(parse(&v.clone().with("amount", "1,000")).unwrap().amount, Some(1_000));
        assert_eq!(parse(&v).unwrap_err().get("amount"), Some("لطفا مبلغ بازپرداخت را وارد کنید"));
    }

    #[test]
    fn a_return_refund_has_no_amount_and_a_bounded_note() {
        let v = Values::from_pairs([("reference", "۹۸۷۶"), ("amount", "0")]);
        let r = parse_return(&v).unwrap();
        assert_eq!((r.amount, r.reference.as_str(), r.note.as_str()), (None, "9876", ""));
        let e = parse_return(&v.with("note", &"ی".repeat(501))).unwrap_err();
        assert_eq!(e.get("note"), Some("یادداشت باید حداکثر ۵۰۰ کاراکتر باشد"));
    }

    #[test]
    fn references_with_spaces_markup_or_past_64_characters_are_refused() {
        for bad in ["a b", "<b>", &"1".repeat(65), "‌"] {
            let e = parse_return(&Values::from_pairs([("reference", bad)])).unwrap_err();
            assert!(e.get("reference").is_some(), "{bad}");
        }
    }
}
