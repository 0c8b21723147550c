//! Delivery slots (issue 27 item 5): staff keep them per city; a customer picks one at
//! registration. A place is taken by one conditional update inside the registration's
//! transaction ([`reserve`]) and given back by one ([`give_back`]) inside the order's
//! cancellation or expiry; the order area calls both (delivery is below order).
//!
//! When a slot is offered is `shop_core::delivery_slot::window`: the stored `closes_at` (its
//! same-day cut-off as an instant) is later than now and `reserved < capacity`.

use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    QueryFilter, QueryOrder,
};
use serde::Serialize;
use shop_core::delivery_slot::{label::slot_label, window, SlotTimes};
use shop_core::forms::delivery_slot::DeliverySlot;
use shop_core::jalali::{format_jalali_numeric, JalaliDate};

use super::entity::delivery_slot;
use crate::audit::service::{record, Change};
use crate::auth::staff::Actor;
use crate::platform::db::begin_write;
use crate::platform::error::ApiError;

/// The request field a slot comes in.
pub const FIELD: &str = "slotid";
/// An unknown or removed slot.
pub const UNKNOWN: &str = "بازهٔ ارسال انتخاب‌شده پیدا نشد";
/// A slot of another city than the address's.
pub const OTHER_CITY: &str = "این بازهٔ ارسال برای شهر نشانی شما نیست";
/// A slot chosen with in-store pickup, which no courier brings.
pub const PICKUP: &str = "برای تحویل حضوری در فروشگاه بازهٔ ارسال انتخاب نمی‌شود";
/// Staff lowering a slot's capacity below what orders hold.
pub const BELOW_RESERVED: &str = "ظرفیت نمی‌تواند کمتر از سفارش‌های ثبت‌شده برای این بازه باشد";

/// Why a slot was refused.
#[derive(Debug, thiserror::Error)]
pub enum SlotError {
    /// Unknown or removed (422 at `slotid` for customers, 404 for staff).
    #[error("{}", UNKNOWN)]
    Unknown,
    #[error("{}", OTHER_CITY)]
    OtherCity,
    /// The delivery option is the in-store pickup: no courier, no slot.
    #[error("{}", PICKUP)]
    Pickup,
    /// Past its cut-off, or full.
    #[error("{0}")]
    Refused(window::SlotRefusal),
    /// Staff: the form's problems (the day's cut-off passed, the capacity below what is held).
    #[error("{1}")]
    Form(&'static str, String),
    #[error(transparent)]
    Db(#[from] DbErr),
}

impl From<SlotError> for ApiError {
    fn from(e: SlotError) -> Self {
        match e {
            SlotError::Db(db) => ApiError::internal(&db),
            SlotError::Form(field, m) => ApiError::invalid(field, m),
            other => ApiError::invalid(FIELD, other.to_string()),
        }
    }
}

/// The slot's times as core reads them.
pub fn times(s: &delivery_slot::Model) -> Option<SlotTimes> {
    let day = JalaliDate::parse(&s.day).ok()?;
    let minutes = |m: i32| u32::try_from(m).ok();
    Some(SlotTimes { day, start: minutes(s.start_minute)?, end: minutes(s.end_minute)?, cutoff: minutes(s.cutoff_minute)? })
}

/// The slots of `city` offered at `now` (not closed, a place left), soonest first.
pub async fn offered<C: ConnectionTrait>(db: &C, city: &str, now: i64) -> Result<Vec<delivery_slot::Model>, DbErr> {
    let Some(city) = shop_core::provinces::city_name(city) else { return Ok(Vec::new()) };
    delivery_slot::Entity::find()
        .filter(delivery_slot::Column::City.eq(city))
        .filter(delivery_slot::Column::ClosesAt.gt(now))
        .filter(delivery_slot::Column::Removed.eq(false))
        .filter(Expr::col(delivery_slot::Column::Reserved).lt(Expr::col(delivery_slot::Column::Capacity)))
        .order_by_asc(delivery_slot::Column::Day)
        .order_by_asc(delivery_slot::Column::StartMinute)
        .order_by_asc(delivery_slot::Column::Id)
        .all(db)
        .await
}

/// Takes one place of slot `id` for an order to `city` at `now`, in the caller's transaction:
/// one conditional update (`reserved < capacity`, still open, same city), returning the slot's
/// label. Nothing taken → why (read only on that path); the caller rolls back.
pub async fn reserve<C: ConnectionTrait>(txn: &C, id: i64, city: &str, now: i64) -> Result<String, SlotError> {
    let taken = delivery_slot::Entity::update_many()
        .col_expr(delivery_slot::Column::Reserved, Expr::col(delivery_slot::Column::Reserved).add(1))
        .filter(delivery_slot::Column::Id.eq(id))
        .filter(delivery_slot::Column::City.eq(city))
        .filter(delivery_slot::Column::Removed.eq(false))
        .filter(delivery_slot::Column::ClosesAt.gt(now))
        .filter(Expr::col(delivery_slot::Column::Reserved).lt(Expr::col(delivery_slot::Column::Capacity)))
        .exec_with_returning(txn)
        .await?;
    if let Some(s) = taken.into_iter().next() {
        return Ok(s.label);
    }
    let slot = delivery_slot::Entity::find_by_id(id).one(txn).await?.filter(|s| !s.removed).ok_or(SlotError::Unknown)?;
    if slot.city != city {
        return Err(SlotError::OtherCity);
    }
    Err(SlotError::Refused(window::offered(slot.closes_at, slot.capacity, slot.reserved, now).err().unwrap_or(window::SlotRefusal::Full)))
}

/// Gives one place of slot `id` back (the caller moved the order that held it, once).
pub async fn give_back<C: ConnectionTrait>(txn: &C, id: i64) -> Result<(), DbErr> {
    delivery_slot::Entity::update_many()
        .col_expr(delivery_slot::Column::Reserved, Expr::col(delivery_slot::Column::Reserved).sub(1))
        .filter(delivery_slot::Column::Id.eq(id))
        .filter(delivery_slot::Column::Reserved.gt(0))
        .exec(txn)
        .await?;
    Ok(())
}

/// The slots staff see for `city` (every city when empty): not removed, soonest first, the
/// past ones included.
pub async fn admin_list(db: &DatabaseConnection, city: &str) -> Result<Vec<delivery_slot::Model>, DbErr> {
    let mut q = delivery_slot::Entity::find().filter(delivery_slot::Column::Removed.eq(false));
    if !city.trim().is_empty() {
        q = q.filter(delivery_slot::Column::City.eq(shop_core::provinces::city_name(city).unwrap_or(city.trim())));
    }
    q.order_by_desc(delivery_slot::Column::Day)
        .order_by_asc(delivery_slot::Column::StartMinute)
        .order_by_asc(delivery_slot::Column::Id)
        .all(db)
        .await
}

/// What the audit log keeps of a slot.
#[derive(Serialize)]
struct Audited<'a> {
    city: &'a str,
    day: &'a str,
    start_minute: i32,
    end_minute: i32,
    cutoff_minute: i32,
    capacity: i64,
    reserved: i64,
    removed: bool,
}

fn audited(s: &delivery_slot::Model) -> Audited<'_> {
    Audited {
        city: &s.city,
        day: &s.day,
        start_minute: s.start_minute,
        end_minute: s.end_minute,
        cutoff_minute: s.cutoff_minute,
        capacity: s.capacity,
        reserved: s.reserved,
        removed: s.removed,
    }
}

