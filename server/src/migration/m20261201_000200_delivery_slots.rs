//! Issue 27 item 5: delivery slots per city (`delivery_slot`: a Tehran day and window, a
//! same-day cut-off stored as the instant it closes, a capacity and what orders reserve), and
//! the slot an order was registered with (`customer_order.delivery_slot_id`, its label frozen).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

fn col(name: &str) -> ColumnDef {
    ColumnDef::new(Alias::new(name))
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Alias::new("delivery_slot"))
                    .col(col("id").big_integer().not_null().auto_increment().primary_key())
                    .col(col("city").string().not_null())
                    // Jalali `YYYY/MM/DD` (Tehran).
                    .col(col("day").string().not_null())
                    .col(col("start_minute").integer().not_null())
                    .col(col("end_minute").integer().not_null())
                    .col(col("cutoff_minute").integer().not_null())
                    // Unix second the slot stops being taken (shop_core::delivery_slot::window).
                    .col(col("closes_at").big_integer().not_null())
                    .col(col("capacity").big_integer().not_null())
                    .col(col("reserved").big_integer().not_null().default(0))
                    .col(col("label").string().not_null())
                    .col(col("removed").boolean().not_null().default(false))
                    .col(col("created_at").big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_delivery_slot_city_closes")
                    .table(Alias::new("delivery_slot"))
                    .col(Alias::new("city"))
                    .col(Alias::new("closes_at"))
                    .to_owned(),
            )
            .await?;
        for c in [col("delivery_slot_id").big_integer().null().to_owned(), col("delivery_slot_label").string().not_null().default("").to_owned()] {
            let mut c = c;
            manager.alter_table(Table::alter().table(Alias::new("customer_order")).add_column(&mut c).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for c in ["delivery_slot_id", "delivery_slot_label"] {
            manager.alter_table(Table::alter().table(Alias::new("customer_order")).drop_column(Alias::new(c)).to_owned()).await?;
        }
        manager.drop_table(Table::drop().table(Alias::new("delivery_slot")).to_owned()).await
    }
}
