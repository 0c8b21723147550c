//! Customers as staff see them: search, one customer's page (profile, addresses, orders,
//! tickets, chats, favourites, instalment plans) and blocking. Staff calls only (`admin.rs`).

pub mod admin;
pub mod dto;
pub mod service;
