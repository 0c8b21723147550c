//! Preparing an order link, showing it, and adopting it into the customer's cart.
//!
//! The code is 20 characters from a 32-letter alphabet (100 random bits) and is stored only as
//! its SHA-256: a database leak does not give working links, and a random guess has no
//! practical chance. Lookups by code are still limited per address (failed ones count).
//! Adoption is one conditional update (`adopted_by IS NULL AND expires_at > now`), so a link
//! is adopted by exactly one customer; adopting it again as the same customer is a no-op retry.

use rand::Rng;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    QueryFilter, QueryOrder,
};
use sha2::{Digest, Sha256};
use shop_core::types::Mobile;

use super::entity::{prepared_order, prepared_order_line};
use crate::audit::service::{record as audit, Change};
use crate::auth::staff::Actor;
use crate::catalog;
use crate::platform::db::begin_write;
use crate::cart::service::{self as cart, CartError, Caller, EditOutcome, EditRequest};

/// Letters of a code (no look-alikes: 0/O, 1/I).
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/// Characters in a code.
pub const CODE_LEN: usize = 20;

/// Why a prepared-order call was refused. Every refusal of a lookup tells nothing about the
/// order behind the code.
#[derive(Debug, thiserror::Error)]
pub enum PreparedError {
    /// No such link (or a malformed code) (404).
    #[error("لینک سفارش معتبر نیست؛ لطفا نشانی را بررسی کنید یا با پشتیبانی تماس بگیرید")]
    Unknown,
    /// Past its expiry (410).
    #[error("مهلت استفاده از این لینک سفارش به پایان رسیده است")]
    Expired,
    /// Adopted by a customer already (410).
    #[error("این لینک سفارش پیش‌تر استفاده شده است")]
    Used,
    /// Prepared for another customer's mobile number (404 with this message).
    #[error("این سفارش برای حساب کاربری دیگری آماده شده است؛ لطفا با همان شماره وارد شوید")]
    OtherCustomer,
    /// A line could not be put in the cart (the product's name) (422).
    #[error("{}", shop_core::stock::not_available_message(.0))]
    NotAvailable(String),
    /// Preparing: a bad line (`variant:qty`) or quantity.
    #[error("{0}")]
    BadLine(String),
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

impl From<CartError> for PreparedError {
    fn from(e: CartError) -> Self {
        match e {
            CartError::Db(db) => Self::Db(db),
            other => Self::BadLine(other.to_string()),
        }
    }
}

/// A new random code.
pub fn new_code() -> String {
    let mut rng = rand::thread_rng();
    (0..CODE_LEN).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect()
}

/// The canonical code of what was typed or pasted, if it has a code's shape.
pub fn parse_code(s: &str) -> Option<String> {
    let c = s.trim().to_ascii_uppercase();
    (c.len() == CODE_LEN && c.bytes().all(|b| ALPHABET.contains(&b))).then_some(c)
}

/// The stored form of a code.
pub fn hash_code(code: &str) -> String {
    hex::encode(Sha256::digest(code.as_bytes()))
}

/// What staff ask for.
#[derive(Clone, Debug)]
pub struct PrepareRequest {
    /// Only this customer may adopt it.
    pub mobile: Option<Mobile>,
    /// `(variant id, quantity)`.
    pub lines: Vec<(i64, i64)>,
    /// Valid for this long.
    pub valid_secs: i64,
    pub note: String,
}

/// What the audit log keeps of a new prepared order (never its code).
#[derive(serde::Serialize)]
struct Prepared<'a> {
    mobile: Option<&'a str>,
    lines: &'a [(i64, i64)],
    expires_at: i64,
    note: &'a str,
}

