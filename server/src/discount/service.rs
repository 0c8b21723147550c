//! Discount codes: creating one, checking one against a cart (`shop_core::discount`), spending
//! a use atomically when an order is registered and giving it back when the order is cancelled
//! or expires.
//!
//! Spending is two conditional updates inside the registration's transaction:
//! `used = used + 1 WHERE used < usage_limit` on the code and `uses = uses + 1 WHERE uses <
//! per_customer_limit` on the customer's counter. Of any number of concurrent registrations
//! racing for the last use, exactly one update matches; the others roll back.

use std::collections::HashMap;

use sea_orm::sea_query::{Expr, ExprTrait, OnConflict, SelectStatement};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use shop_core::discount::{
    discount_amount, DiscountCode, DiscountInput, DiscountKind, DiscountLine, DiscountRefusal, DiscountTerms,
    UNKNOWN_MESSAGE,
};
use shop_core::types::FieldError;

use super::entity::{discount_code, discount_redemption, discount_use};
use crate::audit::service::{record, Change, EditError};
use crate::auth::staff::Actor;
use crate::audit::versioned::{self, Versioned};
use crate::catalog::{category, info};
use crate::platform::db::begin_write;
use crate::platform::form;

/// Why a discount call was refused.
#[derive(Debug, thiserror::Error)]
pub enum DiscountError {
    /// A bad value when creating a code (the rule's field and message).
    #[error("{0}")]
    Invalid(FieldError),
    /// No such code (or a malformed one).
    #[error("{}", UNKNOWN_MESSAGE)]
    Unknown,
    /// The code exists but does not apply (expired, used up, …).
    #[error("{0}")]
    Refused(#[from] DiscountRefusal),
    /// Creating a code that exists already.
    #[error("این کد تخفیف از قبل وجود دارد")]
    Duplicate,
    /// A staff save refused (unknown code, or made from an old version).
    #[error("{0}")]
    Edit(#[from] EditError),
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

/// A code checked against a cart: what it takes off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppliedDiscount {
    pub code_id: i64,
    pub code: String,
    pub amount: i64,
}

/// One cart line as the discount needs it.
#[derive(Clone, Copy, Debug)]
pub struct CartPart {
    pub product_id: i64,
    pub total: i64,
}

/// A new code: its canonical text, terms and description.
#[derive(Clone, Debug)]
pub struct NewDiscount {
    pub code: DiscountCode,
    pub terms: DiscountTerms,
    pub description: String,
}

fn ids_json(ids: &[i64]) -> String {
    serde_json::to_string(ids).unwrap_or_else(|_| "[]".into())
}

fn ids_of(json: &str) -> Vec<i64> {
    serde_json::from_str(json).unwrap_or_default()
}

/// The stored code's terms.
pub fn terms_of(m: &discount_code::Model) -> DiscountTerms {
    DiscountTerms {
        kind: DiscountKind::parse(&m.kind).unwrap_or(DiscountKind::Fixed),
        value: m.value,
        min_total: m.min_total,
        max_discount: m.max_discount,
        starts_at: m.starts_at,
        ends_at: m.ends_at,
        usage_limit: m.usage_limit,
        per_customer_limit: m.per_customer_limit,
        categories: ids_of(&m.categories),
        products: ids_of(&m.products),
        owner_id: m.owner_id,
        first_purchase_only: m.first_purchase_only,
    }
}

/// Creates a code after the creation rule (`DiscountTerms::check`), audited as `actor`'s
/// (the back office's staff member, or `Actor::cli()` for `shop discount add`).
pub async fn create(db: &DatabaseConnection, actor: &Actor, new: NewDiscount, now: i64) -> Result<discount_code::Model, DiscountError> {
    new.terms.check().map_err(DiscountError::Invalid)?;
    let description = description_of(&new.description)?;
    let mut am = terms_model(&new.terms);
    am.code = Set(new.code.as_str().to_string());
    am.owner_id = Set(new.terms.owner_id);
    am.used = Set(0);
    am.description = Set(description);
    am.created_at = Set(now);
    am.active = Set(true);
    am.version = Set(1);
    let txn = begin_write(db).await?;
    let inserted = discount_code::Entity::insert(am)
        .on_conflict(OnConflict::column(discount_code::Column::Code).do_nothing().to_owned())
        .exec_without_returning(&txn)
        .await?;
    if inserted == 0 {
        return Err(DiscountError::Duplicate);
    }
    let row = discount_code::Entity::find()
        .filter(discount_code::Column::Code.eq(new.code.as_str()))
        .one(&txn)
        .await?
        .ok_or(DiscountError::Unknown)?;
    let after = <discount_code::Entity as Versioned>::snapshot(&row);
    record(&txn, actor, Change { action: "discount.create", entity: "discount_code", entity_id: row.id.to_string(), before: None, after: Some(after) }, now)
        .await?;
    txn.commit().await?;
    Ok(row)
}

/// The editable columns of `terms` (all but the code, its owner and its counter).
fn terms_model(t: &DiscountTerms) -> discount_code::ActiveModel {
    discount_code::ActiveModel {
        kind: Set(t.kind.as_str().to_string()),
        value: Set(t.value),
        min_total: Set(t.min_total),
        max_discount: Set(t.max_discount),
        starts_at: Set(t.starts_at),
        ends_at: Set(t.ends_at),
        usage_limit: Set(t.usage_limit),
        per_customer_limit: Set(t.per_customer_limit),
        categories: Set(ids_json(&t.categories)),
        products: Set(ids_json(&t.products)),
        first_purchase_only: Set(t.first_purchase_only),
        ..Default::default()
    }
}

/// The customer's text of a code: one block of at most 300 characters (markup kept as text).
fn description_of(raw: &str) -> Result<String, DiscountError> {
    form::at_most("description", "توضیح", form::block(raw), 300).map_err(|(field, message)| {
        DiscountError::Invalid(FieldError { field, rule: shop_core::types::RuleKind::MinLength, message })
    })
}

/// What the audit log keeps of a code (with its `version`).
#[derive(Serialize)]
struct Snapshot<'a> {
    code: &'a str,
    kind: &'a str,
    value: i64,
    min_total: i64,
    max_discount: Option<i64>,
    starts_at: i64,
    ends_at: i64,
    usage_limit: Option<i64>,
    per_customer_limit: Option<i64>,
    categories: Vec<i64>,
    products: Vec<i64>,
    owner_id: Option<i64>,
    first_purchase_only: bool,
    description: &'a str,
    active: bool,
    version: i64,
}

impl Versioned for discount_code::Entity {
    const NAME: &'static str = "discount_code";
    const NOT_FOUND: &'static str = UNKNOWN_MESSAGE;
    fn id_column() -> discount_code::Column {
        discount_code::Column::Id
    }
    fn version_column() -> discount_code::Column {
        discount_code::Column::Version
    }
    fn version_of(m: &discount_code::Model) -> i64 {
        m.version
    }
    fn snapshot(m: &discount_code::Model) -> serde_json::Value {
        serde_json::to_value(Snapshot {
            code: &m.code,
            kind: &m.kind,
            value: m.value,
            min_total: m.min_total,
            max_discount: m.max_discount,
            starts_at: m.starts_at,
            ends_at: m.ends_at,
            usage_limit: m.usage_limit,
            per_customer_limit: m.per_customer_limit,
            categories: ids_of(&m.categories),
            products: ids_of(&m.products),
            owner_id: m.owner_id,
            first_purchase_only: m.first_purchase_only,
            description: &m.description,
            active: m.active,
            version: m.version,
        })
        .unwrap_or_default()
    }
    fn label(key: &str) -> Option<&'static str> {
        Some(match key {
            "kind" => "نوع تخفیف",
            "value" => "مقدار تخفیف",
            "min_total" => "حداقل خرید",
            "max_discount" => "سقف تخفیف",
            "starts_at" => "شروع اعتبار",
            "ends_at" => "پایان اعتبار",
            "usage_limit" => "سقف استفاده",
            "per_customer_limit" => "سقف استفادهٔ هر مشتری",
            "categories" => "دسته‌ها",
            "products" => "محصولات",
            "first_purchase_only" => "فقط نخستین خرید",
            "description" => "توضیح",
            "active" => "فعال بودن",
            _ => return None,
        })
    }
}

