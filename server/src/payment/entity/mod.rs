//! Payment tables.

pub mod payment;
pub mod refund;
