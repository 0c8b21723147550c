//! Content: the blog, the about/contact/terms/privacy pages and the FAQ (Persian), with
//! cacheable public reads (`/api/client/v1/blog`, `/blog/{slug}`, `/pages/{name}`, `/faq`).

pub mod api;
pub mod demo;
pub mod entity;
