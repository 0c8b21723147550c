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
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
