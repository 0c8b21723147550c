//! Support tickets: a customer opens one (subject, department, priority, an optional order of
//! theirs, a first message and attachments), the staff answer from their inbox, either side
//! closes it. Attachments are checked by `core` (size, type, first bytes) and kept in the
//! file store under generated names; only the ticket's owner and staff can download them.

pub mod admin;
pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
pub mod view;
