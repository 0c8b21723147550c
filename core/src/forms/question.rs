//! The question form: what a signed-in customer asks about a product.
//!
//! **What.** The question, required, 5 to 500 characters, several lines.
//! **Why.** The web form and the server read this one declaration.
//! **Example.**
//! ```
//! use shop_core::forms::{question, Values};
//! assert_eq!(question::parse(&Values::from_pairs([("question", " رم قابل ارتقاست؟ ")])).unwrap(), "رم قابل ارتقاست؟");
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
use crate::review::MAX_QUESTION_CHARS;
use crate::validation::Rule;

/// A question.
pub static FORM: Form = Form {
    name: "question",
    fields: &[Field::new("question", "متن پرسش", Clean::Block, &[Rule::Required, Rule::MinLength { n: 5 }, Rule::MaxLength { n: MAX_QUESTION_CHARS }])],
};

/// The question's text, or its problem.
pub fn parse(values: &Values) -> Result<String, FormProblems> {
    let c = FORM.check(values);
    c.done()?;
    Ok(c.text("question"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded() {
        let long = "پ".repeat(501);
        assert_eq!(parse(&Values::from_pairs([("question", long.as_str())])).unwrap_err().get("question"), Some("متن پرسش باید حداکثر ۵۰۰ کاراکتر باشد"));
        assert!(parse(&Values::default()).is_err());
    }
}
