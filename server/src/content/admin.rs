//! `POST /api/admin/v1/content/…` (role `catalogue`): blog posts (with an uploaded cover),
//! the about/contact/terms/privacy pages and the FAQ, written in Markdown, and `preview`,
//! which renders Markdown with the storefront's one renderer (`view::render_markdown`), so
//! what staff see before saving is what shoppers get. Every save names the version it was
//! made from and is audited. The storefront reads these tables on each request.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use shop_core::forms::{self, page, Values};
use shop_core::validation::{validate_upload, SIGNATURE_BYTES};

use super::dto::*;
use super::entity::{blog_post, content_page, faq};
use super::service::{msg, PAGE_NAMES};
use super::view::render_markdown;
use crate::audit::service::EditError;
use crate::audit::versioned;
use crate::auth::CatalogueStaff;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::files::FileKey;
use crate::platform::{form, ResponseStatus};
use crate::state::AppState;

/// Posts per page of the back office's list.
pub const PER_PAGE: u64 = 30;
/// The longest Markdown body (characters).
pub const MAX_BODY: usize = page::MAX_BODY_CHARS as usize;
/// The cover upload's path and body limit (a 1 MB picture and the form around it).
pub const COVER_UPLOAD: (&str, usize) = ("/api/admin/v1/content/blog/cover", shop_core::validation::MAX_FILE_BYTES as usize + 64 * 1024);

fn refused((field, m): form::Refusal) -> ApiError {
    ApiError::invalid(field, m)
}

/// The content calls of the back office.
pub struct ContentAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/content", tag = "crate::platform::ApiTags::BackOffice")]
impl ContentAdminApi {
    /// Blog posts (staff)
    ///
    /// Drafts and published posts, newest first, 30 a page, with the Markdown and version.
    #[oai(path = "/blog/list", method = "post", operation_id = "admin_content_blog_list")]
    async fn blog_list(&self, _staff: CatalogueStaff, state: Data<&AppState>, body: Json<BlogAdminListReq>) -> ApiResult<Json<BlogAdminListResp>> {
        let page = body.page.clamp(1, 1_000_000);
        let total = blog_post::Entity::find().count(&state.db).await?;
        let rows = blog_post::Entity::find()
            .order_by_desc(blog_post::Column::Id)
            .offset((page - 1) * PER_PAGE)
            .limit(PER_PAGE)
            .all(&state.db)
            .await?;
        Ok(Json(BlogAdminListResp { status: ResponseStatus::Ok, data: rows.iter().map(BlogPostAdmin::from).collect(), total, per_page: PER_PAGE }))
    }

    /// Add or edit a blog post
    ///
    /// Without `id` a new post; with `id` an edit from `version` (409 naming what changed
    /// since). `published` puts it on /blog (dated the first time); a draft is seen only here.
    /// The slug is lowercase ASCII letters, digits and dashes, one per post.
    #[oai(path = "/blog/save", method = "post", operation_id = "admin_content_blog_save")]
    async fn blog_save(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<BlogSaveReq>) -> ApiResult<Json<BlogAdminResp>> {
        let b = &body.0;
        let input = forms::blog_post::parse(&Values::from_pairs([
            ("slug", b.slug.as_str()),
            ("title", &b.title),
            ("summary", &b.summary),
            ("body", &b.body),
            ("author", &b.author),
        ]))?;
        let published = b.published;
        let taken = blog_post::Entity::find()
            .filter(blog_post::Column::Slug.eq(input.slug.as_str()))
            .filter(blog_post::Column::Id.ne(body.id.unwrap_or(0)))
            .count(&state.db)
            .await?;
        if taken > 0 {
            return Err(ApiError::invalid("slug", msg::SLUG_TAKEN));
        }
        let now = state.clock.unix();
        let am = |published_at: i64| blog_post::ActiveModel {
            slug: Set(input.slug.clone()),
            title: Set(input.title.clone()),
            summary: Set(input.summary.clone()),
            body: Set(input.body.clone()),
            author: Set(input.author.clone()),
            published: Set(published),
            published_at: Set(published_at),
            ..Default::default()
        };
        let row = match body.id {
            None => {
                let mut new = am(if published { now } else { 0 });
                new.cover = Set(String::new());
                versioned::create::<blog_post::Entity>(&state.db, &staff.actor(), "blog.create", new, now).await
            }
            Some(id) => {
                versioned::update::<blog_post::Entity>(&state.db, &staff.actor(), id, body.version, "blog.update", |before| {
                    // Dated when first published; a later edit keeps the date.
                    let first = published && before.published_at == 0;
                    Ok(am(if first { now } else { before.published_at }))
                }, now)
                .await
            }
        }
        .map_err(|e| slug_race(e))?;
        Ok(Json(BlogAdminResp { status: ResponseStatus::Ok, data: BlogPostAdmin::from(&row) }))
    }

