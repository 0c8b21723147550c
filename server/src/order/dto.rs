//! Requests and answers of the order calls: registration, the checkout summary, paying,
//! invoices and the staff's order table (the cart's calls are `crate::cart::dto`).

use super::service::checkout::PaymentMethod;
use crate::platform::ResponseStatus;
use poem_openapi::{types::Example, Object};


/// `status` of `order/register`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename = "OrderRegisterStatus", rename_all = "snake_case")]
pub enum RegisterStatus {
    /// Registered, stock reserved.
    Ok,
    /// A product is unavailable; nothing written.
    Not,
    /// Prices or the payable moved; nothing written.
    PriceChanged,
}

/// `order/summary` request: the caller's cart, optionally with the chosen address and delivery.
#[derive(Debug, Object)]
#[oai(example, rename = "CheckoutSummaryRequest")]
pub struct SummaryReq {
    /// The caller's open order (`OrderId` of the pre-order list).
    pub orderid: i64,
    /// One of the caller's addresses; its city filters the delivery options (the customer's
    /// own `City` without it).
    pub addressid: Option<i64>,
    /// A delivery option offered for that city; its price is added to the payable.
    pub deliveryid: Option<i64>,
    /// A discount code to preview (422 at `discountcode` when it does not apply); without
    /// it the code kept on the cart applies. `order/discount/apply` takes the code to keep.
    #[oai(validator(max_length = 64))]
    pub discountcode: Option<String>,
    /// An instalment plan: the answer's `Instalment` is its schedule for this payable (the one
    /// registration freezes) and `PayNow` its down payment.
    pub planid: Option<i64>,
}

impl Example for SummaryReq {
    fn example() -> Self {
        Self { orderid: 12, addressid: Some(3), deliveryid: Some(2), discountcode: None, planid: Some(2) }
    }
}

/// `order/register` request.
#[derive(Debug, Object)]
#[oai(example, rename = "OrderRegisterRequest")]
pub struct RegisterReq {
    /// The caller's open order (the cart) to register.
    pub orderid: i64,
    /// One of the caller's addresses.
    pub addressid: i64,
    /// A delivery option offered for the address's city.
    pub deliveryid: i64,
    /// `full`, or `instalment` with `planid` (only when every line allows instalments).
    #[oai(validator(max_length = 20))]
    pub paymentmethod: String,
    /// The instalment plan (`instalment/plans`), with `paymentmethod: "instalment"`.
    pub planid: Option<i64>,
    /// The customer saw and accepts the new prices of a `price_changed` answer.
    #[oai(default)]
    pub acceptprices: bool,
    /// The `Payable` the customer saw on the summary; when the server computes another one
    /// (the cart changed in another tab) the answer is `price_changed` and nothing is written.
    pub payable: Option<i64>,
    /// A discount code; one use of it is spent with the registration (422 at `discountcode`
    /// when it does not apply, e.g. its last use was just taken).
    #[oai(validator(max_length = 64))]
    pub discountcode: Option<String>,
    /// A delivery slot offered for the address's city (`order/get/delivery/slots`); optional.
    /// One place of it is taken with the registration (422 at `slotid` when it is unknown, of
    /// another city, past its cut-off or full; nothing is written then).
    pub slotid: Option<i64>,
}

impl Example for RegisterReq {
    fn example() -> Self {
        Self {
            orderid: 12,
            addressid: 3,
            deliveryid: 2,
            paymentmethod: "full".into(),
            planid: None,
            acceptprices: false,
            payable: Some(75_820_000),
            discountcode: None,
            slotid: None,
        }
    }
}

