//! Public content reads (GET, `ETag` + `Cache-Control`, 304 on a match):
//! `/api/client/v1/blog`, `/blog/{slug}`, `/pages/{name}`, `/faq`.

use poem::web::Data;
use poem::Request;
use poem_openapi::param::{Path, Query};
use poem_openapi::{Object, OpenApi};
use sea_orm::{EntityTrait, PaginatorTrait, QueryOrder, QuerySelect};

use super::entity::{blog_post, content_page, faq};
use crate::catalog::fmt::{is_slug, iso, jalali};
use crate::catalog::http_cache::{respond, Cached};
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::state::AppState;
use crate::platform::ApiTags;

/// Page names and their aliases (the web routes).
pub const PAGE_NAMES: &[(&str, &str)] = &[
    ("about", "about-us"),
    ("contact", "contact-us"),
    ("terms", "terms-of-use"),
    ("privacy", "privacy-policy"),
];

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
    pub status: String,
    pub data: Vec<BlogPostSummary>,
    #[oai(rename = "Total")]
    pub total: u64,
    #[oai(rename = "Page")]
    pub page: u64,
    #[oai(rename = "Size")]
    pub size: u64,
}

/// `GET /blog/{slug}`.
#[derive(Debug, Clone, Object)]
pub struct BlogPostResponse {
    /// `ok`.
    pub status: String,
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
    pub status: String,
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
    pub status: String,
    pub data: Vec<FaqEntry>,
}

/// Split text into paragraphs (blank-line separated).
pub fn paragraphs(body: &str) -> Vec<String> {
    body.split("\n\n").map(str::trim).filter(|p| !p.is_empty()).map(str::to_string).collect()
}

fn summary_of(p: &blog_post::Model) -> BlogPostSummary {
    // Cover pictures reuse the product drawing (a picture of product id 1..n by post id).
    BlogPostSummary {
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

/// The canonical page name for a name or alias.
pub fn page_name(name: &str) -> Option<&'static str> {
    PAGE_NAMES.iter().find(|(n, a)| *n == name || *a == name).map(|(n, _)| *n)
}

/// A post by slug (`None` for an invalid or unknown slug).
pub async fn post_by_slug<C: sea_orm::ConnectionTrait>(db: &C, slug: &str) -> Result<Option<blog_post::Model>, sea_orm::DbErr> {
    use sea_orm::{ColumnTrait, QueryFilter};
    if !is_slug(slug) {
        return Ok(None);
    }
    blog_post::Entity::find().filter(blog_post::Column::Slug.eq(slug)).one(db).await
}

const POST_NOT_FOUND: &str = "مطلب مورد نظر یافت نشد.";
const PAGE_NOT_FOUND: &str = "صفحه مورد نظر یافت نشد!";

/// Content API.
pub struct ContentApi;

#[OpenApi(prefix_path = "/api/client/v1", tag = "ApiTags::Catalog")]
impl ContentApi {
    /// Blog posts, newest first. `page` from 1; `size` 1..=60 (larger is capped at 60).
    #[oai(path = "/blog", method = "get")]
    async fn blog(
        &self,
        state: Data<&AppState>,
        req: &Request,
        page: Query<Option<i64>>,
        size: Query<Option<i64>>,
    ) -> ApiResult<Cached<BlogListResponse>> {
        let (page, size) = crate::catalog::api::page_and_size(page.0, size.0, 12)?;
        let total = blog_post::Entity::find().count(&state.db).await?;
        let offset = (page - 1).saturating_mul(size);
        let rows = if offset >= total {
            Vec::new()
        } else {
            blog_post::Entity::find()
                .order_by_desc(blog_post::Column::PublishedAt)
                .order_by_desc(blog_post::Column::Id)
                .offset(offset)
                .limit(size)
                .all(&state.db)
                .await?
        };
        Ok(respond(
            req,
            BlogListResponse { status: "ok".into(), data: rows.iter().map(summary_of).collect(), total, page, size },
        ))
    }

    /// One blog post by slug; an unknown or malformed slug gives 404.
    #[oai(path = "/blog/:slug", method = "get")]
    async fn blog_post(&self, state: Data<&AppState>, req: &Request, slug: Path<String>) -> ApiResult<Cached<BlogPostResponse>> {
        let p = post_by_slug(&state.db, &slug.0)
            .await?
            .ok_or_else(|| ApiError::not_found_field("slug", POST_NOT_FOUND))?;
        Ok(respond(
            req,
            BlogPostResponse { status: "ok".into(), data: BlogPostFull { summary: summary_of(&p), paragraphs: paragraphs(&p.body) } },
        ))
    }

    /// A content page: `about`, `contact`, `terms`, `privacy` (or the web route names
    /// `about-us`, `contact-us`, `terms-of-use`, `privacy-policy`).
    #[oai(path = "/pages/:name", method = "get")]
    async fn page(&self, state: Data<&AppState>, req: &Request, name: Path<String>) -> ApiResult<Cached<ContentPageResponse>> {
        let name = page_name(&name.0).ok_or_else(|| ApiError::not_found_field("name", PAGE_NOT_FOUND))?;
        let p = content_page::Entity::find_by_id(name.to_string())
            .one(&state.db)
            .await?
            .ok_or_else(|| ApiError::not_found_field("name", PAGE_NOT_FOUND))?;
        Ok(respond(
            req,
            ContentPageResponse {
                status: "ok".into(),
                data: ContentPage { name: p.name, title: p.title, paragraphs: paragraphs(&p.body), updated_at: iso(p.updated_at) },
            },
        ))
    }

    /// Frequently asked questions, in order.
    #[oai(path = "/faq", method = "get")]
    async fn faq(&self, state: Data<&AppState>, req: &Request) -> ApiResult<Cached<FaqResponse>> {
        let rows = faq::Entity::find()
            .order_by_asc(faq::Column::Position)
            .order_by_asc(faq::Column::Id)
            .all(&state.db)
            .await?;
        Ok(respond(
            req,
            FaqResponse {
                status: "ok".into(),
                data: rows.into_iter().map(|f| FaqEntry { id: f.id, question: f.question, answer: f.answer }).collect(),
            },
        ))
    }
}
