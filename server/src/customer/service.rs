//! Finding customers, reading everything the shop holds of one, and blocking them.
//!
//! **Blocking** (docs/decisions.md "Blocking a customer"), in one write transaction under the
//! customer's lock (the one order registration takes, so no registration interleaves): the
//! flag and the reason; every session ended (refresh tokens revoked, the session epoch moved
//! on, so every access token is refused); their unpaid orders cancelled (the stock they held
//! goes back and any discount use is released); a `session_ends` row; the audit record. After
//! the commit every node forgets the customer's cached row (the chat bus) and closes their chat
//! sockets. A payment they started before is not verified afterwards: the callback and the
//! reconciler refuse a blocked payer (`payment::service`), and the bank returns the money.

use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use shop_core::order_state::{OrderEvent, OrderStatus};

use crate::address::entity::address;
use crate::audit::service::{record, Change};
use crate::auth::staff::Actor;
use crate::auth::entity::{session_end, user};
use crate::chat::entity::{chat_conversation as conv, chat_message as msg};
use crate::favourite::entity::favourite;
use crate::order::entity::customer_order;
use crate::order::service::lifecycle::{apply, Applied};
use crate::platform::db::{begin_write, like_contains, lock_owner};
use crate::ticket::entity::ticket;

/// Customers per page of the search.
pub const PER_PAGE: u64 = 20;
/// Longest block reason, in characters.
pub const MAX_REASON: usize = 500;
/// Most recent orders and tickets shown on a customer's page.
pub const MAX_ROWS: u64 = 100;
/// The note on the timeline of an unpaid order cancelled by a block.
pub const BLOCK_CANCEL_NOTE: &str = "لغو با مسدود شدن حساب مشتری";

