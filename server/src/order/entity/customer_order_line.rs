//! `customer_order_line`: one line of a registered order, frozen at registration.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "customer_order_line")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub product_id: i64,
    pub variant_id: i64,
    pub num: i64,
    pub name: String,
    pub color: String,
    pub warranty_name: String,
    pub property: String,
    pub dg: String,
    pub unit_price: i64,
    pub warranty_price: i64,
    /// `num × (unit_price + warranty_price)` (`shop_core::cart::line_total`).
    pub line_total: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
