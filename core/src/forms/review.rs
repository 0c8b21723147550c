//! The review form ([`FORM`]) and the reason staff give when they reject ([`REJECT_FORM`]).
//!
//! **What.** A rating from 1 to 5 (any digits, [`Rating`]); a text of 10 to 2 000 characters,
//! several lines; pros and cons typed one per line ([`parse_list`]: at most 5 items of 120
//! characters; empty is fine). A rejection's reason: required, one line of at most 300.
//! **Why.** The web's form and the server read this one declaration. The text is stored as
//! typed (HTML is text, escaped where shown).
//! **Example.**
//! ```
//! use shop_core::forms::{review, Values};
//! let v = Values::from_pairs([("rating", "۵"), ("text", "<b>عالی</b> و سریع است"), ("pros", "باتری\n\nصفحه"), ("cons", "")]);
//! let r = review::parse(&v).unwrap();
//! assert_eq!((r.rating.get(), r.text.as_str(), r.pros.len(), r.cons.len()), (5, "<b>عالی</b> و سریع است", 2, 0));
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
use crate::review::lists::{parse_list, MAX_LIST_CHARS};
use crate::review::rating::{self, Rating};
use crate::review::{MAX_REASON_CHARS, MAX_REVIEW_CHARS};
use crate::validation::Rule;

/// The shortest review text.
pub const MIN_TEXT_CHARS: u32 = 10;

/// A new review.
pub static FORM: Form = Form {
    name: "review",
    fields: &[
        Field::new("rating", rating::LABEL, Clean::Digits, &[Rule::Required, Rule::MaxLength { n: 1 }]),
        Field::new("text", "متن نظر", Clean::Block, &[Rule::Required, Rule::MinLength { n: MIN_TEXT_CHARS }, Rule::MaxLength { n: MAX_REVIEW_CHARS }]),
        Field::new("pros", "نقاط قوت", Clean::Block, &[Rule::MaxLength { n: MAX_LIST_CHARS }]),
        Field::new("cons", "نقاط ضعف", Clean::Block, &[Rule::MaxLength { n: MAX_LIST_CHARS }]),
    ],
};

/// Why staff reject a review, a question or an answer.
pub static REJECT_FORM: Form = Form {
    name: "moderation_reject",
    fields: &[Field::new("reason", "دلیل رد", Clean::Line, &[Rule::Required, Rule::MaxLength { n: MAX_REASON_CHARS }])],
};

/// A review as the form accepts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// 1–5 stars.
    pub rating: Rating,
    /// The text, trimmed, `\n` between lines, as typed otherwise.
    pub text: String,
    /// The pros, in order.
    pub pros: Vec<String>,
    /// The cons, in order.
    pub cons: Vec<String>,
}

/// The typed review, or every failing field's message.
pub fn parse(values: &Values) -> Result<Review, FormProblems> {
    let mut c = FORM.check(values);
    let rating = c.typed("rating", Rating::parse);
    let pros = c.typed("pros", |t| parse_list("نقاط قوت", t).map_err(|m| list_error("pros", m)));
    let cons = c.typed("cons", |t| parse_list("نقاط ضعف", t).map_err(|m| list_error("cons", m)));
    c.done()?;
    let Some(rating) = rating else {
        return Err(FormProblems(vec![("rating".into(), rating::MESSAGE.into())]));
    };
    Ok(Review { rating, text: c.text("text"), pros: pros.unwrap_or_default(), cons: cons.unwrap_or_default() })
}

fn list_error(field: &'static str, message: String) -> crate::validation::FieldError {
    crate::validation::FieldError { field, rule: crate::validation::RuleKind::MaxLength, message }
}

/// A rejection's reason, or its problem.
pub fn parse_reason(values: &Values) -> Result<String, FormProblems> {
    let c = REJECT_FORM.check(values);
    c.done()?;
    Ok(c.text("reason"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(rating: &str, text: &str, pros: &str) -> Values {
        Values::from_pairs([("rating", rating), ("text", text), ("pros", pros)])
    }

    #[test]
    fn every_bad_field_has_its_message() {
        let e = parse(&v("6", "کوتاه", "a\nb\nc\nd\ne\nf")).unwrap_err();
        assert_eq!(e.get("rating"), Some("امتیاز باید عددی از ۱ تا ۵ باشد"));
        assert_eq!(e.get("text"), Some("متن نظر باید حداقل ۱۰ کاراکتر باشد"));
        assert_eq!(e.get("pros"), Some("نقاط قوت حداکثر ۵ مورد می‌تواند داشته باشد"));
        assert_eq!(parse(&v("0", "متن به اندازه کافی بلند", "")).unwrap_err().get("rating"), Some("امتیاز باید عددی از ۱ تا ۵ باشد"));
        assert_eq!(parse(&v("", "متن به اندازه کافی بلند", "")).unwrap_err().get("rating"), Some("لطفا امتیاز را وارد کنید"));
        let long = "ب".repeat(2_001);
        assert_eq!(parse(&v("3", &long, "")).unwrap_err().get("text"), Some("متن نظر باید حداکثر ۲۰۰۰ کاراکتر باشد"));
    }

    #[test]
    fn a_reason_is_required() {
        assert_eq!(parse_reason(&Values::default()).unwrap_err().get("reason"), Some("لطفا دلیل رد را وارد کنید"));
    }
}
