//! Instalment plans (the shop's, and the one frozen with an order at registration), below
//! orders; paying the instalments is `crate::instalment`, above them. admin.rs: the plans in
//! the back office (core's plan form).

pub mod admin;
pub mod dto;
pub mod entity;
pub mod service;
