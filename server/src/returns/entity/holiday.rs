//! `holiday`: an official holiday (a Jalali day), data staff keep in the back office.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "holiday")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub year: i32,
    pub month: i32,
    pub day: i32,
    pub name: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
