//! Review and question requests and answers.

use poem_openapi::Object;

use crate::platform::ResponseStatus;

/// `review/create`: a review of one of the caller's delivered order lines.
#[derive(Debug, Object)]
pub struct ReviewCreateReq {
    /// The order line reviewed (from `review/eligible`).
    pub order_line_id: i64,
    /// 1 to 5, as text (Persian digits accepted).
    pub rating: String,
    pub text: String,
    /// At most 5 items of 120 characters; may be empty.
    #[oai(default)]
    pub pros: Vec<String>,
    #[oai(default)]
    pub cons: Vec<String>,
}

/// A product by uid.
#[derive(Debug, Object)]
pub struct ReviewProductReq {
    pub uid: String,
}

/// One order line the caller may review.
#[derive(Debug, Object)]
pub struct EligibleLine {
    pub order_line_id: i64,
    /// The order's code (Latin).
    pub order_code: String,
    /// The variant bought, e.g. `مشکی، 16GB / 512GB`.
    pub variant: String,
}

/// `review/eligible`.
#[derive(Debug, Object)]
pub struct EligibleResp {
    pub status: ResponseStatus,
    /// Delivered lines of this product the caller has not reviewed yet.
    pub lines: Vec<EligibleLine>,
    /// Whether the caller may answer questions about it (a verified buyer).
    pub verified_buyer: bool,
}

/// A review by id.
#[derive(Debug, Object)]
pub struct ReviewIdReq {
    pub review_id: i64,
}

/// `review/question`.
#[derive(Debug, Object)]
pub struct QuestionCreateReq {
    pub uid: String,
    pub question: String,
}

/// `review/answer`: a verified buyer's answer.
#[derive(Debug, Object)]
pub struct AnswerCreateReq {
    pub question_id: i64,
    pub answer: String,
}

/// What was written and where it stands.
#[derive(Debug, Object)]
pub struct WrittenResp {
    pub status: ResponseStatus,
    pub id: i64,
    /// `pending` until staff approve it.
    pub moderation: String,
    /// Persian: what happens next.
    pub message: String,
}

/// `review/helpful`.
#[derive(Debug, Object)]
pub struct HelpfulResp {
    pub status: ResponseStatus,
    pub helpful: i64,
}

/// A product's rating summary (approved reviews).
#[derive(Debug, Object)]
pub struct RatingSummary {
    pub count: i64,
    /// The average in tenths of a star (43: 4.3); 0 without reviews.
    pub average_tenths: i32,
    /// Reviews of 1, 2, 3, 4, 5 stars.
    pub stars: Vec<i64>,
    /// Each star's whole percent (adding up to 100; all 0 without reviews).
    pub shares: Vec<i32>,
}

/// An approved review as the product page shows it.
#[derive(Debug, Object)]
pub struct ReviewItem {
    pub id: i64,
    pub author: String,
    /// The variant bought.
    pub variant: String,
    pub rating: i32,
    /// As typed: shown as text, never as HTML.
    pub text: String,
    pub pros: Vec<String>,
    pub cons: Vec<String>,
    pub helpful: i64,
    /// The shop's answer, if any.
    pub answer: Option<String>,
    /// Jalali, Persian digits.
    pub created: String,
    /// RFC 3339 day (`2026-11-28`).
    pub created_iso: String,
}

/// `review/products/{uid}`.
#[derive(Debug, Object)]
pub struct ReviewListResp {
    pub status: ResponseStatus,
    pub summary: RatingSummary,
    pub reviews: Vec<ReviewItem>,
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
}

/// An approved answer.
#[derive(Debug, Object)]
pub struct AnswerItem {
    pub id: i64,
    pub author: String,
    /// Staff's answer (the shop) rather than a buyer's.
    pub by_staff: bool,
    pub text: String,
    pub created: String,
}

/// An approved question with its approved answers.
#[derive(Debug, Object)]
pub struct QuestionItem {
    pub id: i64,
    pub author: String,
    pub text: String,
    pub created: String,
    pub answers: Vec<AnswerItem>,
}

/// `review/products/{uid}/questions`.
#[derive(Debug, Object)]
pub struct QuestionListResp {
    pub status: ResponseStatus,
    pub questions: Vec<QuestionItem>,
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
}

/// `admin/review/list`.
#[derive(Debug, Object)]
pub struct ModerationListReq {
    /// `review`, `question` or `answer`.
    pub kind: String,
    /// `pending` (default), `approved`, `rejected`, or empty for all.
    #[oai(default)]
    pub status: String,
    #[oai(default = "one")]
    pub page: u64,
}

fn one() -> u64 {
    1
}

/// One thing to moderate.
#[derive(Debug, Object)]
pub struct ModerationItem {
    pub id: i64,
    pub kind: String,
    pub product_uid: String,
    pub product_name: String,
    pub author: String,
    /// Reviews only (0 otherwise).
    pub rating: i32,
    pub variant: String,
    pub text: String,
    pub pros: Vec<String>,
    pub cons: Vec<String>,
    /// `pending`, `approved`, `rejected`.
    pub moderation: String,
    pub moderation_label: String,
    pub reject_reason: Option<String>,
    /// The shop's answer to a review.
    pub answer: Option<String>,
    /// An answer's question.
    pub question: Option<String>,
    pub by_staff: bool,
    pub created: String,
}

/// `admin/review/list`'s answer.
#[derive(Debug, Object)]
pub struct ModerationListResp {
    pub status: ResponseStatus,
    pub data: Vec<ModerationItem>,
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
}

/// `admin/review/approve`.
#[derive(Debug, Object)]
pub struct ModerationTarget {
    pub kind: String,
    pub id: i64,
}

/// `admin/review/reject`.
#[derive(Debug, Object)]
pub struct ModerationRejectReq {
    pub kind: String,
    pub id: i64,
    pub reason: String,
}

/// `admin/review/answer`: the shop's answer to a review (`kind: review`) or a question
/// (`kind: question`; published at once, the asker told by SMS).
#[derive(Debug, Object)]
pub struct StaffAnswerReq {
    pub kind: String,
    pub id: i64,
    pub answer: String,
}

/// A moderation call's answer.
#[derive(Debug, Object)]
pub struct ModerationResp {
    pub status: ResponseStatus,
    pub id: i64,
    pub moderation: String,
}
