//! A sea-orm write transaction whose statements run on the SQLite writer connection
//! ([`super::sqlite_writer`]) in the calling thread, for a write with many statements that
//! every other writer queues behind: an order registration (about 22 statements, all under the
//! one write turn). Through sqlx, each statement is a hand-off to the connection's thread and
//! back, and the turn is held across all of them (bench/README.md "Writes, seventh step").
//!
//! The service code stays as it is, generic over sea-orm's `ConnectionTrait`: the statements
//! sea-orm builds are run here by rusqlite, and the rows go back as sea-orm rows. sea-orm reads
//! a row's values strictly by kind (an `i64` field from a 64-bit integer, an `i32` from a 32-bit
//! one, a `bool` from a boolean), so each value is typed by its column's declared type, and
//! SQLite declares `i32` and `i64` columns alike (`integer`): [`NarrowColumns`] names the
//! `i32` ones.

use std::collections::{BTreeMap, HashSet};
use std::sync::{Arc, Mutex};

use rusqlite::types::{Value as Cell, ValueRef};
use sea_orm::{
    ColumnTrait, ColumnType, DatabaseConnection, DbBackend, DbErr, EntityTrait, ExecResult, IdenStatic, Iterable,
    MockDatabase, MockDatabaseConnection, MockDatabaseTrait, MockExecResult, QueryResult, SqliteTransactionMode, Statement,
    TransactionOptions, TransactionTrait, Value,
};

use super::db::WriteTxn;
use super::sqlite_writer::{db_err, SqliteWrite};

/// The (table, column) pairs whose entity fields are `i32` (every other integer column is read
/// as `i64`). Built from the entities at start-up ([`i32_columns`]).
pub type NarrowColumns = HashSet<(String, String)>;

/// `E`'s `i32` columns, for [`NarrowColumns`].
pub fn i32_columns<E: EntityTrait>() -> impl Iterator<Item = (String, String)> {
    let table = E::default().table_name().to_string();
    E::Column::iter()
        .filter(|c| matches!(c.def().get_column_type(), ColumnType::Integer))
        .map(move |c| (table.clone(), c.as_str().to_string()))
}

/// The open transaction, shared by sea-orm's connection (which runs the statements) and the
/// [`WriteTxn`] (which commits or rolls it back, and sees the commit's error: sea-orm's own
/// commit of such a connection cannot report one).
pub(super) type Open = Arc<Mutex<Option<SqliteWrite>>>;

/// Wraps `write` (begun, holding the write turn) in a sea-orm transaction.
pub(super) async fn transaction(write: SqliteWrite, narrow: Arc<NarrowColumns>) -> Result<WriteTxn, DbErr> {
    let open: Open = Arc::new(Mutex::new(Some(write)));
    let conn = InThread { open: open.clone(), narrow };
    let db: DatabaseConnection =
        sea_orm::DatabaseConnectionType::MockDatabaseConnection(Arc::new(MockDatabaseConnection::new(conn))).into();
    // Only marks sea-orm's side open: the writer began `BEGIN IMMEDIATE` already.
    let immediate = TransactionOptions { sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate), ..Default::default() };
    let txn = db.begin_with_options(immediate).await?;
    Ok(WriteTxn::in_thread(txn, open))
}

/// Commits the transaction, returning once the commit has happened (alone or with its group:
/// `super::sqlite_writer`). The write turn is given to the next writer either way.
pub(super) async fn commit(open: &Open) -> Result<(), DbErr> {
    let write = open.lock().unwrap_or_else(|e| e.into_inner()).take();
    match write {
        Some(w) => w.commit().await,
        None => Err(DbErr::Custom("sqlite: the transaction had ended before its commit".into())),
    }
}

/// Rolls the transaction back (by dropping it) and gives the write turn to the next writer.
pub(super) fn roll_back(open: &Open) {
    drop(open.lock().unwrap_or_else(|e| e.into_inner()).take());
}

