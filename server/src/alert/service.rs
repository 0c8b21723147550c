//! Alert rules on the server: a customer subscribes to a published variant when core's rule
//! accepts the kind for the variant as it is now (`shop_core::alert::offer`); asking again for
//! the same waiting alert is the same row; rows are read and removed only through the caller's
//! own id, so another customer's alert is never touched.

use std::collections::HashMap;

use sea_orm::ActiveValue::Set;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use shop_core::alert::offer::{check, AlertRefusal};
use shop_core::alert::{AlertKind, VariantNow};
use shop_core::digits::format_price;
use shop_core::quote::{price_line, LineInput};

use crate::catalog::CatalogItem;

use super::dto::{AlertDto, KindDto, StateDto};
use super::entity::customer_alert::{self, SENT, WAITING};
use crate::catalog::{product, variant};

/// Waiting alerts one customer may have at once.
pub const MAX_WAITING: u64 = 100;
/// Alerts the profile lists (newest first): every waiting one and the latest sent ones.
pub const LIST_LIMIT: u64 = 200;

/// Why an alert call was refused.
#[derive(Debug, thiserror::Error)]
pub enum AlertError {
    /// Unknown variant, or one of a product the shop does not show.
    #[error("کالای مورد نظر پیدا نشد")]
    UnknownVariant,
    /// Core's rule refuses this kind for the variant as it is now.
    #[error("{0}")]
    Refused(#[from] AlertRefusal),
    /// Too many waiting alerts.
    #[error("حداکثر ۱۰۰ درخواست «خبرم کن» در انتظار می‌توانید داشته باشید؛ چند مورد را از نمایه حذف کنید")]
    TooMany,
    /// No such alert of the caller's.
    #[error("این درخواست پیدا نشد")]
    NotFound,
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

/// What the product page shows for one unit of `item` at `now`: the variant's price after its
/// product's offer, with its warranty (the pricing rule book's unit total,
/// `shop_core::quote::price_line`). Alerts compare and quote this price, so an offer that
/// lowers it is a drop, and the SMS names the price the shopper then sees.
fn shown_price(item: &CatalogItem, now: i64) -> i64 {
    price_line(&LineInput { num: 1, stored: None, live: Some(item.live(None)) }, now).unit_total
}

/// [`shown_price`] of each of `variant_ids` that exists.
pub async fn shown_prices<C: ConnectionTrait>(db: &C, variant_ids: &[i64], now: i64) -> Result<HashMap<i64, i64>, DbErr> {
    Ok(crate::catalog::items_by_variant_ids(db, variant_ids)
        .await?
        .into_iter()
        .map(|(id, item)| (id, shown_price(&item, now)))
        .collect())
}

/// The variant and its product when the shop shows the product.
async fn published<C: ConnectionTrait>(db: &C, variant_id: i64) -> Result<Option<CatalogItem>, DbErr> {
    let mut items = crate::catalog::items_by_variant_ids(db, &[variant_id]).await?;
    Ok(items.remove(&variant_id).filter(|item| item.product.active))
}

async fn waiting<C: ConnectionTrait>(db: &C, user_id: i64, variant_id: i64, kind: AlertKind) -> Result<Option<customer_alert::Model>, DbErr> {
    customer_alert::Entity::find()
        .filter(customer_alert::Column::UserId.eq(user_id))
        .filter(customer_alert::Column::VariantId.eq(variant_id))
        .filter(customer_alert::Column::Kind.eq(kind.as_str()))
        .filter(customer_alert::Column::State.eq(WAITING))
        .one(db)
        .await
}

/// Subscribes the customer: the waiting alert and whether it is new (false: the same alert was
/// already waiting, nothing written).
pub async fn subscribe<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    variant_id: i64,
    kind: AlertKind,
    now: i64,
) -> Result<(AlertDto, bool), AlertError> {
    let item = published(db, variant_id).await?.ok_or(AlertError::UnknownVariant)?;
    let (v, p) = (&item.variant, &item.product);
    let threshold = check(kind, VariantNow { stock: v.stock, price: shown_price(&item, now) })?;
    if let Some(a) = waiting(db, user_id, variant_id, kind).await? {
        return Ok((to_dto(&a, Some(v), Some(p)), false));
    }
    let count = customer_alert::Entity::find()
        .filter(customer_alert::Column::UserId.eq(user_id))
        .filter(customer_alert::Column::State.eq(WAITING))
        .count(db)
        .await?;
    if count >= MAX_WAITING {
        return Err(AlertError::TooMany);
    }
    let inserted = customer_alert::Entity::insert(customer_alert::ActiveModel {
        user_id: Set(user_id),
        variant_id: Set(variant_id),
        kind: Set(kind.as_str().to_owned()),
        threshold: Set(threshold),
        state: Set(WAITING.to_owned()),
        created_at: Set(now),
        ..Default::default()
    })
    .exec_without_returning(db)
    .await;
    // Two identical requests at once: the partial unique index lets one in; the other reads it.
    let created = match inserted {
        Ok(_) => true,
        Err(e) => {
            if waiting(db, user_id, variant_id, kind).await?.is_none() {
                return Err(e.into());
            }
            false
        }
    };
    let a = waiting(db, user_id, variant_id, kind).await?.ok_or(AlertError::NotFound)?;
    Ok((to_dto(&a, Some(v), Some(p)), created))
}

/// The caller's alerts, newest first, with their product's name and link.
pub async fn list<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<AlertDto>, DbErr> {
    let rows = customer_alert::Entity::find()
        .filter(customer_alert::Column::UserId.eq(user_id))
        .order_by_desc(customer_alert::Column::Id)
        .limit(LIST_LIMIT)
        .all(db)
        .await?;
    let variant_ids: Vec<i64> = rows.iter().map(|r| r.variant_id).collect();
    let variants: HashMap<i64, variant::Model> = if variant_ids.is_empty() {
        HashMap::new()
    } else {
        variant::Entity::find().filter(variant::Column::Id.is_in(variant_ids)).all(db).await?.into_iter().map(|v| (v.id, v)).collect()
    };
    let product_ids: Vec<i64> = variants.values().map(|v| v.product_id).collect();
    let products: HashMap<i64, product::Model> = if product_ids.is_empty() {
        HashMap::new()
    } else {
        product::Entity::find().filter(product::Column::Id.is_in(product_ids)).all(db).await?.into_iter().map(|p| (p.id, p)).collect()
    };
    Ok(rows
        .iter()
        .map(|a| {
            let v = variants.get(&a.variant_id);
            to_dto(a, v, v.and_then(|v| products.get(&v.product_id)))
        })
        .collect())
}

/// Removes one of the caller's alerts (waiting or sent); another customer's id, or an unknown
/// one, is [`AlertError::NotFound`].
pub async fn remove<C: ConnectionTrait>(db: &C, user_id: i64, id: i64) -> Result<(), AlertError> {
    let r = customer_alert::Entity::delete_many()
        .filter(customer_alert::Column::Id.eq(id))
        .filter(customer_alert::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    if r.rows_affected == 0 {
        return Err(AlertError::NotFound);
    }
    Ok(())
}

/// An alert as its customer sees it.
pub fn to_dto(a: &customer_alert::Model, v: Option<&variant::Model>, p: Option<&product::Model>) -> AlertDto {
    let kind = AlertKind::parse(&a.kind).unwrap_or(AlertKind::Restock);
    AlertDto {
        id: a.id,
        kind: KindDto::from(kind),
        state: if a.state == SENT { StateDto::Sent } else { StateDto::Waiting },
        product_uid: p.map(|p| p.uid.clone()).unwrap_or_default(),
        product_name: p.map(|p| p.name.clone()).unwrap_or_default(),
        variant_label: v.map(|v| format!("{} / {}", v.color, v.warranty_name)).unwrap_or_default(),
        variant_id: a.variant_id,
        threshold: a.threshold,
        threshold_text: format_price(a.threshold),
        created_at: a.created_at,
        sent_at: a.sent_at,
        sent_price_text: a.sent_price.map(format_price),
    }
}
