//! `POST /api/admin/v1/catalog/products/{uid}/pictures/{list,upload,arrange,delete}`: a
//! product's uploaded pictures, for staff with the `catalogue` role (work in `pictures.rs`),
//! and `GET /api/client/v1/catalog/pictures/{name}`: their WebP files for everyone.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};

use super::entity::picture;
use super::pictures::{self, PictureError};
use crate::auth::CatalogueStaff;
use crate::platform::error::{msg, ApiError, ApiResult, ErrorBody};
use crate::platform::ResponseStatus;
use crate::state::AppState;

/// The upload's body limit: the largest picture and the form around it.
pub const UPLOAD_BODY_LIMIT: usize = pictures::MAX_UPLOAD_BYTES as usize + 64 * 1024;

/// The calls that take a picture, with their body limit (read by the request pipeline).
pub const UPLOAD_BODY_LIMITS: &[(&str, usize)] = &[("/api/admin/v1/catalog/products/*/pictures/upload", UPLOAD_BODY_LIMIT)];

impl From<PictureError> for ApiError {
    fn from(e: PictureError) -> Self {
        match e {
            PictureError::Invalid(field, m) => ApiError::invalid(field, m),
            PictureError::ProductNotFound => ApiError::not_found_field("uid", e.to_string()),
            PictureError::NotFound => ApiError::not_found_field("id", e.to_string()),
            PictureError::Db(db) => ApiError::internal(db),
            PictureError::Files(io) => ApiError::internal(io),
            PictureError::Worker(w) => ApiError::internal(w),
        }
    }
}

/// One picture of a product.
#[derive(Debug, Object)]
pub struct PictureView {
    pub id: i64,
    /// 0 first.
    pub position: i32,
    /// The product's main picture.
    pub main: bool,
    /// The original's size in pixels.
    pub width: i32,
    pub height: i32,
    /// The smallest file (for a thumbnail).
    pub src: String,
    /// Every file with its width (`srcset`).
    pub src_set: String,
}

/// A product's pictures in their order.
#[derive(Debug, Object)]
pub struct PicturesResp {
    pub status: ResponseStatus,
    pub data: Vec<PictureView>,
    /// At most this many per product.
    pub max: u32,
}

/// `pictures/upload`: one picture (multipart/form-data).
#[derive(Debug, Multipart)]
// A part the form does not name is refused (400), as the document says (additionalProperties: false).
#[oai(deny_unknown_fields)]
pub struct PictureUploadForm {
    /// JPEG, PNG or WebP, at most 10 MB and 40 megapixels.
    pub file: Option<Upload>,
}

/// `pictures/arrange`: the order and the main one.
#[derive(Debug, Object)]
pub struct PictureArrangeReq {
    /// Every picture id of the product, once, first to last.
    #[oai(default)]
    pub order: Vec<i64>,
    /// The main picture's id.
    #[oai(default)]
    pub main: i64,
}

/// `pictures/delete`: which.
#[derive(Debug, Object)]
pub struct PictureIdReq {
    #[oai(default)]
    pub id: i64,
}

/// A picture file.
#[derive(ApiResponse)]
pub enum PictureFile {
    /// WebP, cached for a year (the name carries the content's hash).
    #[oai(status = 200)]
    Ok(Binary<Vec<u8>>, #[oai(header = "Content-Type")] String, #[oai(header = "Cache-Control")] String),
    /// No such picture.
    #[oai(status = 404)]
    NotFound(Json<ErrorBody>),
}

fn widths(p: &picture::Model) -> Vec<u32> {
    p.widths.split(',').filter_map(|w| w.parse().ok()).collect()
}

/// `srcset` of an uploaded picture.
pub fn src_set(p: &picture::Model) -> String {
    widths(p).iter().map(|w| format!("{} {w}w", pictures::url(&p.stem, *w))).collect::<Vec<_>>().join(", ")
}

fn view(p: &picture::Model) -> PictureView {
    let smallest = widths(p).first().copied().unwrap_or(320);
    PictureView {
        id: p.id,
        position: p.position,
        main: p.is_main,
        width: p.width,
        height: p.height,
        src: pictures::url(&p.stem, smallest),
        src_set: src_set(p),
    }
}

fn answer(rows: Vec<picture::Model>) -> Json<PicturesResp> {
    Json(PicturesResp { status: ResponseStatus::Ok, data: rows.iter().map(view).collect(), max: pictures::MAX_PER_PRODUCT as u32 })
}

/// The staff picture calls.
pub struct CataloguePicturesAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/catalog/products", tag = "crate::platform::ApiTags::BackOffice")]
impl CataloguePicturesAdminApi {
    /// A product's pictures (staff)
    ///
    /// In their order, the main one marked. Unknown uid: 404.
    #[oai(path = "/:uid/pictures/list", method = "post", operation_id = "admin_catalog_pictures_list")]
    async fn list(&self, _staff: CatalogueStaff, state: Data<&AppState>, uid: Path<String>) -> ApiResult<Json<PicturesResp>> {
        let p = pictures::product_by_uid(&state.db, &uid.0).await?;
        Ok(answer(pictures::list(&state.db, p.id).await?))
    }

