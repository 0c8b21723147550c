//! Issue 27 item 3: every change of a price input is recorded in `price_event`, by triggers, so
//! that no writer (the catalogue editor, the bulk sheet, a new variant, an offer set or taken
//! off) can change a price without it: a variant's own price (`variant_id`, `price`), or its
//! product's offer (`special_price`, `special_ends_at`; `variant_id` NULL). What the customer
//! paid at each moment is computed from these inputs by `shop_core::price_history`; an offer's
//! end needs no row. The rows that exist when this runs are recorded as of now.

use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Unix seconds now, in each database's words.
fn now_sql(backend: DbBackend) -> &'static str {
    match backend {
        DbBackend::Postgres => "CAST(EXTRACT(EPOCH FROM now()) AS BIGINT)",
        _ => "CAST(strftime('%s','now') AS INTEGER)",
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Alias::new("price_event"))
                    .col(ColumnDef::new(Alias::new("id")).big_integer().not_null().auto_increment().primary_key())
                    .col(ColumnDef::new(Alias::new("product_id")).big_integer().not_null())
                    .col(ColumnDef::new(Alias::new("variant_id")).big_integer().null())
                    .col(ColumnDef::new(Alias::new("price")).big_integer().null())
                    .col(ColumnDef::new(Alias::new("special_price")).big_integer().null())
                    .col(ColumnDef::new(Alias::new("special_ends_at")).big_integer().null())
                    .col(ColumnDef::new(Alias::new("at")).big_integer().not_null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_price_event_product_at")
                    .table(Alias::new("price_event"))
                    .col(Alias::new("product_id"))
                    .col(Alias::new("at"))
                    .to_owned(),
            )
            .await?;
        let backend = manager.get_database_backend();
        let db = manager.get_connection();
        let now = now_sql(backend);
        let variant_row = format!(
            "INSERT INTO price_event (product_id, variant_id, price, at) VALUES (NEW.product_id, NEW.id, NEW.price, {now})"
        );
        let offer_row = format!(
            "INSERT INTO price_event (product_id, special_price, special_ends_at, at) \
             VALUES (NEW.product_id, NEW.special_price, NEW.special_ends_at, {now})"
        );
        let offer_changed = "OLD.special_price IS DISTINCT FROM NEW.special_price OR OLD.special_ends_at IS DISTINCT FROM NEW.special_ends_at";
        match backend {
            DbBackend::Postgres => {
                for (name, body) in [("price_event_variant", &variant_row), ("price_event_offer", &offer_row)] {
                    db.execute_unprepared(&format!(
                        "CREATE OR REPLACE FUNCTION {name}() RETURNS trigger AS $$ BEGIN {body}; RETURN NULL; END $$ LANGUAGE plpgsql"
                    ))
                    .await?;
                }
                for sql in [
                    "CREATE TRIGGER trg_price_event_variant_insert AFTER INSERT ON product_variant FOR EACH ROW EXECUTE FUNCTION price_event_variant()".to_owned(),
                    "CREATE TRIGGER trg_price_event_variant_update AFTER UPDATE OF price ON product_variant FOR EACH ROW \
                     WHEN (OLD.price IS DISTINCT FROM NEW.price) EXECUTE FUNCTION price_event_variant()"
                        .to_owned(),
                    "CREATE TRIGGER trg_price_event_offer_insert AFTER INSERT ON product_info FOR EACH ROW \
                     WHEN (NEW.special_price IS NOT NULL) EXECUTE FUNCTION price_event_offer()"
                        .to_owned(),
                    format!(
                        "CREATE TRIGGER trg_price_event_offer_update AFTER UPDATE OF special_price, special_ends_at ON product_info \
                         FOR EACH ROW WHEN ({offer_changed}) EXECUTE FUNCTION price_event_offer()"
                    ),
                ] {
                    db.execute_unprepared(&sql).await?;
                }
            }
            _ => {
                // SQLite spells "is distinct from" as IS NOT.
                let offer_changed = offer_changed.replace("IS DISTINCT FROM", "IS NOT");
                for sql in [
                    format!("CREATE TRIGGER trg_price_event_variant_insert AFTER INSERT ON product_variant BEGIN {variant_row}; END"),
                    format!(
                        "CREATE TRIGGER trg_price_event_variant_update AFTER UPDATE OF price ON product_variant \
                         WHEN OLD.price IS NOT NEW.price BEGIN {variant_row}; END"
                    ),
                    format!(
                        "CREATE TRIGGER trg_price_event_offer_insert AFTER INSERT ON product_info \
                         WHEN NEW.special_price IS NOT NULL BEGIN {offer_row}; END"
                    ),
                    format!(
                        "CREATE TRIGGER trg_price_event_offer_update AFTER UPDATE OF special_price, special_ends_at ON product_info \
                         WHEN {offer_changed} BEGIN {offer_row}; END"
                    ),
                ] {
                    db.execute_unprepared(&sql).await?;
                }
            }
        }
        // What the catalogue holds now is its first recorded price.
        db.execute_unprepared(&format!(
            "INSERT INTO price_event (product_id, variant_id, price, at) SELECT product_id, id, price, {now} FROM product_variant"
        ))
        .await?;
        db.execute_unprepared(&format!(
            "INSERT INTO price_event (product_id, special_price, special_ends_at, at) \
             SELECT product_id, special_price, special_ends_at, {now} FROM product_info WHERE special_price IS NOT NULL"
        ))
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        let db = manager.get_connection();
        for (trigger, table) in [
            ("trg_price_event_variant_insert", "product_variant"),
            ("trg_price_event_variant_update", "product_variant"),
            ("trg_price_event_offer_insert", "product_info"),
            ("trg_price_event_offer_update", "product_info"),
        ] {
            let sql = match backend {
                DbBackend::Postgres => format!("DROP TRIGGER IF EXISTS {trigger} ON {table}"),
                _ => format!("DROP TRIGGER IF EXISTS {trigger}"),
            };
            db.execute_unprepared(&sql).await?;
        }
        if backend == DbBackend::Postgres {
            db.execute_unprepared("DROP FUNCTION IF EXISTS price_event_variant()").await?;
            db.execute_unprepared("DROP FUNCTION IF EXISTS price_event_offer()").await?;
        }
        manager.drop_table(Table::drop().table(Alias::new("price_event")).to_owned()).await
    }
}
