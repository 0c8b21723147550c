//! Ticket requests (multipart forms with files, JSON for the rest) and answers.

use crate::platform::ResponseStatus;
use poem_openapi::payload::Binary;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Enum, Multipart, Object};
use shop_core::ticket_state::TicketStatus;

use super::entity::ticket::{Department, Priority};

/// `ticket/open`: a new ticket (multipart/form-data).
#[derive(Debug, Multipart)]
// A part the form does not name is refused (400), as the document says (additionalProperties: false).
#[oai(deny_unknown_fields)]
pub struct TicketOpenForm {
    /// At most 200 characters.
    #[oai(default)]
    pub subject: String,
    /// `sales`, `technical`, `warranty` or `finance`.
    #[oai(default)]
    pub department: String,
    /// `low`, `normal` or `high`.
    #[oai(default)]
    pub priority: String,
    /// Code of one of the caller's orders, or empty.
    #[oai(default)]
    pub order_code: String,
    /// The first message, at most 5,000 characters.
    #[oai(default)]
    pub message: String,
    /// Up to 3 files (jpg, jpeg, png, webp, pdf; 1 MB each; the content must match the
    /// extension). Repeat the field for several files.
    pub files: Vec<Upload>,
}

/// `ticket/reply` (customer) and `admin … ticket/reply` (staff): a message on a ticket.
#[derive(Debug, Multipart)]
// A part the form does not name is refused (400), as the document says (additionalProperties: false).
#[oai(deny_unknown_fields)]
pub struct TicketReplyForm {
    /// The ticket's id.
    #[oai(default)]
    pub id: i64,
    /// At most 5,000 characters.
    #[oai(default)]
    pub message: String,
    /// Up to 3 files, as in `ticket/open`.
    pub files: Vec<Upload>,
    /// Staff only: the answer asks the customer for something (state `waiting_for_customer`
    /// instead of `answered`). Ignored for customers.
    #[oai(default)]
    pub awaits_customer: bool,
}

/// A ticket id.
#[derive(Debug, Object)]
#[oai(rename = "TicketIdRequest")]
pub struct IdReq {
    pub id: i64,
}

/// Staff inbox request.
#[derive(Debug, Object)]
#[oai(rename = "StaffTicketListRequest")]
pub struct InboxReq {
    /// Only tickets in this state (all when absent).
    pub status: Option<TicketStatusDto>,
    /// 1-based page of 50.
    #[oai(default = "first_page")]
    pub page: u64,
}

fn first_page() -> u64 {
    1
}

/// Where a ticket is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename = "TicketStatus", rename_all = "snake_case")]
pub enum TicketStatusDto {
    /// Waiting for the staff.
    Open,
    /// The staff answered.
    Answered,
    /// The staff asked the customer for something.
    WaitingForCustomer,
    /// Finished.
    Closed,
}

impl From<TicketStatus> for TicketStatusDto {
    fn from(s: TicketStatus) -> Self {
        match s {
            TicketStatus::Open => Self::Open,
            TicketStatus::Answered => Self::Answered,
            TicketStatus::WaitingForCustomer => Self::WaitingForCustomer,
            TicketStatus::Closed => Self::Closed,
        }
    }
}

impl From<TicketStatusDto> for TicketStatus {
    fn from(s: TicketStatusDto) -> Self {
        match s {
            TicketStatusDto::Open => Self::Open,
            TicketStatusDto::Answered => Self::Answered,
            TicketStatusDto::WaitingForCustomer => Self::WaitingForCustomer,
            TicketStatusDto::Closed => Self::Closed,
        }
    }
}

/// The customer of a ticket (staff answers only).
#[derive(Debug, Clone, Object)]
#[oai(rename = "TicketCustomer")]
pub struct CustomerDto {
    #[oai(rename = "Name")]
    pub name: String,
    #[oai(rename = "Lastname")]
    pub lastname: String,
    #[oai(rename = "Mobile")]
    pub mobile: String,
}

