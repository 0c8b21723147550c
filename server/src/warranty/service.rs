//! Warranty rules on the stored records: serials checked and recorded when an order ships,
//! each unit's warranty end, claims opened by the unit's owner within the warranty and moved
//! by staff along `shop_core::warranty::claim_state`, and the official invoice's buyer.
//!
//! A customer reaches only their own orders, units and claims: another customer's (or an
//! unknown) one answers 404, as if it did not exist.

use std::collections::{HashMap, HashSet};

use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder,
};
use serde::Serialize;
use shop_core::forms::{official_invoice, FormProblems, Values};
use shop_core::jalali::JalaliDate;
use shop_core::order_state::OrderStatus;
use shop_core::warranty::claim_state::{self, ClaimEvent, ClaimStatus};
use shop_core::warranty::end::{check_claim_window, warranty_end, ClaimWindowInput};

use super::entity::{official_invoice as oi, warranty_claim, warranty_term};
use crate::order::entity::order_unit;
use crate::order::service::units::serials_of;
use crate::audit::service::{self as audit, Change};
use crate::auth::staff::Actor;
use crate::auth::entity::user;
use crate::order::entity::{customer_order, customer_order_line, order_event};
use crate::platform::db::begin_write;
use crate::state::AppState;
use crate::ticket::entity::ticket::{Department, Priority};
use crate::ticket::service::{self as tickets, NewTicket, TicketError};

/// Claims per page of the staff list.
pub const PAGE: u64 = 50;

