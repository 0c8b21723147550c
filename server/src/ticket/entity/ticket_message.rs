//! `ticket_message`: one message of a ticket, from the customer or from staff.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "ticket_message")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub ticket_id: i64,
    /// The user who wrote it (the customer, or a staff member).
    pub author_id: i64,
    pub from_staff: bool,
    /// Plain text as typed (the web app renders it as text, never as HTML).
    #[sea_orm(column_type = "Text")]
    pub body: String,
    /// Unix seconds (UTC).
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
