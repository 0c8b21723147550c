//! Content: the blog, the about/contact/terms/privacy pages and the FAQ (Persian), with
//! cacheable public reads (`/api/client/v1/blog`, `/blog/{slug}`, `/pages/{name}`, `/faq`).

pub mod admin;
pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
pub mod view;
