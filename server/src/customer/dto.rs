//! Customer requests and answers (staff calls).

use crate::platform::ResponseStatus;
use poem_openapi::Object;

/// `customer/list`: customers matching `q`, newest first.
#[derive(Debug, Object)]
#[oai(rename = "AdminCustomerListRequest")]
pub struct CustomerListReq {
    /// A mobile number (or at least three of its digits), a name, a last name or an email;
    /// empty: every customer.
    #[oai(default)]
    pub q: String,
    /// 1-based page of 20.
    #[oai(default = "first_page")]
    pub page: u64,
}

fn first_page() -> u64 {
    1
}

/// A customer in the search's list.
#[derive(Debug, Object)]
#[oai(rename = "AdminCustomerRow")]
pub struct CustomerRow {
    pub id: i64,
    pub mobile: String,
    pub name: String,
    pub lastname: String,
    pub email: String,
    pub city: String,
    pub block: bool,
    /// When they signed up (Jalali, Tehran).
    pub joined_text: String,
}

/// `customer/list`.
#[derive(Debug, Object)]
#[oai(rename = "AdminCustomerListResponse")]
pub struct CustomerListResp {
    pub status: ResponseStatus,
    pub data: Vec<CustomerRow>,
    pub total: u64,
    pub per_page: u64,
}

/// `customer/get`: one customer's page.
#[derive(Debug, Object)]
#[oai(rename = "AdminCustomerRequest")]
pub struct CustomerReq {
    /// Their user id.
    pub id: i64,
}

/// `customer/block`: set or clear the block.
#[derive(Debug, Object)]
#[oai(rename = "AdminCustomerBlockRequest")]
pub struct CustomerBlockReq {
    /// Their user id.
    pub id: i64,
    /// true: block; false: unblock.
    pub block: bool,
    /// Why (required, up to 500 characters; recorded in the audit log, shown to staff only).
    #[oai(default)]
    pub reason: String,
}

/// The profile part of a customer's page.
#[derive(Debug, Object)]
#[oai(rename = "AdminCustomerProfile")]
pub struct CustomerProfile {
    pub id: i64,
    pub uid: String,
    pub mobile: String,
    pub name: String,
    pub lastname: String,
    pub email: String,
    pub state: String,
    pub city: String,
    pub phone: String,
    pub block: bool,
    /// Why they are blocked (empty when not).
    pub block_reason: String,
    /// When they signed up (Jalali, Tehran).
    pub joined_text: String,
}

/// An address of the customer's address book.
#[derive(Debug, Object)]
#[oai(rename = "AdminCustomerAddress")]
pub struct CustomerAddress {
    pub id: i64,
    pub receiver_name: String,
    pub receiver_mobile: String,
    pub province: String,
    pub city: String,
    /// The address in one line (street, plaque, unit).
    pub line: String,
    pub postal_code: String,
    pub is_default: bool,
}

/// One of the customer's orders.
#[derive(Debug, Object)]
#[oai(rename = "AdminCustomerOrder")]
pub struct CustomerOrder {
    pub code: String,
    /// `shop_core::order_state::OrderStatus` by name.
    pub status: String,
    /// Its Persian name.
    pub status_label: String,
    /// `full` or `instalment`.
    pub payment_method: String,
    /// What the customer pays, Toman.
    pub payable: i64,
    /// The same in Persian digits with «تومان».
    pub payable_text: String,
    /// When it was registered (Jalali, Tehran).
    pub date_text: String,
}

/// One of the customer's tickets.
#[derive(Debug, Object)]
#[oai(rename = "AdminCustomerTicket")]
pub struct CustomerTicket {
    pub id: i64,
    pub subject: String,
    /// `open`, `answered`, `waiting_for_customer` or `closed`.
    pub status: String,
    /// Last message or change (Jalali, Tehran, with the time).
    pub updated_text: String,
}

/// The customer's live chat in numbers.
#[derive(Debug, Object)]
#[oai(rename = "AdminCustomerChat")]
pub struct CustomerChat {
    pub conversations: u64,
    pub messages: u64,
    /// When the last message was written (Jalali, Tehran, with the time); empty without one.
    pub last_text: String,
    /// The last message is the customer's: staff have not answered it.
    pub unanswered: bool,
}

/// One of the customer's instalment plans (down payment made).
#[derive(Debug, Object)]
#[oai(rename = "AdminCustomerPlan")]
pub struct CustomerPlan {
    pub order_code: String,
    pub plan_name: String,
    pub months: i64,
    /// The financed amount in Persian digits with «تومان».
    pub financed_text: String,
    pub paid: u64,
    pub count: u64,
    /// Unpaid instalments past their due day.
    pub overdue: u64,
    /// The next unpaid instalment's due day (Jalali), empty when none is left.
    pub next_due: String,
}

/// `customer/get` and `customer/block`.
#[derive(Debug, Object)]
#[oai(rename = "AdminCustomerResponse")]
pub struct CustomerResp {
    pub status: ResponseStatus,
    pub profile: CustomerProfile,
    pub addresses: Vec<CustomerAddress>,
    /// The latest 100, newest first.
    pub orders: Vec<CustomerOrder>,
    /// How many orders they have in all.
    pub order_count: u64,
    /// The latest 100, by last change.
    pub tickets: Vec<CustomerTicket>,
    pub chat: CustomerChat,
    pub favourites: u64,
    pub plans: Vec<CustomerPlan>,
}
