//! The account's lists: an address may carry a plaque and a unit (optional), and the
//! customer's favourites (`favourite`: one row per customer and product).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Address {
    Table,
    Plaque,
    Unit,
}

#[derive(DeriveIden)]
enum Favourite {
    Table,
    Id,
    UserId,
    ProductId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Product {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters one thing at a time.
        for col in [Address::Plaque, Address::Unit] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Address::Table)
                        .add_column(ColumnDef::new(col).string().not_null().default(""))
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(Favourite::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(Favourite::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(Favourite::UserId).big_integer().not_null())
                    .col(ColumnDef::new(Favourite::ProductId).big_integer().not_null())
                    .col(ColumnDef::new(Favourite::CreatedAt).big_integer().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_favourite_user")
                            .from(Favourite::Table, Favourite::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_favourite_product")
                            .from(Favourite::Table, Favourite::ProductId)
                            .to(Product::Table, Product::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_favourite_user_product")
                    .table(Favourite::Table)
                    .col(Favourite::UserId)
                    .col(Favourite::ProductId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        // The list reads a customer's rows newest first.
        manager
            .create_index(
                Index::create()
                    .name("idx_favourite_user_created")
                    .table(Favourite::Table)
                    .col(Favourite::UserId)
                    .col(Favourite::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Favourite::Table).to_owned()).await?;
        for col in [Address::Unit, Address::Plaque] {
            manager.alter_table(Table::alter().table(Address::Table).drop_column(col).to_owned()).await?;
        }
        Ok(())
    }
}
