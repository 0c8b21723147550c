//! Instalments: the shop's plans, an order bought in instalments (plan and schedule frozen at
//! registration, down payment through the gateway), paying the next instalment, the finance
//! page's data, and the reminder SMS job.

pub mod admin;
pub mod dto;
pub mod entity;
pub mod jobs;
pub mod overdue;
pub mod plans_admin;
pub mod routes;
pub mod service;
pub mod view;