/// sea-orm's connection over the open transaction.
struct InThread {
    open: Open,
    narrow: Arc<NarrowColumns>,
}

impl std::fmt::Debug for InThread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("InThread(sqlite writer)")
    }
}

impl InThread {
    /// Runs `f` on the writer's connection, inside the open transaction.
    fn with<T>(&self, f: impl FnOnce(&rusqlite::Connection) -> Result<T, DbErr>) -> Result<T, DbErr> {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let write = open.as_ref().ok_or_else(|| DbErr::Custom("sqlite: the transaction has ended".into()))?;
        f(write.conn())
    }
}

impl MockDatabaseTrait for InThread {
    fn execute(&mut self, _: usize, stmt: Statement) -> Result<ExecResult, DbErr> {
        let result = self.with(|conn| {
            let mut prepared = prepare(conn, &stmt)?;
            let changed = prepared.raw_execute().map_err(db_err)?;
            Ok(MockExecResult { last_insert_id: conn.last_insert_rowid() as u64, rows_affected: changed as u64 })
        })?;
        // sea-orm's results can be made only by its own connections: one made for this answer.
        MockDatabaseTrait::execute(&mut MockDatabase::new(DbBackend::Sqlite).append_exec_results([result]), 0, stmt)
    }

    fn query(&mut self, _: usize, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        let narrow = self.narrow.clone();
        let rows = self.with(|conn| {
            let mut prepared = prepare(conn, &stmt)?;
            let columns = columns_of(conn, &prepared, &stmt.sql, &narrow);
            let mut rows = Vec::new();
            let mut cursor = prepared.raw_query();
            while let Some(row) = cursor.next().map_err(db_err)? {
                let mut values = BTreeMap::new();
                for (i, (name, kind)) in columns.iter().enumerate() {
                    values.insert(name.clone(), value_of(row.get_ref(i).map_err(db_err)?, *kind)?);
                }
                rows.push(values);
            }
            Ok(rows)
        })?;
        MockDatabaseTrait::query(&mut MockDatabase::new(DbBackend::Sqlite).append_query_results([rows]), 0, stmt)
    }

    fn begin(&mut self) {}

    fn commit(&mut self) {}

    fn rollback(&mut self) {
        roll_back(&self.open);
    }

    fn drain_transaction_log(&mut self) -> Vec<sea_orm::Transaction> {
        Vec::new()
    }

    fn get_database_backend(&self) -> DbBackend {
        DbBackend::Sqlite
    }

    fn ping(&self) -> Result<(), DbErr> {
        Ok(())
    }
}

/// How a column's values are read back, by its declared type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Bool,
    I32,
    I64,
    Double,
    Text,
    Bytes,
    /// An expression (no declared type): by the value's own kind.
    AsStored,
}

/// Each result column's name and how its values are read. A `RETURNING` column has no
/// declared type of its own: it is looked up in the written table.
fn columns_of(conn: &rusqlite::Connection, stmt: &rusqlite::Statement<'_>, sql: &str, narrow: &NarrowColumns) -> Vec<(String, Kind)> {
    let origins = stmt.columns_with_metadata();
    let written = written_table(sql);
    stmt.columns()
        .iter()
        .zip(&origins)
        .map(|(c, origin)| {
            let (table, column) = match (origin.table_name(), origin.origin_name()) {
                (Some(t), Some(o)) => (Some(t), o),
                _ => (written, c.name()),
            };
            let declared = c.decl_type().map(str::to_string).or_else(|| {
                let meta = conn.column_metadata(None::<&str>, table?, column).ok()?;
                Some(meta.0?.to_str().ok()?.to_string())
            });
            let narrow = || table.is_some_and(|t| narrow.contains(&(t.to_string(), column.to_string())));
            (c.name().to_string(), kind_of(declared.as_deref(), narrow))
        })
        .collect()
}

