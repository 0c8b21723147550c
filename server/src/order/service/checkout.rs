//! The checkout: a quote of the caller's cart (live catalogue prices, the delivery options of
//! the address's city, every amount computed with `shop_core`), and registration, which turns
//! the quote into a `customer_order` with a frozen snapshot and reserves its stock.
//!
//! Registration runs in one transaction: the cart is read (and locked) inside it, each line's
//! stock is taken with a conditional update (`stock = stock - n WHERE stock >= n`, never a read
//! then a write), and the order rows are written; any shortage rolls the whole thing back.
//! The cart itself stays as it is until the order is paid.
//!
//! Holds are bounded per customer (issue 22): the cart's earlier registered order is released
//! first (it is being replaced), then `shop_core::stock::check_hold` decides on what the
//! customer's other unpaid orders hold, counted under the customer's lock, and the hourly
//! registrations limit is reserved in the same transaction, so only registrations that commit
//! count.

mod reads;

use sea_orm::sea_query::Expr;
use std::collections::HashMap;

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    QueryFilter, TryInsertResult,
};
use shop_core::order_state::{OrderEvent, OrderStatus};

use super::lifecycle::{apply, record, replace, Applied};
use super::OrderError;
use crate::cart::entity::{order_line, shop_order};
use crate::cart::service::{new_code, own_open_cart, own_cart, CartError, Caller};
use crate::platform::sqlite_writer::SqliteWriter;
use crate::platform::idempotency::KeyInWork;
use crate::address::{entity::address, service as address_book};
use crate::delivery::entity::delivery_option;
use crate::delivery::service::options_for_products;
use crate::delivery::slots::{self, SlotError};
use crate::discount::service::{self as discounts, AppliedDiscount, CartPart, DiscountError};
use shop_core::discount::DiscountCode;
use shop_core::quote::{self as pricing, LineInput, QuoteInput, Stored};
use shop_core::stock::{check_hold, Held, HoldRefusal, Wanted};
use crate::auth::limits::{self, Rate};
use crate::order::entity::{customer_order, customer_order_line};
use crate::platform::config::OrderLimits;

/// How the customer pays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename_all = "snake_case")]
pub enum PaymentMethod {
    /// The whole payable at once.
    Full,
    /// Instalments on a plan (offered only when every line allows it: `crate::plan`).
    Instalment,
}

impl PaymentMethod {
    /// Parses the wire name (`full`, `instalment`).
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim() {
            "full" => Some(Self::Full),
            "instalment" => Some(Self::Instalment),
            _ => None,
        }
    }

    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Full => "full",
            Self::Instalment => "instalment",
        }
    }
}

/// Why a checkout call was refused (each maps to an HTTP error naming its field).
#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error(transparent)]
    Order(#[from] OrderError),
    /// Nothing to register (422, field `orderid`).
    #[error("سبد خرید شما خالی است")]
    EmptyCart,
    /// Unknown address or someone else's (404, field `addressid`).
    #[error("نشانی مورد نظر پیدا نشد")]
    AddressNotFound,
    /// No delivery option chosen, or one not offered to the address's city (422, `deliveryid`).
    #[error("{}", shop_core::delivery::not_offered_message(.0))]
    DeliveryNotOffered(String),
    /// Unknown payment method (422, field `paymentmethod`).
    #[error("روش پرداخت معتبر نیست")]
    PaymentMethodUnknown,
    /// The delivery slot is unknown, of another city, closed or full (422, field `slotid`).
    #[error(transparent)]
    Slot(SlotError),
    /// Instalments asked for a cart that does not allow them, or before the plan exists.
    #[error("پرداخت اقساطی برای این سبد در دسترس نیست؛ لطفا پرداخت کامل را انتخاب کنید")]
    InstalmentUnavailable,
    /// The discount code does not apply (422, field `discountcode`).
    #[error("{0}")]
    Discount(DiscountError),
    /// The instalment plan was refused (its own status and field).
    #[error(transparent)]
    Instalment(crate::plan::service::InstalmentError),
    /// The order would hold more than the customer may (422, field `orderid`; issue 22).
    #[error("{0}")]
    Hold(HoldRefusal),
}

impl From<DiscountError> for CheckoutError {
    fn from(e: DiscountError) -> Self {
        match e {
            DiscountError::Db(db) => Self::from(db),
            other => Self::Discount(other),
        }
    }
}

