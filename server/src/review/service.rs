//! The work of the review area on typed values: writing reviews, questions and answers,
//! helpful votes, the product page's reads and staff moderation (audited, one transaction).

use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, SqlErr,
};
use serde::Serialize;
use shop_core::forms::review::Review;
use shop_core::order_state::OrderStatus;
use shop_core::review::moderation::{self, Moderation, Verdict};
use shop_core::review::summary::{from_counts, Summary};

use super::entity::{product_question, product_review, question_answer, review_helpful};
use crate::audit::service::{self as audit, Change};
use crate::auth::staff::Actor;
use crate::auth::entity::user;
use crate::order::entity::{customer_order, customer_order_line};
use crate::platform::db::begin_write;
use crate::state::AppState;

/// Reviews or questions per page of the product page.
pub const PAGE: u64 = 10;
/// Items per page of the staff list.
pub const ADMIN_PAGE: u64 = 50;

/// Why a review call was refused.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// A field breaks a rule: (field, Persian message) → 422.
    #[error("{1}")]
    Invalid(&'static str, String),
    /// Every failing field of a form → 422.
    #[error("فرم معتبر نیست")]
    Form(shop_core::forms::FormProblems),
    /// Unknown order line, or another customer's → 404 (field `order_line_id`).
    #[error("این قلم سفارش پیدا نشد")]
    LineNotFound,
    /// The line's order is not delivered → 403.
    #[error("فقط پس از تحویل سفارش می‌توانید برای این کالا نظر بنویسید")]
    NotDelivered,
    /// Not a buyer of the product with a delivered order → 403.
    #[error("فقط خریدارانی که این کالا را تحویل گرفته‌اند می‌توانند پاسخ دهند")]
    NotBuyer,
    /// The line has its review already → 409.
    #[error("برای این خرید قبلاً نظر ثبت کرده‌اید")]
    AlreadyReviewed,
    /// Helpful twice → 409.
    #[error("قبلاً این نظر را مفید دانسته‌اید")]
    AlreadyHelpful,
    /// Helpful on one's own review → 422.
    #[error("نمی‌توانید نظر خودتان را مفید بدانید")]
    OwnReview,
    /// Unknown (or not shown) review, question or answer → 404 (field `id`).
    #[error("مورد خواسته‌شده پیدا نشد")]
    NotFound(&'static str),
    /// Unknown product → 404 (field `uid`).
    #[error("محصول مورد نظر پیدا نشد")]
    UnknownProduct,
    /// Someone else moderated it first → 409.
    #[error("این مورد همین حالا به دست شخص دیگری تغییر کرد؛ صفحه را تازه کنید")]
    Lost,
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

fn unique_violation(e: &DbErr) -> bool {
    matches!(e.sql_err(), Some(SqlErr::UniqueConstraintViolation(_)))
}

/// How a customer is named on the product page: first name and the last name's initial.
pub fn author_name(u: &user::Model) -> String {
    let first = u.name.trim();
    let initial: String = u.lastname.trim().chars().next().map(|c| format!(" {c}.")).unwrap_or_default();
    if first.is_empty() {
        "خریدار".to_owned()
    } else {
        format!("{first}{initial}")
    }
}

fn variant_label(l: &customer_order_line::Model) -> String {
    [l.color.trim(), l.property.trim()].iter().filter(|s| !s.is_empty()).copied().collect::<Vec<_>>().join("، ")
}

/// The caller's delivered lines of `product_id`: (line, order code).
async fn delivered_lines<C: ConnectionTrait>(db: &C, user_id: i64, product_id: i64) -> Result<Vec<(customer_order_line::Model, String)>, DbErr> {
    let orders: Vec<(i64, String)> = customer_order::Entity::find()
        .select_only()
        .column(customer_order::Column::Id)
        .column(customer_order::Column::Code)
        .filter(customer_order::Column::UserId.eq(user_id))
        .filter(customer_order::Column::Status.eq(OrderStatus::Delivered.as_str()))
        .into_tuple()
        .all(db)
        .await?;
    if orders.is_empty() {
        return Ok(Vec::new());
    }
    let lines = customer_order_line::Entity::find()
        .filter(customer_order_line::Column::OrderId.is_in(orders.iter().map(|(id, _)| *id)))
        .filter(customer_order_line::Column::ProductId.eq(product_id))
        .order_by_asc(customer_order_line::Column::Id)
        .all(db)
        .await?;
    Ok(lines
        .into_iter()
        .map(|l| {
            let code = orders.iter().find(|(id, _)| *id == l.order_id).map(|(_, c)| c.clone()).unwrap_or_default();
            (l, code)
        })
        .collect())
}

/// A line the caller may review: (line id, order code, variant).
pub struct Eligible {
    pub line_id: i64,
    pub order_code: String,
    pub variant: String,
}

/// The caller's delivered lines of `product_id` not reviewed yet, and whether they are a
/// verified buyer of it at all.
pub async fn eligible(db: &DatabaseConnection, user_id: i64, product_id: i64) -> Result<(Vec<Eligible>, bool), DbErr> {
    let lines = delivered_lines(db, user_id, product_id).await?;
    let buyer = !lines.is_empty();
    let reviewed: Vec<i64> = product_review::Entity::find()
        .select_only()
        .column(product_review::Column::OrderLineId)
        .filter(product_review::Column::OrderLineId.is_in(lines.iter().map(|(l, _)| l.id)))
        .into_tuple()
        .all(db)
        .await?;
    let open = lines
        .into_iter()
        .filter(|(l, _)| !reviewed.contains(&l.id))
        .map(|(l, code)| Eligible { line_id: l.id, variant: variant_label(&l), order_code: code })
        .collect();
    Ok((open, buyer))
}

#[derive(Serialize)]
struct Audited<'a> {
    moderation: &'a str,
    reason: Option<&'a str>,
    answer: Option<&'a str>,
}

/// Writes a verified buyer's review of order line `line_id` (pending until approved). The
/// unique index on the line makes "once per line" hold when two requests race.
pub async fn create_review(state: &AppState, user: &user::Model, line_id: i64, review: Review) -> Result<product_review::Model, ReviewError> {
    let now = state.clock.unix();
    let line = customer_order_line::Entity::find_by_id(line_id).one(&state.db).await?.ok_or(ReviewError::LineNotFound)?;
    let order = customer_order::Entity::find_by_id(line.order_id).one(&state.db).await?.ok_or(ReviewError::LineNotFound)?;
    if order.user_id != user.id {
        return Err(ReviewError::LineNotFound);
    }
    if OrderStatus::parse(&order.status) != Some(OrderStatus::Delivered) {
        return Err(ReviewError::NotDelivered);
    }
    let row = product_review::ActiveModel {
        product_id: Set(line.product_id),
        variant_id: Set(line.variant_id),
        order_line_id: Set(line.id),
        user_id: Set(user.id),
        author_name: Set(author_name(user)),
        variant_label: Set(variant_label(&line)),
        rating: Set(i32::from(review.rating.get())),
        body: Set(review.text),
        pros: Set(serde_json::to_string(&review.pros).unwrap_or_else(|_| "[]".into())),
        cons: Set(serde_json::to_string(&review.cons).unwrap_or_else(|_| "[]".into())),
        status: Set(Moderation::Pending.as_str().to_owned()),
        reject_reason: Set(None),
        staff_answer: Set(None),
        helpful_count: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    match row.insert(&state.db).await {
        Ok(m) => Ok(m),
        Err(e) if unique_violation(&e) => Err(ReviewError::AlreadyReviewed),
        Err(e) => Err(e.into()),
    }
}

/// Marks an approved review helpful for `user_id`: once each (the vote's primary key), never
/// one's own. The count moves in the same transaction as the vote.
pub async fn mark_helpful(state: &AppState, user_id: i64, review_id: i64) -> Result<i64, ReviewError> {
    let now = state.clock.unix();
    let r = product_review::Entity::find_by_id(review_id)
        .filter(product_review::Column::Status.eq(Moderation::Approved.as_str()))
        .one(&state.db)
        .await?
        .ok_or(ReviewError::NotFound("review_id"))?;
    if r.user_id == user_id {
        return Err(ReviewError::OwnReview);
    }
    let txn = begin_write(&state.db).await?;
    let vote = review_helpful::ActiveModel { review_id: Set(review_id), user_id: Set(user_id), created_at: Set(now) };
    match review_helpful::Entity::insert(vote).exec_without_returning(&*txn).await {
        Ok(_) => {}
        Err(e) if unique_violation(&e) => return Err(ReviewError::AlreadyHelpful),
        Err(e) => return Err(e.into()),
    }
    product_review::Entity::update_many()
        .col_expr(product_review::Column::HelpfulCount, Expr::col(product_review::Column::HelpfulCount).add(1))
        .filter(product_review::Column::Id.eq(review_id))
        .exec(&*txn)
        .await?;
    let count = product_review::Entity::find_by_id(review_id).one(&*txn).await?.map_or(0, |r| r.helpful_count);
    txn.commit().await?;
    Ok(count)
}

/// A product's approved reviews' summary.
pub async fn summary(db: &DatabaseConnection, product_id: i64) -> Result<Summary, DbErr> {
    let rows: Vec<(i32, i64)> = product_review::Entity::find()
        .select_only()
        .column(product_review::Column::Rating)
        .column_as(product_review::Column::Id.count(), "n")
        .filter(product_review::Column::ProductId.eq(product_id))
        .filter(product_review::Column::Status.eq(Moderation::Approved.as_str()))
        .group_by(product_review::Column::Rating)
        .into_tuple()
        .all(db)
        .await?;
    let mut stars = [0u64; 5];
    for (rating, n) in rows {
        if let Some(slot) = usize::try_from(rating - 1).ok().and_then(|i| stars.get_mut(i)) {
            *slot = u64::try_from(n).unwrap_or(0);
        }
    }
    Ok(from_counts(stars))
}

/// The order of the product page's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sort {
    Newest,
    Helpful,
}

impl Sort {
    /// `newest` (default) or `helpful`; anything else is `None`.
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim() {
            "" | "newest" => Some(Self::Newest),
            "helpful" => Some(Self::Helpful),
            _ => None,
        }
    }
}

