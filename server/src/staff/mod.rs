//! The shop's staff: who may use the back office, with which roles (`shop_core::staff`).
//! An admin adds, changes and removes staff in the browser (`admin.rs`); `shop staff add
//! 09… --role admin` makes the first admin through the same service. Staff sign in like
//! customers, with their mobile number and a one-time code.

pub mod admin;
pub mod dto;
pub mod service;
