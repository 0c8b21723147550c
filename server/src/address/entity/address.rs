//! `address`: one delivery address of a customer.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "address")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub receiver_name: String,
    /// Canonical `09xxxxxxxxx`.
    pub receiver_mobile: String,
    pub province: String,
    pub city: String,
    #[sea_orm(column_type = "Text")]
    pub line: String,
    /// Ten Western digits.
    pub postal_code: String,
    pub is_default: bool,
    /// Unix seconds (UTC).
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
