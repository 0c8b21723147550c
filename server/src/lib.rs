//! The shop's HTTP server (binary `shop`): poem + poem-openapi + sea-orm.
//! See docs/architecture.md for the tree and the API contract.

#[cfg(test)]
mod architecture;
pub mod account;
pub mod address;
pub mod alert;
pub mod audit;
pub mod auth;
pub mod captcha;
pub mod cart;
pub mod catalog;
pub mod chat;
pub mod cli;
pub mod content;
pub mod customer;
pub mod dashboard;
pub mod delivery;
pub mod favourite;
pub mod instalment;
pub mod demo;
pub mod discount;
pub mod migration;
pub mod order;
pub mod payment;
pub mod plan;
pub mod platform;
pub mod prepared_order;
pub mod returns;
pub mod seo;
pub mod shop_settings;
pub mod sms;
pub mod staff;
pub mod startup;
pub mod state;
pub mod ticket;
pub mod review;
pub mod warranty;
