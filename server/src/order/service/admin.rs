//! The back office's work on registered orders: the searchable list, one order with
//! everything staff need, and the staff transitions (prepare, ship, deliver, cancel) along
//! `shop_core::order_state`'s one table.
//!
//! A transition runs in one write transaction: the order is read, the table decides, the
//! conditional update (`WHERE status = <read>`) moves it (so of two staff shipping the same
//! order at once exactly one wins; the other is told someone else changed it), the side
//! effects of the move happen ([`lifecycle::apply_by`]: stock back and refunds owed on a
//! cancellation, once), and the audit record is written; all commit together. The customer's
//! SMS is sent after the commit and cannot undo it (`order::sms`).

use crate::platform::http::query::DayRange;
use std::collections::HashMap;

use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use serde::Serialize;
use shop_core::order_state::{OrderEvent, OrderStatus, TransitionError};
use shop_core::shipment::{TrackingCode, TrackingCodeError};

use super::checkout::PaymentMethod;
use super::lifecycle::{apply_by, status_of, Applied, EventActor};
use crate::audit::service::{self as audit, Change};
use crate::auth::staff::Actor;
use crate::auth::entity::user;
use crate::plan::entity::{instalment, order_plan};
use crate::order::entity::{customer_order, customer_order_line, order_event};
use crate::payment::entity::payment;
use crate::platform::db::{begin_write, like_contains};

/// The most orders one bulk call or one packing-slip call takes.
pub const MAX_SELECTED: usize = 100;

/// What the staff order list shows: all filters optional, newest first.
#[derive(Clone, Debug, Default)]
pub struct AdminFilter {
    /// An order code, a customer's mobile number, or part of their name.
    pub q: Option<String>,
    pub status: Option<OrderStatus>,
    pub method: Option<PaymentMethod>,
    /// The Jalali days the change or order falls in.
    pub days: DayRange,
}

/// One order of the list, with its customer and item count.
#[derive(Clone, Debug)]
pub struct ListRow {
    pub order: customer_order::Model,
    pub customer: Option<user::Model>,
    pub count: i64,
}

/// Counting stops at the first multiple of this at or past the end of the page asked for:
/// beyond it the total is «more than N». No call counts every order (PostgreSQL's `count(*)`
/// visits each matching row), yet every page up to the one after it is known to exist.
pub const COUNT_STEP: u64 = 10_000;

/// The step when the list is searched by text (a code, a mobile, a name): whoever searched
/// reads the first pages, and counting the thousands of orders a broad name matches was the
/// slowest part of the list (`admin_orders_bench`, "name, two letters").
pub const SEARCH_COUNT_STEP: u64 = 1_000;

/// One page of the list and how many orders match.
#[derive(Clone, Debug)]
pub struct ListPage {
    pub rows: Vec<ListRow>,
    /// Matching orders, or the number counted up to when `more`.
    pub total: u64,
    /// More orders match than `total` (counting stopped there).
    pub more: bool,
}

/// A name search's customers are looked up first; up to this many go into the orders' query
/// as a list of ids, whose orders the `user_id` index finds. A name shared by more customers
/// (a common first name, two letters) is probed row by row while the newest orders are walked
/// instead: SQLite, given the sub-select, fetched every order of those thousands of customers
/// and sorted them (`admin_orders_bench`, "name, two letters").
const NAME_IDS_MAX: u64 = 500;

/// The query's search condition when the text is not an order's exact code: the customer with
/// that mobile, or customers whose folded name (`users.search_name`, first and last name)
/// holds every word (no `OR` with the code, which made PostgreSQL scan every order).
async fn search<C: ConnectionTrait>(db: &C, q: &str) -> Result<Condition, DbErr> {
    let text = shop_core::digits::to_western_digits(q.trim());
    let users = |cond: Condition| Query::select().column(user::Column::Id).from(user::Entity).cond_where(cond).to_owned();
    if let Ok(m) = shop_core::types::Mobile::parse(&text) {
        let one = users(Condition::all().add(user::Column::Mobile.eq(m.as_str())));
        return Ok(Condition::all().add(customer_order::Column::UserId.in_subquery(one)));
    }
    let folded = shop_core::search::fold(&text);
    if folded.chars().count() < 2 {
        // Too short for a name: only the exact code, already looked up, could have matched.
        return Ok(Condition::all().add(customer_order::Column::Code.eq(text.to_ascii_uppercase())));
    }
    // Every word in the first or the last name, folded as they are: «علي رضایی» finds
    // «علی رضايي».
    let mut words = Condition::all();
    for w in folded.split(' ').take(4) {
        words = words.add(user::Column::SearchName.like(like_contains(w)));
    }
    let ids: Vec<i64> = user::Entity::find()
        .select_only()
        .column(user::Column::Id)
        .filter(words.clone())
        .limit(NAME_IDS_MAX + 1)
        .into_tuple()
        .all(db)
        .await?;
    if ids.len() as u64 <= NAME_IDS_MAX {
        return Ok(Condition::all().add(customer_order::Column::UserId.is_in(ids)));
    }
    let many = users(words);
    Ok(Condition::all().add(if db.get_database_backend() == DbBackend::Sqlite {
        // `+user_id`: SQLite's way of saying "not through this column's index".
        Expr::cust("+\"user_id\"").in_subquery(many)
    } else {
        customer_order::Column::UserId.in_subquery(many)
    }))
}

