//! Order tables: the cart (`shop_order` while open, with `order_line`), and registered
//! orders (`customer_order`, with the frozen `customer_order_line` snapshot and the
//! `order_event` timeline).

pub mod customer_order;
pub mod customer_order_line;
pub mod order_event;
pub mod order_line;
pub mod shop_order;