impl From<crate::plan::service::InstalmentError> for CheckoutError {
    fn from(e: crate::plan::service::InstalmentError) -> Self {
        match e {
            crate::plan::service::InstalmentError::Db(db) => Self::from(db),
            other => Self::Instalment(other),
        }
    }
}

impl From<SlotError> for CheckoutError {
    fn from(e: SlotError) -> Self {
        match e {
            SlotError::Db(db) => Self::from(db),
            other => Self::Slot(other),
        }
    }
}

impl From<CartError> for CheckoutError {
    fn from(e: CartError) -> Self {
        Self::Order(e.into())
    }
}

impl From<DbErr> for CheckoutError {
    fn from(e: DbErr) -> Self {
        Self::Order(OrderError::Db(e))
    }
}

impl CheckoutError {
    /// The request field the error is about.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::Order(e) => e.field(),
            Self::EmptyCart => Some("orderid"),
            Self::AddressNotFound => Some("addressid"),
            Self::DeliveryNotOffered(_) => Some("deliveryid"),
            Self::PaymentMethodUnknown | Self::InstalmentUnavailable => Some("paymentmethod"),
            Self::Discount(_) => Some(DiscountCode::FIELD),
            Self::Instalment(e) => e.field(),
            Self::Hold(_) => Some("orderid"),
            Self::Slot(_) => Some(crate::delivery::slots::FIELD),
        }
    }
}

/// One cart line as it would be registered now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuoteLine {
    pub line_id: i64,
    pub product_id: i64,
    pub variant_id: i64,
    pub num: i64,
    pub name: String,
    pub color: String,
    pub warranty_name: String,
    pub property: String,
    pub dg: String,
    pub ins_payment: bool,
    /// Live unit price (offers applied).
    pub unit_price: i64,
    pub warranty_price: i64,
    /// What the cart showed when the line was last written.
    pub old_unit_price: i64,
    pub old_warranty_price: i64,
    /// `num × (unit_price + warranty_price)` (`shop_core::quote`).
    pub line_total: i64,
    /// A price moved since the line was put in the cart (`shop_core::quote`).
    pub price_changed: bool,
    /// The product is still published and has the quantity in stock (`shop_core::quote`).
    pub available: bool,
}

/// The cart priced for checkout.
#[derive(Clone, Debug)]
pub struct Quote {
    pub cart_id: i64,
    pub lines: Vec<QuoteLine>,
    pub items_total: i64,
    pub delivery_price: i64,
    pub discount: i64,
    /// `FinalPrice`: `items_total − discount`, at least 0.
    pub final_price: i64,
    pub payable: i64,
    pub instalment_eligible: bool,
    /// The city the delivery options were filtered for.
    pub city: String,
    pub address: Option<address::Model>,
    /// Delivery options offered for the cart in `city` (spec section 5 rule).
    pub options: Vec<delivery_option::Model>,
    pub delivery: Option<delivery_option::Model>,
    /// The discount code applied (its amount is `discount`).
    pub applied_discount: Option<AppliedDiscount>,
    /// The code kept on the cart no longer applies: it, and the Persian sentence saying it was
    /// taken off (the caller drops it from the cart: [`crate::cart::service::drop_discount`]).
    pub dropped_discount: Option<(DiscountCode, String)>,
}

impl Quote {
    /// The first line that can no longer be bought (unpublished, removed or short of stock).
    pub fn unavailable(&self) -> Option<&QuoteLine> {
        self.lines.iter().find(|l| !l.available)
    }

    /// Lines whose price moved since they were put in the cart.
    pub fn changed(&self) -> impl Iterator<Item = &QuoteLine> {
        self.lines.iter().filter(|l| l.price_changed)
    }
}

/// What the caller asks the quote for.
#[derive(Clone, Debug, Default)]
pub struct QuoteRequest {
    pub cart_id: i64,
    pub address_id: Option<i64>,
    pub delivery_id: Option<i64>,
    /// A discount code to apply; without one, the code kept on the cart.
    pub discount_code: Option<DiscountCode>,
}

