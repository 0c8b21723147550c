//! The back office's orders: who moved an order (`order_event.actor`: `customer`, `system` or
//! `staff`, with the staff member's id and mobile), the carrier beside the tracking code
//! (`customer_order.carrier`), and the indexes the staff order list needs to answer within
//! 50 ms p99 over 100,000 orders (bench/README.md "Admin order list"): newest first overall,
//! by state, by payment method, each with the Jalali date range on `created_at`.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum OrderEvent {
    Table,
    Actor,
    ActorStaffId,
    ActorMobile,
}

#[derive(DeriveIden)]
enum CustomerOrder {
    Table,
    Carrier,
    CreatedAt,
    Id,
    Status,
    PaymentMethod,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER.
        manager
            .alter_table(Table::alter().table(OrderEvent::Table).add_column(ColumnDef::new(OrderEvent::Actor).string().not_null().default("system")).to_owned())
            .await?;
        manager
            .alter_table(Table::alter().table(OrderEvent::Table).add_column(ColumnDef::new(OrderEvent::ActorStaffId).big_integer().null()).to_owned())
            .await?;
        manager
            .alter_table(Table::alter().table(OrderEvent::Table).add_column(ColumnDef::new(OrderEvent::ActorMobile).string().not_null().default("")).to_owned())
            .await?;
        manager
            .alter_table(Table::alter().table(CustomerOrder::Table).add_column(ColumnDef::new(CustomerOrder::Carrier).string().null()).to_owned())
            .await?;
        // Earlier rows: registration, the move to the bank and the customer's own cancellations
        // were the customer's; payments, failures and expiry the system's (the default).
        let db = manager.get_connection();
        db.execute_unprepared(
            "UPDATE order_event SET actor = 'customer' WHERE status IN ('registered', 'awaiting_payment') \
             OR (status = 'cancelled' AND note IN ('لغو به درخواست مشتری', 'جایگزین با سفارش تازه'))",
        )
        .await?;
        for (name, cols) in [
            ("idx_customer_order_created", vec![CustomerOrder::CreatedAt, CustomerOrder::Id]),
            ("idx_customer_order_status_created", vec![CustomerOrder::Status, CustomerOrder::CreatedAt, CustomerOrder::Id]),
            ("idx_customer_order_method_created", vec![CustomerOrder::PaymentMethod, CustomerOrder::CreatedAt, CustomerOrder::Id]),
        ] {
            let mut idx = Index::create();
            idx.name(name).table(CustomerOrder::Table);
            for c in cols {
                idx.col(c);
            }
            manager.create_index(idx.to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for name in ["idx_customer_order_created", "idx_customer_order_status_created", "idx_customer_order_method_created"] {
            manager.drop_index(Index::drop().name(name).table(CustomerOrder::Table).to_owned()).await?;
        }
        manager.alter_table(Table::alter().table(CustomerOrder::Table).drop_column(CustomerOrder::Carrier).to_owned()).await?;
        for c in [OrderEvent::ActorMobile, OrderEvent::ActorStaffId, OrderEvent::Actor] {
            manager.alter_table(Table::alter().table(OrderEvent::Table).drop_column(c).to_owned()).await?;
        }
        Ok(())
    }
}
