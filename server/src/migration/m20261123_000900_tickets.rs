//! Support tickets: the ticket, its messages (customer's and staff's) and their attachments.
//! Attachment bytes live in the file store (`platform::files`), under generated names; the
//! rows keep the name the customer saw, the type and the store key.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Ticket {
    Table,
    Id,
    UserId,
    Subject,
    Department,
    Priority,
    OrderCode,
    Status,
    CustomerUnread,
    StaffUnread,
    CreatedAt,
    UpdatedAt,
    ClosedAt,
}

#[derive(DeriveIden)]
enum TicketMessage {
    Table,
    Id,
    TicketId,
    AuthorId,
    FromStaff,
    Body,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TicketAttachment {
    Table,
    Id,
    TicketId,
    MessageId,
    StoreKey,
    FileName,
    ContentType,
    Size,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

fn id<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).big_integer().not_null().auto_increment().primary_key().to_owned()
}
fn big<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).big_integer().not_null().to_owned()
}
fn text<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).string().not_null().to_owned()
}
fn flag<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).boolean().not_null().default(false).to_owned()
}
fn index(name: &str, table: impl IntoIden, cols: &[&'static str], unique: bool) -> IndexCreateStatement {
    let mut i = Index::create();
    i.name(name).table(table).if_not_exists();
    for c in cols {
        i.col(Alias::new(*c));
    }
    if unique {
        i.unique();
    }
    i.to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Ticket::Table)
                    .if_not_exists()
                    .col(id(Ticket::Id))
                    .col(big(Ticket::UserId))
                    .col(text(Ticket::Subject))
                    .col(text(Ticket::Department))
                    .col(text(Ticket::Priority))
                    .col(ColumnDef::new(Ticket::OrderCode).string().null())
                    .col(text(Ticket::Status))
                    .col(flag(Ticket::CustomerUnread))
                    .col(flag(Ticket::StaffUnread))
                    .col(big(Ticket::CreatedAt))
                    .col(big(Ticket::UpdatedAt))
                    .col(ColumnDef::new(Ticket::ClosedAt).big_integer().null())
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_ticket_user")
                            .from(Ticket::Table, Ticket::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("idx_ticket_user", Ticket::Table, &["user_id", "updated_at"], false)).await?;
        // The staff inbox lists by last activity.
        manager.create_index(index("idx_ticket_updated", Ticket::Table, &["updated_at"], false)).await?;

        manager
            .create_table(
                Table::create()
                    .table(TicketMessage::Table)
                    .if_not_exists()
                    .col(id(TicketMessage::Id))
                    .col(big(TicketMessage::TicketId))
                    .col(big(TicketMessage::AuthorId))
                    .col(flag(TicketMessage::FromStaff))
                    .col(ColumnDef::new(TicketMessage::Body).text().not_null())
                    .col(big(TicketMessage::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_ticket_message_ticket")
                            .from(TicketMessage::Table, TicketMessage::TicketId)
                            .to(Ticket::Table, Ticket::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("idx_ticket_message_ticket", TicketMessage::Table, &["ticket_id", "id"], false)).await?;

        manager
            .create_table(
                Table::create()
                    .table(TicketAttachment::Table)
                    .if_not_exists()
                    .col(id(TicketAttachment::Id))
                    .col(big(TicketAttachment::TicketId))
                    .col(big(TicketAttachment::MessageId))
                    .col(ColumnDef::new(TicketAttachment::StoreKey).string().not_null().unique_key())
                    .col(text(TicketAttachment::FileName))
                    .col(text(TicketAttachment::ContentType))
                    .col(big(TicketAttachment::Size))
                    .col(big(TicketAttachment::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_ticket_attachment_message")
                            .from(TicketAttachment::Table, TicketAttachment::MessageId)
                            .to(TicketMessage::Table, TicketMessage::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("idx_ticket_attachment_message", TicketAttachment::Table, &["message_id"], false))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(TicketAttachment::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(TicketMessage::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Ticket::Table).to_owned()).await
    }
}
