//! `POST /api/admin/v1/order/{list,show,prepare,ship,deliver,cancel,bulk-prepare,slips}`: the
//! back office's orders, for staff with the `orders` role (docs/decisions.md "Staff run
//! orders"). The moves go only along `shop_core::order_state`'s table; each is audited in its
//! own transaction and tells the customer by SMS once committed.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use shop_core::order_state::OrderStatus;

use super::dto::{
    AdminBulkOutcome, AdminBulkResp, AdminCodeReq, AdminCodesReq, AdminOrderListReq, AdminOrderListResp, AdminOrderResp,
    AdminShipReq, AdminSlipsResp,
};
use super::service::admin::{self, AdminFilter, AdminOrderError, StaffAction};
use super::service::checkout::PaymentMethod;
use super::view;
use crate::platform::http::query::DayRange;
use crate::auth::OrdersStaff;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;
use super::service::units::LineSerialsInput;

/// Orders per page of the staff list (fixed: a bigger page is never served).
pub const PER_PAGE: u64 = 50;

/// The message for a state or payment method the list does not know.
const UNKNOWN_FILTER: &str = "این گزینه در فهرست نیست";

impl From<AdminOrderError> for ApiError {
    fn from(e: AdminOrderError) -> Self {
        let field = e.field();
        match e {
            AdminOrderError::NotFound => ApiError::not_found_field("code", e.to_string()),
            AdminOrderError::Lost => ApiError::conflict(e.to_string()),
            AdminOrderError::Db(db) => ApiError::internal(db),
            other => ApiError::invalid(field.unwrap_or("code"), other.to_string()),
        }
    }
}

/// The staff order calls.
pub struct OrderAdminApi;

impl OrderAdminApi {
    async fn moved(state: &AppState, staff: &OrdersStaff, code: &str, action: StaffAction) -> ApiResult<Json<AdminOrderResp>> {
        let order = admin::transition(state, &staff.actor(), code, &action).await?;
        let detail = admin::show(&state.db, &order.code).await?;
        Ok(Json(AdminOrderResp { status: ResponseStatus::Ok, data: view::admin_order(&detail) }))
    }
}

#[OpenApi(prefix_path = "/api/admin/v1/order", tag = "crate::platform::ApiTags::BackOffice")]
impl OrderAdminApi {
    /// Orders (staff)
    ///
    /// Newest first, 50 a page; search by code, customer mobile or name (Persian and Arabic
    /// letter forms alike); filter by state, payment method and Jalali days. A page past the
    /// end is empty. The total is counted up to the next 10,000 past the page (`more` beyond).
    #[oai(path = "/list", method = "post", operation_id = "admin_order_list")]
    async fn list(&self, _staff: OrdersStaff, state: Data<&AppState>, body: Json<AdminOrderListReq>) -> ApiResult<Json<AdminOrderListResp>> {
        let status = match body.status.trim() {
            "" => None,
            s => Some(OrderStatus::parse(s).ok_or_else(|| ApiError::invalid("status", UNKNOWN_FILTER))?),
        };
        let method = match body.method.trim() {
            "" => None,
            m => Some(PaymentMethod::parse(m).ok_or_else(|| ApiError::invalid("method", UNKNOWN_FILTER))?),
        };
        let f = AdminFilter {
            q: Some(body.q.chars().take(100).collect()),
            status,
            method,
            days: DayRange::parse(&body.from, &body.to)?,
        };
        let page = body.page.clamp(1, 1_000_000);
        let list = admin::list(&state.db, &f, page, PER_PAGE).await?;
        Ok(Json(AdminOrderListResp {
            status: ResponseStatus::Ok,
            data: list.rows.iter().map(view::admin_row).collect(),
            total: list.total,
            more: list.more,
            per_page: PER_PAGE,
            page,
        }))
    }