/// Edits the terms and description of the code `id` from `version` (the code's text, owner and
/// uses stay), after the creation rule.
pub async fn update(
    db: &DatabaseConnection,
    actor: &Actor,
    id: i64,
    version: i64,
    terms: DiscountTerms,
    description: &str,
    now: i64,
) -> Result<discount_code::Model, DiscountError> {
    terms.check().map_err(DiscountError::Invalid)?;
    let description = description_of(description)?;
    let mut am = terms_model(&terms);
    am.description = Set(description);
    Ok(versioned::update::<discount_code::Entity>(db, actor, id, version, "discount.update", |_| Ok(am), now).await?)
}

/// Switches the code `id` on or off (from `version`); an inactive code answers like an unknown one.
pub async fn set_active(db: &DatabaseConnection, actor: &Actor, id: i64, version: i64, active: bool, now: i64) -> Result<discount_code::Model, DiscountError> {
    let action = if active { "discount.activate" } else { "discount.deactivate" };
    Ok(versioned::update::<discount_code::Entity>(db, actor, id, version, action, |_| {
        Ok(discount_code::ActiveModel { active: Set(active), ..Default::default() })
    }, now)
    .await?)
}

/// One page (50, newest first) of every code, with the number of codes; `q` narrows to codes
/// containing it.
pub async fn admin_list<C: ConnectionTrait>(db: &C, q: &str, page: u64) -> Result<(Vec<discount_code::Model>, u64), DbErr> {
    let mut find = discount_code::Entity::find();
    let q = q.trim().to_ascii_uppercase();
    if !q.is_empty() {
        find = find.filter(discount_code::Column::Code.contains(q.as_str()));
    }
    let total = find.clone().count(db).await?;
    let rows = find
        .order_by_desc(discount_code::Column::Id)
        .offset(page.saturating_sub(1) * ADMIN_PER_PAGE)
        .limit(ADMIN_PER_PAGE)
        .all(db)
        .await?;
    Ok((rows, total))
}

