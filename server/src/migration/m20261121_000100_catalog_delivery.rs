//! Catalogue (products, variants) and delivery (options, per-product links) tables.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Product {
    Table,
    Id,
    Uid,
    Name,
    Brand,
    Line,
    Condition,
    Description,
    Active,
}

#[derive(DeriveIden)]
enum ProductVariant {
    Table,
    Id,
    ProductId,
    Color,
    WarrantyName,
    WarrantyPrice,
    Price,
    Stock,
    InsPayment,
    Dg,
    Property,
}

#[derive(DeriveIden)]
enum DeliveryOption {
    Table,
    Id,
    Name,
    Description,
    Price,
    Priority,
    Cities,
}

#[derive(DeriveIden)]
enum ProductDelivery {
    Table,
    ProductId,
    DeliveryOptionId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Product::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(Product::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(Product::Uid).string().not_null().unique_key())
                    .col(ColumnDef::new(Product::Name).string().not_null())
                    .col(ColumnDef::new(Product::Brand).string().not_null().default(""))
                    .col(ColumnDef::new(Product::Line).string().not_null().default("laptop"))
                    .col(ColumnDef::new(Product::Condition).string().not_null().default("new"))
                    .col(ColumnDef::new(Product::Description).text().not_null().default(""))
                    .col(ColumnDef::new(Product::Active).boolean().not_null().default(true))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ProductVariant::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(ProductVariant::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(ProductVariant::ProductId).big_integer().not_null())
                    .col(ColumnDef::new(ProductVariant::Color).string().not_null().default(""))
                    .col(ColumnDef::new(ProductVariant::WarrantyName).string().not_null().default(""))
                    .col(ColumnDef::new(ProductVariant::WarrantyPrice).big_integer().not_null().default(0))
                    .col(ColumnDef::new(ProductVariant::Price).big_integer().not_null())
                    .col(ColumnDef::new(ProductVariant::Stock).big_integer().not_null().default(0))
                    .col(ColumnDef::new(ProductVariant::InsPayment).boolean().not_null().default(false))
                    .col(ColumnDef::new(ProductVariant::Dg).string().not_null().default(""))
                    .col(ColumnDef::new(ProductVariant::Property).string().not_null().default(""))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_product_variant_product")
                            .from(ProductVariant::Table, ProductVariant::ProductId)
                            .to(Product::Table, Product::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_product_variant_product")
                    .table(ProductVariant::Table)
                    .col(ProductVariant::ProductId)
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(DeliveryOption::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(DeliveryOption::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(DeliveryOption::Name).string().not_null())
                    .col(ColumnDef::new(DeliveryOption::Description).text().not_null().default(""))
                    .col(ColumnDef::new(DeliveryOption::Price).big_integer().not_null().default(0))
                    .col(ColumnDef::new(DeliveryOption::Priority).big_integer().not_null().default(1))
                    .col(ColumnDef::new(DeliveryOption::Cities).text().not_null().default("[]"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ProductDelivery::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(ProductDelivery::ProductId).big_integer().not_null())
                    .col(ColumnDef::new(ProductDelivery::DeliveryOptionId).big_integer().not_null())
                    .primary_key(
                        Index::create()
                            .col(ProductDelivery::ProductId)
                            .col(ProductDelivery::DeliveryOptionId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_product_delivery_product")
                            .from(ProductDelivery::Table, ProductDelivery::ProductId)
                            .to(Product::Table, Product::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_product_delivery_option")
                            .from(ProductDelivery::Table, ProductDelivery::DeliveryOptionId)
                            .to(DeliveryOption::Table, DeliveryOption::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for t in [
            ProductDelivery::Table.into_iden(),
            DeliveryOption::Table.into_iden(),
            ProductVariant::Table.into_iden(),
            Product::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(t).if_exists().to_owned()).await?;
        }
        Ok(())
    }
}
