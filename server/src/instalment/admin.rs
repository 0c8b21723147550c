//! `POST /api/admin/v1/instalment/overdue` (role `orders`): overdue instalments per customer.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::dto::{OverdueCustomerView, OverdueInstalmentView, OverdueReq, OverdueResp};
use super::overdue::overdue_by_customer;
use crate::auth::OrdersStaff;
use crate::platform::error::ApiResult;
use crate::platform::ResponseStatus;
use crate::state::AppState;

/// Customers per page.
pub const PER_PAGE: u64 = 50;

/// The instalment calls of the back office.
pub struct InstalmentAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/instalment", tag = "crate::platform::ApiTags::BackOffice")]
impl InstalmentAdminApi {
    /// Overdue instalments
    ///
    /// Every customer with an unpaid instalment past its Jalali due day (Tehran), the longest
    /// overdue first, 50 customers a page: each instalment's order, amount, due day and days
    /// overdue.
    #[oai(path = "/overdue", method = "post", operation_id = "admin_instalment_overdue")]
    async fn overdue(&self, _staff: OrdersStaff, state: Data<&AppState>, body: Json<OverdueReq>) -> ApiResult<Json<OverdueResp>> {
        let all = overdue_by_customer(&state.db, state.clock.unix()).await?;
        let total = all.len() as u64;
        let page = body.page.clamp(1, 1_000_000);
        let data = all
            .into_iter()
            .skip(((page - 1) * PER_PAGE) as usize)
            .take(PER_PAGE as usize)
            .map(|c| OverdueCustomerView {
                user_id: c.user_id,
                name: c.customer.as_ref().map(|u| format!("{} {}", u.name, u.lastname).trim().to_string()).unwrap_or_default(),
                mobile: c.customer.map(|u| u.mobile).unwrap_or_default(),
                total: c.total,
                max_days: c.max_days,
                instalments: c
                    .instalments
                    .into_iter()
                    .map(|i| OverdueInstalmentView {
                        id: i.row.id,
                        order_code: i.order_code,
                        number: i.row.number,
                        amount: i.row.amount,
                        due_text: i.due.as_ref().map(shop_core::jalali::format_jalali).unwrap_or_default(),
                        due_on: i.row.due_on,
                        days_overdue: i.days,
                    })
                    .collect(),
            })
            .collect();
        Ok(Json(OverdueResp { status: ResponseStatus::Ok, data, total, per_page: PER_PAGE }))
    }
}
