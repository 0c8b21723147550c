//! Cart tables: the cart (`shop_order`: open while it is the customer's cart) and its lines
//! (`order_line`). Registration snapshots them into `crate::order::entity`'s `customer_order`
//! and `customer_order_line`, which keep the cart's id as `cart_id`.

pub mod order_line;
pub mod shop_order;
