//! Issue 25 item 1 (PostgreSQL): the catalogue version is bumped when a transaction commits,
//! not at its first catalogue write. The statement triggers of m20261121_000300,
//! m20261127_000250 and m20261128_000110 updated `catalog_meta`'s one row at once, so every
//! transaction that changed stock or an order's status held that row from its first such
//! write to its commit, and every order registration waited for the one before it to finish.
//! Now they are deferred constraint triggers: the bump runs at commit, once per transaction
//! (a transaction-local setting remembers it), and the row is held only while the commit
//! writes. The bump is still part of the change's own transaction, so a reader that sees the
//! change sees the new version too (what the cart read and the catalogue cache rely on).
//!
//! SQLite: nothing; its one writer at a time already holds the whole database.

use sea_orm::{ConnectionTrait, DbBackend, Statement};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The tables whose triggers are named `trg_<table>_catalog_bump` (every catalogue write).
const ALL_WRITES: &str = "SELECT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid \
     WHERE t.tgname = 'trg_' || c.relname || '_catalog_bump' ORDER BY c.relname";

/// The tables whose writes bump the catalogue version (see [`ALL_WRITES`]).
async fn watched_tables<C: ConnectionTrait>(db: &C) -> Result<Vec<String>, DbErr> {
    db.query_all_raw(Statement::from_string(DbBackend::Postgres, ALL_WRITES))
        .await?
        .iter()
        .map(|r| r.try_get_by_index::<String>(0))
        .collect()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        let db = manager.get_connection();
        db.execute_unprepared(
            "CREATE OR REPLACE FUNCTION catalog_bump_at_commit() RETURNS trigger AS $$ \
             BEGIN \
               IF current_setting('shop.catalog_bumped', true) IS DISTINCT FROM '1' THEN \
                 PERFORM set_config('shop.catalog_bumped', '1', true); \
                 UPDATE catalog_meta SET version = version + 1 WHERE id = 1; \
               END IF; \
               RETURN NULL; \
             END $$ LANGUAGE plpgsql",
        )
        .await?;
        let tables = watched_tables(db).await?;
        for t in &tables {
            db.execute_unprepared(&format!("DROP TRIGGER trg_{t}_catalog_bump ON {t}")).await?;
            db.execute_unprepared(&format!(
                "CREATE CONSTRAINT TRIGGER trg_{t}_catalog_bump AFTER INSERT OR UPDATE OR DELETE ON {t} \
                 DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION catalog_bump_at_commit()"
            ))
            .await?;
        }
        db.execute_unprepared("DROP TRIGGER trg_customer_order_status_catalog_bump ON customer_order").await?;
        db.execute_unprepared(
            "CREATE CONSTRAINT TRIGGER trg_customer_order_status_catalog_bump AFTER UPDATE OF status ON customer_order \
             DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) \
             EXECUTE FUNCTION catalog_bump_at_commit()",
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        let db = manager.get_connection();
        let tables = watched_tables(db).await?;
        for t in &tables {
            db.execute_unprepared(&format!("DROP TRIGGER trg_{t}_catalog_bump ON {t}")).await?;
            db.execute_unprepared(&format!(
                "CREATE TRIGGER trg_{t}_catalog_bump AFTER INSERT OR UPDATE OR DELETE ON {t} \
                 FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump()"
            ))
            .await?;
        }
        db.execute_unprepared("DROP TRIGGER trg_customer_order_status_catalog_bump ON customer_order").await?;
        db.execute_unprepared(
            "CREATE TRIGGER trg_customer_order_status_catalog_bump AFTER UPDATE OF status ON customer_order \
             FOR EACH STATEMENT EXECUTE FUNCTION catalog_bump()",
        )
        .await?;
        db.execute_unprepared("DROP FUNCTION IF EXISTS catalog_bump_at_commit()").await?;
        Ok(())
    }
}
