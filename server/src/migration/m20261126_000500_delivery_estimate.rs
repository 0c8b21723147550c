//! `delivery_option.estimate`: how long the option takes, in Persian (e.g. «۲ تا ۴ روز کاری»),
//! shown beside its price where the shopper chooses how the order is sent. Empty for the rows
//! a shop had before; the demo loader fills the demo options' estimates (docs/decisions.md).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DeliveryOption {
    Table,
    Estimate,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(DeliveryOption::Table)
                    .add_column(ColumnDef::new(DeliveryOption::Estimate).text().not_null().default(""))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(DeliveryOption::Table).drop_column(DeliveryOption::Estimate).to_owned())
            .await
    }
}
