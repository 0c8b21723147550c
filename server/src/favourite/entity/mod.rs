//! Favourite tables.

pub mod favourite;
