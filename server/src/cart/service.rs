//! The cart (the open pre-order, a `shop_order` row with its `order_line`s): pure decisions
//! from `shop_core`, persisted here.
//!
//! Every function takes the signed-in caller and only ever touches the caller's own cart.
//! Writes run in one database transaction (`BEGIN IMMEDIATE` on SQLite, row locks on
//! PostgreSQL), so a cart is never half-written: a failing or refused edit leaves it as it was.

pub mod read;

use rand::Rng;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection,
    DbBackend, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Statement, TryInsertResult,
};
use sea_orm::sea_query::Expr;
use shop_core::discount::DiscountCode;
use shop_core::quote::{self, LineInput, OfferTerms, Stored};

use super::entity::{order_line, shop_order};
use crate::catalog::{self, CatalogItem};
use crate::discount::service::{self as discounts, CartPart, Purchases};

/// Who is calling: the signed-in user.
#[derive(Clone, Debug)]
pub struct Caller {
    pub id: i64,
    pub uid: String,
}

/// Why a cart call was refused. `From<CartError> for ApiError` (cart/routes.rs) maps each to
/// its status and Persian message.
#[derive(Debug, thiserror::Error)]
pub enum CartError {
    /// The `uid` is not the caller's (403): the client's stored session is someone else's, and
    /// the spec's client signs out on 403. Someone else's `orderid` is [`Self::CartNotFound`].
    #[error("دسترسی به این سفارش مجاز نیست")]
    Forbidden,
    /// No cart with that id among the caller's (404): unknown, or someone else's. "Not yours"
    /// is never a 403, which the client takes for a lost session and signs out on.
    #[error("سفارش مورد نظر پیدا نشد")]
    CartNotFound,
    /// No line with that id in the cart (404).
    #[error("این کالا در سبد خرید پیدا نشد")]
    LineNotFound,
    /// Unknown or hidden product (404, field `spid`).
    #[error("کالای مورد نظر پیدا نشد")]
    ProductNotFound,
    /// Unknown variant, or one that is not of the given product (404, field `spiddetail`).
    #[error("گزینهٔ انتخاب‌شده برای این کالا پیدا نشد")]
    VariantNotFound,
    /// Quantity outside 1..=`shop_core::quote::MAX_QUANTITY` (422, field `num`).
    #[error("{}", quote::QUANTITY_MESSAGE)]
    InvalidQuantity,
    /// The cart is no longer open (already registered) (422).
    #[error("این سفارش دیگر قابل ویرایش نیست")]
    NotEditable,
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

impl CartError {
    /// The request field the error is about, if any (the spec's wire names).
    pub fn field(&self) -> Option<&'static str> {
        match self {
            CartError::Forbidden | CartError::Db(_) => None,
            CartError::CartNotFound | CartError::NotEditable => Some("orderid"),
            CartError::LineNotFound => Some("id"),
            CartError::ProductNotFound => Some("spid"),
            CartError::VariantNotFound => Some("spiddetail"),
            CartError::InvalidQuantity => Some("num"),
        }
    }
}

/// One cart line as the client sees it (catalogue values, never the client's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineView {
    pub id: i64,
    pub cart_id: i64,
    pub product_id: i64,
    pub variant_id: i64,
    pub num: i64,
    pub name: String,
    pub price: i64,
    pub warranty_price: i64,
    pub warranty_name: String,
    pub dg: String,
    pub property: String,
    pub color: String,
    pub ins_payment: bool,
    /// `shop_core::quote`'s line total (`num × (price + warranty_price)`).
    pub line_total: i64,
}

/// The caller's cart: its lines and totals. `order` is `None` when the caller has no open order.
#[derive(Clone, Debug, Default)]
pub struct CartView {
    pub cart_id: Option<i64>,
    pub code: Option<String>,
    pub lines: Vec<LineView>,
    /// `OrderTotalPrice`: `shop_core::quote`'s `items_total`.
    pub total: i64,
    /// `FinalPrice`: `shop_core::quote`'s `final_price` without a discount, so equal to
    /// `total` on the cart (discount codes apply at order registration).
    pub final_price: i64,
    /// `shop_core::quote`'s `instalment_eligible`.
    pub instalment: bool,
    /// `shop_core::quote`'s `count`.
    pub count: i64,
    /// The discount code kept on the cart (canonical), applied at checkout.
    pub discount_code: Option<String>,
    /// After an edit: the Persian sentence saying the kept code was taken off because it no
    /// longer applies to the cart (`shop_core::discount::dropped_message`).
    pub discount_notice: Option<String>,
}

