//! Recording and reading the audit log.

use crate::platform::http::query::DayRange;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect,
};
use serde::Serialize;

use super::entity::audit_log;

// Who made a change is `auth::staff::Actor`: it lives with the staff extractor that makes it
// (auth sits below audit).
use crate::auth::staff::Actor;

/// One change to record: `action` on `entity` `entity_id`, the values before and after.
#[derive(Clone, Debug)]
pub struct Change<'a> {
    /// `area.verb`, e.g. `order.ship`.
    pub action: &'a str,
    /// The kind of thing, e.g. `order`.
    pub entity: &'a str,
    /// Its id or code.
    pub entity_id: String,
    /// The values before (None when it is created).
    pub before: Option<serde_json::Value>,
    /// The values after (None when it is removed).
    pub after: Option<serde_json::Value>,
}

impl<'a> Change<'a> {
    /// A change from `before` to `after`, both serialized as JSON.
    pub fn of<B: Serialize, A: Serialize>(action: &'a str, entity: &'a str, entity_id: impl ToString, before: Option<&B>, after: Option<&A>) -> Self {
        Change {
            action,
            entity,
            entity_id: entity_id.to_string(),
            before: before.map(|b| serde_json::to_value(b).unwrap_or(serde_json::Value::Null)),
            after: after.map(|a| serde_json::to_value(a).unwrap_or(serde_json::Value::Null)),
        }
    }
}