/// How many orders match `cond`, counting at most `limit`.
async fn count_upto<C: ConnectionTrait>(db: &C, cond: Condition, limit: u64) -> Result<u64, DbErr> {
    let matching = Query::select().expr(Expr::cust("1")).from(customer_order::Entity).cond_where(cond).limit(limit).to_owned();
    let count = Query::select().expr(Expr::cust("COUNT(*)")).from_subquery(matching, Alias::new("m")).to_owned();
    let row = db.query_one(&count).await?.ok_or_else(|| DbErr::RecordNotFound("count".into()))?;
    Ok(u64::try_from(row.try_get_by_index::<i64>(0)?).unwrap_or(0))
}

/// One page of the list (newest first) and the number of matching orders (see
/// [`COUNT_STEP`] and [`SEARCH_COUNT_STEP`]). A page past the end is empty (the rows are not even asked for).
pub async fn list<C: ConnectionTrait>(db: &C, f: &AdminFilter, page: u64, per_page: u64) -> Result<ListPage, DbErr> {
    let mut cond = Condition::all();
    let mut step = COUNT_STEP;
    if let Some(text) = f.q.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        step = SEARCH_COUNT_STEP;
        // An order's exact code is looked up by its unique index alone (an OR with the
        // customers' names would scan every order).
        let code = shop_core::digits::to_western_digits(text).to_ascii_uppercase();
        let exact = customer_order::Entity::find().filter(customer_order::Column::Code.eq(code.as_str())).one(db).await?;
        cond = match exact {
            Some(o) => cond.add(customer_order::Column::Id.eq(o.id)),
            None => cond.add(search(db, text).await?),
        };
    }
    if let Some(s) = f.status {
        cond = cond.add(customer_order::Column::Status.eq(s.as_str()));
    }
    if let Some(m) = f.method {
        cond = cond.add(customer_order::Column::PaymentMethod.eq(m.as_str()));
    }
    if let Some(t) = f.days.from {
        cond = cond.add(customer_order::Column::CreatedAt.gte(t));
    }
    if let Some(t) = f.days.until {
        cond = cond.add(customer_order::Column::CreatedAt.lt(t));
    }
    let offset = page.saturating_sub(1).saturating_mul(per_page);
    let limit = offset.saturating_add(per_page).div_ceil(step).saturating_mul(step);
    let counted = count_upto(db, cond.clone(), limit.saturating_add(1)).await?;
    let (total, more) = if counted > limit { (limit, true) } else { (counted, false) };
    if offset >= total {
        return Ok(ListPage { rows: Vec::new(), total, more });
    }
    // The page's ids first, from the indexes alone (a deep page skips index entries, not
    // whole rows); then those 50 rows.
    let ids: Vec<i64> = customer_order::Entity::find()
        .select_only()
        .column(customer_order::Column::Id)
        .filter(cond)
        .order_by_desc(customer_order::Column::CreatedAt)
        .order_by_desc(customer_order::Column::Id)
        .offset(offset)
        .limit(per_page)
        .into_tuple()
        .all(db)
        .await?;
    let orders = customer_order::Entity::find()
        .filter(customer_order::Column::Id.is_in(ids.clone()))
        .order_by_desc(customer_order::Column::CreatedAt)
        .order_by_desc(customer_order::Column::Id)
        .all(db)
        .await?;
    let user_ids: Vec<i64> = orders.iter().map(|o| o.user_id).collect();
    let mut counts: HashMap<i64, i64> = HashMap::new();
    for l in customer_order_line::Entity::find().filter(customer_order_line::Column::OrderId.is_in(ids)).all(db).await? {
        *counts.entry(l.order_id).or_default() += l.num;
    }
    let users: HashMap<i64, user::Model> =
        user::Entity::find().filter(user::Column::Id.is_in(user_ids)).all(db).await?.into_iter().map(|u| (u.id, u)).collect();
    let rows = orders
        .into_iter()
        .map(|o| ListRow { count: counts.get(&o.id).copied().unwrap_or(0), customer: users.get(&o.user_id).cloned(), order: o })
        .collect();
    Ok(ListPage { rows, total, more })
}

