//! The delivery call's request and answer shapes.

use crate::platform::ResponseStatus;
use poem_openapi::{types::Example, Object};

use super::entity::delivery_option;

/// `order/get/delivery/order` request.
#[derive(Debug, Object)]
#[oai(example, rename = "DeliveryOrderRequest")]
pub struct DeliveryReq {
    /// Id of one of the caller's orders.
    pub orderid: i64,
}

impl Example for DeliveryReq {
    fn example() -> Self {
        Self { orderid: 12 }
    }
}

/// One active city of a delivery option; the name `همه` means every city.
#[derive(Debug, Clone, Object)]
pub struct CityName {
    /// City name in Persian.
    pub name: String,
}

/// A delivery option (spec section 3).
#[derive(Debug, Clone, Object)]
#[oai(rename = "DeliveryOption")]
pub struct DeliveryOptionDto {
    /// Option id.
    #[oai(rename = "Id")]
    pub id: i64,
    /// Persian name.
    #[oai(rename = "Name")]
    pub name: String,
    /// Persian description.
    #[oai(rename = "Description")]
    pub description: String,
    /// Cost in Toman (0 = free).
    #[oai(rename = "Price")]
    pub price: i64,
    /// Lower is preferred; 0 is special (spec section 5).
    #[oai(rename = "Priority")]
    pub priority: i64,
    /// Active cities; a first entry `همه` means every city.
    #[oai(rename = "CityActive")]
    pub city_active: Vec<CityName>,
    /// How long delivery takes, in Persian with Persian digits (e.g. «۲ تا ۴ روز کاری»); empty
    /// when not given.
    #[oai(rename = "Estimate")]
    pub estimate: String,
    /// The in-store pickup: no courier comes, so no delivery slot is offered with it.
    #[oai(rename = "Pickup")]
    pub pickup: bool,
}

impl From<delivery_option::Model> for DeliveryOptionDto {
    fn from(o: delivery_option::Model) -> Self {
        Self {
            city_active: o.city_list().into_iter().map(|name| CityName { name }).collect(),
            id: o.id,
            name: o.name,
            description: o.description,
            price: o.price,
            priority: o.priority,
            // Persian digits, whatever digits the shop typed.
            estimate: shop_core::digits::to_persian_digits(&o.estimate),
            pickup: o.pickup,
        }
    }
}

/// The delivery options offered for the order.
#[derive(Debug, Object)]
#[oai(example)]
pub struct DeliveryResponse {
    /// Always `ok`.
    pub status: ResponseStatus,
    /// The options, the preferred (lowest `Priority`) first; empty when none reaches the city.
    pub data: Vec<DeliveryOptionDto>,
}

impl Example for DeliveryResponse {
    fn example() -> Self {
        Self {
            status: ResponseStatus::Ok,
            data: vec![DeliveryOptionDto {
                id: 2,
                name: "پست پیشتاز".into(),
                description: "ارسال با پست پیشتاز به سراسر کشور در ۲ تا ۴ روز کاری".into(),
                price: 120_000,
                priority: 2,
                city_active: vec![CityName { name: "همه".into() }],
                estimate: "۲ تا ۴ روز کاری".into(),
                pickup: false,
            }],
        }
    }
}

/// `order/get/delivery/products` request.
#[derive(Debug, Object)]
#[oai(example, rename = "ProductDeliveryRequest")]
pub struct ProductDeliveryReq {
    /// Product ids (at most [`MAX_PRODUCTS`]): the product page's, or the cart lines'.
    pub productids: Vec<i64>,
    /// The shopper's city (the signed-in customer's profile city); empty when signed out.
    #[oai(default)]
    pub city: String,
}

/// The most product ids one `order/get/delivery/products` call answers.
pub const MAX_PRODUCTS: usize = 100;

impl Example for ProductDeliveryReq {
    fn example() -> Self {
        Self { productids: vec![3], city: "تهران".into() }
    }
}

/// Where one product can be sent.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct ProductDelivery {
    /// The product's id.
    pub product_id: i64,
    /// The options a one-line cart of this product is offered in the asked city, the preferred
    /// first (the same rule as `get/delivery/order`); empty: it cannot be sent there. For an
    /// empty city, the options that serve every city.
    pub options: Vec<DeliveryOptionDto>,
    /// Some option serves every city (`همه`).
    pub everywhere: bool,
    /// The named cities some option serves (beside every city when `Everywhere`).
    pub cities: Vec<String>,
}

