//! Alert requests and answers.

use poem_openapi::Object;

use crate::platform::ResponseStatus;
use shop_core::alert::AlertKind;

/// What the customer wants to be told of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename = "AlertKind", rename_all = "snake_case")]
pub enum KindDto {
    /// The variant is out of stock: tell me when it is back.
    Restock,
    /// The variant is in stock: tell me when its price falls below today's.
    PriceDrop,
}

impl From<KindDto> for AlertKind {
    fn from(k: KindDto) -> Self {
        match k {
            KindDto::Restock => AlertKind::Restock,
            KindDto::PriceDrop => AlertKind::PriceDrop,
        }
    }
}

impl From<AlertKind> for KindDto {
    fn from(k: AlertKind) -> Self {
        match k {
            AlertKind::Restock => KindDto::Restock,
            AlertKind::PriceDrop => KindDto::PriceDrop,
        }
    }
}

/// Where an alert stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename = "AlertState", rename_all = "snake_case")]
pub enum StateDto {
    /// Waiting for the variant to come back or get cheaper.
    Waiting,
    /// Sent by SMS.
    Sent,
}

/// `alert/subscribe` request.
#[derive(Debug, Object)]
#[oai(rename = "AlertSubscribeRequest")]
pub struct SubscribeReq {
    /// The variant (`Variants[].Id` of the product answer).
    pub variant_id: i64,
    /// `restock` (out-of-stock variant) or `price_drop` (in-stock variant).
    pub kind: KindDto,
}

/// `alert/remove` request.
#[derive(Debug, Object)]
#[oai(rename = "AlertRemoveRequest")]
pub struct RemoveReq {
    /// The alert's `Id`.
    pub id: i64,
}

/// One alert as its customer sees it.
#[derive(Debug, Object)]
#[oai(rename = "Alert", rename_all = "PascalCase")]
pub struct AlertDto {
    pub id: i64,
    pub kind: KindDto,
    pub state: StateDto,
    /// The product's uid (for its link); empty when the product is gone.
    pub product_uid: String,
    /// The product's name.
    pub product_name: String,
    /// The variant: colour and warranty.
    pub variant_label: String,
    pub variant_id: i64,
    /// The price when the customer asked (Toman) and as text.
    pub threshold: i64,
    pub threshold_text: String,
    /// Unix seconds.
    pub created_at: i64,
    /// When the SMS went (unix seconds), and the price it told.
    pub sent_at: Option<i64>,
    pub sent_price_text: Option<String>,
}

/// `alert/subscribe` answer: the waiting alert (the same one when asked again).
#[derive(Debug, Object)]
#[oai(rename = "AlertSubscribeResponse")]
pub struct SubscribeResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// False when the same alert was already waiting (nothing new was written).
    pub created: bool,
    pub data: AlertDto,
}

/// `alert/list` answer: the caller's alerts, newest first.
#[derive(Debug, Object)]
#[oai(rename = "AlertListResponse")]
pub struct ListResp {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: Vec<AlertDto>,
}

/// `alert/remove` answer.
#[derive(Debug, Object)]
#[oai(rename = "AlertRemoveResponse")]
pub struct RemoveResp {
    /// `ok`.
    pub status: ResponseStatus,
}
