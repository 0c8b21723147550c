//! `product_question`: a signed-in customer's question about a product; `asker_told_at` is
//! when the asker's SMS about its first approved answer went out.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "product_question")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub product_id: i64,
    pub user_id: i64,
    pub author_name: String,
    pub body: String,
    pub status: String,
    pub reject_reason: Option<String>,
    pub asker_told_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
