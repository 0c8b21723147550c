//! The index a registration reads a customer's unpaid orders by (`customer_order (user_id,
//! status)`; issue 25, docs/decisions.md "Fast writes, ninth step"). By `user_id` alone, every
//! registration read each of the customer's orders to test its status: with hundreds of earlier
//! (cancelled, delivered) orders, hundreds of rows read for the one or two unpaid.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CustomerOrder {
    Table,
    UserId,
    Status,
}

const NAME: &str = "idx_customer_order_user_status";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_index(
                Index::create().name(NAME).table(CustomerOrder::Table).col(CustomerOrder::UserId).col(CustomerOrder::Status).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name(NAME).table(CustomerOrder::Table).to_owned()).await
    }
}
