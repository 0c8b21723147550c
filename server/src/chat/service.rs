//! The chat's work on typed values: conversations, idempotent message storage, history, the
//! delivered/read marks and the staff inbox. No socket here; `session` calls these.

use sea_orm::sea_query::{Expr, ExprTrait, Func, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, JoinType, QueryFilter,
    QueryOrder, QuerySelect, RelationTrait,
};

use super::dto::{ClientMessageId, InboxEntry};
use super::entity::{chat_conversation as conv, chat_message as msg};
use crate::auth::entity::user;
use shop_core::chat::ChatText;

/// Why a chat request was refused.
#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    /// No such conversation, or another customer's.
    #[error("no such conversation")]
    NotFound,
    /// The database failed.
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

/// Which side of a conversation someone is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The conversation's customer.
    Customer,
    /// Staff with the `support` role.
    Staff,
}

impl Side {
    /// The side of `u`.
    pub fn of(u: &user::Model) -> Self {
        if u.roles().permits(shop_core::staff::StaffRole::Support) {
            Self::Staff
        } else {
            Self::Customer
        }
    }
}

/// The customer's conversation, if they have written or been written to.
pub async fn conversation_of<C: ConnectionTrait>(db: &C, customer_id: i64) -> Result<Option<conv::Model>, DbErr> {
    conv::Entity::find().filter(conv::Column::CustomerId.eq(customer_id)).one(db).await
}

/// The customer's conversation, created on first use (safe when two nodes race: one row).
pub async fn open_conversation<C: ConnectionTrait>(db: &C, customer_id: i64, now_ms: i64) -> Result<conv::Model, DbErr> {
    if let Some(c) = conversation_of(db, customer_id).await? {
        return Ok(c);
    }
    conv::Entity::insert(conv::ActiveModel {
        customer_id: Set(customer_id),
        last_message_id: Set(0),
        last_message_ms: Set(0),
        customer_delivered: Set(0),
        customer_read: Set(0),
        staff_delivered: Set(0),
        staff_read: Set(0),
        receipts_ms: Set(0),
        created_ms: Set(now_ms),
        ..Default::default()
    })
    .on_conflict(OnConflict::column(conv::Column::CustomerId).do_nothing().to_owned())
    .exec_without_returning(db)
    .await?;
    conversation_of(db, customer_id).await?.ok_or_else(|| DbErr::RecordNotFound("chat_conversation".into()))
}

/// The conversation `requested` as `who` may see it: a customer only their own (another's id
/// is [`ChatError::NotFound`], as if it did not exist); staff any. `None` requested by a
/// customer means their own (which may not exist yet: `Ok(None)`).
pub async fn visible_conversation<C: ConnectionTrait>(
    db: &C,
    who: &user::Model,
    requested: Option<i64>,
) -> Result<Option<conv::Model>, ChatError> {
    match (Side::of(who), requested) {
        (Side::Customer, None) => Ok(conversation_of(db, who.id).await?),
        (Side::Customer, Some(id)) => match conversation_of(db, who.id).await? {
            Some(c) if c.id == id => Ok(Some(c)),
            _ => Err(ChatError::NotFound),
        },
        (Side::Staff, Some(id)) => conv::Entity::find_by_id(id).one(db).await?.map(Some).ok_or(ChatError::NotFound),
        (Side::Staff, None) => Err(ChatError::NotFound),
    }
}

/// Stores a message once per (conversation, client id): a resend gets the stored row back and
/// `false` (nothing new to tell anyone). Moves the conversation's last message forward.
pub async fn store_message<C: ConnectionTrait>(
    db: &C,
    conversation: &conv::Model,
    sender: &user::Model,
    text: ChatText,
    client_id: &ClientMessageId,
    now_ms: i64,
) -> Result<(msg::Model, bool), DbErr> {
    let inserted = msg::Entity::insert(msg::ActiveModel {
        conversation_id: Set(conversation.id),
        sender_id: Set(sender.id),
        from_staff: Set(sender.is_staff()),
        body: Set(text.into_string()),
        client_id: Set(client_id.as_str().to_string()),
        created_ms: Set(now_ms),
        ..Default::default()
    })
    .on_conflict(OnConflict::columns([msg::Column::ConversationId, msg::Column::ClientId]).do_nothing().to_owned())
    .exec_without_returning(db)
    .await?
        == 1;
    let row = msg::Entity::find()
        .filter(msg::Column::ConversationId.eq(conversation.id))
        .filter(msg::Column::ClientId.eq(client_id.as_str()))
        .one(db)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound("chat_message".into()))?;
    if inserted {
        // Only forward: two nodes storing at once leave the higher id.
        conv::Entity::update_many()
            .col_expr(conv::Column::LastMessageId, Expr::value(row.id))
            .col_expr(conv::Column::LastMessageMs, Expr::value(row.created_ms))
            .filter(conv::Column::Id.eq(conversation.id))
            .filter(conv::Column::LastMessageId.lt(row.id))
            .exec(db)
            .await?;
    }
    Ok((row, inserted))
}

/// A page of history: up to `limit` messages before `before` (all when `None`), oldest first,
/// and whether older ones exist.
pub async fn history<C: ConnectionTrait>(
    db: &C,
    conversation_id: i64,
    before: Option<i64>,
    limit: u64,
) -> Result<(Vec<msg::Model>, bool), DbErr> {
    let mut q = msg::Entity::find().filter(msg::Column::ConversationId.eq(conversation_id));
    if let Some(b) = before {
        q = q.filter(msg::Column::Id.lt(b));
    }
    let mut rows = q.order_by_desc(msg::Column::Id).limit(limit + 1).all(db).await?;
    let has_more = rows.len() as u64 > limit;
    rows.truncate(limit as usize);
    rows.reverse();
    Ok((rows, has_more))
}

