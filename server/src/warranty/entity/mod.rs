//! The warranty area's tables (migration `m20261130_000300_warranty`).

pub mod official_invoice;
pub mod order_unit;
pub mod warranty_claim;
pub mod warranty_term;
