//! After the sale: warranty terms, units with their serials, warranty claims and official
//! invoice requests (docs/decisions.md "Warranty and official invoices").
//!
//! - `warranty_term`: months per warranty option (the variant's warranty name), seeded with the
//!   demo catalogue's options; a name not listed has no warranty months.
//! - `order_unit`: one row per unit shipped, with its serial and the warranty it left with
//!   (name and months copied at shipping, so a later change of terms does not move an end date).
//! - `warranty_claim`: a claim on one unit; the conversation is the ticket `ticket_id` (department
//!   `warranty`), the claim's own state is `status` (`shop_core::warranty::claim_state`).
//! - `official_invoice`: who an order's official invoice is made out to (one per order).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum WarrantyTerm {
    Table,
    Name,
    Months,
}

#[derive(DeriveIden)]
enum OrderUnit {
    Table,
    Id,
    OrderId,
    OrderLineId,
    UnitNo,
    Serial,
    WarrantyName,
    WarrantyMonths,
    ShippedAt,
}

#[derive(DeriveIden)]
enum WarrantyClaim {
    Table,
    Id,
    TicketId,
    UserId,
    OrderId,
    OrderLineId,
    UnitId,
    Serial,
    Status,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum OfficialInvoice {
    Table,
    Id,
    OrderId,
    UserId,
    BuyerType,
    LegalName,
    NationalId,
    EconomicCode,
    PostalCode,
    CreatedAt,
    UpdatedAt,
}

/// The demo catalogue's warranty options and their months.
pub const DEMO_TERMS: &[(&str, i32)] = &[
    ("بدون گارانتی", 0),
    ("گارانتی ۳ ماهه فروشگاه", 3),
    ("گارانتی ۶ ماهه فروشگاه", 6),
    ("گارانتی ۱۲ ماهه فروشگاه", 12),
    ("گارانتی ۱۲ ماهه ماتریس", 12),
    ("گارانتی ۱۸ ماهه ماتریس", 18),
    ("گارانتی ۱۸ ماهه آواژنگ", 18),
    ("گارانتی ۱۸ ماهه سازگار ارقام", 18),
    ("گارانتی ۱۸ ماهه حامی", 18),
    ("گارانتی ۲۴ ماهه حامی", 24),
    ("گارانتی ۱۸ ماهه شرکتی", 18),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(WarrantyTerm::Table)
                    .col(ColumnDef::new(WarrantyTerm::Name).string().not_null().primary_key())
                    .col(ColumnDef::new(WarrantyTerm::Months).integer().not_null())
                    .to_owned(),
            )
            .await?;
        let mut seed = Query::insert().into_table(WarrantyTerm::Table).columns([WarrantyTerm::Name, WarrantyTerm::Months]).to_owned();
        for (name, months) in DEMO_TERMS {
            seed.values_panic([(*name).into(), (*months).into()]);
        }
        manager.exec_stmt(seed).await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderUnit::Table)
                    .col(ColumnDef::new(OrderUnit::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(OrderUnit::OrderId).big_integer().not_null())
                    .col(ColumnDef::new(OrderUnit::OrderLineId).big_integer().not_null())
                    .col(ColumnDef::new(OrderUnit::UnitNo).integer().not_null())
                    .col(ColumnDef::new(OrderUnit::Serial).string().not_null())
                    .col(ColumnDef::new(OrderUnit::WarrantyName).string().not_null())
                    .col(ColumnDef::new(OrderUnit::WarrantyMonths).integer().not_null())
                    .col(ColumnDef::new(OrderUnit::ShippedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("uq_order_unit_line_no").table(OrderUnit::Table).col(OrderUnit::OrderLineId).col(OrderUnit::UnitNo).unique().to_owned(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_order_unit_order").table(OrderUnit::Table).col(OrderUnit::OrderId).to_owned()).await?;
        manager
            .create_table(
                Table::create()
                    .table(WarrantyClaim::Table)
                    .col(ColumnDef::new(WarrantyClaim::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(WarrantyClaim::TicketId).big_integer().not_null().unique_key())
                    .col(ColumnDef::new(WarrantyClaim::UserId).big_integer().not_null())
                    .col(ColumnDef::new(WarrantyClaim::OrderId).big_integer().not_null())
                    .col(ColumnDef::new(WarrantyClaim::OrderLineId).big_integer().not_null())
                    .col(ColumnDef::new(WarrantyClaim::UnitId).big_integer().not_null())
                    .col(ColumnDef::new(WarrantyClaim::Serial).string().not_null())
                    .col(ColumnDef::new(WarrantyClaim::Status).string().not_null())
                    .col(ColumnDef::new(WarrantyClaim::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(WarrantyClaim::UpdatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager.create_index(Index::create().name("idx_warranty_claim_user").table(WarrantyClaim::Table).col(WarrantyClaim::UserId).to_owned()).await?;
        manager.create_index(Index::create().name("idx_warranty_claim_unit").table(WarrantyClaim::Table).col(WarrantyClaim::UnitId).to_owned()).await?;
        manager
            .create_table(
                Table::create()
                    .table(OfficialInvoice::Table)
                    .col(ColumnDef::new(OfficialInvoice::Id).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(OfficialInvoice::OrderId).big_integer().not_null().unique_key())
                    .col(ColumnDef::new(OfficialInvoice::UserId).big_integer().not_null())
                    .col(ColumnDef::new(OfficialInvoice::BuyerType).string().not_null())
                    .col(ColumnDef::new(OfficialInvoice::LegalName).string().not_null())
                    .col(ColumnDef::new(OfficialInvoice::NationalId).string().not_null())
                    .col(ColumnDef::new(OfficialInvoice::EconomicCode).string().null())
                    .col(ColumnDef::new(OfficialInvoice::PostalCode).string().not_null())
                    .col(ColumnDef::new(OfficialInvoice::CreatedAt).big_integer().not_null())
                    .col(ColumnDef::new(OfficialInvoice::UpdatedAt).big_integer().not_null())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(OfficialInvoice::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(WarrantyClaim::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(OrderUnit::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(WarrantyTerm::Table).to_owned()).await
    }
}