/// One line of the checkout summary (live catalogue values).
#[derive(Debug, Clone, Object)]
#[oai(rename = "CheckoutLine")]
pub struct SummaryLine {
    /// Cart line id.
    #[oai(rename = "Id")]
    pub id: i64,
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
    #[oai(rename = "Property")]
    pub property: String,
    /// Unit price now (offers applied), Toman.
    #[oai(rename = "Price")]
    pub price: i64,
    /// Unit warranty price now.
    #[oai(rename = "PriceGaranti")]
    pub price_garanti: i64,
    /// Unit price when the line was put in the cart.
    #[oai(rename = "OldPrice")]
    pub old_price: i64,
    /// Warranty price when the line was put in the cart.
    #[oai(rename = "OldPriceGaranti")]
    pub old_price_garanti: i64,
    /// `Price` or `PriceGaranti` differ from the old ones.
    #[oai(rename = "PriceChanged")]
    pub price_changed: bool,
    /// `Num × (Price + PriceGaranti)`.
    #[oai(rename = "LineTotal")]
    pub line_total: i64,
    #[oai(rename = "InsPayment")]
    pub ins_payment: bool,
    /// False when the product was unpublished or the quantity is no longer in stock.
    #[oai(rename = "Available")]
    pub available: bool,
}

/// One instalment of the summary's schedule: what will be charged, and when.
#[derive(Debug, Clone, Object)]
#[oai(rename = "CheckoutInstalment")]
pub struct SummaryInstalment {
    /// 1 for the first.
    #[oai(rename = "Number")]
    pub number: i64,
    /// Toman.
    #[oai(rename = "Amount")]
    pub amount: i64,
    /// The due date on the Jalali calendar, Persian digits (`۱۵ آذر ۱۴۰۵`).
    #[oai(rename = "Due")]
    pub due: String,
}

/// The instalment plan asked for on the summary: the server's schedule for the payable
/// (`shop_core::instalment::instalment_schedule`, started today in Tehran), the one
/// registration freezes and `payment/start` charges the down payment of.
#[derive(Debug, Clone, Object)]
#[oai(rename = "CheckoutInstalmentPlan")]
pub struct SummaryPlan {
    #[oai(rename = "PlanId")]
    pub plan_id: i64,
    #[oai(rename = "PlanName")]
    pub plan_name: String,
    /// Paid now, at the bank.
    #[oai(rename = "DownPayment")]
    pub down_payment: i64,
    /// The credit charge (the plan's fee) on the rest.
    #[oai(rename = "Charge")]
    pub charge: i64,
    /// What the instalments add up to: the rest plus the charge.
    #[oai(rename = "Financed")]
    pub financed: i64,
    /// Everything the customer pays: `DownPayment + Financed` (the payable plus the charge).
    #[oai(rename = "TotalCost")]
    pub total_cost: i64,
    #[oai(rename = "Instalments")]
    pub instalments: Vec<SummaryInstalment>,
}

/// The checkout summary: every amount computed by the server.
#[derive(Debug, Clone, Object)]
#[oai(rename = "CheckoutSummary")]
pub struct Summary {
    /// The cart's id.
    #[oai(rename = "OrderId")]
    pub order_id: i64,
    #[oai(rename = "Lines")]
    pub lines: Vec<SummaryLine>,
    /// Sum of the lines (`OrderTotalPrice`).
    #[oai(rename = "ItemsTotal")]
    pub items_total: i64,
    /// Price of the chosen delivery (0 when none is chosen yet).
    #[oai(rename = "DeliveryPrice")]
    pub delivery_price: i64,
    #[oai(rename = "Discount")]
    pub discount: i64,
    /// What the customer pays: items + delivery − discount.
    #[oai(rename = "Payable")]
    pub payable: i64,
    /// Every line allows instalments (`shop_core::cart::instalment_eligible`).
    #[oai(rename = "InstalmentEligible")]
    pub instalment_eligible: bool,
    /// Payment methods offered now: `["full"]`, plus `"instalment"` when every line allows it.
    #[oai(rename = "PaymentMethods")]
    pub payment_methods: Vec<PaymentMethod>,
    /// The city the options were filtered for.
    #[oai(rename = "City")]
    pub city: String,
    /// The chosen address's id, when one was given.
    #[oai(rename = "AddressId")]
    pub address_id: Option<i64>,
    /// Options offered for the cart in `City`, the preferred first.
    #[oai(rename = "DeliveryOptions")]
    pub delivery_options: Vec<crate::delivery::dto::DeliveryOptionDto>,
    /// The chosen option's id, when one was given.
    #[oai(rename = "DeliveryId")]
    pub delivery_id: Option<i64>,
    /// Some line's price moved since it was put in the cart.
    #[oai(rename = "PriceChanged")]
    pub price_changed: bool,
    /// The discount code applied (canonical form), when one was given.
    #[oai(rename = "DiscountCode")]
    pub discount_code: Option<String>,
    /// The spec's pre-order totals: `OrderTotalPrice` (the lines) and `FinalPrice` (the lines
    /// less the discount; delivery is added to it in `Payable`).
    #[oai(rename = "OrderTotalPrice")]
    pub order_total_price: i64,
    #[oai(rename = "FinalPrice")]
    pub final_price: i64,
    /// What the bank charges when this order is paid: `Payable`, or with an instalment plan
    /// its down payment.
    #[oai(rename = "PayNow")]
    pub pay_now: i64,
    /// With `planid`: the plan's schedule for `Payable`.
    #[oai(rename = "Instalment")]
    pub instalment: Option<SummaryPlan>,
    /// The code kept on the cart stopped applying and was taken off: why (Persian).
    #[oai(rename = "DiscountNotice", skip_serializing_if_is_none)]
    pub discount_notice: Option<String>,
}

