//! After the sale: each shipped unit's serial and warranty, warranty claims (a ticket of kind
//! `warranty` with its own states, `shop_core::warranty::claim_state`), and the official
//! invoice's buyer (`shop_core::forms::official_invoice`). Customer calls in `routes.rs`, the
//! staff's beside them in `admin.rs`; the order area's ship action calls [`service::check_serials`]
//! and [`service::record_units`] inside its own transaction (docs/decisions.md "Warranty and
//! official invoices").

pub mod admin;
pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
pub mod sms;
pub mod view;