/// Creates a prepared order for `actor` (staff in the browser, or the command line); returns
/// the code (shown once) and the row. The row, its lines and the audit record are written in
/// one transaction. The same variant given twice is one line with the quantities added.
pub async fn prepare(
    db: &DatabaseConnection,
    actor: &Actor,
    req: &PrepareRequest,
    now: i64,
) -> Result<(String, prepared_order::Model), PreparedError> {
    let mut merged: Vec<(i64, i64)> = Vec::new();
    for &(v, n) in &req.lines {
        match merged.iter_mut().find(|(m, _)| *m == v) {
            Some(line) => line.1 = line.1.saturating_add(n),
            None => merged.push((v, n)),
        }
    }
    if merged.is_empty() {
        return Err(PreparedError::BadLine("دست‌کم یک کالا لازم است".into()));
    }
    let ids: Vec<i64> = merged.iter().map(|(v, _)| *v).collect();
    let items = catalog::items_by_variant_ids(db, &ids).await?;
    for (v, n) in &merged {
        shop_core::quote::check_quantity(*n).map_err(|_| CartError::InvalidQuantity)?;
        match items.get(v) {
            Some(i) if i.product.active => {}
            _ => return Err(PreparedError::BadLine(shop_core::stock::unknown_item_message(*v))),
        }
    }
    let code = new_code();
    let txn = begin_write(db).await?;
    let order = prepared_order::ActiveModel {
        code_hash: Set(hash_code(&code)),
        mobile: Set(req.mobile.as_ref().map(|m| m.as_str().to_string())),
        note: Set(req.note.clone()),
        expires_at: Set(now + req.valid_secs.max(60)),
        adopted_by: Set(None),
        adopted_at: Set(None),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    for (v, n) in &merged {
        let item = &items[v];
        prepared_order_line::ActiveModel {
            prepared_order_id: Set(order.id),
            product_id: Set(item.product.id),
            variant_id: Set(*v),
            num: Set(*n),
            name: Set(item.product.name.clone()),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    let after = Prepared { mobile: order.mobile.as_deref(), lines: &merged, expires_at: order.expires_at, note: &order.note };
    audit(&txn, actor, Change::of("prepared_order.create", "prepared_order", order.id, None::<&()>, Some(&after)), now).await?;
    txn.commit().await?;
    Ok((code, order))
}

/// One line priced now.
#[derive(Clone, Debug)]
pub struct ViewLine {
    pub product_id: i64,
    pub variant_id: i64,
    pub num: i64,
    pub name: String,
    pub color: String,
    pub warranty_name: String,
    pub price: i64,
    pub price_garanti: i64,
    pub line_total: i64,
    pub available: bool,
}

/// A prepared order as the link shows it.
#[derive(Clone, Debug)]
pub struct PreparedView {
    pub lines: Vec<ViewLine>,
    pub total: i64,
    pub expires_at: i64,
    /// Bound to a mobile number (the number itself is never shown).
    pub personal: bool,
}

/// The open (not adopted, not expired) prepared order behind `code`.
async fn open_by_code<C: ConnectionTrait>(db: &C, code: &str, now: i64) -> Result<prepared_order::Model, PreparedError> {
    let code = parse_code(code).ok_or(PreparedError::Unknown)?;
    let order = prepared_order::Entity::find()
        .filter(prepared_order::Column::CodeHash.eq(hash_code(&code)))
        .one(db)
        .await?
        .ok_or(PreparedError::Unknown)?;
    if order.adopted_by.is_some() {
        return Err(PreparedError::Used);
    }
    if now >= order.expires_at {
        return Err(PreparedError::Expired);
    }
    Ok(order)
}

/// The lines of an open link priced from the live catalogue at `now`.
pub async fn view<C: ConnectionTrait>(db: &C, code: &str, now: i64) -> Result<PreparedView, PreparedError> {
    let order = open_by_code(db, code, now).await?;
    let stored = prepared_order_line::Entity::find()
        .filter(prepared_order_line::Column::PreparedOrderId.eq(order.id))
        .order_by_asc(prepared_order_line::Column::Id)
        .all(db)
        .await?;
    let ids: Vec<i64> = stored.iter().map(|l| l.variant_id).collect();
    let live = catalog::items_by_variant_ids(db, &ids).await?;
    // The pricing rule book prices the lines (a withdrawn variant: 0, not available).
    let inputs = stored
        .iter()
        .map(|l| shop_core::quote::LineInput {
            num: l.num,
            stored: None,
            live: live.get(&l.variant_id).filter(|i| i.product.active).map(|i| i.live(Some(i.variant.stock))),
        })
        .collect();
    // Without a plan the quote cannot fail.
    let priced = shop_core::quote::quote(&shop_core::quote::QuoteInput { lines: inputs, now, ..Default::default() })
        .unwrap_or_default();
    let lines: Vec<ViewLine> = stored
        .into_iter()
        .zip(&priced.lines)
        .map(|(l, p)| {
            let item = live.get(&l.variant_id).filter(|i| i.product.active);
            ViewLine {
                product_id: l.product_id,
                variant_id: l.variant_id,
                num: l.num,
                name: item.map_or(l.name, |i| i.product.name.clone()),
                color: item.map(|i| i.variant.color.clone()).unwrap_or_default(),
                warranty_name: item.map(|i| i.variant.warranty_name.clone()).unwrap_or_default(),
                price: p.unit_price,
                price_garanti: p.warranty_price,
                line_total: p.line_total,
                available: p.available,
            }
        })
        .collect();
    Ok(PreparedView { lines, total: priced.items_total, expires_at: order.expires_at, personal: order.mobile.is_some() })
}

/// Adopts the link into the caller's account: claims it (once) and sets each line's quantity
/// in the caller's cart. Retrying as the same customer repeats the (absolute) quantities only.
pub async fn adopt(
    db: &DatabaseConnection,
    caller: &Caller,
    caller_mobile: &str,
    code: &str,
    now: i64,
) -> Result<cart::CartView, PreparedError> {
    let canonical = parse_code(code).ok_or(PreparedError::Unknown)?;
    let order = prepared_order::Entity::find()
        .filter(prepared_order::Column::CodeHash.eq(hash_code(&canonical)))
        .one(db)
        .await?
        .ok_or(PreparedError::Unknown)?;
    if order.mobile.as_deref().is_some_and(|m| m != caller_mobile) {
        return Err(PreparedError::OtherCustomer);
    }
    if order.adopted_by != Some(caller.id) {
        if order.adopted_by.is_some() {
            return Err(PreparedError::Used);
        }
        if now >= order.expires_at {
            return Err(PreparedError::Expired);
        }
        let claimed = prepared_order::Entity::update_many()
            .col_expr(prepared_order::Column::AdoptedBy, Expr::value(caller.id))
            .col_expr(prepared_order::Column::AdoptedAt, Expr::value(now))
            .filter(prepared_order::Column::Id.eq(order.id))
            .filter(prepared_order::Column::AdoptedBy.is_null())
            .filter(prepared_order::Column::ExpiresAt.gt(now))
            .exec(db)
            .await?;
        if claimed.rows_affected == 0 {
            return Err(PreparedError::Used);
        }
    }
    let lines = prepared_order_line::Entity::find()
        .filter(prepared_order_line::Column::PreparedOrderId.eq(order.id))
        .order_by_asc(prepared_order_line::Column::Id)
        .all(db)
        .await?;
    let mut cart = cart::CartView::default();
    for l in lines {
        let req = EditRequest { product_id: l.product_id, variant_id: l.variant_id, num: l.num, cart_id: None, line_id: None };
        match cart::edit(db, &crate::platform::sqlite_writer::SqliteWriter::NONE, None, &crate::order::service::held::Orders, caller, &req, now).await {
            Ok(EditOutcome::Ok(c)) => cart = c,
            Ok(EditOutcome::NotInStock { name, .. }) => return Err(PreparedError::NotAvailable(name)),
            Err(CartError::ProductNotFound | CartError::VariantNotFound) => {
                return Err(PreparedError::NotAvailable(l.name))
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(cart)
}

/// Where a prepared-order link is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// Not adopted yet and still valid.
    Open,
    /// Adopted by a customer, not paid yet.
    Adopted,
    /// The adopting customer paid an order with the link's products (registered after adoption).
    Paid,
    /// Not adopted before it ran out.
    Expired,
}

impl LinkState {
    /// The word sent to the back office.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Adopted => "adopted",
            Self::Paid => "paid",
            Self::Expired => "expired",
        }
    }
    /// What staff read.
    pub fn label(self) -> &'static str {
        match self {
            Self::Open => "باز",
            Self::Adopted => "برداشته‌شده",
            Self::Paid => "پرداخت‌شده",
            Self::Expired => "منقضی",
        }
    }
}

/// A prepared order as the back office lists it.
#[derive(Clone, Debug)]
pub struct Listed {
    pub order: prepared_order::Model,
    pub lines: Vec<prepared_order_line::Model>,
    pub state: LinkState,
    /// The adopting customer's mobile number.
    pub adopted_mobile: Option<String>,
    /// The paid order's code, when paid.
    pub paid_order: Option<String>,
}

/// Whether a link is open, adopted, paid or expired at `now`: paid when its adopter has an
/// order registered at or after the adoption, paid (or further along), holding one of its
/// variants.
async fn state_of<C: ConnectionTrait>(db: &C, o: &prepared_order::Model, variants: &[i64], now: i64) -> Result<(LinkState, Option<String>), DbErr> {
    use crate::order::entity::{customer_order, customer_order_line};
    use shop_core::order_state::OrderStatus;
    let (Some(user), Some(at)) = (o.adopted_by, o.adopted_at) else {
        return Ok((if now >= o.expires_at { LinkState::Expired } else { LinkState::Open }, None));
    };
    let paid = [OrderStatus::Paid, OrderStatus::Preparing, OrderStatus::Shipped, OrderStatus::Delivered].map(OrderStatus::as_str);
    let orders = customer_order::Entity::find()
        .filter(customer_order::Column::UserId.eq(user))
        .filter(customer_order::Column::CreatedAt.gte(at))
        .filter(customer_order::Column::Status.is_in(paid))
        .order_by_asc(customer_order::Column::Id)
        .all(db)
        .await?;
    if orders.is_empty() {
        return Ok((LinkState::Adopted, None));
    }
    let line = customer_order_line::Entity::find()
        .filter(customer_order_line::Column::OrderId.is_in(orders.iter().map(|o| o.id).collect::<Vec<_>>()))
        .filter(customer_order_line::Column::VariantId.is_in(variants.to_vec()))
        .order_by_asc(customer_order_line::Column::OrderId)
        .one(db)
        .await?;
    Ok(match line {
        Some(l) => (LinkState::Paid, orders.into_iter().find(|o| o.id == l.order_id).map(|o| o.code)),
        None => (LinkState::Adopted, None),
    })
}

/// One page of prepared orders, newest first, with each link's state at `now`, and how many
/// there are.
pub async fn list<C: ConnectionTrait>(db: &C, page: u64, per_page: u64, now: i64) -> Result<(Vec<Listed>, u64), DbErr> {
    use crate::auth::entity::user;
    use sea_orm::{PaginatorTrait, QuerySelect};
    let total = prepared_order::Entity::find().count(db).await?;
    let rows = prepared_order::Entity::find()
        .order_by_desc(prepared_order::Column::CreatedAt)
        .order_by_desc(prepared_order::Column::Id)
        .offset(page.saturating_sub(1) * per_page)
        .limit(per_page)
        .all(db)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for o in rows {
        let lines = prepared_order_line::Entity::find()
            .filter(prepared_order_line::Column::PreparedOrderId.eq(o.id))
            .order_by_asc(prepared_order_line::Column::Id)
            .all(db)
            .await?;
        let variants: Vec<i64> = lines.iter().map(|l| l.variant_id).collect();
        let (state, paid_order) = state_of(db, &o, &variants, now).await?;
        let adopted_mobile = match o.adopted_by {
            Some(id) => user::Entity::find_by_id(id).one(db).await?.map(|u| u.mobile),
            None => None,
        };
        out.push(Listed { order: o, lines, state, adopted_mobile, paid_order });
    }
    Ok((out, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_have_a_hundred_bits_and_parse_back() {
        let a = new_code();
        assert_eq!(a.len(), CODE_LEN);
        assert_eq!(parse_code(&format!(" {} ", a.to_lowercase())), Some(a.clone()));
        assert_ne!(a, new_code());
        assert_eq!(parse_code("ABC"), None);
        assert_eq!(parse_code(&"0".repeat(CODE_LEN)), None);
        assert_eq!(hash_code(&a).len(), 64);
    }
}
