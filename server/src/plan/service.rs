//! Instalment plans: those on offer and the one chosen at registration, its schedule computed
//! once by `shop_core::instalment` and frozen with the order, and the down payment the gateway
//! charges. Below orders (registration calls it with plain order data); paying the instalments
//! later, which reads orders, is the `instalment` area's.

use poem_openapi::payload::Json;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder};
use shop_core::forms::instalment_plan::InstalmentPlan;
use shop_core::instalment::{instalment_schedule, Schedule, ScheduleError, ScheduleInput};
use shop_core::jalali::JalaliDate;

use super::dto::PlanView;
use super::entity::{instalment, instalment_plan, order_plan};
use crate::audit::service::EditError;
use crate::audit::versioned::{self, Versioned};
use crate::auth::staff::Actor;
use crate::payment::gateway::GatewayError;
use crate::platform::error::{ApiError, ErrorBody};

/// The order a plan is attached to: its id and its customer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderRef {
    pub id: i64,
    pub user_id: i64,
}

/// `customer_order.payment_method` of an order bought in instalments.
pub const METHOD: &str = "instalment";

/// Why an instalment call was refused.
#[derive(Debug, thiserror::Error)]
pub enum InstalmentError {
    #[error(transparent)]
    Db(#[from] DbErr),
    /// Instalments chosen without a plan (422, field `planid`).
    #[error("لطفا طرح اقساطی را انتخاب کنید")]
    PlanMissing,
    /// Unknown or withdrawn plan (404, field `planid`).
    #[error("طرح اقساطی مورد نظر پیدا نشد")]
    PlanNotFound,
    /// A line of the cart does not allow instalments (422, field `paymentmethod`).
    #[error("پرداخت اقساطی برای این سبد در دسترس نیست؛ همهٔ کالاهای سبد باید امکان خرید اقساطی داشته باشند")]
    NotEligible,
    /// The plan does not take this total, or its terms are broken (422, field `planid`).
    #[error("{0}")]
    Schedule(ScheduleError),
    /// Unknown instalment, or another customer's (404, field `id`).
    #[error("قسط مورد نظر پیدا نشد")]
    NotFound,
    /// Already paid (422, field `id`).
    #[error("این قسط قبلا پرداخت شده است")]
    AlreadyPaid,
    /// An earlier instalment is still unpaid (422, field `id`).
    #[error("{}", shop_core::instalment::not_next_message(*.0))]
    NotNext(i64),
    /// The down payment has not been made (422, field `id`).
    #[error("پیش‌پرداخت این سفارش هنوز انجام نشده است")]
    NotActive,
    /// The gateway did not open the payment (503).
    #[error("درگاه پرداخت در دسترس نیست؛ لطفا چند دقیقه دیگر دوباره تلاش کنید")]
    Gateway(GatewayError),
    /// Starting the payment was refused (too many attempts, the gateway): its own answer.
    #[error(transparent)]
    Payment(#[from] crate::payment::service::PaymentError),
}

impl InstalmentError {
    /// The request field the error is about.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::PlanMissing | Self::PlanNotFound | Self::Schedule(_) => Some("planid"),
            Self::NotEligible => Some("paymentmethod"),
            Self::NotFound | Self::AlreadyPaid | Self::NotNext(_) | Self::NotActive => Some("id"),
            Self::Db(_) | Self::Gateway(_) | Self::Payment(_) => None,
        }
    }
}

/// `YYYY/MM/DD` with ASCII digits: how dates are stored (and compared as text).
pub fn stored_date(d: &JalaliDate) -> String {
    format!("{:04}/{:02}/{:02}", d.year, d.month, d.day)
}

/// Reads a stored date back.
pub fn parse_stored(s: &str) -> Option<JalaliDate> {
    JalaliDate::parse(s).ok()
}