/// The table an `INSERT`, `UPDATE` or `DELETE` that sea-orm built writes (its first quoted
/// name); `None` for anything else.
fn written_table(sql: &str) -> Option<&str> {
    let head = sql.trim_start();
    let writes = ["INSERT", "UPDATE", "DELETE"].iter().any(|k| head.get(..k.len()).is_some_and(|h| h.eq_ignore_ascii_case(k)));
    if !writes {
        return None;
    }
    let (_, rest) = head.split_once('"')?;
    Some(rest.split_once('"')?.0)
}

/// The kind of a column declared `declared`; `narrow` says whether an integer column is `i32`.
fn kind_of(declared: Option<&str>, narrow: impl FnOnce() -> bool) -> Kind {
    let Some(declared) = declared.map(str::to_ascii_lowercase) else {
        return Kind::AsStored;
    };
    if declared.contains("bool") {
        Kind::Bool
    } else if declared.contains("int") {
        if narrow() { Kind::I32 } else { Kind::I64 }
    } else if declared.contains("char") || declared.contains("text") || declared.contains("clob") {
        Kind::Text
    } else if declared.contains("blob") {
        Kind::Bytes
    } else if declared.contains("real") || declared.contains("floa") || declared.contains("doub") {
        Kind::Double
    } else {
        Kind::AsStored
    }
}

/// One stored value as the kind sea-orm reads for its column.
fn value_of(cell: ValueRef<'_>, kind: Kind) -> Result<Value, DbErr> {
    let text = |b: &[u8]| String::from_utf8(b.to_vec()).map_err(|e| DbErr::Custom(format!("sqlite: {e}")));
    Ok(match (cell, kind) {
        (ValueRef::Null, Kind::Bool) => Value::Bool(None),
        (ValueRef::Null, Kind::I32) => Value::Int(None),
        (ValueRef::Null, Kind::I64 | Kind::AsStored) => Value::BigInt(None),
        (ValueRef::Null, Kind::Double) => Value::Double(None),
        (ValueRef::Null, Kind::Text) => Value::String(None),
        (ValueRef::Null, Kind::Bytes) => Value::Bytes(None),
        (ValueRef::Integer(i), Kind::Bool) => Value::Bool(Some(i != 0)),
        (ValueRef::Integer(i), Kind::I32) => {
            Value::Int(Some(i32::try_from(i).map_err(|_| DbErr::Custom(format!("sqlite: {i} is out of an i32 column's range")))?))
        }
        (ValueRef::Integer(i), Kind::Double) => Value::Double(Some(i as f64)),
        (ValueRef::Integer(i), _) => Value::BigInt(Some(i)),
        (ValueRef::Real(f), _) => Value::Double(Some(f)),
        (ValueRef::Text(t), _) => Value::String(Some(text(t)?)),
        (ValueRef::Blob(b), _) => Value::Bytes(Some(b.to_vec())),
    })
}

/// `stmt` prepared (from the connection's cache) with its values bound. A trailing `LIMIT ?`
/// (sea-orm's `one()`) is written into the text as its number: SQLite plans a bound LIMIT by
/// its value, so such a statement turns stale at every new binding and is parsed and planned
/// again at every run (`sqlite3Reprepare` was 12 % of a registration's CPU samples, four of its
/// statements; bench/README.md "Writes, ninth step").
fn prepare<'c>(conn: &'c rusqlite::Connection, stmt: &Statement) -> Result<rusqlite::CachedStatement<'c>, DbErr> {
    let values = stmt.values.as_ref().map_or(&[][..], |v| &v.0[..]);
    let limit = match (stmt.sql.trim_end().strip_suffix("LIMIT ?"), values.last()) {
        (Some(head), Some(Value::BigUnsigned(Some(n)))) => Some((head, *n)),
        _ => None,
    };
    let (prepared, values) = match limit {
        Some((head, n)) => (conn.prepare_cached(&format!("{head}LIMIT {n}")), &values[..values.len() - 1]),
        None => (conn.prepare_cached(&stmt.sql), values),
    };
    let mut prepared = prepared.map_err(db_err)?;
    for (i, v) in values.iter().enumerate() {
        prepared.raw_bind_parameter(i + 1, cell_of(v)?).map_err(db_err)?;
    }
    Ok(prepared)
}