/// Prices the caller's open cart at `now`. Without an address, the options are those of the
/// customer's own city (`user_city`).
pub async fn quote<C: ConnectionTrait>(
    db: &C,
    caller: &Caller,
    user_city: &str,
    req: &QuoteRequest,
    now: i64,
) -> Result<Quote, CheckoutError> {
    let cart = own_cart(db, caller, req.cart_id).await?;
    if cart.status != shop_order::STATUS_OPEN {
        return Err(OrderError::from(CartError::NotEditable).into());
    }
    quote_with(db, &cart, caller, user_city, req, &HashMap::new(), now).await
}

/// [`quote`] of `cart` (the caller's open cart, read by the caller) as if `released` (units by
/// variant, held by the cart's earlier registrations that the registration will release) were
/// back in stock.
async fn quote_with<C: ConnectionTrait>(
    db: &C,
    cart: &shop_order::Model,
    caller: &Caller,
    user_city: &str,
    req: &QuoteRequest,
    released: &HashMap<i64, i64>,
    now: i64,
) -> Result<Quote, CheckoutError> {
    // The lines and their variants' live values: one statement (`reads::cart_lines_now`).
    let stored = reads::cart_lines_now(db, cart.id).await?;
    if stored.is_empty() {
        return Err(CheckoutError::EmptyCart);
    }
    // What the pricing rule book reads per line: the stored prices and, for a published
    // variant, the live ones with the units that may be taken.
    let inputs: Vec<LineInput> = stored
        .iter()
        .map(|(l, catalogue)| LineInput {
            num: l.num,
            stored: Some(Stored { price: l.price, warranty_price: l.warranty_price, ins_payment: l.ins_payment }),
            live: catalogue.as_ref().map(|c| pricing::Live {
                stock: Some(c.stock.saturating_add(released.get(&l.variant_id).copied().unwrap_or(0))),
                ..c.live
            }),
        })
        .collect();
    // Without a plan the quote cannot fail.
    let priced = pricing::quote(&QuoteInput { lines: inputs, now, ..Default::default() }).unwrap_or_default();
    let lines: Vec<QuoteLine> = stored
        .into_iter()
        .zip(&priced.lines)
        .map(|((l, item), p)| QuoteLine {
            line_id: l.id,
            product_id: l.product_id,
            variant_id: l.variant_id,
            num: l.num,
            name: item.as_ref().map_or(l.name, |i| i.name.clone()),
            color: item.as_ref().map_or(l.color, |i| i.color.clone()),
            warranty_name: item.as_ref().map_or(l.warranty_name, |i| i.warranty_name.clone()),
            property: item.as_ref().map_or(l.property, |i| i.property.clone()),
            dg: item.as_ref().map_or(l.dg, |i| i.dg.clone()),
            ins_payment: p.ins_payment,
            unit_price: p.unit_price,
            warranty_price: p.warranty_price,
            old_unit_price: p.old_unit_price,
            old_warranty_price: p.old_warranty_price,
            line_total: p.line_total,
            price_changed: p.price_changed,
            available: p.available,
        })
        .collect();
    let address = match req.address_id {
        Some(id) => Some(address_book::own(db, caller.id, id).await.map_err(|e| match e {
            address_book::AddressError::Db(db) => CheckoutError::from(db),
            _ => CheckoutError::AddressNotFound,
        })?),
        None => None,
    };
    let city = address
        .as_ref()
        .map_or_else(|| user_city.to_string(), |a| a.city.clone());
    let product_ids: Vec<i64> = lines.iter().map(|l| l.product_id).collect();
    let options = options_for_products(db, &product_ids, &city).await?;
    let delivery = match req.delivery_id {
        Some(id) => Some(
            options
                .iter()
                .find(|o| o.id == id)
                .cloned()
                .ok_or_else(|| CheckoutError::DeliveryNotOffered(city.clone()))?,
        ),
        None => None,
    };
    let delivery_price = delivery.as_ref().map_or(0, |d| d.price);
    let parts: Vec<CartPart> =
        lines.iter().map(|l| CartPart { product_id: l.product_id, total: l.line_total }).collect();
    let kept = cart.discount_code.as_deref().and_then(|c| DiscountCode::parse(c).ok());
    let mut dropped_discount = None;
    let applied_discount = match (&req.discount_code, kept) {
        // The code asked for: a refusal answers the request.
        (Some(code), _) => Some(discounts::evaluate(db, &super::held::Orders, caller.id, code, &parts, now).await?),
        // The cart's code: one that stopped applying is taken off, and the customer told why.
        (None, Some(code)) => match discounts::evaluate(db, &super::held::Orders, caller.id, &code, &parts, now).await {
            Ok(applied) => Some(applied),
            Err(DiscountError::Db(e)) => return Err(e.into()),
            Err(refusal) => {
                let message = shop_core::discount::dropped_message(code.as_str(), &refusal.to_string());
                dropped_discount = Some((code, message));
                None
            }
        },
        (None, None) => None,
    };
    let discount = applied_discount.as_ref().map_or(0, |a| a.amount);
    // The sums with the delivery and the discount (the discount read the lines' totals).
    let sums = pricing::totals(priced.lines, delivery_price, discount, None).unwrap_or_default();
    Ok(Quote {
        cart_id: cart.id,
        payable: sums.payable,
        instalment_eligible: sums.instalment_eligible,
        lines,
        items_total: sums.items_total,
        delivery_price: sums.delivery_price,
        discount: sums.discount,
        final_price: sums.final_price,
        city,
        address,
        options,
        delivery,
        applied_discount,
        dropped_discount,
    })
}

