//! `order_line`: a cart line.

use sea_orm::entity::prelude::*;

/// A cart line. The name, price and warranty fields are copied from the catalogue by the
/// server whenever the line is written or the order repriced; never from the client.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_line")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: i64,
    /// `SupProductId`
    pub product_id: i64,
    /// `SupProductIdDetail`
    pub variant_id: i64,
    /// `Num`
    pub num: i64,
    pub name: String,
    pub price: i64,
    pub price_garanti: i64,
    pub name_garanti: String,
    pub dg: String,
    pub property: String,
    pub color: String,
    pub ins_payment: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
