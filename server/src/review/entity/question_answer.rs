//! `question_answer`: an answer to a question, by staff (`by_staff`) or a verified buyer.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "question_answer")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub question_id: i64,
    pub user_id: i64,
    pub by_staff: bool,
    pub author_name: String,
    pub body: String,
    pub status: String,
    pub reject_reason: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