/// The registered order, as `order/register` answers it.
#[derive(Debug, Clone, Object)]
#[oai(rename = "RegisteredOrder")]
pub struct Registered {
    /// The order's code (for `payment/start`, the payment pages and the invoice).
    #[oai(rename = "Code")]
    pub code: String,
    #[oai(rename = "Status")]
    pub status: OrderStatusDto,
    #[oai(rename = "Payable")]
    pub payable: i64,
    /// The lines' total, and that total less the discount (spec's pre-order fields).
    #[oai(rename = "OrderTotalPrice")]
    pub order_total_price: i64,
    #[oai(rename = "FinalPrice")]
    pub final_price: i64,
    #[oai(rename = "Discount")]
    pub discount: i64,
    /// Unix seconds: unpaid after this, the order expires and its stock is released.
    #[oai(rename = "ExpiresAt")]
    pub expires_at: i64,
}

/// `order/register` answer.
#[derive(Debug, Object)]
#[oai(rename = "OrderRegisterResponse")]
pub struct RegisterResp {
    /// `ok` (registered, stock reserved), `not` (a product is unavailable: `Name`, `message`;
    /// nothing written) or `price_changed` (prices or the payable moved: `summary` holds the
    /// new ones; register again with `acceptprices: true` and the new `payable`).
    pub status: RegisterStatus,
    /// A Persian message with `not` and `price_changed`.
    #[oai(skip_serializing_if_is_none)]
    pub message: Option<String>,
    /// With `not`: the product that cannot be bought.
    #[oai(rename = "Name", skip_serializing_if_is_none)]
    pub name: Option<String>,
    /// With `ok`: the order.
    #[oai(skip_serializing_if_is_none)]
    pub order: Option<Registered>,
    /// With `price_changed`: the fresh summary.
    #[oai(skip_serializing_if_is_none)]
    pub summary: Option<Summary>,
}

/// `order/invoice` and `order/cancel` request.
#[derive(Debug, Object)]
#[oai(example, rename = "OrderCodeRequest")]
pub struct CodeReq {
    /// The order's code.
    #[oai(validator(max_length = 20))]
    pub code: String,
}

impl Example for CodeReq {
    fn example() -> Self {
        Self { code: "K7Q2M9XD".into() }
    }
}

/// One order in the invoice list.
#[derive(Debug, Clone, Object)]
#[oai(rename = "OrderListItem")]
pub struct OrderItem {
    #[oai(rename = "Code")]
    pub code: String,
    /// `registered`, `awaiting_payment`, `paid`, `preparing`, `shipped`, `delivered`,
    /// `cancelled` or `expired`.
    #[oai(rename = "Status")]
    pub status: OrderStatusDto,
    /// The state in Persian.
    #[oai(rename = "StatusLabel")]
    pub status_label: String,
    /// Registration date, Jalali with Persian digits.
    #[oai(rename = "Date")]
    pub date: String,
    /// Registration time, unix seconds.
    #[oai(rename = "CreatedAt")]
    pub created_at: i64,
    /// Number of items (sum of quantities).
    #[oai(rename = "Count")]
    pub count: i64,
    #[oai(rename = "ItemsTotal")]
    pub items_total: i64,
    #[oai(rename = "DeliveryPrice")]
    pub delivery_price: i64,
    #[oai(rename = "Discount")]
    pub discount: i64,
    #[oai(rename = "Payable")]
    pub payable: i64,
    /// The carrier, once shipped.
    #[oai(rename = "Carrier")]
    pub carrier: Option<String>,
    /// The parcel's tracking code, once shipped.
    #[oai(rename = "TrackingCode")]
    pub tracking_code: Option<String>,
}

