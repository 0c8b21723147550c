//! `Idempotency-Key` for calls that must never run twice (order registration, starting a
//! payment, opening and answering a ticket): per user and call, the first result is stored with
//! a hash of the request; the same key with the same request gets the same answer again, with
//! another request 409. Only a reference is stored (a ticket's id, a payment's URL), and the
//! answer is rebuilt from it ([`once_ref`]); records expire after [`KEEP_SECS`].
//!
//! The key is claimed by an insert on a unique index before the call runs, so two copies of
//! one request arriving together cannot both run (the second gets 409 while the first is
//! running, and the stored answer afterwards). Answers of 500 are not kept: the claim is
//! dropped so that a retry can run.
//!
//! A claim still open after [`LEASE_SECS`] belongs to a request that died with its process
//! (killed between the claim, the work and the stored answer, which are separate commits). A
//! retry then takes the claim over and runs the call: these calls (a ticket, a reply, a payment
//! start) do no harm when run again.
//!
//! A call whose work is one database transaction (order registration) records its key in that
//! transaction instead ([`prior`], then [`KeyInWork::record`] before its commit): the record and
//! the work commit together or not at all, so no claim is ever left open by a killed request,
//! and the call costs no write of its own beside the work's (two fewer turns of SQLite's one
//! writer, two fewer commits: bench/README.md "Writes, fourth step"). A copy of the request that
//! commits first makes the other's record conflict; that one rolls back and answers what the
//! first stored ([`recorded_answer`]). Only a success is recorded: a refusal rolls back and
//! writes nothing, so a retry with the same key runs again on the shop as it is then.

use std::future::Future;

use poem_openapi::payload::Json;
use poem_openapi::types::{ParseFromJSON, ToJSON};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, TryInsertResult,
};
use sha2::{Digest, Sha256};

use super::db::{wait_durable, write_turn};
use super::error::{ApiError, ApiResult, ErrorBody};

/// The header name.
pub const HEADER: &str = "Idempotency-Key";

/// Persian messages.
pub mod text {
    /// Missing or malformed key.
    pub const KEY_INVALID: &str =
        "کلید یکتایی درخواست (Idempotency-Key) لازم است: ۱ تا ۱۰۰ نویسه از حروف لاتین، رقم، - و _";
    /// Same key, other request.
    pub const OTHER_BODY: &str = "این کلید یکتایی پیش‌تر برای درخواست دیگری به کار رفته است";
    /// Same key while the first request still runs.
    pub const IN_PROGRESS: &str = "درخواست قبلی با همین کلید هنوز در حال انجام است؛ چند لحظه دیگر دوباره تلاش کنید";
}

pub mod entity {
    //! `idempotency_key`: one stored answer per (user, scope, key).
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "idempotency_key")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub user_id: i64,
        /// Which call, e.g. `order.register`.
        pub scope: String,
        pub key: String,
        /// SHA-256 (hex) of the request's canonical form.
        pub request_hash: String,
        /// NULL while the first request runs.
        pub status_code: Option<i32>,
        /// The remembered reference (JSON), or the refusal's error body.
        #[sea_orm(column_type = "Text", nullable)]
        pub response: Option<String>,
        pub created_at: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

use entity as key_row;

/// Checks the header's value: 1 to 100 of `A-Z a-z 0-9 - _ . :` (a UUID fits).
pub fn parse_key(raw: Option<&str>) -> ApiResult<String> {
    match raw.map(str::trim) {
        Some(k)
            if !k.is_empty()
                && k.len() <= 100
                && k.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':')) =>
        {
            Ok(k.to_string())
        }
        _ => Err(ApiError::invalid(HEADER, text::KEY_INVALID)),
    }
}

/// The hash of a request's canonical form (its fields, joined unambiguously by the caller).
pub fn request_hash(canonical: &str) -> String {
    hex::encode(Sha256::digest(canonical.as_bytes()))
}

