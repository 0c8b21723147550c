//! Delivery options (spec section 5): tables, the per-order filter and the API call.

pub mod api;
pub mod entity;
pub mod service;
