//! Content lookups: page names and aliases, posts by slug, paragraphs.

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use super::entity::blog_post;
use crate::catalog::fmt::is_slug;

/// Page names and their aliases (the web routes).
pub const PAGE_NAMES: &[(&str, &str)] = &[
    ("about", "about-us"),
    ("contact", "contact-us"),
    ("terms", "terms-of-use"),
    ("privacy", "privacy-policy"),
];

/// Persian messages of this area.
pub mod msg {
    /// Unknown blog post.
    pub const POST_NOT_FOUND: &str = "مطلب مورد نظر یافت نشد.";
    /// Unknown content page.
    pub const PAGE_NOT_FOUND: &str = "صفحه مورد نظر یافت نشد!";
    /// Unknown FAQ entry (back office).
    pub const FAQ_NOT_FOUND: &str = "پرسش مورد نظر یافت نشد.";
    /// A slug another post has.
    pub const SLUG_TAKEN: &str = "این نشانی برای مطلب دیگری است";
    /// A slug that is not lowercase ASCII letters, digits and dashes.
    pub const SLUG_FORM: &str = shop_core::forms::blog_post::SLUG_MESSAGE;
    /// A cover that is not a picture.
    pub const COVER_NOT_IMAGE: &str = "تصویر جلد باید JPG، PNG یا WebP باشد";
}

/// Split text into paragraphs (blank-line separated).
pub fn paragraphs(body: &str) -> Vec<String> {
    body.split("\n\n").map(str::trim).filter(|p| !p.is_empty()).map(str::to_string).collect()
}

/// The canonical page name for a name or alias.
pub fn page_name(name: &str) -> Option<&'static str> {
    PAGE_NAMES.iter().find(|(n, a)| *n == name || *a == name).map(|(n, _)| *n)
}

/// A post by slug (`None` for an invalid or unknown slug).
pub async fn post_by_slug<C: ConnectionTrait>(db: &C, slug: &str) -> Result<Option<blog_post::Model>, DbErr> {
    if !is_slug(slug) {
        return Ok(None);
    }
    blog_post::Entity::find()
        .filter(blog_post::Column::Slug.eq(slug))
        .filter(blog_post::Column::Published.eq(true))
        .one(db)
        .await
}

/// The address of a post's cover: the uploaded picture, else the drawn one (`width` px).
pub fn cover_url(p: &blog_post::Model, width: u32) -> String {
    if p.cover.is_empty() {
        // Posts without an upload reuse the product drawing (a picture of product id 1..n by post id).
        crate::catalog::images::url(p.id, 2, width)
    } else {
        format!("{COVER_PATH}/{}", p.cover.trim_start_matches("blog/"))
    }
}

/// Where covers are served (`GET {COVER_PATH}/{file}`).
pub const COVER_PATH: &str = "/api/client/v1/blog/cover";


// ---- The back office: versions and audit snapshots of posts, pages and FAQ entries. ----

use super::entity::{content_page, faq};
use crate::audit::versioned::Versioned;

impl Versioned for blog_post::Entity {
    const NAME: &'static str = "blog_post";
    const NOT_FOUND: &'static str = msg::POST_NOT_FOUND;
    fn id_column() -> blog_post::Column {
        blog_post::Column::Id
    }
    fn version_column() -> blog_post::Column {
        blog_post::Column::Version
    }
    fn version_of(m: &blog_post::Model) -> i64 {
        m.version
    }
    fn snapshot(p: &blog_post::Model) -> serde_json::Value {
        serde_json::json!({
            "slug": p.slug, "title": p.title, "summary": p.summary, "body": p.body, "author": p.author,
            "published": p.published, "published_at": p.published_at, "cover": p.cover, "version": p.version,
        })
    }
    fn label(key: &str) -> Option<&'static str> {
        Some(match key {
            "slug" => "نشانی",
            "title" => "عنوان",
            "summary" => "خلاصه",
            "body" => "متن",
            "author" => "نویسنده",
            "published" => "انتشار",
            "cover" => "تصویر جلد",
            _ => return None,
        })
    }
}

impl Versioned for content_page::Entity {
    const NAME: &'static str = "content_page";
    const NOT_FOUND: &'static str = msg::PAGE_NOT_FOUND;
    fn id_column() -> content_page::Column {
        content_page::Column::Name
    }
    fn version_column() -> content_page::Column {
        content_page::Column::Version
    }
    fn version_of(m: &content_page::Model) -> i64 {
        m.version
    }
    fn snapshot(p: &content_page::Model) -> serde_json::Value {
        serde_json::json!({ "title": p.title, "body": p.body, "version": p.version })
    }
    fn label(key: &str) -> Option<&'static str> {
        Some(match key {
            "title" => "عنوان",
            "body" => "متن",
            _ => return None,
        })
    }
}

impl Versioned for faq::Entity {
    const NAME: &'static str = "faq";
    const NOT_FOUND: &'static str = msg::FAQ_NOT_FOUND;
    fn id_column() -> faq::Column {
        faq::Column::Id
    }
    fn version_column() -> faq::Column {
        faq::Column::Version
    }
    fn version_of(m: &faq::Model) -> i64 {
        m.version
    }
    fn snapshot(f: &faq::Model) -> serde_json::Value {
        serde_json::json!({ "question": f.question, "answer": f.answer, "position": f.position, "version": f.version })
    }
    fn label(key: &str) -> Option<&'static str> {
        Some(match key {
            "question" => "پرسش",
            "answer" => "پاسخ",
            "position" => "ترتیب",
            _ => return None,
        })
    }
}
