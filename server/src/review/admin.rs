//! `POST /api/admin/v1/review/{list,approve,reject,answer}`: moderation of reviews, questions
//! and answers in the back office, for staff with the `support` role (they answer customers
//! already: tickets, chat; the catalogue role edits products, not what customers write).
//! Each verdict goes along `shop_core::review::moderation`'s table and is audited in its own
//! transaction; an approved answer tells the asker by SMS once committed.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::OpenApi;
use shop_core::forms::{answer, review, Values};
use shop_core::review::moderation::{Moderation, Verdict};

use super::dto::*;
use super::routes::day;
use super::service::{self, Kind, Moderated, Row, ADMIN_PAGE};
use super::sms;
use crate::auth::SupportStaff;
use crate::catalog::cache::CatalogCache;
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ResponseStatus;
use crate::state::AppState;

const UNKNOWN: &str = "این گزینه در فهرست نیست";

fn kind(s: &str) -> ApiResult<Kind> {
    Kind::parse(s).ok_or_else(|| ApiError::invalid("kind", UNKNOWN))
}

async fn tell(state: &AppState, cache: &CatalogCache, m: &Moderated) {
    if let Some((mobile, question_id, product_id)) = &m.tell {
        let name = match cache.get(&state.db).await {
            Ok(snap) => snap.by_id.get(product_id).map(|i| snap.items[*i].product.name.clone()).unwrap_or_default(),
            Err(_) => String::new(),
        };
        sms::send(state, mobile.clone(), *question_id, sms::answered(&name));
    }
}

/// The staff's moderation calls.
pub struct ReviewAdminApi;

#[OpenApi(prefix_path = "/api/admin/v1/review", tag = "crate::platform::ApiTags::BackOffice")]
impl ReviewAdminApi {
    /// Reviews, questions or answers to moderate (staff)
    ///
    /// `kind`: `review`, `question` or `answer`; `status`: `pending`, `approved`, `rejected` or
    /// empty for all. Newest first, 50 a page.
    #[oai(path = "/list", method = "post", operation_id = "admin_review_list")]
    async fn list(&self, _staff: SupportStaff, state: Data<&AppState>, cache: Data<&CatalogCache>, body: Json<ModerationListReq>) -> ApiResult<Json<ModerationListResp>> {
        let kind = kind(&body.kind)?;
        let status = match body.status.trim() {
            "" => None,
            s => Some(Moderation::parse(s).ok_or_else(|| ApiError::invalid("status", UNKNOWN))?),
        };
        let page = body.page.clamp(1, 1_000_000);
        let (rows, total) = service::admin_list(&state.db, kind, status, page).await?;
        let snap = cache.get(&state.db).await?;
        let product = |id: i64| snap.by_id.get(&id).map(|i| (snap.items[*i].product.uid.clone(), snap.items[*i].product.name.clone())).unwrap_or_default();
        let data = rows
            .iter()
            .map(|row| {
                let (product_uid, product_name) = product(row.product_id());
                let blank = ModerationItem {
                    id: 0,
                    kind: kind.as_str().into(),
                    product_uid,
                    product_name,
                    author: String::new(),
                    rating: 0,
                    variant: String::new(),
                    text: String::new(),
                    pros: vec![],
                    cons: vec![],
                    moderation: String::new(),
                    moderation_label: String::new(),
                    reject_reason: None,
                    answer: None,
                    question: None,
                    by_staff: false,
                    created: String::new(),
                };
                let label = |s: &str| Moderation::parse(s).map(|m| m.label().to_owned()).unwrap_or_default();
                match row {
                    Row::Review(r) => ModerationItem {
                        id: r.id,
                        author: r.author_name.clone(),
                        rating: r.rating,
                        variant: r.variant_label.clone(),
                        text: r.body.clone(),
                        pros: service::list_of(&r.pros),
                        cons: service::list_of(&r.cons),
                        moderation: r.status.clone(),
                        moderation_label: label(&r.status),
                        reject_reason: r.reject_reason.clone(),
                        answer: r.staff_answer.clone(),
                        created: day(r.created_at),
                        ..blank
                    },
                    Row::Question(q) => ModerationItem {
                        id: q.id,
                        author: q.author_name.clone(),
                        text: q.body.clone(),
                        moderation: q.status.clone(),
                        moderation_label: label(&q.status),
                        reject_reason: q.reject_reason.clone(),
                        created: day(q.created_at),
                        ..blank
                    },
                    Row::Answer(a, q) => ModerationItem {
                        id: a.id,
                        author: a.author_name.clone(),
                        text: a.body.clone(),
                        moderation: a.status.clone(),
                        moderation_label: label(&a.status),
                        reject_reason: a.reject_reason.clone(),
                        question: q.as_ref().map(|q| q.body.clone()),
                        by_staff: a.by_staff,
                        created: day(a.created_at),
                        ..blank
                    },
                }
            })
            .collect();
        Ok(Json(ModerationListResp { status: ResponseStatus::Ok, data, total, page, per_page: ADMIN_PAGE }))
    }

    /// Approve a review, question or answer (staff)
    ///
    /// Pending or rejected → approved; approving twice → 422. An approved answer sends the
    /// asker an SMS (once per question).
    #[oai(path = "/approve", method = "post", operation_id = "admin_review_approve")]
    async fn approve(&self, staff: SupportStaff, state: Data<&AppState>, cache: Data<&CatalogCache>, body: Json<ModerationTarget>) -> ApiResult<Json<ModerationResp>> {
        let kind = kind(&body.kind)?;
        let m = service::moderate(&state, &staff.actor(), kind, body.id, Verdict::Approve, None).await?;
        tell(&state, &cache, &m).await;
        Ok(Json(ModerationResp { status: ResponseStatus::Ok, id: body.id, moderation: m.to.as_str().into() }))
    }

    /// Reject a review, question or answer with a reason (staff)
    ///
    /// Pending or approved → rejected; the reason is required (at most 300 characters).
    #[oai(path = "/reject", method = "post", operation_id = "admin_review_reject")]
    async fn reject(&self, staff: SupportStaff, state: Data<&AppState>, body: Json<ModerationRejectReq>) -> ApiResult<Json<ModerationResp>> {
        let kind = kind(&body.kind)?;
        let reason = review::parse_reason(&Values::from_pairs([("reason", body.reason.as_str())]))?;
        let m = service::moderate(&state, &staff.actor(), kind, body.id, Verdict::Reject, Some(reason)).await?;
        Ok(Json(ModerationResp { status: ResponseStatus::Ok, id: body.id, moderation: m.to.as_str().into() }))
    }

    /// Answer a review or a question as the shop (staff)
    ///
    /// `kind: review`: the shop's answer under the review. `kind: question`: an answer by the
    /// shop, published at once; the asker gets an SMS (once per question).
    #[oai(path = "/answer", method = "post", operation_id = "admin_review_answer")]
    async fn answer(&self, staff: SupportStaff, state: Data<&AppState>, cache: Data<&CatalogCache>, body: Json<StaffAnswerReq>) -> ApiResult<Json<ModerationResp>> {
        let kind = kind(&body.kind)?;
        let text = answer::parse(&Values::from_pairs([("answer", body.answer.as_str())]))?;
        let (id, m) = service::staff_answer(&state, &staff.actor(), kind, body.id, text).await?;
        tell(&state, &cache, &m).await;
        Ok(Json(ModerationResp { status: ResponseStatus::Ok, id, moderation: m.to.as_str().into() }))
    }
}
