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

/// What `/success-payment` and `/error-payment` show for an order.
#[derive(Debug, Object)]
#[oai(rename = "PaymentResultResponse")]
pub struct ResultResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// The order's code.
    #[oai(rename = "Code")]
    pub code: String,
    /// The order's state (`registered`, `awaiting_payment`, `paid`, …, `cancelled`, `expired`).
    #[oai(rename = "OrderStatus")]
    pub order_status: crate::order::dto::OrderStatusDto,
    /// The state's Persian label.
    #[oai(rename = "OrderStatusLabel")]
    pub order_status_label: String,
    /// `paid`, `pending` (not confirmed yet), `failed`, or `none` (no attempt).
    #[oai(rename = "PaymentStatus")]
    pub payment_status: PaymentResult,
    /// The amount of the attempt (or the order's payable without one), Toman.
    #[oai(rename = "Amount")]
    pub amount: i64,
    /// The bank's reference id once paid.
    #[oai(rename = "RefId")]
    pub ref_id: Option<String>,
    /// Masked card number, when the gateway gave one.
    #[oai(rename = "CardPan")]
    pub card_pan: Option<String>,
    /// Jalali date of the payment (or of the order), Persian digits.
    #[oai(rename = "Date")]
    pub date: String,
    /// Paid after the order expired or was cancelled: the shop will refund it.
    #[oai(rename = "RefundNeeded")]
    pub refund_needed: bool,
    /// A Persian sentence for the page.
    #[oai(rename = "Message")]
    pub message: String,
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
