//! `POST /api/admin/v1/returns/{list,show,approve,reject,receive,refund}`,
//! `GET /api/admin/v1/returns/photo/{id}` and `POST /api/admin/v1/returns/holidays/{list,save,remove}`:
//! the back office's returns and the official holiday table, for staff with the `orders`
//! role. Each move goes along `shop_core::returns::state`'s table, audited in its own
//! transaction; the customer gets an SMS once committed.

use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::{Binary, Json};
use poem_openapi::OpenApi;
use shop_core::forms::{holiday, refund, return_reject, Values};
use shop_core::returns::state::ReturnStatus;

use super::dto::{
    AdminListReq, AdminListResp, AdminReturnResp, HolidayIdReq, HolidayListResp, HolidaySaveReq, IdReq, RefundReq, RejectReq,
};
use super::service::{self, StaffAction, PER_PAGE};
use super::view;
use crate::auth::OrdersStaff;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;
use crate::ticket::dto::FileResponse;

/// The staff returns calls.
pub struct ReturnsAdminApi;

impl ReturnsAdminApi {
    async fn moved(state: &AppState, staff: &OrdersStaff, id: i64, action: StaffAction) -> ApiResult<Json<AdminReturnResp>> {
        service::act(state, &staff.actor(), id, &action).await?;
        let r = service::show(&state.db, id).await?;
        Ok(Json(AdminReturnResp { status: ResponseStatus::Ok, data: view::admin_return(&r) }))
    }
}

#[OpenApi(prefix_path = "/api/admin/v1/returns", tag = "crate::platform::ApiTags::BackOffice")]
impl ReturnsAdminApi {
    /// Returns (staff)
    ///
    /// Newest first, 50 a page; optionally one state.
    #[oai(path = "/list", method = "post", operation_id = "admin_returns_list")]
    async fn list(&self, _staff: OrdersStaff, state: Data<&AppState>, body: Json<AdminListReq>) -> ApiResult<Json<AdminListResp>> {
        let status = match body.status.trim() {
            "" => None,
            s => Some(ReturnStatus::parse(s).ok_or_else(|| ApiError::invalid("status", "این گزینه در فهرست نیست"))?),
        };
        let page = body.page.clamp(1, 1_000_000);
        let (rows, total) = service::list(&state.db, status, page).await?;
        Ok(Json(AdminListResp { status: ResponseStatus::Ok, data: rows.iter().map(view::admin_return).collect(), total, page, per_page: PER_PAGE }))
    }

    /// One return (staff)
    #[oai(path = "/show", method = "post", operation_id = "admin_returns_show")]
    async fn show(&self, _staff: OrdersStaff, state: Data<&AppState>, body: Json<IdReq>) -> ApiResult<Json<AdminReturnResp>> {
        let r = service::show(&state.db, body.id).await?;
        Ok(Json(AdminReturnResp { status: ResponseStatus::Ok, data: view::admin_return(&r) }))
    }

    /// Approve a return (staff)
    #[oai(path = "/approve", method = "post", operation_id = "admin_returns_approve")]
    async fn approve(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<IdReq>) -> ApiResult<Json<AdminReturnResp>> {
        Self::moved(&state, &staff, body.id, StaffAction::Approve).await
    }

    /// Reject a return with a reason (staff)
    ///
    /// The reason: not blank, at most 500 characters.
    #[oai(path = "/reject", method = "post", operation_id = "admin_returns_reject")]
    async fn reject(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<RejectReq>) -> ApiResult<Json<AdminReturnResp>> {
        // core/src/forms/return_reject.rs: the declaration the page checks with.
        let reason = return_reject::parse(&Values::from_pairs([("reason", body.reason.as_str())]))?;
        Self::moved(&state, &staff, body.id, StaffAction::Reject { reason }).await
    }

    /// Mark a return's item received (staff)
    #[oai(path = "/receive", method = "post", operation_id = "admin_returns_receive")]
    async fn receive(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<IdReq>) -> ApiResult<Json<AdminReturnResp>> {
        Self::moved(&state, &staff, body.id, StaffAction::Receive).await
    }

    /// Refund a received return (staff)
    ///
    /// Records the return's amount as a refund of the order's payment (never above what is left
    /// of it), with the bank's reference of the transfer.
    #[oai(path = "/refund", method = "post", operation_id = "admin_returns_refund")]
    async fn refund(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<RefundReq>) -> ApiResult<Json<AdminReturnResp>> {
        let r = refund::parse_return(&Values::from_pairs([("reference", body.reference.as_str()), ("note", &body.note)]))?;
        let action = StaffAction::Refund { reference: r.reference, note: r.note };
        Self::moved(&state, &staff, body.id, action).await
    }

    /// A return's photo (staff)
    #[oai(path = "/photo/:id", method = "get", operation_id = "admin_returns_photo")]
    async fn photo(&self, _staff: OrdersStaff, state: Data<&AppState>, id: Path<i64>) -> ApiResult<FileResponse> {
        let (row, bytes) = service::photo(&state.db, state.files.as_ref(), id.0).await?;
        Ok(FileResponse::Ok(Binary(bytes), row.content_type.clone(), "inline".into(), "private, no-store".into(), "nosniff".into()))
    }

    /// Official holidays (staff)
    ///
    /// The days the return window does not count (besides Fridays), by date.
    #[oai(path = "/holidays/list", method = "post", operation_id = "admin_returns_holidays_list")]
    async fn holidays(&self, _staff: OrdersStaff, state: Data<&AppState>) -> ApiResult<Json<HolidayListResp>> {
        let rows = service::holidays(&state.db).await?;
        Ok(Json(HolidayListResp { status: ResponseStatus::Ok, data: rows.iter().map(view::holiday).collect() }))
    }

    /// Add or rename an official holiday (staff)
    #[oai(path = "/holidays/save", method = "post", operation_id = "admin_returns_holidays_save")]
    async fn save_holiday(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<HolidaySaveReq>) -> ApiResult<Json<HolidayListResp>> {
        let day = holiday::parse(&Values::from_pairs([("date", body.date.as_str()), ("name", &body.name)]))?;
        service::save_holiday(&state.db, &staff.actor(), &day, state.clock.unix()).await?;
        let rows = service::holidays(&state.db).await?;
        Ok(Json(HolidayListResp { status: ResponseStatus::Ok, data: rows.iter().map(view::holiday).collect() }))
    }

    /// Remove an official holiday (staff)
    #[oai(path = "/holidays/remove", method = "post", operation_id = "admin_returns_holidays_remove")]
    async fn remove_holiday(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<HolidayIdReq>) -> ApiResult<Json<HolidayListResp>> {
        service::remove_holiday(&state.db, &staff.actor(), body.id, state.clock.unix()).await?;
        let rows = service::holidays(&state.db).await?;
        Ok(Json(HolidayListResp { status: ResponseStatus::Ok, data: rows.iter().map(view::holiday).collect() }))
    }
}
