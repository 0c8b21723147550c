//! Address book requests and answers.

use crate::platform::ResponseStatus;
use poem_openapi::{types::Example, Object};

use super::entity::address;
use shop_core::forms::Values;

/// `address/add` request (and the fields of `address/edit`).
#[derive(Debug, Object)]
#[oai(example, rename = "AddressAddRequest")]
pub struct AddReq {
    /// Receiver's full name, 3 to 100 characters (`shop_core::forms::address`, the form the web
    /// app checks with too; the body limit bounds what is read).
    pub name: String,
    /// Receiver's mobile (`09…`, `+989…`, Persian digits allowed).
    #[oai(validator(max_length = 40))]
    pub mobile: String,
    /// Province (one of the provinces list).
    #[oai(validator(max_length = 100))]
    pub state: String,
    /// City of that province.
    #[oai(validator(max_length = 100))]
    pub city: String,
    /// Street address, 10 to 500 characters (`shop_core::forms::address`; the body limit
    /// bounds what is read).
    pub address: String,
    /// Ten-digit postal code (Persian digits allowed).
    #[oai(validator(max_length = 40))]
    pub postalcode: String,
    /// Building number (پلاک), optional; at most 20 characters.
    #[oai(default)]
    pub plaque: String,
    /// Unit (واحد), optional; at most 20 characters.
    #[oai(default)]
    pub unit: String,
    /// Make it the default address (the first address always is).
    #[oai(default)]
    pub default: bool,
}

impl Example for AddReq {
    fn example() -> Self {
        Self {
            name: "مریم احمدی".into(),
            mobile: "09123456789".into(),
            state: "تهران".into(),
            city: "تهران".into(),
            address: "خیابان آزادی، کوچه ۱۲، پلاک ۴، واحد ۳".into(),
            postalcode: "1234567890".into(),
            plaque: "۴".into(),
            unit: "۳".into(),
            default: false,
        }
    }
}

impl AddReq {
    /// The fields by the names of `core`'s address form (`shop_core::forms::address`).
    pub fn values(&self) -> Values {
        Values::from_pairs([
            ("name", self.name.as_str()),
            ("mobile", &self.mobile),
            ("state", &self.state),
            ("city", &self.city),
            ("address", &self.address),
            ("postalcode", &self.postalcode),
            ("plaque", &self.plaque),
            ("unit", &self.unit),
        ])
    }
}

/// `address/edit` request: the address id and its new fields.
#[derive(Debug, Object)]
#[oai(rename = "AddressEditRequest")]
pub struct EditReq {
    /// Id of one of the caller's addresses.
    pub id: i64,
    #[oai(flatten)]
    pub fields: AddReq,
}

/// `address/delete` and `address/default` request.
#[derive(Debug, Object)]
#[oai(rename = "AddressIdRequest")]
pub struct IdReq {
    /// Id of one of the caller's addresses.
    pub id: i64,
}

/// One address.
#[derive(Debug, Clone, Object)]
#[oai(rename = "Address")]
pub struct AddressDto {
    #[oai(rename = "Id")]
    pub id: i64,
    /// Receiver's name.
    #[oai(rename = "Name")]
    pub name: String,
    /// Receiver's mobile, `09xxxxxxxxx`.
    #[oai(rename = "Mobile")]
    pub mobile: String,
    /// Province.
    #[oai(rename = "State")]
    pub state: String,
    #[oai(rename = "City")]
    pub city: String,
    /// Street address.
    #[oai(rename = "Address")]
    pub address: String,
    /// Ten digits.
    #[oai(rename = "PostalCode")]
    pub postal_code: String,
    /// Building number; empty when not given.
    #[oai(rename = "Plaque")]
    pub plaque: String,
    /// Unit; empty when not given.
    #[oai(rename = "Unit")]
    pub unit: String,
    #[oai(rename = "IsDefault")]
    pub is_default: bool,
}

impl From<address::Model> for AddressDto {
    fn from(a: address::Model) -> Self {
        Self {
            id: a.id,
            name: a.receiver_name,
            mobile: a.receiver_mobile,
            state: a.province,
            city: a.city,
            address: a.line,
            postal_code: a.postal_code,
            plaque: a.plaque,
            unit: a.unit,
            is_default: a.is_default,
        }
    }
}

/// The caller's address book (answer of every address call).
#[derive(Debug, Object)]
#[oai(rename = "AddressListResponse")]
pub struct ListResp {
    /// `ok`.
    pub status: ResponseStatus,
    /// The addresses, the default first, then newest first.
    pub data: Vec<AddressDto>,
    /// With `address/add`: the new address's id.
    #[oai(rename = "Id", skip_serializing_if_is_none)]
    pub id: Option<i64>,
}
