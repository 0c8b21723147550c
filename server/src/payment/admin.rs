//! `POST /api/admin/v1/payment/{refunds,refund,unverified}` (role `orders`): the refunds queue,
//! recording a refund, and the payments never verified with reconciliation's last result.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use shop_core::forms::{refund, Values};
use shop_core::tehran::format_tehran_datetime;

use super::dto::{
    RefundQueueItem, RefundQueueResp, RefundRecordReq, RefundRecordResp, UnverifiedPaymentView, UnverifiedReq, UnverifiedResp,
};
use super::entity::payment::CheckResult;
use super::refunds::{self, NewRefund, RefundError};
use super::service;
use crate::auth::OrdersStaff;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

/// Payments never verified per page.
pub const PER_PAGE: u64 = 50;

impl From<RefundError> for ApiError {
    fn from(e: RefundError) -> Self {
        match e {
            RefundError::NotFound => ApiError::not_found_field("payment_id", e.to_string()),
            RefundError::NotQueued => ApiError::invalid("payment_id", e.to_string()),
            RefundError::Refused(_) => ApiError::invalid("amount", e.to_string()),
            RefundError::Db(db) => ApiError::internal(db),
        }
    }
}

fn queue_item(r: refunds::Refund) -> RefundQueueItem {
    RefundQueueItem {
        remaining: r.remaining(),
        payment_id: r.payment_id,
        order_id: r.order_id,
        order_code: r.order_code,
        user_id: r.user_id,
        customer_name: r.customer_name,
        customer_mobile: r.customer_mobile,
        amount: r.amount,
        refunded: r.refunded,
        ref_id: r.ref_id.unwrap_or_default(),
        gateway: r.gateway,
        at_text: format_tehran_datetime(r.at),
        at: r.at,
        reason: r.reason_label.to_string(),
    }
}

/// The money calls of the back office.
pub struct PaymentAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/payment", tag = "crate::platform::ApiTags::BackOffice")]
impl PaymentAdminApi {
    /// Refunds queue
    ///
    /// Every payment flagged for a refund (paid after its order expired or was cancelled, or a
    /// second payment of something already paid) that is not given back in full, oldest first.
    #[oai(path = "/refunds", method = "post", operation_id = "admin_payment_refunds")]
    async fn refunds(&self, _staff: OrdersStaff, state: Data<&AppState>) -> ApiResult<Json<RefundQueueResp>> {
        let rows = refunds::needed(&state.db, &state.purposes).await?;
        Ok(Json(RefundQueueResp { status: ResponseStatus::Ok, data: rows.into_iter().map(queue_item).collect() }))
    }

    /// Record a refund
    ///
    /// Money given back for a payment of the queue: never more than was paid less what was
    /// given back already (partial refunds add up). 422 for an amount of zero, above what is
    /// left or not a number, or a bank reference with other characters; 404 for an unknown
    /// payment. Recorded in the audit log.
    #[oai(path = "/refund", method = "post", operation_id = "admin_payment_refund")]
    async fn refund(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<RefundRecordReq>) -> ApiResult<Json<RefundRecordResp>> {
        // core/src/forms/refund.rs: the declaration the page checks with.
        let r = refund::parse(&Values::from_pairs([("amount", body.amount.as_str()), ("reference", &body.reference), ("note", &body.note)]))?;
        let new = NewRefund { payment_id: body.payment_id, amount: r.amount.unwrap_or(0), reference: r.reference, note: r.note };
        let (row, remaining) = refunds::record(&state.db, &staff.actor(), &new, state.clock.unix()).await?;
        Ok(Json(RefundRecordResp { status: ResponseStatus::Ok, refund_id: row.id, remaining }))
    }

    /// Payments never verified
    ///
    /// Attempts still pending (the customer went to the gateway and no verified answer came
    /// back), newest first, 50 a page, with what the reconciliation job last found.
    #[oai(path = "/unverified", method = "post", operation_id = "admin_payment_unverified")]
    async fn unverified(&self, _staff: OrdersStaff, state: Data<&AppState>, body: Json<UnverifiedReq>) -> ApiResult<Json<UnverifiedResp>> {
        let page = body.page.clamp(1, 1_000_000);
        let (rows, total) = service::never_verified(&state.db, &state.purposes, page, PER_PAGE).await?;
        let data = rows
            .into_iter()
            .map(|u| {
                let p = u.payment;
                let found = p.check_result.as_deref().and_then(CheckResult::from_word);
                UnverifiedPaymentView {
                    payment_id: p.id,
                    order_code: u.subject.as_ref().map_or_else(|| format!("#{}", p.order_id), |s| s.order_code.clone()),
                    customer_name: u.customer.as_ref().map(|c| format!("{} {}", c.name, c.lastname).trim().to_string()).unwrap_or_default(),
                    customer_mobile: u.customer.map(|c| c.mobile).unwrap_or_default(),
                    amount: p.amount,
                    gateway: p.gateway,
                    authority: p.authority,
                    instalment_number: u.subject.and_then(|s| s.instalment_number),
                    started_at: p.created_at,
                    started_text: format_tehran_datetime(p.created_at),
                    checked_at: p.checked_at,
                    checked_text: p.checked_at.map(format_tehran_datetime).unwrap_or_default(),
                    check_text: found.as_ref().map_or_else(|| "هنوز بررسی نشده است".to_string(), CheckResult::label),
                    check_result: p.check_result,
                }
            })
            .collect();
        Ok(Json(UnverifiedResp { status: ResponseStatus::Ok, data, total, per_page: PER_PAGE }))
    }
}
