//! `order_return`: a customer's request to return lines of a delivered order.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_return")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub user_id: i64,
    /// `shop_core::returns::state::ReturnStatus` by name; changed only by conditional updates.
    pub status: String,
    /// One of `shop_core::returns::request::REASONS`' codes.
    pub reason: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    /// Why staff rejected it.
    #[sea_orm(column_type = "Text", nullable)]
    pub reject_reason: Option<String>,
    /// Toman owed back for the lines (frozen when asked).
    pub amount: i64,
    /// The `refund` row that gave it back.
    pub refund_id: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
