//! `product_review`: a verified buyer's review of one delivered order line. `pros` and `cons`
//! are JSON arrays of strings; `status` is `shop_core::review::moderation::Moderation` by name.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "product_review")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub product_id: i64,
    pub variant_id: i64,
    #[sea_orm(unique)]
    pub order_line_id: i64,
    pub user_id: i64,
    pub author_name: String,
    pub variant_label: String,
    pub rating: i32,
    pub body: String,
    pub pros: String,
    pub cons: String,
    pub status: String,
    pub reject_reason: Option<String>,
    pub staff_answer: Option<String>,
    pub helpful_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
