//! The audit log: every change a staff member (or the `shop` command line) makes, append-only —
//! who, what (entity and id), the values before and after, when and from where. Areas call
//! [`service::record`] inside the transaction of the change, so a change and its record commit
//! together; staff read it at `/admin/audit` (`admin.rs`). Nothing in the API edits or deletes
//! a row, and the database refuses UPDATE and DELETE on the table (a trigger).

pub mod admin;
pub mod dto;
pub mod entity;
pub mod service;
pub mod versioned;
