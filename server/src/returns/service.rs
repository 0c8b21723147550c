//! The work of the after-sale area, on typed values.
//!
//! - [`after_sale`]: one of the caller's orders as its page shows it after the sale: the
//!   timeline, the refund owed and given back, each line's return window and what returns
//!   already hold of it, and the order's returns.
//! - [`cancel`]: the customer cancels an unpaid order (`order::service::invoice::cancel`) or a
//!   paid one before staff start preparing it (`OrderEvent::CustomerCancelPaid`: stock and
//!   discount use come back once, the payment goes into the refunds queue). The move is the
//!   order lifecycle's conditional update, so a customer's cancel and a staff member's
//!   prepare at the same moment never both win.
//! - [`request_return`]: the customer asks to return lines of a delivered order
//!   (`shop_core::returns::request` and `::window`, photos by core's upload rules).
//! - [`act`]: staff move a return along `shop_core::returns::state`'s table; a refund writes a
//!   `refund` row against the order's payment (`shop_core::refund::check_refund`) in the same
//!   transaction, with the audit record.
//! - [`buy_again`]: the order's lines into the cart at today's prices (the cart's own edit).
//! - Holidays: the official holiday table staff keep ([`holidays`], [`save_holiday`],
//!   [`remove_holiday`]).

use std::collections::HashMap;

use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Statement,
};
use serde::Serialize;
use shop_core::forms::holiday::Holiday;
use shop_core::jalali::JalaliDate;
use shop_core::order_state::{OrderEvent, OrderStatus, TransitionError as OrderTransitionError};
use shop_core::refund::{check_refund, BankReference, RefundRefusal};
use shop_core::returns::request::{check_request, reason_label, Asked, Held, RequestError};
use shop_core::returns::state::{transition, RejectReason, ReturnEvent, ReturnStatus, TransitionError};
use shop_core::returns::window::{check_window, last_return_day, Condition, ReturnWindowError, WindowInput};

use super::entity::{holiday, order_return, order_return_event, order_return_line, order_return_photo};
use crate::audit::service::{self as audit, Change};
use crate::auth::staff::Actor;
use crate::auth::entity::user;
use crate::catalog::entity::{info, product};
use crate::order::entity::{customer_order, customer_order_line, order_event};
use crate::order::service::invoice;
use crate::order::service::lifecycle::{apply, status_of, Applied};
use crate::payment::entity::{payment, refund};
use crate::platform::db::begin_write;
use crate::platform::files::{FileKey, FileStore};
use crate::ticket::service::{check_files, CheckedFile, UploadedFile};

/// The file store's area of return photos.
const AREA: &str = "returns";

/// Returns per page of the staff list.
pub const PER_PAGE: u64 = 50;

