//! Restock and price-drop alerts (issue 27 item 4): a customer asks on the product page to be
//! told when a variant is back or cheaper; a job on every node sends each alert once by SMS.
//!
//! Above the catalogue (and auth, whose SMS budget it shares); nothing below it knows alerts:
//! a price change or a restock writes the variant and nothing else. The job reads the
//! variants' stock and price when it runs (`jobs.rs`), and the rules are core's
//! (`shop_core::alert`). Decisions: docs/decisions.md "Alerts".

pub mod dto;
pub mod entity;
pub mod jobs;
pub mod routes;
pub mod service;
pub mod sms;
