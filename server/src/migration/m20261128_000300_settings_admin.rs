//! Issue 24 item 4 (settings) with item 5 (versions): staff edit delivery options, discount
//! codes, instalment plans, blog posts, content pages and the FAQ in the back office.
//!
//! - `version` (0 for the rows there were) on each of those tables: a save names the version
//!   it was made from and is refused when the row has moved on (`shop_core::edit_version`).
//! - `delivery_option.active` (an option staff switched off is offered nowhere) and
//!   `delivery_option.all_products` (offered for every product, without `product_delivery`
//!   links: what a new option from the back office is; docs/decisions.md).
//! - `discount_code.active`: a switched-off code answers like an unknown one.
//! - `blog_post.published` (a draft is not on /blog, the sitemap or its page) and
//!   `blog_post.cover` (the uploaded cover's file key, empty: the drawn picture as before).
//!
//! `blog_post`, `content_page` and `faq` writes already bump `catalog_meta.version`
//! (m20261121_000300's triggers), so the sitemap, remembered per catalogue version on each
//! node, follows a post published on any node at once.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DeliveryOption {
    Table,
    Active,
    AllProducts,
}

#[derive(DeriveIden)]
enum DiscountCode {
    Table,
    Active,
}

#[derive(DeriveIden)]
enum BlogPost {
    Table,
    Published,
    Cover,
}

#[derive(DeriveIden)]
enum Version {
    Version,
}

/// The tables that get a `version`.
const VERSIONED: [&str; 6] = ["delivery_option", "discount_code", "instalment_plan", "blog_post", "content_page", "faq"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite takes one column per ALTER TABLE.
        for t in VERSIONED {
            manager
                .alter_table(
                    Table::alter()
                        .table(Alias::new(t))
                        .add_column(ColumnDef::new(Version::Version).big_integer().not_null().default(0))
                        .to_owned(),
                )
                .await?;
        }
        let add = |table: DynIden, col: ColumnDef| Table::alter().table(table).add_column(col).to_owned();
        manager
            .alter_table(add(DeliveryOption::Table.into_iden(), ColumnDef::new(DeliveryOption::Active).boolean().not_null().default(true).to_owned()))
            .await?;
        manager
            .alter_table(add(DeliveryOption::Table.into_iden(), ColumnDef::new(DeliveryOption::AllProducts).boolean().not_null().default(false).to_owned()))
            .await?;
        manager
            .alter_table(add(DiscountCode::Table.into_iden(), ColumnDef::new(DiscountCode::Active).boolean().not_null().default(true).to_owned()))
            .await?;
        manager
            .alter_table(add(BlogPost::Table.into_iden(), ColumnDef::new(BlogPost::Published).boolean().not_null().default(true).to_owned()))
            .await?;
        manager
            .alter_table(add(BlogPost::Table.into_iden(), ColumnDef::new(BlogPost::Cover).text().not_null().default("").to_owned()))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let drop = |table: DynIden, col: DynIden| Table::alter().table(table).drop_column(col).to_owned();
        manager.alter_table(drop(BlogPost::Table.into_iden(), BlogPost::Cover.into_iden())).await?;
        manager.alter_table(drop(BlogPost::Table.into_iden(), BlogPost::Published.into_iden())).await?;
        manager.alter_table(drop(DiscountCode::Table.into_iden(), DiscountCode::Active.into_iden())).await?;
        manager.alter_table(drop(DeliveryOption::Table.into_iden(), DeliveryOption::AllProducts.into_iden())).await?;
        manager.alter_table(drop(DeliveryOption::Table.into_iden(), DeliveryOption::Active.into_iden())).await?;
        for t in VERSIONED {
            manager.alter_table(drop(Alias::new(t).into_iden(), Version::Version.into_iden())).await?;
        }
        Ok(())
    }
}
