//! HTTP helpers the areas share: cacheable JSON answers (ETag, 304),
//! paged lists, query parsing, JSON answers rendered once and the envelope's `status` words.

pub mod cache;
pub mod page;
pub mod query;
pub mod rendered;
pub mod status;
