//! The shop settings' answer shape.

use crate::platform::ResponseStatus;
use poem_openapi::Object;

use super::entity::shop_settings;

/// The shop's details, digits in Persian (the email as written). Empty strings where the shop
/// has not filled them in.
#[derive(Debug, Clone, Object)]
#[oai(rename_all = "PascalCase")]
pub struct ShopInfo {
    pub name: String,
    pub phone: String,
    /// The phone as a `tel:` target (Western digits, no separators); empty without a phone.
    pub phone_href: String,
    pub email: String,
    pub city: String,
    pub address: String,
    pub postal_code: String,
    pub opening_hours: String,
}

impl From<&shop_settings::Model> for ShopInfo {
    fn from(m: &shop_settings::Model) -> Self {
        let fa = shop_core::digits::to_persian_digits;
        Self {
            name: fa(&m.name),
            phone: fa(&m.phone),
            phone_href: super::service::tel(&m.phone),
            email: m.email.clone(),
            city: fa(&m.city),
            address: fa(&m.address),
            postal_code: fa(&m.postal_code),
            opening_hours: fa(&m.opening_hours),
        }
    }
}

/// `GET /shop`.
#[derive(Debug, Clone, Object)]
pub struct ShopInfoResponse {
    /// `ok`.
    pub status: ResponseStatus,
    pub data: ShopInfo,
}
