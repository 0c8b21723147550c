//! Payments: the `PaymentGateway` trait with its `sandbox` and `zarinpal` adapters, starting
//! a payment for a registered order, the gateway's callback (verified with the amount from our
//! database), the result the payment pages show, and reconciliation of payments whose
//! callback never arrived.

pub mod admin;
pub mod dto;
pub mod entity;
pub mod gateway;
pub mod refunds;
pub mod routes;
pub mod service;
pub mod view;