/// Rebuilds a stored error answer.
fn stored_error(status: i32, body: &str) -> ApiError {
    let body =
        serde_json::from_str::<ErrorBody>(body).unwrap_or_else(|_| ErrorBody::new(super::error::msg::SERVER, None));
    let b = Json(body);
    match status {
        400 => ApiError::BadRequest(b),
        401 => ApiError::Unauthorized(b),
        403 => ApiError::Forbidden(b),
        404 => ApiError::NotFound(b),
        409 => ApiError::Conflict(b),
        413 => ApiError::PayloadTooLarge(b),
        422 => ApiError::Unprocessable(b),
        408 => ApiError::RequestTimeout(b),
        503 => ApiError::Unavailable(b, None),
        _ => ApiError::Internal(b),
    }
}

/// Records older than this are forgotten: a client retries within seconds or minutes, and a
/// key seen again after a day is a new request (it runs again). The purge job deletes them; until
/// it does, [`claim`] treats an expired record as absent.
pub const KEEP_SECS: i64 = 24 * 3600;

/// How long a claim may stay open before a retry treats its request as dead: far longer than
/// any request runs (the body must arrive within 30 s, and the work takes milliseconds).
pub const LEASE_SECS: i64 = 120;

/// The lease in force: [`LEASE_SECS`] unless the configuration set another at start-up
/// (`Config::idempotency_lease_secs`). One value for the process, as the key table is one.
static LEASE: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(LEASE_SECS);

/// Sets the lease in force (at start-up, from the configuration).
pub fn set_lease(secs: i64) {
    LEASE.store(secs.max(1), std::sync::atomic::Ordering::Relaxed);
}

fn lease() -> i64 {
    LEASE.load(std::sync::atomic::Ordering::Relaxed)
}

/// A remembered reference larger than this is a caller storing a whole answer (issue 22 item 4:
/// ticket replies kept the whole thread, 37 MB of rows for 585 KB of messages); it is logged.
pub const MAX_REMEMBERED_BYTES: usize = 4 * 1024;

/// Records deleted per statement of the purge job (short transactions).
const PURGE_BATCH: u64 = 1_000;

/// The newest `created_at` of an expired record at `now`.
fn expired_at_or_before(now: i64) -> i64 {
    now - KEEP_SECS
}

/// The outcome of claiming a key.
enum Claim {
    /// This request runs; the record's id.
    Mine(i64),
    /// A first request succeeded: its remembered reference (JSON).
    Done(String),
    /// A first request's claim outlived [`LEASE_SECS`] without an answer: the record's id and
    /// when it was claimed.
    Stale(i64, i64),
}

/// What a record answers a request of hash `hash`: its stored success (JSON) or refusal; 409
/// for another request under the key, or while the first request still runs.
fn answer_in(row: key_row::Model, hash: &str) -> ApiResult<String> {
    if row.request_hash != hash {
        return Err(ApiError::conflict(text::OTHER_BODY));
    }
    match (row.status_code, row.response) {
        (Some(200), Some(body)) => Ok(body),
        (Some(status), Some(body)) => Err(stored_error(status, &body)),
        _ => Err(ApiError::conflict(text::IN_PROGRESS)),
    }
}

/// A stored JSON answer as the call's answer type.
fn parse_answer<T: ParseFromJSON>(v: serde_json::Value) -> ApiResult<Json<T>> {
    T::parse_from_json(Some(v)).map(Json).map_err(|e| ApiError::internal(e.into_message()))
}

/// [`parse_answer`] of a stored answer's text.
fn parse_stored<T: ParseFromJSON>(body: &str) -> ApiResult<Json<T>> {
    parse_answer(serde_json::from_str(body).map_err(ApiError::internal)?)
}

