//! `/api/client/v1/instalment/...`: the plans, the finance page, an order's schedule for the
//! success page, and paying the next instalment.

use crate::platform::ResponseStatus;
use poem::web::Data;
use poem_openapi::param::Header;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::dto::{CodeReq, FinanceResp, OrderPlanResp, PayReq, PayResp, PlansResp};
use super::service;
use super::view;
use crate::auth::BearerUser;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::idempotency;
use crate::state::AppState;

// A refused instalment call's HTTP answer: `From<InstalmentError> for ApiError` beside the
// error, in `plan::service` (checkout answers it too).

/// The instalment endpoints.
pub struct InstalmentApi;

#[OpenApi(prefix_path = "/api/client/v1/instalment", tag = "crate::platform::ApiTags::Order")]
impl InstalmentApi {
    /// The instalment plans on offer
    ///
    /// Each plan's terms (down payment percent, months, monthly rate in basis points, minimum
    /// and maximum order total), in display order. The web app's calculator runs them through
    /// the core's `instalment_schedule`, the same function the server uses at registration.
    #[oai(path = "/plans", method = "get", operation_id = "instalment_plans")]
    async fn plans(&self, state: Data<&AppState>) -> ApiResult<Json<PlansResp>> {
        let plans = crate::plan::service::plans(&state.db).await.map_err(ApiError::internal)?;
        Ok(Json(PlansResp { status: ResponseStatus::Ok, data: plans.iter().map(view::plan).collect() }))
    }

    /// The finance page
    ///
    /// Every payment of the caller that went through (full payments, down payments and
    /// instalments), and the schedule of each plan whose down payment is made, with each
    /// instalment paid, due today, overdue or upcoming (Tehran's calendar).
    #[oai(path = "/finance", method = "post", operation_id = "instalment_finance")]
    async fn finance(&self, state: Data<&AppState>, auth: BearerUser) -> ApiResult<Json<FinanceResp>> {
        let now = state.clock.unix();
        let payments = service::payments(&state.db, auth.id()).await.map_err(ApiError::internal)?;
        let plans = service::active_plans(&state.db, auth.id(), now).await.map_err(ApiError::internal)?;
        Ok(Json(FinanceResp {
            status: ResponseStatus::Ok,
            payments: payments.iter().map(|(p, o, n)| view::payment(p, o, *n)).collect(),
            plans: plans.iter().map(view::plan_state).collect(),
        }))
    }

    /// An order's instalment schedule
    ///
    /// What `/success-inspayment` shows: whether the down payment went through, and the
    /// schedule. Owner only: someone else's, an unknown code or an order paid in full → 404.
    #[oai(path = "/order", method = "post", operation_id = "instalment_order")]
    async fn order(&self, state: Data<&AppState>, auth: BearerUser, body: Json<CodeReq>) -> ApiResult<Json<OrderPlanResp>> {
        let plan = service::order_plan(&state.db, auth.id(), &body.code, state.clock.unix())
            .await
            .map_err(ApiError::internal)?
            .ok_or_else(|| ApiError::not_found_field("code", "سفارش اقساطی مورد نظر پیدا نشد"))?;
        let paid = service::is_active(&plan.order);
        let message = if paid {
            "پیش‌پرداخت با موفقیت انجام شد. اقساط شما به شرح زیر است."
        } else {
            "پیش‌پرداخت این سفارش هنوز انجام نشده است؛ تا پرداخت آن، اقساط فعال نمی‌شوند."
        };
        Ok(Json(OrderPlanResp {
            status: ResponseStatus::Ok,
            down_payment_paid: paid,
            message: message.into(),
            plan: view::plan_state(&plan),
        }))
    }

    /// Pay an instalment
    ///
    /// Opens a payment at the gateway for one of the caller's instalments: the next unpaid one
    /// of an order whose down payment is made, for its amount from the database. Needs an
    /// `Idempotency-Key` (one per attempt; a replay answers the first answer, another body
    /// 409). Someone else's or an unknown instalment → 404; already paid, not the next one or
    /// the down payment not made → 422; the gateway does not answer → 503. After the bank the
    /// browser lands on `/profile/finance?instalment=<id>&result=paid|failed|pending`.
    #[oai(path = "/pay", method = "post", operation_id = "instalment_pay")]
    async fn pay(
        &self,
        state: Data<&AppState>,
        auth: BearerUser,
        #[oai(name = "Idempotency-Key")] key: Header<Option<String>>,
        body: Json<PayReq>,
    ) -> ApiResult<Json<PayResp>> {
        let key = idempotency::parse_key(key.0.as_deref())?;
        let id = body.id;
        idempotency::once(&state.db, auth.id(), "instalment.pay", &key, &id.to_string(), state.clock.unix(), || async {
            let (url, authority) =
                service::start_payment(&state, auth.id(), &auth.0.mobile, id).await.map_err(ApiError::from)?;
            Ok(Json(PayResp { status: ResponseStatus::Ok, url, authority }))
        })
        .await
    }
}
