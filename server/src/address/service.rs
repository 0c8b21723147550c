//! Address book rules: store an [`Address`] (the typed value of `core`'s address form,
//! `shop_core::forms::address`, parsed at the edge) for its owner only. Another customer's address id is answered 404, like an
//! unknown one, so nothing about it leaks.

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder,
};
use shop_core::forms::address::Address;

use super::entity::address;

/// At most this many addresses per customer (`shop_core::limits`, shared with the web app).
pub const MAX_ADDRESSES: u64 = shop_core::limits::MAX_ADDRESSES as u64;

/// Why an address call was refused; each names its request field.
#[derive(Debug, thiserror::Error)]
pub enum AddressError {
    /// Unknown address, or someone else's.
    #[error("نشانی مورد نظر پیدا نشد")]
    NotFound,
    /// The book is full.
    #[error("حداکثر ۲۰ نشانی می‌توانید ثبت کنید")]
    TooMany,
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

/// The customer's addresses, the default first, then newest first.
pub async fn list<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<address::Model>, DbErr> {
    address::Entity::find()
        .filter(address::Column::UserId.eq(user_id))
        .order_by_desc(address::Column::IsDefault)
        .order_by_desc(address::Column::Id)
        .all(db)
        .await
}

/// One of the customer's addresses; `NotFound` for an unknown id or someone else's.
pub async fn own<C: ConnectionTrait>(db: &C, user_id: i64, id: i64) -> Result<address::Model, AddressError> {
    address::Entity::find_by_id(id)
        .filter(address::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .ok_or(AddressError::NotFound)
}

async fn clear_default<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<(), DbErr> {
    address::Entity::update_many()
        .col_expr(address::Column::IsDefault, false.into())
        .filter(address::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Adds an address; the first one (or one asked to be) becomes the default. Returns its id.
pub async fn add(
    db: &DatabaseConnection,
    user_id: i64,
    a: Address,
    make_default: bool,
    now: i64,
) -> Result<i64, AddressError> {
    let txn = crate::platform::db::begin_write(db).await?;
    // The cap is counted, so parallel adds of one customer must not count at once.
    crate::platform::db::lock_owner(&txn, user_id).await?;
    let count = address::Entity::find()
        .filter(address::Column::UserId.eq(user_id))
        .count(&txn)
        .await?;
    if count >= MAX_ADDRESSES {
        return Err(AddressError::TooMany);
    }
    let is_default = make_default || count == 0;
    if is_default {
        clear_default(&txn, user_id).await?;
    }
    let row = address::ActiveModel {
        user_id: Set(user_id),
        receiver_name: Set(a.name),
        receiver_mobile: Set(a.mobile.into()),
        province: Set(a.place.province().to_owned()),
        city: Set(a.place.city().to_owned()),
        line: Set(a.line),
        postal_code: Set(a.postal_code.into()),
        plaque: Set(a.plaque),
        unit: Set(a.unit),
        is_default: Set(is_default),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(row.id)
}

/// Replaces the fields of one of the customer's addresses.
pub async fn edit(
    db: &DatabaseConnection,
    user_id: i64,
    id: i64,
    a: Address,
    make_default: bool,
    now: i64,
) -> Result<(), AddressError> {
    let txn = crate::platform::db::begin_write(db).await?;
    let row = own(&txn, user_id, id).await?;
    if make_default && !row.is_default {
        clear_default(&txn, user_id).await?;
    }
    let mut am: address::ActiveModel = row.into();
    am.receiver_name = Set(a.name);
    am.receiver_mobile = Set(a.mobile.into());
    am.province = Set(a.place.province().to_owned());
    am.city = Set(a.place.city().to_owned());
    am.line = Set(a.line);
    am.postal_code = Set(a.postal_code.into());
    am.plaque = Set(a.plaque);
    am.unit = Set(a.unit);
    if make_default {
        am.is_default = Set(true);
    }
    am.updated_at = Set(now);
    am.update(&txn).await?;
    txn.commit().await?;
    Ok(())
}

/// Deletes one of the customer's addresses; when it was the default, the newest one left
/// becomes the default.
pub async fn delete(db: &DatabaseConnection, user_id: i64, id: i64) -> Result<(), AddressError> {
    let txn = crate::platform::db::begin_write(db).await?;
    let row = own(&txn, user_id, id).await?;
    address::Entity::delete_by_id(row.id).exec(&txn).await?;
    if row.is_default {
        if let Some(next) = list(&txn, user_id).await?.into_iter().next() {
            let mut am: address::ActiveModel = next.into();
            am.is_default = Set(true);
            am.update(&txn).await?;
        }
    }
    txn.commit().await?;
    Ok(())
}

/// Makes one of the customer's addresses the default.
pub async fn set_default(db: &DatabaseConnection, user_id: i64, id: i64, now: i64) -> Result<(), AddressError> {
    let txn = crate::platform::db::begin_write(db).await?;
    let row = own(&txn, user_id, id).await?;
    clear_default(&txn, user_id).await?;
    let mut am: address::ActiveModel = row.into();
    am.is_default = Set(true);
    am.updated_at = Set(now);
    am.update(&txn).await?;
    txn.commit().await?;
    Ok(())
}
