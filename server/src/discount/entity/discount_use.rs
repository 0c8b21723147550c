//! `discount_use`: how many times one customer used one code (the per-customer limit's counter).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "discount_use")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub code_id: i64,
    pub user_id: i64,
    pub uses: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
