//! `order_event`: the order's timeline, one row per state it entered.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_event")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    /// The state entered (`OrderStatus` by name).
    pub status: String,
    /// A short Persian note (tracking code, why it was cancelled).
    pub note: String,
    /// Unix seconds (UTC).
    pub at: i64,
    /// Who moved it: `customer`, `system` (payment gateway, expiry job) or `staff`.
    pub actor: String,
    /// The staff member's user id (`staff` only).
    pub actor_staff_id: Option<i64>,
    /// The staff member's mobile number (`staff` only; empty otherwise).
    pub actor_mobile: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
