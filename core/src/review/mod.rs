//! Reviews from verified buyers and questions about a product: the rules both sides read.
//!
//! [`rating`]: a review's 1–5 stars; [`lists`]: pros and cons, one per line; [`moderation`]:
//! the one table pending → approved / rejected; [`summary`]: average, count and each star's
//! share of the approved reviews. The forms (`review`, `question`, `answer`) are in
//! [`crate::forms`]; their limits are here.

pub mod lists;
pub mod moderation;
pub mod rating;
pub mod summary;

/// The longest review text.
pub const MAX_REVIEW_CHARS: u32 = 2_000;
/// The longest question.
pub const MAX_QUESTION_CHARS: u32 = 500;
/// The longest answer (a customer's, or the staff's answer to a review or a question).
pub const MAX_ANSWER_CHARS: u32 = 1_000;
/// The longest reason for a rejection.
pub const MAX_REASON_CHARS: u32 = 300;
