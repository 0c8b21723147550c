//! `prepared_order_line`: one variant and quantity of a prepared order (the name is kept for
//! display if the product is later removed; prices are always the catalogue's live ones).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "prepared_order_line")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub prepared_order_id: i64,
    pub product_id: i64,
    pub variant_id: i64,
    pub num: i64,
    pub name: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