/// One order with everything the staff page shows.
#[derive(Clone, Debug)]
pub struct Detail {
    pub order: customer_order::Model,
    pub customer: Option<user::Model>,
    pub lines: Vec<customer_order_line::Model>,
    pub timeline: Vec<order_event::Model>,
    pub payments: Vec<payment::Model>,
    pub plan: Option<order_plan::Model>,
    pub instalments: Vec<instalment::Model>,
    pub discount_code: Option<String>,
    /// The units shipped, with their serials.
    pub units: Vec<crate::order::entity::order_unit::Model>,
}

/// Why a staff order call was refused.
#[derive(Debug, thiserror::Error)]
pub enum AdminOrderError {
    /// No order with that code (404, field `code`).
    #[error("سفارشی با این کد پیدا نشد")]
    NotFound,
    /// The table refuses the move in the order's state (422, field `code`).
    #[error("{0}")]
    Refused(TransitionError),
    /// Another staff member (or the system) changed the order first (409).
    #[error("این سفارش همین حالا به دست شخص دیگری تغییر کرد؛ صفحه را تازه کنید و دوباره ببینید")]
    Lost,
    /// A bad tracking code (422, field `tracking_code`).
    #[error("{0}")]
    TrackingCode(TrackingCodeError),
    /// Serials that do not fit the order's units (422, field `serials`).
    #[error("{0}")]
    Serials(String),
    /// A carrier not on the list (422, field `carrier`).
    #[error("{}", shop_core::shipment::CARRIER_MESSAGE)]
    Carrier,
    /// No codes, or more than [`MAX_SELECTED`] (422, field `codes`).
    #[error("بین ۱ تا ۱۰۰ سفارش انتخاب کنید")]
    Selection,
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

impl AdminOrderError {
    /// The request field the error is about.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::NotFound | Self::Refused(TransitionError::NotAllowed(_)) => Some("code"),
            Self::Refused(TransitionError::TrackingCode(_)) | Self::TrackingCode(_) => Some("tracking_code"),
            Self::Refused(TransitionError::CarrierUnknown) | Self::Carrier => Some("carrier"),
            Self::Selection => Some("codes"),
            Self::Serials(_) => Some("serials"),
            Self::Lost | Self::Db(_) => None,
        }
    }
}

/// The order with `code` (any customer's: staff see every order).
pub async fn by_code<C: ConnectionTrait>(db: &C, code: &str) -> Result<customer_order::Model, AdminOrderError> {
    customer_order::Entity::find()
        .filter(customer_order::Column::Code.eq(code.trim().to_ascii_uppercase()))
        .one(db)
        .await?
        .ok_or(AdminOrderError::NotFound)
}

/// Everything about one order.
pub async fn show<C: ConnectionTrait>(db: &C, code: &str) -> Result<Detail, AdminOrderError> {
    let order = by_code(db, code).await?;
    let customer = user::Entity::find_by_id(order.user_id).one(db).await?;
    let (lines, timeline, payments) = super::invoice::order_records(db, order.id).await?;
    let plan = order_plan::Entity::find().filter(order_plan::Column::OrderId.eq(order.id)).one(db).await?;
    let instalments = instalment::Entity::find()
        .filter(instalment::Column::OrderId.eq(order.id))
        .order_by_asc(instalment::Column::Number)
        .all(db)
        .await?;
    let discount_code = crate::discount::service::code_of_order(db, order.id).await?;
    let units = super::units::serials_of(db, order.id).await?;
    Ok(Detail { order, customer, lines, timeline, payments, plan, instalments, discount_code, units })
}

