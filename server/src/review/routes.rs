//! `/api/client/v1/review/…`: the product page's public reads (approved reviews with their
//! summary, approved questions with their answers) and the signed-in customer's writes
//! (a review of a delivered line, helpful, a question, a verified buyer's answer).

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use shop_core::forms::{answer, question, review, Values};
use shop_core::jalali::format_jalali_numeric;
use shop_core::review::summary::Summary;

use super::dto::*;
use super::entity::product_review;
use super::service::{self, ReviewError, Sort, PAGE};
use crate::auth::BearerUser;
use crate::catalog::cache::CatalogCache;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

impl From<ReviewError> for ApiError {
    fn from(e: ReviewError) -> Self {
        match e {
            ReviewError::Invalid(field, m) => ApiError::invalid(field, m),
            ReviewError::Form(p) => p.into(),
            ReviewError::LineNotFound => ApiError::not_found_field("order_line_id", e.to_string()),
            ReviewError::NotFound(field) => ApiError::not_found_field(field, e.to_string()),
            ReviewError::UnknownProduct => ApiError::not_found_field("uid", e.to_string()),
            ReviewError::NotDelivered | ReviewError::NotBuyer => ApiError::forbidden_msg(e.to_string()),
            ReviewError::AlreadyReviewed | ReviewError::AlreadyHelpful | ReviewError::Lost => ApiError::conflict(e.to_string()),
            ReviewError::OwnReview => ApiError::invalid("review_id", e.to_string()),
            ReviewError::Db(db) => ApiError::internal(db),
        }
    }
}

/// The product id of a shown product's uid.
pub(super) async fn product_id(cache: &CatalogCache, state: &AppState, uid: &str) -> ApiResult<i64> {
    let snap = cache.get(&state.db).await?;
    let i = snap.by_uid.get(uid.trim()).copied().ok_or(ReviewError::UnknownProduct)?;
    Ok(snap.items[i].product.id)
}

/// Jalali day, Persian digits.
pub(super) fn day(unix: i64) -> String {
    shop_core::tehran::tehran_date(unix).map(|d| shop_core::digits::to_persian_digits(&format_jalali_numeric(&d))).unwrap_or_default()
}

pub(super) fn summary_dto(s: &Summary) -> RatingSummary {
    RatingSummary {
        count: i64::try_from(s.count).unwrap_or(i64::MAX),
        average_tenths: i32::try_from(s.average_tenths).unwrap_or(0),
        stars: s.stars.iter().map(|n| i64::try_from(*n).unwrap_or(i64::MAX)).collect(),
        shares: s.shares.iter().map(|n| i32::try_from(*n).unwrap_or(0)).collect(),
    }
}

pub(super) fn review_item(r: &product_review::Model) -> ReviewItem {
    ReviewItem {
        id: r.id,
        author: r.author_name.clone(),
        variant: r.variant_label.clone(),
        rating: r.rating,
        text: r.body.clone(),
        pros: service::list_of(&r.pros),
        cons: service::list_of(&r.cons),
        helpful: r.helpful_count,
        answer: r.staff_answer.clone(),
        created: day(r.created_at),
        created_iso: crate::catalog::fmt::iso(r.created_at).get(..10).unwrap_or_default().to_owned(),
    }
}

fn page_of(page: Option<u64>) -> u64 {
    page.unwrap_or(1).clamp(1, 100_000)
}

fn written(id: i64) -> Json<WrittenResp> {
    Json(WrittenResp {
        status: ResponseStatus::Ok,
        id,
        moderation: "pending".into(),
        message: "ثبت شد و پس از بررسی کارشناسان نمایش داده می‌شود".into(),
    })
}

/// The review and question calls.
pub struct ReviewApi;

#[OpenApi(prefix_path = "/api/client/v1/review", tag = "crate::platform::ApiTags::Catalog")]
impl ReviewApi {
    /// A product's approved reviews with their summary
    ///
    /// `sort`: `newest` (default) or `helpful`; 10 a page. Unknown uid → 404.
    #[oai(path = "/products/:uid", method = "get", operation_id = "review_list")]
    async fn list(
        &self,
        state: Data<&AppState>,
        cache: Data<&CatalogCache>,
        uid: Path<String>,
        sort: Query<Option<String>>,
        page: Query<Option<u64>>,
    ) -> ApiResult<Json<ReviewListResp>> {
        let sort = Sort::parse(sort.0.as_deref().unwrap_or("")).ok_or_else(|| ApiError::invalid("sort", "ترتیب نمایش معتبر نیست"))?;
        let pid = product_id(&cache, &state, &uid).await?;
        let page = page_of(page.0);
        let summary = service::summary(&state.db, pid).await?;
        let (rows, total) = service::approved_reviews(&state.db, pid, sort, page, PAGE).await?;
        Ok(Json(ReviewListResp { status: ResponseStatus::Ok, summary: summary_dto(&summary), reviews: rows.iter().map(review_item).collect(), total, page, per_page: PAGE }))
    }

