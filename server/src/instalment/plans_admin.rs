//! `POST /api/admin/v1/instalment/plan/{list,save,active}` (role `catalogue`): the instalment
//! plans the shop offers, after core's terms check (`InstalmentTerms::check`). An order keeps
//! the plan it was registered with (frozen in `order_plan`), so an edit changes only new orders.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use sea_orm::{ActiveValue::Set, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryOrder};
use serde::Serialize;
use shop_core::instalment::InstalmentTerms;

use super::entity::instalment_plan;
use crate::audit::service::{Actor, EditError};
use crate::audit::versioned::{self, Versioned};
use crate::auth::CatalogueStaff;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::{form, ResponseStatus};
use crate::state::AppState;

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

/// A plan as the back office shows it (and the audit log keeps it).
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "InstalmentPlanAdmin")]
pub struct PlanView {
    pub id: i64,
    pub name: String,
    /// 1..=99.
    pub down_payment_percent: i64,
    pub months: i64,
    /// Basis points a month (250 = 2.5%).
    pub monthly_rate_bp: i64,
    /// Toman.
    pub min_total: i64,
    pub max_total: i64,
    /// Display order (smaller first).
    pub position: i64,
    pub active: bool,
    pub version: i64,
}

impl From<instalment_plan::Model> for PlanView {
    fn from(p: instalment_plan::Model) -> Self {
        Self {
            id: p.id,
            name: p.name,
            down_payment_percent: p.down_payment_percent,
            months: p.months,
            monthly_rate_bp: p.monthly_rate_bp,
            min_total: p.min_total,
            max_total: p.max_total,
            position: p.position,
            active: p.active,
            version: p.version,
        }
    }
}

/// `plan/list` answer.
#[derive(Debug, Object)]
pub struct PlanListResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<PlanView>,
}

/// `plan/save` and `plan/active` answer.
#[derive(Debug, Object)]
pub struct PlanResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: PlanView,
}

/// `plan/save`: a new plan (no `id`) or an edit of `id` from `version`.
#[derive(Debug, Object)]
pub struct PlanSaveReq {
    pub id: Option<i64>,
    #[oai(default)]
    pub version: i64,
    pub name: String,
    pub down_payment_percent: i64,
    pub months: i64,
    pub monthly_rate_bp: i64,
    pub min_total: i64,
    pub max_total: i64,
    #[oai(default)]
    pub position: i64,
}

/// `plan/active`: offer a plan or stop offering it.
#[derive(Debug, Object)]
pub struct PlanActiveReq {
    pub id: i64,
    pub version: i64,
    pub active: bool,
}

/// A plan as staff typed it, parsed: a name and terms that pass core's check.
pub struct PlanInput {
    pub name: String,
    pub terms: InstalmentTerms,
    pub position: i64,
}

impl PlanInput {
    /// Parses a save request; the refusal names the field.
    pub fn parse(b: &PlanSaveReq) -> Result<Self, form::Refusal> {
        let name = form::required("name", "نام طرح", form::line(&b.name), 100)?;
        let terms = InstalmentTerms {
            down_payment_percent: b.down_payment_percent,
            months: b.months,
            monthly_rate_bp: b.monthly_rate_bp,
            min_total: b.min_total,
            max_total: b.max_total,
        };
        terms.check().map_err(|e| ("terms", e.to_string()))?;
        if !(0..=10_000).contains(&b.position) {
            return Err(("position", "ترتیب باید عددی از ۰ تا ۱۰۰۰۰ باشد".into()));
        }
        Ok(Self { name, terms, position: b.position })
    }

    fn active_model(self) -> instalment_plan::ActiveModel {
        instalment_plan::ActiveModel {
            name: Set(self.name),
            down_payment_percent: Set(self.terms.down_payment_percent),
            months: Set(self.terms.months),
            monthly_rate_bp: Set(self.terms.monthly_rate_bp),
            min_total: Set(self.terms.min_total),
            max_total: Set(self.terms.max_total),
            position: Set(self.position),
            ..Default::default()
        }
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
pub async fn save(db: &DatabaseConnection, actor: &Actor, id: Option<i64>, version: i64, input: PlanInput, now: i64) -> Result<instalment_plan::Model, EditError> {
    let mut am = input.active_model();
    match id {
        None => {
            am.active = Set(true);
            versioned::create::<instalment_plan::Entity>(db, actor, "instalment_plan.create", am, now).await
        }
        Some(id) => versioned::update::<instalment_plan::Entity>(db, actor, id, version, "instalment_plan.update", |_| Ok(am), now).await,
    }
}

/// The plan calls of the back office.
pub struct PlanAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/instalment/plan", tag = "crate::platform::ApiTags::BackOffice")]
impl PlanAdminApi {
    /// Instalment plans (staff)
    ///
    /// Every plan, offered or not, in display order, with its version.
    #[oai(path = "/list", method = "post", operation_id = "admin_instalment_plan_list")]
    async fn list(&self, _staff: CatalogueStaff, state: Data<&AppState>) -> ApiResult<Json<PlanListResp>> {
        let rows = list(&state.db).await?;
        Ok(Json(PlanListResp { status: ResponseStatus::Ok, data: rows.into_iter().map(PlanView::from).collect() }))
    }

    /// Add or edit an instalment plan
    ///
    /// The terms must pass core's check (down payment 1..=99%, months, monthly rate, the order
    /// total range); an edit is made from `version` (409 naming what changed since) and
    /// applies to orders registered after it.
    #[oai(path = "/save", method = "post", operation_id = "admin_instalment_plan_save")]
    async fn save(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<PlanSaveReq>) -> ApiResult<Json<PlanResp>> {
        let input = PlanInput::parse(&body).map_err(|(field, m)| ApiError::invalid(field, m))?;
        let row = save(&state.db, &staff.actor(), body.id, body.version, input, state.clock.unix()).await?;
        Ok(Json(PlanResp { status: ResponseStatus::Ok, data: row.into() }))
    }

    /// Offer an instalment plan or stop offering it
    #[oai(path = "/active", method = "post", operation_id = "admin_instalment_plan_active")]
    async fn active(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<PlanActiveReq>) -> ApiResult<Json<PlanResp>> {
        let action = if body.active { "instalment_plan.activate" } else { "instalment_plan.deactivate" };
        let active = body.active;
        let row = versioned::update::<instalment_plan::Entity>(&state.db, &staff.actor(), body.id, body.version, action, |_| {
            Ok(instalment_plan::ActiveModel { active: Set(active), ..Default::default() })
        }, state.clock.unix())
        .await?;
        Ok(Json(PlanResp { status: ResponseStatus::Ok, data: row.into() }))
    }
}