/// Result of an edit: done, or refused because the quantity is not in stock.
#[derive(Clone, Debug)]
pub enum EditOutcome {
    Ok(CartView),
    /// `status: 'not'`: the product's name and the cart as it was.
    NotInStock { name: String, cart: CartView },
}

/// The fields of `order/edit/product` the server uses. Name, price and warranty fields of the
/// request are ignored: they come from the catalogue.
#[derive(Clone, Debug)]
pub struct EditRequest {
    /// `spid`: product id.
    pub product_id: i64,
    /// `spiddetail`: variant id.
    pub variant_id: i64,
    /// `num`: the line's new quantity (absolute, not added).
    pub num: i64,
    /// `orderid`: 0 or absent means the caller's open order (created when missing).
    pub cart_id: Option<i64>,
    /// `id`: the line to change; 0 or absent means the line of this variant (created when missing).
    pub line_id: Option<i64>,
}

/// One line of the cart query (decoded from the JSON the database aggregates): the stored
/// line and, when its variant and product still exist, the catalogue's current values (`c_*`).
#[derive(Debug, serde::Deserialize)]
struct CartRow {
    id: i64,
    product_id: i64,
    variant_id: i64,
    num: i64,
    name: String,
    price: i64,
    warranty_price: i64,
    warranty_name: String,
    dg: String,
    property: String,
    color: String,
    ins_payment: DbBool,
    c_product_id: Option<i64>,
    c_name: Option<String>,
    c_price: Option<i64>,
    c_warranty_price: Option<i64>,
    c_warranty_name: Option<String>,
    c_dg: Option<String>,
    c_property: Option<String>,
    c_color: Option<String>,
    c_ins_payment: Option<DbBool>,
    /// The product's cheapest variant price and offer fields (`product_info`), for the
    /// catalogue's offer rule.
    c_base_price: Option<i64>,
    c_special_price: Option<i64>,
    c_special_ends_at: Option<i64>,
}

/// A boolean as the databases put it in JSON: `true`/`false` (PostgreSQL) or `1`/`0` (SQLite).
/// A visitor rather than an untagged enum: no buffering and no failed first attempt per value
/// (measurable on the pre-order list, which decodes two per line).
#[derive(Debug, Clone, Copy)]
struct DbBool(bool);

impl DbBool {
    fn get(self) -> bool {
        self.0
    }
}

impl<'de> serde::Deserialize<'de> for DbBool {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = DbBool;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a boolean or an integer")
            }
            fn visit_bool<E>(self, b: bool) -> Result<DbBool, E> {
                Ok(DbBool(b))
            }
            fn visit_i64<E>(self, i: i64) -> Result<DbBool, E> {
                Ok(DbBool(i != 0))
            }
            fn visit_u64<E>(self, i: u64) -> Result<DbBool, E> {
                Ok(DbBool(i != 0))
            }
        }
        d.deserialize_any(V)
    }
}