/// Today on Tehran's calendar, stored form.
pub fn today(now: i64) -> String {
    shop_core::tehran::tehran_date(now).map(|d| stored_date(&d)).unwrap_or_default()
}

/// The plans offered now, in display order.
pub async fn plans<C: ConnectionTrait>(db: &C) -> Result<Vec<instalment_plan::Model>, DbErr> {
    instalment_plan::Entity::find()
        .filter(instalment_plan::Column::Active.eq(true))
        .order_by_asc(instalment_plan::Column::Position)
        .order_by_asc(instalment_plan::Column::Id)
        .all(db)
        .await
}

/// A plan chosen for an order, with the schedule the server computed.
#[derive(Clone, Debug)]
pub struct Chosen {
    pub plan: instalment_plan::Model,
    pub start: JalaliDate,
    pub schedule: Schedule,
}

/// Checks a registration in instalments: every line allows it (`eligible`, from
/// `shop_core::cart::instalment_eligible`), the plan exists and is offered, and it takes the
/// order's `total` (the server's payable). The schedule starts on today's Tehran date.
pub async fn choose<C: ConnectionTrait>(
    db: &C,
    plan_id: Option<i64>,
    eligible: bool,
    total: i64,
    now: i64,
) -> Result<Chosen, InstalmentError> {
    if !eligible {
        return Err(InstalmentError::NotEligible);
    }
    let plan_id = plan_id.ok_or(InstalmentError::PlanMissing)?;
    let plan = instalment_plan::Entity::find_by_id(plan_id)
        .filter(instalment_plan::Column::Active.eq(true))
        .one(db)
        .await?
        .ok_or(InstalmentError::PlanNotFound)?;
    let start = shop_core::tehran::tehran_date(now).ok_or(InstalmentError::Schedule(ScheduleError::InvalidDate))?;
    let schedule = instalment_schedule(&ScheduleInput { terms: plan.terms(), total, start })
        .map_err(InstalmentError::Schedule)?;
    Ok(Chosen { plan, start, schedule })
}