/// What staff do to an order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StaffAction {
    Prepare,
    Ship { carrier: String, tracking_code: String, serials: Vec<super::units::LineSerialsInput> },
    Deliver,
    Cancel,
}

impl StaffAction {
    /// The audit log's action name.
    pub fn audit_name(&self) -> &'static str {
        match self {
            Self::Prepare => "order.prepare",
            Self::Ship { .. } => "order.ship",
            Self::Deliver => "order.deliver",
            Self::Cancel => "order.cancel",
        }
    }

    /// The table's event with a well-formed shipment: asks the table whether the move is
    /// allowed at all, before the shipment's fields are looked at.
    fn probe(&self) -> OrderEvent {
        match self {
            Self::Prepare => OrderEvent::Prepare,
            Self::Ship { .. } => OrderEvent::Ship { carrier: shop_core::shipment::CARRIERS[0].into(), tracking_code: "0000".into() },
            Self::Deliver => OrderEvent::Deliver,
            Self::Cancel => OrderEvent::StaffCancel,
        }
    }

    /// The table's event; the shipment is checked by `shop_core::shipment` first.
    fn event(&self) -> Result<OrderEvent, AdminOrderError> {
        Ok(match self {
            Self::Prepare => OrderEvent::Prepare,
            Self::Ship { carrier, tracking_code, .. } => OrderEvent::Ship {
                carrier: shop_core::shipment::carrier(carrier).ok_or(AdminOrderError::Carrier)?.to_string(),
                tracking_code: TrackingCode::parse(tracking_code).map_err(AdminOrderError::TrackingCode)?.into_string(),
            },
            Self::Deliver => OrderEvent::Deliver,
            Self::Cancel => OrderEvent::StaffCancel,
        })
    }

    /// The timeline's note (the customer reads it on their invoice).
    fn note(event: &OrderEvent) -> String {
        match event {
            OrderEvent::Ship { carrier, tracking_code } => format!("{carrier}، کد رهگیری {tracking_code}"),
            OrderEvent::StaffCancel => "لغو به دست فروشگاه؛ مبلغ پرداختی بازگردانده می‌شود".into(),
            _ => String::new(),
        }
    }
}

/// The staff actions the table allows from `status` (the buttons of the order page).
pub fn allowed_actions(status: OrderStatus) -> Vec<&'static str> {
    let ship = StaffAction::Ship { carrier: String::new(), tracking_code: String::new(), serials: Vec::new() };
    [("prepare", StaffAction::Prepare), ("ship", ship), ("deliver", StaffAction::Deliver), ("cancel", StaffAction::Cancel)]
        .into_iter()
        .filter(|(_, a)| shop_core::order_state::transition(status, &a.probe()).is_ok())
        .map(|(n, _)| n)
        .collect()
}

/// The audit record's view of an order.
#[derive(Serialize)]
struct Snapshot<'a> {
    status: &'a str,
    carrier: Option<&'a str>,
    tracking_code: Option<&'a str>,
    stock_state: &'a str,
}

fn snapshot(o: &customer_order::Model) -> Snapshot<'_> {
    Snapshot { status: &o.status, carrier: o.carrier.as_deref(), tracking_code: o.tracking_code.as_deref(), stock_state: o.stock_state.as_str() }
}

/// A move that happened: the order after it, and the SMS to send once committed.
struct Moved {
    order: customer_order::Model,
    sms: Option<(String, String)>,
}

/// Applies `action` to the order `code` inside `txn` (see the module documentation).
async fn move_in(
    txn: &DatabaseTransaction,
    terms: &dyn super::units::WarrantyMonths,
    staff: &Actor,
    code: &str,
    action: &StaffAction,
    now: i64,
) -> Result<Moved, AdminOrderError> {
    let order = by_code(txn, code).await?;
    // Out of turn, the state answers first (before the shipment's fields are looked at).
    shop_core::order_state::transition(status_of(&order), &action.probe()).map_err(AdminOrderError::Refused)?;
    let event = action.event()?;
    // One serial per unit, checked before anything is written (`units`).
    let units = match action {
        StaffAction::Ship { serials, .. } => {
            let lines = customer_order_line::Entity::find().filter(customer_order_line::Column::OrderId.eq(order.id)).order_by_asc(customer_order_line::Column::Id).all(txn).await?;
            Some(super::units::check_serials(&lines, serials).map_err(|p| AdminOrderError::Serials(p.0))?)
        }
        _ => None,
    };
    let actor = EventActor::Staff { id: staff.staff_id, mobile: staff.mobile.clone() };
    let to = match apply_by(txn, &order, &event, &StaffAction::note(&event), &actor, now).await? {
        Applied::Moved(to) => to,
        Applied::Refused(e) => return Err(AdminOrderError::Refused(e)),
        Applied::Lost => return Err(AdminOrderError::Lost),
    };
    if let Some(units) = &units {
        super::units::record_units(txn, terms, order.id, units, now).await?;
    }
    let after = by_code(txn, &order.code).await?;
    audit::record(txn, staff, Change::of(action.audit_name(), "order", &order.code, Some(&snapshot(&order)), Some(&snapshot(&after))), now)
        .await?;
    let mobile = user::Entity::find_by_id(order.user_id).one(txn).await?.map(|u| u.mobile);
    let text = crate::order::sms::text(to, &after.code, after.carrier.as_deref(), after.tracking_code.as_deref());
    Ok(Moved { sms: mobile.zip(text), order: after })
}

