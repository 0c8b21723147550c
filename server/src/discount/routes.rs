//! `POST /api/client/v1/discount/list`: the discount codes the caller may use.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem_openapi::{payload::Json, OpenApi};

use super::dto::{DiscountItem, DiscountListResp};
use super::service::{self, Available, DiscountError};
use crate::auth::BearerUser;
use crate::catalog::fmt::jalali;
use crate::platform::error::{ApiError, ApiResult};
use crate::state::AppState;

/// A refused discount: 422 with the rule's Persian message at field `discountcode` (a
/// creation refusal names its own field).
impl From<DiscountError> for ApiError {
    fn from(e: DiscountError) -> Self {
        match e {
            DiscountError::Invalid(f) => ApiError::invalid(f.field, f.message),
            DiscountError::Db(db) => ApiError::internal(db),
            DiscountError::Edit(e) => e.into(),
            other => ApiError::invalid(shop_core::discount::DiscountCode::FIELD, other.to_string()),
        }
    }
}

fn item(a: Available, now: i64) -> DiscountItem {
    let c = a.code;
    DiscountItem {
        terms_text: a.terms.describe(),
        kind: a.terms.kind.into(),
        value: c.value,
        min_total: c.min_total,
        max_discount: c.max_discount,
        starts_at: c.starts_at,
        ends_at: c.ends_at,
        starts_text: jalali(c.starts_at),
        // `EndsAt` is the first second it no longer works: the last valid day is the one before.
        ends_text: jalali(c.ends_at - 1),
        started: now >= c.starts_at,
        uses_left: a.left,
        categories: a.category_names,
        products_only: !a.terms.products.is_empty(),
        personal: c.owner_id.is_some(),
        description: c.description,
        code: c.code,
    }
}

/// The discount endpoints.
pub struct DiscountApi;

#[OpenApi(prefix_path = "/api/client/v1/discount", tag = "crate::platform::ApiTags::Order")]
impl DiscountApi {
    /// The caller's usable discount codes
    ///
    /// Public codes and the caller's personal codes that have not ended and are not used up
    /// (globally or by the caller), soonest to end first, with their terms, Jalali dates and the
    /// uses left to the caller.
    #[oai(path = "/list", method = "post", operation_id = "discount_list")]
    async fn list(&self, state: Data<&AppState>, auth: BearerUser) -> ApiResult<Json<DiscountListResp>> {
        let now = state.clock.unix();
        let codes = service::available(&state.db, state.purchases.as_ref(), auth.id(), now).await?;
        Ok(Json(DiscountListResp { status: ResponseStatus::Ok, data: codes.into_iter().map(|a| item(a, now)).collect() }))
    }
}
