//! After the sale, per unit: its serial number ([`serial`]), the day its warranty ends
//! ([`end`]) and the life of a warranty claim ([`claim_state`]).
//!
//! **What.** Staff record one [`serial::SerialNumber`] per unit when an order ships; the unit's
//! warranty ends [`end::warranty_end`] months after it reached the customer; until that day
//! (inclusive) the customer may open a claim ([`end::check_claim_window`]), which then moves
//! along [`claim_state::transition`]'s one table.
//! **Why.** The ship form, the server and the customer's order page must agree on what a
//! serial is and when a warranty ends; one rule each, run natively and in WASM.
//! **Example.**
//! ```
//! use shop_core::warranty::{end::warranty_end, serial::SerialNumber};
//! use shop_core::jalali::JalaliDate;
//! assert_eq!(SerialNumber::parse(" 5cd۱۲۳۴x/۷ ").unwrap().as_str(), "5CD1234X/7");
//! let d = |year, month, day| JalaliDate { year, month, day };
//! assert_eq!(warranty_end(d(1405, 6, 31), 18), Some(d(1406, 12, 29)));
//! ```

pub mod claim_state;
pub mod end;
pub mod serial;
