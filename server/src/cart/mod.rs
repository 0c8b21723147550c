//! The cart: the open pre-order of spec section 7 (list, a line's edit and delete, the totals'
//! update, its delivery options) before registration turns it into an order (`crate::order`).

pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
pub mod view;
