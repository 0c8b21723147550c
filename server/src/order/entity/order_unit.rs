//! `order_unit`: one unit of an order line as it shipped, with its serial and its warranty (written
//! by the ship action; the warranty area reads it).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_unit")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    pub order_line_id: i64,
    /// 1..=the line's quantity.
    pub unit_no: i32,
    /// `shop_core::warranty::serial::SerialNumber`, canonical.
    pub serial: String,
    /// The line's warranty name, copied.
    pub warranty_name: String,
    /// Its months when the unit shipped (`warranty_term`), 0 for none.
    pub warranty_months: i32,
    /// Unix seconds.
    pub shipped_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
