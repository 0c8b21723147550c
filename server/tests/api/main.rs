//! The server's black-box tests: one test binary, one module per area, all on the harness in
//! [`helpers`] (the real server over HTTP, on SQLite and on PostgreSQL).

mod helpers;

mod account;
mod account_lists;
mod admin_money;
mod admin_orders;
mod admin_roles;
mod alerts;
mod audit;
mod auth;
mod binary;
mod catalog;
mod catalog_admin;
mod catalog_bulk;
mod catalog_pictures;
mod chat;
mod checkout;
mod checkout_support;
mod content_admin;
mod contract;
mod customers;
mod dashboard;
mod delivery_admin;
mod delivery_slots;
mod forms;
mod discount_admin;
mod discounts;
mod instalments;
mod order;
mod payments;
mod plans_admin;
mod platform;
mod prepared_orders;
mod price_history;
mod providers;
mod returns;
mod reviews;
mod security;
mod several_nodes;
mod staff;
mod tickets;
mod warranty;
