//! `otp_challenges.user_id`: a code sent to change a signed-in customer's mobile number
//! belongs to that customer; only they can use it (null for sign-in codes).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum OtpChallenges {
    Table,
    UserId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(OtpChallenges::Table)
                    .add_column(ColumnDef::new(OtpChallenges::UserId).big_integer().null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(OtpChallenges::Table).drop_column(OtpChallenges::UserId).to_owned())
            .await
    }
}
