//! Alert tables.

pub mod customer_alert;
