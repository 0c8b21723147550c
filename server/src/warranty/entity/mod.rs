//! The warranty area's tables (migration `m20261130_000300_warranty`).

pub mod official_invoice;
/// Units as they shipped: the order's shipping writes them, so the table sits with orders.
pub use crate::order::entity::order_unit;
pub mod warranty_claim;
pub mod warranty_term;