    /// One order (staff)
    ///
    /// Lines, address, payments with the gateway's references, the instalment plan, the
    /// discount, the timeline with who did what, and the moves allowed now.
    #[oai(path = "/show", method = "post", operation_id = "admin_order_show")]
    async fn show(&self, _staff: OrdersStaff, state: Data<&AppState>, body: Json<AdminCodeReq>) -> ApiResult<Json<AdminOrderResp>> {
        let detail = admin::show(&state.db, &body.code).await?;
        Ok(Json(AdminOrderResp { status: ResponseStatus::Ok, data: view::admin_order(&detail) }))
    }

    /// Start preparing a paid order (staff)
    #[oai(path = "/prepare", method = "post", operation_id = "admin_order_prepare")]
    async fn prepare(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<AdminCodeReq>) -> ApiResult<Json<AdminOrderResp>> {
        Self::moved(&state, &staff, &body.code, StaffAction::Prepare).await
    }

    /// Ship a preparing order with a carrier and tracking code (staff)
    ///
    /// The tracking code is 4–40 letters, digits or dashes (`shop_core::shipment`); `serials`
    /// gives one serial number per unit of every line (`shop_core::warranty::serial`).
    /// A missing, repeated or malformed serial refuses the call and nothing is written.
    #[oai(path = "/ship", method = "post", operation_id = "admin_order_ship")]
    async fn ship(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<AdminShipReq>) -> ApiResult<Json<AdminOrderResp>> {
        let serials = body.serials.iter().map(|l| LineSerialsInput { line_id: l.line_id, serials: l.serials.clone() }).collect();
        let action = StaffAction::Ship { carrier: body.carrier.clone(), tracking_code: body.tracking_code.clone(), serials };
        Self::moved(&state, &staff, &body.code, action).await
    }

    /// Mark a shipped order delivered (staff)
    #[oai(path = "/deliver", method = "post", operation_id = "admin_order_deliver")]
    async fn deliver(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<AdminCodeReq>) -> ApiResult<Json<AdminOrderResp>> {
        Self::moved(&state, &staff, &body.code, StaffAction::Deliver).await
    }

    /// Cancel a paid or preparing order (staff)
    ///
    /// Its stock and any discount use come back once, and its payments are flagged for a refund.
    #[oai(path = "/cancel", method = "post", operation_id = "admin_order_cancel")]
    async fn cancel(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<AdminCodeReq>) -> ApiResult<Json<AdminOrderResp>> {
        Self::moved(&state, &staff, &body.code, StaffAction::Cancel).await
    }

    /// Mark selected orders as preparing (staff)
    ///
    /// Each one along the table, in its own transaction; the answer says which moved and why
    /// the others did not. 1 to 100 codes.
    #[oai(path = "/bulk-prepare", method = "post", operation_id = "admin_order_bulk_prepare")]
    async fn bulk_prepare(&self, staff: OrdersStaff, state: Data<&AppState>, body: Json<AdminCodesReq>) -> ApiResult<Json<AdminBulkResp>> {
        let outcomes = admin::bulk_prepare(&state, &staff.actor(), &body.codes).await?;
        Ok(Json(AdminBulkResp {
            status: ResponseStatus::Ok,
            data: outcomes
                .into_iter()
                .map(|o| AdminBulkOutcome { code: o.code, moved: o.refused.is_none(), message: o.refused.unwrap_or_default() })
                .collect(),
        }))
    }

    /// Packing slips of selected orders (staff)
    ///
    /// 1 to 100 codes; unknown codes are left out.
    #[oai(path = "/slips", method = "post", operation_id = "admin_order_slips")]
    async fn slips(&self, _staff: OrdersStaff, state: Data<&AppState>, body: Json<AdminCodesReq>) -> ApiResult<Json<AdminSlipsResp>> {
        let slips = admin::slips(&state.db, &body.codes).await?;
        Ok(Json(AdminSlipsResp { status: ResponseStatus::Ok, data: slips.iter().map(|(o, l)| view::slip(o, l)).collect() }))
    }
}
