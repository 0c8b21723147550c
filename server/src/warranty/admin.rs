//! `POST /api/admin/v1/warranty/{list,move}`: warranty claims in the back office, for staff
//! with the `support` role. Each move goes along `shop_core::warranty::claim_state`'s table,
//! is audited in its own transaction and tells the customer by SMS once committed.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use shop_core::warranty::claim_state::{ClaimEvent, ClaimStatus};

use super::dto::{StaffClaimListReq, StaffClaimListResp, StaffClaimMoveReq, StaffClaimResp};
use super::service::{self, PAGE};
use super::view;
use crate::auth::SupportStaff;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

/// The message for a state or move the table does not know.
const UNKNOWN: &str = "این گزینه در فهرست نیست";

/// The staff's warranty claims.
pub struct WarrantyAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/warranty", tag = "crate::platform::ApiTags::BackOffice")]
impl WarrantyAdminApi {
    /// Warranty claims (staff)
    ///
    /// Newest first, 50 a page, optionally of one state; each with the moves allowed now.
    #[oai(path = "/list", method = "post", operation_id = "admin_warranty_list")]
    async fn list(&self, _staff: SupportStaff, state: Data<&AppState>, body: Json<StaffClaimListReq>) -> ApiResult<Json<StaffClaimListResp>> {
        let status = match body.status.trim() {
            "" => None,
            s => Some(ClaimStatus::parse(s).ok_or_else(|| ApiError::invalid("status", UNKNOWN))?),
        };
        let page = body.page.clamp(1, 1_000_000);
        let (rows, total) = service::list_claims(&state.db, status, page).await.map_err(ApiError::internal)?;
        Ok(Json(StaffClaimListResp { status: ResponseStatus::Ok, data: rows.iter().map(view::staff_claim).collect(), total, per_page: PAGE, page }))
    }

    /// Move a warranty claim (staff)
    ///
    /// `to_repair` (received → at repair), `repaired` or `replaced` (from at repair), `return`
    /// (repaired or replaced → returned). A move the table refuses → 422, nothing changes.
    #[oai(path = "/move", method = "post", operation_id = "admin_warranty_move")]
    async fn move_claim(&self, staff: SupportStaff, state: Data<&AppState>, body: Json<StaffClaimMoveReq>) -> ApiResult<Json<StaffClaimResp>> {
        let event = ClaimEvent::parse(&body.event).ok_or_else(|| ApiError::invalid("event", UNKNOWN))?;
        let row = service::move_claim(&state, &staff.actor(), body.id, event).await?;
        Ok(Json(StaffClaimResp { status: ResponseStatus::Ok, data: view::staff_claim(&row) }))
    }
}