/// One ticket in a list.
#[derive(Debug, Clone, Object)]
#[oai(rename = "TicketSummary")]
pub struct TicketSummary {
    #[oai(rename = "Id")]
    pub id: i64,
    #[oai(rename = "Subject")]
    pub subject: String,
    #[oai(rename = "Department")]
    pub department: Department,
    #[oai(rename = "Priority")]
    pub priority: Priority,
    #[oai(rename = "Status")]
    pub status: TicketStatusDto,
    /// The related order's code.
    #[oai(rename = "OrderCode")]
    pub order_code: Option<String>,
    /// Something new from the other side that this side has not opened.
    #[oai(rename = "Unread")]
    pub unread: bool,
    /// Jalali date and Tehran time of opening, Persian digits (`۱۴۰۵/۰۹/۰۲ ۱۴:۳۰`).
    #[oai(rename = "CreatedAt")]
    pub created_at: String,
    /// Jalali date and time of the last message or change.
    #[oai(rename = "UpdatedAt")]
    pub updated_at: String,
    /// Staff answers only.
    #[oai(rename = "Customer", skip_serializing_if_is_none)]
    pub customer: Option<CustomerDto>,
}

/// A file of a message.
#[derive(Debug, Clone, Object)]
#[oai(rename = "TicketFile")]
pub struct TicketFileDto {
    /// The name shown.
    #[oai(rename = "Name")]
    pub name: String,
    /// `image/jpeg`, `image/png`, `image/webp` or `application/pdf`.
    #[oai(rename = "ContentType")]
    pub content_type: String,
    /// Bytes.
    #[oai(rename = "Size")]
    pub size: i64,
    /// Download path (GET with the bearer token): `/api/client/v1/ticket/attachment/{name}`.
    #[oai(rename = "Url")]
    pub url: String,
    #[oai(rename = "IsImage")]
    pub is_image: bool,
}

/// One message of a ticket.
#[derive(Debug, Clone, Object)]
#[oai(rename = "TicketMessage")]
pub struct TicketMessageDto {
    #[oai(rename = "Id")]
    pub id: i64,
    /// Written by the shop's staff.
    #[oai(rename = "FromStaff")]
    pub from_staff: bool,
    /// Plain text; show it as text, never as HTML.
    #[oai(rename = "Body")]
    pub body: String,
    /// Jalali date and Tehran time, Persian digits.
    #[oai(rename = "At")]
    pub at: String,
    #[oai(rename = "Files")]
    pub files: Vec<TicketFileDto>,
}

/// A ticket with its messages.
#[derive(Debug, Clone, Object)]
#[oai(rename = "TicketDetail")]
pub struct TicketDetail {
    #[oai(flatten)]
    pub summary: TicketSummary,
    /// Oldest first.
    #[oai(rename = "Messages")]
    pub messages: Vec<TicketMessageDto>,
    /// Whether a message may still be added (not closed).
    #[oai(rename = "CanReply")]
    pub can_reply: bool,
}

/// A list of tickets.
#[derive(Debug, Object)]
#[oai(rename = "TicketListResponse")]
pub struct ListResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// Latest activity first.
    pub data: Vec<TicketSummary>,
    /// Staff inbox: tickets matching the filter (all pages).
    #[oai(rename = "Total", skip_serializing_if_is_none)]
    pub total: Option<u64>,
}

/// One ticket.
#[derive(Debug, Object)]
#[oai(rename = "TicketResponse")]
pub struct DetailResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: TicketDetail,
}

/// `ticket/open` answer.
#[derive(Debug, Object)]
#[oai(rename = "TicketOpenResponse")]
pub struct OpenResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// The new ticket's id.
    #[oai(rename = "Id")]
    pub id: i64,
}

/// A stored file (errors are the API's usual answers: 404 for an unknown or foreign file).
#[derive(ApiResponse)]
pub enum FileResponse {
    /// The file, with its type, as a download (`Content-Disposition: attachment`), never cached
    /// by shared caches.
    #[oai(status = 200)]
    Ok(
        Binary<Vec<u8>>,
        #[oai(header = "Content-Type")] String,
        #[oai(header = "Content-Disposition")] String,
        #[oai(header = "Cache-Control")] String,
        #[oai(header = "X-Content-Type-Options")] String,
    ),
}
