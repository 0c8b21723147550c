//! Public content reads (GET, `ETag` + `Cache-Control`, 304 on a match):
//! `/api/client/v1/blog`, `/blog/{slug}`, `/pages/{name}`, `/faq`.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem::Request;
use poem_openapi::param::{Path, Query};
use poem_openapi::OpenApi;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};

use super::dto::*;
use super::entity::{blog_post, content_page, faq};
use super::service::{msg, page_name, paragraphs, post_by_slug};
use super::view::render_markdown;
use crate::platform::files::FileKey;
use crate::catalog::fmt::iso;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::http::cache::{respond, Cached};
use crate::platform::http::page::Paging;
use crate::platform::ApiTags;
use crate::state::AppState;

/// Content API.
pub struct ContentApi;

#[OpenApi(prefix_path = "/api/client/v1", tag = "ApiTags::Catalog")]
impl ContentApi {
    /// Blog posts, newest first. `page` from 1; `size` 1..=60 (larger is capped at 60).
    #[oai(path = "/blog", method = "get", operation_id = "content_blog")]
    async fn blog(
        &self,
        state: Data<&AppState>,
        req: &Request,
        page: Query<Option<i64>>,
        size: Query<Option<i64>>,
    ) -> ApiResult<Cached<BlogListResponse>> {
        let paging = Paging::parse(page.0, size.0, 12)?;
        let published = || blog_post::Entity::find().filter(blog_post::Column::Published.eq(true));
        let total = published().count(&state.db).await?;
        let rows = if paging.offset() >= total {
            Vec::new()
        } else {
            published()
                .order_by_desc(blog_post::Column::PublishedAt)
                .order_by_desc(blog_post::Column::Id)
                .offset(paging.offset())
                .limit(paging.size)
                .all(&state.db)
                .await?
        };
        Ok(respond(
            req,
            BlogListResponse { status: ResponseStatus::Ok, data: rows.iter().map(BlogPostSummary::from).collect(), page: paging.info(total) },
        ))
    }

    /// One blog post by slug; an unknown or malformed slug gives 404.
    #[oai(path = "/blog/:slug", method = "get", operation_id = "content_blog_post")]
    async fn blog_post(&self, state: Data<&AppState>, req: &Request, slug: Path<String>) -> ApiResult<Cached<BlogPostResponse>> {
        let p = post_by_slug(&state.db, &slug.0)
            .await?
            .ok_or_else(|| ApiError::not_found_field("slug", msg::POST_NOT_FOUND))?;
        Ok(respond(
            req,
            BlogPostResponse { status: ResponseStatus::Ok, data: BlogPostFull { summary: BlogPostSummary::from(&p), paragraphs: paragraphs(&p.body), html: render_markdown(&p.body) } },
        ))
    }

    /// A content page: `about`, `contact`, `terms`, `privacy` (or the web route names
    /// `about-us`, `contact-us`, `terms-of-use`, `privacy-policy`).
    #[oai(path = "/pages/:name", method = "get", operation_id = "content_page")]
    async fn page(&self, state: Data<&AppState>, req: &Request, name: Path<String>) -> ApiResult<Cached<ContentPageResponse>> {
        let name = page_name(&name.0).ok_or_else(|| ApiError::not_found_field("name", msg::PAGE_NOT_FOUND))?;
        let p = content_page::Entity::find_by_id(name.to_string())
            .one(&state.db)
            .await?
            .ok_or_else(|| ApiError::not_found_field("name", msg::PAGE_NOT_FOUND))?;
        Ok(respond(
            req,
            ContentPageResponse {
                status: ResponseStatus::Ok,
                data: ContentPage {
                    html: render_markdown(&p.body),
                    name: p.name,
                    title: p.title,
                    paragraphs: paragraphs(&p.body),
                    updated_at: iso(p.updated_at),
                },
            },
        ))
    }

    /// Frequently asked questions, in order.
    #[oai(path = "/faq", method = "get", operation_id = "content_faq")]
    async fn faq(&self, state: Data<&AppState>, req: &Request) -> ApiResult<Cached<FaqResponse>> {
        let rows = faq::Entity::find()
            .order_by_asc(faq::Column::Position)
            .order_by_asc(faq::Column::Id)
            .all(&state.db)
            .await?;
        Ok(respond(
            req,
            FaqResponse {
                status: ResponseStatus::Ok,
                data: rows
                    .into_iter()
                    .map(|f| FaqEntry { answer_html: render_markdown(&f.answer), id: f.id, question: f.question, answer: f.answer })
                    .collect(),
            },
        ))
    }

    /// A blog post's uploaded cover
    ///
    /// `file` is the name in a post's `Image` address; served with its type, `nosniff` and a
    /// year's cache (a new cover gets a new name). Unknown: 404.
    #[oai(path = "/blog/cover/:file", method = "get", operation_id = "content_blog_cover")]
    async fn cover(&self, state: Data<&AppState>, file: Path<String>) -> ApiResult<CoverResponse> {
        let not_found = || ApiError::not_found_field("file", msg::POST_NOT_FOUND);
        let key = FileKey::parse(&format!("blog/{}", file.0)).ok_or_else(not_found)?;
        let content_type = shop_core::validation::content_type_of(key.as_str()).filter(|t| t.starts_with("image/")).ok_or_else(not_found)?;
        let bytes = state.files.get(&key).await.map_err(ApiError::internal)?.ok_or_else(not_found)?;
        Ok(CoverResponse::Ok(
            poem_openapi::payload::Binary(bytes),
            content_type.to_string(),
            "public, max-age=31536000, immutable".into(),
            "nosniff".into(),
        ))
    }
}