/// A registration request (the body of `order/register`).
#[derive(Clone, Debug)]
pub struct RegisterRequest {
    pub cart_id: i64,
    pub address_id: i64,
    pub delivery_id: i64,
    pub method: PaymentMethod,
    /// The instalment plan (with `PaymentMethod::Instalment`).
    pub plan_id: Option<i64>,
    /// The customer saw the new prices and accepts them.
    pub accept_prices: bool,
    /// The payable the customer saw on the summary; a different one means the cart changed.
    pub expected_payable: Option<i64>,
    /// A discount code; its use is spent with the registration.
    pub discount_code: Option<DiscountCode>,
    /// The delivery slot picked; one place is taken with the registration.
    pub slot_id: Option<i64>,
}

impl RegisterRequest {
    /// The request's canonical form for `Idempotency-Key` comparisons.
    pub fn canonical(&self) -> String {
        format!(
            "{}|{}|{}|{}|{}|{:?}|{:?}|{}|{:?}",
            self.cart_id,
            self.address_id,
            self.delivery_id,
            self.method.as_str(),
            self.accept_prices,
            self.expected_payable,
            self.plan_id,
            self.discount_code.as_ref().map_or("", DiscountCode::as_str),
            self.slot_id
        )
    }
}

/// The result of a registration.
#[derive(Clone, Debug)]
pub enum RegisterOutcome {
    /// Registered; stock reserved until `expires_at`.
    Registered(customer_order::Model),
    /// A copy of this request (the same Idempotency-Key) was registered first; nothing written
    /// (the caller answers what that copy recorded).
    Duplicate,
    /// A line cannot be bought (nothing written): the product's name.
    NotAvailable { name: String },
    /// Prices or the payable changed since the customer looked (nothing written).
    PriceChanged(Quote),
}

/// The registrations limit's key for a customer.
fn register_key(user_id: i64) -> String {
    format!("order-register:{user_id}")
}

/// The call's Idempotency-Key, recorded by the registration's own transaction together with
/// the answer `answer` gives for the order (`platform::idempotency::KeyInWork`).
pub struct Remember<'a> {
    pub key: &'a KeyInWork,
    pub answer: &'a (dyn Fn(&customer_order::Model) -> String + Send + Sync),
}

/// Registers the caller's cart as an order: see the module documentation. `limits` bounds
/// what the customer's unpaid orders may hold and how often they register (issue 22).
/// `remember`: the key recorded with the order, in the same transaction.
#[allow(clippy::too_many_arguments)]
pub async fn register(
    db: &DatabaseConnection,
    writer: &SqliteWriter,
    caller: &Caller,
    user_city: &str,
    req: &RegisterRequest,
    hold_secs: i64,
    limits: &OrderLimits,
    remember: Option<&Remember<'_>>,
    now: i64,
) -> Result<RegisterOutcome, CheckoutError> {
    // Registrations that share variants can deadlock on PostgreSQL (a replaced order's release
    // gives its variants back in its own order, before the new reservation takes them in id
    // order); the one PostgreSQL rolls back runs again rather than answering 500.
    let mut tries = 0;
    let mut release_first = false;
    loop {
        match register_once(db, writer, caller, user_city, req, hold_secs, limits, remember, release_first, now).await {
            Err(CheckoutError::Order(OrderError::Db(e))) if tries < crate::platform::db::RETRIES && crate::platform::db::is_retryable(&e) => {
                tries += 1;
                tracing::warn!(tries, "order registration rolled back by a deadlock: running it again");
                tokio::time::sleep(std::time::Duration::from_millis(5 * u64::from(tries))).await;
            }
            // An earlier order of the cart moved on (to the bank, expired) while this one was
            // checked as if it were released: checked again, releasing first.
            Ok(None) if !release_first => release_first = true,
            Ok(None) => return Err(DbErr::Custom("order registration: the cart's earlier order kept moving".into()).into()),
            Ok(Some(outcome)) => return Ok(outcome),
            Err(e) => return Err(e),
        }
    }
}

