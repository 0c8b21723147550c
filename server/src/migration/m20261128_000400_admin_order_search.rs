//! The staff order list within 50 ms p99 over 100,000 orders (issue 23; docs/decisions.md
//! "The staff order list at 100,000 orders"):
//! - `users.search_name`: the customer's first and last name folded by
//!   `shop_core::search::fold` (so `ي`/`ی`, `ك`/`ک`, ZWNJ and case do not matter), filled here for
//!   every existing customer and kept by the user entity on every write of a name. PostgreSQL
//!   indexes it with a trigram GIN (`pg_trgm`) for `LIKE '%word%'`; SQLite scans a narrow
//!   covering index `(search_name, id)` instead of the wide `users` rows.
//! - `customer_order (user_id, created_at, id)` in place of `(user_id)`: a name search's
//!   orders come newest first from the index.

use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_query::CaseStatement;


#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Name,
    Lastname,
    SearchName,
}

/// The user entity's `search_name`, written out here: a migration names no area (platform runs
/// it), and its fill must not move when the entity does.
fn search_name(name: &str, lastname: &str) -> String {
    shop_core::search::fold(&format!("{name} {lastname}"))
}

/// Customers folded per `UPDATE … CASE` while filling the column.
const FILL_CHUNK: usize = 500;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table(Users::Table).add_column(ColumnDef::new(Users::SearchName).string().not_null().default("")).to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        let backend = manager.get_database_backend();
        let named = db
            .query_all(
                &Query::select()
                    .columns([Users::Id, Users::Name, Users::Lastname])
                    .from(Users::Table)
                    .cond_where(Cond::any().add(Expr::col(Users::Name).ne("")).add(Expr::col(Users::Lastname).ne("")))
                    .to_owned(),
            )
            .await?;
        for chunk in named.chunks(FILL_CHUNK) {
            let mut case = CaseStatement::new();
            let mut ids = Vec::with_capacity(chunk.len());
            for row in chunk {
                let id: i64 = row.try_get("", "id")?;
                let folded = search_name(&row.try_get::<String>("", "name")?, &row.try_get::<String>("", "lastname")?);
                case = case.case(Expr::col(Users::Id).eq(id), Expr::val(folded));
                ids.push(id);
            }
            manager
                .exec_stmt(Query::update().table(Users::Table).value(Users::SearchName, case).and_where(Expr::col(Users::Id).is_in(ids)).to_owned())
                .await?;
        }
        match backend {
            DbBackend::Postgres => {
                // pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may add it.
                db.execute_unprepared("CREATE EXTENSION IF NOT EXISTS pg_trgm").await?;
                db.execute_unprepared("CREATE INDEX idx_users_search_name ON users USING gin (search_name gin_trgm_ops)").await?;
            }
            _ => {
                db.execute_unprepared("CREATE INDEX idx_users_search_name ON users (search_name, id)").await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("idx_users_search_name").table(Users::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::SearchName).to_owned()).await?;
        Ok(())
    }
}
