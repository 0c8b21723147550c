//! `warranty_term`: how many months each warranty option (a variant's warranty name) lasts.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "warranty_term")]
pub struct Model {
    /// The warranty name as the catalogue spells it (`product_variant.warranty_name`).
    #[sea_orm(primary_key, auto_increment = false)]
    pub name: String,
    /// Its length in months; 0 for none.
    pub months: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
