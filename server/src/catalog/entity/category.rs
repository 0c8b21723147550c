//! `category`: the category tree (`parent_id`), with ASCII slugs for
//! `/shop/category/{slug}-{id}`.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "category")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub parent_id: Option<i64>,
    #[sea_orm(unique)]
    pub slug: String,
    /// Persian name.
    pub name: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    pub position: i32,
    /// Bumped by each back-office save (`shop_core::edit_version`).
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