    /// Upload a picture of a product (staff)
    ///
    /// multipart/form-data with one `file`: JPEG, PNG or WebP (the first bytes must match the
    /// extension), at most 10 MB and 40 megapixels (read from the header before decoding); a
    /// truncated or corrupt file, an SVG or a PDF is refused (422 naming `file`). WebP files are
    /// made at the breakpoint widths at 1x and 2x. At most 12 pictures per product and a byte
    /// quota per product and in all. The first picture is the main one. Audited.
    #[oai(path = "/:uid/pictures/upload", method = "post", operation_id = "admin_catalog_pictures_upload")]
    async fn upload(&self, staff: CatalogueStaff, state: Data<&AppState>, uid: Path<String>, form: PictureUploadForm) -> ApiResult<Json<PicturesResp>> {
        let Some(file) = form.file else { return Err(ApiError::invalid(pictures::FIELD, pictures::NO_FILE)) };
        let name = file.file_name().unwrap_or_default().to_string();
        let bytes = file.into_vec().await.map_err(|_| ApiError::bad_request(msg::BAD_REQUEST))?;
        let rows = pictures::upload(&state.db, state.files.as_ref(), &staff.actor(), &uid.0, name, bytes, state.clock.unix()).await?;
        Ok(answer(rows))
    }

    /// Order a product's pictures and choose the main one (staff)
    ///
    /// `order` holds every picture id of the product once (422 naming `order` otherwise);
    /// `main` one of them (422 naming `main`). Audited.
    #[oai(path = "/:uid/pictures/arrange", method = "post", operation_id = "admin_catalog_pictures_arrange")]
    async fn arrange(&self, staff: CatalogueStaff, state: Data<&AppState>, uid: Path<String>, body: Json<PictureArrangeReq>) -> ApiResult<Json<PicturesResp>> {
        let rows = pictures::arrange(&state.db, &staff.actor(), &uid.0, &body.order, body.main, state.clock.unix()).await?;
        Ok(answer(rows))
    }

    /// Remove a picture of a product (staff)
    ///
    /// When it was the main one, the first left becomes the main one. Audited.
    #[oai(path = "/:uid/pictures/delete", method = "post", operation_id = "admin_catalog_pictures_delete")]
    async fn delete(&self, staff: CatalogueStaff, state: Data<&AppState>, uid: Path<String>, body: Json<PictureIdReq>) -> ApiResult<Json<PicturesResp>> {
        let rows = pictures::delete(&state.db, state.files.as_ref(), &staff.actor(), &uid.0, body.id, state.clock.unix()).await?;
        Ok(answer(rows))
    }
}

/// The public picture files.
pub struct PictureFilesApi;

#[OpenApi(prefix_path = "/api/client/v1/catalog", tag = "crate::platform::ApiTags::Catalog")]
impl PictureFilesApi {
    /// An uploaded product picture
    ///
    /// `{hash}-{width}.webp`, as a product's `SrcSet` names it. Cached for a year (immutable:
    /// the name is the content's hash).
    #[oai(path = "/pictures/:name", method = "get", operation_id = "catalog_picture")]
    async fn picture(&self, state: Data<&AppState>, name: Path<String>) -> PictureFile {
        let not_found = || PictureFile::NotFound(Json(ErrorBody::new(crate::catalog::service::msg::PICTURE_NOT_FOUND, Some("name"))));
        let Some(key) = pictures::parse_name(&name.0) else { return not_found() };
        match state.files.get(&key).await {
            Ok(Some(bytes)) => PictureFile::Ok(Binary(bytes), "image/webp".into(), "public, max-age=31536000, immutable".into()),
            Ok(None) => not_found(),
            Err(e) => {
                tracing::error!(error = %e, "picture file unreadable");
                not_found()
            }
        }
    }
}