/// Why a warranty call was refused.
#[derive(Debug, thiserror::Error)]
pub enum WarrantyError {
    /// A field breaks a rule: (field, Persian message) → 422.
    #[error("{1}")]
    Invalid(&'static str, String),
    /// Unknown order, or another customer's → 404 (field `code`).
    #[error("سفارش مورد نظر پیدا نشد")]
    OrderNotFound,
    /// Unknown unit, or another customer's → 404 (field `unit_id`).
    #[error("کالای مورد نظر پیدا نشد")]
    UnitNotFound,
    /// Unknown claim → 404 (field `id`).
    #[error("درخواست گارانتی پیدا نشد")]
    ClaimNotFound,
    /// Someone else moved the claim first → 409.
    #[error("این درخواست همین حالا به دست شخص دیگری تغییر کرد؛ صفحه را تازه کنید")]
    Lost,
    /// Opening the claim's ticket was refused.
    #[error("{0}")]
    Ticket(#[from] TicketError),
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

// ---------------------------------------------------------------- serials at shipping

// Serials are checked and recorded by the order's ship action (`order::service::units`).

/// The months of each warranty name (`warranty_term`); a name not listed has none.
async fn months_of<C: ConnectionTrait>(db: &C, names: impl IntoIterator<Item = String>) -> Result<HashMap<String, i32>, DbErr> {
    let names: Vec<String> = names.into_iter().collect::<HashSet<_>>().into_iter().collect();
    Ok(warranty_term::Entity::find()
        .filter(warranty_term::Column::Name.is_in(names))
        .all(db)
        .await?
        .into_iter()
        .map(|t| (t.name, t.months))
        .collect())
}

/// The months each warranty name gives, for the order's ship action (registered in
/// `AppState::warranty_months`): orders sit below warranty and do not read its terms.
pub struct WarrantyTerms;

#[async_trait::async_trait]
impl crate::order::service::units::WarrantyMonths for WarrantyTerms {
    async fn months(&self, txn: &DatabaseTransaction, names: Vec<String>) -> Result<HashMap<String, i32>, DbErr> {
        months_of(txn, names).await
    }
}

// ---------------------------------------------------------------- units and their warranty

/// The day a unit's warranty started, and whether that is the delivery (else shipping) day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Start {
    pub day: JalaliDate,
    pub delivered: bool,
}

/// One unit as its owner sees it.
#[derive(Debug, Clone)]
pub struct UnitView {
    pub unit: order_unit::Model,
    pub product: String,
    pub start: Option<Start>,
    pub end: Option<JalaliDate>,
    /// None when a claim may be opened today; else why not (Persian).
    pub refusal: Option<String>,
    pub claim: Option<warranty_claim::Model>,
}

fn tehran_day(unix: i64) -> Option<JalaliDate> {
    shop_core::tehran::tehran_date(unix)
}

/// The caller's order `code` (404 for another customer's or an unknown one).
pub async fn own_order<C: ConnectionTrait>(db: &C, user_id: i64, code: &str) -> Result<customer_order::Model, WarrantyError> {
    customer_order::Entity::find()
        .filter(customer_order::Column::Code.eq(code.trim().to_ascii_uppercase()))
        .filter(customer_order::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .ok_or(WarrantyError::OrderNotFound)
}

/// When the order was delivered (its timeline's `delivered` entry), if it was.
async fn delivered_at<C: ConnectionTrait>(db: &C, order_id: i64) -> Result<Option<i64>, DbErr> {
    Ok(order_event::Entity::find()
        .filter(order_event::Column::OrderId.eq(order_id))
        .filter(order_event::Column::Status.eq(OrderStatus::Delivered.as_str()))
        .order_by_desc(order_event::Column::At)
        .one(db)
        .await?
        .map(|e| e.at))
}

/// The latest claim of each unit.
async fn claims_of_units<C: ConnectionTrait>(db: &C, unit_ids: Vec<i64>) -> Result<HashMap<i64, warranty_claim::Model>, DbErr> {
    let mut out = HashMap::new();
    for c in warranty_claim::Entity::find()
        .filter(warranty_claim::Column::UnitId.is_in(unit_ids))
        .order_by_asc(warranty_claim::Column::Id)
        .all(db)
        .await?
    {
        out.insert(c.unit_id, c);
    }
    Ok(out)
}

/// Whether a claim on the unit is still being worked (not yet returned).
fn is_active(c: &warranty_claim::Model) -> bool {
    ClaimStatus::parse(&c.status) != Some(ClaimStatus::Returned)
}

/// The answer to a claim on a unit with a claim still open.
pub const ALREADY_OPEN_MESSAGE: &str = "برای این دستگاه یک درخواست گارانتی باز دارید؛ وضعیت آن را در همین صفحه ببینید";

fn unit_view(unit: order_unit::Model, product: String, delivered: Option<i64>, claim: Option<warranty_claim::Model>, today: Option<JalaliDate>) -> UnitView {
    let start = match delivered {
        Some(at) => tehran_day(at).map(|day| Start { day, delivered: true }),
        None => tehran_day(unit.shipped_at).map(|day| Start { day, delivered: false }),
    };
    let months = u32::try_from(unit.warranty_months).unwrap_or(0);
    let end = start.and_then(|s| warranty_end(s.day, months)).filter(|_| months > 0);
    let refusal = if claim.as_ref().is_some_and(is_active) {
        Some(ALREADY_OPEN_MESSAGE.to_owned())
    } else {
        match (start, today) {
            (Some(s), Some(today)) => check_claim_window(&ClaimWindowInput { today, start: s.day, months }).err(),
            _ => Some(shop_core::jalali::DATE_MESSAGE.to_owned()),
        }
    };
    UnitView { unit, product, start, end, refusal, claim }
}

/// Every shipped unit of the caller's order `code`, with its warranty and claim.
pub async fn units(db: &DatabaseConnection, user_id: i64, code: &str, now: i64) -> Result<Vec<UnitView>, WarrantyError> {
    let order = own_order(db, user_id, code).await?;
    let units = serials_of(db, order.id).await?;
    let lines: HashMap<i64, String> = customer_order_line::Entity::find()
        .filter(customer_order_line::Column::OrderId.eq(order.id))
        .all(db)
        .await?
        .into_iter()
        .map(|l| (l.id, l.name))
        .collect();
    let delivered = delivered_at(db, order.id).await?;
    let mut claims = claims_of_units(db, units.iter().map(|u| u.id).collect()).await?;
    let today = tehran_day(now);
    Ok(units
        .into_iter()
        .map(|u| {
            let product = lines.get(&u.order_line_id).cloned().unwrap_or_default();
            let claim = claims.remove(&u.id);
            unit_view(u, product, delivered, claim, today)
        })
        .collect())
}

// ---------------------------------------------------------------- claims

/// Opens a claim on unit `unit_id` of the caller: the unit must be theirs (else 404), have no
/// claim still open, and be within its warranty today. The claim's conversation is a new
/// ticket of department `warranty` naming the order and the serial.
pub async fn open_claim(state: &AppState, user_id: i64, unit_id: i64, message: &str) -> Result<(warranty_claim::Model, String), WarrantyError> {
    let db = &state.db;
    let now = state.clock.unix();
    let unit = order_unit::Entity::find_by_id(unit_id).one(db).await?.ok_or(WarrantyError::UnitNotFound)?;
    let order = customer_order::Entity::find_by_id(unit.order_id)
        .filter(customer_order::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .ok_or(WarrantyError::UnitNotFound)?;
    let message = tickets::parse_message(message)?;
    let line = customer_order_line::Entity::find_by_id(unit.order_line_id).one(db).await?.map(|l| l.name).unwrap_or_default();
    let claim = claims_of_units(db, vec![unit.id]).await?.remove(&unit.id);
    let view = unit_view(unit.clone(), line.clone(), delivered_at(db, order.id).await?, claim, tehran_day(now));
    if let Some(why) = view.refusal {
        return Err(WarrantyError::Invalid("unit_id", why));
    }
    let order_code = shop_core::types::OrderCode::parse(&order.code).ok();
    let subject: String = format!("درخواست گارانتی {line} (سریال {})", unit.serial).chars().take(200).collect();
    let ticket = NewTicket {
        subject,
        department: Department::Warranty,
        priority: Priority::Normal,
        order_code,
        message,
        files: Vec::new(),
    };
    let ticket_id = tickets::open(db, state.files.as_ref(), &state.config.tickets, user_id, ticket, now).await?;
    let row = warranty_claim::ActiveModel {
        ticket_id: Set(ticket_id),
        user_id: Set(user_id),
        order_id: Set(order.id),
        order_line_id: Set(unit.order_line_id),
        unit_id: Set(unit.id),
        serial: Set(unit.serial.clone()),
        status: Set(ClaimStatus::Received.as_str().to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await;
    match row {
        Ok(c) => Ok((c, line)),
        Err(e) => {
            // The ticket alone would be a claim without its state: close it again.
            let _ = tickets::close(db, tickets::Viewer::Customer(user_id), None, ticket_id, now).await;
            Err(e.into())
        }
    }
}

/// A claim with what the staff list shows.
#[derive(Debug, Clone)]
pub struct ClaimRow {
    pub claim: warranty_claim::Model,
    pub order_code: String,
    pub product: String,
    pub customer: Option<user::Model>,
    pub warranty_name: String,
}

async fn rows<C: ConnectionTrait>(db: &C, claims: Vec<warranty_claim::Model>) -> Result<Vec<ClaimRow>, DbErr> {
    let mut out = Vec::with_capacity(claims.len());
    for claim in claims {
        let order = customer_order::Entity::find_by_id(claim.order_id).one(db).await?;
        let line = customer_order_line::Entity::find_by_id(claim.order_line_id).one(db).await?;
        let customer = user::Entity::find_by_id(claim.user_id).one(db).await?;
        out.push(ClaimRow {
            order_code: order.map(|o| o.code).unwrap_or_default(),
            product: line.as_ref().map(|l| l.name.clone()).unwrap_or_default(),
            warranty_name: line.map(|l| l.warranty_name).unwrap_or_default(),
            customer,
            claim,
        });
    }
    Ok(out)
}

/// Every claim, newest first, optionally of one state; with the total.
pub async fn list_claims(db: &DatabaseConnection, status: Option<ClaimStatus>, page: u64) -> Result<(Vec<ClaimRow>, u64), DbErr> {
    let mut q = warranty_claim::Entity::find().order_by_desc(warranty_claim::Column::Id);
    if let Some(s) = status {
        q = q.filter(warranty_claim::Column::Status.eq(s.as_str()));
    }
    let pages = q.paginate(db, PAGE);
    let total = pages.num_items().await?;
    let list = pages.fetch_page(page.saturating_sub(1)).await?;
    Ok((rows(db, list).await?, total))
}

/// One claim with its row.
pub async fn claim_row<C: ConnectionTrait>(db: &C, id: i64) -> Result<ClaimRow, WarrantyError> {
    let c = warranty_claim::Entity::find_by_id(id).one(db).await?.ok_or(WarrantyError::ClaimNotFound)?;
    Ok(rows(db, vec![c]).await?.remove(0))
}

#[derive(Serialize)]
struct Snapshot<'a> {
    status: &'a str,
    serial: &'a str,
}

/// Staff move claim `id` by `event` along the table: a conditional update (of two staff at
/// once exactly one wins), audited in the same transaction; the customer's SMS after commit.
pub async fn move_claim(state: &AppState, staff: &Actor, id: i64, event: ClaimEvent) -> Result<ClaimRow, WarrantyError> {
    let now = state.clock.unix();
    let txn = begin_write(&state.db).await?;
    let result = async {
        let c = warranty_claim::Entity::find_by_id(id).one(&txn).await?.ok_or(WarrantyError::ClaimNotFound)?;
        let from = ClaimStatus::parse(&c.status).unwrap_or(ClaimStatus::Received);
        let to = claim_state::transition(from, event).map_err(|e| WarrantyError::Invalid("event", e.to_string()))?;
        let moved = warranty_claim::Entity::update_many()
            .col_expr(warranty_claim::Column::Status, Expr::value(to.as_str()))
            .col_expr(warranty_claim::Column::UpdatedAt, Expr::value(now))
            .filter(warranty_claim::Column::Id.eq(id))
            .filter(warranty_claim::Column::Status.eq(from.as_str()))
            .exec(&txn)
            .await?;
        if moved.rows_affected != 1 {
            return Err(WarrantyError::Lost);
        }
        let action = format!("warranty.claim.{}", event.as_str());
        audit::record(
            &txn,
            staff,
            Change::of(&action, "warranty_claim", id, Some(&Snapshot { status: from.as_str(), serial: &c.serial }), Some(&Snapshot { status: to.as_str(), serial: &c.serial })),
            now,
        )
        .await?;
        Ok::<_, WarrantyError>((c, to))
    }
    .await;
    let (c, to) = match result {
        Ok(r) => r,
        Err(e) => {
            txn.rollback().await?;
            return Err(e);
        }
    };
    txn.commit().await?;
    let row = claim_row(&state.db, id).await?;
    if let (Some(u), Some(text)) = (&row.customer, super::sms::text(to, &c.serial, &row.order_code)) {
        super::sms::send(state, u.mobile.clone(), id, text);
    }
    Ok(row)
}

// ---------------------------------------------------------------- official invoice

/// The official invoice form's first problem as a [`WarrantyError`] naming its field.
fn refused(p: FormProblems) -> WarrantyError {
    let (field, message) = p.0.into_iter().next().unwrap_or_default();
    let field = official_invoice::FORM.field(&field).map_or("buyer_type", |f| f.name);
    WarrantyError::Invalid(field, message)
}

/// The answer to an official invoice asked for a cancelled or expired order.
pub const CLOSED_ORDER_MESSAGE: &str = "برای سفارش لغوشده یا منقضی‌شده صورتحساب رسمی صادر نمی‌شود";

/// Saves (or replaces) the official invoice's buyer of the caller's order `code`.
pub async fn save_official(db: &DatabaseConnection, user_id: i64, code: &str, values: &Values, now: i64) -> Result<oi::Model, WarrantyError> {
    let order = own_order(db, user_id, code).await?;
    let form = official_invoice::parse(values).map_err(refused)?;
    if matches!(OrderStatus::parse(&order.status), Some(OrderStatus::Cancelled | OrderStatus::Expired)) {
        return Err(WarrantyError::Invalid("code", CLOSED_ORDER_MESSAGE.into()));
    }
    let txn = begin_write(db).await?;
    let existing = oi::Entity::find().filter(oi::Column::OrderId.eq(order.id)).one(&txn).await?;
    let mut row: oi::ActiveModel = match existing {
        Some(m) => m.into(),
        None => oi::ActiveModel { order_id: Set(order.id), user_id: Set(user_id), created_at: Set(now), ..Default::default() },
    };
    row.buyer_type = Set(form.buyer_type.to_owned());
    row.legal_name = Set(form.legal_name);
    row.national_id = Set(form.id);
    row.economic_code = Set(form.economic_code);
    row.postal_code = Set(form.postal_code.as_str().to_owned());
    row.updated_at = Set(now);
    let saved = row.save(&txn).await?;
    txn.commit().await?;
    let id = saved.id.unwrap();
    oi::Entity::find_by_id(id).one(db).await?.ok_or(WarrantyError::OrderNotFound)
}

/// The official invoice's buyer of the caller's order `code`, if one was asked for.
pub async fn official_of(db: &DatabaseConnection, user_id: i64, code: &str) -> Result<Option<oi::Model>, WarrantyError> {
    let order = own_order(db, user_id, code).await?;
    Ok(oi::Entity::find().filter(oi::Column::OrderId.eq(order.id)).one(db).await?)
}
