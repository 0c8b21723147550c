//! Staff requests and answers.

use crate::platform::ResponseStatus;
use poem_openapi::Object;

/// `staff/save`: give the account of `mobile` (created when new) exactly these roles.
#[derive(Debug, Object)]
#[oai(rename = "StaffSaveRequest")]
pub struct StaffSaveReq {
    /// The staff member's mobile number (`09…`, any digits).
    #[oai(default)]
    pub mobile: String,
    /// `admin`, `orders`, `catalogue`, `support`: at least one.
    #[oai(default)]
    pub roles: Vec<String>,
}

/// `staff/remove`: take every role from a staff member.
#[derive(Debug, Object)]
#[oai(rename = "StaffRemoveRequest")]
pub struct StaffRemoveReq {
    /// Their user id.
    pub id: i64,
}

/// A role with its Persian name.
#[derive(Debug, Object, Clone)]
#[oai(rename = "StaffRole")]
pub struct RoleView {
    /// `admin`, `orders`, `catalogue` or `support`.
    pub role: String,
    /// The Persian name (`مدیر`, …).
    pub label: String,
}

/// A staff member.
#[derive(Debug, Object)]
#[oai(rename = "StaffMember")]
pub struct StaffView {
    pub id: i64,
    pub mobile: String,
    pub name: String,
    pub lastname: String,
    /// The roles held.
    pub roles: Vec<RoleView>,
}

/// `staff/me`: the signed-in staff member and what the back office lets them use.
#[derive(Debug, Object)]
#[oai(rename = "StaffMeResponse")]
pub struct StaffMeResp {
    pub status: ResponseStatus,
    pub data: StaffView,
    /// Every role whose pages they may use (all four for an admin): the menu shows these.
    pub permitted: Vec<String>,
    /// The four roles with their Persian names, in the order the back office lists them.
    pub all_roles: Vec<RoleView>,
}

/// `staff/list`.
#[derive(Debug, Object)]
#[oai(rename = "StaffListResponse")]
pub struct StaffListResp {
    pub status: ResponseStatus,
    pub data: Vec<StaffView>,
}

/// `staff/save` and `staff/remove`.
#[derive(Debug, Object)]
#[oai(rename = "StaffSaveResponse")]
pub struct StaffSaveResp {
    pub status: ResponseStatus,
    pub data: StaffView,
    /// Whether the account was created by this call.
    pub created: bool,
}