    /// Upload a blog post's cover
    ///
    /// multipart/form-data: `id`, `version` and one `file` (jpg, jpeg, png or webp, at most
    /// 1 MB; its first bytes must match its type, core's file rules). Stored under a name the
    /// server makes; the post shows it at once. 409 when the post moved on since `version`.
    #[oai(path = "/blog/cover", method = "post", operation_id = "admin_content_blog_cover")]
    async fn blog_cover(&self, staff: CatalogueStaff, state: Data<&AppState>, form: BlogCoverForm) -> ApiResult<Json<BlogAdminResp>> {
        let name = crate::ticket::service::display_name(form.file.file_name().unwrap_or_default());
        let bytes = form.file.into_vec().await.map_err(|_| ApiError::bad_request(crate::platform::error::msg::BAD_REQUEST))?;
        let head = &bytes[..bytes.len().min(SIGNATURE_BYTES)];
        validate_upload("تصویر جلد", &name, bytes.len() as u64, head).map_err(|e| ApiError::invalid("file", e.message))?;
        let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
        if !shop_core::validation::content_type_of(&name).is_some_and(|t| t.starts_with("image/")) {
            return Err(ApiError::invalid("file", msg::COVER_NOT_IMAGE));
        }
        let key = FileKey::generate("blog", if ext == "jpeg" { "jpg" } else { &ext });
        state.files.put(&key, &bytes).await.map_err(ApiError::internal)?;
        let stored = key.as_str().to_string();
        let saved = versioned::update::<blog_post::Entity>(&state.db, &staff.actor(), form.id, form.version, "blog.cover", |_| {
            Ok(blog_post::ActiveModel { cover: Set(stored), ..Default::default() })
        }, state.clock.unix())
        .await;
        let row = match saved {
            Ok(row) => row,
            Err(e) => {
                let _ = state.files.delete(&key).await;
                return Err(e.into());
            }
        };
        Ok(Json(BlogAdminResp { status: ResponseStatus::Ok, data: BlogPostAdmin::from(&row) }))
    }

    /// Content pages (staff)
    ///
    /// About, contact, terms and privacy, with their Markdown and version.
    #[oai(path = "/page/list", method = "post", operation_id = "admin_content_page_list")]
    async fn page_list(&self, _staff: CatalogueStaff, state: Data<&AppState>) -> ApiResult<Json<PageAdminListResp>> {
        let rows = content_page::Entity::find().all(&state.db).await?;
        let order = |n: &str| PAGE_NAMES.iter().position(|(p, _)| *p == n).unwrap_or(usize::MAX);
        let mut data: Vec<ContentPageAdmin> = rows.iter().map(ContentPageAdmin::from).collect();
        data.sort_by_key(|p| order(&p.name));
        Ok(Json(PageAdminListResp { status: ResponseStatus::Ok, data }))
    }

