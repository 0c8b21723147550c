//! Payment requests and answers.

use crate::platform::ResponseStatus;
use poem_openapi::{types::Example, ApiResponse, Object};

/// `payment/start` and `payment/result` request.
#[derive(Debug, Object)]
#[oai(example, rename = "PaymentOrderRequest")]
pub struct CodeReq {
    /// The order's code (`Code` of `order/register`).
    #[oai(validator(max_length = 20))]
    pub code: String,
}

impl Example for CodeReq {
    fn example() -> Self {
        Self {
            code: "K7Q2M9XD".into(),
        }
    }
}

/// A started payment: send the customer's browser to `url`.
#[derive(Debug, Object)]
#[oai(rename = "PaymentStartResponse")]
pub struct StartResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// The gateway's page (the sandbox bank, or Zarinpal's StartPay).
    pub url: String,
    /// The gateway's id of this attempt.
    pub authority: String,
}


/// A redirect (the gateway's callback and the sandbox bank's buttons).
#[derive(Debug, ApiResponse)]
pub enum Redirect {
    /// Go to `Location`.
    #[oai(status = 303)]
    SeeOther(#[oai(header = "Location")] String),
}

/// A payment attempt's state as the result page reads it, or `none` without an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename = "PaymentResultStatus", rename_all = "snake_case")]
pub enum PaymentResult {
    /// Sent to the gateway; not confirmed yet.
    Pending,
    /// Verified by the gateway.
    Paid,
    /// Refused, cancelled at the bank, or not verified.
    Failed,
    /// No attempt yet.
    None,
}

impl From<super::entity::payment::PaymentStatus> for PaymentResult {
    fn from(s: super::entity::payment::PaymentStatus) -> Self {
        use super::entity::payment::PaymentStatus as S;
        match s {
            S::Pending => Self::Pending,
            S::Paid => Self::Paid,
            S::Failed => Self::Failed,
        }
    }
}

// ------------------------------------------------------------------ back office (admin.rs)

/// One payment of the refunds queue.
#[derive(Debug, Object)]
#[oai(rename = "AdminRefundQueueItem")]
pub struct RefundQueueItem {
    pub payment_id: i64,
    pub order_id: i64,
    pub order_code: String,
    pub user_id: i64,
    pub customer_name: String,
    pub customer_mobile: String,
    /// Toman paid.
    pub amount: i64,
    /// Toman given back so far.
    pub refunded: i64,
    /// Toman still to give back.
    pub remaining: i64,
    /// The gateway's reference of the payment (empty when none).
    pub ref_id: String,
    pub gateway: String,
    /// When it was verified (unix seconds) and as a Tehran Jalali date with the time.
    pub at: i64,
    pub at_text: String,
    /// Why it must be given back, in Persian.
    pub reason: String,
}

/// `payment/refunds`: the queue, oldest first.
#[derive(Debug, Object)]
#[oai(rename = "AdminRefundQueueResponse")]
pub struct RefundQueueResp {
    pub status: ResponseStatus,
    pub data: Vec<RefundQueueItem>,
}

/// `payment/refund`: record money given back for a payment of the queue.
#[derive(Debug, Object)]
#[oai(rename = "AdminRefundRecordRequest")]
pub struct RefundRecordReq {
    pub payment_id: i64,
    /// Toman, as typed (any digit set, `٬` or `,` between groups).
    #[oai(validator(max_length = 40))]
    pub amount: String,
    /// The bank's reference of the transfer.
    #[oai(validator(max_length = 200))]
    pub reference: String,
    /// Staff's note (up to 500 characters).
    #[oai(default, validator(max_length = 2000))]
    pub note: String,
}

/// A recorded refund.
#[derive(Debug, Object)]
#[oai(rename = "AdminRefundRecordResponse")]
pub struct RefundRecordResp {
    pub status: ResponseStatus,
    pub refund_id: i64,
    /// Toman still to give back of the payment (0: it left the queue).
    pub remaining: i64,
}

/// `payment/unverified`: one page.
#[derive(Debug, Object)]
#[oai(rename = "AdminUnverifiedRequest")]
pub struct UnverifiedReq {
    /// 1-based page of 50.
    #[oai(default = "first_page")]
    pub page: u64,
}

fn first_page() -> u64 {
    1
}

/// A payment started and never verified, with what reconciliation last found.
#[derive(Debug, Object)]
#[oai(rename = "AdminUnverifiedPayment")]
pub struct UnverifiedPaymentView {
    pub payment_id: i64,
    pub order_code: String,
    pub customer_name: String,
    pub customer_mobile: String,
    /// Toman.
    pub amount: i64,
    pub gateway: String,
    /// The gateway's id of the attempt.
    pub authority: String,
    /// The instalment it pays (its number), if any.
    pub instalment_number: Option<i64>,
    pub started_at: i64,
    pub started_text: String,
    /// When reconciliation last looked at it (None: not yet).
    pub checked_at: Option<i64>,
    pub checked_text: String,
    /// What it found, by its word (`not_reported`, `refused:<code>`, `unreachable`,
    /// `list_unavailable`), or null.
    pub check_result: Option<String>,
    /// The same in Persian.
    pub check_text: String,
}

/// A page of payments never verified, newest first.
#[derive(Debug, Object)]
#[oai(rename = "AdminUnverifiedResponse")]
pub struct UnverifiedResp {
    pub status: ResponseStatus,
    pub data: Vec<UnverifiedPaymentView>,
    pub total: u64,
    pub per_page: u64,
}
