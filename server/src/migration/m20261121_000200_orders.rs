//! Order tables: `shop_order` (the cart while open) and `order_line`.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ShopOrder {
    Table,
    Id,
    Code,
    UserId,
    Status,
    OpenUserId,
    TotalPrice,
    FinalPrice,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum OrderLine {
    Table,
    Id,
    OrderId,
    ProductId,
    VariantId,
    Num,
    Name,
    Price,
    PriceGaranti,
    NameGaranti,
    Dg,
    Property,
    Color,
    InsPayment,
}

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ShopOrder::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(ShopOrder::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(ShopOrder::Code).string().not_null().unique_key())
                    .col(ColumnDef::new(ShopOrder::UserId).big_integer().not_null())
                    .col(ColumnDef::new(ShopOrder::Status).string().not_null().default("open"))
                    // Equals user_id while the order is open, NULL otherwise: at most one open
                    // order per user (NULLs never collide in a unique index, on both databases).
                    .col(ColumnDef::new(ShopOrder::OpenUserId).big_integer().null().unique_key())
                    .col(ColumnDef::new(ShopOrder::TotalPrice).big_integer().not_null().default(0))
                    .col(ColumnDef::new(ShopOrder::FinalPrice).big_integer().not_null().default(0))
                    .col(ColumnDef::new(ShopOrder::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(ShopOrder::UpdatedAt).big_integer().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_shop_order_user")
                            .from(ShopOrder::Table, ShopOrder::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_shop_order_user")
                    .table(ShopOrder::Table)
                    .col(ShopOrder::UserId)
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderLine::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(OrderLine::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(OrderLine::OrderId).big_integer().not_null())
                    .col(ColumnDef::new(OrderLine::ProductId).big_integer().not_null())
                    .col(ColumnDef::new(OrderLine::VariantId).big_integer().not_null())
                    .col(ColumnDef::new(OrderLine::Num).big_integer().not_null())
                    .col(ColumnDef::new(OrderLine::Name).string().not_null())
                    .col(ColumnDef::new(OrderLine::Price).big_integer().not_null())
                    .col(ColumnDef::new(OrderLine::PriceGaranti).big_integer().not_null().default(0))
                    .col(ColumnDef::new(OrderLine::NameGaranti).string().not_null().default(""))
                    .col(ColumnDef::new(OrderLine::Dg).string().not_null().default(""))
                    .col(ColumnDef::new(OrderLine::Property).string().not_null().default(""))
                    .col(ColumnDef::new(OrderLine::Color).string().not_null().default(""))
                    .col(ColumnDef::new(OrderLine::InsPayment).boolean().not_null().default(false))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_order_line_order")
                            .from(OrderLine::Table, OrderLine::OrderId)
                            .to(ShopOrder::Table, ShopOrder::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // One line per variant in an order.
        manager
            .create_index(
                Index::create()
                    .name("idx_order_line_order_variant")
                    .table(OrderLine::Table)
                    .col(OrderLine::OrderId)
                    .col(OrderLine::VariantId)
                    .unique()
                    .if_not_exists()
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(OrderLine::Table).if_exists().to_owned()).await?;
        manager.drop_table(Table::drop().table(ShopOrder::Table).if_exists().to_owned()).await?;
        Ok(())
    }
}
