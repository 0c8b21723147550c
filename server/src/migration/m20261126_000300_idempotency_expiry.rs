//! Idempotency records expire after a day (issue 22 item 4): an index on `created_at` for the
//! purge job. Ticket replies used to remember the whole thread as their answer; those records
//! are dropped here (they now remember a reference, and the old form would not be read back).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum IdempotencyKey {
    Table,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create()
                    .name("idx_idempotency_key_created")
                    .table(IdempotencyKey::Table)
                    .col(IdempotencyKey::CreatedAt)
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared("DELETE FROM idempotency_key WHERE scope IN ('ticket.reply', 'staff.ticket.reply')")
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(Index::drop().name("idx_idempotency_key_created").table(IdempotencyKey::Table).to_owned())
            .await
    }
}
