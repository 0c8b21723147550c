//! `POST /api/admin/v1/instalment/plan/{list,save,active}` (role `catalogue`): the instalment
//! plans the shop offers, read with core's plan form (`shop_core::forms::instalment_plan`, whose
//! plans pass `InstalmentTerms::check`). An order keeps the plan it was registered with (frozen
//! in `order_plan`), so an edit changes only new orders.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use sea_orm::ActiveValue::Set;
use shop_core::forms::instalment_plan;

use super::dto::{PlanActiveReq, PlanListResp, PlanResp, PlanSaveReq, PlanView};
use super::entity::instalment_plan as plan_row;
use super::service::{list, save};
use crate::audit::versioned;
use crate::auth::CatalogueStaff;
use crate::platform::error::ApiResult;
use crate::platform::ResponseStatus;
use crate::state::AppState;

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
        let input = instalment_plan::parse(&body.values())?;
        let row = save(&state.db, &staff.actor(), body.id, body.version, input, state.clock.unix()).await?;
        Ok(Json(PlanResp { status: ResponseStatus::Ok, data: row.into() }))
    }

    /// Offer an instalment plan or stop offering it
    #[oai(path = "/active", method = "post", operation_id = "admin_instalment_plan_active")]
    async fn active(&self, staff: CatalogueStaff, state: Data<&AppState>, body: Json<PlanActiveReq>) -> ApiResult<Json<PlanResp>> {
        let action = if body.active { "instalment_plan.activate" } else { "instalment_plan.deactivate" };
        let active = body.active;
        let row = versioned::update::<plan_row::Entity>(&state.db, &staff.actor(), body.id, body.version, action, |_| {
            Ok(plan_row::ActiveModel { active: Set(active), ..Default::default() })
        }, state.clock.unix())
        .await?;
        Ok(Json(PlanResp { status: ResponseStatus::Ok, data: row.into() }))
    }
}