/// Inserts the key's record, or reads the record already there. An expired record is removed
/// (conditionally: another node may be doing the same) and the key claimed afresh.
async fn claim(
    db: &DatabaseConnection,
    user_id: i64,
    scope: &str,
    key: &str,
    hash: &str,
    now: i64,
) -> ApiResult<Claim> {
    for _ in 0..3 {
        let row = key_row::ActiveModel {
            user_id: Set(user_id),
            scope: Set(scope.to_string()),
            key: Set(key.to_string()),
            request_hash: Set(hash.to_string()),
            status_code: Set(None),
            response: Set(None),
            created_at: Set(now),
            ..Default::default()
        };
        let turn = write_turn(db).await;
        let inserted = key_row::Entity::insert(row)
            .on_conflict_do_nothing_on([key_row::Column::UserId, key_row::Column::Scope, key_row::Column::Key])
            .exec(db)
            .await?;
        drop(turn);
        if let TryInsertResult::Inserted(r) = inserted {
            return Ok(Claim::Mine(r.last_insert_id));
        }
        let Some(row) = find(db, user_id, scope, key).await? else {
            continue; // deleted between the insert and the read: claim again
        };
        if row.created_at <= expired_at_or_before(now) {
            let _turn = write_turn(db).await;
            key_row::Entity::delete_many()
                .filter(key_row::Column::Id.eq(row.id))
                .filter(key_row::Column::CreatedAt.lte(expired_at_or_before(now)))
                .exec(db)
                .await?;
            continue;
        }
        let open = row.status_code.is_none() || row.response.is_none();
        if row.request_hash == hash && open && row.created_at <= now - lease() {
            return Ok(Claim::Stale(row.id, row.created_at));
        }
        return answer_in(row, hash).map(Claim::Done);
    }
    Err(ApiError::conflict(text::IN_PROGRESS))
}

/// Runs `call` at most once per (user, scope, key) and remembers only its result `R`, a small
/// reference (an id, a URL); `answer` builds the HTTP answer from it, the first time and on
/// every retry, so a record's size does not grow with what the answer shows. Refusals (4xx)
/// are remembered as their error body; 429 and 5xx are not (the claim is dropped and a retry
/// runs again). A stale claim is taken over and the call runs (for calls whose second run
/// does no harm).
#[allow(clippy::too_many_arguments)]
pub async fn once_ref<R, T, F, Fut, A, AFut>(
    db: &DatabaseConnection,
    user_id: i64,
    scope: &str,
    key: &str,
    canonical_request: &str,
    now: i64,
    call: F,
    answer: A,
) -> ApiResult<T>
where
    R: serde::Serialize + serde::de::DeserializeOwned,
    F: FnOnce() -> Fut,
    Fut: Future<Output = ApiResult<R>>,
    A: FnOnce(R) -> AFut,
    AFut: Future<Output = ApiResult<T>>,
{
    let claim_id = match claim(db, user_id, scope, key, &request_hash(canonical_request), now).await? {
        Claim::Mine(id) => id,
        Claim::Done(body) => {
            let r: R = serde_json::from_str(&body).map_err(ApiError::internal)?;
            return answer(r).await;
        }
        Claim::Stale(id, claimed_at) => {
            // Taken over by one retry only: the one whose update moves the claim's time.
            let turn = write_turn(db).await;
            let took = key_row::Entity::update_many()
                .col_expr(key_row::Column::CreatedAt, now.into())
                .filter(key_row::Column::Id.eq(id))
                .filter(key_row::Column::CreatedAt.eq(claimed_at))
                .filter(key_row::Column::StatusCode.is_null())
                .exec(db)
                .await?
                .rows_affected
                == 1;
            drop(turn);
            if !took {
                return Err(ApiError::conflict(text::IN_PROGRESS));
            }
            tracing::warn!(scope, claimed_at, "idempotency claim of a dead request taken over");
            id
        }
    };
    let result = call().await;
    let stored = match &result {
        Ok(r) => serde_json::to_string(r).ok().map(|body| (200, body)),
        Err(e) if e.status().is_server_error() || e.status() == poem::http::StatusCode::TOO_MANY_REQUESTS => None,
        Err(e) => Some((i32::from(e.status().as_u16()), serde_json::to_string(e.body()).unwrap_or_default())),
    };
    match stored {
        Some((status, body)) => {
            if body.len() > MAX_REMEMBERED_BYTES {
                tracing::warn!(scope, bytes = body.len(), "idempotency record larger than a reference");
            }
            store(db, claim_id, status, body).await?;
        }
        None => {
            let _turn = write_turn(db).await;
            key_row::Entity::delete_by_id(claim_id).exec(db).await?;
        }
    }
    answer(result?).await
}