/// Staff move one order; the customer's SMS goes out once it is committed.
pub async fn transition(
    state: &crate::state::AppState,
    staff: &Actor,
    code: &str,
    action: &StaffAction,
) -> Result<customer_order::Model, AdminOrderError> {
    let now = state.clock.unix();
    let txn = begin_write(&state.db).await?;
    let moved = match move_in(&txn, state.warranty_months.as_ref(), staff, code, action, now).await {
        Ok(m) => m,
        Err(e) => {
            txn.rollback().await?;
            return Err(e);
        }
    };
    txn.commit().await?;
    if let Some((mobile, text)) = moved.sms {
        crate::order::sms::send(state, mobile, moved.order.code.clone(), text);
    }
    Ok(moved.order)
}

/// What became of one order of a bulk call.
#[derive(Clone, Debug)]
pub struct BulkOutcome {
    pub code: String,
    /// None when it moved; else why not (Persian).
    pub refused: Option<String>,
}

/// Parses a selection of codes: trimmed, uppercased, without repeats, 1..=[`MAX_SELECTED`].
pub fn selection(codes: &[String]) -> Result<Vec<String>, AdminOrderError> {
    if codes.is_empty() || codes.len() > MAX_SELECTED {
        return Err(AdminOrderError::Selection);
    }
    let mut out: Vec<String> = Vec::new();
    for c in codes {
        let c = c.trim().to_ascii_uppercase();
        if !c.is_empty() && !out.contains(&c) {
            out.push(c);
        }
    }
    if out.is_empty() {
        return Err(AdminOrderError::Selection);
    }
    Ok(out)
}

/// Marks each selected order as preparing, each in its own transaction along the table; the
/// answer says which moved and why the others did not.
pub async fn bulk_prepare(state: &crate::state::AppState, staff: &Actor, codes: &[String]) -> Result<Vec<BulkOutcome>, AdminOrderError> {
    let codes = selection(codes)?;
    let mut out = Vec::with_capacity(codes.len());
    for code in codes {
        let refused = match transition(state, staff, &code, &StaffAction::Prepare).await {
            Ok(_) => None,
            Err(AdminOrderError::Db(e)) => return Err(AdminOrderError::Db(e)),
            Err(e) => Some(e.to_string()),
        };
        out.push(BulkOutcome { code, refused });
    }
    Ok(out)
}

/// The selected orders with their lines, for packing slips (unknown codes are left out).
pub async fn slips(db: &DatabaseConnection, codes: &[String]) -> Result<Vec<(customer_order::Model, Vec<customer_order_line::Model>)>, AdminOrderError> {
    let codes = selection(codes)?;
    let orders = customer_order::Entity::find().filter(customer_order::Column::Code.is_in(codes.clone())).all(db).await?;
    let ids: Vec<i64> = orders.iter().map(|o| o.id).collect();
    let lines = customer_order_line::Entity::find()
        .filter(customer_order_line::Column::OrderId.is_in(ids))
        .order_by_asc(customer_order_line::Column::Id)
        .all(db)
        .await?;
    let mut by_code: HashMap<String, customer_order::Model> = orders.into_iter().map(|o| (o.code.clone(), o)).collect();
    Ok(codes
        .iter()
        .filter_map(|c| by_code.remove(c))
        .map(|o| {
            let own = lines.iter().filter(|l| l.order_id == o.id).cloned().collect();
            (o, own)
        })
        .collect())
}
