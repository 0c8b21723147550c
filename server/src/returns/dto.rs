//! After-sale requests and answers (customer and staff).

use poem_openapi::types::multipart::Upload;
use poem_openapi::{Multipart, Object};

use crate::platform::ResponseStatus;

/// An order by its code.
#[derive(Debug, Object)]
#[oai(rename = "AfterSaleCodeRequest")]
pub struct CodeReq {
    /// The order's code.
    #[oai(validator(max_length = 40))]
    pub code: String,
}

/// One step of an order's timeline as the tracking shows it.
#[derive(Debug, Clone, Object)]
#[oai(rename = "TrackingStep")]
pub struct TrackingStep {
    /// The state (`registered`, `paid`, `preparing`, `shipped`, `delivered`, `cancelled`, `expired`).
    pub status: String,
    pub label: String,
    /// Whether the order reached it.
    pub reached: bool,
    /// Jalali date and Tehran time, Persian digits (empty when not reached).
    pub at_text: String,
    /// Unix seconds (0 when not reached).
    pub at: i64,
    /// E.g. the carrier and tracking code.
    pub note: String,
}

/// The shipment, once shipped.
#[derive(Debug, Clone, Object)]
#[oai(rename = "Shipment")]
pub struct Shipment {
    pub carrier: String,
    pub tracking_code: String,
    /// The carrier's tracking page for the code (`shop_core::shipment::tracking_url`), when it has one.
    pub tracking_url: Option<String>,
}

/// Money owed back on the order and given back so far.
#[derive(Debug, Clone, Object)]
#[oai(rename = "RefundInfo")]
pub struct RefundInfo {
    /// `none`, `owed`, `partial` or `refunded`.
    pub state: String,
    /// Persian label of the state.
    pub label: String,
    /// Toman owed back (cancelled paid order).
    pub owed: i64,
    /// Toman given back (cancellation refunds and returns).
    pub refunded: i64,
}

/// One order line after the sale.
#[derive(Debug, Clone, Object)]
#[oai(rename = "AfterSaleLine")]
pub struct AfterSaleLine {
    /// The order line's id (what a return names).
    pub id: i64,
    pub name: String,
    pub num: i64,
    /// `new`, `used` or `open-box`.
    pub condition: String,
    /// Units held by returns (open or refunded).
    pub returned: i64,
    /// Whether it may be asked back now.
    pub returnable: bool,
    /// The last day of its return window (Jalali, Persian digits); empty before delivery.
    pub last_day: String,
}

/// One line of a return.
#[derive(Debug, Clone, Object)]
#[oai(rename = "ReturnLine")]
pub struct ReturnLineDto {
    pub line_id: i64,
    pub name: String,
    pub num: i64,
}

/// One step of a return's timeline.
#[derive(Debug, Clone, Object)]
#[oai(rename = "ReturnStep")]
pub struct ReturnStep {
    pub status: String,
    pub label: String,
    /// Jalali date and Tehran time.
    pub at_text: String,
    pub note: String,
}

/// A return as its customer (and staff) see it.
#[derive(Debug, Clone, Object)]
#[oai(rename = "OrderReturn")]
pub struct ReturnDto {
    pub id: i64,
    /// `requested`, `approved`, `rejected`, `received` or `refunded`.
    pub status: String,
    pub status_label: String,
    /// The reason's code and label.
    pub reason: String,
    pub reason_label: String,
    pub description: String,
    pub reject_reason: Option<String>,
    /// Toman owed back for the lines.
    pub amount: i64,
    pub lines: Vec<ReturnLineDto>,
    /// Number of photos sent.
    pub photo_count: i64,
    pub timeline: Vec<ReturnStep>,
    /// Jalali date and time it was asked.
    pub created_text: String,
}

/// One return reason of `shop_core::returns::request::REASONS`.
#[derive(Debug, Clone, Object)]
#[oai(rename = "ReturnReason")]
pub struct ReasonDto {
    pub code: String,
    pub label: String,
}

/// The order page's after-sale part.
#[derive(Debug, Clone, Object)]
#[oai(rename = "AfterSale")]
pub struct AfterSaleDto {
    pub code: String,
    pub status: String,
    pub status_label: String,
    /// The happy path's steps, then a cancellation or expiry when it applies.
    pub steps: Vec<TrackingStep>,
    /// The delivery slot picked at registration, e.g. «چهارشنبه ۱۱ آذر، ساعت ۹ تا ۱۲».
    pub delivery_slot: Option<String>,
    pub shipment: Option<Shipment>,
    /// The customer may cancel now (unpaid, or paid and not yet preparing).
    pub can_cancel: bool,
    /// Cancelling now owes a refund (a paid order).
    pub cancel_refunds: bool,
    pub refund: RefundInfo,
    pub lines: Vec<AfterSaleLine>,
    /// At least one line may be asked back now.
    pub can_return: bool,
    pub returns: Vec<ReturnDto>,
    pub reasons: Vec<ReasonDto>,
    /// Photos one return may carry.
    pub max_photos: i64,
    /// Longest description.
    pub description_max: i64,
}

