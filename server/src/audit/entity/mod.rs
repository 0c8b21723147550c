//! Audit tables.

pub mod audit_log;
