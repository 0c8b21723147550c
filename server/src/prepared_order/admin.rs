//! `POST /api/admin/v1/prepared/{variants,create,list}` (role `orders`): staff find variants,
//! build a prepared order (optionally for one mobile number) and copy its `/order/{code}`
//! link, and see each link's state. `shop order prepare` calls the same service.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use shop_core::tehran::format_tehran_datetime;
use shop_core::types::Mobile;

use super::dto::{CreateReq, CreateResp, ListReq, ListResp, ListedLine, ListedView, VariantHit, VariantSearchReq, VariantSearchResp};
use super::service::{self, PrepareRequest, PreparedError};
use crate::auth::OrdersStaff;
use crate::catalog::cache::CatalogCache;
use crate::catalog::engine::engine;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

/// Prepared orders per page.
pub const PER_PAGE: u64 = 50;
/// Variants a search answers at most.
pub const MAX_HITS: usize = 30;
/// Hours a link may work.
pub const HOURS: std::ops::RangeInclusive<i64> = 1..=720;
/// The message for hours outside [`HOURS`].
pub const HOURS_MESSAGE: &str = "مدت اعتبار لینک باید بین ۱ تا ۷۲۰ ساعت باشد";
/// Longest note (characters).
pub const NOTE_MAX: usize = 500;
/// The message for a longer note.
pub const NOTE_MESSAGE: &str = "یادداشت حداکثر ۵۰۰ نویسه است";

/// The link of a code on the shop's public address.
pub fn link(state: &AppState, code: &str) -> String {
    format!("{}/order/{code}", state.config.public_url.trim_end_matches('/'))
}

/// The staff calls of prepared orders.
pub struct PreparedAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/prepared", tag = "crate::platform::ApiTags::BackOffice")]
impl PreparedAdminApi {
    /// Find variants
    ///
    /// Published variants whose product matches `q` (the shop's search: name, model, brand),
    /// or the variant with that id, priced now, with their stock. Up to 30.
    #[oai(path = "/variants", method = "post", operation_id = "admin_prepared_variants")]
    async fn variants(
        &self,
        _staff: OrdersStaff,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        body: Json<VariantSearchReq>,
    ) -> ApiResult<Json<VariantSearchResp>> {
        let snap = cache.get(&state.db).await?;
        let now = state.clock.unix();
        let q = body.q.trim();
        let as_id = shop_core::digits::to_western_digits(q).parse::<i64>().ok();
        let mut data = Vec::new();
        let mut push = |it: &crate::catalog::snapshot::Item, v: &crate::catalog::variant::Model| {
            if data.len() < MAX_HITS && !data.iter().any(|h: &VariantHit| h.variant_id == v.id) {
                data.push(VariantHit {
                    variant_id: v.id,
                    product_id: it.product.id,
                    name: it.product.name.clone(),
                    model: it.info.model.clone(),
                    color: v.color.clone(),
                    warranty_name: v.warranty_name.clone(),
                    price: it.variant_price(v, now),
                    price_garanti: v.warranty_price,
                    stock: v.stock,
                });
            }
        };
        if let Some(id) = as_id {
            for it in &snap.items {
                for v in it.variants.iter().filter(|v| v.id == id) {
                    push(it, v);
                }
            }
        }
        if !q.is_empty() {
            // One more than the page: a hit may add no line (the variant asked for by id).
            for i in engine().top(&snap, q, MAX_HITS + 1) {
                let Some(it) = snap.items.get(i) else { continue };
                for v in &it.variants {
                    push(it, v);
                }
            }
        }
        Ok(Json(VariantSearchResp { status: ResponseStatus::Ok, data }))
    }

    /// Create a prepared order
    ///
    /// Lines of variants and quantities, optionally for one mobile number, valid for `hours`.
    /// Answers the `/order/{code}` link, shown this once. Recorded in the audit log. 422 for
    /// no line, an unknown or unpublished variant, a bad quantity, mobile or hours.
    #[oai(path = "/create", method = "post", operation_id = "admin_prepared_create")]
    async fn create(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<CreateReq>) -> ApiResult<Json<CreateResp>> {
        let mobile = match body.mobile.trim() {
            "" => None,
            m => Some(Mobile::parse(m)?),
        };
        if !HOURS.contains(&body.hours) {
            return Err(ApiError::invalid("hours", HOURS_MESSAGE));
        }
        let note = body.note.trim().to_string();
        if note.chars().count() > NOTE_MAX {
            return Err(ApiError::invalid("note", NOTE_MESSAGE));
        }
        let req = PrepareRequest {
            mobile,
            lines: body.lines.iter().map(|l| (l.variant_id, l.num)).collect(),
            valid_secs: body.hours * 3600,
            note,
        };
        let (code, order) = service::prepare(&state.db, &staff.actor(), &req, state.clock.unix())
            .await
            .map_err(|e| match e {
                PreparedError::BadLine(m) => ApiError::invalid("lines", m),
                other => other.into(),
            })?;
        Ok(Json(CreateResp {
            status: ResponseStatus::Ok,
            id: order.id,
            link: link(&state, &code),
            code,
            expires_at: order.expires_at,
            expires_text: format_tehran_datetime(order.expires_at),
        }))
    }

    /// Prepared orders
    ///
    /// Newest first, 50 a page, each with its link's state: `open`, `adopted`, `paid` (its
    /// adopter paid an order with its products) or `expired`. The links themselves are not
    /// shown again: only their hashes are stored.
    #[oai(path = "/list", method = "post", operation_id = "admin_prepared_list")]
    async fn list(&self, _staff: OrdersStaff, state: Data<&AppState>, body: Json<ListReq>) -> ApiResult<Json<ListResp>> {
        let page = body.page.clamp(1, 1_000_000);
        let (rows, total) = service::list(&state.db, page, PER_PAGE, state.clock.unix()).await?;
        let data = rows
            .into_iter()
            .map(|l| ListedView {
                id: l.order.id,
                state: l.state.as_str().to_string(),
                state_text: l.state.label().to_string(),
                mobile: l.order.mobile.unwrap_or_default(),
                note: l.order.note,
                lines: l.lines.into_iter().map(|x| ListedLine { variant_id: x.variant_id, name: x.name, num: x.num }).collect(),
                created_at: l.order.created_at,
                created_text: format_tehran_datetime(l.order.created_at),
                expires_at: l.order.expires_at,
                expires_text: format_tehran_datetime(l.order.expires_at),
                adopted_mobile: l.adopted_mobile.unwrap_or_default(),
                adopted_text: l.order.adopted_at.map(format_tehran_datetime).unwrap_or_default(),
                paid_order: l.paid_order.unwrap_or_default(),
            })
            .collect();
        Ok(Json(ListResp { status: ResponseStatus::Ok, data, total, per_page: PER_PAGE }))
    }
}
