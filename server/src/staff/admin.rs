//! `POST /api/admin/v1/staff/{me,list,save,remove}`. `me` answers any staff member; the rest
//! need `admin`.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use shop_core::forms::{staff_member, Values};
use shop_core::staff::{StaffRole, ALL_ROLES};

use super::dto::{RoleView, StaffListResp, StaffMeResp, StaffRemoveReq, StaffSaveReq, StaffSaveResp, StaffView};
use super::service::{self, StaffError};
use crate::auth::entity::user;
use crate::auth::{AdminStaff, AnyStaff};
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

impl From<StaffError> for ApiError {
    fn from(e: StaffError) -> Self {
        match e {
            StaffError::NotStaff => ApiError::not_found_field("id", e.to_string()),
            StaffError::LastAdmin => ApiError::invalid("roles", e.to_string()),
            StaffError::Blocked => ApiError::invalid("mobile", e.to_string()),
            StaffError::Db(db) => ApiError::internal(db),
        }
    }
}

fn role_view(r: StaffRole) -> RoleView {
    RoleView { role: r.as_str().to_string(), label: r.label().to_string() }
}

/// A staff member as the back office shows them.
pub fn staff_view(u: &user::Model) -> StaffView {
    StaffView {
        id: u.id,
        mobile: u.mobile.clone(),
        name: u.name.clone(),
        lastname: u.lastname.clone(),
        roles: u.roles().list().into_iter().map(role_view).collect(),
    }
}

/// The staff list's calls.
pub struct StaffAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/staff", tag = "crate::platform::ApiTags::BackOffice")]
impl StaffAdminApi {
    /// The signed-in staff member
    ///
    /// Their roles and the parts of the back office they may use.
    #[oai(path = "/me", method = "post", operation_id = "admin_staff_me")]
    async fn me(&self, staff: AnyStaff) -> ApiResult<Json<StaffMeResp>> {
        Ok(Json(StaffMeResp {
            status: ResponseStatus::Ok,
            data: staff_view(&staff.user),
            permitted: staff.roles.permitted().into_iter().map(|r| r.as_str().to_string()).collect(),
            all_roles: ALL_ROLES.into_iter().map(role_view).collect(),
        }))
    }

    /// Staff list (admin)
    #[oai(path = "/list", method = "post", operation_id = "admin_staff_list")]
    async fn list(&self, _staff: AdminStaff, state: Data<&AppState>) -> ApiResult<Json<StaffListResp>> {
        let rows = service::list(&state.db).await?;
        Ok(Json(StaffListResp { status: ResponseStatus::Ok, data: rows.iter().map(staff_view).collect() }))
    }

    /// Add a staff member or change their roles (admin)
    ///
    /// The account of `mobile` is created when it does not exist; they sign in with a code
    /// sent to that number. Refused when it would leave the shop without an admin.
    #[oai(path = "/save", method = "post", operation_id = "admin_staff_save")]
    async fn save(&self, staff: AdminStaff, state: Data<&AppState>, body: Json<StaffSaveReq>) -> ApiResult<Json<StaffSaveResp>> {
        // `shop_core::forms::staff_member`: the form the back office checks with.
        let roles = staff_member::join_roles(&body.roles);
        let form = staff_member::parse(&Values::from_pairs([("mobile", body.mobile.as_str()), ("roles", &roles)]))?;
        let (row, created) = service::set_roles(&state.db, &staff.actor(), &form.mobile, form.roles, state.clock.unix()).await?;
        state.users.forget(row.id);
        Ok(Json(StaffSaveResp { status: ResponseStatus::Ok, data: staff_view(&row), created }))
    }

    /// Remove a staff member (admin)
    ///
    /// They become a customer again and are signed out everywhere.
    #[oai(path = "/remove", method = "post", operation_id = "admin_staff_remove")]
    async fn remove(&self, staff: AdminStaff, state: Data<&AppState>, body: Json<StaffRemoveReq>) -> ApiResult<Json<StaffSaveResp>> {
        let row = service::remove(&state.db, &staff.actor(), body.id, state.clock.unix()).await?;
        crate::auth::service::announce_sessions_ended(&state, row.id).await?;
        Ok(Json(StaffSaveResp { status: ResponseStatus::Ok, data: staff_view(&row), created: false }))
    }
}
