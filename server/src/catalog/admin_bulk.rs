//! `POST /api/admin/v1/catalog/prices/{preview,apply}` and `GET …/prices/export`: bulk prices
//! and stock from a price sheet, for staff with the `catalogue` role. The work is in `bulk.rs`
//! (read → preview → apply); decisions in docs/decisions.md "Bulk prices and stock".

use poem::web::Data;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiRequest, ApiResponse, Multipart, Object, OpenApi};

use super::bulk::{self, BulkError};
use crate::auth::CatalogueStaff;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

/// The preview call's body limit: the largest sheet and the form around it.
pub const PREVIEW_BODY_LIMIT: usize = bulk::MAX_FILE_BYTES + 64 * 1024;

/// The calls that take a sheet, with their body limit (read by the request pipeline).
pub const UPLOAD_BODY_LIMITS: &[(&str, usize)] = &[("/api/admin/v1/catalog/prices/preview", PREVIEW_BODY_LIMIT)];

impl From<BulkError> for ApiError {
    fn from(e: BulkError) -> Self {
        match e {
            BulkError::File(m) => ApiError::invalid("file", m),
            BulkError::NoPreview => ApiError::not_found_field("token", e.to_string()),
            BulkError::Moved(m) => ApiError::conflict(m),
            BulkError::Db(db) => ApiError::internal(db),
        }
    }
}

/// A price sheet as a form: one `file` (CSV).
#[derive(Debug, Multipart)]
// A part the form does not name is refused (400), as the document says (additionalProperties: false).
#[oai(deny_unknown_fields)]
pub struct PriceSheetForm {
    /// The sheet: CSV with a header row `id` and/or `sku`, `price`, `stock` (optional `name`),
    /// UTF-8 (a BOM is fine), UTF-16 with a BOM, or Windows-1256; at most 4 MB, 20,000 rows.
    pub file: Option<Upload>,
}

/// The sheet: a form with a `file`, or the CSV itself as the body.
#[derive(Debug, ApiRequest)]
pub enum PriceSheetBody {
    /// multipart/form-data with one `file`.
    Form(PriceSheetForm),
    /// The CSV as the body.
    #[oai(content_type = "text/csv")]
    Csv(Binary<Vec<u8>>),
}

/// One change the sheet makes.
#[derive(Debug, Object)]
pub struct PriceChangeView {
    /// Line in the file (the header is line 1).
    pub line: u64,
    pub variant_id: i64,
    /// The variant's code.
    pub sku: String,
    /// Product, colour and warranty.
    pub name: String,
    pub old_price: i64,
    pub new_price: i64,
    pub old_stock: i64,
    pub new_stock: i64,
}

/// A refused row.
#[derive(Debug, Object)]
pub struct PriceRejectedView {
    /// Line in the file (the header is line 1).
    pub line: u64,
    /// Why, in Persian.
    pub message: String,
}

/// `prices/preview`: what applying the sheet would do.
#[derive(Debug, Object)]
pub struct PricePreviewResp {
    pub status: ResponseStatus,
    /// Data rows read (blank rows not counted).
    pub rows: u64,
    /// Rows that change a variant, in file order.
    pub changes: Vec<PriceChangeView>,
    /// Rows that change nothing.
    pub unchanged: u64,
    /// Rows refused, in file order; while any is here the sheet cannot be applied.
    pub rejected: Vec<PriceRejectedView>,
    /// What `prices/apply` takes (valid one hour, once); empty when a row was refused or
    /// nothing changes.
    pub token: String,
}

/// `prices/apply`: the preview to write.
#[derive(Debug, Object)]
pub struct PriceApplyReq {
    /// The preview's `token`.
    #[oai(default)]
    pub token: String,
}

/// `prices/apply`: written.
#[derive(Debug, Object)]
pub struct PriceApplyResp {
    pub status: ResponseStatus,
    /// Variants changed.
    pub changed: u64,
}

