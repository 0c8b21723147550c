//! Instalment tables: the shop's plans, an order's frozen plan (`order_instalment_plan`), its
//! instalments, and the reminders already claimed.

pub mod instalment;
pub mod instalment_plan;
pub mod order_plan;
pub mod reminder;
