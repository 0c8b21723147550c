//! Money in the back office: `refund` (each refund staff record against a payment flagged
//! `refund_needed`, partial ones allowed; what a payment has given back is their sum), and the
//! reconciliation job's last result per payment (`payment.checked_at`, `payment.check_result`),
//! so staff see why a payment was never verified.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Payment {
    Table,
    Id,
    CheckedAt,
    CheckResult,
    RefundNeeded,
}

#[derive(DeriveIden)]
enum Refund {
    Table,
    Id,
    PaymentId,
    OrderId,
    Amount,
    Reference,
    Note,
    StaffId,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER.
        manager
            .alter_table(Table::alter().table(Payment::Table).add_column(ColumnDef::new(Payment::CheckedAt).big_integer().null()).to_owned())
            .await?;
        manager
            .alter_table(Table::alter().table(Payment::Table).add_column(ColumnDef::new(Payment::CheckResult).string().null()).to_owned())
            .await?;
        manager
            .create_index(Index::create().name("idx_payment_refund_needed").table(Payment::Table).col(Payment::RefundNeeded).to_owned())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Refund::Table)
                    .col(ColumnDef::new(Refund::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(Refund::PaymentId).big_integer().not_null())
                    .col(ColumnDef::new(Refund::OrderId).big_integer().not_null())
                    .col(ColumnDef::new(Refund::Amount).big_integer().not_null())
                    .col(ColumnDef::new(Refund::Reference).string().not_null())
                    .col(ColumnDef::new(Refund::Note).text().not_null())
                    .col(ColumnDef::new(Refund::StaffId).big_integer().not_null())
                    .col(ColumnDef::new(Refund::CreatedAt).big_integer().not_null())
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_refund_payment")
                            .from(Refund::Table, Refund::PaymentId)
                            .to(Payment::Table, Payment::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_refund_payment").table(Refund::Table).col(Refund::PaymentId).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Refund::Table).to_owned()).await?;
        manager.drop_index(Index::drop().name("idx_payment_refund_needed").table(Payment::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Payment::Table).drop_column(Payment::CheckResult).to_owned()).await?;
        manager.alter_table(Table::alter().table(Payment::Table).drop_column(Payment::CheckedAt).to_owned()).await
    }
}
