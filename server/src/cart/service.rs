//! The cart (the open pre-order, a `shop_order` row with its `order_line`s): pure decisions
//! from `shop_core`, persisted here.
//!
//! Every function takes the signed-in caller and only ever touches the caller's own cart.
//! Writes run in one database transaction (`BEGIN IMMEDIATE` on SQLite, row locks on
//! PostgreSQL), so a cart is never half-written: a failing or refused edit leaves it as it was.

mod batch;
mod edit;
pub mod read;

use rand::Rng;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection,
    DbBackend, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Statement,
};
use sea_orm::sea_query::Expr;
use shop_core::discount::DiscountCode;
use shop_core::quote::{self, LineInput, OfferTerms, Stored};

use super::entity::{order_line, shop_order};
use crate::catalog::{self, CatalogItem};
use crate::discount::service::{self as discounts, CartPart, Purchases};
use crate::platform::sqlite_writer::SqliteWriter;
pub use batch::EditBatches;
use edit::{Edited, SeaCart, SqliteCart};

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
#[derive(Clone, Debug, serde::Deserialize)]
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
    let (text, value) = match of {
        CartOf::OpenOrderOf(user_id) => (cart_texts(backend)[0], user_id),
        CartOf::Order(id) => (cart_sql_by_id(backend), id),
    };
    Statement::from_sql_and_values(backend, text, [value.into()])
}

/// The text of the cart query of an order by id (one parameter, the order's id).
fn cart_sql_by_id(backend: DbBackend) -> &'static str {
    cart_texts(backend)[1]
}

/// The cart query's texts for `backend`, by the user's open order and by order id. The text
/// depends only on (backend, kind): built once per process.
fn cart_texts(backend: DbBackend) -> [&'static str; 2] {
    static TEXTS: std::sync::OnceLock<[String; 4]> = std::sync::OnceLock::new();
    let texts = TEXTS.get_or_init(|| {
        [
            cart_sql_text(DbBackend::Postgres, "o.open_user_id"),
            cart_sql_text(DbBackend::Postgres, "o.id"),
            cart_sql_text(DbBackend::Sqlite, "o.open_user_id"),
            cart_sql_text(DbBackend::Sqlite, "o.id"),
        ]
    });
    let i = usize::from(!matches!(backend, DbBackend::Postgres)) * 2;
    [&texts[i], &texts[i + 1]]
}

fn cart_sql_text(backend: DbBackend, cond: &str) -> String {
    let param = if matches!(backend, DbBackend::Postgres) { "$1" } else { "?" };
    let lines = cart_lines_json(backend);
    format!("SELECT o.id AS o_id, o.code AS o_code, o.discount_code AS o_dc, {lines} AS lines FROM shop_order o WHERE {cond} = {param}")
}

/// The cart query's `lines` column: the lines of order `o` with their catalogue values
/// ([`LINE_FIELDS`]), aggregated as one JSON array.
fn cart_lines_json(backend: DbBackend) -> String {
    let pairs = LINE_FIELDS.iter().map(|(k, e)| format!("'{k}', {e}")).collect::<Vec<_>>().join(", ");
    let from = "FROM order_line l \
                LEFT JOIN product_variant v ON v.id = l.variant_id \
                LEFT JOIN product p ON p.id = v.product_id \
                LEFT JOIN product_info i ON i.product_id = p.id \
                WHERE l.order_id = o.id";
    match backend {
        DbBackend::Postgres => format!("(SELECT COALESCE(json_agg(json_build_object({pairs}) ORDER BY l.id), '[]'::json)::text {from})"),
        _ => format!("(SELECT json_group_array(json_object({pairs})) {from})"),
    }
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
    cart_of_row(cart_id, code, discount_code, json.as_deref(), now).map(Some)
}

/// The cart view of one row of the cart query: the order's fields and its lines as the
/// aggregated JSON, priced at `now`.
fn cart_of_row(cart_id: i64, code: String, discount_code: Option<String>, lines_json: Option<&str>, now: i64) -> Result<CartView, DbErr> {
    Ok(cart_of_rows(cart_id, code, discount_code, cart_rows(lines_json)?, now))
}

/// The lines of the cart query's aggregated JSON, in id order.
fn cart_rows(lines_json: Option<&str>) -> Result<Vec<CartRow>, DbErr> {
    let mut rows: Vec<CartRow> = match lines_json {
        None | Some("") => Vec::new(),
        Some(text) => serde_json::from_str(text)
            .map_err(|e| DbErr::Custom(format!("cart lines JSON: {e}")))?,
    };
    rows.sort_by_key(|r| r.id);
    Ok(rows)
}

/// The cart view of an order's lines (in id order), priced at `now`.
fn cart_of_rows(cart_id: i64, code: String, discount_code: Option<String>, rows: Vec<CartRow>, now: i64) -> CartView {
    let lines = rows.into_iter().map(|r| r.view(cart_id)).collect();
    let mut view = priced_cart(lines, now);
    view.cart_id = Some(cart_id);
    view.code = Some(code);
    view.discount_code = discount_code;
    view
}

