//! `payment`: one attempt to pay an order at a gateway.

use sea_orm::entity::prelude::*;

/// Sent to the gateway; no verified answer yet.
pub const PENDING: &str = "pending";
/// Verified by the gateway.
pub const PAID: &str = "paid";
/// Refused, cancelled at the bank, or not verified.
pub const FAILED: &str = "failed";

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
    /// `pending`, `paid` or `failed`; changed only by conditional updates.
    pub status: String,
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
