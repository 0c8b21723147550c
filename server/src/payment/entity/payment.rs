//! `payment`: one attempt to pay an order at a gateway.

use sea_orm::entity::prelude::*;

/// Where a payment attempt is; stored by the word (`pending`, `paid`, `failed`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum PaymentStatus {
    /// Sent to the gateway; no verified answer yet.
    #[sea_orm(string_value = "pending")]
    Pending,
    /// Verified by the gateway.
    #[sea_orm(string_value = "paid")]
    Paid,
    /// Refused, cancelled at the bank, or not verified.
    #[sea_orm(string_value = "failed")]
    Failed,
}

impl PaymentStatus {
    /// The stored word.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Paid => "paid",
            Self::Failed => "failed",
        }
    }
}

/// Compares with the stored word (tests and logs read rows by it).
impl PartialEq<&str> for PaymentStatus {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// Sent to the gateway; no verified answer yet.
pub const PENDING: PaymentStatus = PaymentStatus::Pending;
/// Verified by the gateway.
pub const PAID: PaymentStatus = PaymentStatus::Paid;
/// Refused, cancelled at the bank, or not verified.
pub const FAILED: PaymentStatus = PaymentStatus::Failed;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payment")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub user_id: i64,
    /// `sandbox` or `zarinpal`.
    pub gateway: String,
    /// The gateway's id of the attempt (Zarinpal's `Authority`).
    #[sea_orm(unique)]
    pub authority: String,
    /// The amount asked for, Toman: the order's payable when the payment started. Verification
    /// always sends this, never an amount from the callback.
    pub amount: i64,
    /// Changed only by conditional updates.
    pub status: PaymentStatus,
    /// The bank's reference id once paid.
    pub ref_id: Option<String>,
    /// Masked card number reported by the gateway.
    pub card_pan: Option<String>,
    /// Paid after its order expired or was cancelled: staff must refund it.
    pub refund_needed: bool,
    /// Unix seconds (UTC).
    pub created_at: i64,
    pub verified_at: Option<i64>,
    /// The instalment this payment pays (`instalment` area); NULL for an order's own payment.
    pub instalment_id: Option<i64>,
    /// When the reconciliation job last looked at this payment while it was pending.
    pub checked_at: Option<i64>,
    /// What it found then ([`CheckResult`] by its word; `refused:<code>` with the gateway's code).
    pub check_result: Option<String>,
}

/// What the reconciliation job found for a pending payment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckResult {
    /// The gateway listed it as paid and it was verified and settled.
    Settled,
    /// The gateway did not list it as paid (not paid at the bank, or not yet).
    NotReported,
    /// The gateway listed it but refused the verification (its code).
    Refused(i64),
    /// The gateway listed it but the verification got no answer.
    Unreachable,
    /// The gateway's list of paid-but-unverified payments could not be read.
    ListUnavailable,
}

impl CheckResult {
    /// The stored word.
    pub fn to_word(&self) -> String {
        match self {
            Self::Settled => "settled".into(),
            Self::NotReported => "not_reported".into(),
            Self::Refused(code) => format!("refused:{code}"),
            Self::Unreachable => "unreachable".into(),
            Self::ListUnavailable => "list_unavailable".into(),
        }
    }

    /// Reads a stored word back (None for anything else).
    pub fn from_word(s: &str) -> Option<Self> {
        Some(match s {
            "settled" => Self::Settled,
            "not_reported" => Self::NotReported,
            "unreachable" => Self::Unreachable,
            "list_unavailable" => Self::ListUnavailable,
            other => Self::Refused(other.strip_prefix("refused:")?.parse().ok()?),
        })
    }

    /// What staff read.
    pub fn label(&self) -> String {
        match self {
            Self::Settled => "بانک پرداخت را تأیید کرد و ثبت شد".into(),
            Self::NotReported => "بانک این پرداخت را پرداخت‌شده گزارش نکرده است".into(),
            Self::Refused(code) => format!(
                "بانک تأیید پرداخت را نپذیرفت (کد {})",
                shop_core::digits::to_persian_digits(&code.to_string())
            ),
            Self::Unreachable => "درگاه به درخواست تأیید پاسخ نداد".into(),
            Self::ListUnavailable => "فهرست پرداخت‌های تأییدنشدهٔ درگاه در دسترس نبود".into(),
        }
    }
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
