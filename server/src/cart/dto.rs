//! Requests and answers of the cart calls (spec section 7: the pre-order list, a line's edit
//! and delete, the totals' update, the delivery options of the cart). The spec's names
//! (`orderid`, `PriceGaranti`, …) live here, on the wire only.

use poem_openapi::{types::Example, Object};

/// `order/list/preorder` request.
#[derive(Debug, Object)]
#[oai(example, rename = "PreorderListRequest")]
pub struct ListReq {
    /// The caller's `Uid`. Any other user's `Uid` is refused with 403.
    #[oai(validator(max_length = 100))]
    pub uid: String,
}

impl Example for ListReq {
    fn example() -> Self {
        Self { uid: "u_8f3k2q9x".into() }
    }
}

/// `order/update/totalprice` request.
#[derive(Debug, Object)]
#[oai(example, rename = "UpdateTotalPriceRequest")]
pub struct CartIdReq {
    /// Id of the caller's open order (`OrderId` of the pre-order list).
    pub orderid: i64,
}

impl Example for CartIdReq {
    fn example() -> Self {
        Self { orderid: 12 }
    }
}

/// `order/delete/product` request.
#[derive(Debug, Object)]
#[oai(example, rename = "DeleteProductRequest")]
pub struct DeleteReq {
    /// Id of the cart line to remove (`Id` of a cart line).
    pub id: i64,
    /// Id of the caller's open order the line belongs to.
    pub orderid: i64,
}

impl Example for DeleteReq {
    fn example() -> Self {
        Self { id: 31, orderid: 12 }
    }
}

/// `order/edit/product` request: sets one cart line's product variant and quantity.
///
/// **What the server reads:** `spid`, `spiddetail`, `num`, `orderid` and `id`. The spec's
/// `name`, `price`, `pricegaranti`, `namegaranti`, `dg`, `property` and `color` are optional,
/// accepted for compatibility with the spec's client and **ignored**: the server copies them
/// from the catalogue. The shop's web client does not send them.
#[derive(Debug, Object)]
#[oai(example, rename = "EditProductRequest")]
pub struct EditReq {
    /// Product id (`SupProductId`).
    pub spid: i64,
    /// Variant id (`SupProductIdDetail`): the product's colour and warranty choice.
    pub spiddetail: i64,
    /// The line's new quantity (absolute, not added), from 1 to 100.
    pub num: i64,
    /// Ignored (taken from the catalogue).
    pub name: Option<serde_json::Value>,
    /// Ignored (taken from the catalogue).
    pub price: Option<serde_json::Value>,
    /// Ignored (taken from the catalogue).
    pub pricegaranti: Option<serde_json::Value>,
    /// Ignored (taken from the catalogue).
    pub namegaranti: Option<serde_json::Value>,
    /// Ignored (taken from the catalogue).
    pub dg: Option<serde_json::Value>,
    /// Ignored (taken from the catalogue).
    pub property: Option<serde_json::Value>,
    /// Ignored (taken from the catalogue).
    pub color: Option<serde_json::Value>,
    /// The caller's open order; 0 or absent means "my open order", created when missing.
    pub orderid: Option<i64>,
    /// The line to change; 0 or absent means the order's line of this variant, created when
    /// missing. Changing a line to a variant another line already holds merges the two.
    pub id: Option<i64>,
}

impl Example for EditReq {
    fn example() -> Self {
        Self {
            spid: 1,
            spiddetail: 2,
            num: 1,
            name: None,
            price: None,
            pricegaranti: None,
            namegaranti: None,
            dg: None,
            property: None,
            color: None,
            orderid: Some(0),
            id: Some(0),
        }
    }
}