/// `prices/export`: the sheet.
#[derive(ApiResponse)]
pub enum PriceSheetFile {
    /// CSV, UTF-8 with a BOM, as a download.
    #[oai(status = 200, content_type = "text/csv; charset=utf-8")]
    Ok(
        Binary<Vec<u8>>,
        #[oai(header = "Content-Disposition")] String,
        #[oai(header = "Cache-Control")] String,
    ),
}

/// The bulk price and stock calls.
pub struct CatalogueBulkAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/catalog/prices", tag = "crate::platform::ApiTags::BackOffice")]
impl CatalogueBulkAdminApi {
    /// Preview a price sheet (staff)
    ///
    /// Reads the sheet (multipart `file`, or the CSV as a `text/csv` body) and answers every
    /// change (old → new price and stock) and every refused row with its line and reason.
    /// Writes nothing to the catalogue. A sheet whose columns are wrong, or that is not text in
    /// UTF-8 or Windows-1256, is refused as a whole (422 naming `file`).
    #[oai(path = "/preview", method = "post", operation_id = "admin_catalog_prices_preview")]
    async fn preview(&self, staff: CatalogueStaff, state: Data<&AppState>, body: PriceSheetBody) -> ApiResult<Json<PricePreviewResp>> {
        let bytes = match body {
            PriceSheetBody::Csv(b) => b.0,
            PriceSheetBody::Form(f) => match f.file {
                Some(u) => u.into_vec().await.map_err(|_| ApiError::bad_request(crate::platform::error::msg::BAD_REQUEST))?,
                None => return Err(ApiError::invalid("file", bulk::NO_FILE)),
            },
        };
        if bytes.is_empty() {
            return Err(ApiError::invalid("file", shop_core::price_row::EMPTY_SHEET));
        }
        let p = bulk::preview(&state.db, staff.id(), &bytes, state.clock.unix()).await?;
        Ok(Json(PricePreviewResp {
            status: ResponseStatus::Ok,
            rows: p.rows as u64,
            unchanged: p.unchanged as u64,
            changes: p
                .changes
                .into_iter()
                .map(|c| PriceChangeView {
                    line: c.line,
                    variant_id: c.variant_id,
                    sku: c.sku,
                    name: c.name,
                    old_price: c.old_price,
                    new_price: c.new_price,
                    old_stock: c.old_stock,
                    new_stock: c.new_stock,
                })
                .collect(),
            rejected: p.rejected.into_iter().map(|r| PriceRejectedView { line: r.line, message: r.message }).collect(),
            token: p.token.unwrap_or_default(),
        }))
    }

    /// Apply a previewed price sheet (staff)
    ///
    /// Writes the preview's changes in one transaction, each only if the variant's price and
    /// stock are still the ones the preview showed: otherwise nothing is written and 409 names
    /// the rows that moved. One audit row per changed variant. An unknown, expired (one hour),
    /// used or another staff member's token: 404 naming `token`.
    #[oai(path = "/apply", method = "post", operation_id = "admin_catalog_prices_apply")]
    async fn apply(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<PriceApplyReq>) -> ApiResult<Json<PriceApplyResp>> {
        let changed = bulk::apply(&state.db, &staff.actor(), &body.token, state.clock.unix()).await?;
        Ok(Json(PriceApplyResp { status: ResponseStatus::Ok, changed: changed as u64 }))
    }

    /// Export prices and stock (staff)
    ///
    /// Every variant as a CSV sheet with the columns `prices/preview` reads (`id,sku,name,price,stock`),
    /// UTF-8 with a BOM; text cells that a spreadsheet would run as a formula start with `'`.
    #[oai(path = "/export", method = "get", operation_id = "admin_catalog_prices_export")]
    async fn export(&self, _staff: CatalogueStaff, state: Data<&AppState>) -> ApiResult<PriceSheetFile> {
        let bytes = bulk::export(&state.db).await.map_err(ApiError::internal)?;
        let day = state.clock.now().format("%Y-%m-%d");
        Ok(PriceSheetFile::Ok(
            Binary(bytes),
            format!("attachment; filename=\"prices-{day}.csv\""),
            "private, no-store".into(),
        ))
    }
}
