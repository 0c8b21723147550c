//! Delivery options (spec section 5): tables, the per-order filter and the API call.

pub mod admin;
pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
pub mod slots;