impl CartRow {
    /// The line's shown fields and what the pricing rule book reads: the catalogue's current
    /// values when the variant and its product still exist (priced by `shop_core::quote`, the
    /// same as the product page), otherwise what was copied when the line was written.
    fn view(self, cart_id: i64) -> (LineView, LineInput) {
        let stored_prices = Stored { price: self.price, warranty_price: self.warranty_price, ins_payment: self.ins_payment.get() };
        let stored = LineView {
            id: self.id,
            cart_id,
            product_id: self.product_id,
            variant_id: self.variant_id,
            num: self.num,
            name: self.name,
            price: self.price,
            warranty_price: self.warranty_price,
            warranty_name: self.warranty_name,
            dg: self.dg,
            property: self.property,
            color: self.color,
            ins_payment: self.ins_payment.get(),
            line_total: 0,
        };
        let num = self.num;
        let input = move |live: Option<quote::Live>| LineInput { num, stored: Some(stored_prices), live };
        match (
            self.c_product_id,
            self.c_name,
            self.c_price,
            self.c_warranty_price,
            self.c_warranty_name,
            self.c_dg,
            self.c_property,
            self.c_color,
            self.c_ins_payment,
        ) {
            (Some(pid), Some(name), Some(price), Some(pg), Some(ng), Some(dg), Some(prop), Some(color), Some(ins)) => {
                let live = quote::Live {
                    price,
                    warranty_price: pg,
                    ins_payment: ins.get(),
                    offer: OfferTerms {
                        base_price: self.c_base_price.unwrap_or(price),
                        special_price: self.c_special_price,
                        special_ends_at: self.c_special_ends_at,
                    },
                    stock: None,
                };
                (
                    LineView { product_id: pid, name, warranty_name: ng, dg, property: prop, color, ..stored },
                    input(Some(live)),
                )
            }
            _ => (stored, input(None)),
        }
    }
}

/// Which order a cart query reads.
#[derive(Clone, Copy, Debug)]
enum CartOf {
    /// The user's open order.
    OpenOrderOf(i64),
    /// An order by id.
    Order(i64),
}

/// The fields of one line in the aggregated JSON: `(json key, SQL expression)`.
const LINE_FIELDS: &[(&str, &str)] = &[
    ("id", "l.id"),
    ("product_id", "l.product_id"),
    ("variant_id", "l.variant_id"),
    ("num", "l.num"),
    ("name", "l.name"),
    ("price", "l.price"),
    ("warranty_price", "l.price_garanti"),
    ("warranty_name", "l.name_garanti"),
    ("dg", "l.dg"),
    ("property", "l.property"),
    ("color", "l.color"),
    ("ins_payment", "l.ins_payment"),
    ("c_product_id", "p.id"),
    ("c_name", "p.name"),
    ("c_price", "v.price"),
    ("c_warranty_price", "v.warranty_price"),
    ("c_warranty_name", "v.warranty_name"),
    ("c_dg", "v.dg"),
    ("c_property", "v.property"),
    ("c_color", "v.color"),
    ("c_ins_payment", "v.ins_payment"),
    ("c_base_price", "(SELECT MIN(b.price) FROM product_variant b WHERE b.product_id = v.product_id)"),
    ("c_special_price", "i.special_price"),
    ("c_special_ends_at", "i.special_ends_at"),
];

/// The cart query for a backend: one row (the order) whose `lines` column holds the order's
/// lines, joined with their variants and products, aggregated as a JSON array. One row instead
/// of one per line keeps the database round trips to one per cart read.
fn cart_sql(backend: DbBackend, of: CartOf) -> Statement {
    // The text depends only on (backend, kind): built once per process.
    static TEXTS: std::sync::OnceLock<[String; 4]> = std::sync::OnceLock::new();
    let texts = TEXTS.get_or_init(|| {
        [
            cart_sql_text(DbBackend::Postgres, "o.open_user_id"),
            cart_sql_text(DbBackend::Postgres, "o.id"),
            cart_sql_text(DbBackend::Sqlite, "o.open_user_id"),
            cart_sql_text(DbBackend::Sqlite, "o.id"),
        ]
    });
    let pg = usize::from(!matches!(backend, DbBackend::Postgres)) * 2;
    let (i, value) = match of {
        CartOf::OpenOrderOf(user_id) => (pg, user_id),
        CartOf::Order(id) => (pg + 1, id),
    };
    Statement::from_sql_and_values(backend, texts[i].clone(), [value.into()])
}

fn cart_sql_text(backend: DbBackend, cond: &str) -> String {
    let pairs = |f: &dyn Fn(&str, &str) -> String| {
        LINE_FIELDS.iter().map(|(k, e)| f(k, e)).collect::<Vec<_>>().join(", ")
    };
    let from = "FROM order_line l \
                LEFT JOIN product_variant v ON v.id = l.variant_id \
                LEFT JOIN product p ON p.id = v.product_id \
                LEFT JOIN product_info i ON i.product_id = p.id \
                WHERE l.order_id = o.id";
    let (lines, param) = match backend {
        DbBackend::Postgres => (
            format!(
                "(SELECT COALESCE(json_agg(json_build_object({}) ORDER BY l.id), '[]'::json)::text {from})",
                pairs(&|k, e| format!("'{k}', {e}"))
            ),
            "$1",
        ),
        _ => (
            format!(
                "(SELECT json_group_array(json_object({})) {from})",
                pairs(&|k, e| format!("'{k}', {e}"))
            ),
            "?",
        ),
    };
    format!("SELECT o.id AS o_id, o.code AS o_code, o.discount_code AS o_dc, {lines} AS lines FROM shop_order o WHERE {cond} = {param}")
}

