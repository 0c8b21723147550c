//! Prepared-order requests and answers.

use crate::platform::ResponseStatus;
use poem_openapi::{types::Example, Object};

/// `prepared/view` and `prepared/adopt` request.
#[derive(Debug, Object)]
#[oai(example, rename = "PreparedOrderRequest")]
pub struct PreparedReq {
    /// The link's code (`/order/{code}`).
    #[oai(validator(max_length = 64))]
    pub code: String,
}

impl Example for PreparedReq {
    fn example() -> Self {
        Self { code: "K7Q2M9XDK7Q2M9XDK7Q2".into() }
    }
}

/// One line of a prepared order, priced now.
#[derive(Debug, Clone, Object)]
#[oai(rename = "PreparedOrderLine")]
pub struct PreparedLine {
    #[oai(rename = "SupProductId")]
    pub product_id: i64,
    #[oai(rename = "SupProductIdDetail")]
    pub variant_id: i64,
    #[oai(rename = "Num")]
    pub num: i64,
    #[oai(rename = "Name")]
    pub name: String,
    #[oai(rename = "Color")]
    pub color: String,
    #[oai(rename = "NameGaranti")]
    pub warranty_name: String,
    #[oai(rename = "Price")]
    pub price: i64,
    #[oai(rename = "PriceGaranti")]
    pub price_garanti: i64,
    #[oai(rename = "LineTotal")]
    pub line_total: i64,
    /// Still published and in stock for this quantity.
    #[oai(rename = "Available")]
    pub available: bool,
}

/// `prepared/view` answer.
#[derive(Debug, Object)]
#[oai(rename = "PreparedOrderResponse")]
pub struct PreparedResp {
    /// `ok`.
    pub status: ResponseStatus,
    #[oai(rename = "Lines")]
    pub lines: Vec<PreparedLine>,
    /// Sum of the lines at today's prices (`OrderTotalPrice`).
    #[oai(rename = "OrderTotalPrice")]
    pub total: i64,
    /// Unix seconds: the link stops working then.
    #[oai(rename = "ExpiresAt")]
    pub expires_at: i64,
    /// The last day the link works, Jalali (Tehran).
    #[oai(rename = "ExpiresText")]
    pub expires_text: String,
    /// Prepared for one customer's number (sign in with it to adopt).
    #[oai(rename = "Personal")]
    pub personal: bool,
}

/// `prepared/adopt` answer: the caller's cart after the lines were put in it.
#[derive(Debug, Object)]
#[oai(rename = "PreparedAdoptResponse")]
pub struct AdoptResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// The caller's cart (the order to register).
    #[oai(rename = "OrderId")]
    pub order_id: Option<i64>,
    #[oai(rename = "OrderTotalPrice")]
    pub total: i64,
}

// ------------------------------------------------------------------ back office (admin.rs)

/// `prepared/variants`: find variants to put in a prepared order.
#[derive(Debug, Object)]
#[oai(rename = "AdminPreparedVariantsRequest")]
pub struct VariantSearchReq {
    /// A product's name or model (the shop's search), or a variant id.
    #[oai(validator(max_length = 256))]
    pub q: String,
}

/// A variant found, priced now.
#[derive(Debug, Object)]
#[oai(rename = "AdminPreparedVariant")]
pub struct VariantHit {
    pub variant_id: i64,
    pub product_id: i64,
    pub name: String,
    pub model: String,
    pub color: String,
    pub warranty_name: String,
    /// Toman a unit now (after any running offer), and the warranty's price.
    pub price: i64,
    pub price_garanti: i64,
    pub stock: i64,
}

/// Variants found (up to 30).
#[derive(Debug, Object)]
#[oai(rename = "AdminPreparedVariantsResponse")]
pub struct VariantSearchResp {
    pub status: ResponseStatus,
    pub data: Vec<VariantHit>,
}

/// One line of a new prepared order.
#[derive(Debug, Object)]
#[oai(rename = "AdminPreparedLineRequest")]
pub struct NewLine {
    pub variant_id: i64,
    pub num: i64,
}

/// `prepared/create`.
#[derive(Debug, Object)]
#[oai(rename = "AdminPreparedCreateRequest")]
pub struct CreateReq {
    /// Only this customer may adopt it (empty: anyone with the link).
    #[oai(default, validator(max_length = 40))]
    pub mobile: String,
    #[oai(validator(max_items = 50))]
    pub lines: Vec<NewLine>,
    /// Hours the link works (1 to 720; default 72).
    #[oai(default = "default_hours")]
    pub hours: i64,
    /// Staff's note (up to 500 characters).
    #[oai(default, validator(max_length = 2000))]
    pub note: String,
}

fn default_hours() -> i64 {
    72
}

/// A new prepared order: its link is shown this once (only the code's hash is stored).
#[derive(Debug, Object)]
#[oai(rename = "AdminPreparedCreateResponse")]
pub struct CreateResp {
    pub status: ResponseStatus,
    pub id: i64,
    pub code: String,
    /// `/order/{code}` on the shop's public address.
    pub link: String,
    pub expires_at: i64,
    pub expires_text: String,
}

/// `prepared/list` request.
#[derive(Debug, Object)]
#[oai(rename = "AdminPreparedListRequest")]
pub struct ListReq {
    /// 1-based page of 50.
    #[oai(default = "first_page")]
    pub page: u64,
}

fn first_page() -> u64 {
    1
}

/// One line of a listed prepared order.
#[derive(Debug, Object)]
#[oai(rename = "AdminPreparedListLine")]
pub struct ListedLine {
    pub variant_id: i64,
    pub name: String,
    pub num: i64,
}

/// A prepared order and its link's state.
#[derive(Debug, Object)]
#[oai(rename = "AdminPreparedListItem")]
pub struct ListedView {
    pub id: i64,
    /// `open`, `adopted`, `paid` or `expired`, and in Persian.
    pub state: String,
    pub state_text: String,
    /// For this mobile number only (empty: anyone).
    pub mobile: String,
    pub note: String,
    pub lines: Vec<ListedLine>,
    pub created_at: i64,
    pub created_text: String,
    pub expires_at: i64,
    pub expires_text: String,
    /// Who adopted it and when.
    pub adopted_mobile: String,
    pub adopted_text: String,
    /// The order it was paid with.
    pub paid_order: String,
}

/// A page of prepared orders, newest first.
#[derive(Debug, Object)]
#[oai(rename = "AdminPreparedListResponse")]
pub struct ListResp {
    pub status: ResponseStatus,
    pub data: Vec<ListedView>,
    pub total: u64,
    pub per_page: u64,
}
