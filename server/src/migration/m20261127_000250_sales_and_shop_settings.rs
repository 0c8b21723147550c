//! Issue 28 items 10: the best sellers come from real orders, and the shop's contact details
//! from one record.
//!
//! - `product_info.sold_count` goes: it was a number the demo loader made up. Best sellers are
//!   now the units of paid (or later) order lines (`catalog::snapshot::Sales`), and a change of
//!   an order's status bumps `catalog_meta.version` (a trigger, like the catalogue tables'),
//!   so every node rebuilds its snapshot with the new sales.
//! - `shop_settings`: one row (id 1) with the shop's name, phone, email, city, address, postal
//!   code and opening hours (the contact page, the in-store pickup option's description and
//!   the Organization JSON-LD read it). Created empty; the demo loader fills it.
//! - `delivery_option.pickup`: the in-store pickup options, whose description is written from
//!   `shop_settings` whenever the record changes.

use sea_orm_migration::prelude::*;
use sea_orm::{ConnectionTrait, DbBackend};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ProductInfo {
    Table,
    SoldCount,
}

#[derive(DeriveIden)]
enum DeliveryOption {
    Table,
    Pickup,
}

#[derive(DeriveIden)]
enum ShopSettings {
    Table,
    Id,
    Name,
    Phone,
    Email,
    City,
    Address,
    PostalCode,
    OpeningHours,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(ProductInfo::Table).drop_column(ProductInfo::SoldCount).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(DeliveryOption::Table)
                    .add_column(ColumnDef::new(DeliveryOption::Pickup).boolean().not_null().default(false))
                    .to_owned(),
            )
            .await?;
        let text = |c: ShopSettings| ColumnDef::new(c).text().not_null().default("").to_owned();
        manager
            .create_table(
                Table::create()
                    .table(ShopSettings::Table)
                    .if_not_exists()
                    .col(ColumnDef::new(ShopSettings::Id).integer().not_null().primary_key())
                    .col(text(ShopSettings::Name))
                    .col(text(ShopSettings::Phone))
                    .col(text(ShopSettings::Email))
                    .col(text(ShopSettings::City))
                    .col(text(ShopSettings::Address))
                    .col(text(ShopSettings::PostalCode))
                    .col(text(ShopSettings::OpeningHours))
                    .col(ColumnDef::new(ShopSettings::UpdatedAt).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        db.execute_unprepared("INSERT INTO shop_settings (id) VALUES (1)").await?;
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                // catalog_bump() is the catalogue tables' trigger function (m20261121_000300).
                db.execute_unprepared(
                    "CREATE TRIGGER trg_customer_order_status_catalog_bump AFTER UPDATE OF status ON customer_order \
                     FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump()",
                )
                .await?;
            }
            _ => {
                db.execute_unprepared(
                    "CREATE TRIGGER IF NOT EXISTS trg_customer_order_status_catalog_bump AFTER UPDATE OF status ON customer_order \
                     BEGIN UPDATE catalog_meta SET version = version + 1 WHERE id = 1; END",
                )
                .await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        match manager.get_database_backend() {
            DbBackend::Postgres => {
                db.execute_unprepared("DROP TRIGGER IF EXISTS trg_customer_order_status_catalog_bump ON customer_order").await?;
            }
            _ => {
                db.execute_unprepared("DROP TRIGGER IF EXISTS trg_customer_order_status_catalog_bump").await?;
            }
        }
        manager.drop_table(Table::drop().table(ShopSettings::Table).if_exists().to_owned()).await?;
        manager
            .alter_table(Table::alter().table(DeliveryOption::Table).drop_column(DeliveryOption::Pickup).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(ProductInfo::Table)
                    .add_column(ColumnDef::new(ProductInfo::SoldCount).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await
    }
}
