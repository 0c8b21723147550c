//! `price_import`: a bulk price and stock sheet between its preview and its apply. The preview
//! stores the changes it showed (variant, old and new price and stock) under a random token;
//! the apply step writes exactly those, if nothing moved since, and removes the row. Rows are
//! kept one hour (docs/decisions.md "Bulk prices and stock").

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PriceImport {
    Table,
    Token,
    StaffId,
    CreatedAt,
    Changes,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PriceImport::Table)
                    .col(ColumnDef::new(PriceImport::Token).string_len(64).not_null().primary_key())
                    .col(ColumnDef::new(PriceImport::StaffId).big_integer().not_null())
                    .col(ColumnDef::new(PriceImport::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(PriceImport::Changes).text().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_price_import_created_at")
                    .table(PriceImport::Table)
                    .col(PriceImport::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PriceImport::Table).to_owned()).await
    }
}