impl From<super::service::ProductReach> for ProductDelivery {
    fn from(r: super::service::ProductReach) -> Self {
        Self {
            product_id: r.product_id,
            options: r.options.into_iter().map(DeliveryOptionDto::from).collect(),
            everywhere: r.everywhere,
            cities: r.cities,
        }
    }
}

/// Where each asked product can be sent (unknown ids and products offering nothing: empty
/// `Options`, `Everywhere` false, no `Cities`).
#[derive(Debug, Object)]
pub struct ProductDeliveryResponse {
    /// Always `ok`.
    pub status: ResponseStatus,
    /// One entry per distinct asked id, in the asked order.
    pub data: Vec<ProductDelivery>,
}

/// A delivery option as the back office shows it.
#[derive(Debug, Clone, Object)]
#[oai(rename = "DeliveryAdminOption")]
pub struct DeliveryAdminView {
    pub id: i64,
    pub name: String,
    pub description: String,
    /// Toman (0 = free).
    pub price: i64,
    /// Lower is preferred; 0 is special (spec section 5).
    pub priority: i64,
    /// `["همه"]` (every city) or the cities served.
    pub cities: Vec<String>,
    /// How long delivery takes (Persian).
    pub estimate: String,
    /// An in-store pickup (its description follows the shop's details).
    pub pickup: bool,
    /// Offered at all.
    pub active: bool,
    /// Offered for every product; else for the products linked to it.
    pub all_products: bool,
    /// How many products are linked to it.
    pub linked_products: u64,
    /// The version a save of it must name.
    pub version: i64,
}

impl From<super::service::AdminOption> for DeliveryAdminView {
    fn from(a: super::service::AdminOption) -> Self {
        let o = a.row;
        Self {
            cities: o.city_list(),
            id: o.id,
            name: o.name,
            description: o.description,
            price: o.price,
            priority: o.priority,
            estimate: o.estimate,
            pickup: o.pickup,
            active: o.active,
            all_products: o.all_products,
            linked_products: a.linked_products,
            version: o.version,
        }
    }
}

/// `admin/v1/delivery/list` answer.
#[derive(Debug, Object)]
pub struct DeliveryAdminListResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// Every option, active or not, by priority.
    pub data: Vec<DeliveryAdminView>,
}

/// `admin/v1/delivery/save` answer (and `delivery/active`).
#[derive(Debug, Object)]
pub struct DeliveryAdminResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: DeliveryAdminView,
}

/// `admin/v1/delivery/save`: a new option (no `id`) or an edit of `id` made from `version`.
#[derive(Debug, Object)]
pub struct DeliverySaveReq {
    /// The option to edit; absent for a new one.
    pub id: Option<i64>,
    /// The version the form was opened at (ignored for a new option).
    #[oai(default)]
    pub version: i64,
    pub name: String,
    #[oai(default)]
    pub description: String,
    /// Toman, 0 or more.
    pub price: i64,
    /// 0..=1000; lower is preferred.
    pub priority: i64,
    /// Cities from `contract/provinces.json`, or `["همه"]` for every city.
    pub cities: Vec<String>,
    /// How long delivery takes, e.g. «۲ تا ۴ روز کاری».
    #[oai(default)]
    pub estimate: String,
    /// Offered for every product (a new option from the back office usually is).
    #[oai(default)]
    pub all_products: bool,
}

impl DeliverySaveReq {
    /// The request as the delivery option form's values (`cities` one a line).
    pub fn values(&self) -> shop_core::forms::Values {
        let (price, priority, cities) = (self.price.to_string(), self.priority.to_string(), self.cities.join("\n"));
        shop_core::forms::Values::from_pairs([
            ("name", self.name.as_str()),
            ("description", self.description.as_str()),
            ("price", price.as_str()),
            ("priority", priority.as_str()),
            ("cities", cities.as_str()),
            ("estimate", self.estimate.as_str()),
        ])
    }
}

/// `admin/v1/delivery/active`: switch an option on or off.
#[derive(Debug, Object)]
pub struct DeliveryActiveReq {
    pub id: i64,
    /// The version the list showed.
    pub version: i64,
    pub active: bool,
}

/// `order/get/delivery/slots` request.
#[derive(Debug, Object)]
#[oai(example)]
pub struct SlotsReq {
    /// The delivery address's city (as the address book keeps it).
    pub city: String,
}

