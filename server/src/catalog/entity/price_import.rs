//! `price_import`: a previewed price sheet waiting for its apply (`catalog::bulk`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "price_import")]
pub struct Model {
    /// Random, 32 hex characters; what the apply call sends.
    #[sea_orm(primary_key, auto_increment = false)]
    pub token: String,
    /// The staff member who previewed it (only they apply it).
    pub staff_id: i64,
    /// Unix seconds.
    pub created_at: i64,
    /// The changes shown, as JSON (`Vec<bulk::Change>`).
    #[sea_orm(column_type = "Text")]
    pub changes: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
