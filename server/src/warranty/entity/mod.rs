//! The warranty area's tables (migration `m20261130_000300_warranty`).

pub mod official_invoice;
// Units as they shipped (`order::entity::order_unit`): the order's shipping writes them, so
// the table sits with orders.
pub mod warranty_claim;
pub mod warranty_term;
