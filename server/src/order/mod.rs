//! Orders: the pre-order (cart) calls of spec section 7, order registration with its stock
//! reservation, the checkout summary, the reservation expiry job and invoices.

pub mod dto;
pub mod entity;
pub mod admin;
pub mod routes;
pub mod sms;
pub mod service;
pub mod view;
