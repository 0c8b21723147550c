//! `customer_alert` (issue 27 item 4): restock and price-drop alerts. A partial unique index
//! keeps one waiting alert per (customer, variant, kind), so a second identical request is the
//! same row; the job finds waiting alerts by variant (`customer_alert_variant_state`).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CustomerAlert {
    Table,
    Id,
    UserId,
    VariantId,
    Kind,
    Threshold,
    State,
    CreatedAt,
    SentAt,
    SentPrice,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(CustomerAlert::Table)
                    .col(ColumnDef::new(CustomerAlert::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(CustomerAlert::UserId).big_integer().not_null())
                    .col(ColumnDef::new(CustomerAlert::VariantId).big_integer().not_null())
                    .col(ColumnDef::new(CustomerAlert::Kind).string_len(16).not_null())
                    .col(ColumnDef::new(CustomerAlert::Threshold).big_integer().not_null())
                    .col(ColumnDef::new(CustomerAlert::State).string_len(16).not_null())
                    .col(ColumnDef::new(CustomerAlert::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(CustomerAlert::SentAt).big_integer().null())
                    .col(ColumnDef::new(CustomerAlert::SentPrice).big_integer().null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("customer_alert_variant_state")
                    .table(CustomerAlert::Table)
                    .col(CustomerAlert::VariantId)
                    .col(CustomerAlert::State)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("customer_alert_user")
                    .table(CustomerAlert::Table)
                    .col(CustomerAlert::UserId)
                    .col(CustomerAlert::Id)
                    .to_owned(),
            )
            .await?;
        // Partial index: the same text on SQLite and PostgreSQL.
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX customer_alert_one_waiting ON customer_alert (user_id, variant_id, kind) WHERE state = 'waiting'",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(CustomerAlert::Table).to_owned()).await
    }
}
