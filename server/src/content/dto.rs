//! The content API's answer shapes.

use crate::platform::ResponseStatus;
use poem_openapi::Object;

use super::entity::{blog_post, content_page, faq};
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
    /// Cover picture (the uploaded one, else drawn by code), 1x and 2x.
    pub image: String,
    pub image2x: String,
}

/// A whole blog post.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct BlogPostFull {
    #[oai(flatten)]
    pub summary: BlogPostSummary,
    /// Paragraphs of the Markdown source (as text).
    pub paragraphs: Vec<String>,
    /// The body as safe HTML (`content::view::render_markdown`: raw HTML escaped, only safe
    /// link addresses).
    pub html: String,
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
    /// The body as safe HTML (as a blog post's `Html`).
    pub html: String,
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
    /// The answer as safe HTML (as a blog post's `Html`).
    pub answer_html: String,
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
        Self {
            id: p.id,
            slug: p.slug.clone(),
            title: p.title.clone(),
            summary: p.summary.clone(),
            author: p.author.clone(),
            published_at: iso(p.published_at),
            published_at_jalali: jalali(p.published_at),
            image: super::service::cover_url(p, 640),
            image2x: super::service::cover_url(p, 1280),
        }
    }
}

// ---- The back office ----

/// A blog post as the back office edits it.
#[derive(Debug, Clone, Object)]
#[oai(rename = "BlogPostAdmin")]
pub struct BlogPostAdmin {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub summary: String,
    /// Markdown.
    pub body: String,
    pub author: String,
    pub published: bool,
    /// Persian date it was published (empty for a draft never published).
    pub published_jalali: String,
    /// The cover's address (the drawn picture until one is uploaded).
    pub cover_url: String,
    /// A cover was uploaded.
    pub has_cover: bool,
    pub version: i64,
}

impl From<&blog_post::Model> for BlogPostAdmin {
    fn from(p: &blog_post::Model) -> Self {
        Self {
            id: p.id,
            slug: p.slug.clone(),
            title: p.title.clone(),
            summary: p.summary.clone(),
            body: p.body.clone(),
            author: p.author.clone(),
            published: p.published,
            published_jalali: if p.published_at > 0 { jalali(p.published_at) } else { String::new() },
            cover_url: super::service::cover_url(p, 640),
            has_cover: !p.cover.is_empty(),
            version: p.version,
        }
    }
}

/// `content/blog/list` request.
#[derive(Debug, Object)]
pub struct BlogAdminListReq {
    /// From 1.
    #[oai(default = "first_page")]
    pub page: u64,
}

fn first_page() -> u64 {
    1
}

/// `content/blog/list` answer: drafts and published posts, newest first.
#[derive(Debug, Object)]
pub struct BlogAdminListResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<BlogPostAdmin>,
    pub total: u64,
    pub per_page: u64,
}

/// `content/blog/save`: a new post (no `id`) or an edit of `id` from `version`.
#[derive(Debug, Object)]
pub struct BlogSaveReq {
    pub id: Option<i64>,
    #[oai(default)]
    pub version: i64,
    /// The address `/blogs/{slug}`: lowercase ASCII letters, digits and dashes.
    pub slug: String,
    pub title: String,
    #[oai(default)]
    pub summary: String,
    /// Markdown (raw HTML is shown as text).
    pub body: String,
    #[oai(default)]
    pub author: String,
    /// On /blog; a draft is seen only here.
    #[oai(default)]
    pub published: bool,
}

/// `content/blog/save` and `content/blog/cover` answer.
#[derive(Debug, Object)]
pub struct BlogAdminResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: BlogPostAdmin,
}

/// A content page as the back office edits it.
#[derive(Debug, Clone, Object)]
#[oai(rename = "ContentPageAdmin")]
pub struct ContentPageAdmin {
    /// `about`, `contact`, `terms` or `privacy`.
    pub name: String,
    pub title: String,
    /// Markdown.
    pub body: String,
    /// Persian date of the last change.
    pub updated_jalali: String,
    pub version: i64,
}

impl From<&content_page::Model> for ContentPageAdmin {
    fn from(p: &content_page::Model) -> Self {
        Self { name: p.name.clone(), title: p.title.clone(), body: p.body.clone(), updated_jalali: jalali(p.updated_at), version: p.version }
    }
}

/// `content/page/list` answer.
#[derive(Debug, Object)]
pub struct PageAdminListResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<ContentPageAdmin>,
}

/// `content/page/save`: an edit of page `name` from `version`.
#[derive(Debug, Object)]
pub struct PageSaveReq {
    pub name: String,
    pub version: i64,
    pub title: String,
    /// Markdown.
    pub body: String,
}

/// `content/page/save` answer.
#[derive(Debug, Object)]
pub struct PageAdminResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: ContentPageAdmin,
}

/// An FAQ entry as the back office edits it.
#[derive(Debug, Clone, Object)]
#[oai(rename = "FaqAdmin")]
pub struct FaqAdmin {
    pub id: i64,
    pub question: String,
    /// Markdown.
    pub answer: String,
    pub position: i32,
    pub version: i64,
}

impl From<&faq::Model> for FaqAdmin {
    fn from(f: &faq::Model) -> Self {
        Self { id: f.id, question: f.question.clone(), answer: f.answer.clone(), position: f.position, version: f.version }
    }
}

/// `content/faq/list` answer.
#[derive(Debug, Object)]
pub struct FaqAdminListResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<FaqAdmin>,
}

/// `content/faq/save`: a new entry (no `id`) or an edit of `id` from `version`.
#[derive(Debug, Object)]
pub struct FaqSaveReq {
    pub id: Option<i64>,
    #[oai(default)]
    pub version: i64,
    pub question: String,
    /// Markdown.
    pub answer: String,
    #[oai(default)]
    pub position: i32,
}

/// `content/faq/save` and `content/faq/remove` answer.
#[derive(Debug, Object)]
pub struct FaqAdminResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: FaqAdmin,
}

/// `content/faq/remove`.
#[derive(Debug, Object)]
pub struct FaqRemoveReq {
    pub id: i64,
    pub version: i64,
}

/// `content/preview`: Markdown to show as the storefront will.
#[derive(Debug, Object)]
pub struct PreviewReq {
    /// Markdown (at most 100,000 characters).
    pub markdown: String,
}

/// `content/preview` answer.
#[derive(Debug, Object)]
pub struct PreviewResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// The same safe HTML the storefront shows.
    pub html: String,
}

/// A blog post's cover: the uploaded picture, served for a year (its name changes with it).
#[derive(poem_openapi::ApiResponse)]
pub enum CoverResponse {
    /// The picture.
    #[oai(status = 200)]
    Ok(
        poem_openapi::payload::Binary<Vec<u8>>,
        #[oai(header = "Content-Type")] String,
        #[oai(header = "Cache-Control")] String,
        #[oai(header = "X-Content-Type-Options")] String,
    ),
}

/// `content/blog/cover`: a post's cover picture (multipart/form-data).
#[derive(Debug, poem_openapi::Multipart)]
// A part the form does not name is refused (400), as the document says (additionalProperties: false).
#[oai(deny_unknown_fields)]
pub struct BlogCoverForm {
    /// The post.
    pub id: i64,
    /// The version the form was opened at.
    pub version: i64,
    /// One picture: jpg, jpeg, png or webp, at most 1 MB; its first bytes must match its type.
    pub file: poem_openapi::types::multipart::Upload,
}