/// Codes per page of the back office's list.
pub const ADMIN_PER_PAGE: u64 = 50;

/// How many times `user_id` used the code.
async fn customer_uses<C: ConnectionTrait>(db: &C, code_id: i64, user_id: i64) -> Result<i64, DbErr> {
    Ok(discount_use::Entity::find()
        .filter(discount_use::Column::CodeId.eq(code_id))
        .filter(discount_use::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .map_or(0, |u| u.uses))
}

/// How many orders a customer paid for (`OrderStatus::is_purchase`): what a first-purchase
/// code reads. Orders sit above discounts (registration applies codes), so they answer with a
/// query this area runs (`order::service::held`, registered in `AppState::purchases`).
pub trait Purchases: Send + Sync {
    /// One row, one column: the number of orders `user_id` paid for.
    fn paid_orders(&self, user_id: i64) -> SelectStatement;
}

/// How many orders `user_id` has paid for, by the query `purchases` gives.
pub async fn paid_orders<C: ConnectionTrait>(db: &C, purchases: &dyn Purchases, user_id: i64) -> Result<i64, DbErr> {
    let row = db.query_one(&purchases.paid_orders(user_id)).await?;
    Ok(match row {
        Some(r) => r.try_get_by_index::<i64>(0)?,
        None => 0,
    })
}

/// Each product's category and its ancestors (for category restrictions).
async fn product_categories<C: ConnectionTrait>(db: &C, product_ids: &[i64]) -> Result<HashMap<i64, Vec<i64>>, DbErr> {
    let infos = info::Entity::find().filter(info::Column::ProductId.is_in(product_ids.to_vec())).all(db).await?;
    let parents: HashMap<i64, Option<i64>> =
        category::Entity::find().all(db).await?.into_iter().map(|c| (c.id, c.parent_id)).collect();
    Ok(infos
        .into_iter()
        .map(|i| {
            let mut chain = Vec::new();
            let mut at = i.category_id;
            // The tree is shallow; the bound guards against a cycle in bad data.
            while let Some(c) = at.filter(|_| chain.len() < 16) {
                chain.push(c);
                at = parents.get(&c).copied().flatten();
            }
            (i.product_id, chain)
        })
        .collect())
}

/// Checks `code` for `user_id` on a cart at `now`: the amount it takes off, or why not.
pub async fn evaluate<C: ConnectionTrait>(
    db: &C,
    purchases: &dyn Purchases,
    user_id: i64,
    code: &DiscountCode,
    cart: &[CartPart],
    now: i64,
) -> Result<AppliedDiscount, DiscountError> {
    let row = discount_code::Entity::find()
        .filter(discount_code::Column::Code.eq(code.as_str()))
        .filter(discount_code::Column::Active.eq(true))
        .one(db)
        .await?
        .ok_or(DiscountError::Unknown)?;
    let product_ids: Vec<i64> = cart.iter().map(|l| l.product_id).collect();
    let cats = product_categories(db, &product_ids).await?;
    let input = DiscountInput {
        terms: terms_of(&row),
        used: row.used,
        customer_used: customer_uses(db, row.id, user_id).await?,
        customer_id: user_id,
        paid_orders: if row.first_purchase_only { paid_orders(db, purchases, user_id).await? } else { 0 },
        lines: cart
            .iter()
            .map(|l| DiscountLine {
                product_id: l.product_id,
                categories: cats.get(&l.product_id).cloned().unwrap_or_default(),
                total: l.total,
            })
            .collect(),
        now,
    };
    let amount = discount_amount(&input)?;
    Ok(AppliedDiscount { code_id: row.id, code: row.code, amount })
}

/// Spends one use of the code for `order_id` (inside the registration's transaction): the
/// global and the customer's counters move only while under their limits.
pub async fn redeem<C: ConnectionTrait>(
    db: &C,
    applied: &AppliedDiscount,
    user_id: i64,
    order_id: i64,
    now: i64,
) -> Result<(), DiscountError> {
    let taken = discount_code::Entity::update_many()
        .col_expr(discount_code::Column::Used, Expr::col(discount_code::Column::Used).add(1))
        .filter(discount_code::Column::Id.eq(applied.code_id))
        .filter(
            Condition::any()
                .add(discount_code::Column::UsageLimit.is_null())
                .add(Expr::col(discount_code::Column::Used).lt(Expr::col(discount_code::Column::UsageLimit))),
        )
        .exec(db)
        .await?;
    if taken.rows_affected == 0 {
        return Err(DiscountRefusal::UsedUp.into());
    }
    discount_use::Entity::insert(discount_use::ActiveModel {
        code_id: Set(applied.code_id),
        user_id: Set(user_id),
        uses: Set(0),
        ..Default::default()
    })
    .on_conflict(
        OnConflict::columns([discount_use::Column::CodeId, discount_use::Column::UserId]).do_nothing().to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    let limit = discount_code::Entity::find_by_id(applied.code_id).one(db).await?.and_then(|c| c.per_customer_limit);
    let mut mine = discount_use::Entity::update_many()
        .col_expr(discount_use::Column::Uses, Expr::col(discount_use::Column::Uses).add(1))
        .filter(discount_use::Column::CodeId.eq(applied.code_id))
        .filter(discount_use::Column::UserId.eq(user_id));
    if let Some(limit) = limit {
        mine = mine.filter(discount_use::Column::Uses.lt(limit));
    }
    if mine.exec(db).await?.rows_affected == 0 {
        return Err(DiscountRefusal::CustomerLimit.into());
    }
    discount_redemption::ActiveModel {
        code_id: Set(applied.code_id),
        user_id: Set(user_id),
        order_id: Set(order_id),
        amount: Set(applied.amount),
        released: Set(false),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Gives back the use an order spent (it was cancelled or expired), once.
pub async fn release<C: ConnectionTrait>(db: &C, order_id: i64) -> Result<(), DbErr> {
    let Some(r) = discount_redemption::Entity::find()
        .filter(discount_redemption::Column::OrderId.eq(order_id))
        .one(db)
        .await?
    else {
        return Ok(());
    };
    let flipped = discount_redemption::Entity::update_many()
        .col_expr(discount_redemption::Column::Released, Expr::value(true))
        .filter(discount_redemption::Column::Id.eq(r.id))
        .filter(discount_redemption::Column::Released.eq(false))
        .exec(db)
        .await?;
    if flipped.rows_affected == 0 {
        return Ok(());
    }
    discount_code::Entity::update_many()
        .col_expr(discount_code::Column::Used, Expr::col(discount_code::Column::Used).sub(1))
        .filter(discount_code::Column::Id.eq(r.code_id))
        .filter(discount_code::Column::Used.gt(0))
        .exec(db)
        .await?;
    discount_use::Entity::update_many()
        .col_expr(discount_use::Column::Uses, Expr::col(discount_use::Column::Uses).sub(1))
        .filter(discount_use::Column::CodeId.eq(r.code_id))
        .filter(discount_use::Column::UserId.eq(r.user_id))
        .filter(discount_use::Column::Uses.gt(0))
        .exec(db)
        .await?;
    Ok(())
}

/// The code an order used, if any (for the invoice).
pub async fn code_of_order<C: ConnectionTrait>(db: &C, order_id: i64) -> Result<Option<String>, DbErr> {
    let Some(r) = discount_redemption::Entity::find()
        .filter(discount_redemption::Column::OrderId.eq(order_id))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    Ok(discount_code::Entity::find_by_id(r.code_id).one(db).await?.map(|c| c.code))
}

/// A code the customer may still use, with the uses left to them.
#[derive(Clone, Debug)]
pub struct Available {
    pub code: discount_code::Model,
    pub terms: DiscountTerms,
    /// Uses left to this customer (`None`: no limit).
    pub left: Option<i64>,
    /// Names of the categories it is limited to.
    pub category_names: Vec<String>,
}

/// The codes `user_id` may use now or later: public or their own, not ended, not used up,
/// not used up by them, not for a first purchase once they have bought; soonest to end first.
pub async fn available<C: ConnectionTrait>(db: &C, purchases: &dyn Purchases, user_id: i64, now: i64) -> Result<Vec<Available>, DbErr> {
    let rows = discount_code::Entity::find()
        .filter(discount_code::Column::Active.eq(true))
        .filter(discount_code::Column::EndsAt.gt(now))
        .filter(
            Condition::any()
                .add(discount_code::Column::OwnerId.is_null())
                .add(discount_code::Column::OwnerId.eq(user_id)),
        )
        .filter(
            Condition::any()
                .add(discount_code::Column::UsageLimit.is_null())
                .add(Expr::col(discount_code::Column::Used).lt(Expr::col(discount_code::Column::UsageLimit))),
        )
        .order_by_asc(discount_code::Column::EndsAt)
        .order_by_asc(discount_code::Column::Id)
        .all(db)
        .await?;
    let uses: HashMap<i64, i64> = discount_use::Entity::find()
        .filter(discount_use::Column::UserId.eq(user_id))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.code_id, u.uses))
        .collect();
    let names: HashMap<i64, String> = category::Entity::find().all(db).await?.into_iter().map(|c| (c.id, c.name)).collect();
    let bought = rows.iter().any(|c| c.first_purchase_only) && paid_orders(db, purchases, user_id).await? > 0;
    Ok(rows
        .into_iter()
        .filter_map(|code| {
            let terms = terms_of(&code);
            let mine = uses.get(&code.id).copied().unwrap_or(0);
            let left = terms.per_customer_limit.map(|n| n - mine);
            if left.is_some_and(|l| l <= 0) || (terms.first_purchase_only && bought) {
                return None;
            }
            let category_names = terms.categories.iter().filter_map(|c| names.get(c).cloned()).collect();
            Some(Available { code, terms, left, category_names })
        })
        .collect())
}

/// Checks the code kept on a cart against its lines after an edit: `Some((code, message))`
/// (the Persian sentence saying the code is taken off and why) when it no longer applies; the
/// cart then drops it (`crate::cart::service::drop_discount`).
pub async fn recheck_kept<C: ConnectionTrait>(
    db: &C,
    purchases: &dyn Purchases,
    user_id: i64,
    kept: Option<&str>,
    cart: &[CartPart],
    now: i64,
) -> Result<Option<(DiscountCode, String)>, DbErr> {
    let Some(code) = kept.and_then(|c| DiscountCode::parse(c).ok()) else { return Ok(None) };
    match evaluate(db, purchases, user_id, &code, cart, now).await {
        Ok(_) => Ok(None),
        Err(DiscountError::Db(e)) => Err(e),
        Err(refusal) => {
            let message = shop_core::discount::dropped_message(code.as_str(), &refusal.to_string());
            Ok(Some((code, message)))
        }
    }
}