/// Adds a slot (`id` None) or edits slot `id`, checked against the clock, audited.
pub async fn save(db: &DatabaseConnection, actor: &Actor, id: Option<i64>, form: DeliverySlot, now: i64) -> Result<delivery_slot::Model, SlotError> {
    let closes_at = window::check_not_past(&form.times, now).map_err(|m| SlotError::Form("day", m.to_owned()))?;
    let label = slot_label(&form.times).ok_or_else(|| SlotError::Form("day", shop_core::jalali::DATE_MESSAGE.to_owned()))?;
    let minutes = |m: u32| i32::try_from(m).unwrap_or(0);
    let mut am = delivery_slot::ActiveModel {
        city: Set(form.city),
        day: Set(shop_core::digits::to_western_digits(&format_jalali_numeric(&form.times.day))),
        start_minute: Set(minutes(form.times.start)),
        end_minute: Set(minutes(form.times.end)),
        cutoff_minute: Set(minutes(form.times.cutoff)),
        closes_at: Set(closes_at),
        capacity: Set(form.capacity),
        label: Set(label),
        ..Default::default()
    };
    let txn = begin_write(db).await?;
    let (before, saved) = match id {
        None => {
            am.reserved = Set(0);
            am.removed = Set(false);
            am.created_at = Set(now);
            (None, am.insert(&txn).await?)
        }
        Some(id) => {
            let before = delivery_slot::Entity::find_by_id(id).one(&txn).await?.filter(|s| !s.removed).ok_or(SlotError::Unknown)?;
            if form.capacity < before.reserved {
                return Err(SlotError::Form("capacity", BELOW_RESERVED.to_owned()));
            }
            am.id = sea_orm::ActiveValue::Unchanged(id);
            let saved = am.update(&txn).await?;
            (Some(before), saved)
        }
    };
    let action = if before.is_some() { "delivery.slot.update" } else { "delivery.slot.create" };
    record(&txn, actor, Change::of(action, "delivery_slot", saved.id, before.as_ref().map(audited).as_ref(), Some(&audited(&saved))), now).await?;
    txn.commit().await?;
    Ok(saved)
}

/// Takes slot `id` off (no longer offered; orders holding it keep it), audited.
pub async fn remove(db: &DatabaseConnection, actor: &Actor, id: i64, now: i64) -> Result<(), SlotError> {
    let txn = begin_write(db).await?;
    let before = delivery_slot::Entity::find_by_id(id).one(&txn).await?.filter(|s| !s.removed).ok_or(SlotError::Unknown)?;
    let mut am: delivery_slot::ActiveModel = before.clone().into();
    am.removed = Set(true);
    let after = am.update(&txn).await?;
    record(&txn, actor, Change::of("delivery.slot.remove", "delivery_slot", id, Some(&audited(&before)), Some(&audited(&after))), now).await?;
    txn.commit().await?;
    Ok(())
}
