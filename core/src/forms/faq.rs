//! The FAQ entry form (`content/faq/save`, back office).
//!
//! **What.** The question (one line, required, at most 300 characters), its answer (Markdown,
//! several lines, required, at most 5,000) and its place in the list (a whole number from 0 to
//! 10,000, [`POSITION_MESSAGE`]; empty is 0).
//! **Why.** The web form checked only "required"; it and the server now read [`FORM`], so
//! an answer too long is refused before sending with the server's words.
//! **Example.**
//! ```
//! use shop_core::forms::{faq, Values};
//! let v = Values::from_pairs([("question", "ارسال چند روز است؟"), ("answer", "**دو** روز"), ("position", "۳")]);
//! assert_eq!(faq::parse(&v).unwrap().position, 3);
//! let e = faq::parse(&v.with("position", "-1")).unwrap_err();
//! assert_eq!(e.get("position"), Some(faq::POSITION_MESSAGE));
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
use crate::validation::{FieldError, Rule, RuleKind};

/// The longest question.
pub const MAX_QUESTION_CHARS: u32 = 300;
/// The longest answer.
pub const MAX_ANSWER_CHARS: u32 = 5_000;
/// The last place in the list.
pub const MAX_POSITION: i32 = 10_000;
/// A place that is not a whole number from 0 to [`MAX_POSITION`].
pub const POSITION_MESSAGE: &str = "ترتیب باید عددی از ۰ تا ۱۰۰۰۰ باشد";

/// The FAQ entry form.
pub static FORM: Form = Form {
    name: "faq",
    fields: &[
        Field::new("question", "پرسش", Clean::Line, &[Rule::Required, Rule::MaxLength { n: MAX_QUESTION_CHARS }]),
        Field::new("answer", "پاسخ", Clean::Block, &[Rule::Required, Rule::MaxLength { n: MAX_ANSWER_CHARS }]),
        // 11 characters: any 32-bit number passes and gets the range's message.
        Field::new("position", "ترتیب", Clean::Digits, &[Rule::MaxLength { n: 11 }]),
    ],
};

/// An FAQ entry as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Faq {
    /// The question, one trimmed line.
    pub question: String,
    /// The answer, Markdown.
    pub answer: String,
    /// Its place in the list, 0 to [`MAX_POSITION`].
    pub position: i32,
}

/// The typed entry, or every failing field's message.
pub fn parse(values: &Values) -> Result<Faq, FormProblems> {
    let mut c = FORM.check(values);
    let position = c.typed("position", |s| {
        s.parse::<i32>().ok().filter(|p| (0..=MAX_POSITION).contains(p)).ok_or_else(|| FieldError {
            field: "position",
            rule: RuleKind::Unknown,
            message: POSITION_MESSAGE.to_owned(),
        })
    });
    c.done()?;
    Ok(Faq { question: c.text("question"), answer: c.text("answer"), position: position.unwrap_or(0) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn question_and_answer_are_required_and_bounded() {
        let e = parse(&Values::default()).unwrap_err();
        assert_eq!(e.get("question"), Some("لطفا پرسش را وارد کنید"));
        assert_eq!(e.get("answer"), Some("لطفا پاسخ را وارد کنید"));
        let v = Values::from_pairs([("question", "؟"), ("answer", "پ".repeat(5_001).as_str())]);
        assert_eq!(parse(&v).unwrap_err().get("answer"), Some("پاسخ باید حداکثر ۵۰۰۰ کاراکتر باشد"));
    }

    #[test]
    fn the_position_is_0_to_10000_and_empty_is_0() {
        let v = Values::from_pairs([("question", "؟"), ("answer", "خط ۱\r\nخط ۲")]);
        let f = parse(&v).unwrap();
        assert_eq!((f.position, f.answer.as_str()), (0, "خط ۱\nخط ۲"));
        assert_eq!(parse(&v.clone().with("position", "10000")).unwrap().position, 10_000);
        for bad in ["10001", "-1", "1.5", "x", "99999999999"] {
            assert_eq!(parse(&v.clone().with("position", bad)).unwrap_err().get("position"), Some(POSITION_MESSAGE), "{bad}");
        }
    }
}