/// `order/list` answer.
#[derive(Debug, Object)]
#[oai(rename = "OrderListResponse")]
pub struct OrderListResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// The caller's orders, newest first.
    pub data: Vec<OrderItem>,
}

/// One invoice line (as registered; later catalogue changes do not touch it).
#[derive(Debug, Clone, Object)]
#[oai(rename = "InvoiceLine")]
pub struct InvoiceLine {
    #[oai(rename = "Name")]
    pub name: String,
    #[oai(rename = "Color")]
    pub color: String,
    #[oai(rename = "Property")]
    pub property: String,
    #[oai(rename = "NameGaranti")]
    pub warranty_name: String,
    #[oai(rename = "Num")]
    pub num: i64,
    #[oai(rename = "Price")]
    pub price: i64,
    #[oai(rename = "PriceGaranti")]
    pub price_garanti: i64,
    #[oai(rename = "LineTotal")]
    pub line_total: i64,
}

/// One step of the order's timeline.
#[derive(Debug, Clone, Object)]
#[oai(rename = "InvoiceStep")]
pub struct Step {
    #[oai(rename = "Status")]
    pub status: OrderStatusDto,
    #[oai(rename = "Label")]
    pub label: String,
    /// Jalali date.
    #[oai(rename = "Date")]
    pub date: String,
    /// Unix seconds.
    #[oai(rename = "At")]
    pub at: i64,
    /// E.g. the tracking code or the bank reference.
    #[oai(rename = "Note")]
    pub note: String,
}

/// The delivery address as registered.
#[derive(Debug, Clone, Object)]
#[oai(rename = "InvoiceAddress")]
pub struct InvoiceAddress {
    #[oai(rename = "Name")]
    pub name: String,
    #[oai(rename = "Mobile")]
    pub mobile: String,
    #[oai(rename = "State")]
    pub state: String,
    #[oai(rename = "City")]
    pub city: String,
    #[oai(rename = "Address")]
    pub address: String,
    #[oai(rename = "PostalCode")]
    pub postal_code: String,
}

/// One order's invoice.
#[derive(Debug, Clone, Object)]
#[oai(rename = "Invoice")]
pub struct Invoice {
    #[oai(rename = "Code")]
    pub code: String,
    #[oai(rename = "Status")]
    pub status: OrderStatusDto,
    #[oai(rename = "StatusLabel")]
    pub status_label: String,
    /// Registration date, Jalali.
    #[oai(rename = "Date")]
    pub date: String,
    #[oai(rename = "CreatedAt")]
    pub created_at: i64,
    #[oai(rename = "Lines")]
    pub lines: Vec<InvoiceLine>,
    /// Delivery option name.
    #[oai(rename = "DeliveryName")]
    pub delivery_name: String,
    #[oai(rename = "DeliveryDescription")]
    pub delivery_description: String,
    /// The delivery slot picked at registration, e.g. «چهارشنبه ۱۱ آذر، ساعت ۹ تا ۱۲».
    #[oai(rename = "DeliverySlot")]
    pub delivery_slot: Option<String>,
    #[oai(rename = "DeliveryPrice")]
    pub delivery_price: i64,
    #[oai(rename = "ItemsTotal")]
    pub items_total: i64,
    /// Sum of the lines' warranty prices (already inside `ItemsTotal`).
    #[oai(rename = "WarrantyTotal")]
    pub warranty_total: i64,
    #[oai(rename = "Discount")]
    pub discount: i64,
    #[oai(rename = "Payable")]
    pub payable: i64,
    #[oai(rename = "PaymentMethod")]
    pub payment_method: PaymentMethod,
    #[oai(rename = "Address")]
    pub address: InvoiceAddress,
    /// Set once shipped.
    #[oai(rename = "TrackingCode")]
    pub tracking_code: Option<String>,
    /// The carrier, set with the tracking code.
    #[oai(rename = "Carrier")]
    pub carrier: Option<String>,
    /// Bank reference of the payment, once paid.
    #[oai(rename = "RefId")]
    pub ref_id: Option<String>,
    /// Unpaid orders: unix seconds when it expires.
    #[oai(rename = "ExpiresAt")]
    pub expires_at: i64,
    /// The states it went through, oldest first.
    #[oai(rename = "Timeline")]
    pub timeline: Vec<Step>,
}

