//! Database migrations, applied at start (`shop serve`) and by `shop migrate`.
//!
//! Add a migration: create `mYYYYMMDD_NNNNNN_name.rs` beside this file, declare it below
//! and append it to [`Migrator::migrations`] (the list is ordered; never reorder or edit an
//! applied migration).

use sea_orm_migration::prelude::*;

mod m20261121_000001_auth;
mod m20261121_000100_catalog_delivery;
mod m20261121_000200_orders;
mod m20261121_000300_catalog_extended;
mod m20261123_000400_checkout;
mod m20261123_000400_session_epoch;
mod m20261123_000500_otp_challenge_user;
mod m20261123_000600_account_lists;
mod m20261123_000700_instalments;
mod m20261123_000800_discounts_prepared_orders;
mod m20261123_000900_tickets;
mod m20261123_001000_chat;
mod m20261126_000300_idempotency_expiry;
mod m20261126_000500_delivery_estimate;
mod m20261126_000800_warranty_note;
mod m20261127_000100_back_office;
mod m20261127_000200_cart_discount_first_purchase;
mod m20261127_000200_order_admin;
mod m20261127_000250_sales_and_shop_settings;
mod m20261127_000300_refunds;
mod m20261127_000400_session_ends;
mod m20261128_000200_catalogue_versions;
mod m20261128_000300_settings_admin;
mod m20261128_000100_price_import;
mod m20261128_000110_product_pictures;
mod m20261128_000400_admin_order_search;
mod m20261128_000500_catalog_notify;
mod m20261129_000600_catalog_bump_at_commit;
mod m20261130_000200_returns;
mod m20261130_000300_warranty;
mod m20261130_000500_price_history;
mod m20261201_000100_alerts;
mod m20261201_000200_delivery_slots;
mod m20261201_000300_reviews;
mod m20261201_000400_unpaid_orders_index;

/// The shop's migrator.
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_auth::Migration),
            Box::new(m20261121_000100_catalog_delivery::Migration),
            Box::new(m20261121_000200_orders::Migration),
            Box::new(m20261121_000300_catalog_extended::Migration),
            Box::new(m20261123_000400_checkout::Migration),
            Box::new(m20261123_000400_session_epoch::Migration),
            Box::new(m20261123_000500_otp_challenge_user::Migration),
            Box::new(m20261123_000600_account_lists::Migration),
            Box::new(m20261123_000700_instalments::Migration),
            Box::new(m20261123_000800_discounts_prepared_orders::Migration),
            Box::new(m20261123_000900_tickets::Migration),
            Box::new(m20261123_001000_chat::Migration),
            Box::new(m20261126_000300_idempotency_expiry::Migration),
            Box::new(m20261126_000500_delivery_estimate::Migration),
            Box::new(m20261126_000800_warranty_note::Migration),
            Box::new(m20261127_000100_back_office::Migration),
            Box::new(m20261127_000200_cart_discount_first_purchase::Migration),
            Box::new(m20261127_000250_sales_and_shop_settings::Migration),
            Box::new(m20261127_000300_refunds::Migration),
            Box::new(m20261127_000400_session_ends::Migration),
            Box::new(m20261127_000200_order_admin::Migration),
            Box::new(m20261128_000200_catalogue_versions::Migration),
            Box::new(m20261128_000300_settings_admin::Migration),
            Box::new(m20261128_000100_price_import::Migration),
            Box::new(m20261128_000110_product_pictures::Migration),
            Box::new(m20261128_000400_admin_order_search::Migration),
            Box::new(m20261128_000500_catalog_notify::Migration),
            Box::new(m20261129_000600_catalog_bump_at_commit::Migration),
            Box::new(m20261130_000200_returns::Migration),
            Box::new(m20261130_000300_warranty::Migration),
            Box::new(m20261130_000500_price_history::Migration),
            Box::new(m20261201_000100_alerts::Migration),
            Box::new(m20261201_000200_delivery_slots::Migration),
            Box::new(m20261201_000300_reviews::Migration),
            Box::new(m20261201_000400_unpaid_orders_index::Migration),
        ]
    }
}
