//! `Idempotency-Key` for calls that must never run twice (order registration, starting a
//! payment): per user and call, the first answer is stored with a hash of the request; the
//! same key with the same request gets that answer again, with another request 409.
//!
//! The key is claimed by an insert on a unique index before the call runs, so two copies of
//! one request arriving together cannot both run (the second gets 409 while the first is
//! running, and the stored answer afterwards). Answers of 500 are not kept: the claim is
//! dropped so that a retry can run.

use std::future::Future;

use poem_openapi::payload::Json;
use poem_openapi::types::{ParseFromJSON, ToJSON};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, TryInsertResult};
use sha2::{Digest, Sha256};

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
        /// The answer's JSON body.
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
        503 => ApiError::Unavailable(b, None),
        _ => ApiError::Internal(b),
    }
}

/// Runs `call` at most once per (user, scope, key): see the module documentation.
pub async fn once<C, T, F, Fut>(
    db: &C,
    user_id: i64,
    scope: &str,
    key: &str,
    canonical_request: &str,
    now: i64,
    call: F,
) -> ApiResult<Json<T>>
where
    C: ConnectionTrait,
    T: ToJSON + ParseFromJSON,
    F: FnOnce() -> Fut,
    Fut: Future<Output = ApiResult<Json<T>>>,
{
    let hash = request_hash(canonical_request);
    let claim = key_row::ActiveModel {
        user_id: Set(user_id),
        scope: Set(scope.to_string()),
        key: Set(key.to_string()),
        request_hash: Set(hash.clone()),
        status_code: Set(None),
        response: Set(None),
        created_at: Set(now),
        ..Default::default()
    };
    let inserted = key_row::Entity::insert(claim)
        .on_conflict_do_nothing_on([key_row::Column::UserId, key_row::Column::Scope, key_row::Column::Key])
        .exec(db)
        .await?;
    let claim_id = match inserted {
        TryInsertResult::Inserted(r) => r.last_insert_id,
        TryInsertResult::Conflicted | TryInsertResult::Empty => {
            let row = find(db, user_id, scope, key)
                .await?
                .ok_or_else(|| ApiError::conflict(text::IN_PROGRESS))?;
            if row.request_hash != hash {
                return Err(ApiError::conflict(text::OTHER_BODY));
            }
            return match (row.status_code, row.response) {
                (Some(200), Some(body)) => {
                    let v: serde_json::Value = serde_json::from_str(&body).map_err(ApiError::internal)?;
                    T::parse_from_json(Some(v))
                        .map(Json)
                        .map_err(|e| ApiError::internal(e.into_message()))
                }
                (Some(status), Some(body)) => Err(stored_error(status, &body)),
                _ => Err(ApiError::conflict(text::IN_PROGRESS)),
            };
        }
    };
    let answer = call().await;
    let stored = match &answer {
        Ok(v) => Some((200, v.0.to_json().unwrap_or_default().to_string())),
        Err(e) if e.status().is_server_error() => None,
        Err(e) => Some((
            i32::from(e.status().as_u16()),
            serde_json::to_string(e.body()).unwrap_or_default(),
        )),
    };
    match stored {
        Some((status, body)) => {
            key_row::Entity::update_many()
                .col_expr(key_row::Column::StatusCode, status.into())
                .col_expr(key_row::Column::Response, body.into())
                .filter(key_row::Column::Id.eq(claim_id))
                .exec(db)
                .await?;
        }
        None => {
            key_row::Entity::delete_by_id(claim_id).exec(db).await?;
        }
    }
    answer
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
