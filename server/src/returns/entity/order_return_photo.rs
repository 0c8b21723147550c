//! `order_return_photo`: a photo the customer sent with a return (in the file store under a
//! generated key, checked by core's upload rules).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_return_photo")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub return_id: i64,
    #[sea_orm(unique)]
    pub file_key: String,
    /// The name shown (the client's, cleaned).
    pub name: String,
    pub content_type: String,
    pub size: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
