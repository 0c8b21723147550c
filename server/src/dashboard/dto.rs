//! The dashboard's request and answer.

use crate::platform::ResponseStatus;
use poem_openapi::Object;

/// `dashboard/summary`.
#[derive(Debug, Object)]
#[oai(rename = "AdminDashboardRequest")]
pub struct DashboardReq {
    /// Low stock: variants with at most this many units (default 3).
    pub low_stock: Option<i64>,
}

/// Sales of one Tehran day.
#[derive(Debug, Object)]
#[oai(rename = "AdminDashboardDay")]
pub struct DayView {
    /// `1405/09/06` (Latin digits, as typed in filters).
    pub date: String,
    /// The chart's axis label: `۶ آذر`.
    pub label: String,
    /// Paid orders registered that day.
    pub orders: u64,
    /// Their payable, Toman.
    pub revenue: i64,
    /// The same in Persian digits with «تومان».
    pub revenue_text: String,
}

/// Orders waiting in one state.
#[derive(Debug, Object)]
#[oai(rename = "AdminDashboardWaiting")]
pub struct WaitingView {
    /// The state's name (`paid`, …).
    pub status: String,
    /// Its Persian name.
    pub label: String,
    pub count: u64,
}

/// A variant running out.
#[derive(Debug, Object)]
#[oai(rename = "AdminDashboardLowStock")]
pub struct LowStockView {
    pub variant_id: i64,
    pub product_uid: String,
    pub product_name: String,
    pub color: String,
    pub warranty_name: String,
    pub stock: i64,
}

/// `dashboard/summary`.
#[derive(Debug, Object)]
#[oai(rename = "AdminDashboardResponse")]
pub struct DashboardResp {
    pub status: ResponseStatus,
    /// Today (Tehran) so far.
    pub today: DayView,
    /// Yesterday (Tehran), whole.
    pub yesterday: DayView,
    /// Orders in each state that waits for someone, in the flow's order.
    pub waiting: Vec<WaitingView>,
    /// Payments the shop must give back (the refunds queue).
    pub refunds: u64,
    /// Tickets waiting for an answer.
    pub open_tickets: u64,
    /// Conversations whose last message is the customer's.
    pub unanswered_chats: u64,
    /// The threshold used for `low_stock`.
    pub low_stock_threshold: i64,
    /// Variants of active products with at most that many units, fewest first (up to 50).
    pub low_stock: Vec<LowStockView>,
    /// The last 30 Tehran days, oldest first (today last).
    pub days: Vec<DayView>,
}