/// `order/invoice` and `order/cancel` answer.
#[derive(Debug, Object)]
#[oai(rename = "InvoiceResponse")]
pub struct InvoiceResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Invoice,
}

/// Where an order is (`shop_core::order_state::OrderStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename = "OrderStatus", rename_all = "snake_case")]
pub enum OrderStatusDto {
    /// Registered with its snapshot; stock reserved; not paid yet.
    Registered,
    /// The customer was sent to the payment gateway.
    AwaitingPayment,
    /// Payment verified.
    Paid,
    /// Staff are preparing the parcel.
    Preparing,
    /// Handed to the carrier.
    Shipped,
    /// Received by the customer.
    Delivered,
    /// Cancelled; stock released.
    Cancelled,
    /// Not paid in time; stock released.
    Expired,
}

impl From<shop_core::order_state::OrderStatus> for OrderStatusDto {
    fn from(s: shop_core::order_state::OrderStatus) -> Self {
        use shop_core::order_state::OrderStatus as S;
        match s {
            S::Registered => Self::Registered,
            S::AwaitingPayment => Self::AwaitingPayment,
            S::Paid => Self::Paid,
            S::Preparing => Self::Preparing,
            S::Shipped => Self::Shipped,
            S::Delivered => Self::Delivered,
            S::Cancelled => Self::Cancelled,
            S::Expired => Self::Expired,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The back office (`/api/admin/v1/order/…`, `order/admin.rs`).

/// `order/list` (staff): one page of 50, newest first; every filter optional.
#[derive(Debug, Object)]
#[oai(rename = "AdminOrderListRequest")]
pub struct AdminOrderListReq {
    /// An order code, the customer's mobile number, or part of their name.
    #[oai(default)]
    pub q: String,
    /// Only orders in this state (`paid`, `preparing`, …); empty: any.
    #[oai(default)]
    pub status: String,
    /// Only orders paid this way (`full`, `instalment`); empty: any.
    #[oai(default)]
    pub method: String,
    /// First Jalali day included (`1405/09/01`, Tehran time).
    #[oai(default)]
    pub from: String,
    /// Last Jalali day included.
    #[oai(default)]
    pub to: String,
    /// 1-based page of 50 (a page past the end is empty).
    #[oai(default = "first_page")]
    pub page: u64,
}

fn first_page() -> u64 {
    1
}

/// One order of the staff list.
#[derive(Debug, Clone, Object)]
#[oai(rename = "AdminOrderRow")]
pub struct AdminOrderRow {
    pub code: String,
    pub status: OrderStatusDto,
    pub status_label: String,
    pub payment_method: PaymentMethod,
    /// The customer's account mobile number.
    pub customer_mobile: String,
    /// The customer's name (may be empty).
    pub customer_name: String,
    /// Items in the order.
    pub count: i64,
    /// Toman.
    pub payable: i64,
    /// Unix seconds.
    pub created_at: i64,
    /// Registration, as a Tehran Jalali date with the time.
    pub created_text: String,
}

/// A page of the staff order list.
#[derive(Debug, Object)]
#[oai(rename = "AdminOrderListResponse")]
pub struct AdminOrderListResp {
    pub status: ResponseStatus,
    pub data: Vec<AdminOrderRow>,
    /// Matching orders over all pages; when `more`, the number counted (counting stops at the
    /// first multiple of 10,000 at or past the end of this page).
    pub total: u64,
    /// More orders match than `total` («more than N»).
    pub more: bool,
    /// Orders per page (fixed).
    pub per_page: u64,
    pub page: u64,
}

/// One order by code.
#[derive(Debug, Object)]
#[oai(rename = "AdminOrderCodeRequest")]
pub struct AdminCodeReq {
    /// The order's code.
    pub code: String,
}

/// `order/ship`: the carrier and the parcel's tracking code.
#[derive(Debug, Object)]
#[oai(rename = "AdminOrderShipRequest")]
pub struct AdminShipReq {
    /// The order's code.
    pub code: String,
    /// One of the carriers `order/show` lists.
    #[oai(default)]
    pub carrier: String,
    /// 4–40 letters, digits or dashes.
    #[oai(default)]
    pub tracking_code: String,
    /// One serial per unit of every line (`shop_core::warranty::serial`); missing, repeated
    /// or malformed serials refuse the whole call.
    #[oai(default)]
    pub serials: Vec<LineSerials>,
}

/// `order/ship`: the serials of one order line, one per unit, in unit order.
#[derive(Debug, Clone, Object)]
#[oai(rename = "ShipLineSerials")]
pub struct LineSerials {
    /// The line's id (`order/show`'s `lines[].id`).
    pub line_id: i64,
    /// 4–40 letters, digits, `-` or `/` each (`shop_core::warranty::serial`); as many as units.
    #[oai(default)]
    pub serials: Vec<String>,
}

/// Several orders by code (bulk prepare, packing slips): 1 to 100.
#[derive(Debug, Object)]
#[oai(rename = "AdminOrderCodesRequest")]
pub struct AdminCodesReq {
    #[oai(default)]
    pub codes: Vec<String>,
}

/// One line of an order, as registered.
#[derive(Debug, Clone, Object)]
#[oai(rename = "AdminOrderLine")]
pub struct AdminLine {
    /// The line's id (`order/ship`'s `serials[].line_id`).
    pub id: i64,
    /// The units' serials recorded at shipping, in unit order (empty before).
    pub serials: Vec<String>,
    pub name: String,
    pub color: String,
    pub property: String,
    pub warranty_name: String,
    pub variant_id: i64,
    pub num: i64,
    pub unit_price: i64,
    pub warranty_price: i64,
    pub line_total: i64,
}

/// One step of the timeline, with who took it.
#[derive(Debug, Clone, Object)]
#[oai(rename = "AdminOrderStep")]
pub struct AdminStep {
    pub status: OrderStatusDto,
    pub label: String,
    pub note: String,
    /// `customer`, `system` or `staff`.
    pub actor: String,
    /// The staff member's id and mobile number (`staff` only).
    pub staff_id: Option<i64>,
    pub staff_mobile: String,
    pub at: i64,
    /// Tehran Jalali date with the time.
    pub at_text: String,
}

/// One payment attempt with the gateway's references.
#[derive(Debug, Clone, Object)]
#[oai(rename = "AdminOrderPayment")]
pub struct AdminPayment {
    pub id: i64,
    pub gateway: String,
    /// The gateway's id of the attempt (Zarinpal's Authority).
    pub authority: String,
    /// The bank's reference, once paid.
    pub ref_id: Option<String>,
    pub card_pan: Option<String>,
    /// `pending`, `paid` or `failed`.
    pub status: String,
    pub amount: i64,
    /// Paid but owed back (late, duplicate, or its order cancelled).
    pub refund_needed: bool,
    /// The instalment it paid (none: the order's own payment).
    pub instalment_number: Option<i64>,
    pub created_text: String,
    pub verified_text: Option<String>,
}

/// One instalment of the order's plan.
#[derive(Debug, Clone, Object)]
#[oai(rename = "AdminOrderInstalment")]
pub struct AdminInstalment {
    pub number: i64,
    pub amount: i64,
    /// Jalali due date (`۱ دی ۱۴۰۵`).
    pub due_text: String,
    pub paid: bool,
}

/// The instalment plan frozen with the order.
#[derive(Debug, Clone, Object)]
#[oai(rename = "AdminOrderPlan")]
pub struct AdminPlan {
    pub name: String,
    pub months: i64,
    pub down_payment: i64,
    pub charge: i64,
    pub financed: i64,
    pub instalments: Vec<AdminInstalment>,
}

/// Everything staff see about one order.
#[derive(Debug, Clone, Object)]
#[oai(rename = "AdminOrder")]
pub struct AdminOrder {
    pub code: String,
    pub status: OrderStatusDto,
    pub status_label: String,
    pub payment_method: PaymentMethod,
    pub customer_id: i64,
    pub customer_mobile: String,
    pub customer_name: String,
    pub lines: Vec<AdminLine>,
    pub items_total: i64,
    pub delivery_name: String,
    /// The delivery slot picked, if any.
    pub delivery_slot: Option<String>,
    pub delivery_price: i64,
    pub discount: i64,
    /// The discount code used, if any.
    pub discount_code: Option<String>,
    pub payable: i64,
    /// The address as registered.
    pub address: InvoiceAddress,
    pub carrier: Option<String>,
    pub tracking_code: Option<String>,
    pub payments: Vec<AdminPayment>,
    pub plan: Option<AdminPlan>,
    /// Oldest first.
    pub timeline: Vec<AdminStep>,
    /// What staff may do now, along core's table: `prepare`, `ship`, `deliver`, `cancel`.
    pub actions: Vec<String>,
    /// The carriers `order/ship` accepts.
    pub carriers: Vec<String>,
    pub created_text: String,
}

/// `order/show` and the transitions' answer.
#[derive(Debug, Object)]
#[oai(rename = "AdminOrderResponse")]
pub struct AdminOrderResp {
    pub status: ResponseStatus,
    pub data: AdminOrder,
}

/// One order of a bulk call: moved, or why not.
#[derive(Debug, Clone, Object)]
#[oai(rename = "AdminBulkOutcome")]
pub struct AdminBulkOutcome {
    pub code: String,
    pub moved: bool,
    /// Why it did not move (Persian); empty when it moved.
    pub message: String,
}

/// `order/bulk-prepare`: each selected order's outcome, in the order given.
#[derive(Debug, Object)]
#[oai(rename = "AdminBulkResponse")]
pub struct AdminBulkResp {
    pub status: ResponseStatus,
    pub data: Vec<AdminBulkOutcome>,
}

/// One packing slip: what goes in the parcel and where it goes.
#[derive(Debug, Clone, Object)]
#[oai(rename = "AdminPackingSlip")]
pub struct AdminSlip {
    pub code: String,
    pub status_label: String,
    pub created_text: String,
    pub delivery_name: String,
    /// The delivery slot picked, if any.
    pub delivery_slot: Option<String>,
    pub address: InvoiceAddress,
    pub lines: Vec<AdminLine>,
    /// Items in the parcel.
    pub count: i64,
}

/// `order/slips`: the selected orders' packing slips (unknown codes left out).
#[derive(Debug, Object)]
#[oai(rename = "AdminSlipsResponse")]
pub struct AdminSlipsResp {
    pub status: ResponseStatus,
    pub data: Vec<AdminSlip>,
}

/// What `/success-payment` and `/error-payment` show for an order.
#[derive(Debug, Object)]
#[oai(rename = "PaymentResultResponse")]
pub struct ResultResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// The order's code.
    #[oai(rename = "Code")]
    pub code: String,
    /// The order's state (`registered`, `awaiting_payment`, `paid`, …, `cancelled`, `expired`).
    #[oai(rename = "OrderStatus")]
    pub order_status: OrderStatusDto,
    /// The state's Persian label.
    #[oai(rename = "OrderStatusLabel")]
    pub order_status_label: String,
    /// `paid`, `pending` (not confirmed yet), `failed`, or `none` (no attempt).
    #[oai(rename = "PaymentStatus")]
    pub payment_status: crate::payment::dto::PaymentResult,
    /// The amount of the attempt (or the order's payable without one), Toman.
    #[oai(rename = "Amount")]
    pub amount: i64,
    /// The bank's reference id once paid.
    #[oai(rename = "RefId")]
    pub ref_id: Option<String>,
    /// Masked card number, when the gateway gave one.
    #[oai(rename = "CardPan")]
    pub card_pan: Option<String>,
    /// Jalali date of the payment (or of the order), Persian digits.
    #[oai(rename = "Date")]
    pub date: String,
    /// Paid after the order expired or was cancelled: the shop will refund it.
    #[oai(rename = "RefundNeeded")]
    pub refund_needed: bool,
    /// A Persian sentence for the page.
    #[oai(rename = "Message")]
    pub message: String,
}