impl Example for SlotsReq {
    fn example() -> Self {
        Self { city: "تهران".into() }
    }
}

/// A delivery slot a customer may pick.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct SlotView {
    /// Send as `slotid` to `order/register`.
    pub id: i64,
    /// Persian, e.g. «چهارشنبه ۱۱ آذر، ساعت ۹ تا ۱۲».
    pub label: String,
    /// Jalali day `YYYY/MM/DD` (Latin digits), to group by day.
    pub day: String,
    /// Places left.
    pub left: i64,
}

impl From<super::entity::delivery_slot::Model> for SlotView {
    fn from(s: super::entity::delivery_slot::Model) -> Self {
        Self { id: s.id, left: (s.capacity - s.reserved).max(0), label: s.label, day: s.day }
    }
}

/// The slots offered for a city now.
#[derive(Debug, Object)]
pub struct SlotsResponse {
    /// Always `ok`.
    pub status: ResponseStatus,
    /// Soonest first; empty when the city has none open (a slot is then not asked for).
    pub data: Vec<SlotView>,
}

/// A delivery slot as the back office shows it.
#[derive(Debug, Clone, Object)]
pub struct SlotAdminView {
    pub id: i64,
    pub city: String,
    /// Jalali `YYYY/MM/DD`.
    pub day: String,
    /// `HH:MM`.
    pub start: String,
    pub end: String,
    /// The same-day cut-off, `HH:MM`.
    pub cutoff: String,
    pub capacity: i64,
    /// Places orders hold.
    pub reserved: i64,
    pub label: String,
    /// Past its cut-off.
    pub closed: bool,
}

fn hhmm(m: i32) -> String {
    format!("{:02}:{:02}", m / 60, m % 60)
}

impl SlotAdminView {
    pub fn of(s: super::entity::delivery_slot::Model, now: i64) -> Self {
        Self {
            id: s.id,
            closed: s.closes_at <= now,
            start: hhmm(s.start_minute),
            end: hhmm(s.end_minute),
            cutoff: hhmm(s.cutoff_minute),
            city: s.city,
            day: s.day,
            capacity: s.capacity,
            reserved: s.reserved,
            label: s.label,
        }
    }
}

/// `admin/v1/delivery/slot/list` request.
#[derive(Debug, Object)]
pub struct SlotAdminListReq {
    /// A city; empty: every city.
    #[oai(default)]
    pub city: String,
}

/// `admin/v1/delivery/slot/list` answer.
#[derive(Debug, Object)]
pub struct SlotAdminListResp {
    pub status: ResponseStatus,
    /// Not removed, latest day first.
    pub data: Vec<SlotAdminView>,
}

/// `admin/v1/delivery/slot/save`: a new slot (no `id`) or an edit of `id`. Times as typed
/// (`9`, `09:30`, Persian digits); the form is `shop_core::forms::delivery_slot`.
#[derive(Debug, Object)]
pub struct SlotSaveReq {
    pub id: Option<i64>,
    pub city: String,
    /// Jalali day, `۱۴۰۵/۰۹/۱۱`.
    pub day: String,
    pub start: String,
    pub end: String,
    /// Empty: the window's start.
    #[oai(default)]
    pub cutoff: String,
    /// As typed (1 to 10000).
    pub capacity: String,
}

impl SlotSaveReq {
    /// The request as the slot form's values.
    pub fn values(&self) -> shop_core::forms::Values {
        shop_core::forms::Values::from_pairs([
            ("city", self.city.as_str()),
            ("day", self.day.as_str()),
            ("start", self.start.as_str()),
            ("end", self.end.as_str()),
            ("cutoff", self.cutoff.as_str()),
            ("capacity", self.capacity.as_str()),
        ])
    }
}

/// `admin/v1/delivery/slot/save` answer.
#[derive(Debug, Object)]
pub struct SlotAdminResp {
    pub status: ResponseStatus,
    pub data: SlotAdminView,
}

/// `admin/v1/delivery/slot/remove` request.
#[derive(Debug, Object)]
pub struct SlotRemoveReq {
    pub id: i64,
}

/// `admin/v1/delivery/slot/remove` answer.
#[derive(Debug, Object)]
pub struct SlotRemoveResp {
    pub status: ResponseStatus,
}
