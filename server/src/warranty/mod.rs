//! After the sale: each shipped unit's serial and warranty, warranty claims (a ticket of kind
//! `warranty` with its own states, `shop_core::warranty::claim_state`), and the official
//! invoice's buyer (`shop_core::forms::official_invoice`). Customer calls in `routes.rs`, the
//! staff's beside them in `admin.rs`. The order area's ship action checks and records the units
//! (`order::service::units`) inside its own transaction, asking this area only the months of
//! each warranty ([`service::WarrantyTerms`]; docs/decisions.md "Warranty and official invoices").

pub mod admin;
pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
pub mod sms;
pub mod view;
