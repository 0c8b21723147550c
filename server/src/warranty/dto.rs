//! Warranty and official invoice requests and answers.

use poem_openapi::Object;

use crate::platform::ResponseStatus;

/// An order by code.
#[derive(Debug, Object)]
#[oai(rename = "WarrantyOrderRequest")]
pub struct OrderCodeReq {
    pub code: String,
}

/// A claim's state as its owner and staff see it.
#[derive(Debug, Object)]
pub struct WarrantyClaimItem {
    pub id: i64,
    /// The claim's conversation (`ticket/show`).
    pub ticket_id: i64,
    /// `received`, `at_repair`, `repaired`, `replaced` or `returned`.
    pub status: String,
    /// The state in Persian.
    pub status_label: String,
    pub serial: String,
    /// Jalali, Persian digits (`۱۴۰۵/۰۹/۰۶`).
    pub created: String,
    pub updated: String,
}

/// One shipped unit with its warranty.
#[derive(Debug, Object)]
pub struct WarrantyUnit {
    pub unit_id: i64,
    pub line_id: i64,
    pub product: String,
    /// 1..=the line's quantity.
    pub unit_no: i32,
    pub serial: String,
    pub warranty_name: String,
    /// 0: no warranty.
    pub warranty_months: i32,
    /// `delivered` (the warranty runs from delivery) or `shipped` (no delivery recorded yet:
    /// from shipping).
    pub start_kind: String,
    /// Jalali start day, e.g. `۶ آذر ۱۴۰۵`.
    pub start: String,
    /// The last day covered, e.g. `۶ آذر ۱۴۰۶`; empty without a warranty.
    pub end: String,
    /// The same day as `۱۴۰۶/۰۹/۰۶`.
    pub end_numeric: String,
    /// Whether a claim may be opened today.
    pub can_claim: bool,
    /// Why not, in Persian (empty when it may).
    pub refusal: String,
    /// The unit's latest claim.
    pub claim: Option<WarrantyClaimItem>,
}

/// `warranty/units`.
#[derive(Debug, Object)]
pub struct WarrantyUnitsResp {
    pub status: ResponseStatus,
    pub data: Vec<WarrantyUnit>,
}

/// `warranty/claim`: a claim on one of the caller's units.
#[derive(Debug, Object)]
pub struct OpenClaimReq {
    pub unit_id: i64,
    /// What is wrong, at most 5,000 characters.
    #[oai(default)]
    pub message: String,
}

/// A claim.
#[derive(Debug, Object)]
pub struct WarrantyClaimResp {
    pub status: ResponseStatus,
    pub data: WarrantyClaimItem,
}

/// `official-invoice/save`: the official invoice's buyer (`shop_core::forms::official_invoice`).
#[derive(Debug, Object)]
pub struct OfficialInvoiceReq {
    /// The order's code.
    pub code: String,
    /// `person` or `company`.
    #[oai(default)]
    pub buyer_type: String,
    #[oai(default)]
    pub legal_name: String,
    /// کد ملی (person), 10 digits with its check digit; any digit set.
    #[oai(default)]
    pub national_id: String,
    /// شناسه ملی (company), 11 digits with its check digit.
    #[oai(default)]
    pub company_id: String,
    /// 11 digits (a company: its شناسه ملی) or 14 (a person: national ID and a serial).
    #[oai(default)]
    pub economic_code: String,
    #[oai(default)]
    pub postal_code: String,
}

/// The official invoice's buyer.
#[derive(Debug, Object)]
pub struct OfficialInvoiceItem {
    /// `person` or `company`.
    pub buyer_type: String,
    /// «شخص حقیقی» or «شخص حقوقی».
    pub buyer_type_label: String,
    pub legal_name: String,
    /// The person's کد ملی or the company's شناسه ملی.
    pub national_id: String,
    /// «کد ملی» or «شناسه ملی».
    pub national_id_label: String,
    pub economic_code: Option<String>,
    pub postal_code: String,
}

/// `official-invoice/show` and `save`: the buyer, or null when none was asked for.
#[derive(Debug, Object)]
pub struct OfficialInvoiceResp {
    pub status: ResponseStatus,
    pub data: Option<OfficialInvoiceItem>,
}

/// `admin … warranty/list`.
#[derive(Debug, Object)]
pub struct StaffClaimListReq {
    /// A state, or empty for all.
    #[oai(default)]
    pub status: String,
    /// From 1.
    #[oai(default = "first_page")]
    pub page: u64,
}

fn first_page() -> u64 {
    1
}

/// A claim in the back office.
#[derive(Debug, Object)]
pub struct StaffClaimItem {
    pub id: i64,
    pub ticket_id: i64,
    pub order_code: String,
    pub product: String,
    pub warranty_name: String,
    pub serial: String,
    pub status: String,
    pub status_label: String,
    pub customer_name: String,
    pub customer_mobile: String,
    /// Jalali, Persian digits.
    pub created: String,
    /// The moves the table allows now: `to_repair`, `repaired`, `replaced`, `return`.
    pub actions: Vec<String>,
}

/// The staff list.
#[derive(Debug, Object)]
pub struct StaffClaimListResp {
    pub status: ResponseStatus,
    pub data: Vec<StaffClaimItem>,
    pub total: u64,
    pub per_page: u64,
    pub page: u64,
}

/// `admin … warranty/move`.
#[derive(Debug, Object)]
pub struct StaffClaimMoveReq {
    pub id: i64,
    /// `to_repair`, `repaired`, `replaced` or `return`.
    #[oai(default)]
    pub event: String,
}

/// One claim (staff).
#[derive(Debug, Object)]
pub struct StaffClaimResp {
    pub status: ResponseStatus,
    pub data: StaffClaimItem,
}