/// A sea-orm value as SQLite stores it (as sqlx binds it: booleans as 0 and 1).
fn cell_of(v: &Value) -> Result<Cell, DbErr> {
    let int = |i: Option<i64>| i.map_or(Cell::Null, Cell::Integer);
    Ok(match v {
        Value::Bool(b) => int(b.map(i64::from)),
        Value::TinyInt(i) => int(i.map(i64::from)),
        Value::SmallInt(i) => int(i.map(i64::from)),
        Value::Int(i) => int(i.map(i64::from)),
        Value::BigInt(i) => int(*i),
        Value::TinyUnsigned(i) => int(i.map(i64::from)),
        Value::SmallUnsigned(i) => int(i.map(i64::from)),
        Value::Unsigned(i) => int(i.map(i64::from)),
        Value::BigUnsigned(i) => match i {
            Some(u) => Cell::Integer(i64::try_from(*u).map_err(|_| DbErr::Custom(format!("sqlite: {u} does not fit an integer")))?),
            None => Cell::Null,
        },
        Value::Float(f) => f.map_or(Cell::Null, |f| Cell::Real(f64::from(f))),
        Value::Double(f) => f.map_or(Cell::Null, Cell::Real),
        Value::String(s) => s.clone().map_or(Cell::Null, Cell::Text),
        Value::Char(c) => c.map_or(Cell::Null, |c| Cell::Text(c.to_string())),
        Value::Bytes(b) => b.clone().map_or(Cell::Null, Cell::Blob),
        Value::Json(j) => j.as_ref().map_or(Cell::Null, |j| Cell::Text(j.to_string())),
        other => return Err(DbErr::Custom(format!("sqlite: a value of kind {other:?} is not bound by the writer"))),
    })
}

#[cfg(test)]
mod tests {
    use sea_orm::{ConnectionTrait, Statement};

    use super::super::db::{connect, TempSqlite};
    use super::super::sqlite_writer::SqliteWriter;
    use super::*;

    const TABLE: &str = "CREATE TABLE t (id integer NOT NULL PRIMARY KEY AUTOINCREMENT, small integer NOT NULL, \
                         big integer NOT NULL, flag boolean NOT NULL, ratio double NOT NULL, name varchar NOT NULL, note text NULL)";

    fn stmt(sql: &str, values: Vec<Value>) -> Statement {
        Statement::from_sql_and_values(DbBackend::Sqlite, sql, values)
    }

