//! Sign-in: mobile number + one-time code, password, registration, password recovery and
//! session refresh (spec section 7, design.md section 4).

pub mod api;
pub mod dto;
pub mod entity;
pub mod limits;
pub mod password;
pub mod service;
pub mod token;

pub use service::seed_demo_user;