/// One page of a product's approved reviews and how many there are.
pub async fn approved_reviews(db: &DatabaseConnection, product_id: i64, sort: Sort, page: u64, per_page: u64) -> Result<(Vec<product_review::Model>, u64), DbErr> {
    let mut q = product_review::Entity::find()
        .filter(product_review::Column::ProductId.eq(product_id))
        .filter(product_review::Column::Status.eq(Moderation::Approved.as_str()));
    if sort == Sort::Helpful {
        q = q.order_by_desc(product_review::Column::HelpfulCount);
    }
    let q = q.order_by_desc(product_review::Column::CreatedAt).order_by_desc(product_review::Column::Id);
    let pages = q.paginate(db, per_page);
    let total = pages.num_items().await?;
    Ok((pages.fetch_page(page.saturating_sub(1)).await?, total))
}

/// A customer's question about `product_id` (pending until approved).
pub async fn ask(state: &AppState, user: &user::Model, product_id: i64, text: String) -> Result<product_question::Model, ReviewError> {
    let now = state.clock.unix();
    let row = product_question::ActiveModel {
        product_id: Set(product_id),
        user_id: Set(user.id),
        author_name: Set(author_name(user)),
        body: Set(text),
        status: Set(Moderation::Pending.as_str().to_owned()),
        reject_reason: Set(None),
        asker_told_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    Ok(row.insert(&state.db).await?)
}

/// A verified buyer's answer to an approved question (pending until approved).
pub async fn answer_as_buyer(state: &AppState, user: &user::Model, question_id: i64, text: String) -> Result<question_answer::Model, ReviewError> {
    let now = state.clock.unix();
    let q = product_question::Entity::find_by_id(question_id)
        .filter(product_question::Column::Status.eq(Moderation::Approved.as_str()))
        .one(&state.db)
        .await?
        .ok_or(ReviewError::NotFound("question_id"))?;
    if delivered_lines(&state.db, user.id, q.product_id).await?.is_empty() {
        return Err(ReviewError::NotBuyer);
    }
    let row = question_answer::ActiveModel {
        question_id: Set(q.id),
        user_id: Set(user.id),
        by_staff: Set(false),
        author_name: Set(author_name(user)),
        body: Set(text),
        status: Set(Moderation::Pending.as_str().to_owned()),
        reject_reason: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    };
    Ok(row.insert(&state.db).await?)
}

/// One page of a product's approved questions, each with its approved answers (oldest first).
pub async fn approved_questions(
    db: &DatabaseConnection,
    product_id: i64,
    page: u64,
    per_page: u64,
) -> Result<(Vec<(product_question::Model, Vec<question_answer::Model>)>, u64), DbErr> {
    let pages = product_question::Entity::find()
        .filter(product_question::Column::ProductId.eq(product_id))
        .filter(product_question::Column::Status.eq(Moderation::Approved.as_str()))
        .order_by_desc(product_question::Column::CreatedAt)
        .order_by_desc(product_question::Column::Id)
        .paginate(db, per_page);
    let total = pages.num_items().await?;
    let questions = pages.fetch_page(page.saturating_sub(1)).await?;
    let answers = question_answer::Entity::find()
        .filter(question_answer::Column::QuestionId.is_in(questions.iter().map(|q| q.id)))
        .filter(question_answer::Column::Status.eq(Moderation::Approved.as_str()))
        .order_by_asc(question_answer::Column::Id)
        .all(db)
        .await?;
    let out = questions
        .into_iter()
        .map(|q| {
            let a = answers.iter().filter(|a| a.question_id == q.id).cloned().collect();
            (q, a)
        })
        .collect();
    Ok((out, total))
}

/// What staff moderate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Review,
    Question,
    Answer,
}

