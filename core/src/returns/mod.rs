//! After the sale: returning delivered lines (issue 26). One rule per file:
//!
//! - [`working_days`]: Jalali working days (not Fridays, not the official holidays the
//!   caller passes in: the holiday table is data, kept by staff);
//! - [`window`]: the last day a delivered line may be asked back (7 working days for new and
//!   open-box laptops, the product's test period for used ones);
//! - [`state`]: the one table of a return's states;
//! - [`request`]: what the customer's return request must hold (lines, reason, description,
//!   photos).

pub mod request;
pub mod state;
pub mod window;
pub mod working_days;
