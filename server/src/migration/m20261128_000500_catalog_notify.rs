//! Issue 24 item 6: on PostgreSQL every update of `catalog_meta` (the triggers of every
//! catalogue table bump its version) sends a note on the `shop_catalog` channel, and every
//! node marks its catalogue stale when it hears it (`catalog::cache`). A trigger, so the note
//! is part of the change's own transaction: PostgreSQL delivers it when that commits, never
//! for a rollback, and once per transaction however many statements bumped the version (the
//! payload is empty, and equal notes of one transaction are sent once).
//!
//! SQLite: nothing; the nodes there keep polling the version.

use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        let db = manager.get_connection();
        db.execute_unprepared(
            "CREATE OR REPLACE FUNCTION catalog_notify() RETURNS trigger AS $$ \
             BEGIN PERFORM pg_notify('shop_catalog', ''); RETURN NULL; END \
             $$ LANGUAGE plpgsql",
        )
        .await?;
        db.execute_unprepared(
            "CREATE TRIGGER trg_catalog_meta_notify AFTER UPDATE ON catalog_meta \
             FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify()",
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        let db = manager.get_connection();
        db.execute_unprepared("DROP TRIGGER IF EXISTS trg_catalog_meta_notify ON catalog_meta").await?;
        db.execute_unprepared("DROP FUNCTION IF EXISTS catalog_notify()").await?;
        Ok(())
    }
}
