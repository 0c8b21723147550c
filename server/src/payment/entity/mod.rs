//! Payment tables.

pub mod payment;
