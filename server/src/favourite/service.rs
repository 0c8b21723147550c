//! Favourite rules: a customer hearts a product the shop shows (published, in the catalogue
//! snapshot); adding twice or merging the same list again changes nothing; rows are read and
//! removed only through the caller's own id, so another customer's list is never touched.

use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};

use super::entity::favourite;
use crate::catalog::snapshot::Snapshot;
use crate::platform::http::page::Paging;

/// At most this many favourites per customer (a list, not a warehouse; 1,000 must work).
pub const MAX_FAVOURITES: u64 = 2_000;

/// Why a favourite call was refused.
#[derive(Debug, thiserror::Error)]
pub enum FavouriteError {
    /// Unknown product uid, or one the shop no longer shows.
    #[error("کالای مورد نظر پیدا نشد")]
    UnknownProduct,
    /// The list is full.
    #[error("حداکثر ۲٬۰۰۰ کالا را می‌توانید در علاقه‌مندی‌ها نگه دارید")]
    TooMany,
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

/// The product id of a published product's `uid`.
pub fn published_id(snap: &Snapshot, uid: &str) -> Option<i64> {
    snap.by_uid.get(uid.trim()).map(|&i| snap.items[i].product.id)
}

/// How many favourites the customer has.
pub async fn count<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<u64, DbErr> {
    favourite::Entity::find().filter(favourite::Column::UserId.eq(user_id)).count(db).await
}

/// Inserts the rows that are missing (insert-if-absent on (user, product): a repeat or a race
/// with another tab is a no-op). Returns how many were new.
async fn insert_missing<C: ConnectionTrait>(db: &C, user_id: i64, product_ids: &[i64], now: i64) -> Result<u64, DbErr> {
    if product_ids.is_empty() {
        return Ok(0);
    }
    let before = count(db, user_id).await?;
    let rows = product_ids.iter().map(|&product_id| favourite::ActiveModel {
        user_id: sea_orm::ActiveValue::Set(user_id),
        product_id: sea_orm::ActiveValue::Set(product_id),
        created_at: sea_orm::ActiveValue::Set(now),
        ..Default::default()
    });
    favourite::Entity::insert_many(rows)
        .on_conflict(
            OnConflict::columns([favourite::Column::UserId, favourite::Column::ProductId])
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(count(db, user_id).await?.saturating_sub(before))
}

/// Hearts one published product. Idempotent.
pub async fn add<C: ConnectionTrait>(db: &C, snap: &Snapshot, user_id: i64, uid: &str, now: i64) -> Result<(), FavouriteError> {
    let product_id = published_id(snap, uid).ok_or(FavouriteError::UnknownProduct)?;
    let exists = favourite::Entity::find()
        .filter(favourite::Column::UserId.eq(user_id))
        .filter(favourite::Column::ProductId.eq(product_id))
        .count(db)
        .await?
        > 0;
    if exists {
        return Ok(());
    }
    if count(db, user_id).await? >= MAX_FAVOURITES {
        return Err(FavouriteError::TooMany);
    }
    insert_missing(db, user_id, &[product_id], now).await?;
    Ok(())
}

/// Removes a product from the caller's favourites; false when it was not there. A product the
/// shop no longer shows can still be removed (by its uid), so the list never gets stuck.
pub async fn remove<C: ConnectionTrait>(db: &C, user_id: i64, uid: &str) -> Result<bool, DbErr> {
    use crate::catalog::product;
    let Some(p) = product::Entity::find().filter(product::Column::Uid.eq(uid.trim())).one(db).await? else {
        return Ok(false);
    };
    let r = favourite::Entity::delete_many()
        .filter(favourite::Column::UserId.eq(user_id))
        .filter(favourite::Column::ProductId.eq(p.id))
        .exec(db)
        .await?;
    Ok(r.rows_affected > 0)
}

/// What a merge did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Merged {
    /// New favourites.
    pub added: u64,
    /// Uids the shop does not show (unknown or unpublished), or past the limit: left out.
    pub ignored: u64,
}

/// Adds the hearts kept in a browser before sign-in. Unknown and unpublished uids are left out;
/// repeats are no-ops, so merging twice is harmless. Stops at [`MAX_FAVOURITES`].
pub async fn merge<C: ConnectionTrait>(db: &C, snap: &Snapshot, user_id: i64, uids: &[String], now: i64) -> Result<Merged, DbErr> {
    let mut distinct: Vec<&str> = uids.iter().map(|u| u.trim()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let mut ids = Vec::with_capacity(distinct.len());
    let mut unknown = 0u64;
    for u in distinct {
        match published_id(snap, u) {
            Some(id) => ids.push(id),
            None => unknown += 1,
        }
    }
    let have = owned_product_ids(db, user_id).await?;
    ids.retain(|id| !have.contains(id));
    let room = MAX_FAVOURITES.saturating_sub(have.len() as u64) as usize;
    let cut = ids.len().saturating_sub(room) as u64;
    ids.truncate(room);
    let added = insert_missing(db, user_id, &ids, now).await?;
    Ok(Merged { added, ignored: unknown + cut })
}

async fn owned_product_ids<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<std::collections::HashSet<i64>, DbErr> {
    Ok(favourite::Entity::find()
        .select_only()
        .column(favourite::Column::ProductId)
        .filter(favourite::Column::UserId.eq(user_id))
        .into_tuple::<i64>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}

/// The uids of every product the caller hearted (for the hearts on product pages).
pub async fn uids<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<String>, DbErr> {
    use crate::catalog::product;
    let ids = owned_product_ids(db, user_id).await?;
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::with_capacity(ids.len());
    // In chunks: PostgreSQL and SQLite cap the number of bound parameters.
    let ids: Vec<i64> = ids.into_iter().collect();
    for chunk in ids.chunks(500) {
        out.extend(
            product::Entity::find()
                .select_only()
                .column(product::Column::Uid)
                .filter(product::Column::Id.is_in(chunk.iter().copied()))
                .into_tuple::<String>()
                .all(db)
                .await?,
        );
    }
    out.sort();
    Ok(out)
}

/// One page of the caller's favourites, newest first, with each product's row (None when the
/// product row is gone), and the total.
pub async fn page<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    paging: Paging,
) -> Result<(Vec<(favourite::Model, Option<crate::catalog::product::Model>)>, u64), DbErr> {
    use crate::catalog::product;
    let total = count(db, user_id).await?;
    let rows = favourite::Entity::find()
        .filter(favourite::Column::UserId.eq(user_id))
        .order_by_desc(favourite::Column::CreatedAt)
        .order_by_desc(favourite::Column::Id)
        .offset(paging.offset())
        .limit(paging.size)
        .all(db)
        .await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.product_id).collect();
    let products: std::collections::HashMap<i64, product::Model> = if ids.is_empty() {
        Default::default()
    } else {
        product::Entity::find()
            .filter(product::Column::Id.is_in(ids))
            .all(db)
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect()
    };
    let out = rows
        .into_iter()
        .map(|r| {
            let p = products.get(&r.product_id).cloned();
            (r, p)
        })
        .collect();
    Ok((out, total))
}
