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
