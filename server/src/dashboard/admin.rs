//! `POST /api/admin/v1/dashboard/summary` (any staff member): the back office's start page.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;

use super::dto::{DashboardReq, DashboardResp, DayView, LowStockView, WaitingView};
use super::service::{self, Day, LOW_STOCK};
use crate::auth::AnyStaff;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

fn day_view(d: &Day) -> DayView {
    let long = shop_core::jalali::format_jalali(&d.date);
    let label = long.rsplit_once(' ').map_or(long.as_str(), |(dm, _)| dm).to_string();
    DayView {
        date: format!("{:04}/{:02}/{:02}", d.date.year, d.date.month, d.date.day),
        label,
        orders: d.orders,
        revenue: d.revenue,
        revenue_text: shop_core::digits::format_price(d.revenue),
    }
}

/// The dashboard's staff call.
pub struct DashboardAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/dashboard", tag = "crate::platform::ApiTags::BackOffice")]
impl DashboardAdminApi {
    /// Dashboard figures
    ///
    /// Today's paid orders and revenue against yesterday's (Tehran days), orders waiting in
    /// each state, the refunds queue, open tickets, unanswered chats, low stock and the last
    /// 30 days per Tehran day.
    #[oai(path = "/summary", method = "post", operation_id = "admin_dashboard_summary")]
    async fn summary(&self, _staff: AnyStaff, state: Data<&AppState>, body: Json<DashboardReq>) -> ApiResult<Json<DashboardResp>> {
        let threshold = body.low_stock.unwrap_or(LOW_STOCK);
        if !(0..=1_000_000).contains(&threshold) {
            return Err(ApiError::invalid("low_stock", "آستانهٔ موجودی کم باید عددی از ۰ تا ۱٬۰۰۰٬۰۰۰ باشد."));
        }
        let db = &state.db;
        let days = service::sales(db, state.clock.unix()).await?;
        let n = days.len();
        if n < 2 {
            return Err(ApiError::internal("the server clock is outside the Jalali calendar"));
        }
        let waiting = service::waiting(db)
            .await?
            .into_iter()
            .map(|(s, count)| WaitingView { status: s.as_str().to_string(), label: s.label().to_string(), count })
            .collect();
        let low_stock = service::low_stock(db, threshold)
            .await?
            .into_iter()
            .map(|(v, p)| LowStockView {
                variant_id: v.id,
                product_uid: p.uid,
                product_name: p.name,
                color: v.color,
                warranty_name: v.warranty_name,
                stock: v.stock,
            })
            .collect();
        Ok(Json(DashboardResp {
            status: ResponseStatus::Ok,
            today: day_view(&days[n - 1]),
            yesterday: day_view(&days[n - 2]),
            waiting,
            refunds: service::refunds(db).await?,
            open_tickets: service::open_tickets(db).await?,
            unanswered_chats: service::unanswered_chats(db).await?,
            low_stock_threshold: threshold,
            low_stock,
            days: days.iter().map(day_view).collect(),
        }))
    }
}
