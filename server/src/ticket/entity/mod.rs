//! Ticket tables.

pub mod ticket;
pub mod ticket_attachment;
pub mod ticket_message;
