//! `order_line`: a cart line.

use sea_orm::entity::prelude::*;

/// A cart line. The name, price and warranty fields are copied from the catalogue by the
/// server whenever the line is written or the order repriced; never from the client.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_line")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The cart (`shop_order`) the line is in. Column `order_id`.
    #[sea_orm(column_name = "order_id")]
    pub cart_id: i64,
    /// `SupProductId`
    pub product_id: i64,
    /// `SupProductIdDetail`
    pub variant_id: i64,
    /// `Num`
    pub num: i64,
    pub name: String,
    pub price: i64,
    /// `PriceGaranti` on the wire. Column `price_garanti`.
    #[sea_orm(column_name = "price_garanti")]
    pub warranty_price: i64,
    /// `NameGaranti` on the wire. Column `name_garanti`.
    #[sea_orm(column_name = "name_garanti")]
    pub warranty_name: String,
    pub dg: String,
    pub property: String,
    pub color: String,
    pub ins_payment: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
