//! Instalments: the shop's plans in the back office, paying the next instalment of an order
//! bought in instalments, the finance page's data, and the reminder SMS job. The plan chosen
//! and frozen at registration, and its down payment, are `crate::plan` (below orders; this area
//! reads orders, so it sits above them).

pub mod admin;
pub mod dto;
pub mod entity;
pub mod jobs;
pub mod overdue;
pub mod routes;
pub mod service;
pub mod view;