/// The cart view of `order` whose lines the cart query gave as `lines_json` (see [`cart_view`]).
fn priced_cart_of(order: &shop_order::Model, lines_json: Option<&str>, now: i64) -> Result<CartView, DbErr> {
    cart_of_row(order.id, order.code.clone(), order.discount_code.clone(), lines_json, now)
}

/// Builds the cart view of an order: its lines priced from the live catalogue at `now` (one query).
pub async fn cart_view<C: ConnectionTrait>(
    db: &C,
    order: &shop_order::Model,
    now: i64,
) -> Result<CartView, DbErr> {
    match load_cart(db, CartOf::Order(order.id), now).await? {
        Some(view) => Ok(view),
        None => priced_cart_of(order, None, now),
    }
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
    check_own_open(shop_order::Entity::find_by_id(cart_id).lock_exclusive().one(db).await?, caller)
}

/// An order read by id for writing: it must exist and be the caller's (404 otherwise) and be
/// open (422).
fn check_own_open(order: Option<shop_order::Model>, caller: &Caller) -> Result<shop_order::Model, CartError> {
    let order = order.ok_or(CartError::CartNotFound)?;
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

/// Reads the order's cart (live catalogue prices) and stores its recomputed totals on the order.
async fn store_totals<C: ConnectionTrait>(
    db: &C,
    order: &shop_order::Model,
    now: i64,
) -> Result<CartView, DbErr> {
    let view = cart_view(db, order, now).await?;
    store_view_totals(db, order, &view, now).await?;
    Ok(view)
}

/// Stores `view`'s totals on the order when they changed.
async fn store_view_totals<C: ConnectionTrait>(db: &C, order: &shop_order::Model, view: &CartView, now: i64) -> Result<(), DbErr> {
    if order.total_price != view.total || order.final_price != view.final_price {
        let mut am: shop_order::ActiveModel = order.clone().into();
        am.total_price = Set(view.total);
        am.final_price = Set(view.final_price);
        am.updated_at = Set(now);
        am.update(db).await?;
    }
    Ok(())
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

/// The catalogue's current values of one variant that an edit reads: what its line copies and
/// its stock.
#[derive(Clone, Debug, PartialEq)]
struct LineSource {
    product_id: i64,
    name: String,
    variant_id: i64,
    stock: i64,
    /// Its prices and its product's offer terms, as the pricing rule book reads them.
    live: quote::Live,
    warranty_name: String,
    dg: String,
    property: String,
    color: String,
}

impl LineSource {
    fn of(item: &CatalogItem) -> Self {
        Self {
            product_id: item.product.id,
            name: item.product.name.clone(),
            variant_id: item.variant.id,
            stock: item.variant.stock,
            live: item.live(None),
            warranty_name: item.variant.warranty_name.clone(),
            dg: item.variant.dg.clone(),
            property: item.variant.property.clone(),
            color: item.variant.color.clone(),
        }
    }
}

/// What a line copies from the catalogue: its current names and, priced by the pricing rule
/// book at `now` (`shop_core::quote`: offers applied), its prices.
struct CatalogueLine {
    product_id: i64,
    variant_id: i64,
    name: String,
    price: i64,
    warranty_price: i64,
    warranty_name: String,
    dg: String,
    property: String,
    color: String,
    ins_payment: bool,
}

fn catalogue_line(src: &LineSource, now: i64) -> CatalogueLine {
    let priced = quote::price_line(&LineInput { num: 1, stored: None, live: Some(src.live) }, now);
    CatalogueLine {
        product_id: src.product_id,
        variant_id: src.variant_id,
        name: src.name.clone(),
        price: priced.unit_price,
        warranty_price: priced.warranty_price,
        warranty_name: src.warranty_name.clone(),
        dg: src.dg.clone(),
        property: src.property.clone(),
        color: src.color.clone(),
        ins_payment: priced.ins_payment,
    }
}

/// Copies the catalogue's current values into a line ([`catalogue_line`]).
fn fill_from_catalogue(am: &mut order_line::ActiveModel, src: &LineSource, now: i64) {
    let c = catalogue_line(src, now);
    am.product_id.set_if_not_equals(c.product_id);
    am.variant_id.set_if_not_equals(c.variant_id);
    am.name.set_if_not_equals(c.name);
    am.price.set_if_not_equals(c.price);
    am.warranty_price.set_if_not_equals(c.warranty_price);
    am.warranty_name.set_if_not_equals(c.warranty_name);
    am.dg.set_if_not_equals(c.dg);
    am.property.set_if_not_equals(c.property);
    am.color.set_if_not_equals(c.color);
    am.ins_payment.set_if_not_equals(c.ins_payment);
}

/// `order/edit/product`: sets a line's variant and quantity, creating the open order and the
/// line when needed. One transaction; nothing is written when the quantity is not in stock.
/// On a SQLite file the transaction runs on `writer` (the module [`edit`](self::edit) says when not);
/// on PostgreSQL an edit of a cart that exists goes into the node's next batch of edits
/// (`batches`, [`EditBatches`]) unless it must run alone.
#[allow(clippy::too_many_arguments)]
pub async fn edit(
    db: &DatabaseConnection,
    writer: &SqliteWriter,
    batches: Option<&EditBatches>,
    purchases: &dyn Purchases,
    caller: &Caller,
    req: &EditRequest,
    now: i64,
) -> Result<EditOutcome, CartError> {
    quote::check_quantity(req.num).map_err(|_| CartError::InvalidQuantity)?;
    if let Some(batches) = batches {
        if let Some(batched) = batches.edit(caller, req, now).await {
            return batched;
        }
    }
    if let Some(write) = writer.begin(db).await? {
        match edit::edit_in(SqliteCart { write }, caller, req, now).await? {
            Edited::Done(outcome) => return Ok(outcome),
            Edited::NoSuchVariant => return Err(catalogue_refusal(db, req.product_id).await?),
            Edited::KeepsDiscount => {}
        }
    }
    let txn = crate::platform::db::begin_write(db).await?;
    match edit::edit_in(SeaCart { txn, purchases }, caller, req, now).await? {
        Edited::Done(outcome) => Ok(outcome),
        Edited::NoSuchVariant => Err(catalogue_refusal(db, req.product_id).await?),
        Edited::KeepsDiscount => Err(DbErr::Custom("the sea-orm cart store re-checks discount codes".into()).into()),
    }
}

/// Why the requested variant is not one of the active product `product_id`'s: the product is
/// unknown or hidden (`spid`), or the variant is not one of it (`spiddetail`).
async fn catalogue_refusal(db: &DatabaseConnection, product_id: i64) -> Result<CartError, DbErr> {
    Ok(match catalog::product::Entity::find_by_id(product_id).one(db).await? {
        Some(p) if p.active => CartError::VariantNotFound,
        _ => CartError::ProductNotFound,
    })
}

/// The query of one variant of an active product with what an edit reads of it
/// ([`LineSource`]; the cheapest variant's price is the offer's base price, as in
/// `catalog::items_by_variant_ids`). Parameters: the variant's id, then the product's.
fn line_source_sql(backend: DbBackend) -> &'static str {
    static TEXTS: std::sync::OnceLock<[String; 2]> = std::sync::OnceLock::new();
    let texts = TEXTS.get_or_init(|| {
        let text = |(v, p): (&str, &str)| format!("{} WHERE v.id = {v} AND p.id = {p} AND p.active", LINE_SOURCE_SELECT);
        [text(("$1", "$2")), text(("?1", "?2"))]
    });
    &texts[usize::from(!matches!(backend, DbBackend::Postgres))]
}

/// What [`line_source_sql`] reads of a variant, before its `WHERE` (read by [`line_source_of`]).
const LINE_SOURCE_SELECT: &str = "SELECT p.id AS product_id, p.name AS name, v.id AS variant_id, v.stock AS stock, v.price AS price, \
     v.warranty_price AS warranty_price, v.ins_payment AS ins_payment, \
     (SELECT MIN(b.price) FROM product_variant b WHERE b.product_id = v.product_id) AS base_price, \
     i.special_price AS special_price, i.special_ends_at AS special_ends_at, v.warranty_name AS warranty_name, \
     v.dg AS dg, v.property AS property, v.color AS color \
     FROM product_variant v JOIN product p ON p.id = v.product_id LEFT JOIN product_info i ON i.product_id = p.id";

/// A row of [`LINE_SOURCE_SELECT`] read through sea-orm.
fn line_source_of(r: &sea_orm::QueryResult) -> Result<LineSource, DbErr> {
    let price: i64 = r.try_get("", "price")?;
    Ok(LineSource {
        product_id: r.try_get("", "product_id")?,
        name: r.try_get("", "name")?,
        variant_id: r.try_get("", "variant_id")?,
        stock: r.try_get("", "stock")?,
        live: quote::Live {
            price,
            warranty_price: r.try_get("", "warranty_price")?,
            ins_payment: r.try_get("", "ins_payment")?,
            offer: quote::OfferTerms {
                base_price: r.try_get::<Option<i64>>("", "base_price")?.unwrap_or(price),
                special_price: r.try_get("", "special_price")?,
                special_ends_at: r.try_get("", "special_ends_at")?,
            },
            stock: None,
        },
        warranty_name: r.try_get("", "warranty_name")?,
        dg: r.try_get("", "dg")?,
        property: r.try_get("", "property")?,
        color: r.try_get("", "color")?,
    })
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
            fill_from_catalogue(&mut am, &LineSource::of(item), now);
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
