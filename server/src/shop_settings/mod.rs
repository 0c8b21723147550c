//! The shop's own details (name, phone, email, city, address, postal code, opening hours):
//! ONE record (`shop_settings`, id 1) read by the contact page, the in-store pickup option's
//! description and the Organization JSON-LD; a public cacheable GET (`/api/client/v1/shop`).

pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
