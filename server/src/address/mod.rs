//! The customer's address book: owner-only add, list, edit, delete and default. Receiver name
//! and mobile, province and city from `shop_core::provinces`, a 10-digit postal code.

pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