/// One cart line (spec section 3), with the catalogue's current names and prices.
#[derive(Debug, Clone, Object)]
pub struct CartLine {
    /// Line id.
    #[oai(rename = "Id")]
    pub id: i64,
    /// The order the line belongs to.
    #[oai(rename = "OrderId")]
    pub cart_id: i64,
    /// Product id.
    #[oai(rename = "SupProductId")]
    pub sup_product_id: i64,
    /// Variant id (colour and warranty choice).
    #[oai(rename = "SupProductIdDetail")]
    pub sup_product_id_detail: i64,
    /// Quantity.
    #[oai(rename = "Num")]
    pub num: i64,
    /// Product name.
    #[oai(rename = "Name")]
    pub name: String,
    /// Unit price in Toman.
    #[oai(rename = "Price")]
    pub price: i64,
    /// Unit warranty price in Toman.
    #[oai(rename = "PriceGaranti")]
    pub warranty_price: i64,
    /// Warranty name.
    #[oai(rename = "NameGaranti")]
    pub warranty_name: String,
    /// The catalogue's `DG` label of the variant.
    #[oai(rename = "DG")]
    pub dg: String,
    /// The variant's configuration, e.g. «۱۶ گیگ رم / ۵۱۲ گیگ SSD».
    #[oai(rename = "Property")]
    pub property: String,
    /// Colour.
    #[oai(rename = "Color")]
    pub color: String,
    /// Whether this line may be paid in instalments.
    #[oai(rename = "InsPayment")]
    pub ins_payment: bool,
}

/// The caller's cart. Shared answer of the four pre-order calls.
#[derive(Debug, Object)]
#[oai(example)]
pub struct CartResponse {
    /// `ok`; `not` from `order/edit/product` when the quantity is not in stock (nothing changed).
    pub status: CartStatus,
    /// With `not`: a Persian message naming the product.
    #[oai(skip_serializing_if_is_none)]
    pub message: Option<String>,
    /// With `not`: the name of the product that is short.
    #[oai(rename = "Name", skip_serializing_if_is_none)]
    pub name: Option<String>,
    /// The cart lines, oldest first; `[]` for an empty cart.
    pub data: Vec<CartLine>,
    /// Sum of `Num × (Price + PriceGaranti)` over the lines, in Toman.
    #[oai(rename = "OrderTotalPrice")]
    pub order_total_price: i64,
    /// `OrderTotalPrice` on the cart: a kept discount code is priced at checkout
    /// (`order/summary`), with the delivery the address needs.
    #[oai(rename = "FinalPrice")]
    pub final_price: i64,
    /// The order's short public code; null when the caller has no open order.
    #[oai(rename = "Code")]
    pub code: Option<String>,
    /// The order's id; null when the caller has no open order.
    #[oai(rename = "OrderId")]
    pub cart_id: Option<i64>,
    /// The discount code kept on the cart (`order/discount/apply`), null without one. It stays
    /// across pages, reloads and devices until removed or until it stops applying.
    #[oai(rename = "DiscountCode")]
    pub discount_code: Option<String>,
    /// After an edit that made the kept code stop applying: the Persian sentence saying it was
    /// taken off and why (the code is then null).
    #[oai(rename = "DiscountNotice", skip_serializing_if_is_none)]
    pub discount_notice: Option<String>,
}

/// `status` of the pre-order calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename_all = "snake_case")]
pub enum CartStatus {
    /// Done.
    Ok,
    /// The quantity is not in stock; nothing changed.
    Not,
}

impl Example for CartResponse {
    fn example() -> Self {
        Self {
            status: CartStatus::Ok,
            message: None,
            name: None,
            data: vec![CartLine {
                id: 31,
                cart_id: 12,
                sup_product_id: 1,
                sup_product_id_detail: 2,
                num: 1,
                name: "لپ‌تاپ ایسوس ذن‌بوک ۱۴ مدل UX3405MA".into(),
                price: 73_200_000,
                warranty_price: 2_500_000,
                warranty_name: "گارانتی ۱۸ ماهه آواژنگ".into(),
                dg: "1-2".into(),
                property: "Core Ultra 7 155H / ۱۶ گیگ رم / ۱ ترابایت SSD".into(),
                color: "نقره‌ای".into(),
                ins_payment: true,
            }],
            order_total_price: 75_700_000,
            final_price: 75_700_000,
            code: Some("K7Q2M9XD".into()),
            cart_id: Some(12),
            discount_code: Some("WELCOME10".into()),
            discount_notice: None,
        }
    }
}
