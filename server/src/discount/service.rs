//! Discount codes: creating one, checking one against a cart (`shop_core::discount`), spending
//! a use atomically when an order is registered and giving it back when the order is cancelled
//! or expires.
//!
//! Spending is two conditional updates inside the registration's transaction:
//! `used = used + 1 WHERE used < usage_limit` on the code and `uses = uses + 1 WHERE uses <
//! per_customer_limit` on the customer's counter. Of any number of concurrent registrations
//! racing for the last use, exactly one update matches; the others roll back.

use std::collections::HashMap;

use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter,
    QueryOrder,
};
use shop_core::discount::{
    discount_amount, DiscountCode, DiscountInput, DiscountKind, DiscountLine, DiscountRefusal, DiscountTerms,
    UNKNOWN_MESSAGE,
};
use shop_core::types::FieldError;

use super::entity::{discount_code, discount_redemption, discount_use};
use crate::catalog::{category, info};

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
    }
}

/// Creates a code after the creation rule (`DiscountTerms::check`).
pub async fn create<C: ConnectionTrait>(db: &C, new: NewDiscount, now: i64) -> Result<discount_code::Model, DiscountError> {
    new.terms.check().map_err(DiscountError::Invalid)?;
    let t = &new.terms;
    let am = discount_code::ActiveModel {
        code: Set(new.code.as_str().to_string()),
        kind: Set(t.kind.as_str().to_string()),
        value: Set(t.value),
        min_total: Set(t.min_total),
        max_discount: Set(t.max_discount),
        starts_at: Set(t.starts_at),
        ends_at: Set(t.ends_at),
        usage_limit: Set(t.usage_limit),
        per_customer_limit: Set(t.per_customer_limit),
        used: Set(0),
        categories: Set(ids_json(&t.categories)),
        products: Set(ids_json(&t.products)),
        owner_id: Set(t.owner_id),
        description: Set(new.description.trim().to_string()),
        created_at: Set(now),
        ..Default::default()
    };
    let inserted = discount_code::Entity::insert(am)
        .on_conflict(OnConflict::column(discount_code::Column::Code).do_nothing().to_owned())
        .exec_without_returning(db)
        .await?;
    if inserted == 0 {
        return Err(DiscountError::Duplicate);
    }
    discount_code::Entity::find()
        .filter(discount_code::Column::Code.eq(new.code.as_str()))
        .one(db)
        .await?
        .ok_or(DiscountError::Unknown)
}

/// How many times `user_id` used the code.
async fn customer_uses<C: ConnectionTrait>(db: &C, code_id: i64, user_id: i64) -> Result<i64, DbErr> {
    Ok(discount_use::Entity::find()
        .filter(discount_use::Column::CodeId.eq(code_id))
        .filter(discount_use::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .map_or(0, |u| u.uses))
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
    user_id: i64,
    code: &DiscountCode,
    cart: &[CartPart],
    now: i64,
) -> Result<AppliedDiscount, DiscountError> {
    let row = discount_code::Entity::find()
        .filter(discount_code::Column::Code.eq(code.as_str()))
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
/// not used up by them; soonest to end first.
pub async fn available<C: ConnectionTrait>(db: &C, user_id: i64, now: i64) -> Result<Vec<Available>, DbErr> {
    let rows = discount_code::Entity::find()
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
    Ok(rows
        .into_iter()
        .filter_map(|code| {
            let terms = terms_of(&code);
            let mine = uses.get(&code.id).copied().unwrap_or(0);
            let left = terms.per_customer_limit.map(|n| n - mine);
            if left.is_some_and(|l| l <= 0) {
                return None;
            }
            let category_names = terms.categories.iter().filter_map(|c| names.get(c).cloned()).collect();
            Some(Available { code, terms, left, category_names })
        })
        .collect())
}