/// Records `change` by `actor` at `now`: call it on the transaction that makes the change.
pub async fn record<C: ConnectionTrait>(db: &C, actor: &Actor, change: Change<'_>, now: i64) -> Result<(), DbErr> {
    audit_log::ActiveModel {
        staff_id: Set(actor.staff_id),
        staff_mobile: Set(actor.mobile.clone()),
        action: Set(change.action.to_string()),
        entity: Set(change.entity.to_string()),
        entity_id: Set(change.entity_id),
        before: Set(change.before.map(|v| v.to_string())),
        after: Set(change.after.map(|v| v.to_string())),
        ip: Set(actor.ip.clone()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Records many changes by `actor` at `now` in few statements (a bulk import's one row per
/// changed record): call it on the transaction that makes the changes.
pub async fn record_many<C: ConnectionTrait>(db: &C, actor: &Actor, changes: Vec<Change<'_>>, now: i64) -> Result<(), DbErr> {
    const CHUNK: usize = 500;
    let mut rows = changes.into_iter().map(|change| audit_log::ActiveModel {
        staff_id: Set(actor.staff_id),
        staff_mobile: Set(actor.mobile.clone()),
        action: Set(change.action.to_string()),
        entity: Set(change.entity.to_string()),
        entity_id: Set(change.entity_id),
        before: Set(change.before.map(|v| v.to_string())),
        after: Set(change.after.map(|v| v.to_string())),
        ip: Set(actor.ip.clone()),
        created_at: Set(now),
        ..Default::default()
    });
    loop {
        let chunk: Vec<_> = rows.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            return Ok(());
        }
        audit_log::Entity::insert_many(chunk).exec_without_returning(db).await?;
    }
}

/// What to list: all filters optional, newest first.
#[derive(Clone, Debug, Default)]
pub struct AuditFilter {
    pub staff_id: Option<i64>,
    pub entity: Option<String>,
    pub entity_id: Option<String>,
    /// The Jalali days the change or order falls in.
    pub days: DayRange,
}

/// One page of the log (newest first) and the number of matching rows.
pub async fn list<C: ConnectionTrait>(db: &C, f: &AuditFilter, page: u64, per_page: u64) -> Result<(Vec<audit_log::Model>, u64), DbErr> {
    let mut q = audit_log::Entity::find();
    if let Some(s) = f.staff_id {
        q = q.filter(audit_log::Column::StaffId.eq(s));
    }
    if let Some(e) = &f.entity {
        q = q.filter(audit_log::Column::Entity.eq(e.as_str()));
    }
    if let Some(e) = &f.entity_id {
        q = q.filter(audit_log::Column::EntityId.eq(e.as_str()));
    }
    if let Some(t) = f.days.from {
        q = q.filter(audit_log::Column::CreatedAt.gte(t));
    }
    if let Some(t) = f.days.until {
        q = q.filter(audit_log::Column::CreatedAt.lt(t));
    }
    let total = q.clone().count(db).await?;
    let rows = q
        .order_by_desc(audit_log::Column::CreatedAt)
        .order_by_desc(audit_log::Column::Id)
        .offset(page.saturating_sub(1) * per_page)
        .limit(per_page)
        .all(db)
        .await?;
    Ok((rows, total))
}

/// The keys whose values changed in `entity` `entity_id` since `version`: read from the audit
/// rows whose `after` carries a `version` above it (each editable record writes its `version`
/// into its audit snapshot). `version` itself is left out. In the order first changed.
///
/// The area turns the keys into Persian names and hands them to
/// [`shop_core::edit_version::check`] to refuse a save made from an old version.
pub async fn keys_changed_since<C: ConnectionTrait>(db: &C, entity: &str, entity_id: &str, version: i64) -> Result<Vec<String>, DbErr> {
    let rows = audit_log::Entity::find()
        .filter(audit_log::Column::Entity.eq(entity))
        .filter(audit_log::Column::EntityId.eq(entity_id))
        .order_by_asc(audit_log::Column::Id)
        .all(db)
        .await?;
    let mut keys: Vec<String> = Vec::new();
    for row in rows {
        let parse = |s: &Option<String>| s.as_deref().and_then(|s| serde_json::from_str::<serde_json::Value>(s).ok());
        let (before, after) = (parse(&row.before), parse(&row.after));
        let Some(serde_json::Value::Object(after)) = after else { continue };
        if after.get("version").and_then(|v| v.as_i64()).is_none_or(|v| v <= version) {
            continue;
        }
        let before = match before {
            Some(serde_json::Value::Object(b)) => b,
            _ => serde_json::Map::new(),
        };
        for (k, v) in &after {
            if k != "version" && before.get(k) != Some(v) && !keys.contains(k) {
                keys.push(k.clone());
            }
        }
    }
    Ok(keys)
}

/// A save of `entity` `entity_id` made from version `expected`, the record being at `current`:
/// `None` when they agree, else the refusal naming (by `label`, in Persian) each key changed
/// since `expected` ([`keys_changed_since`]; keys without a label are left out).
///
/// Call it inside the save's write transaction, before and (with the re-read version) after
/// the conditional `UPDATE … WHERE id = ? AND version = ?` found no row.
pub async fn stale_edit<C: ConnectionTrait>(
    db: &C,
    entity: &str,
    entity_id: &str,
    expected: i64,
    current: i64,
    label: impl Fn(&str) -> Option<&'static str>,
) -> Result<Option<shop_core::edit_version::StaleEdit>, DbErr> {
    if expected == current {
        return Ok(None);
    }
    let keys = keys_changed_since(db, entity, entity_id, expected).await?;
    let names = keys.iter().filter_map(|k| label(k)).map(str::to_string).collect();
    Ok(shop_core::edit_version::check(expected, current, || names).err())
}

/// Why a back-office save of a versioned record was refused.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    /// A bad value: the request field and the Persian message.
    #[error("{1}")]
    Invalid(&'static str, String),
    /// No such record: the Persian message.
    #[error("{0}")]
    NotFound(&'static str),
    /// Saved from an old version; names what changed since.
    #[error("{0}")]
    Stale(#[from] shop_core::edit_version::StaleEdit),
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

impl From<crate::platform::form::Refusal> for EditError {
    fn from((field, message): crate::platform::form::Refusal) -> Self {
        EditError::Invalid(field, message)
    }
}