/// One registration transaction. The cart's earlier registrations (replaced by this one) are
/// released as late as possible: everything else is read and checked first, as if their stock
/// were back (`quote_with`) and they held nothing (`reads::UnpaidOrders`), and only then are
/// `catalog_meta` and the variants locked (PostgreSQL; issue 25: every registration waits for
/// those two, so they are held only for the writes, not for the reads). Not when a discount code
/// is in play: an earlier order's redemption counts against the code until it is released, so
/// then (or when `release_first`) they are released first, as before. `None`: an earlier order
/// moved on between the checks and its release (nothing written; the caller runs again with
/// `release_first`).
#[allow(clippy::too_many_arguments)]
async fn register_once(
    db: &DatabaseConnection,
    writer: &SqliteWriter,
    caller: &Caller,
    user_city: &str,
    req: &RegisterRequest,
    hold_secs: i64,
    limits: &OrderLimits,
    remember: Option<&Remember<'_>>,
    release_first: bool,
    now: i64,
) -> Result<Option<RegisterOutcome>, CheckoutError> {
    let rate = Rate::per_hour(limits.registrations_per_hour);
    let too_many = |retry_after| OrderError::TooManyRegistrations { limit: rate.limit, retry_after };
    // SQLite: the statements run in this thread on the writer (`platform::sqlite_txn`).
    let mut txn = writer.begin_txn(db).await?;
    // Other registrations wait for this one's stock rows: they are let go at the commit, not
    // after its flush to disk, which the commit still waits for (PostgreSQL).
    txn.unlock_before_flush(db).await?;
    // The caps below are counted under the customer's lock (PostgreSQL; SQLite's immediate
    // transaction already serialises), taken before the cart's so every path locks user first.
    crate::platform::db::lock_owner(&txn, caller.id).await?;
    // Lock the cart row (PostgreSQL) so that a concurrent edit waits for the registration.
    let cart = own_open_cart(&txn, caller, req.cart_id).await?;
    // Over the hourly limit: refused before any work (the event is counted only at the end).
    if let Some(retry) = limits::full_for(&txn, &register_key(caller.id), now, rate).await? {
        return Err(too_many(retry).into());
    }
    // Registering the cart again replaces its earlier orders that never went to the bank. They
    // are released in this transaction, so the stock they hold is this order's to take and they
    // no longer count towards the caps; any refusal below rolls the release back with
    // everything else.
    // The customer's unpaid orders with their lines, read once for the release and the caps.
    let unpaid = reads::UnpaidOrders::read(&txn, caller.id, req.cart_id).await?;
    let earlier: Vec<customer_order::Model> = unpaid.earlier(req.cart_id).cloned().collect();
    // So are orders holding a delivery slot: its place comes back before this one is taken.
    let release_first = release_first
        || (!earlier.is_empty()
            && (req.discount_code.is_some() || cart.discount_code.is_some() || earlier.iter().any(|o| o.delivery_slot_id.is_some())));
    let is_earlier = |o: &customer_order::Model| earlier.iter().any(|e| e.id == o.id);
    // What the earlier orders hold, by variant (given back by their release).
    let mut released: HashMap<i64, i64> = HashMap::new();
    for l in unpaid.holding_lines(is_earlier) {
        *released.entry(l.variant_id).or_insert(0) += l.num;
    }
    // What the customer's other unpaid orders hold: the earlier ones are released either way
    // (first, or with the stock below), so they count for nothing.
    let mut held = Held { open_orders: unpaid.holding(|o| !is_earlier(o)).count() as i64, ..Default::default() };
    for l in unpaid.holding_lines(|o| !is_earlier(o)) {
        *held.by_variant.entry(l.variant_id).or_insert(0) += l.num;
    }
    if release_first {
        for o in &earlier {
            apply(&txn, o, &OrderEvent::Cancel, "جایگزین با سفارش تازه", now).await?;
        }
    }
    let no_release = HashMap::new();
    let q = quote_with(
        &txn,
        &cart,
        caller,
        user_city,
        &QuoteRequest {
            cart_id: req.cart_id,
            address_id: Some(req.address_id),
            delivery_id: Some(req.delivery_id),
            discount_code: req.discount_code.clone(),
        },
        if release_first { &no_release } else { &released },
        now,
    )
    .await?;
    // The plan and its schedule, recomputed here from the server's payable.
    let instalments = match req.method {
        PaymentMethod::Instalment => Some(
            crate::plan::service::choose(&txn, req.plan_id, q.instalment_eligible, q.payable, now).await?,
        ),
        PaymentMethod::Full => None,
    };
    if let Some(l) = q.unavailable() {
        txn.rollback().await?;
        return Ok(Some(RegisterOutcome::NotAvailable { name: l.name.clone() }));
    }
    // The cart's code stopped applying since the customer looked: it is taken off and the new
    // summary (with the reason) goes back; nothing else is written.
    if let Some((code, _)) = &q.dropped_discount {
        txn.rollback().await?;
        crate::cart::service::drop_discount(db, q.cart_id, code).await?;
        return Ok(Some(RegisterOutcome::PriceChanged(q)));
    }
    let changed = q.changed().next().is_some() && !req.accept_prices;
    if changed || req.expected_payable.is_some_and(|p| p != q.payable) {
        txn.rollback().await?;
        return Ok(Some(RegisterOutcome::PriceChanged(q)));
    }
    let (Some(address), Some(delivery)) = (q.address.clone(), q.delivery.clone()) else {
        return Err(CheckoutError::DeliveryNotOffered(q.city.clone()));
    };
    // What one customer's unpaid orders may hold: a pure decision on the counts (without the
    // earlier orders this one replaces).
    let wanted: Vec<Wanted> =
        q.lines.iter().map(|l| Wanted { variant_id: l.variant_id, num: l.num, name: &l.name }).collect();
    check_hold(&limits.holds, &held, &wanted).map_err(CheckoutError::Hold)?;
    // Counted in this transaction: a registration that is rolled back does not count.
    if let Err(retry) = limits::reserve(&txn, &register_key(caller.id), now, rate).await? {
        return Err(too_many(retry).into());
    }
    // The slot's place: one conditional update (same city, still open, a place left); none
    // taken → the Persian reason, and returning rolls everything back.
    let slot = match req.slot_id {
        Some(_) if delivery.pickup => return Err(SlotError::Pickup.into()),
        Some(id) => Some((id, slots::reserve(&txn, id, &address.city, now).await?)),
        None => None,
    };
    let order = insert_order(&txn, caller, &q, &address, &delivery, slot, req.method, hold_secs, now).await?;
    if let Some(chosen) = &instalments {
        crate::plan::service::attach(&txn, crate::plan::service::OrderRef { id: order.id, user_id: order.user_id }, chosen, now).await?;
    }
    customer_order_line::Entity::insert_many(q.lines.iter().map(|l| customer_order_line::ActiveModel {
        order_id: Set(order.id),
        product_id: Set(l.product_id),
        variant_id: Set(l.variant_id),
        num: Set(l.num),
        name: Set(l.name.clone()),
        color: Set(l.color.clone()),
        warranty_name: Set(l.warranty_name.clone()),
        property: Set(l.property.clone()),
        dg: Set(l.dg.clone()),
        unit_price: Set(l.unit_price),
        warranty_price: Set(l.warranty_price),
        line_total: Set(l.line_total),
        ..Default::default()
    }))
    .exec_without_returning(&txn)
    .await?;
    for l in q.lines.iter().filter(|l| l.price_changed) {
        // The cart now shows the prices the customer accepted.
        order_line::Entity::update_many()
            .col_expr(order_line::Column::Price, Expr::value(l.unit_price))
            .col_expr(order_line::Column::WarrantyPrice, Expr::value(l.warranty_price))
            .filter(order_line::Column::Id.eq(l.line_id))
            .exec(&txn)
            .await?;
    }
    if let Some(applied) = &q.applied_discount {
        // Spends the use atomically; losing the race for the last use rolls everything back.
        discounts::redeem(&txn, applied, caller.id, order.id, now).await?;
    }
    record(&txn, order.id, OrderStatus::Registered, "", now).await?;
    // The key and its answer commit with the order, before the shared locks below; a copy of
    // this request that committed first makes it conflict (PostgreSQL: after waiting for it).
    if let Some(r) = remember {
        if !r.key.record(&txn, (r.answer)(&order)).await? {
            txn.rollback().await?;
            return Ok(Some(RegisterOutcome::Duplicate));
        }
    }
    // Last, the one write other registrations wait for (PostgreSQL): the variants' stock, whose
    // rows stay locked until the commit. The replaced orders are cancelled first and hand over
    // the stock they hold; one statement then gives it back and takes this order's, each line
    // only if its stock covers it. `catalog_meta`, which every status and stock change bumps,
    // is taken only by the commit itself (deferred triggers, migration m20261129_000600).
    let handed = if release_first { &no_release } else { &released };
    if !release_first {
        for o in &earlier {
            if replace(&txn, o, "جایگزین با سفارش تازه", now).await? != Applied::Moved(OrderStatus::Cancelled) {
                txn.rollback().await?;
                return Ok(None);
            }
        }
    }
    if let Some(name) = reserve_stock(&txn, &q.lines, handed).await? {
        txn.rollback().await?;
        return Ok(Some(RegisterOutcome::NotAvailable { name }));
    }
    txn.commit().await?;
    Ok(Some(RegisterOutcome::Registered(order)))
}

