//! Live chat: one conversation per customer with the shop, its messages, and how far
//! each side has received and read. A client message id, unique per conversation, makes a resend
//! after a reconnect store nothing new.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ChatConversation {
    Table,
    Id,
    CustomerId,
    LastMessageId,
    LastMessageMs,
    CustomerDelivered,
    CustomerRead,
    StaffDelivered,
    StaffRead,
    ReceiptsMs,
    CreatedMs,
}

#[derive(DeriveIden)]
enum ChatMessage {
    Table,
    Id,
    ConversationId,
    SenderId,
    FromStaff,
    Body,
    ClientId,
    CreatedMs,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

fn big<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).big_integer().not_null().default(0).to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ChatConversation::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(ChatConversation::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(ChatConversation::CustomerId).big_integer().not_null().unique_key())
                    .col(big(ChatConversation::LastMessageId))
                    .col(big(ChatConversation::LastMessageMs))
                    .col(big(ChatConversation::CustomerDelivered))
                    .col(big(ChatConversation::CustomerRead))
                    .col(big(ChatConversation::StaffDelivered))
                    .col(big(ChatConversation::StaffRead))
                    .col(big(ChatConversation::ReceiptsMs))
                    .col(big(ChatConversation::CreatedMs))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_chat_conversation_customer")
                            .from(ChatConversation::Table, ChatConversation::CustomerId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_chat_conversation_last")
                    .table(ChatConversation::Table)
                    .col(ChatConversation::LastMessageMs)
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_chat_conversation_receipts")
                    .table(ChatConversation::Table)
                    .col(ChatConversation::ReceiptsMs)
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ChatMessage::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(ChatMessage::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(ChatMessage::ConversationId).big_integer().not_null())
                    .col(ColumnDef::new(ChatMessage::SenderId).big_integer().not_null())
                    .col(ColumnDef::new(ChatMessage::FromStaff).boolean().not_null())
                    .col(ColumnDef::new(ChatMessage::Body).text().not_null())
                    .col(ColumnDef::new(ChatMessage::ClientId).string().not_null())
                    .col(ColumnDef::new(ChatMessage::CreatedMs).big_integer().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_chat_message_conversation")
                            .from(ChatMessage::Table, ChatMessage::ConversationId)
                            .to(ChatConversation::Table, ChatConversation::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_chat_message_sender")
                            .from(ChatMessage::Table, ChatMessage::SenderId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_chat_message_client_id")
                    .table(ChatMessage::Table)
                    .col(ChatMessage::ConversationId)
                    .col(ChatMessage::ClientId)
                    .unique()
                    .if_not_exists()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(ChatMessage::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(ChatConversation::Table).to_owned()).await
    }
}