/// Moves `side`'s delivered and read marks forward (never back, never past the last message).
/// Returns the conversation when a mark moved.
pub async fn mark<C: ConnectionTrait>(
    db: &C,
    conversation_id: i64,
    side: Side,
    delivered: Option<i64>,
    read: Option<i64>,
    now_ms: i64,
) -> Result<Option<conv::Model>, DbErr> {
    let (d_col, r_col) = match side {
        Side::Customer => (conv::Column::CustomerDelivered, conv::Column::CustomerRead),
        Side::Staff => (conv::Column::StaffDelivered, conv::Column::StaffRead),
    };
    // Whatever was read was delivered.
    let delivered = match (delivered, read) {
        (Some(d), Some(r)) => Some(Ord::max(d, r)),
        (d, r) => d.or(r),
    };
    let mut moved = false;
    for (col, value) in [(d_col, delivered), (r_col, read)] {
        let Some(v) = value.filter(|v| *v > 0) else { continue };
        let n = conv::Entity::update_many()
            .col_expr(col, Expr::value(v))
            .col_expr(conv::Column::ReceiptsMs, Expr::value(now_ms))
            .filter(conv::Column::Id.eq(conversation_id))
            .filter(col.lt(v))
            .filter(conv::Column::LastMessageId.gte(v))
            .exec(db)
            .await?
            .rows_affected;
        moved |= n > 0;
    }
    if !moved {
        return Ok(None);
    }
    Ok(conv::Entity::find_by_id(conversation_id).one(db).await?)
}

/// Unread messages of the other side for the customer of `c` (staff messages after their read mark).
pub async fn customer_unread<C: ConnectionTrait>(db: &C, c: &conv::Model) -> Result<i64, DbErr> {
    let n = msg::Entity::find()
        .filter(msg::Column::ConversationId.eq(c.id))
        .filter(msg::Column::FromStaff.eq(true))
        .filter(msg::Column::Id.gt(c.customer_read))
        .select_only()
        .expr_as(Func::count(Expr::col((msg::Entity, msg::Column::Id))), "n")
        .into_tuple::<i64>()
        .one(db)
        .await?;
    Ok(n.unwrap_or(0))
}

/// Per conversation (of `ids`, or all when `None`): customer messages no staff member has read.
async fn staff_unread<C: ConnectionTrait>(db: &C, ids: Option<&[i64]>) -> Result<Vec<(i64, i64)>, DbErr> {
    let mut q = msg::Entity::find()
        .select_only()
        .column(msg::Column::ConversationId)
        .expr_as(Func::count(Expr::col((msg::Entity, msg::Column::Id))), "n")
        .join(JoinType::InnerJoin, msg::Relation::Conversation.def())
        .filter(msg::Column::FromStaff.eq(false))
        .filter(Expr::col((msg::Entity, msg::Column::Id)).gt(Expr::col((conv::Entity, conv::Column::StaffRead))));
    if let Some(ids) = ids {
        q = q.filter(msg::Column::ConversationId.is_in(ids.iter().copied()));
    }
    q.group_by(msg::Column::ConversationId).into_tuple::<(i64, i64)>().all(db).await
}

/// Staff badge: how many conversations wait for a staff member to read them.
pub async fn conversations_waiting(db: &DatabaseConnection) -> Result<i64, DbErr> {
    Ok(staff_unread(db, None).await?.len() as i64)
}

/// A page of the staff inbox: conversations with messages, the most recent first, older than
/// `before_ms` when given; and whether more exist.
pub async fn inbox(db: &DatabaseConnection, before_ms: Option<i64>, limit: u64) -> Result<(Vec<InboxEntry>, bool), DbErr> {
    let mut q = conv::Entity::find().filter(conv::Column::LastMessageId.gt(0));
    if let Some(b) = before_ms {
        q = q.filter(conv::Column::LastMessageMs.lt(b));
    }
    let mut convs = q
        .order_by_desc(conv::Column::LastMessageMs)
        .order_by_desc(conv::Column::Id)
        .limit(limit + 1)
        .all(db)
        .await?;
    let has_more = convs.len() as u64 > limit;
    convs.truncate(limit as usize);
    let ids: Vec<i64> = convs.iter().map(|c| c.id).collect();
    let customers: std::collections::HashMap<i64, user::Model> = user::Entity::find()
        .filter(user::Column::Id.is_in(convs.iter().map(|c| c.customer_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let last: std::collections::HashMap<i64, msg::Model> = msg::Entity::find()
        .filter(msg::Column::Id.is_in(convs.iter().map(|c| c.last_message_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|m| (m.conversation_id, m))
        .collect();
    let unread: std::collections::HashMap<i64, i64> = staff_unread(db, Some(&ids)).await?.into_iter().collect();
    let entries = convs
        .iter()
        .map(|c| {
            let u = customers.get(&c.customer_id);
            let m = last.get(&c.id);
            let name = u.map(|u| format!("{} {}", u.name, u.lastname).trim().to_string()).unwrap_or_default();
            InboxEntry {
                conversation: c.id,
                customer_name: name,
                customer_mobile: u.map(|u| u.mobile.clone()).unwrap_or_default(),
                last_text: m.map(|m| m.body.chars().take(120).collect()).unwrap_or_default(),
                last_from_staff: m.is_some_and(|m| m.from_staff),
                last_ms: c.last_message_ms,
                last_at_text: super::view::when_text(c.last_message_ms),
                unread: unread.get(&c.id).copied().unwrap_or(0),
            }
        })
        .collect();
    Ok((entries, has_more))
}