    /// A product's approved questions with their approved answers
    ///
    /// Newest first, 10 a page. Unknown uid → 404.
    #[oai(path = "/products/:uid/questions", method = "get", operation_id = "review_questions")]
    async fn questions(&self, state: Data<&AppState>, cache: Data<&CatalogCache>, uid: Path<String>, page: Query<Option<u64>>) -> ApiResult<Json<QuestionListResp>> {
        let pid = product_id(&cache, &state, &uid).await?;
        let page = page_of(page.0);
        let (rows, total) = service::approved_questions(&state.db, pid, page, PAGE).await?;
        let questions = rows
            .into_iter()
            .map(|(q, answers)| QuestionItem {
                id: q.id,
                author: q.author_name,
                text: q.body,
                created: day(q.created_at),
                answers: answers
                    .into_iter()
                    .map(|a| AnswerItem { id: a.id, author: a.author_name, by_staff: a.by_staff, text: a.body, created: day(a.created_at) })
                    .collect(),
            })
            .collect();
        Ok(Json(QuestionListResp { status: ResponseStatus::Ok, questions, total, page, per_page: PAGE }))
    }

    /// The caller's delivered lines of a product not reviewed yet
    ///
    /// Empty when the caller has none (the page then offers no review form).
    #[oai(path = "/eligible", method = "post", operation_id = "review_eligible")]
    async fn eligible(&self, state: Data<&AppState>, cache: Data<&CatalogCache>, auth: BearerUser, body: Json<ReviewProductReq>) -> ApiResult<Json<EligibleResp>> {
        let pid = product_id(&cache, &state, &body.uid).await?;
        let (lines, verified_buyer) = service::eligible(&state.db, auth.id(), pid).await?;
        Ok(Json(EligibleResp {
            status: ResponseStatus::Ok,
            lines: lines.into_iter().map(|l| EligibleLine { order_line_id: l.line_id, order_code: l.order_code, variant: l.variant }).collect(),
            verified_buyer,
        }))
    }

    /// Review a delivered order line
    ///
    /// The caller's own line of a delivered order, once (409 the second time); another
    /// customer's or an unknown line → 404; not delivered yet → 403. Rating 1–5 (text, any
    /// digits), text 10–2,000 characters, at most 5 pros and 5 cons of 120 characters → 422.
    /// Shown once staff approve it.
    #[oai(path = "/create", method = "post", operation_id = "review_create")]
    async fn create(&self, state: Data<&AppState>, auth: BearerUser, body: Json<ReviewCreateReq>) -> ApiResult<Json<WrittenResp>> {
        let pros = body.pros.join("\n");
        let cons = body.cons.join("\n");
        let values = Values::from_pairs([("rating", body.rating.as_str()), ("text", body.text.as_str()), ("pros", pros.as_str()), ("cons", cons.as_str())]);
        let parsed = review::parse(&values)?;
        let r = service::create_review(&state, &auth.0, body.order_line_id, parsed).await?;
        Ok(written(r.id))
    }

    /// Mark an approved review helpful
    ///
    /// Once per customer (409 the second time); not one's own (422).
    #[oai(path = "/helpful", method = "post", operation_id = "review_helpful")]
    async fn helpful(&self, state: Data<&AppState>, auth: BearerUser, body: Json<ReviewIdReq>) -> ApiResult<Json<HelpfulResp>> {
        let helpful = service::mark_helpful(&state, auth.id(), body.review_id).await?;
        Ok(Json(HelpfulResp { status: ResponseStatus::Ok, helpful }))
    }

    /// Ask a question about a product
    ///
    /// 5–500 characters (422). Shown once staff approve it; the asker gets an SMS when it is answered.
    #[oai(path = "/question", method = "post", operation_id = "review_question")]
    async fn question(&self, state: Data<&AppState>, cache: Data<&CatalogCache>, auth: BearerUser, body: Json<QuestionCreateReq>) -> ApiResult<Json<WrittenResp>> {
        let text = question::parse(&Values::from_pairs([("question", body.question.as_str())]))?;
        let pid = product_id(&cache, &state, &body.uid).await?;
        let q = service::ask(&state, &auth.0, pid, text).await?;
        Ok(written(q.id))
    }

    /// Answer a question as a verified buyer
    ///
    /// Only a customer with a delivered order of the product (403 otherwise); an approved
    /// question (404 otherwise); 2–1,000 characters (422). Shown once staff approve it.
    #[oai(path = "/answer", method = "post", operation_id = "review_answer")]
    async fn answer(&self, state: Data<&AppState>, auth: BearerUser, body: Json<AnswerCreateReq>) -> ApiResult<Json<WrittenResp>> {
        let text = answer::parse(&Values::from_pairs([("answer", body.answer.as_str())]))?;
        let a = service::answer_as_buyer(&state, &auth.0, body.question_id, text).await?;
        Ok(written(a.id))
    }
}
