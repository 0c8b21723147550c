//! Two columns for issue 28 item 9 (docs/decisions.md "The discount code kept on the cart"):
//! - `discount_code.first_purchase_only`: the code is for a customer's first purchase
//!   (`shop_core::discount::DiscountTerms::first_purchase_only`); false for the codes a shop had
//!   before, except the demo's welcome code, whose description always said so;
//! - `shop_order.discount_code`: the code applied to the open cart (canonical text, NULL: none),
//!   kept across pages, reloads and devices until removed or until it stops applying.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DiscountCode {
    Table,
    Code,
    Description,
    FirstPurchaseOnly,
}

#[derive(DeriveIden)]
enum ShopOrder {
    Table,
    DiscountCode,
}

/// The demo welcome code (`server/src/demo/discounts.rs`) and its description.
const DEMO_WELCOME: (&str, &str) = ("WELCOME10", "تخفیف خوش‌آمد برای اولین خرید");

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(DiscountCode::Table)
                    .add_column(ColumnDef::new(DiscountCode::FirstPurchaseOnly).boolean().not_null().default(false))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(ShopOrder::Table)
                    .add_column(ColumnDef::new(ShopOrder::DiscountCode).string_len(32).null())
                    .to_owned(),
            )
            .await?;
        // A demo database seeded before this migration: its welcome code becomes what it says.
        manager
            .exec_stmt(
                Query::update()
                    .table(DiscountCode::Table)
                    .value(DiscountCode::FirstPurchaseOnly, true)
                    .and_where(Expr::col(DiscountCode::Code).eq(DEMO_WELCOME.0))
                    .and_where(Expr::col(DiscountCode::Description).eq(DEMO_WELCOME.1))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(ShopOrder::Table).drop_column(ShopOrder::DiscountCode).to_owned())
            .await?;
        manager
            .alter_table(Table::alter().table(DiscountCode::Table).drop_column(DiscountCode::FirstPurchaseOnly).to_owned())
            .await
    }
}
