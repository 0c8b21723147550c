//! Reviews from verified buyers (a delivered order line each), helpful votes, questions and
//! answers, all moderated by staff (`shop_core::review`). Above `order`: it asks whether a
//! customer has a delivered line of a product. Customer calls in `routes.rs`, staff's in `admin.rs`.

pub mod admin;
pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
pub mod sms;
