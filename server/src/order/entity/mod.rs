//! Registered orders: `customer_order`, with the frozen `customer_order_line` snapshot and the
//! `order_event` timeline (the cart's tables are `crate::cart::entity`).

pub mod customer_order;
pub mod customer_order_line;
pub mod order_event;
pub mod order_unit;
