//! `order_return_line`: how many units of an order line a return takes back.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_return_line")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub return_id: i64,
    /// `customer_order_line.id`.
    pub order_line_id: i64,
    pub num: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
