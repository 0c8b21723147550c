//! HTTP helpers the areas share: cacheable JSON answers (ETag, 304),
//! paged lists, and query parsing.

pub mod cache;
pub mod page;
pub mod query;
