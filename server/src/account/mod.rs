//! The signed-in customer's own account: profile fields, a new mobile number (confirmed by a
//! code sent to it) and the password. Every call acts on the bearer's account only.

pub mod dto;
pub mod routes;
pub mod service;
