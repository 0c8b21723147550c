//! The blog post form (`content/blog/save`, back office). The cover is uploaded apart.
//!
//! **What.** The post's address (`/blogs/{slug}`: required, at most 120 characters, lowercase
//! ASCII letters, digits and dashes, [`SLUG_MESSAGE`]; capitals are lowered), title (required,
//! at most 200), summary (at most 500, several lines), body (Markdown, required, at most
//! [`page::MAX_BODY_CHARS`](super::page::MAX_BODY_CHARS)) and author (at most 100). Whether
//! it is published is a switch, not typed text, and stays outside the form.
//! **Why.** The web form checked only "required"; it and the server now read [`FORM`].
//! A slug taken by another post is the server's answer (it needs the database).
//! **Example.**
//! ```
//! use shop_core::forms::{blog_post, Values};
//! let v = Values::from_pairs([("slug", "Battery-Care"), ("title", "نگهداری باتری"), ("body", "متن")]);
//! assert_eq!(blog_post::parse(&v).unwrap().slug, "battery-care");
//! let e = blog_post::parse(&v.with("slug", "باتری")).unwrap_err();
//! assert_eq!(e.get("slug"), Some(blog_post::SLUG_MESSAGE));
//! ```

use super::page::{BODY, TITLE};
use super::{Clean, Field, Form, FormProblems, Values};
use crate::validation::{FieldError, Rule, RuleKind};

/// The longest slug.
pub const MAX_SLUG_CHARS: u32 = 120;
/// A slug with anything but lowercase ASCII letters, digits and dashes.
pub const SLUG_MESSAGE: &str = "نشانی مطلب فقط حروف کوچک انگلیسی، رقم و خط تیره است";

/// The blog post form.
pub static FORM: Form = Form {
    name: "blog_post",
    fields: &[
        Field::new("slug", "نشانی", Clean::Line, &[Rule::Required, Rule::MaxLength { n: MAX_SLUG_CHARS }]),
        TITLE,
        Field::new("summary", "خلاصه", Clean::Block, &[Rule::MaxLength { n: 500 }]),
        BODY,
        Field::new("author", "نویسنده", Clean::Line, &[Rule::MaxLength { n: 100 }]),
    ],
};

/// A blog post's text as the form's rules accept it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlogPost {
    /// Lowercase ASCII letters, digits and dashes.
    pub slug: String,
    /// The title, one trimmed line.
    pub title: String,
    /// The summary (may be empty).
    pub summary: String,
    /// The body, Markdown.
    pub body: String,
    /// The author (may be empty).
    pub author: String,
}

/// Whether `s` is a slug: lowercase ASCII letters, digits and dashes.
pub fn is_slug(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// The typed post, or every failing field's message.
pub fn parse(values: &Values) -> Result<BlogPost, FormProblems> {
    let mut c = FORM.check(values);
    let slug = c.typed("slug", |s| {
        let s = s.to_ascii_lowercase();
        if is_slug(&s) {
            Ok(s)
        } else {
            Err(FieldError { field: "slug", rule: RuleKind::Unknown, message: SLUG_MESSAGE.to_owned() })
        }
    });
    c.done()?;
    Ok(BlogPost {
        slug: slug.unwrap_or_default(),
        title: c.text("title"),
        summary: c.text("summary"),
        body: c.text("body"),
        author: c.text("author"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn post() -> Values {
        Values::from_pairs([("slug", "a-1"), ("title", "عنوان"), ("body", "متن")])
    }

    #[test]
    fn the_slug_is_lowercase_ascii_letters_digits_and_dashes() {
        assert_eq!(parse(&post().with("slug", " A-1 ")).unwrap().slug, "a-1");
        for bad in ["a b", "a_b", "سلام", "a/b"] {
            assert_eq!(parse(&post().with("slug", bad)).unwrap_err().get("slug"), Some(SLUG_MESSAGE), "{bad}");
        }
        let e = parse(&post().with("slug", &"a".repeat(121))).unwrap_err();
        assert_eq!(e.get("slug"), Some("نشانی باید حداکثر ۱۲۰ کاراکتر باشد"));
    }

    #[test]
    fn summary_and_author_are_optional_but_bounded() {
        let p = parse(&post()).unwrap();
        assert_eq!((p.summary.as_str(), p.author.as_str()), ("", ""));
        let e = parse(&post().with("summary", &"خ".repeat(501)).with("author", &"ن".repeat(101))).unwrap_err();
        assert_eq!(e.get("summary"), Some("خلاصه باید حداکثر ۵۰۰ کاراکتر باشد"));
        assert_eq!(e.get("author"), Some("نویسنده باید حداکثر ۱۰۰ کاراکتر باشد"));
        let e = parse(&Values::default()).unwrap_err();
        assert_eq!(e.0.iter().map(|(f, _)| f.as_str()).collect::<Vec<_>>(), ["slug", "title", "body"]);
    }
}