    /// Edit a content page
    ///
    /// Its title and Markdown body, from `version` (409 naming what changed since).
    #[oai(path = "/page/save", method = "post", operation_id = "admin_content_page_save")]
    async fn page_save(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<PageSaveReq>) -> ApiResult<Json<PageAdminResp>> {
        let page = page::parse(&Values::from_pairs([("title", body.title.as_str()), ("body", &body.body)]))?;
        let (title, text) = (page.title, page.body);
        let now = state.clock.unix();
        let name = super::service::page_name(&body.name).ok_or_else(|| ApiError::not_found_field("name", msg::PAGE_NOT_FOUND))?;
        let row = versioned::update::<content_page::Entity>(&state.db, &staff.actor(), name.to_string(), body.version, "page.update", |_| {
            Ok(content_page::ActiveModel { title: Set(title), body: Set(text), updated_at: Set(now), ..Default::default() })
        }, now)
        .await?;
        Ok(Json(PageAdminResp { status: ResponseStatus::Ok, data: ContentPageAdmin::from(&row) }))
    }

    /// FAQ (staff)
    #[oai(path = "/faq/list", method = "post", operation_id = "admin_content_faq_list")]
    async fn faq_list(&self, _staff: CatalogueStaff, state: Data<&AppState>) -> ApiResult<Json<FaqAdminListResp>> {
        let rows = faq::Entity::find().order_by_asc(faq::Column::Position).order_by_asc(faq::Column::Id).all(&state.db).await?;
        Ok(Json(FaqAdminListResp { status: ResponseStatus::Ok, data: rows.iter().map(FaqAdmin::from).collect() }))
    }

    /// Add or edit an FAQ entry
    ///
    /// Without `id` a new entry; with `id` an edit from `version` (409 when stale).
    #[oai(path = "/faq/save", method = "post", operation_id = "admin_content_faq_save")]
    async fn faq_save(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<FaqSaveReq>) -> ApiResult<Json<FaqAdminResp>> {
        let position = body.position.to_string();
        let f = forms::faq::parse(&Values::from_pairs([("question", body.question.as_str()), ("answer", &body.answer), ("position", &position)]))?;
        let am = faq::ActiveModel { question: Set(f.question), answer: Set(f.answer), position: Set(f.position), ..Default::default() };
        let now = state.clock.unix();
        let row = match body.id {
            None => versioned::create::<faq::Entity>(&state.db, &staff.actor(), "faq.create", am, now).await?,
            Some(id) => versioned::update::<faq::Entity>(&state.db, &staff.actor(), id, body.version, "faq.update", |_| Ok(am), now).await?,
        };
        Ok(Json(FaqAdminResp { status: ResponseStatus::Ok, data: FaqAdmin::from(&row) }))
    }

    /// Remove an FAQ entry
    ///
    /// From `version` (409 when stale); the audit log keeps what it was.
    #[oai(path = "/faq/remove", method = "post", operation_id = "admin_content_faq_remove")]
    async fn faq_remove(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<FaqRemoveReq>) -> ApiResult<Json<FaqAdminResp>> {
        let row = versioned::remove::<faq::Entity>(&state.db, &staff.actor(), body.id, body.version, "faq.remove", state.clock.unix()).await?;
        Ok(Json(FaqAdminResp { status: ResponseStatus::Ok, data: FaqAdmin::from(&row) }))
    }

    /// Preview Markdown
    ///
    /// The HTML the storefront will show for it (raw HTML escaped, unsafe links dropped).
    #[oai(path = "/preview", method = "post", operation_id = "admin_content_preview")]
    async fn preview(&self, _staff: CatalogueStaff, body: Json<PreviewReq>) -> ApiResult<Json<PreviewResp>> {
        let text = form::at_most("markdown", "متن", form::block(&body.markdown), MAX_BODY).map_err(refused)?;
        Ok(Json(PreviewResp { status: ResponseStatus::Ok, html: render_markdown(&text) }))
    }
}

/// Two new posts racing for one slug: the unique index refuses the second, as a taken slug.
fn slug_race(e: EditError) -> ApiError {
    match &e {
        EditError::Db(db) if db.to_string().to_ascii_lowercase().contains("unique") => ApiError::invalid("slug", msg::SLUG_TAKEN),
        _ => e.into(),
    }
}
