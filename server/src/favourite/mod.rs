//! The customer's favourites (the heart on product pages): owner-only add, remove, merge (hearts
//! kept in the browser before sign-in) and a paged list priced by the catalogue.

pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
pub mod view;