impl Kind {
    /// `review`, `question` or `answer`.
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim() {
            "review" => Some(Self::Review),
            "question" => Some(Self::Question),
            "answer" => Some(Self::Answer),
            _ => None,
        }
    }

    /// The request's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Review => "review",
            Self::Question => "question",
            Self::Answer => "answer",
        }
    }
}

/// A row of the staff list, whatever its kind.
pub enum Row {
    Review(product_review::Model),
    Question(product_question::Model),
    /// An answer with its question.
    Answer(question_answer::Model, Option<product_question::Model>),
}

impl Row {
    /// The product it is about.
    pub fn product_id(&self) -> i64 {
        match self {
            Row::Review(r) => r.product_id,
            Row::Question(q) => q.product_id,
            Row::Answer(_, q) => q.as_ref().map_or(0, |q| q.product_id),
        }
    }
}

/// One page of `kind` in `status` (all when `None`), newest first.
pub async fn admin_list(db: &DatabaseConnection, kind: Kind, status: Option<Moderation>, page: u64) -> Result<(Vec<Row>, u64), DbErr> {
    let page = page.saturating_sub(1);
    Ok(match kind {
        Kind::Review => {
            let mut q = product_review::Entity::find().order_by_desc(product_review::Column::Id);
            if let Some(s) = status {
                q = q.filter(product_review::Column::Status.eq(s.as_str()));
            }
            let p = q.paginate(db, ADMIN_PAGE);
            let total = p.num_items().await?;
            (p.fetch_page(page).await?.into_iter().map(Row::Review).collect(), total)
        }
        Kind::Question => {
            let mut q = product_question::Entity::find().order_by_desc(product_question::Column::Id);
            if let Some(s) = status {
                q = q.filter(product_question::Column::Status.eq(s.as_str()));
            }
            let p = q.paginate(db, ADMIN_PAGE);
            let total = p.num_items().await?;
            (p.fetch_page(page).await?.into_iter().map(Row::Question).collect(), total)
        }
        Kind::Answer => {
            let mut q = question_answer::Entity::find().order_by_desc(question_answer::Column::Id);
            if let Some(s) = status {
                q = q.filter(question_answer::Column::Status.eq(s.as_str()));
            }
            let p = q.paginate(db, ADMIN_PAGE);
            let total = p.num_items().await?;
            let answers = p.fetch_page(page).await?;
            let questions = product_question::Entity::find()
                .filter(product_question::Column::Id.is_in(answers.iter().map(|a| a.question_id)))
                .all(db)
                .await?;
            let rows = answers
                .into_iter()
                .map(|a| {
                    let q = questions.iter().find(|q| q.id == a.question_id).cloned();
                    Row::Answer(a, q)
                })
                .collect();
            (rows, total)
        }
    })
}