/// Why a customer call was refused.
#[derive(Debug, thiserror::Error)]
pub enum CustomerError {
    /// No customer with this id (or the id is a staff member's).
    #[error("مشتری پیدا نشد.")]
    NotFound,
    /// Staff accounts are not blocked from the customers' page.
    #[error("حساب کارکنان را نمی‌توان مسدود کرد؛ ابتدا نقش‌های او را در صفحهٔ کارکنان بردارید.")]
    Staff,
    /// Blocking an account that is blocked already.
    #[error("این حساب از پیش مسدود است.")]
    AlreadyBlocked,
    /// Unblocking an account that is not blocked.
    #[error("این حساب مسدود نیست.")]
    NotBlocked,
    /// No reason given.
    #[error("دلیل را بنویسید.")]
    ReasonMissing,
    /// A reason over [`MAX_REASON`] characters.
    #[error("دلیل حداکثر ۵۰۰ نویسه است.")]
    ReasonTooLong,
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// One page of customers matching `query` (mobile digits in any digit set, name, last name or
/// email; empty: every customer), newest first, and the number that match.
pub async fn search<C: ConnectionTrait>(db: &C, query: &str, page: u64) -> Result<(Vec<user::Model>, u64), DbErr> {
    let mut q = user::Entity::find().filter(user::Column::UserType.eq(user::UserType::Customer.code()));
    let text = shop_core::digits::to_western_digits(query.trim());
    let text: String = text.chars().filter(|c| !c.is_control()).take(100).collect();
    if !text.is_empty() {
        let mut any = Condition::any();
        // A mobile number typed in any of the forms `normalize_mobile` accepts.
        if let Ok(m) = shop_core::mobile::normalize_mobile(&text) {
            any = any.add(user::Column::Mobile.eq(m));
        }
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        if digits.len() >= 3 && digits.len() == text.chars().filter(|c| !c.is_whitespace() && *c != '-').count() {
            any = any.add(user::Column::Mobile.like(like_contains(&digits)));
        }
        let lower = text.to_lowercase();
        let pattern = like_contains(&lower);
        for col in [user::Column::Name, user::Column::Lastname, user::Column::Email] {
            any = any.add(Expr::expr(Func::lower(Expr::col(col))).like(pattern.clone()));
        }
        // «علی رضایی»: first and last name together.
        if let Some((first, last)) = lower.split_once(char::is_whitespace) {
            any = any.add(
                Condition::all()
                    .add(Expr::expr(Func::lower(Expr::col(user::Column::Name))).like(like_contains(first.trim())))
                    .add(Expr::expr(Func::lower(Expr::col(user::Column::Lastname))).like(like_contains(last.trim()))),
            );
        }
        q = q.filter(any);
    }
    let total = q.clone().count(db).await?;
    let rows = q
        .order_by_desc(user::Column::Id)
        .offset(page.saturating_sub(1) * PER_PAGE)
        .limit(PER_PAGE)
        .all(db)
        .await?;
    Ok((rows, total))
}

/// The customer `id` (not a staff member).
pub async fn customer<C: ConnectionTrait>(db: &C, id: i64) -> Result<user::Model, CustomerError> {
    user::Entity::find_by_id(id)
        .one(db)
        .await?
        .filter(|u| u.user_type == user::UserType::Customer)
        .ok_or(CustomerError::NotFound)
}

/// A customer's chat, in numbers.
#[derive(Clone, Debug, Default)]
pub struct ChatSummary {
    pub conversations: u64,
    pub messages: u64,
    /// When the last message was written (ms), if any.
    pub last_ms: Option<i64>,
    /// Whether the last message is the customer's (staff have not answered it).
    pub unanswered: bool,
}

/// Everything the customer's page shows.
pub struct CustomerFile {
    pub user: user::Model,
    pub addresses: Vec<address::Model>,
    pub orders: Vec<customer_order::Model>,
    pub order_count: u64,
    pub tickets: Vec<ticket::Model>,
    pub chat: ChatSummary,
    pub favourites: u64,
    pub plans: Vec<crate::instalment::service::PlanState>,
}

/// The customer's page.
pub async fn file<C: ConnectionTrait>(db: &C, id: i64, now: i64) -> Result<CustomerFile, CustomerError> {
    let user = customer(db, id).await?;
    let addresses = address::Entity::find()
        .filter(address::Column::UserId.eq(id))
        .order_by_desc(address::Column::IsDefault)
        .order_by_asc(address::Column::Id)
        .all(db)
        .await?;
    let orders_q = customer_order::Entity::find().filter(customer_order::Column::UserId.eq(id));
    let order_count = orders_q.clone().count(db).await?;
    let orders = orders_q.order_by_desc(customer_order::Column::Id).limit(MAX_ROWS).all(db).await?;
    let tickets = ticket::Entity::find()
        .filter(ticket::Column::UserId.eq(id))
        .order_by_desc(ticket::Column::UpdatedAt)
        .limit(MAX_ROWS)
        .all(db)
        .await?;
    let convs = conv::Entity::find().filter(conv::Column::CustomerId.eq(id)).order_by_desc(conv::Column::LastMessageMs).all(db).await?;
    let mut chat = ChatSummary { conversations: convs.len() as u64, ..Default::default() };
    if !convs.is_empty() {
        chat.messages = msg::Entity::find().filter(msg::Column::ConversationId.is_in(convs.iter().map(|c| c.id))).count(db).await?;
        if let Some(last) = convs.iter().filter(|c| c.last_message_id > 0).max_by_key(|c| c.last_message_ms) {
            chat.last_ms = Some(last.last_message_ms);
            chat.unanswered = msg::Entity::find_by_id(last.last_message_id).one(db).await?.is_some_and(|m| !m.from_staff);
        }
    }
    let favourites = favourite::Entity::find().filter(favourite::Column::UserId.eq(id)).count(db).await?;
    let plans = crate::instalment::service::active_plans(db, id, now).await?;
    Ok(CustomerFile { user, addresses, orders, order_count, tickets, chat, favourites, plans })
}

/// What the audit log keeps of a block or an unblock.
#[derive(Serialize)]
struct BlockRecord {
    mobile: String,
    block: bool,
    reason: String,
    /// Unpaid orders the block cancelled.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cancelled_orders: Vec<String>,
}

/// A reason typed by staff: trimmed, required, at most [`MAX_REASON`] characters.
pub fn reason(text: &str) -> Result<String, CustomerError> {
    let r = text.trim();
    if r.is_empty() {
        return Err(CustomerError::ReasonMissing);
    }
    if r.chars().count() > MAX_REASON {
        return Err(CustomerError::ReasonTooLong);
    }
    Ok(r.to_string())
}

/// What a block or an unblock did: the customer afterwards, and the `session_ends` row the
/// nodes must hear of (a block only).
pub struct BlockOutcome {
    pub user: user::Model,
    pub ended: Option<session_end::Model>,
    pub cancelled: Vec<String>,
}

/// Blocks (`block`) or unblocks customer `id` with `reason`, recorded for `actor`.
pub async fn set_block(
    db: &sea_orm::DatabaseConnection,
    actor: &Actor,
    id: i64,
    block: bool,
    reason_text: &str,
    now: i64,
) -> Result<BlockOutcome, CustomerError> {
    let txn = begin_write(db).await?;
    // The customer's lock: a registration in flight finishes first (its order is then
    // cancelled below), and one that starts later sees the block.
    lock_owner(&txn, id).await?;
    let before = user::Entity::find_by_id(id).one(&txn).await?.ok_or(CustomerError::NotFound)?;
    if before.user_type != user::UserType::Customer || !before.roles().is_empty() {
        return Err(CustomerError::Staff);
    }
    let reason = reason(reason_text)?;
    match (before.block, block) {
        (true, true) => return Err(CustomerError::AlreadyBlocked),
        (false, false) => return Err(CustomerError::NotBlocked),
        _ => {}
    }
    let mut am: user::ActiveModel = before.clone().into();
    am.block = Set(block);
    am.block_reason = Set(if block { reason.clone() } else { String::new() });
    am.updated_at = Set(now);
    am.update(&txn).await?;
    let mut cancelled = Vec::new();
    let mut ended = None;
    if block {
        crate::auth::service::end_sessions(&txn, id, now).await?;
        let unpaid = customer_order::Entity::find()
            .filter(customer_order::Column::UserId.eq(id))
            .filter(customer_order::Column::Status.is_in([OrderStatus::Registered.as_str(), OrderStatus::AwaitingPayment.as_str()]))
            .order_by_asc(customer_order::Column::Id)
            .all(&txn)
            .await?;
        for o in unpaid {
            if let Applied::Moved(OrderStatus::Cancelled) = apply(&txn, &o, &OrderEvent::Cancel, BLOCK_CANCEL_NOTE, now).await? {
                cancelled.push(o.code);
            }
        }
        ended = Some(session_end::ActiveModel { user_id: Set(id), created_at: Set(now), ..Default::default() }.insert(&txn).await?);
    }
    let after = user::Entity::find_by_id(id).one(&txn).await?.ok_or(CustomerError::NotFound)?;
    let was = BlockRecord { mobile: before.mobile.clone(), block: before.block, reason: before.block_reason.clone(), cancelled_orders: vec![] };
    let now_rec = BlockRecord { mobile: after.mobile.clone(), block, reason: reason.clone(), cancelled_orders: cancelled.clone() };
    let action = if block { "customer.block" } else { "customer.unblock" };
    record(&txn, actor, Change::of(action, "user", id, Some(&was), Some(&now_rec)), now).await?;
    txn.commit().await?;
    Ok(BlockOutcome { user: after, ended, cancelled })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_trimmed_required_and_bounded() {
        assert_eq!(reason("  تقلب در پرداخت ").unwrap(), "تقلب در پرداخت");
        assert!(matches!(reason(" \n "), Err(CustomerError::ReasonMissing)));
        assert!(reason(&"ب".repeat(MAX_REASON)).is_ok());
        assert!(matches!(reason(&"ب".repeat(MAX_REASON + 1)), Err(CustomerError::ReasonTooLong)));
    }
}