/// Reads an order with its lines priced from the live catalogue at `now` (running special
/// offers applied), in one query. `None` when there is no such order.
async fn load_cart<C: ConnectionTrait>(db: &C, of: CartOf, now: i64) -> Result<Option<CartView>, DbErr> {
    let Some(row) = db.query_one_raw(cart_sql(db.get_database_backend(), of)).await? else {
        return Ok(None);
    };
    let cart_id: i64 = row.try_get("", "o_id")?;
    let code: String = row.try_get("", "o_code")?;
    let discount_code: Option<String> = row.try_get("", "o_dc")?;
    let json: Option<String> = row.try_get("", "lines")?;
    let mut rows: Vec<CartRow> = match json.as_deref() {
        None | Some("") => Vec::new(),
        Some(text) => serde_json::from_str(text)
            .map_err(|e| DbErr::Custom(format!("cart lines JSON: {e}")))?,
    };
    rows.sort_by_key(|r| r.id);
    let lines = rows.into_iter().map(|r| r.view(cart_id)).collect();
    let mut view = priced_cart(lines, now);
    view.cart_id = Some(cart_id);
    view.code = Some(code);
    view.discount_code = discount_code;
    Ok(Some(view))
}

/// Builds the cart view of an order: its lines priced from the live catalogue at `now` (one query).
pub async fn cart_view<C: ConnectionTrait>(
    db: &C,
    order: &shop_order::Model,
    now: i64,
) -> Result<CartView, DbErr> {
    Ok(load_cart(db, CartOf::Order(order.id), now).await?.unwrap_or_else(|| {
        let mut v = priced_cart(Vec::new(), now);
        v.cart_id = Some(order.id);
        v.code = Some(order.code.clone());
        v.discount_code = order.discount_code.clone();
        v
    }))
}

/// The cart of these lines priced at `now` by the pricing rule book (`shop_core::quote`): each
/// line's prices and total, and the cart's sums. The order fields are the caller's to fill.
fn priced_cart(lines: Vec<(LineView, LineInput)>, now: i64) -> CartView {
    let (mut views, inputs): (Vec<LineView>, Vec<LineInput>) = lines.into_iter().unzip();
    // Without a plan the quote cannot fail; an empty one stands in if it ever did.
    let q = quote::quote(&quote::QuoteInput { lines: inputs, now, ..Default::default() }).unwrap_or_default();
    for (v, l) in views.iter_mut().zip(&q.lines) {
        v.price = l.unit_price;
        v.warranty_price = l.warranty_price;
        v.ins_payment = l.ins_payment;
        v.line_total = l.line_total;
    }
    CartView {
        cart_id: None,
        code: None,
        total: q.items_total,
        final_price: q.final_price,
        instalment: q.instalment_eligible,
        count: q.count,
        lines: views,
        discount_code: None,
        discount_notice: None,
    }
}

async fn open_cart<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    lock: bool,
) -> Result<Option<shop_order::Model>, DbErr> {
    let mut q = shop_order::Entity::find().filter(shop_order::Column::OpenUserId.eq(user_id));
    if lock {
        q = q.lock_exclusive();
    }
    q.one(db).await
}

/// Loads an order by id for writing: it must exist (404), be the caller's (403) and be open (422).
pub(crate) async fn own_open_cart<C: ConnectionTrait>(
    db: &C,
    caller: &Caller,
    cart_id: i64,
) -> Result<shop_order::Model, CartError> {
    let order = shop_order::Entity::find_by_id(cart_id)
        .lock_exclusive()
        .one(db)
        .await?
        .ok_or(CartError::CartNotFound)?;
    if order.user_id != caller.id {
        return Err(CartError::CartNotFound);
    }
    if order.status != shop_order::STATUS_OPEN {
        return Err(CartError::NotEditable);
    }
    Ok(order)
}

