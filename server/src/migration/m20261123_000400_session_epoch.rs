//! `users.session_epoch`: access tokens carry the epoch they were issued in, and a call
//! with an older one is refused, so logout, a password change or a revoked sign-in end
//! access at once instead of when the 15-minute token expires.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    SessionEpoch,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Users::Table)
                    .add_column(ColumnDef::new(Users::SessionEpoch).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::SessionEpoch).to_owned()).await
    }
}
