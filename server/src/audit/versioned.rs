//! Saving a versioned record from the back office (issue 24 item 5, "two staff, one record"):
//! inside one write transaction, refuse a save made from an old version with the names of
//! what changed since ([`super::service::stale_edit`]), write it with a conditional
//! `UPDATE … WHERE id = ? AND version = ?` that bumps the version (so two concurrent saves
//! from the same version cannot both pass), and record before and after (with `version`) in
//! the audit log. Each editable table implements [`Versioned`]; its area calls [`create`],
//! [`update`] and [`remove`].

use sea_orm::sea_query::Value;
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ColumnTrait, DatabaseConnection, DatabaseTransaction, EntityTrait,
    IntoActiveModel, ModelTrait, QueryFilter,
};

use super::service::{record, stale_edit, Change, EditError};
use crate::auth::staff::Actor;
use crate::platform::db::begin_write;

/// A table staff edit with versions.
pub trait Versioned: EntityTrait {
    /// The audit log's name of the entity (`delivery_option`, …).
    const NAME: &'static str;
    /// The Persian message for an unknown id.
    const NOT_FOUND: &'static str;
    /// The id column.
    fn id_column() -> Self::Column;
    /// The `version` column.
    fn version_column() -> Self::Column;
    /// A row's version.
    fn version_of(m: &Self::Model) -> i64;
    /// What the audit log keeps of a row (an object with `version`).
    fn snapshot(m: &Self::Model) -> serde_json::Value;
    /// The Persian name of a snapshot key (None: not named in a refusal).
    fn label(key: &str) -> Option<&'static str>;
}

/// The row `id` for a save made from `version`: refused when unknown or moved on.
pub async fn current<E: Versioned>(txn: &DatabaseTransaction, id: &Value, version: i64) -> Result<E::Model, EditError> {
    let row = E::find()
        .filter(E::id_column().eq(id.clone()))
        .one(txn)
        .await?
        .ok_or(EditError::NotFound(E::NOT_FOUND))?;
    match stale_edit(txn, E::NAME, &id_text(id), version, E::version_of(&row), E::label).await? {
        Some(stale) => Err(stale.into()),
        None => Ok(row),
    }
}

fn id_text(id: &Value) -> String {
    match id {
        Value::String(Some(s)) => s.to_string(),
        Value::BigInt(Some(n)) => n.to_string(),
        Value::Int(Some(n)) => n.to_string(),
        other => format!("{other:?}"),
    }
}

/// Inserts `am` (its version set to 1) and records `action`; answers the row.
pub async fn create<E: Versioned>(
    db: &DatabaseConnection,
    actor: &Actor,
    action: &str,
    mut am: E::ActiveModel,
    now: i64,
) -> Result<E::Model, EditError>
where
    E::ActiveModel: ActiveModelTrait<Entity = E> + ActiveModelBehavior + Send,
    E::Model: IntoActiveModel<E::ActiveModel>,
{
    let txn = begin_write(db).await?;
    am.set(E::version_column(), 1i64.into());
    let row = am.insert(&txn).await?;
    let id = row.get(E::id_column());
    record(&txn, actor, Change { action, entity: E::NAME, entity_id: id_text(&id), before: None, after: Some(E::snapshot(&row)) }, now)
        .await?;
    txn.commit().await?;
    Ok(row)
}

/// Writes `change(before)` to the row `id` when it is still at `version` (bumping it) and
/// records `action` with before and after; answers the row after.
pub async fn update<E: Versioned>(
    db: &DatabaseConnection,
    actor: &Actor,
    id: impl Into<Value>,
    version: i64,
    action: &str,
    change: impl FnOnce(&E::Model) -> Result<E::ActiveModel, EditError>,
    now: i64,
) -> Result<E::Model, EditError>
where
    E::ActiveModel: ActiveModelTrait<Entity = E> + ActiveModelBehavior + Send,
    E::Model: IntoActiveModel<E::ActiveModel>,
{
    let id: Value = id.into();
    let txn = begin_write(db).await?;
    let before = current::<E>(&txn, &id, version).await?;
    let mut am = change(&before)?;
    am.set(E::version_column(), (version + 1).into());
    let written = E::update_many()
        .set(am)
        .filter(E::id_column().eq(id.clone()))
        .filter(E::version_column().eq(version))
        .exec(&txn)
        .await?;
    if written.rows_affected == 0 {
        // Another save got there between the read and the write (not possible inside SQLite's
        // immediate transaction; on PostgreSQL the conditional update finds the new version).
        current::<E>(&txn, &id, version).await?;
        return Err(shop_core::edit_version::StaleEdit { changed: Vec::new() }.into());
    }
    let after = E::find().filter(E::id_column().eq(id.clone())).one(&txn).await?.ok_or(EditError::NotFound(E::NOT_FOUND))?;
    record(
        &txn,
        actor,
        Change { action, entity: E::NAME, entity_id: id_text(&id), before: Some(E::snapshot(&before)), after: Some(E::snapshot(&after)) },
        now,
    )
    .await?;
    txn.commit().await?;
    Ok(after)
}

/// Deletes the row `id` when it is still at `version`, recording `action` with what it was.
pub async fn remove<E: Versioned>(
    db: &DatabaseConnection,
    actor: &Actor,
    id: impl Into<Value>,
    version: i64,
    action: &str,
    now: i64,
) -> Result<E::Model, EditError> {
    let id: Value = id.into();
    let txn = begin_write(db).await?;
    let before = current::<E>(&txn, &id, version).await?;
    let gone = E::delete_many()
        .filter(E::id_column().eq(id.clone()))
        .filter(E::version_column().eq(version))
        .exec(&txn)
        .await?;
    if gone.rows_affected == 0 {
        current::<E>(&txn, &id, version).await?;
        return Err(shop_core::edit_version::StaleEdit { changed: Vec::new() }.into());
    }
    record(&txn, actor, Change { action, entity: E::NAME, entity_id: id_text(&id), before: Some(E::snapshot(&before)), after: None }, now)
        .await?;
    txn.commit().await?;
    Ok(before)
}
