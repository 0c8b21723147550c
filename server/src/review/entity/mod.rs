//! The review area's tables (migration `m20261201_000300_reviews`).

pub mod product_question;
pub mod product_review;
pub mod question_answer;
pub mod review_helpful;
