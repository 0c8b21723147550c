//! `POST /api/admin/v1/audit/list`: the audit log, for every staff member (each sees what the
//! others changed; docs/decisions.md "Audit log"). There is no call that edits or deletes it.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::dto::{AuditEntryView, AuditListReq, AuditListResp};
use super::service::{self, AuditFilter};
use crate::auth::AnyStaff;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::http::query::DayRange;
use crate::platform::ResponseStatus;
use crate::state::AppState;

/// Entries per page.
pub const PER_PAGE: u64 = 50;

/// A refused save of a versioned record: a bad value 400, unknown 404, from an old version 409.
impl From<service::EditError> for ApiError {
    fn from(e: service::EditError) -> Self {
        match e {
            service::EditError::Invalid(field, m) => ApiError::invalid(field, m),
            service::EditError::NotFound(m) => ApiError::not_found_field("id", m),
            service::EditError::Stale(s) => ApiError::conflict(s.to_string()),
            service::EditError::Db(db) => ApiError::internal(db),
        }
    }
}

/// The audit log's staff calls.
pub struct AuditAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/audit", tag = "crate::platform::ApiTags::BackOffice")]
impl AuditAdminApi {
    /// Audit log
    ///
    /// Newest first, 50 a page, filtered by staff member, entity (and id) and Jalali days.
    #[oai(path = "/list", method = "post", operation_id = "admin_audit_list")]
    async fn list(&self, _staff: AnyStaff, state: Data<&AppState>, body: Json<AuditListReq>) -> ApiResult<Json<AuditListResp>> {
        let f = AuditFilter {
            staff_id: body.staff_id,
            entity: Some(body.entity.trim().to_string()).filter(|e| !e.is_empty()),
            entity_id: Some(body.entity_id.trim().to_string()).filter(|e| !e.is_empty()),
            days: DayRange::parse(&body.from, &body.to)?,
        };
        let page = body.page.clamp(1, 1_000_000);
        let (rows, total) = service::list(&state.db, &f, page, PER_PAGE).await?;
        let data = rows
            .into_iter()
            .map(|r| AuditEntryView {
                id: r.id,
                staff_id: r.staff_id,
                staff_mobile: r.staff_mobile,
                action: r.action,
                entity: r.entity,
                entity_id: r.entity_id,
                before: r.before,
                after: r.after,
                ip: r.ip,
                at: r.created_at,
                at_text: shop_core::tehran::format_tehran_datetime(r.created_at),
            })
            .collect();
        Ok(Json(AuditListResp { status: ResponseStatus::Ok, data, total, per_page: PER_PAGE }))
    }
}