/// `returns/order`, `returns/cancel` and `returns/create` answer.
#[derive(Debug, Object)]
#[oai(rename = "AfterSaleResponse")]
pub struct AfterSaleResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: AfterSaleDto,
}

/// `returns/create`: the customer's return request (multipart/form-data).
#[derive(Debug, Multipart)]
#[oai(deny_unknown_fields)]
pub struct ReturnForm {
    /// The order's code.
    #[oai(default)]
    pub code: String,
    /// The lines as JSON: `[{"line_id": 12, "num": 1}]`.
    #[oai(default)]
    pub lines: String,
    /// A reason code of `reasons`.
    #[oai(default)]
    pub reason: String,
    /// At most 1,000 characters.
    #[oai(default)]
    pub description: String,
    /// Up to 3 photos (jpg, jpeg, png, webp; 1 MB each; the content must match the extension).
    pub photos: Vec<Upload>,
}

/// What became of one line of "buy again".
#[derive(Debug, Clone, Object)]
#[oai(rename = "BuyAgainLine")]
pub struct BuyAgainLine {
    pub name: String,
    /// In the cart now, at today's price.
    pub added: bool,
    /// Why not (Persian), when not added.
    pub message: String,
}

/// `returns/buy-again` answer.
#[derive(Debug, Object)]
#[oai(rename = "BuyAgainResponse")]
pub struct BuyAgainResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<BuyAgainLine>,
}

// ---- staff ----

/// The staff list's filter and page.
#[derive(Debug, Object)]
#[oai(rename = "AdminReturnListRequest")]
pub struct AdminListReq {
    /// Empty: every state.
    #[oai(default, validator(max_length = 20))]
    pub status: String,
    #[oai(default = "one")]
    pub page: u64,
}

fn one() -> u64 {
    1
}

/// A return as staff see it.
#[derive(Debug, Clone, Object)]
#[oai(rename = "AdminReturn")]
pub struct AdminReturnDto {
    pub order_code: String,
    pub customer_name: String,
    pub customer_mobile: String,
    /// The moves the table allows now (`approve`, `reject`, `receive`, `refund`).
    pub actions: Vec<String>,
    /// The return as its customer sees it.
    pub item: ReturnDto,
    /// The photos' ids (`returns/photo/{id}`).
    pub photo_ids: Vec<i64>,
}

/// The staff list.
#[derive(Debug, Object)]
#[oai(rename = "AdminReturnListResponse")]
pub struct AdminListResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<AdminReturnDto>,
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
}

/// A return by id.
#[derive(Debug, Object)]
#[oai(rename = "AdminReturnIdRequest")]
pub struct IdReq {
    pub id: i64,
}

/// A rejection with its reason.
#[derive(Debug, Object)]
#[oai(rename = "AdminReturnRejectRequest")]
pub struct RejectReq {
    pub id: i64,
    /// At most 500 characters.
    #[oai(default, validator(max_length = 2000))]
    pub reason: String,
}

/// A refund: the bank's reference of the transfer and a note.
#[derive(Debug, Object)]
#[oai(rename = "AdminReturnRefundRequest")]
pub struct RefundReq {
    pub id: i64,
    #[oai(default, validator(max_length = 200))]
    pub reference: String,
    #[oai(default, validator(max_length = 1000))]
    pub note: String,
}

/// One return (staff).
#[derive(Debug, Object)]
#[oai(rename = "AdminReturnResponse")]
pub struct AdminReturnResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: AdminReturnDto,
}

/// An official holiday.
#[derive(Debug, Clone, Object)]
#[oai(rename = "Holiday")]
pub struct HolidayDto {
    pub id: i64,
    /// `1405/01/01`.
    pub date: String,
    /// In words, Persian digits.
    pub date_text: String,
    pub name: String,
}

/// The holidays.
#[derive(Debug, Object)]
#[oai(rename = "HolidayListResponse")]
pub struct HolidayListResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<HolidayDto>,
}

/// A holiday to add (or rename, on a day that has one).
#[derive(Debug, Object)]
#[oai(rename = "HolidaySaveRequest")]
pub struct HolidaySaveReq {
    /// Jalali `1405/01/01` (any digit set).
    #[oai(default, validator(max_length = 20))]
    pub date: String,
    /// At most 100 characters.
    #[oai(default, validator(max_length = 400))]
    pub name: String,
}

/// A holiday by id.
#[derive(Debug, Object)]
#[oai(rename = "HolidayIdRequest")]
pub struct HolidayIdReq {
    pub id: i64,
}
