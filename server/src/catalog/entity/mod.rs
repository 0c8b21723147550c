//! The catalogue's tables.

pub mod category;
pub mod info;
pub mod picture;
pub mod price_event;
pub mod price_import;
pub mod product;
pub mod variant;
