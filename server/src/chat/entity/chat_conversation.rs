//! `chat_conversation`: a customer's one conversation with the shop.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "chat_conversation")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The customer (`users.id`); unique: one conversation each.
    #[sea_orm(unique)]
    pub customer_id: i64,
    /// Highest message id, 0 before the first message.
    pub last_message_id: i64,
    /// When the last message was written (unix ms): the staff inbox order.
    pub last_message_ms: i64,
    /// Highest staff message id a customer's socket has received.
    pub customer_delivered: i64,
    /// Highest staff message id the customer has seen on screen.
    pub customer_read: i64,
    /// Highest customer message id a staff socket has received.
    pub staff_delivered: i64,
    /// Highest customer message id a staff member has seen on screen.
    pub staff_read: i64,
    /// When a delivered/read mark last moved (unix ms): what SQLite nodes poll for.
    pub receipts_ms: i64,
    /// Unix ms.
    pub created_ms: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
