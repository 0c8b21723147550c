//! Instalment plans (the shop's, and the one frozen with an order at registration), below
//! orders; paying the instalments is `crate::instalment`, above them.

pub mod entity;
pub mod service;
