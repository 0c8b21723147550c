//! Discount codes (terms, global use counter, per-customer counters, one redemption per
//! order) and staff-prepared orders (`/order/{code}` links, stored as a hash of the code).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DiscountCode {
    Table,
    Id,
    Code,
    Kind,
    Value,
    MinTotal,
    MaxDiscount,
    StartsAt,
    EndsAt,
    UsageLimit,
    PerCustomerLimit,
    Used,
    Categories,
    Products,
    OwnerId,
    Description,
    CreatedAt,
}

#[derive(DeriveIden)]
enum DiscountUse {
    Table,
    Id,
    CodeId,
    UserId,
    Uses,
}

#[derive(DeriveIden)]
enum DiscountRedemption {
    Table,
    Id,
    CodeId,
    UserId,
    OrderId,
    Amount,
    Released,
    CreatedAt,
}

#[derive(DeriveIden)]
enum PreparedOrder {
    Table,
    Id,
    CodeHash,
    Mobile,
    Note,
    ExpiresAt,
    AdoptedBy,
    AdoptedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum PreparedOrderLine {
    Table,
    Id,
    PreparedOrderId,
    ProductId,
    VariantId,
    Num,
    Name,
}

fn id<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).big_integer().not_null().auto_increment().primary_key().to_owned()
}
fn big<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).big_integer().not_null().to_owned()
}
fn big_null<T: IntoIden>(c: T) -> ColumnDef {
    ColumnDef::new(c).big_integer().null().to_owned()
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
                    .table(DiscountCode::Table)
                    .if_not_exists()
                    .col(id(DiscountCode::Id))
                    .col(ColumnDef::new(DiscountCode::Code).string().not_null().unique_key())
                    .col(text(DiscountCode::Kind))
                    .col(big(DiscountCode::Value))
                    .col(big(DiscountCode::MinTotal))
                    .col(big_null(DiscountCode::MaxDiscount))
                    .col(big(DiscountCode::StartsAt))
                    .col(big(DiscountCode::EndsAt))
                    .col(big_null(DiscountCode::UsageLimit))
                    .col(big_null(DiscountCode::PerCustomerLimit))
                    .col(ColumnDef::new(DiscountCode::Used).big_integer().not_null().default(0))
                    .col(ColumnDef::new(DiscountCode::Categories).text().not_null())
                    .col(ColumnDef::new(DiscountCode::Products).text().not_null())
                    .col(big_null(DiscountCode::OwnerId))
                    .col(ColumnDef::new(DiscountCode::Description).text().not_null())
                    .col(big(DiscountCode::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(DiscountUse::Table)
                    .if_not_exists()
                    .col(id(DiscountUse::Id))
                    .col(big(DiscountUse::CodeId))
                    .col(big(DiscountUse::UserId))
                    .col(ColumnDef::new(DiscountUse::Uses).big_integer().not_null().default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("idx_discount_use_unique", DiscountUse::Table, &["code_id", "user_id"], true))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(DiscountRedemption::Table)
                    .if_not_exists()
                    .col(id(DiscountRedemption::Id))
                    .col(big(DiscountRedemption::CodeId))
                    .col(big(DiscountRedemption::UserId))
                    .col(big(DiscountRedemption::OrderId))
                    .col(big(DiscountRedemption::Amount))
                    .col(ColumnDef::new(DiscountRedemption::Released).boolean().not_null().default(false))
                    .col(big(DiscountRedemption::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index("idx_discount_redemption_order", DiscountRedemption::Table, &["order_id"], true))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PreparedOrder::Table)
                    .if_not_exists()
                    .col(id(PreparedOrder::Id))
                    .col(ColumnDef::new(PreparedOrder::CodeHash).string().not_null().unique_key())
                    .col(ColumnDef::new(PreparedOrder::Mobile).string().null())
                    .col(ColumnDef::new(PreparedOrder::Note).text().not_null())
                    .col(big(PreparedOrder::ExpiresAt))
                    .col(big_null(PreparedOrder::AdoptedBy))
                    .col(big_null(PreparedOrder::AdoptedAt))
                    .col(big(PreparedOrder::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PreparedOrderLine::Table)
                    .if_not_exists()
                    .col(id(PreparedOrderLine::Id))
                    .col(big(PreparedOrderLine::PreparedOrderId))
                    .col(big(PreparedOrderLine::ProductId))
                    .col(big(PreparedOrderLine::VariantId))
                    .col(big(PreparedOrderLine::Num))
                    .col(text(PreparedOrderLine::Name))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_prepared_order_line_order")
                            .from(PreparedOrderLine::Table, PreparedOrderLine::PreparedOrderId)
                            .to(PreparedOrder::Table, PreparedOrder::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_prepared_order_line_order",
                PreparedOrderLine::Table,
                &["prepared_order_id"],
                false,
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for t in ["prepared_order_line", "prepared_order", "discount_redemption", "discount_use", "discount_code"] {
            manager.drop_table(Table::drop().table(Alias::new(t)).if_exists().to_owned()).await?;
        }
        Ok(())
    }
}