    #[tokio::test]
    async fn values_come_back_as_their_columns_declare_them_and_only_a_commit_keeps_them() {
        let file = TempSqlite::new("sqlite-txn");
        let db = connect(&file.url, 2).await.unwrap();
        rusqlite::Connection::open(&file.path).unwrap().execute_batch(TABLE).unwrap();
        let narrow: NarrowColumns = [("t".to_string(), "small".to_string())].into();
        let writer = SqliteWriter::open(&file.url, false, narrow);

        let txn = writer.begin_txn(&db).await.unwrap();
        let values = vec![7i32.into(), (1i64 << 40).into(), true.into(), 2.5f64.into(), "لپ تاپ".into()];
        let sql = "INSERT INTO \"t\" (\"small\", \"big\", \"flag\", \"ratio\", \"name\") VALUES (?, ?, ?, ?, ?) \
                   RETURNING \"id\", \"small\", \"big\", \"flag\", \"ratio\", \"name\", \"note\"";
        let returned = txn.query_one_raw(stmt(sql, values)).await.unwrap().unwrap();
        let read = txn.query_one_raw(stmt("SELECT * FROM t WHERE id = ?", vec![1i64.into()])).await.unwrap().unwrap();
        for row in [&returned, &read] {
            assert_eq!(row.try_get::<i64>("", "id").unwrap(), 1);
            assert_eq!(row.try_get::<i32>("", "small").unwrap(), 7);
            assert_eq!(row.try_get::<i64>("", "big").unwrap(), 1 << 40);
            assert!(row.try_get::<bool>("", "flag").unwrap());
            assert_eq!(row.try_get::<f64>("", "ratio").unwrap(), 2.5);
            assert_eq!(row.try_get::<String>("", "name").unwrap(), "لپ تاپ");
            assert_eq!(row.try_get::<Option<String>>("", "note").unwrap(), None);
        }
        let count = txn.query_one_raw(stmt("SELECT COUNT(*) AS n FROM t", vec![])).await.unwrap().unwrap();
        assert_eq!(count.try_get::<i64>("", "n").unwrap(), 1);
        let updated = txn.execute_raw(stmt("UPDATE t SET note = ? WHERE id = ?", vec!["x".into(), 1i64.into()])).await.unwrap();
        assert_eq!(updated.rows_affected(), 1);
        txn.commit().await.unwrap();

        let dropped = writer.begin_txn(&db).await.unwrap();
        dropped.execute_raw(stmt("DELETE FROM t", vec![])).await.unwrap();
        drop(dropped);
        let rolled_back = writer.begin_txn(&db).await.unwrap();
        rolled_back.execute_raw(stmt("DELETE FROM t", vec![])).await.unwrap();
        rolled_back.rollback().await.unwrap();

        let kept = db.query_one_raw(stmt("SELECT note FROM t WHERE id = 1", vec![])).await.unwrap().unwrap();
        assert_eq!(kept.try_get::<String>("", "note").unwrap(), "x", "committed kept, dropped and rolled back undone");
    }

    #[test]
    fn the_written_table_is_read_from_insert_update_and_delete_only() {
        assert_eq!(written_table("INSERT INTO \"customer_order\" (\"code\") VALUES (?)"), Some("customer_order"));
        assert_eq!(written_table(" update \"t\" SET x = 1"), Some("t"));
        assert_eq!(written_table("DELETE FROM \"t\""), Some("t"));
        assert_eq!(written_table("SELECT \"t\".\"id\" FROM \"t\""), None);
    }

    /// Runs the statement `prepare` gives three times; how often SQLite parsed it again.
    fn reprepared<'c>(prepare: impl Fn() -> rusqlite::CachedStatement<'c>) -> i32 {
        let mut count = 0;
        for _ in 0..3 {
            let mut prepared = prepare();
            let mut rows = prepared.raw_query();
            while rows.next().unwrap().is_some() {}
            drop(rows);
            count = prepared.get_status(rusqlite::StatementStatus::RePrepare);
        }
        count
    }

    #[test]
    fn a_bound_limit_is_written_into_the_text_so_the_statement_is_not_parsed_at_every_run() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER); INSERT INTO t VALUES (1, 10);").unwrap();
        let one = Statement::from_sql_and_values(
            DbBackend::Sqlite,
            r#"SELECT "t"."x" FROM "t" WHERE "t"."id" = ? LIMIT ?"#,
            [1i64.into(), 1u64.into()],
        );
        let bound = reprepared(|| {
            let mut p = conn.prepare_cached(&one.sql).unwrap();
            p.raw_bind_parameter(1, 1i64).unwrap();
            p.raw_bind_parameter(2, 1i64).unwrap();
            p
        });
        assert!(bound > 0, "SQLite parses a statement with a bound LIMIT again at each binding");
        assert_eq!(reprepared(|| prepare(&conn, &one).unwrap()), 0);
        let mut prepared = prepare(&conn, &one).unwrap();
        let x: Vec<i64> = prepared.raw_query().mapped(|r| r.get(0)).map(Result::unwrap).collect();
        assert_eq!(x, vec![10], "the same rows");
    }
}