/// After a moderation: who to tell by SMS (mobile, question id, product id).
pub struct Moderated {
    pub to: Moderation,
    pub tell: Option<(String, i64, i64)>,
}

/// Claims the asker's one SMS of question `question_id` inside `txn` (only the first approved
/// answer tells): the asker's mobile and the product, when this call won it.
async fn claim_asker_sms<C: ConnectionTrait>(txn: &C, question_id: i64, now: i64) -> Result<Option<(String, i64, i64)>, DbErr> {
    let won = product_question::Entity::update_many()
        .col_expr(product_question::Column::AskerToldAt, Expr::value(now))
        .filter(product_question::Column::Id.eq(question_id))
        .filter(product_question::Column::AskerToldAt.is_null())
        .exec(txn)
        .await?;
    if won.rows_affected != 1 {
        return Ok(None);
    }
    let Some(q) = product_question::Entity::find_by_id(question_id).one(txn).await? else { return Ok(None) };
    let mobile = user::Entity::find_by_id(q.user_id).one(txn).await?.map(|u| u.mobile);
    Ok(mobile.map(|m| (m, q.id, q.product_id)))
}

/// Staff's verdict on `kind` `id` along the moderation table, audited in the same
/// transaction. Approving an answer tells the asker (the caller sends the SMS after commit).
pub async fn moderate(state: &AppState, staff: &Actor, kind: Kind, id: i64, verdict: Verdict, reason: Option<String>) -> Result<Moderated, ReviewError> {
    let now = state.clock.unix();
    let txn = begin_write(&state.db).await?;
    let from_str = match kind {
        Kind::Review => product_review::Entity::find_by_id(id).one(&*txn).await?.map(|r| r.status),
        Kind::Question => product_question::Entity::find_by_id(id).one(&*txn).await?.map(|r| r.status),
        Kind::Answer => question_answer::Entity::find_by_id(id).one(&*txn).await?.map(|r| r.status),
    }
    .ok_or(ReviewError::NotFound("id"))?;
    let from = Moderation::parse(&from_str).unwrap_or(Moderation::Pending);
    let to = moderation::transition(from, verdict).map_err(|e| ReviewError::Invalid("id", e.to_string()))?;
    let reason_value: Option<String> = if to == Moderation::Rejected { reason.clone() } else { None };
    macro_rules! move_row {
        ($entity:ident) => {
            $entity::Entity::update_many()
                .col_expr($entity::Column::Status, Expr::value(to.as_str()))
                .col_expr($entity::Column::RejectReason, Expr::value(reason_value.clone()))
                .col_expr($entity::Column::UpdatedAt, Expr::value(now))
                .filter($entity::Column::Id.eq(id))
                .filter($entity::Column::Status.eq(from.as_str()))
                .exec(&*txn)
                .await?
        };
    }
    let moved = match kind {
        Kind::Review => move_row!(product_review),
        Kind::Question => move_row!(product_question),
        Kind::Answer => move_row!(question_answer),
    };
    if moved.rows_affected != 1 {
        return Err(ReviewError::Lost);
    }
    let mut tell = None;
    if kind == Kind::Answer && to == Moderation::Approved {
        if let Some(a) = question_answer::Entity::find_by_id(id).one(&*txn).await? {
            tell = claim_asker_sms(&*txn, a.question_id, now).await?;
        }
    }
    let action = format!("review.{}.{}", kind.as_str(), if verdict == Verdict::Approve { "approve" } else { "reject" });
    audit::record(
        &*txn,
        staff,
        Change::of(
            &action,
            kind.as_str(),
            id,
            Some(&Audited { moderation: from.as_str(), reason: None, answer: None }),
            Some(&Audited { moderation: to.as_str(), reason: reason_value.as_deref(), answer: None }),
        ),
        now,
    )
    .await?;
    txn.commit().await?;
    Ok(Moderated { to, tell })
}

