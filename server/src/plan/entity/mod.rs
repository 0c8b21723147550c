//! Plan tables: the shop's plans, an order's frozen plan (`order_instalment_plan`) and its
//! instalments.

pub mod instalment;
pub mod instalment_plan;
pub mod order_plan;