/// Takes every line's quantity from its variant's stock and gives back what the replaced orders
/// `handed` over (variant id → units), in one statement: each variant's stock moves by what
/// comes back less what is taken, and a variant that lines take from moves only if its stock
/// covers them (`stock + back >= take`, never a read then a write). `None` when every line was
/// covered; otherwise the name of the first line (by variant id) that was not (the caller rolls
/// back, the stock handed over included).
async fn reserve_stock<C: ConnectionTrait>(
    txn: &C,
    lines: &[QuoteLine],
    handed: &HashMap<i64, i64>,
) -> Result<Option<String>, DbErr> {
    let mut by_variant: Vec<&QuoteLine> = lines.iter().collect();
    by_variant.sort_by_key(|l| l.variant_id);
    // variant id → (units back, units taken), in id order: the rows are locked in that order.
    let mut moves: std::collections::BTreeMap<i64, (i64, i64)> = std::collections::BTreeMap::new();
    for (v, n) in handed {
        moves.entry(*v).or_default().0 += n;
    }
    for l in &by_variant {
        moves.entry(l.variant_id).or_default().1 += l.num;
    }
    if moves.is_empty() {
        return Ok(None);
    }
    let backend = txn.get_database_backend();
    let mut values: Vec<sea_orm::Value> = Vec::new();
    let mut param = |v: i64| {
        values.push(v.into());
        match backend {
            sea_orm::DbBackend::Postgres => format!("${}", values.len()),
            _ => "?".to_string(),
        }
    };
    let case = |param: &mut dyn FnMut(i64) -> String, pick: fn(&(i64, i64)) -> i64| {
        let whens: String = moves.iter().map(|(v, m)| format!(" WHEN {} THEN {}", param(*v), param(pick(m)))).collect();
        format!("CASE id{whens} END")
    };
    // In the order SQLite's text names them (its `?` are positional).
    let change = case(&mut param, |(back, take)| back - take);
    let ids: Vec<String> = moves.keys().map(|v| param(*v)).collect();
    let back = case(&mut param, |(back, _)| *back);
    let take = case(&mut param, |(_, take)| *take);
    let ids = ids.join(", ");
    let sql = match backend {
        // PostgreSQL locks the rows in the order its scan meets them, which moves as rows are
        // updated: two registrations would deadlock on the same laptops. The rows are locked in
        // id order first (numbered parameters, so their order in the text does not matter).
        sea_orm::DbBackend::Postgres => format!(
            "WITH locked AS MATERIALIZED (SELECT id FROM product_variant WHERE id IN ({ids}) ORDER BY id FOR UPDATE) \
             UPDATE product_variant SET stock = stock + {change} WHERE id IN (SELECT id FROM locked) \
             AND stock + {back} >= {take} RETURNING id"
        ),
        // SQLite: one writer holds the whole database; `?` are positional, in this text's order.
        _ => format!("UPDATE product_variant SET stock = stock + {change} WHERE id IN ({ids}) AND stock + {back} >= {take} RETURNING id"),
    };
    let moved: std::collections::HashSet<i64> = txn
        .query_all_raw(sea_orm::Statement::from_sql_and_values(backend, sql, values))
        .await?
        .iter()
        .map(|r| r.try_get_by_index::<i64>(0))
        .collect::<Result<_, _>>()?;
    Ok(by_variant.into_iter().find(|l| !moved.contains(&l.variant_id)).map(|l| l.name.clone()))
}

