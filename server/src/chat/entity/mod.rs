//! Chat tables: `chat_conversation` (one per customer, with each side's delivered/read marks)
//! and `chat_message`.

pub mod chat_conversation;
pub mod chat_message;