/// Remembers the answer of claim `id`.
async fn store(db: &DatabaseConnection, id: i64, status: i32, body: String) -> Result<(), DbErr> {
    let _turn = write_turn(db).await;
    key_row::Entity::update_many()
        .col_expr(key_row::Column::StatusCode, status.into())
        .col_expr(key_row::Column::Response, body.into())
        .filter(key_row::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// [`once_ref`] for calls whose whole answer is small and of a fixed shape (a payment's URL and
/// authority): the answer itself is the reference.
pub async fn once<T, F, Fut>(
    db: &DatabaseConnection,
    user_id: i64,
    scope: &str,
    key: &str,
    canonical_request: &str,
    now: i64,
    call: F,
) -> ApiResult<Json<T>>
where
    T: ToJSON + ParseFromJSON,
    F: FnOnce() -> Fut,
    Fut: Future<Output = ApiResult<Json<T>>>,
{
    once_ref(
        db,
        user_id,
        scope,
        key,
        canonical_request,
        now,
        || async { Ok(call().await?.0.to_json().unwrap_or_default()) },
        |v: serde_json::Value| async move { parse_answer(v) },
    )
    .await
}

/// A key whose record the call's own transaction writes ([`KeyInWork::record`]).
#[derive(Debug, Clone)]
pub struct KeyInWork {
    user_id: i64,
    scope: String,
    key: String,
    hash: String,
    now: i64,
}

/// What is known of a key before a call that records it in its own transaction.
pub enum Prior<T> {
    /// The first request with this key succeeded: its stored answer.
    Answer(Json<T>),
    /// Nothing is recorded: the call runs and records the key with its answer.
    Run(KeyInWork),
}

/// Before a call that records its key in its own transaction: the stored answer of an earlier
/// request with the same key and request, or the key to record. 409 for the same key with
/// another request, and for a claim that a request of the claim-first kind ([`once_ref`]) still
/// holds. An expired record, or a claim left open past the lease (a request of an older
/// version that died), is removed so that the call's record can be written.
pub async fn prior<T: ParseFromJSON>(db: &DatabaseConnection, user_id: i64, scope: &str, key: &str, canonical_request: &str, now: i64) -> ApiResult<Prior<T>> {
    let hash = request_hash(canonical_request);
    let run = || Prior::Run(KeyInWork { user_id, scope: scope.to_string(), key: key.to_string(), hash: hash.clone(), now });
    let Some(row) = find(db, user_id, scope, key).await? else {
        return Ok(run());
    };
    let expired = row.created_at <= expired_at_or_before(now);
    let dead = row.status_code.is_none() && row.created_at <= now - lease();
    if expired || dead {
        let _turn = write_turn(db).await;
        key_row::Entity::delete_many()
            .filter(key_row::Column::Id.eq(row.id))
            .filter(key_row::Column::CreatedAt.eq(row.created_at))
            .filter(
                sea_orm::Condition::any()
                    .add(key_row::Column::StatusCode.is_null())
                    .add(key_row::Column::CreatedAt.lte(expired_at_or_before(now))),
            )
            .exec(db)
            .await?;
        return Ok(run());
    }
    let answer = parse_stored(&answer_in(row, &hash)?)?;
    // The transaction that stored it may not be on disk yet (`db::WriteTxn::unlock_before_flush`).
    wait_durable(db).await?;
    Ok(Prior::Answer(answer))
}

impl KeyInWork {
    /// Writes the key's record with `answer` (JSON) in `txn`, the call's own transaction, before
    /// its commit. False when the key is recorded already (a copy of this request committed
    /// first; on PostgreSQL this waits for that copy's commit): the caller rolls back and
    /// answers [`recorded_answer`].
    pub async fn record<C: ConnectionTrait>(&self, txn: &C, answer: String) -> Result<bool, DbErr> {
        if answer.len() > MAX_REMEMBERED_BYTES {
            tracing::warn!(scope = self.scope, bytes = answer.len(), "idempotency record larger than a reference");
        }
        let row = key_row::ActiveModel {
            user_id: Set(self.user_id),
            scope: Set(self.scope.clone()),
            key: Set(self.key.clone()),
            request_hash: Set(self.hash.clone()),
            status_code: Set(Some(200)),
            response: Set(Some(answer)),
            created_at: Set(self.now),
            ..Default::default()
        };
        let inserted = key_row::Entity::insert(row)
            .on_conflict_do_nothing_on([key_row::Column::UserId, key_row::Column::Scope, key_row::Column::Key])
            .exec(txn)
            .await?;
        Ok(matches!(inserted, TryInsertResult::Inserted(_)))
    }
}

/// The answer recorded for `key` by a copy of the request that committed first (after
/// [`KeyInWork::record`] said false): as [`prior`] reads it.
pub async fn recorded_answer<T: ParseFromJSON>(db: &DatabaseConnection, key: &KeyInWork) -> ApiResult<Json<T>> {
    let Some(row) = find(db, key.user_id, &key.scope, &key.key).await? else {
        return Err(ApiError::conflict(text::IN_PROGRESS));
    };
    let answer = parse_stored(&answer_in(row, &key.hash)?)?;
    // As in `prior`: the copy that stored it may not be on disk yet.
    wait_durable(db).await?;
    Ok(answer)
}

/// Deletes the records older than [`KEEP_SECS`] at `now`, a batch per statement; returns how
/// many. Each statement deletes by the same condition, so nodes running it at once never do
/// anything twice: a record is gone for whichever statement reaches it first.
pub async fn purge_expired(db: &DatabaseConnection, now: i64) -> Result<u64, DbErr> {
    let mut deleted = 0;
    for _ in 0..100 {
        let ids: Vec<i64> = key_row::Entity::find()
            .select_only()
            .column(key_row::Column::Id)
            .filter(key_row::Column::CreatedAt.lte(expired_at_or_before(now)))
            .order_by_asc(key_row::Column::Id)
            .limit(PURGE_BATCH)
            .into_tuple()
            .all(db)
            .await?;
        let full = ids.len() as u64 == PURGE_BATCH;
        if ids.is_empty() {
            break;
        }
        deleted += key_row::Entity::delete_many()
            .filter(key_row::Column::Id.is_in(ids))
            .filter(key_row::Column::CreatedAt.lte(expired_at_or_before(now)))
            .exec(db)
            .await?
            .rows_affected;
        if !full {
            break;
        }
    }
    Ok(deleted)
}

/// Runs [`purge_expired`] every `every` until the task is aborted.
pub fn spawn_expiry(
    db: DatabaseConnection,
    clock: std::sync::Arc<dyn super::clock::Clock>,
    every: std::time::Duration,
) -> tokio::task::JoinHandle<()> {
    super::jobs::spawn_every("idempotency_expiry", every, move || {
        let (db, now) = (db.clone(), clock.unix());
        async move {
            if let Err(e) = purge_expired(&db, now).await {
                tracing::warn!(error = %e, "idempotency record expiry failed");
            }
        }
    })
}

async fn find<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    scope: &str,
    key: &str,
) -> Result<Option<key_row::Model>, DbErr> {
    key_row::Entity::find()
        .filter(key_row::Column::UserId.eq(user_id))
        .filter(key_row::Column::Scope.eq(scope))
        .filter(key_row::Column::Key.eq(key))
        .one(db)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_checked() {
        assert_eq!(parse_key(Some(" 3f6c-11ab_x ")).unwrap(), "3f6c-11ab_x");
        for bad in [None, Some(""), Some("   "), Some("a b"), Some("کلید")] {
            assert!(parse_key(bad).is_err(), "{bad:?}");
        }
        assert!(parse_key(Some(&"k".repeat(101))).is_err());
    }

    #[test]
    fn hashes_differ_per_request() {
        assert_eq!(request_hash("a|1"), request_hash("a|1"));
        assert_ne!(request_hash("a|1"), request_hash("a|2"));
    }
}
