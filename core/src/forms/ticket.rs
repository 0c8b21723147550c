//! The support ticket forms: a new ticket ([`FORM`]) and a message on one ([`REPLY_FORM`]).
//!
//! **What.** Subject required, one line of at most 200 characters; a department and a
//! priority from their lists ([`DEPARTMENTS`], [`PRIORITIES`]); an optional order code (an
//! [`OrderCode`]); the message required, at most 5 000 characters, several lines.
//! **Why.** The web form checked only "required" and the server the bounds: a 201-letter
//! subject went to the server to be refused there. Both read these declarations now.
//! **Example.**
//! ```
//! use shop_core::forms::{ticket, Values};
//! let v = Values::from_pairs([("subject", "باتری"), ("department", "Warranty"), ("priority", "normal"),
//!     ("order_code", " ab۲۳cd۴۵ "), ("message", "سلام\r\nباتری شارژ نمی‌شود")]);
//! let t = ticket::parse(&v).unwrap();
//! assert_eq!((t.department, t.order_code.unwrap().as_str(), t.message.as_str()), ("warranty", "AB23CD45", "سلام\nباتری شارژ نمی‌شود"));
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
use crate::types::OrderCode;
use crate::validation::Rule;

/// The longest subject.
pub const MAX_SUBJECT_CHARS: u32 = 200;
/// The longest message.
pub const MAX_MESSAGE_CHARS: u32 = 5_000;
/// The departments a ticket goes to.
pub const DEPARTMENTS: &[&str] = &["sales", "technical", "warranty", "finance"];
/// A ticket's priorities.
pub const PRIORITIES: &[&str] = &["low", "normal", "high"];

const MESSAGE: Field = Field::new("message", "متن پیام", Clean::Block, &[Rule::Required, Rule::MaxLength { n: MAX_MESSAGE_CHARS }]);

/// A new ticket.
pub static FORM: Form = Form {
    name: "ticket",
    fields: &[
        Field::new("subject", "موضوع", Clean::Line, &[Rule::Required, Rule::MaxLength { n: MAX_SUBJECT_CHARS }]),
        Field::new("department", "بخش", Clean::Line, &[Rule::Select]).options(DEPARTMENTS),
        Field::new("priority", "اولویت", Clean::Line, &[Rule::Select]).options(PRIORITIES),
        Field::new("order_code", OrderCode::LABEL, Clean::Line, &[Rule::MaxLength { n: OrderCode::MAX_CHARS }]),
        MESSAGE,
    ],
};

/// A message on a ticket (the customer's or the staff's).
pub static REPLY_FORM: Form = Form { name: "ticket_reply", fields: &[MESSAGE] };

/// A new ticket as the form's rules accept it (files are checked apart, by the upload rules).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ticket {
    /// Subject, one trimmed line.
    pub subject: String,
    /// One of [`DEPARTMENTS`].
    pub department: &'static str,
    /// One of [`PRIORITIES`].
    pub priority: &'static str,
    /// The related order, when given.
    pub order_code: Option<OrderCode>,
    /// The message, trimmed, `\n` between lines.
    pub message: String,
}

/// The typed new ticket, or every failing field's message.
pub fn parse(values: &Values) -> Result<Ticket, FormProblems> {
    let mut c = FORM.check(values);
    let order_code = c.typed("order_code", OrderCode::parse);
    c.done()?;
    let (Some(department), Some(priority)) = (c.choice("department"), c.choice("priority")) else {
        return Err(FormProblems(vec![("department".into(), super::not_an_option_message("بخش"))]));
    };
    Ok(Ticket { subject: c.text("subject"), department, priority, order_code, message: c.text("message") })
}

/// A message's text (required, at most [`MAX_MESSAGE_CHARS`]), or its problem.
pub fn parse_reply(values: &Values) -> Result<String, FormProblems> {
    let c = REPLY_FORM.check(values);
    c.done()?;
    Ok(c.text("message"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_fails_with_its_own_message() {
        let v = Values::from_pairs([("subject", &*"س".repeat(201)), ("department", "nope"), ("order_code", "<b>"), ("message", "\u{0} \n ")]);
        let e = parse(&v).unwrap_err();
        assert_eq!(e.get("subject"), Some("موضوع باید حداکثر ۲۰۰ کاراکتر باشد"));
        assert_eq!(e.get("department"), Some("بخش وارد شده معتبر نیست!"));
        assert_eq!(e.get("priority"), Some("لطفا اولویت را انتخاب کنید"));
        assert_eq!(e.get("order_code"), Some("کد سفارش وارد شده معتبر نیست!"));
        assert_eq!(e.get("message"), Some("لطفا متن پیام را وارد کنید"));
    }

    #[test]
    fn a_reply_is_bounded() {
        let long = "a".repeat(5_001);
        let e = parse_reply(&Values::from_pairs([("message", long.as_str())])).unwrap_err();
        assert_eq!(e.get("message"), Some("متن پیام باید حداکثر ۵۰۰۰ کاراکتر باشد"));
    }
}
