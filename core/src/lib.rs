//! The shop's rule book: pure functions shared by the server (native) and the web app (WASM).
//!
//! Every rule the spec names lives here once: digit and mobile normalisation, the validation
//! rules with their exact Persian messages, the one-time-code shape, cart counts and totals,
//! instalment eligibility and schedules, delivery filtering, Persian search folding and Jalali dates.
//! Nothing here does I/O, and no input makes any function panic.
//! See `docs/architecture.md` section 1 for the contract.
//!
//! ```
//! use shop_core::mobile::normalize_mobile;
//! assert_eq!(normalize_mobile("+۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹").as_deref(), Ok("09123456789"));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod alert;
pub mod bidi;
pub mod cart;
pub mod chat;
pub mod checkout;
pub mod delivery;
pub mod delivery_slot;
pub mod discount;
pub mod edit_version;
pub mod forms;
pub mod digits;
mod fold_table;
pub mod instalment;
pub mod jalali;
pub mod limits;
pub mod mobile;
pub mod order_state;
pub mod otp;
pub mod price;
pub mod price_history;
pub mod price_row;
pub mod product_form;
pub mod provinces;
pub mod quote;
pub mod refund;
pub mod returns;
pub mod review;
pub mod search;
pub mod session;
pub mod shipment;
pub mod staff;
pub mod stock;
pub mod tax_id;
pub mod tehran;
pub mod ticket_state;
mod text;
pub mod types;
pub mod validation;
pub mod warranty;
#[cfg(feature = "dispatch")]
pub mod dispatch;
