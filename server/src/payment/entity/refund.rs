//! `refund`: money staff gave back for a payment flagged `refund_needed` (one row per
//! transfer; partial refunds add up). Written only by `payment::refunds::record`, inside the
//! transaction that holds the payment's row.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "refund")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub payment_id: i64,
    /// The payment's order (for the audit log and lists).
    pub order_id: i64,
    /// Toman given back.
    pub amount: i64,
    /// The bank's reference of the transfer (`shop_core::refund::BankReference`).
    pub reference: String,
    /// Staff's note.
    #[sea_orm(column_type = "Text")]
    pub note: String,
    /// Who recorded it (0: the command line).
    pub staff_id: i64,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