/// Staff's answer: to a review (kept on the review, shown under it once approved) or to a
/// question (an approved answer by the shop; the asker is told). Audited.
pub async fn staff_answer(state: &AppState, staff: &Actor, kind: Kind, id: i64, text: String) -> Result<(i64, Moderated), ReviewError> {
    let now = state.clock.unix();
    let txn = begin_write(&state.db).await?;
    match kind {
        Kind::Review => {
            let r = product_review::Entity::find_by_id(id).one(&*txn).await?.ok_or(ReviewError::NotFound("id"))?;
            product_review::Entity::update_many()
                .col_expr(product_review::Column::StaffAnswer, Expr::value(text.clone()))
                .col_expr(product_review::Column::UpdatedAt, Expr::value(now))
                .filter(product_review::Column::Id.eq(id))
                .exec(&*txn)
                .await?;
            audit::record(
                &*txn,
                staff,
                Change::of(
                    "review.review.answer",
                    "review",
                    id,
                    Some(&Audited { moderation: &r.status, reason: None, answer: r.staff_answer.as_deref() }),
                    Some(&Audited { moderation: &r.status, reason: None, answer: Some(&text) }),
                ),
                now,
            )
            .await?;
            txn.commit().await?;
            Ok((id, Moderated { to: Moderation::parse(&r.status).unwrap_or(Moderation::Pending), tell: None }))
        }
        Kind::Question => {
            let q = product_question::Entity::find_by_id(id).one(&*txn).await?.ok_or(ReviewError::NotFound("id"))?;
            if Moderation::parse(&q.status) == Some(Moderation::Rejected) {
                return Err(ReviewError::Invalid("id", "به پرسش ردشده نمی‌توان پاسخ داد".into()));
            }
            let a = question_answer::ActiveModel {
                question_id: Set(q.id),
                user_id: Set(staff.staff_id),
                by_staff: Set(true),
                author_name: Set("لپ‌تاپ‌شاپ".to_owned()),
                body: Set(text.clone()),
                status: Set(Moderation::Approved.as_str().to_owned()),
                reject_reason: Set(None),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&*txn)
            .await?;
            let tell = claim_asker_sms(&*txn, q.id, now).await?;
            audit::record(
                &*txn,
                staff,
                Change::of("review.question.answer", "answer", a.id, None::<&Audited>, Some(&Audited { moderation: "approved", reason: None, answer: Some(&text) })),
                now,
            )
            .await?;
            txn.commit().await?;
            Ok((a.id, Moderated { to: Moderation::Approved, tell }))
        }
        Kind::Answer => Err(ReviewError::Invalid("kind", "پاسخ را فقط برای نظر یا پرسش می‌توان نوشت".into())),
    }
}

/// Up to `n` approved reviews of `product_id`, most helpful first, for the JSON-LD.
pub async fn top_reviews(db: &DatabaseConnection, product_id: i64, n: u64) -> Result<Vec<product_review::Model>, DbErr> {
    approved_reviews(db, product_id, Sort::Helpful, 1, n).await.map(|(r, _)| r)
}

/// A review's pros or cons as stored (a JSON list).
pub fn list_of(stored: &str) -> Vec<String> {
    serde_json::from_str(stored).unwrap_or_default()
}
