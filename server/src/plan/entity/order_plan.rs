//! `order_instalment_plan`: the plan an order is bought on, frozen at registration with the
//! amounts `shop_core::instalment::instalment_schedule` computed.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_instalment_plan")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The `customer_order` (one plan per order).
    #[sea_orm(unique)]
    pub order_id: i64,
    pub user_id: i64,
    /// The shop's plan it was copied from.
    pub plan_id: i64,
    pub plan_name: String,
    pub down_payment_percent: i64,
    pub months: i64,
    pub monthly_rate_bp: i64,
    /// Toman: the order's payable, the down payment, the rest, the credit charge, and what the
    /// instalments add up to.
    pub total: i64,
    pub down_payment: i64,
    pub principal: i64,
    pub charge: i64,
    pub financed: i64,
    /// The order's Jalali day, `YYYY/MM/DD`.
    pub start_on: String,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
