//! `/api/client/v1/payment/...`: the gateway's callback and the sandbox bank's page. Starting
//! an order's payment and its result page are the order's (`order::routes::OrderPaymentApi`),
//! paying an instalment the instalment's, under the same prefix.

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Html, Json};
use poem_openapi::OpenApi;

use super::dto::Redirect;
use super::service::{self, PaymentError};
use crate::platform::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

fn payment_error(e: PaymentError) -> ApiError {
    match e {
        PaymentError::Db(db) => ApiError::internal(db),
        PaymentError::Gateway(ref g) => {
            tracing::warn!(error = %g, "payment request failed");
            ApiError::unavailable(e.to_string())
        }
        PaymentError::Limited(secs) => ApiError::TooManyRequests(Json(ErrorBody::new(e.to_string(), None)), secs.max(1)),
        PaymentError::Busy(secs) => ApiError::Unavailable(Json(ErrorBody::new(e.to_string(), None)), Some(secs.max(1))),
    }
}

impl From<PaymentError> for ApiError {
    fn from(e: PaymentError) -> Self {
        payment_error(e)
    }
}

/// The sandbox bank, only in development mode: outside it its pages do not exist whatever
/// the gateway (start-up refuses `SHOP_PAYMENT=sandbox` there too), since «پرداخت» on them
/// marks an order paid without any money.
fn sandbox_bank(state: &AppState) -> Option<&super::gateway::sandbox::Sandbox> {
    state.config.is_development().then(|| state.payments.sandbox()).flatten()
}

/// The payment endpoints.
pub struct PaymentApi;

#[OpenApi(prefix_path = "/api/client/v1/payment", tag = "crate::platform::ApiTags::Order")]
impl PaymentApi {
    /// The gateway's callback
    ///
    /// The gateway sends the customer here with `Authority` and `Status` (`OK` or `NOK`). The
    /// payment is verified with the amount stored when it started (any amount in the query is
    /// ignored), then the browser is redirected to `/success-payment?code=…` or
    /// `/error-payment?code=…` (`/error-payment` alone for an unknown authority). Only a
    /// verified payment settles anything: `NOK` closes that attempt, never the order (it keeps
    /// its hold until it expires or its owner cancels); an `OK` the gateway does not confirm
    /// leaves the attempt open. A replayed callback changes nothing. When the gateway cannot be
    /// reached the payment stays pending and reconciliation settles it later.
    #[oai(path = "/callback", method = "get", operation_id = "payment_callback")]
    async fn callback(
        &self,
        state: Data<&AppState>,
        #[oai(name = "Authority")] authority: Query<Option<String>>,
        #[oai(name = "Status")] status: Query<Option<String>>,
    ) -> ApiResult<Redirect> {
        let authority = authority.0.unwrap_or_default();
        if authority.is_empty() || authority.len() > 100 {
            return Ok(Redirect::SeeOther(service::error_url(None)));
        }
        let ok = status.0.as_deref() == Some("OK");
        let to = service::callback(&state, &authority, ok).await?;
        Ok(Redirect::SeeOther(to))
    }

    /// The sandbox bank's page
    ///
    /// Only with `SHOP_PAYMENT=sandbox` in development mode (404 otherwise): a Persian page with the amount, «پرداخت» (pays and
    /// returns to the callback with `Status=OK`) and «انصراف» (returns with `Status=NOK`).
    #[oai(path = "/sandbox/:authority", method = "get", operation_id = "payment_sandbox_page")]
    async fn sandbox_page(
        &self,
        state: Data<&AppState>,
        #[oai(validator(max_length = 100))] authority: Path<String>,
    ) -> ApiResult<Html<String>> {
        let bank = sandbox_bank(&state).ok_or_else(ApiError::not_found)?;
        let amount = bank.amount(&authority.0).ok_or_else(ApiError::not_found)?;
        Ok(Html(super::view::sandbox_page(&authority.0, amount)))
    }

    /// «پرداخت» on the sandbox bank's page
    #[oai(
        path = "/sandbox/:authority/pay",
        method = "post",
        operation_id = "payment_sandbox_pay"
    )]
    async fn sandbox_pay(
        &self,
        state: Data<&AppState>,
        #[oai(validator(max_length = 100))] authority: Path<String>,
    ) -> ApiResult<Redirect> {
        let bank = sandbox_bank(&state).ok_or_else(ApiError::not_found)?;
        if !bank.pay(&authority.0) {
            return Err(ApiError::not_found());
        }
        Ok(Redirect::SeeOther(format!(
            "/api/client/v1/payment/callback?Authority={}&Status=OK",
            authority.0
        )))
    }
}