/// Loads an order by id for reading: it must exist and be the caller's (404 otherwise).
pub async fn own_cart<C: ConnectionTrait>(
    db: &C,
    caller: &Caller,
    cart_id: i64,
) -> Result<shop_order::Model, CartError> {
    let order = shop_order::Entity::find_by_id(cart_id)
        .one(db)
        .await?
        .ok_or(CartError::CartNotFound)?;
    if order.user_id != caller.id {
        return Err(CartError::CartNotFound);
    }
    Ok(order)
}

/// A new short public order code: 8 characters from an alphabet without look-alikes.
pub fn new_code() -> String {
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    let mut rng = rand::thread_rng();
    (0..8)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

/// The caller's open order, created when missing (safe against two concurrent first edits:
/// the unique `open_user_id` lets only one insert through).
async fn open_cart_or_create<C: ConnectionTrait>(
    db: &C,
    caller: &Caller,
    now: i64,
) -> Result<shop_order::Model, DbErr> {
    if let Some(order) = open_cart(db, caller.id, true).await? {
        return Ok(order);
    }
    for _ in 0..3 {
        let am = shop_order::ActiveModel {
            code: Set(new_code()),
            user_id: Set(caller.id),
            status: Set(shop_order::STATUS_OPEN.to_string()),
            open_user_id: Set(Some(caller.id)),
            total_price: Set(0),
            final_price: Set(0),
            discount_code: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        };
        let res = shop_order::Entity::insert(am)
            .on_conflict_do_nothing_on([shop_order::Column::OpenUserId])
            .exec_without_returning(db)
            .await?;
        if let Some(order) = open_cart(db, caller.id, true).await? {
            return Ok(order);
        }
        if !matches!(res, TryInsertResult::Conflicted) {
            break;
        }
    }
    Err(DbErr::RecordNotInserted)
}

/// Reads the order's cart (live catalogue prices) and stores its recomputed totals on the order.
async fn store_totals<C: ConnectionTrait>(
    db: &C,
    order: &shop_order::Model,
    now: i64,
) -> Result<CartView, DbErr> {
    let view = cart_view(db, order, now).await?;
    if order.total_price != view.total || order.final_price != view.final_price {
        let mut am: shop_order::ActiveModel = order.clone().into();
        am.total_price = Set(view.total);
        am.final_price = Set(view.final_price);
        am.updated_at = Set(now);
        am.update(db).await?;
    }
    Ok(view)
}

/// After an edit: the code kept on the cart is checked against the new lines; one that no
/// longer applies is dropped and the view says so (`discount_notice`), never silently kept.
async fn recheck_discount<C: ConnectionTrait>(
    db: &C,
    purchases: &dyn Purchases,
    caller: &Caller,
    order: &shop_order::Model,
    view: &mut CartView,
    now: i64,
) -> Result<(), DbErr> {
    let Some(kept) = order.discount_code.as_deref() else { return Ok(()) };
    let parts: Vec<CartPart> = view
        .lines
        .iter()
        .map(|l| CartPart { product_id: l.product_id, total: l.line_total })
        .collect();
    if let Some((code, notice)) = discounts::recheck_kept(db, purchases, caller.id, Some(kept), &parts, now).await? {
        drop_discount(db, order.id, &code).await?;
        view.discount_notice = Some(notice);
        view.discount_code = None;
    }
    Ok(())
}

/// Copies the catalogue's current values into a line; the prices are the pricing rule book's
/// at `now` (`shop_core::quote`: offers applied).
fn fill_from_catalogue(am: &mut order_line::ActiveModel, item: &CatalogItem, now: i64) {
    let priced = quote::price_line(&LineInput { num: 1, stored: None, live: Some(item.live(None)) }, now);
    am.product_id.set_if_not_equals(item.product.id);
    am.variant_id.set_if_not_equals(item.variant.id);
    am.name.set_if_not_equals(item.product.name.clone());
    am.price.set_if_not_equals(priced.unit_price);
    am.warranty_price.set_if_not_equals(priced.warranty_price);
    am.warranty_name.set_if_not_equals(item.variant.warranty_name.clone());
    am.dg.set_if_not_equals(item.variant.dg.clone());
    am.property.set_if_not_equals(item.variant.property.clone());
    am.color.set_if_not_equals(item.variant.color.clone());
    am.ins_payment.set_if_not_equals(priced.ins_payment);
}

/// `order/edit/product`: sets a line's variant and quantity, creating the open order and the
/// line when needed. One transaction; nothing is written when the quantity is not in stock.
pub async fn edit(
    db: &DatabaseConnection,
    purchases: &dyn Purchases,
    caller: &Caller,
    req: &EditRequest,
    now: i64,
) -> Result<EditOutcome, CartError> {
    quote::check_quantity(req.num).map_err(|_| CartError::InvalidQuantity)?;
    // Catalogue checks first: they need no lock and refuse unknown ids before any write.
    let items = catalog::items_by_variant_ids(db, &[req.variant_id]).await?;
    let item = match items.get(&req.variant_id) {
        Some(item) if item.product.id == req.product_id => item.clone(),
        Some(_) | None => {
            let product = catalog::product::Entity::find_by_id(req.product_id)
                .one(db)
                .await?;
            return Err(match product {
                Some(p) if p.active => CartError::VariantNotFound,
                _ => CartError::ProductNotFound,
            });
        }
    };
    if !item.product.active {
        return Err(CartError::ProductNotFound);
    }

    let txn = crate::platform::db::begin_write(db).await?;
    let order = match req.cart_id.filter(|id| *id != 0) {
        Some(id) => Some(own_open_cart(&txn, caller, id).await?),
        None => open_cart(&txn, caller.id, true).await?,
    };
    // The line being edited: by id, or the order's line of this variant.
    let (line, other_with_variant) = match &order {
        None => {
            if req.line_id.is_some_and(|id| id != 0) {
                return Err(CartError::LineNotFound);
            }
            (None, None)
        }
        Some(order) => {
            let lines = order_line::Entity::find()
                .filter(order_line::Column::CartId.eq(order.id))
                .all(&txn)
                .await?;
            let same_variant = lines.iter().find(|l| l.variant_id == item.variant.id).cloned();
            match req.line_id.filter(|id| *id != 0) {
                Some(id) => {
                    let line = lines
                        .iter()
                        .find(|l| l.id == id)
                        .cloned()
                        .ok_or(CartError::LineNotFound)?;
                    let other = same_variant.filter(|l| l.id != line.id);
                    (Some(line), other)
                }
                None => (same_variant, None),
            }
        }
    };

    if !quote::in_stock(item.variant.stock, req.num) {
        let cart = match &order {
            Some(order) => cart_view(&txn, order, now).await?,
            None => CartView::default(),
        };
        txn.rollback().await?;
        return Ok(EditOutcome::NotInStock {
            name: item.product.name.clone(),
            cart,
        });
    }

    let order = match order {
        Some(order) => order,
        None => open_cart_or_create(&txn, caller, now).await?,
    };
    // Editing a line into a variant another line already holds merges them into this line.
    if let Some(other) = other_with_variant {
        order_line::Entity::delete_by_id(other.id).exec(&txn).await?;
    }
    match line {
        Some(line) => {
            let mut am: order_line::ActiveModel = line.into();
            fill_from_catalogue(&mut am, &item, now);
            am.num = Set(req.num);
            am.update(&txn).await?;
        }
        None => {
            let mut am = order_line::ActiveModel {
                cart_id: Set(order.id),
                num: Set(req.num),
                ..Default::default()
            };
            fill_from_catalogue(&mut am, &item, now);
            am.insert(&txn).await?;
        }
    }
    let mut view = store_totals(&txn, &order, now).await?;
    recheck_discount(&txn, purchases, caller, &order, &mut view, now).await?;
    txn.commit().await?;
    Ok(EditOutcome::Ok(view))
}

/// `order/delete/product`: removes one line of the caller's open order.
pub async fn delete_line(
    db: &DatabaseConnection,
    purchases: &dyn Purchases,
    caller: &Caller,
    cart_id: i64,
    line_id: i64,
    now: i64,
) -> Result<CartView, CartError> {
    let txn = crate::platform::db::begin_write(db).await?;
    let order = own_open_cart(&txn, caller, cart_id).await?;
    let res = order_line::Entity::delete_many()
        .filter(order_line::Column::Id.eq(line_id))
        .filter(order_line::Column::CartId.eq(order.id))
        .exec(&txn)
        .await?;
    if res.rows_affected == 0 {
        return Err(CartError::LineNotFound);
    }
    let mut view = store_totals(&txn, &order, now).await?;
    recheck_discount(&txn, purchases, caller, &order, &mut view, now).await?;
    txn.commit().await?;
    Ok(view)
}

/// `order/update/totalprice`: copies current catalogue names and prices into every line of the
/// caller's open order and stores the recomputed totals.
pub async fn update_total(
    db: &DatabaseConnection,
    purchases: &dyn Purchases,
    caller: &Caller,
    cart_id: i64,
    now: i64,
) -> Result<CartView, CartError> {
    let txn = crate::platform::db::begin_write(db).await?;
    let order = own_open_cart(&txn, caller, cart_id).await?;
    let lines = order_line::Entity::find()
        .filter(order_line::Column::CartId.eq(order.id))
        .all(&txn)
        .await?;
    let ids: Vec<i64> = lines.iter().map(|l| l.variant_id).collect();
    let live = catalog::items_by_variant_ids(&txn, &ids).await?;
    for line in lines {
        if let Some(item) = live.get(&line.variant_id) {
            let mut am: order_line::ActiveModel = line.into();
            fill_from_catalogue(&mut am, item, now);
            if am.is_changed() {
                am.update(&txn).await?;
            }
        }
    }
    let mut view = store_totals(&txn, &order, now).await?;
    recheck_discount(&txn, purchases, caller, &order, &mut view, now).await?;
    txn.commit().await?;
    Ok(view)
}

/// Keeps `code` on the cart `cart_id` (`None`: removes the cart's code).
pub async fn keep_discount<C: ConnectionTrait>(db: &C, cart_id: i64, code: Option<&DiscountCode>) -> Result<(), DbErr> {
    shop_order::Entity::update_many()
        .col_expr(shop_order::Column::DiscountCode, Expr::value(code.map(|c| c.as_str().to_string())))
        .filter(shop_order::Column::Id.eq(cart_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Drops `code` from the cart `cart_id` when it is still the cart's code (a conditional update:
/// a code applied meanwhile in another tab stays).
pub async fn drop_discount<C: ConnectionTrait>(db: &C, cart_id: i64, code: &DiscountCode) -> Result<(), DbErr> {
    shop_order::Entity::update_many()
        .col_expr(shop_order::Column::DiscountCode, Expr::value(Option::<String>::None))
        .filter(shop_order::Column::Id.eq(cart_id))
        .filter(shop_order::Column::DiscountCode.eq(code.as_str()))
        .exec(db)
        .await?;
    Ok(())
}

/// `order/get/delivery/order`: the delivery options offered for the caller's cart `cart_id`
/// (one entry per line), for a customer in `city`.
pub async fn delivery_options<C: ConnectionTrait>(
    db: &C,
    caller: &Caller,
    city: &str,
    cart_id: i64,
) -> Result<Vec<crate::delivery::entity::delivery_option::Model>, CartError> {
    let cart = own_cart(db, caller, cart_id).await?;
    let lines = order_line::Entity::find()
        .filter(order_line::Column::CartId.eq(cart.id))
        .order_by_asc(order_line::Column::Id)
        .all(db)
        .await?;
    let product_ids: Vec<i64> = lines.iter().map(|l| l.product_id).collect();
    Ok(crate::delivery::service::options_for_products(db, &product_ids, city).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_short_and_unambiguous() {
        let codes: std::collections::HashSet<String> = (0..1000).map(|_| new_code()).collect();
        assert!(codes.len() > 995);
        for c in &codes {
            assert_eq!(c.len(), 8);
            assert!(c.chars().all(|ch| ch.is_ascii_digit() || ch.is_ascii_uppercase()));
            assert!(!c.contains(['0', '1', 'O', 'I']), "{c}");
        }
    }
}
