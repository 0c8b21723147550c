//! `POST /api/client/v1/order/prepared/{view,adopt}`: a staff-prepared order link.
//!
//! Both calls are limited per client address: a lookup whose code is unknown, used or expired
//! counts against `LOOKUP_RATE` (`auth::limits`, shared by every node); a successful one is
//! given back, so customers opening their links are never held up.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem::Request;
use poem_openapi::{payload::Json, OpenApi};

use super::dto::{AdoptResp, PreparedLine, PreparedReq, PreparedResp};
use super::service::{self, PreparedError};
use crate::auth::limits::{self, Rate};
use crate::auth::BearerUser;
use crate::catalog::fmt::jalali;
use crate::cart::service::Caller;
use crate::platform::client_ip;
use crate::platform::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

/// Failed lookups allowed per address: 30 in any hour.
pub const LOOKUP_RATE: Rate = Rate::per_hour(30);

impl From<PreparedError> for ApiError {
    fn from(e: PreparedError) -> Self {
        let body = |e: &PreparedError| Json(ErrorBody::new(e.to_string(), Some("code")));
        match &e {
            // Made for another number: 404 with its message, not 403, which the client takes
            // for a lost session and signs the customer out on.
            PreparedError::Unknown | PreparedError::Expired | PreparedError::Used | PreparedError::OtherCustomer => {
                ApiError::NotFound(body(&e))
            }
            PreparedError::NotAvailable(_) | PreparedError::BadLine(_) => ApiError::Unprocessable(body(&e)),
            PreparedError::Db(db) => ApiError::internal(db),
        }
    }
}

/// Runs a lookup under the per-address limit: a refused lookup keeps its count.
async fn limited<T, F>(state: &AppState, req: &Request, run: F) -> ApiResult<T>
where
    F: std::future::Future<Output = Result<T, PreparedError>>,
{
    let key = format!("prepared-ip:{}", client_ip(req, &state.config.trusted_proxies));
    let now = state.clock.unix();
    if let Err(retry) = limits::reserve(&state.db, &key, now, LOOKUP_RATE).await? {
        return Err(ApiError::too_many(retry));
    }
    match run.await {
        Ok(v) => {
            limits::refund(&state.db, &key, LOOKUP_RATE).await?;
            Ok(v)
        }
        Err(PreparedError::Db(db)) => Err(ApiError::internal(db)),
        Err(e @ (PreparedError::NotAvailable(_) | PreparedError::OtherCustomer)) => {
            // The code was right: not a guess.
            limits::refund(&state.db, &key, LOOKUP_RATE).await?;
            Err(e.into())
        }
        Err(e) => Err(e.into()),
    }
}

/// The prepared-order endpoints.
pub struct PreparedOrderApi;

#[OpenApi(prefix_path = "/api/client/v1/order/prepared", tag = "crate::platform::ApiTags::Order")]
impl PreparedOrderApi {
    /// Show a prepared order
    ///
    /// The lines of a staff-prepared order link with today's prices. No sign-in needed (the
    /// code is the secret); nothing about any customer is shown. Unknown code → 404; used or
    /// expired → 404 with its own message; more than 30 failed lookups from one address in an hour → 429.
    #[oai(path = "/view", method = "post", operation_id = "prepared_order_view")]
    async fn view(&self, state: Data<&AppState>, req: &Request, body: Json<PreparedReq>) -> ApiResult<Json<PreparedResp>> {
        let now = state.clock.unix();
        let v = limited(&state, req, service::view(&state.db, &body.code, now)).await?;
        Ok(Json(PreparedResp {
            status: ResponseStatus::Ok,
            lines: v
                .lines
                .into_iter()
                .map(|l| PreparedLine {
                    product_id: l.product_id,
                    variant_id: l.variant_id,
                    num: l.num,
                    name: l.name,
                    color: l.color,
                    warranty_name: l.warranty_name,
                    price: l.price,
                    price_garanti: l.price_garanti,
                    line_total: l.line_total,
                    available: l.available,
                })
                .collect(),
            total: v.total,
            expires_text: jalali(v.expires_at - 1),
            expires_at: v.expires_at,
            personal: v.personal,
        }))
    }

    /// Adopt a prepared order
    ///
    /// Puts the link's lines (with their quantities) into the caller's cart and binds the link
    /// to the caller; then the cart is registered and paid as usual. Another customer's link
    /// (prepared for another number) → 404 with that message; already adopted by someone else, expired or unknown → 404;
    /// unknown → 404; a product no longer available → 422 naming it. Same limit as `view`.
    #[oai(path = "/adopt", method = "post", operation_id = "prepared_order_adopt")]
    async fn adopt(&self, state: Data<&AppState>, req: &Request, auth: BearerUser, body: Json<PreparedReq>) -> ApiResult<Json<AdoptResp>> {
        let caller = Caller { id: auth.id(), uid: auth.uid().to_string() };
        let now = state.clock.unix();
        let cart = limited(&state, req, service::adopt(&state.db, &caller, &auth.0.mobile, &body.code, now)).await?;
        Ok(Json(AdoptResp { status: ResponseStatus::Ok, order_id: cart.cart_id, total: cart.total }))
    }
}
