//! Live chat: a customer's one conversation with the shop, over a WebSocket
//! (`GET /api/client/v1/chat/socket`; protocol in `docs/chat.md`), answered by staff from an
//! inbox. Messages live in the database; nodes hear of new ones by PostgreSQL LISTEN/NOTIFY or,
//! on SQLite, by polling ([`bus`]), and push them to their own sockets through the [`hub`].

pub mod bus;
pub mod dto;
pub mod entity;
pub mod hub;
pub mod routes;
pub mod service;
pub mod session;
pub mod view;

/// Messages per page of history.
pub const HISTORY_PAGE: u64 = 30;
/// Conversations per page of the staff inbox.
pub const INBOX_PAGE: u64 = 50;
