//! Discount tables.

pub mod discount_code;
pub mod discount_redemption;
pub mod discount_use;
