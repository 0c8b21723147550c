//! Registered orders: registration with its stock reservation, the checkout summary, paying an
//! order, the lifecycle, invoices, the staff's calls, the reservation expiry job and the
//! customer's order SMS. The cart before registration is `crate::cart`.

pub mod dto;
pub mod entity;
pub mod admin;
pub mod routes;
pub mod sms;
pub mod service;
pub mod view;
