//! Address tables.

pub mod address;
