//! The back office's start page: today's figures against yesterday's, the work waiting, low
//! stock and the last 30 days per Tehran day. Read-only (`admin.rs`, any staff member).

pub mod admin;
pub mod dto;
pub mod service;
