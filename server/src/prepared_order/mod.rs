//! Staff-prepared orders (`/order/{code}`): staff put lines together for a customer
//! (`shop order prepare`), the customer opens the link, signs in and adopts it into their cart,
//! then registers and pays it as any cart. The code is a bearer secret: only its hash is stored.

pub mod admin;
pub mod dto;
pub mod entity;
pub mod routes;
pub mod service;
