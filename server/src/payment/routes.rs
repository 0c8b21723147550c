//! `/api/client/v1/payment/...`: start a payment, the gateway's callback, the result for the
//! payment pages, and the sandbox bank's page.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem_openapi::param::{Header, Path, Query};
use poem_openapi::payload::{Html, Json};
use poem_openapi::OpenApi;

use super::dto::{CodeReq, PaymentResult, Redirect, ResultResp, StartResp};
use super::service::{self, PaymentError};
use crate::auth::BearerUser;
use crate::catalog::fmt::jalali;
use crate::order::service::lifecycle::status_of;
use crate::platform::error::{ApiError, ApiResult, ErrorBody};
use crate::platform::idempotency;
use crate::state::AppState;

fn payment_error(e: PaymentError) -> ApiError {
    match e {
        PaymentError::Order(o) => o.into(),
        PaymentError::NotPayable(_) | PaymentError::WindowPassed => ApiError::invalid("code", e.to_string()),
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
    /// Start paying an order
    ///
    /// For one of the caller's orders in `registered` or `awaiting_payment` within its payment
    /// window: opens a payment at the gateway for the order's payable (from the database) and
    /// answers with the page to send the browser to. A pending attempt younger than
    /// `SHOP_PAYMENT_REUSE_MINUTES` is answered again (same `url` and `authority`, no new
    /// gateway request). Needs an `Idempotency-Key` header (one per attempt): the same key and
    /// body answer the first answer again, another body 409. Someone else's or an unknown
    /// order → 404; paid, cancelled or expired → 422; too many new attempts for the order or
    /// the customer → 429 with `Retry-After`; the gateway does not answer → 503.
    #[oai(path = "/start", method = "post", operation_id = "payment_start")]
    async fn start(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        #[oai(name = "Idempotency-Key")] key: Header<Option<String>>,
        body: Json<CodeReq>,
    ) -> ApiResult<Json<StartResp>> {
        let key = idempotency::parse_key(key.0.as_deref())?;
        let code = body.code.trim().to_uppercase();
        idempotency::once(
            &state.db,
            auth.id(),
            "payment.start",
            &key,
            &code,
            state.clock.unix(),
            || async {
                let (url, authority) = service::start(&state, auth.id(), &auth.0.mobile, &code)
                    .await
                    .map_err(payment_error)?;
                Ok(Json(StartResp {
                    status: ResponseStatus::Ok,
                    url,
                    authority,
                }))
            },
        )
        .await
    }

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

    /// An order's payment result
    ///
    /// What `/success-payment` and `/error-payment` show: the order's code and state, the
    /// payment's state, amount, reference id and Jalali date. Owner only: someone else's or an
    /// unknown code → 404 with nothing of the order.
    #[oai(path = "/result", method = "post", operation_id = "payment_result")]
    async fn result(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        body: Json<CodeReq>,
    ) -> ApiResult<Json<ResultResp>> {
        let r = service::result(&state.db, auth.id(), &body.code.to_uppercase())
            .await
            .map_err(ApiError::from)?;
        let order_status = status_of(&r.order);
        let p = r.payment.as_ref();
        let payment_status = p.map_or(PaymentResult::None, |p| p.status.into());
        let refund_needed = p.is_some_and(|p| p.refund_needed);
        let message = match (payment_status, refund_needed) {
            (_, true) => "پرداخت شما پس از پایان مهلت سفارش انجام شد؛ مبلغ به حساب شما بازگردانده می‌شود.",
            (PaymentResult::Paid, _) => "پرداخت با موفقیت انجام شد.",
            (PaymentResult::Pending, _) => "نتیجهٔ پرداخت هنوز از بانک دریافت نشده است. اگر مبلغ از حساب شما کم شده، با تایید بانک سفارش پرداخت‌شده ثبت می‌شود و اگر تایید نشود، بانک مبلغ را به حساب شما بازمی‌گرداند.",
            (PaymentResult::Failed, _) => "پرداخت انجام نشد. سبد خرید شما دست‌نخورده است و می‌توانید دوباره پرداخت کنید.",
            (PaymentResult::None, _) => "برای این سفارش هنوز پرداختی انجام نشده است.",
        };
        Ok(Json(ResultResp {
            status: ResponseStatus::Ok,
            code: r.order.code.clone(),
            order_status: order_status.into(),
            order_status_label: order_status.label().into(),
            payment_status,
            amount: p.map_or(r.order.payable, |p| p.amount),
            ref_id: p.and_then(|p| p.ref_id.clone()),
            card_pan: p.and_then(|p| p.card_pan.clone()),
            date: jalali(p.and_then(|p| p.verified_at).unwrap_or(r.order.created_at)),
            refund_needed,
            message: message.into(),
        }))
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
