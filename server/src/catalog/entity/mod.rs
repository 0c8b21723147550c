//! The catalogue's tables.

pub mod category;
pub mod info;
pub mod product;
pub mod variant;
