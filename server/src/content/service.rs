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
    blog_post::Entity::find().filter(blog_post::Column::Slug.eq(slug)).one(db).await
}
