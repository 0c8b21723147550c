//! Instalments: the shop's plans, each instalment order's frozen plan and schedule, the
//! reminders claimed by the background job, and the link from a payment to the instalment it
//! pays (`payment.instalment_id`, NULL for order payments).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum InstalmentPlan {
    Table,
    Id,
    Name,
    DownPaymentPercent,
    Months,
    MonthlyRateBp,
    MinTotal,
    MaxTotal,
    Active,
    Position,
}

#[derive(DeriveIden)]
enum OrderInstalmentPlan {
    Table,
    Id,
    OrderId,
    UserId,
    PlanId,
    PlanName,
    DownPaymentPercent,
    Months,
    MonthlyRateBp,
    Total,
    DownPayment,
    Principal,
    Charge,
    Financed,
    StartOn,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Instalment {
    Table,
    Id,
    OrderPlanId,
    OrderId,
    UserId,
    Number,
    Amount,
    DueOn,
    RemindOn,
    PaidAt,
    PaymentId,
}

#[derive(DeriveIden)]
enum InstalmentReminder {
    Table,
    Id,
    InstalmentId,
    Kind,
    ClaimedAt,
}

#[derive(DeriveIden)]
enum Payment {
    Table,
    InstalmentId,
}

#[derive(DeriveIden)]
enum CustomerOrder {
    Table,
    Id,
}

fn id<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).big_integer().not_null().auto_increment().primary_key().to_owned()
}
fn big<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).big_integer().not_null().to_owned()
}
fn text<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).string().not_null().to_owned()
}
fn index(name: &str, table: impl IntoIden, cols: &[&'static str], unique: bool) -> IndexCreateStatement {
    let mut i = Index::create();
    i.name(name).table(table).if_not_exists();
    for c in cols {
        i.col(Alias::new(*c));
    }
    if unique {
        i.unique();
    }
    i.to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(InstalmentPlan::Table)
                    .if_not_exists()
                    .col(id(InstalmentPlan::Id))
                    .col(text(InstalmentPlan::Name))
                    .col(big(InstalmentPlan::DownPaymentPercent))
                    .col(big(InstalmentPlan::Months))
                    .col(big(InstalmentPlan::MonthlyRateBp))
                    .col(big(InstalmentPlan::MinTotal))
                    .col(big(InstalmentPlan::MaxTotal))
                    .col(ColumnDef::new(InstalmentPlan::Active).boolean().not_null().default(true))
                    .col(ColumnDef::new(InstalmentPlan::Position).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(OrderInstalmentPlan::Table)
                    .if_not_exists()
                    .col(id(OrderInstalmentPlan::Id))
                    .col(ColumnDef::new(OrderInstalmentPlan::OrderId).big_integer().not_null().unique_key())
                    .col(big(OrderInstalmentPlan::UserId))
                    .col(big(OrderInstalmentPlan::PlanId))
                    .col(text(OrderInstalmentPlan::PlanName))
                    .col(big(OrderInstalmentPlan::DownPaymentPercent))
                    .col(big(OrderInstalmentPlan::Months))
                    .col(big(OrderInstalmentPlan::MonthlyRateBp))
                    .col(big(OrderInstalmentPlan::Total))
                    .col(big(OrderInstalmentPlan::DownPayment))
                    .col(big(OrderInstalmentPlan::Principal))
                    .col(big(OrderInstalmentPlan::Charge))
                    .col(big(OrderInstalmentPlan::Financed))
                    .col(text(OrderInstalmentPlan::StartOn))
                    .col(big(OrderInstalmentPlan::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_order_instalment_plan_order")
                            .from(OrderInstalmentPlan::Table, OrderInstalmentPlan::OrderId)
                            .to(CustomerOrder::Table, CustomerOrder::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("idx_order_instalment_plan_user", OrderInstalmentPlan::Table, &["user_id"], false))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Instalment::Table)
                    .if_not_exists()
                    .col(id(Instalment::Id))
                    .col(big(Instalment::OrderPlanId))
                    .col(big(Instalment::OrderId))
                    .col(big(Instalment::UserId))
                    .col(big(Instalment::Number))
                    .col(big(Instalment::Amount))
                    // Jalali `YYYY/MM/DD` with ASCII digits: sorts and compares as text.
                    .col(text(Instalment::DueOn))
                    .col(text(Instalment::RemindOn))
                    .col(ColumnDef::new(Instalment::PaidAt).big_integer().null())
                    .col(ColumnDef::new(Instalment::PaymentId).big_integer().null())
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_instalment_order_plan")
                            .from(Instalment::Table, Instalment::OrderPlanId)
                            .to(OrderInstalmentPlan::Table, OrderInstalmentPlan::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("idx_instalment_plan_number", Instalment::Table, &["order_plan_id", "number"], true))
            .await?;
        manager
            .create_index(index("idx_instalment_user", Instalment::Table, &["user_id"], false))
            .await?;
        // The reminder job scans unpaid instalments by date.
        manager
            .create_index(index("idx_instalment_remind", Instalment::Table, &["paid_at", "remind_on"], false))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(InstalmentReminder::Table)
                    .if_not_exists()
                    .col(id(InstalmentReminder::Id))
                    .col(big(InstalmentReminder::InstalmentId))
                    .col(text(InstalmentReminder::Kind))
                    .col(big(InstalmentReminder::ClaimedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_instalment_reminder_instalment")
                            .from(InstalmentReminder::Table, InstalmentReminder::InstalmentId)
                            .to(Instalment::Table, Instalment::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // One row per (instalment, kind): the insert that creates it is the claim.
        manager
            .create_index(index(
                "idx_instalment_reminder_once",
                InstalmentReminder::Table,
                &["instalment_id", "kind"],
                true,
            ))
            .await?;

        manager
            .alter_table(
                Table::alter()
                    .table(Payment::Table)
                    .add_column(ColumnDef::new(Payment::InstalmentId).big_integer().null())
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(Payment::Table).drop_column(Payment::InstalmentId).to_owned())
            .await?;
        for t in [
            InstalmentReminder::Table.into_iden(),
            Instalment::Table.into_iden(),
            OrderInstalmentPlan::Table.into_iden(),
            InstalmentPlan::Table.into_iden(),
        ] {
            manager.drop_table(Table::drop().table(t).if_exists().to_owned()).await?;
        }
        Ok(())
    }
}
