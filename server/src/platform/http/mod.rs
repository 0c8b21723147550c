//! HTTP helpers the areas share: cacheable JSON answers (ETag, 304) and query parsing.

pub mod cache;
pub mod query;
