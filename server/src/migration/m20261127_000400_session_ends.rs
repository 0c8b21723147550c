//! `session_ends`: one row each time staff end every session of an account (blocking a
//! customer). Nodes drop that user's cached row when they see it: on SQLite the chat bus's
//! poller reads the rows newer than the last it saw (several processes may share the file);
//! on PostgreSQL a NOTIFY carries it at once and the rows are read after a reconnect.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum SessionEnds {
    Table,
    Id,
    UserId,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SessionEnds::Table)
                    .col(ColumnDef::new(SessionEnds::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(SessionEnds::UserId).big_integer().not_null())
                    .col(ColumnDef::new(SessionEnds::CreatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(SessionEnds::Table).to_owned()).await
    }
}