#[allow(clippy::too_many_arguments)]
async fn insert_order<C: ConnectionTrait>(
    db: &C,
    caller: &Caller,
    q: &Quote,
    address: &address::Model,
    delivery: &delivery_option::Model,
    slot: Option<(i64, String)>,
    method: PaymentMethod,
    hold_secs: i64,
    now: i64,
) -> Result<customer_order::Model, DbErr> {
    // A fresh code on the rare collision with an existing one (the unique index says so; the
    // insert that meets it does nothing, and the transaction goes on).
    for _ in 0..3 {
        let am = customer_order::ActiveModel {
            code: Set(new_code()),
            user_id: Set(caller.id),
            cart_id: Set(Some(q.cart_id)),
            status: Set(OrderStatus::Registered.as_str().to_string()),
            payment_method: Set(method.as_str().to_string()),
            items_total: Set(q.items_total),
            delivery_price: Set(q.delivery_price),
            discount: Set(q.discount),
            payable: Set(q.payable),
            delivery_option_id: Set(delivery.id),
            delivery_name: Set(delivery.name.clone()),
            delivery_description: Set(delivery.description.clone()),
            receiver_name: Set(address.receiver_name.clone()),
            receiver_mobile: Set(address.receiver_mobile.clone()),
            province: Set(address.province.clone()),
            city: Set(address.city.clone()),
            address_line: Set(address.full_line()),
            postal_code: Set(address.postal_code.clone()),
            stock_state: Set(customer_order::STOCK_RESERVED),
            delivery_slot_id: Set(slot.as_ref().map(|s| s.0)),
            delivery_slot_label: Set(slot.as_ref().map(|s| s.1.clone()).unwrap_or_default()),
            tracking_code: Set(None),
            carrier: Set(None),
            created_at: Set(now),
            expires_at: Set(now + hold_secs),
            updated_at: Set(now),
            ..Default::default()
        };
        match customer_order::Entity::insert(am)
            .on_conflict_do_nothing_on([customer_order::Column::Code])
            .exec_with_returning(db)
            .await?
        {
            TryInsertResult::Inserted(m) => return Ok(m),
            TryInsertResult::Conflicted | TryInsertResult::Empty => continue,
        }
    }
    Err(DbErr::RecordNotInserted)
}

