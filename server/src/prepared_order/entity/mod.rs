//! Prepared-order tables.

pub mod prepared_order;
pub mod prepared_order_line;
