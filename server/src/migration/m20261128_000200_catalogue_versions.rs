//! `version` on `product`, `product_variant` and `category`: the back office's catalogue editor
//! refuses a save made from an old version (`shop_core::edit_version`, docs/decisions.md "Two
//! staff, one record"). A product's version covers its `product` and `product_info` rows. The
//! tables are already watched by the `catalog_meta` triggers, so a save reaches the storefront.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Product {
    Table,
    Version,
}

#[derive(DeriveIden)]
enum ProductVariant {
    Table,
    Version,
}

#[derive(DeriveIden)]
enum Category {
    Table,
    Version,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let version = || ColumnDef::new(Product::Version).big_integer().not_null().default(0).to_owned();
        manager.alter_table(Table::alter().table(Product::Table).add_column(version()).to_owned()).await?;
        manager.alter_table(Table::alter().table(ProductVariant::Table).add_column(version()).to_owned()).await?;
        manager.alter_table(Table::alter().table(Category::Table).add_column(version()).to_owned()).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table(Product::Table).drop_column(Product::Version).to_owned()).await?;
        manager
            .alter_table(Table::alter().table(ProductVariant::Table).drop_column(ProductVariant::Version).to_owned())
            .await?;
        manager.alter_table(Table::alter().table(Category::Table).drop_column(Category::Version).to_owned()).await
    }
}
