//! Discount codes: the terms staff create (`shop discount add`), the rule from
//! `shop_core::discount`, the atomic use counters spent when an order is registered and given
//! back when it is cancelled or expires, and the list of codes a customer may use.

pub mod admin;
pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
