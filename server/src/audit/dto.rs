//! Audit log requests and answers.

use crate::platform::ResponseStatus;
use poem_openapi::Object;

/// `audit/list`: one page of the log, newest first; every filter optional.
#[derive(Debug, Object)]
#[oai(rename = "AuditListRequest")]
pub struct AuditListReq {
    /// Only this staff member's changes (their user id; 0: the command line).
    pub staff_id: Option<i64>,
    /// Only changes to this kind of thing (`order`, `user`, `payment`, `staff`, …).
    #[oai(default)]
    pub entity: String,
    /// Only changes to this one (its id or code); needs `entity`.
    #[oai(default)]
    pub entity_id: String,
    /// First Jalali day included (`1405/09/01`, Tehran time).
    #[oai(default)]
    pub from: String,
    /// Last Jalali day included.
    #[oai(default)]
    pub to: String,
    /// 1-based page of 50.
    #[oai(default = "first_page")]
    pub page: u64,
}

fn first_page() -> u64 {
    1
}

/// One recorded change.
#[derive(Debug, Object)]
#[oai(rename = "AuditEntry")]
pub struct AuditEntryView {
    pub id: i64,
    /// The staff member's user id (0: the command line).
    pub staff_id: i64,
    /// Their mobile number (`cli` for the command line).
    pub staff_mobile: String,
    /// `area.verb`, e.g. `order.ship`.
    pub action: String,
    pub entity: String,
    pub entity_id: String,
    /// JSON of the values before, or null.
    pub before: Option<String>,
    /// JSON of the values after, or null.
    pub after: Option<String>,
    pub ip: String,
    /// Unix seconds.
    pub at: i64,
    /// When, as a Tehran Jalali date with the time (`۶ آذر ۱۴۰۵، ۱۴:۰۵`).
    pub at_text: String,
}

/// A page of the log.
#[derive(Debug, Object)]
#[oai(rename = "AuditListResponse")]
pub struct AuditListResp {
    pub status: ResponseStatus,
    pub data: Vec<AuditEntryView>,
    /// Matching entries over all pages.
    pub total: u64,
    /// Entries per page.
    pub per_page: u64,
}
