//! The pre-order (cart) calls of spec section 7: list, edit product, delete product,
//! update total price.

pub mod api;
pub mod entity;
pub mod service;
