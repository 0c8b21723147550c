//! Payments: the `PaymentGateway` trait with its `sandbox` and `zarinpal` adapters, opening
//! attempts, the gateway's callback (verified with the amount from our database), and
//! reconciliation of payments whose callback never arrived. What a payment pays for settles it
//! through one trait (`purpose::Settle`, registered in `AppState`): payment imports neither
//! `order` nor `instalment`.

pub mod admin;
pub mod dto;
pub mod entity;
pub mod gateway;
pub mod purpose;
pub mod refunds;
pub mod routes;
pub mod service;
pub mod view;
