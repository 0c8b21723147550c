//! The content page form (`content/page/save`, back office): about, contact, terms, privacy.
//!
//! **What.** The page's title (one line, required, at most 200 characters) and its body
//! (Markdown, required, at most [`MAX_BODY_CHARS`]). Which page it is the request names
//! apart (it is not typed).
//! **Why.** The web form checked only "required"; it and the server now read [`FORM`].
//! **Example.**
//! ```
//! use shop_core::forms::{page, Values};
//! let p = page::parse(&Values::from_pairs([("title", " درباره ما "), ("body", "# ما\r\nفروشگاه")])).unwrap();
//! assert_eq!((p.title.as_str(), p.body.as_str()), ("درباره ما", "# ما\nفروشگاه"));
//! let e = page::parse(&Values::from_pairs([("title", "درباره ما")])).unwrap_err();
//! assert_eq!(e.get("body"), Some("لطفا متن را وارد کنید"));
//! ```

use super::{Clean, Field, Form, FormProblems, Values};
use crate::validation::Rule;

/// The longest Markdown body of a page or a blog post (characters).
pub const MAX_BODY_CHARS: u32 = 100_000;
/// The longest title of a page or a blog post.
pub const MAX_TITLE_CHARS: u32 = 200;

pub(super) const TITLE: Field = Field::new("title", "عنوان", Clean::Line, &[Rule::Required, Rule::MaxLength { n: MAX_TITLE_CHARS }]);
pub(super) const BODY: Field = Field::new("body", "متن", Clean::Block, &[Rule::Required, Rule::MaxLength { n: MAX_BODY_CHARS }]);

/// The content page form.
pub static FORM: Form = Form { name: "page", fields: &[TITLE, BODY] };

/// A page's text as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// The title, one trimmed line.
    pub title: String,
    /// The body, Markdown.
    pub body: String,
}

/// The typed page, or every failing field's message.
pub fn parse(values: &Values) -> Result<Page, FormProblems> {
    let c = FORM.check(values);
    c.done()?;
    Ok(Page { title: c.text("title"), body: c.text("body") })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_and_body_are_required_and_bounded() {
        let e = parse(&Values::from_pairs([("title", " \u{200f} "), ("body", "\u{0}")])).unwrap_err();
        assert_eq!(e.get("title"), Some("لطفا عنوان را وارد کنید"));
        assert_eq!(e.get("body"), Some("لطفا متن را وارد کنید"));
        let e = parse(&Values::from_pairs([("title", "ع".repeat(201).as_str()), ("body", "متن")])).unwrap_err();
        assert_eq!(e.get("title"), Some("عنوان باید حداکثر ۲۰۰ کاراکتر باشد"));
    }
}
