//! Return tables (migration `m20261130_000200_returns`).

pub mod holiday;
pub mod order_return;
pub mod order_return_event;
pub mod order_return_line;
pub mod order_return_photo;