/// Why an after-sale call was refused; `Display` is the Persian message.
#[derive(Debug, thiserror::Error)]
pub enum ReturnError {
    /// Unknown order, or another customer's (404, field `code`).
    #[error("سفارش مورد نظر پیدا نشد")]
    OrderNotFound,
    /// Unknown return (404, field `id`).
    #[error("درخواست مرجوعی پیدا نشد")]
    ReturnNotFound,
    /// Only a delivered order's lines may be returned (422, field `code`).
    #[error("فقط کالاهای سفارش تحویل‌شده را می‌توان مرجوع کرد")]
    NotDelivered,
    /// The return window is closed (422, field `lines`).
    #[error("{0}")]
    Window(ReturnWindowError),
    /// The request breaks a rule (422, its field).
    #[error("{0}")]
    Request(RequestError),
    /// A photo breaks the upload rules (422, field `photos`).
    #[error("{0}")]
    Photo(String),
    /// The order's table refuses the cancellation (422, field `code`).
    #[error("{0}")]
    Cancel(OrderTransitionError),
    /// Too many cancellations (429).
    #[error("{message}")]
    TooManyCancellations { message: String, retry_after: i64 },
    /// The return's table refuses the move (422, field `id` or `reason`).
    #[error("{0}")]
    Refused(TransitionError),
    /// The refund's amount is refused (422, field `id`).
    #[error("{0}")]
    Refund(RefundRefusal),
    /// No verified payment of the order to refund against (422, field `id`).
    #[error("برای این سفارش پرداخت تأییدشده‌ای پیدا نشد")]
    NoPayment,
    /// A field breaks a rule (422, the field).
    #[error("{1}")]
    Invalid(&'static str, String),
    /// Unknown holiday (404, field `id`).
    #[error("این روز تعطیل پیدا نشد")]
    HolidayNotFound,
    /// Someone else changed it first (409).
    #[error("وضعیت همین حالا به دست شخص دیگری تغییر کرد؛ صفحه را تازه کنید و دوباره ببینید")]
    Lost,
    #[error("database: {0}")]
    Db(#[from] DbErr),
    #[error("files: {0}")]
    Files(#[from] std::io::Error),
}

impl From<crate::order::service::OrderError> for ReturnError {
    fn from(e: crate::order::service::OrderError) -> Self {
        use crate::order::service::OrderError as O;
        match e {
            O::OrderNotFound => Self::OrderNotFound,
            O::Db(db) => Self::Db(db),
            O::TooManyCancellations { .. } => {
                let message = e.to_string();
                let retry_after = match e {
                    O::TooManyCancellations { retry_after, .. } => retry_after,
                    _ => 60,
                };
                Self::TooManyCancellations { message, retry_after }
            }
            other => Self::Invalid("code", other.to_string()),
        }
    }
}

/// The official holidays staff keep (every year).
pub async fn holiday_dates<C: ConnectionTrait>(db: &C) -> Result<Vec<JalaliDate>, DbErr> {
    Ok(holiday::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .filter_map(|h| Some(JalaliDate { year: h.year, month: u32::try_from(h.month).ok()?, day: u32::try_from(h.day).ok()? }))
        .collect())
}

/// When the order was marked delivered (its last `delivered` timeline row).
pub async fn delivered_at<C: ConnectionTrait>(db: &C, order_id: i64) -> Result<Option<i64>, DbErr> {
    Ok(order_event::Entity::find()
        .filter(order_event::Column::OrderId.eq(order_id))
        .filter(order_event::Column::Status.eq(OrderStatus::Delivered.as_str()))
        .order_by_desc(order_event::Column::Id)
        .one(db)
        .await?
        .map(|e| e.at))
}

/// Units of each order line held by the order's returns (open or refunded).
async fn taken_by_line<C: ConnectionTrait>(db: &C, returns: &[order_return::Model]) -> Result<HashMap<i64, i64>, DbErr> {
    let holding: Vec<i64> = returns
        .iter()
        .filter(|r| ReturnStatus::parse(&r.status).is_some_and(ReturnStatus::holds_line))
        .map(|r| r.id)
        .collect();
    let mut out = HashMap::new();
    if holding.is_empty() {
        return Ok(out);
    }
    for l in order_return_line::Entity::find().filter(order_return_line::Column::ReturnId.is_in(holding)).all(db).await? {
        *out.entry(l.order_line_id).or_default() += l.num;
    }
    Ok(out)
}

/// Each product's condition and test period, for the lines' products.
async fn conditions<C: ConnectionTrait>(db: &C, product_ids: Vec<i64>) -> Result<HashMap<i64, (Condition, Option<u32>)>, DbErr> {
    let products = product::Entity::find().filter(product::Column::Id.is_in(product_ids.clone())).all(db).await?;
    let infos: HashMap<i64, info::Model> =
        info::Entity::find().filter(info::Column::ProductId.is_in(product_ids)).all(db).await?.into_iter().map(|i| (i.product_id, i)).collect();
    Ok(products
        .into_iter()
        .map(|p| {
            let test_days = infos.get(&p.id).and_then(|i| i.test_days).and_then(|d| u32::try_from(d).ok());
            (p.id, (Condition::parse(&p.condition), test_days))
        })
        .collect())
}

/// One line of an order with its return window.
#[derive(Clone, Debug)]
pub struct LineWindow {
    pub line: customer_order_line::Model,
    pub condition: Condition,
    /// The last day it may be asked back (delivered orders only).
    pub last_day: Option<JalaliDate>,
    /// Units held by returns (open or refunded).
    pub taken: i64,
    /// Whether it may be asked back today (delivered, inside the window, units left).
    pub returnable: bool,
}

/// A return with its lines, photos and timeline.
#[derive(Clone, Debug)]
pub struct ReturnDetail {
    pub ret: order_return::Model,
    pub lines: Vec<order_return_line::Model>,
    pub photos: Vec<order_return_photo::Model>,
    pub events: Vec<order_return_event::Model>,
}

/// The order's money owed back and given back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RefundState {
    /// Toman owed back (payments flagged for a refund).
    pub owed: i64,
    /// Toman given back (refund rows of those payments, and of returns).
    pub refunded: i64,
}

/// One order after the sale.
#[derive(Clone, Debug)]
pub struct AfterSale {
    pub order: customer_order::Model,
    pub lines: Vec<LineWindow>,
    pub timeline: Vec<order_event::Model>,
    pub refund: RefundState,
    pub returns: Vec<ReturnDetail>,
    pub delivered_at: Option<i64>,
}

async fn details<C: ConnectionTrait>(db: &C, returns: Vec<order_return::Model>) -> Result<Vec<ReturnDetail>, DbErr> {
    let ids: Vec<i64> = returns.iter().map(|r| r.id).collect();
    let lines = order_return_line::Entity::find().filter(order_return_line::Column::ReturnId.is_in(ids.clone())).all(db).await?;
    let photos = order_return_photo::Entity::find()
        .filter(order_return_photo::Column::ReturnId.is_in(ids.clone()))
        .order_by_asc(order_return_photo::Column::Id)
        .all(db)
        .await?;
    let events = order_return_event::Entity::find()
        .filter(order_return_event::Column::ReturnId.is_in(ids))
        .order_by_asc(order_return_event::Column::Id)
        .all(db)
        .await?;
    Ok(returns
        .into_iter()
        .map(|r| ReturnDetail {
            lines: lines.iter().filter(|l| l.return_id == r.id).cloned().collect(),
            photos: photos.iter().filter(|p| p.return_id == r.id).cloned().collect(),
            events: events.iter().filter(|e| e.return_id == r.id).cloned().collect(),
            ret: r,
        })
        .collect())
}

/// The order's refund state: what its flagged payments owe and every refund of its payments.
async fn refund_state<C: ConnectionTrait>(db: &C, order_id: i64) -> Result<RefundState, DbErr> {
    let owed = payment::Entity::find()
        .filter(payment::Column::OrderId.eq(order_id))
        .filter(payment::Column::RefundNeeded.eq(true))
        .filter(payment::Column::Status.eq(payment::PAID))
        .all(db)
        .await?
        .iter()
        .fold(0i64, |s, p| s.saturating_add(p.amount));
    let refunded =
        refund::Entity::find().filter(refund::Column::OrderId.eq(order_id)).all(db).await?.iter().fold(0i64, |s, r| s.saturating_add(r.amount));
    Ok(RefundState { owed, refunded })
}

/// The Tehran day of a Unix second (a date the rule can read).
fn day_of(at: i64) -> Option<JalaliDate> {
    shop_core::tehran::tehran_date(at)
}

/// One of the caller's orders after the sale; another customer's or an unknown code is
/// [`ReturnError::OrderNotFound`].
pub async fn after_sale<C: ConnectionTrait>(db: &C, user_id: i64, code: &str, now: i64) -> Result<AfterSale, ReturnError> {
    let order = invoice::own_by_code(db, user_id, &code.trim().to_ascii_uppercase()).await?;
    let (lines, timeline, _) = invoice::order_records(db, order.id).await?;
    let returns = order_return::Entity::find()
        .filter(order_return::Column::OrderId.eq(order.id))
        .order_by_asc(order_return::Column::Id)
        .all(db)
        .await?;
    let taken = taken_by_line(db, &returns).await?;
    let delivered_at = if status_of(&order) == OrderStatus::Delivered { delivered_at(db, order.id).await? } else { None };
    let conds = conditions(db, lines.iter().map(|l| l.product_id).collect()).await?;
    let holidays = if delivered_at.is_some() { holiday_dates(db).await? } else { Vec::new() };
    let today = day_of(now);
    let lines = lines
        .into_iter()
        .map(|line| {
            let (condition, test_days) = conds.get(&line.product_id).copied().unwrap_or((Condition::New, None));
            let delivered = delivered_at.and_then(day_of);
            let last_day = delivered.and_then(|d| last_return_day(condition, test_days, d, &holidays));
            let taken = taken.get(&line.id).copied().unwrap_or(0);
            let returnable = matches!((last_day, today), (Some(l), Some(t)) if t <= l) && taken < line.num;
            LineWindow { line, condition, last_day, taken, returnable }
        })
        .collect();
    Ok(AfterSale {
        refund: refund_state(db, order.id).await?,
        returns: details(db, returns).await?,
        order,
        lines,
        timeline,
        delivered_at,
    })
}

/// What a customer's cancellation did (the SMS to send once committed).
#[derive(Debug)]
pub struct Cancelled {
    pub order: customer_order::Model,
    /// The order was paid: its payment is owed back.
    pub refund_owed: bool,
}

/// The customer cancels one of their orders: unpaid ones as `order/cancel` does; a paid one
/// until staff start preparing it (see the module documentation).
pub async fn cancel(db: &DatabaseConnection, user_id: i64, code: &str, per_hour: i64, now: i64) -> Result<Cancelled, ReturnError> {
    let code = code.trim().to_ascii_uppercase();
    let order = invoice::own_by_code(db, user_id, &code).await?;
    if status_of(&order) != OrderStatus::Paid {
        return match invoice::cancel(db, user_id, &code, per_hour, now).await? {
            Applied::Moved(_) => Ok(Cancelled { order: invoice::own_by_code(db, user_id, &code).await?, refund_owed: false }),
            Applied::Refused(e) => Err(ReturnError::Cancel(e)),
            Applied::Lost => Err(ReturnError::Lost),
        };
    }
    let txn = begin_write(db).await?;
    let order = invoice::own_by_code(&txn, user_id, &code).await?;
    let applied = apply(&txn, &order, &OrderEvent::CustomerCancelPaid, "لغو به درخواست مشتری؛ مبلغ پرداختی بازگردانده می‌شود", now).await?;
    match applied {
        Applied::Moved(_) => {}
        Applied::Refused(e) => {
            txn.rollback().await?;
            return Err(ReturnError::Cancel(e));
        }
        Applied::Lost => {
            txn.rollback().await?;
            return Err(ReturnError::Lost);
        }
    }
    txn.commit().await?;
    Ok(Cancelled { order: invoice::own_by_code(db, user_id, &code).await?, refund_owed: true })
}

/// A return request as the client sent it (the photos not yet checked).
#[derive(Debug, Clone)]
pub struct NewReturn {
    pub code: String,
    pub lines: Vec<Asked>,
    pub reason: String,
    pub description: String,
    pub photos: Vec<UploadedFile>,
}

/// Toman owed back for `num` units of `line`: its unit total less its share of the order's
/// discount (rounded down in the customer's favour by never taking more than that share).
pub fn line_amount(order: &customer_order::Model, line: &customer_order_line::Model, num: i64) -> i64 {
    let gross = i128::from(line.unit_price.saturating_add(line.warranty_price)) * i128::from(num);
    let share = if order.items_total > 0 { gross * i128::from(order.discount) / i128::from(order.items_total) } else { 0 };
    i64::try_from((gross - share).max(0)).unwrap_or(i64::MAX)
}

/// Locks the order's row on PostgreSQL until the transaction ends (SQLite's write transactions
/// are serial), so two requests for the same line cannot both pass the "already held" check.
async fn lock_order<C: ConnectionTrait>(db: &C, order_id: i64) -> Result<(), DbErr> {
    if db.get_database_backend() == DbBackend::Postgres {
        db.execute_raw(Statement::from_sql_and_values(DbBackend::Postgres, "SELECT id FROM customer_order WHERE id = $1 FOR UPDATE", [order_id.into()]))
            .await?;
    }
    Ok(())
}

fn photo_error(e: crate::ticket::service::TicketError) -> ReturnError {
    match e {
        crate::ticket::service::TicketError::Invalid(_, m) => ReturnError::Photo(m),
        crate::ticket::service::TicketError::Db(db) => ReturnError::Db(db),
        crate::ticket::service::TicketError::Files(io) => ReturnError::Files(io),
        other => ReturnError::Photo(other.to_string()),
    }
}

/// The customer asks to return lines of a delivered order; the new return's id.
pub async fn request_return(db: &DatabaseConnection, store: &dyn FileStore, user_id: i64, req: NewReturn, now: i64) -> Result<i64, ReturnError> {
    let photo_count = req.photos.len();
    if photo_count > shop_core::validation::MAX_FILES {
        return Err(ReturnError::Request(RequestError::TooManyPhotos));
    }
    let photos: Vec<CheckedFile> = check_files(req.photos).map_err(photo_error)?;
    let code = req.code.trim().to_ascii_uppercase();
    let txn = begin_write(db).await?;
    let order = invoice::own_by_code(&txn, user_id, &code).await?;
    lock_order(&txn, order.id).await?;
    if status_of(&order) != OrderStatus::Delivered {
        return Err(ReturnError::NotDelivered);
    }
    let lines = customer_order_line::Entity::find().filter(customer_order_line::Column::OrderId.eq(order.id)).all(&txn).await?;
    let returns = order_return::Entity::find().filter(order_return::Column::OrderId.eq(order.id)).all(&txn).await?;
    let taken = taken_by_line(&txn, &returns).await?;
    let held: Vec<Held> =
        lines.iter().map(|l| Held { line_id: l.id, bought: l.num, taken: taken.get(&l.id).copied().unwrap_or(0) }).collect();
    check_request(&req.lines, &req.reason, &req.description, photo_count, &held).map_err(ReturnError::Request)?;
    // The window, per line asked.
    let conds = conditions(&txn, lines.iter().map(|l| l.product_id).collect()).await?;
    let holidays = holiday_dates(&txn).await?;
    let delivered = delivered_at(&txn, order.id).await?.and_then(day_of).ok_or(ReturnError::NotDelivered)?;
    let today = day_of(now).ok_or(ReturnError::Window(ReturnWindowError::BadDate))?;
    let mut amount = 0i64;
    for a in &req.lines {
        let line = lines.iter().find(|l| l.id == a.line_id).ok_or(ReturnError::Request(RequestError::UnknownLine))?;
        let (condition, test_days) = conds.get(&line.product_id).copied().unwrap_or((Condition::New, None));
        check_window(&WindowInput { condition, test_days, delivered, today, holidays: holidays.clone() }).map_err(ReturnError::Window)?;
        amount = amount.saturating_add(line_amount(&order, line, a.num));
    }
    let ret = order_return::ActiveModel {
        order_id: Set(order.id),
        user_id: Set(user_id),
        status: Set(ReturnStatus::Requested.as_str().into()),
        reason: Set(req.reason.trim().into()),
        description: Set(req.description.trim().into()),
        reject_reason: Set(None),
        amount: Set(amount),
        refund_id: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    for a in &req.lines {
        order_return_line::ActiveModel { return_id: Set(ret.id), order_line_id: Set(a.line_id), num: Set(a.num), ..Default::default() }
            .insert(&txn)
            .await?;
    }
    record_event(&txn, ret.id, ReturnStatus::Requested, "", None, now).await?;
    let keys: Vec<FileKey> = photos.iter().map(|f| FileKey::generate(AREA, &f.ext)).collect();
    for (f, key) in photos.iter().zip(&keys) {
        order_return_photo::ActiveModel {
            return_id: Set(ret.id),
            file_key: Set(key.as_str().into()),
            name: Set(f.name.clone()),
            content_type: Set(f.content_type.into()),
            size: Set(i64::try_from(f.bytes.len()).unwrap_or(i64::MAX)),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    let mut written = Vec::new();
    for (f, key) in photos.iter().zip(&keys) {
        if let Err(e) = store.put(key, &f.bytes).await {
            for k in &written {
                let _ = store.delete(k).await;
            }
            return Err(e.into());
        }
        written.push(key.clone());
    }
    if let Err(e) = txn.commit().await {
        for k in &written {
            let _ = store.delete(k).await;
        }
        return Err(e.into());
    }
    Ok(ret.id)
}

/// Appends a return's timeline row (`staff`: the staff member's id).
async fn record_event<C: ConnectionTrait>(db: &C, return_id: i64, status: ReturnStatus, note: &str, staff: Option<i64>, now: i64) -> Result<(), DbErr> {
    order_return_event::ActiveModel {
        return_id: Set(return_id),
        status: Set(status.as_str().into()),
        note: Set(note.into()),
        at: Set(now),
        actor: Set(if staff.is_some() { "staff" } else { "customer" }.into()),
        staff_id: Set(staff),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// A return for the staff list and page: with its order and customer.
#[derive(Clone, Debug)]
pub struct StaffReturn {
    pub detail: ReturnDetail,
    pub order: Option<customer_order::Model>,
    pub order_lines: Vec<customer_order_line::Model>,
    pub customer: Option<user::Model>,
}

async fn staff_views<C: ConnectionTrait>(db: &C, returns: Vec<order_return::Model>) -> Result<Vec<StaffReturn>, DbErr> {
    let order_ids: Vec<i64> = returns.iter().map(|r| r.order_id).collect();
    let user_ids: Vec<i64> = returns.iter().map(|r| r.user_id).collect();
    let orders: HashMap<i64, customer_order::Model> =
        customer_order::Entity::find().filter(customer_order::Column::Id.is_in(order_ids.clone())).all(db).await?.into_iter().map(|o| (o.id, o)).collect();
    let lines = customer_order_line::Entity::find().filter(customer_order_line::Column::OrderId.is_in(order_ids)).all(db).await?;
    let users: HashMap<i64, user::Model> =
        user::Entity::find().filter(user::Column::Id.is_in(user_ids)).all(db).await?.into_iter().map(|u| (u.id, u)).collect();
    Ok(details(db, returns)
        .await?
        .into_iter()
        .map(|d| StaffReturn {
            order: orders.get(&d.ret.order_id).cloned(),
            order_lines: lines.iter().filter(|l| l.order_id == d.ret.order_id).cloned().collect(),
            customer: users.get(&d.ret.user_id).cloned(),
            detail: d,
        })
        .collect())
}

/// The staff list: newest first, optionally one state; one page and the total.
pub async fn list<C: ConnectionTrait>(db: &C, status: Option<ReturnStatus>, page: u64) -> Result<(Vec<StaffReturn>, u64), DbErr> {
    let mut q = order_return::Entity::find();
    if let Some(s) = status {
        q = q.filter(order_return::Column::Status.eq(s.as_str()));
    }
    let total = q.clone().count(db).await?;
    let rows = q
        .order_by_desc(order_return::Column::Id)
        .offset(page.saturating_sub(1).saturating_mul(PER_PAGE))
        .limit(PER_PAGE)
        .all(db)
        .await?;
    Ok((staff_views(db, rows).await?, total))
}

/// One return for staff.
pub async fn show<C: ConnectionTrait>(db: &C, id: i64) -> Result<StaffReturn, ReturnError> {
    let r = order_return::Entity::find_by_id(id).one(db).await?.ok_or(ReturnError::ReturnNotFound)?;
    staff_views(db, vec![r]).await?.pop().ok_or(ReturnError::ReturnNotFound)
}

/// What staff do to a return.
#[derive(Clone, Debug)]
pub enum StaffAction {
    Approve,
    /// The reason as core's reject form read it.
    Reject { reason: RejectReason },
    Receive,
    /// The reference and note as core's return refund form read them.
    Refund { reference: BankReference, note: String },
}

impl StaffAction {
    fn event(&self) -> ReturnEvent {
        match self {
            Self::Approve => ReturnEvent::Approve,
            Self::Reject { reason } => ReturnEvent::Reject { reason: reason.as_str().to_owned() },
            Self::Receive => ReturnEvent::Receive,
            Self::Refund { .. } => ReturnEvent::Refund,
        }
    }

    fn audit_name(&self) -> &'static str {
        match self {
            Self::Approve => "return.approve",
            Self::Reject { .. } => "return.reject",
            Self::Receive => "return.receive",
            Self::Refund { .. } => "return.refund",
        }
    }
}

/// The audit log's view of a return.
#[derive(Serialize)]
struct Snapshot<'a> {
    status: &'a str,
    amount: i64,
    reject_reason: Option<&'a str>,
    refund_id: Option<i64>,
}

fn snapshot(r: &order_return::Model) -> Snapshot<'_> {
    Snapshot { status: &r.status, amount: r.amount, reject_reason: r.reject_reason.as_deref(), refund_id: r.refund_id }
}

/// Writes a refund of `amount` against the order's own verified payment, checked against what
/// is left of it with its row locked (as `payment::refunds::record` does).
async fn refund_return<C: ConnectionTrait>(db: &C, staff: &Actor, r: &order_return::Model, reference: &BankReference, note: &str, now: i64) -> Result<i64, ReturnError> {
    let p = payment::Entity::find()
        .filter(payment::Column::OrderId.eq(r.order_id))
        .filter(payment::Column::Status.eq(payment::PAID))
        .order_by_asc(payment::Column::InstalmentId)
        .order_by_asc(payment::Column::Id)
        .one(db)
        .await?
        .ok_or(ReturnError::NoPayment)?;
    if db.get_database_backend() == DbBackend::Postgres {
        db.execute_raw(Statement::from_sql_and_values(DbBackend::Postgres, "SELECT id FROM payment WHERE id = $1 FOR UPDATE", [p.id.into()])).await?;
    }
    let before = refund::Entity::find().filter(refund::Column::PaymentId.eq(p.id)).all(db).await?.iter().fold(0i64, |s, x| s.saturating_add(x.amount));
    check_refund(r.amount, p.amount, before).map_err(ReturnError::Refund)?;
    let row = refund::ActiveModel {
        payment_id: Set(p.id),
        order_id: Set(p.order_id),
        amount: Set(r.amount),
        reference: Set(reference.as_str().into()),
        note: Set(if note.trim().is_empty() { format!("مرجوعی شماره {}", r.id) } else { note.trim().to_string() }),
        staff_id: Set(staff.staff_id),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(row.id)
}

/// A move that happened: the return after it and the SMS to send once committed.
pub struct Moved {
    pub ret: order_return::Model,
    pub sms: Option<(String, String)>,
}

async fn act_in<C: ConnectionTrait>(db: &C, staff: &Actor, id: i64, action: &StaffAction, now: i64) -> Result<Moved, ReturnError> {
    let r = order_return::Entity::find_by_id(id).one(db).await?.ok_or(ReturnError::ReturnNotFound)?;
    let from = ReturnStatus::parse(&r.status).unwrap_or(ReturnStatus::Rejected);
    let to = transition(from, &action.event()).map_err(ReturnError::Refused)?;
    let mut update = order_return::Entity::update_many()
        .col_expr(order_return::Column::Status, Expr::value(to.as_str()))
        .col_expr(order_return::Column::UpdatedAt, Expr::value(now))
        .filter(order_return::Column::Id.eq(r.id))
        .filter(order_return::Column::Status.eq(from.as_str()));
    let mut note = String::new();
    if let StaffAction::Reject { reason } = action {
        note = reason.as_str().to_string();
        update = update.col_expr(order_return::Column::RejectReason, Expr::value(reason.as_str()));
    }
    if update.exec(db).await?.rows_affected != 1 {
        return Err(ReturnError::Lost);
    }
    if let StaffAction::Refund { reference, note: n } = action {
        let refund_id = refund_return(db, staff, &r, reference, n, now).await?;
        order_return::Entity::update_many()
            .col_expr(order_return::Column::RefundId, Expr::value(refund_id))
            .filter(order_return::Column::Id.eq(r.id))
            .exec(db)
            .await?;
        note = format!("کد پیگیری بانک {}", reference.as_str());
    }
    record_event(db, r.id, to, &note, Some(staff.staff_id), now).await?;
    let after = order_return::Entity::find_by_id(r.id).one(db).await?.ok_or(ReturnError::ReturnNotFound)?;
    audit::record(db, staff, Change::of(action.audit_name(), "order_return", r.id, Some(&snapshot(&r)), Some(&snapshot(&after))), now).await?;
    let order = customer_order::Entity::find_by_id(r.order_id).one(db).await?;
    let mobile = user::Entity::find_by_id(r.user_id).one(db).await?.map(|u| u.mobile);
    let text = order.and_then(|o| crate::order::sms::return_text(to, &o.code, after.reject_reason.as_deref()));
    Ok(Moved { ret: after, sms: mobile.zip(text) })
}

/// Staff move a return (see the module documentation); the customer's SMS goes out once
/// committed.
pub async fn act(state: &crate::state::AppState, staff: &Actor, id: i64, action: &StaffAction) -> Result<order_return::Model, ReturnError> {
    let now = state.clock.unix();
    let txn = begin_write(&state.db).await?;
    let moved = match act_in(&txn, staff, id, action, now).await {
        Ok(m) => m,
        Err(e) => {
            txn.rollback().await?;
            return Err(e);
        }
    };
    txn.commit().await?;
    if let Some((mobile, text)) = moved.sms {
        crate::order::sms::send(state, mobile, format!("return-{}", moved.ret.id), text);
    }
    Ok(moved.ret)
}

/// The SMS a customer gets when they asked for a return (sent after the commit).
pub async fn requested_sms<C: ConnectionTrait>(db: &C, user_id: i64, code: &str) -> Result<Option<(String, String)>, DbErr> {
    let mobile = user::Entity::find_by_id(user_id).one(db).await?.map(|u| u.mobile);
    Ok(mobile.zip(crate::order::sms::return_text(ReturnStatus::Requested, code, None)))
}

/// The reason's label for display (the code itself when unknown).
pub fn reason_text(code: &str) -> String {
    reason_label(code).map_or_else(|| code.to_string(), str::to_string)
}

/// What became of one line of "buy again".
#[derive(Clone, Debug)]
pub struct AgainLine {
    pub name: String,
    /// None: in the cart; else why not (Persian).
    pub problem: Option<String>,
}

/// Puts the order's lines into the caller's cart at today's prices (the cart's own edit prices
/// them from the catalogue); a line that cannot be bought is reported, never dropped silently.
pub async fn buy_again(db: &DatabaseConnection, caller: &crate::cart::service::Caller, code: &str, now: i64) -> Result<Vec<AgainLine>, ReturnError> {
    use crate::cart::service::{edit, CartError, EditOutcome, EditRequest};
    let order = invoice::own_by_code(db, caller.id, &code.trim().to_ascii_uppercase()).await?;
    let (lines, _, _) = invoice::order_records(db, order.id).await?;
    let mut out = Vec::with_capacity(lines.len());
    for l in lines {
        let req = EditRequest { product_id: l.product_id, variant_id: l.variant_id, num: l.num, cart_id: None, line_id: None };
        let problem = match edit(db, &crate::platform::sqlite_writer::SqliteWriter::NONE, None, &crate::order::service::held::Orders, caller, &req, now).await {
            Ok(EditOutcome::Ok(_)) => None,
            Ok(EditOutcome::NotInStock { name, .. }) => Some(shop_core::stock::not_in_stock_message(&name)),
            Err(CartError::ProductNotFound | CartError::VariantNotFound) => Some(format!("«{}» دیگر فروخته نمی‌شود", l.name)),
            Err(CartError::Db(e)) => return Err(ReturnError::Db(e)),
            Err(e) => Some(e.to_string()),
        };
        out.push(AgainLine { name: l.name, problem });
    }
    Ok(out)
}

/// The holidays, by day.
pub async fn holidays<C: ConnectionTrait>(db: &C) -> Result<Vec<holiday::Model>, DbErr> {
    holiday::Entity::find()
        .order_by_asc(holiday::Column::Year)
        .order_by_asc(holiday::Column::Month)
        .order_by_asc(holiday::Column::Day)
        .all(db)
        .await
}

/// Adds a holiday, or renames the one on that day; audited.
pub async fn save_holiday(db: &DatabaseConnection, staff: &Actor, holiday: &Holiday, now: i64) -> Result<holiday::Model, ReturnError> {
    let (day, name) = (holiday.day, holiday.name.as_str());
    let txn = begin_write(db).await?;
    let existing = holiday::Entity::find()
        .filter(holiday::Column::Year.eq(day.year))
        .filter(holiday::Column::Month.eq(day.month as i32))
        .filter(holiday::Column::Day.eq(day.day as i32))
        .one(&txn)
        .await?;
    let before = existing.as_ref().map(|h| h.name.clone());
    let row = match existing {
        Some(h) => {
            let mut am: holiday::ActiveModel = h.into();
            am.name = Set(name.into());
            am.update(&txn).await?
        }
        None => {
            holiday::ActiveModel { year: Set(day.year), month: Set(day.month as i32), day: Set(day.day as i32), name: Set(name.into()), ..Default::default() }
                .insert(&txn)
                .await?
        }
    };
    let key = shop_core::jalali::format_jalali_numeric(&day);
    audit::record(&txn, staff, Change::of("holiday.save", "holiday", &key, before.as_ref(), Some(&row.name)), now).await?;
    txn.commit().await?;
    Ok(row)
}

/// Removes a holiday; audited.
pub async fn remove_holiday(db: &DatabaseConnection, staff: &Actor, id: i64, now: i64) -> Result<(), ReturnError> {
    let txn = begin_write(db).await?;
    let h = holiday::Entity::find_by_id(id).one(&txn).await?.ok_or(ReturnError::HolidayNotFound)?;
    holiday::Entity::delete_by_id(id).exec(&txn).await?;
    let key = format!("{}/{}/{}", h.year, h.month, h.day);
    audit::record(&txn, staff, Change::of("holiday.remove", "holiday", &key, Some(&h.name), None::<&String>), now).await?;
    txn.commit().await?;
    Ok(())
}

/// A return photo's bytes for staff.
pub async fn photo(db: &DatabaseConnection, store: &dyn FileStore, id: i64) -> Result<(order_return_photo::Model, Vec<u8>), ReturnError> {
    let row = order_return_photo::Entity::find_by_id(id).one(db).await?.ok_or(ReturnError::ReturnNotFound)?;
    let key = FileKey::parse(&row.file_key).ok_or(ReturnError::ReturnNotFound)?;
    let bytes = store.get(&key).await?.ok_or(ReturnError::ReturnNotFound)?;
    Ok((row, bytes))
}
