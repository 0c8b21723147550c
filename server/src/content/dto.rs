//! The content API's answer shapes.

use crate::platform::ResponseStatus;
use poem_openapi::Object;

use super::entity::blog_post;
use crate::catalog::fmt::{iso, jalali};
use crate::platform::http::page::PageInfo;

/// A blog post in a list.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct BlogPostSummary {
    pub id: i64,
    /// URL slug: the post lives at `/blogs/{Slug}`.
    pub slug: String,
    pub title: String,
    pub summary: String,
    pub author: String,
    /// RFC 3339, UTC.
    pub published_at: String,
    /// Persian date, e.g. `۳۰ آبان ۱۴۰۵`.
    pub published_at_jalali: String,
    /// Cover picture (drawn by code), 1x and 2x.
    pub image: String,
    pub image2x: String,
}

/// A whole blog post.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct BlogPostFull {
    #[oai(flatten)]
    pub summary: BlogPostSummary,
    /// Paragraphs.
    pub paragraphs: Vec<String>,
}

/// `GET /blog`.
#[derive(Debug, Clone, Object)]
pub struct BlogListResponse {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<BlogPostSummary>,
    #[oai(flatten)]
    pub page: PageInfo,
}

/// `GET /blog/{slug}`.
#[derive(Debug, Clone, Object)]
pub struct BlogPostResponse {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: BlogPostFull,
}

/// A content page.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct ContentPage {
    /// `about`, `contact`, `terms` or `privacy`.
    pub name: String,
    pub title: String,
    pub paragraphs: Vec<String>,
    pub updated_at: String,
}

/// `GET /pages/{name}`.
#[derive(Debug, Clone, Object)]
pub struct ContentPageResponse {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: ContentPage,
}

/// One question and answer.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct FaqEntry {
    pub id: i64,
    pub question: String,
    pub answer: String,
}

/// `GET /faq`.
#[derive(Debug, Clone, Object)]
pub struct FaqResponse {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<FaqEntry>,
}

impl From<&blog_post::Model> for BlogPostSummary {
    fn from(p: &blog_post::Model) -> Self {
        // Cover pictures reuse the product drawing (a picture of product id 1..n by post id).
        Self {
            id: p.id,
            slug: p.slug.clone(),
            title: p.title.clone(),
            summary: p.summary.clone(),
            author: p.author.clone(),
            published_at: iso(p.published_at),
            published_at_jalali: jalali(p.published_at),
            image: crate::catalog::images::url(p.id, 2, 640),
            image2x: crate::catalog::images::url(p.id, 2, 1280),
        }
    }
}