/// Empties the cart lines an order bought (called once the order is paid).
pub async fn clear_bought_lines<C: ConnectionTrait>(db: &C, order: &customer_order::Model) -> Result<(), DbErr> {
    let Some(cart_id) = order.cart_id else { return Ok(()) };
    let bought: Vec<i64> = customer_order_line::Entity::find()
        .filter(customer_order_line::Column::OrderId.eq(order.id))
        .all(db)
        .await?
        .into_iter()
        .map(|l| l.variant_id)
        .collect();
    order_line::Entity::delete_many()
        .filter(order_line::Column::CartId.eq(cart_id))
        .filter(order_line::Column::VariantId.is_in(bought))
        .exec(db)
        .await?;
    let cart = shop_order::Entity::find_by_id(cart_id).one(db).await?;
    if let Some(cart) = cart {
        let view = crate::cart::service::cart_view(db, &cart, order.updated_at).await?;
        // The code this order spent leaves the cart with the lines it bought.
        let spent = cart.discount_code.is_some()
            && discounts::code_of_order(db, order.id).await? == cart.discount_code;
        let mut am: shop_order::ActiveModel = cart.into();
        am.total_price = Set(view.total);
        am.final_price = Set(view.final_price);
        if spent {
            am.discount_code = Set(None);
        }
        am.update(db).await?;
    }
    Ok(())
}
