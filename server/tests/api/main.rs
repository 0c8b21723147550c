//! The server's black-box tests: one test binary, one module per area, all on the harness in
//! [`helpers`] (the real server over HTTP, on SQLite and on PostgreSQL).

mod helpers;

mod account;
mod account_lists;
mod auth;
mod binary;
mod catalog;
mod chat;
mod checkout;
mod checkout_support;
mod discounts;
mod instalments;
mod order;
mod payments;
mod platform;
mod prepared_orders;
mod providers;
mod security;
mod tickets;
