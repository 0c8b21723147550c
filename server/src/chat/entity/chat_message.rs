//! `chat_message`: one message, written by the customer or by a staff member.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "chat_message")]
pub struct Model {
    /// Increasing: the order of the conversation.
    #[sea_orm(primary_key)]
    pub id: i64,
    pub conversation_id: i64,
    /// Who wrote it (`users.id`).
    pub sender_id: i64,
    /// Written by a staff member (else by the conversation's customer).
    pub from_staff: bool,
    /// The text, as `shop_core::chat::ChatText` accepted it.
    #[sea_orm(column_type = "Text")]
    pub body: String,
    /// The sender's own id for the message; unique per conversation (a resend stores nothing).
    pub client_id: String,
    /// Unix ms.
    pub created_ms: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    /// The conversation the message belongs to.
    #[sea_orm(
        belongs_to = "super::chat_conversation::Entity",
        from = "Column::ConversationId",
        to = "super::chat_conversation::Column::Id"
    )]
    Conversation,
}

impl Related<super::chat_conversation::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Conversation.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
