//! `POST /api/admin/v1/discount/{list,save,active}` (role `catalogue`): discount codes in the
//! back office. Creating goes through `service::create`, the one `shop discount add` calls, so
//! both apply core's creation rule (`DiscountTerms::check`) and both are audited.

use poem::web::Data;
use sea_orm::EntityTrait;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use shop_core::discount::{DiscountTerms, UNKNOWN_MESSAGE};
use shop_core::forms::discount;

use super::dto::{
    DiscountActiveReq, DiscountAdminListReq, DiscountAdminListResp, DiscountAdminResp, DiscountAdminView, DiscountSaveReq,
};
use super::entity::discount_code;
use super::service::{self, terms_of, NewDiscount, ADMIN_PER_PAGE};
use crate::auth::CatalogueStaff;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

/// A code as the back office shows it.
pub fn view(c: discount_code::Model) -> DiscountAdminView {
    let terms = terms_of(&c);
    DiscountAdminView {
        kind: terms.kind.into(),
        terms_text: terms.describe(),
        starts_day: shop_core::tehran::format_tehran_date(c.starts_at, true),
        // `ends_at` is the first second it no longer works: the last valid day is the one before.
        ends_day: shop_core::tehran::format_tehran_date(c.ends_at - 1, true),
        personal: c.owner_id.is_some(),
        limited: !terms.categories.is_empty() || !terms.products.is_empty(),
        id: c.id,
        code: c.code,
        value: c.value,
        min_total: c.min_total,
        max_discount: c.max_discount,
        usage_limit: c.usage_limit,
        per_customer_limit: c.per_customer_limit,
        used: c.used,
        first_purchase_only: c.first_purchase_only,
        description: c.description,
        active: c.active,
        version: c.version,
    }
}

/// A service refusal on the form's fields: the only check left to the service is an end
/// before "now" (no first day given), which names the form's `ends_day`.
fn on_form(e: service::DiscountError) -> ApiError {
    match e {
        service::DiscountError::Invalid(f) if f.field == "ends_at" => ApiError::invalid("ends_day", f.message),
        other => other.into(),
    }
}

/// The discount calls of the back office.
pub struct DiscountAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/discount", tag = "crate::platform::ApiTags::BackOffice")]
impl DiscountAdminApi {
    /// Discount codes (staff)
    ///
    /// Every code, newest first, 50 a page, with its uses; `q` narrows to codes containing it.
    #[oai(path = "/list", method = "post", operation_id = "admin_discount_list")]
    async fn list(&self, _staff: CatalogueStaff, state: Data<&AppState>, body: Json<DiscountAdminListReq>) -> ApiResult<Json<DiscountAdminListResp>> {
        let page = body.page.clamp(1, 1_000_000);
        let (rows, total) = service::admin_list(&state.db, &body.q, page).await?;
        Ok(Json(DiscountAdminListResp { status: ResponseStatus::Ok, data: rows.into_iter().map(view).collect(), total, per_page: ADMIN_PER_PAGE }))
    }

    /// Add a discount code or edit its terms
    ///
    /// Without `id`, a new code (public, every product) after core's creation rule; with `id`,
    /// its terms and description from `version` (409 naming what changed since). Days are
    /// Jalali, both included (Tehran).
    #[oai(path = "/save", method = "post", operation_id = "admin_discount_save")]
    async fn save(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<DiscountSaveReq>) -> ApiResult<Json<DiscountAdminResp>> {
        let b = &body.0;
        let now = state.clock.unix();
        // core/src/forms/discount.rs: the declaration the web form checks with.
        let row = match b.id {
            None => {
                let form = discount::parse(&b.values())?;
                let code = form.code.clone().ok_or_else(|| ApiError::invalid("code", UNKNOWN_MESSAGE))?;
                let terms = DiscountTerms { first_purchase_only: b.first_purchase_only, ..form.terms(now, DiscountTerms::open(now, now)) };
                let new = NewDiscount { code, terms, description: form.description };
                service::create(&state.db, &staff.actor(), new, now).await.map_err(|e| match e {
                    service::DiscountError::Duplicate => ApiError::invalid("code", e.to_string()),
                    other => on_form(other),
                })?
            }
            Some(id) => {
                let form = discount::parse_edit(&b.values())?;
                let old = discount_code::Entity::find_by_id(id).one(&state.db).await?;
                // Categories, products and the owner are kept as they are.
                let kept = old.as_ref().map(terms_of).unwrap_or_else(|| DiscountTerms::open(now, now));
                let terms = DiscountTerms { first_purchase_only: b.first_purchase_only, ..form.terms(now, kept) };
                service::update(&state.db, &staff.actor(), id, b.version, terms, &form.description, now).await.map_err(on_form)?
            }
        };
        Ok(Json(DiscountAdminResp { status: ResponseStatus::Ok, data: view(row) }))
    }

    /// Switch a discount code on or off
    ///
    /// An inactive code answers customers like an unknown code; made from `version`.
    #[oai(path = "/active", method = "post", operation_id = "admin_discount_active")]
    async fn active(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<DiscountActiveReq>) -> ApiResult<Json<DiscountAdminResp>> {
        let row = service::set_active(&state.db, &staff.actor(), body.id, body.version, body.active, state.clock.unix()).await?;
        Ok(Json(DiscountAdminResp { status: ResponseStatus::Ok, data: view(row) }))
    }
}
