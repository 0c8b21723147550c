//! `POST /api/admin/v1/ticket/{list,show,reply,close}`: the staff inbox, every customer's
//! tickets, for the `support` role (others get 403 before their body is read).

use poem::web::Data;
use poem_openapi::param::Header;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::dto::{DetailResp, IdReq, InboxReq, ListResp, TicketReplyForm};
use super::routes::{detail, reply};
use super::service::{self, Viewer};
use super::view;
use crate::auth::SupportStaff;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

/// The staff inbox: every customer's tickets (role `support`).
pub struct StaffTicketApi;

#[OpenApi(prefix_path = "/api/admin/v1/ticket", tag = "crate::platform::ApiTags::Support")]
impl StaffTicketApi {
    /// Staff inbox
    ///
    /// Every ticket, latest activity first, 50 a page, optionally of one state; `Unread` when
    /// the customer wrote something no staff member has opened; `Customer` names them.
    #[oai(path = "/list", method = "post", operation_id = "staff_ticket_list")]
    async fn list(&self, staff: SupportStaff, state: Data<&AppState>, body: Json<InboxReq>) -> ApiResult<Json<ListResp>> {
        let viewer = Viewer::Staff(staff.id());
        let (rows, total) = service::inbox(&state.db, body.status.map(Into::into), body.page.max(1)).await?;
        let data = rows.iter().map(|(t, u)| view::summary(t, viewer, u.as_ref())).collect();
        Ok(Json(ListResp { status: ResponseStatus::Ok, data, total: Some(total) }))
    }

    /// One ticket (staff)
    ///
    /// Marks the customer's messages read for the staff.
    #[oai(path = "/show", method = "post", operation_id = "staff_ticket_show")]
    async fn show(&self, staff: SupportStaff, state: Data<&AppState>, body: Json<IdReq>) -> ApiResult<Json<DetailResp>> {
        detail(&state, Viewer::Staff(staff.id()), body.id).await
    }

    /// Answer a ticket (staff)
    ///
    /// multipart/form-data: `id`, `message`, up to 3 `files`, and `awaits_customer` when the
    /// answer asks the customer for something. Needs an `Idempotency-Key` header.
    #[oai(path = "/reply", method = "post", operation_id = "staff_ticket_reply")]
    async fn reply(
        &self,
        staff: SupportStaff,
        state: Data<&AppState>,
        #[oai(name = "Idempotency-Key")] key: Header<Option<String>>,
        form: TicketReplyForm,
    ) -> ApiResult<Json<DetailResp>> {
        reply(&state, Viewer::Staff(staff.id()), Some(&staff.actor()), key.0.as_deref(), "staff.ticket.reply", form).await
    }

    /// Close a ticket (staff)
    #[oai(path = "/close", method = "post", operation_id = "staff_ticket_close")]
    async fn close(&self, staff: SupportStaff, state: Data<&AppState>, body: Json<IdReq>) -> ApiResult<Json<DetailResp>> {
        let viewer = Viewer::Staff(staff.id());
        service::close(&state.db, viewer, Some(&staff.actor()), body.id, state.clock.unix()).await.map_err(ApiError::from)?;
        detail(&state, viewer, body.id).await
    }
}

