//! The answer form: an answer to a question (staff or a verified buyer), or staff's answer
//! to a review.
//!
//! **What.** The answer, required, 2 to 1 000 characters, several lines.
//! **Why.** The web form and the server read this one declaration.
//! **Example.**
//! ```
//! use shop_core::forms::{answer, Values};
//! assert_eq!(answer::parse(&Values::from_pairs([("answer", "بله، تا ۳۲ گیگ")])).unwrap(), "بله، تا ۳۲ گیگ");
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
use crate::review::MAX_ANSWER_CHARS;
use crate::validation::Rule;

/// An answer.
pub static FORM: Form = Form {
    name: "answer",
    fields: &[Field::new("answer", "متن پاسخ", Clean::Block, &[Rule::Required, Rule::MinLength { n: 2 }, Rule::MaxLength { n: MAX_ANSWER_CHARS }])],
};

/// The answer's text, or its problem.
pub fn parse(values: &Values) -> Result<String, FormProblems> {
    let c = FORM.check(values);
    c.done()?;
    Ok(c.text("answer"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded() {
        let long = "پ".repeat(1_001);
        assert_eq!(parse(&Values::from_pairs([("answer", long.as_str())])).unwrap_err().get("answer"), Some("متن پاسخ باید حداکثر ۱۰۰۰ کاراکتر باشد"));
    }
}
