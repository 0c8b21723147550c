//! `order_return_event`: a return's timeline, one row per state it entered.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_return_event")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub return_id: i64,
    pub status: String,
    #[sea_orm(column_type = "Text")]
    pub note: String,
    pub at: i64,
    /// `customer` or `staff`.
    pub actor: String,
    pub staff_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