/// Stores the chosen plan and its instalments with a newly registered order (inside the
/// registration's transaction).
pub async fn attach<C: ConnectionTrait>(
    db: &C,
    order: OrderRef,
    chosen: &Chosen,
    now: i64,
) -> Result<(), DbErr> {
    let s = &chosen.schedule;
    let p = &chosen.plan;
    let row = order_plan::ActiveModel {
        order_id: Set(order.id),
        user_id: Set(order.user_id),
        plan_id: Set(p.id),
        plan_name: Set(p.name.clone()),
        down_payment_percent: Set(p.down_payment_percent),
        months: Set(p.months),
        monthly_rate_bp: Set(p.monthly_rate_bp),
        total: Set(s.total),
        down_payment: Set(s.down_payment),
        principal: Set(s.principal),
        charge: Set(s.charge),
        financed: Set(s.financed),
        start_on: Set(stored_date(&chosen.start)),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    for i in &s.instalments {
        instalment::ActiveModel {
            order_plan_id: Set(row.id),
            order_id: Set(order.id),
            user_id: Set(order.user_id),
            number: Set(i64::from(i.number)),
            amount: Set(i.amount),
            due_on: Set(stored_date(&i.due)),
            remind_on: Set(stored_date(&i.remind)),
            paid_at: Set(None),
            payment_id: Set(None),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// The order's frozen plan, when it is bought in instalments.
pub async fn plan_of<C: ConnectionTrait>(db: &C, order_id: i64) -> Result<Option<order_plan::Model>, DbErr> {
    order_plan::Entity::find()
        .filter(order_plan::Column::OrderId.eq(order_id))
        .one(db)
        .await
}

/// What the gateway charges when the customer pays the order itself: the whole payable, or
/// the down payment of an order bought in instalments.
pub async fn charge_now<C: ConnectionTrait>(db: &C, order: OrderRef, payment_method: &str, payable: i64) -> Result<i64, DbErr> {
    if payment_method != METHOD {
        return Ok(payable);
    }
    Ok(plan_of(db, order.id).await?.map_or(payable, |p| p.down_payment))
}

/// Where the gateway sends the customer after paying an order's down payment.
pub fn success_url(code: &str) -> String {
    format!("/success-inspayment?code={code}")
}

/// A refused instalment call as its HTTP answer (the instalment routes and checkout's).
impl From<InstalmentError> for ApiError {
    fn from(e: InstalmentError) -> Self {
        let e = match e {
            InstalmentError::Payment(p) => return p.into(),
            e => e,
        };
        let field = e.field();
        let body = || Json(ErrorBody::new(e.to_string(), field));
        match &e {
            InstalmentError::Db(db) => ApiError::internal(db),
            InstalmentError::PlanNotFound | InstalmentError::NotFound => ApiError::NotFound(body()),
            InstalmentError::Gateway(g) => {
                tracing::warn!(error = %g, "instalment payment request failed");
                ApiError::unavailable(e.to_string())
            }
            _ => ApiError::Unprocessable(body()),
        }
    }
}

// The shop's plans in the back office: versioned, audited saves (`audit::versioned`).

/// The message for an unknown plan.
pub const NOT_FOUND: &str = "طرح اقساطی پیدا نشد";

impl Versioned for instalment_plan::Entity {
    const NAME: &'static str = "instalment_plan";
    const NOT_FOUND: &'static str = NOT_FOUND;
    fn id_column() -> instalment_plan::Column {
        instalment_plan::Column::Id
    }
    fn version_column() -> instalment_plan::Column {
        instalment_plan::Column::Version
    }
    fn version_of(m: &instalment_plan::Model) -> i64 {
        m.version
    }
    fn snapshot(m: &instalment_plan::Model) -> serde_json::Value {
        serde_json::to_value(PlanView::from(m.clone())).unwrap_or_default()
    }
    fn label(key: &str) -> Option<&'static str> {
        Some(match key {
            "name" => "نام",
            "down_payment_percent" => "پیش‌پرداخت",
            "months" => "تعداد ماه",
            "monthly_rate_bp" => "کارمزد ماهانه",
            "min_total" => "حداقل مبلغ",
            "max_total" => "حداکثر مبلغ",
            "position" => "ترتیب",
            "active" => "فعال بودن",
            _ => return None,
        })
    }
}

fn active_model(plan: InstalmentPlan) -> instalment_plan::ActiveModel {
    instalment_plan::ActiveModel {
        name: Set(plan.name),
        down_payment_percent: Set(plan.terms.down_payment_percent),
        months: Set(plan.terms.months),
        monthly_rate_bp: Set(plan.terms.monthly_rate_bp),
        min_total: Set(plan.terms.min_total),
        max_total: Set(plan.terms.max_total),
        position: Set(plan.position),
        ..Default::default()
    }
}

/// Every plan, offered or not, in display order.
pub async fn list<C: ConnectionTrait>(db: &C) -> Result<Vec<instalment_plan::Model>, DbErr> {
    instalment_plan::Entity::find()
        .order_by_asc(instalment_plan::Column::Position)
        .order_by_asc(instalment_plan::Column::Id)
        .all(db)
        .await
}

/// Adds a plan (offered), or edits the plan `id` from `version`.
pub async fn save(db: &DatabaseConnection, actor: &Actor, id: Option<i64>, version: i64, plan: InstalmentPlan, now: i64) -> Result<instalment_plan::Model, EditError> {
    let mut am = active_model(plan);
    match id {
        None => {
            am.active = Set(true);
            versioned::create::<instalment_plan::Entity>(db, actor, "instalment_plan.create", am, now).await
        }
        Some(id) => versioned::update::<instalment_plan::Entity>(db, actor, id, version, "instalment_plan.update", |_| Ok(am), now).await,
    }
}
