//! After the sale (issue 26): the order page's tracking and refund state, buying an order
//! again, the customer's cancellation of a paid order (through `order::service::invoice::cancel`),
//! returns (customer asks, staff approve or reject, receive, refund) and the official
//! holidays their window counts around. The rules are `shop_core::returns`.

pub mod admin;
pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
pub mod view;
