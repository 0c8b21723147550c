//! The catalogue: products and their variants (colour × warranty), details, categories,
//! special offers and pictures; the public read API (`routes`), served from an in-memory
//! snapshot (`cache`, `snapshot`, `search`; searched through `engine`'s boundary). Money is an integer number of Toman.

pub mod admin;
pub mod admin_bulk;
pub mod admin_pictures;
pub mod bulk;
pub mod cache;
pub mod dto;
pub mod editor;
pub mod engine;
pub mod entity;
pub mod fmt;
pub mod holders;
pub mod images;
pub mod pictures;
pub mod price_history;
pub mod rank;
pub mod routes;
pub mod sample;
pub mod search;
pub mod service;
pub mod snapshot;
pub mod view;

pub use entity::{category, info, product, variant};
pub use service::{items_by_variant_ids, CatalogItem};
