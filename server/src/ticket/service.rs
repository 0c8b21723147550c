//! Ticket rules: parse a request once into checked values ([`NewTicket`], [`NewMessage`]),
//! then store them for their owner. A customer reaches only their own tickets and files
//! (another customer's id answers 404, as an unknown one); staff reach every ticket.
//! State changes go through `shop_core::ticket_state::transition` and are written with a
//! conditional update, so two answers racing with a close cannot reopen a closed ticket.

use sea_orm::sea_query::{Expr, Func, Query};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use shop_core::ticket_state::{transition, TicketEvent, TicketStatus, TicketTransitionError};
use shop_core::forms::{self, Form, FormProblems, Values};
use shop_core::types::OrderCode;
use shop_core::validation::{validate_upload, Rule, SIGNATURE_BYTES};

use super::entity::ticket::{self, Department, Priority};
use super::entity::{ticket_attachment, ticket_message};
use crate::audit::service::{self as audit, Change};
use crate::auth::staff::Actor;
use crate::auth::entity::user;
use crate::auth::limits::{self as rate_limits, Rate};
use crate::order::entity::customer_order;
use crate::platform::config::TicketLimits;
use crate::platform::files::{FileKey, FileStore};

/// Files per message (`shop_core::validation`, shared with the web app).
pub const MAX_FILES: usize = shop_core::validation::MAX_FILES;
/// Tickets a customer may have that are not closed.
pub const MAX_OPEN_TICKETS: u64 = 10;
/// Staff inbox page size.
pub const INBOX_PAGE: u64 = 50;
/// The store folder of ticket files.
const AREA: &str = "tickets";

/// Persian names of the request fields, as messages show them.
pub mod label {
    pub const DEPARTMENT: &str = "بخش";
    pub const PRIORITY: &str = "اولویت";
    pub const FILE: &str = "پیوست";
}

/// Why a ticket call was refused; each names its request field where there is one.
#[derive(Debug, thiserror::Error)]
pub enum TicketError {
    /// A field breaks a rule: (field, Persian message).
    #[error("{1}")]
    Invalid(&'static str, String),
    /// Unknown ticket, or another customer's.
    #[error("تیکت مورد نظر پیدا نشد")]
    NotFound,
    /// Unknown attachment, or one of another customer's tickets.
    #[error("فایل مورد نظر پیدا نشد")]
    FileNotFound,
    /// The related order is unknown or another customer's.
    #[error("سفارش مورد نظر پیدا نشد")]
    OrderNotFound,
    /// The ticket is closed.
    #[error("{0}")]
    Closed(#[from] TicketTransitionError),
    /// Too many tickets still open.
    #[error("{}", shop_core::ticket_state::too_many_open_message(MAX_OPEN_TICKETS))]
    TooManyOpen,
    /// Too many opens and replies in the last hour; seconds until the next one is allowed.
    #[error("تعداد تیکت‌ها و پیام‌های شما در یک ساعت گذشته بیش از حد مجاز است؛ لطفا {} دقیقه دیگر دوباره تلاش کنید", minutes(*.0))]
    TooFast(i64),
    /// The files would take the ticket's attachments past its quota (bytes).
    #[error("حجم پیوست‌های این تیکت از {} بیشتر می‌شود؛ فایل کوچک‌تری بفرستید یا بدون پیوست بنویسید", size_text(*.0))]
    TicketQuota(i64),
    /// The files would take the customer's attachments past their quota (bytes).
    #[error("حجم همه‌ی پیوست‌های تیکت‌های شما از {} بیشتر می‌شود؛ بدون پیوست بنویسید یا فایل کوچک‌تری بفرستید", size_text(*.0))]
    CustomerQuota(i64),
    #[error("database: {0}")]
    Db(#[from] DbErr),
    /// The file store failed.
    #[error("file store: {0}")]
    Files(#[from] std::io::Error),
}

/// Whole minutes to wait, at least 1, in Persian digits.
fn minutes(secs: i64) -> String {
    shop_core::digits::to_persian_digits(&std::cmp::max((secs + 59) / 60, 1).to_string())
}

/// A quota as shown: whole megabytes, else kilobytes, in Persian digits.
fn size_text(bytes: i64) -> String {
    let text = if bytes % (1 << 20) == 0 {
        format!("{} مگابایت", bytes >> 20)
    } else {
        format!("{} کیلوبایت", (bytes + 1023) / 1024)
    };
    shop_core::digits::to_persian_digits(&text)
}

/// Who is asking: a customer sees their own tickets, staff see all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// A customer, by user id.
    Customer(i64),
    /// A staff member, by user id.
    Staff(i64),
}

impl Viewer {
    fn user_id(self) -> i64 {
        match self {
            Viewer::Customer(id) | Viewer::Staff(id) => id,
        }
    }
}

/// An uploaded file as it arrived: the client's name (untrusted) and its bytes.
#[derive(Debug, Clone)]
pub struct UploadedFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A file that passed core's upload rules.
#[derive(Debug, Clone)]
pub struct CheckedFile {
    /// The name shown (base name, cleaned).
    pub name: String,
    /// Lowercase extension.
    pub ext: String,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// The name to show for an upload: the part after the last `/` or `\` (browsers and tools
/// that send a path), without control and direction-override characters, at most 100 chars
/// (the extension kept). Never used as a path: files are stored under generated keys.
pub fn display_name(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let clean: String = base
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
        .collect();
    let clean = clean.trim();
    if clean.chars().count() <= 100 {
        return clean.to_string();
    }
    let (stem, ext) = clean.rsplit_once('.').unwrap_or((clean, ""));
    let keep = 100usize.saturating_sub(ext.chars().count() + 1);
    let stem: String = stem.chars().take(keep).collect();
    if ext.is_empty() {
        stem
    } else {
        format!("{stem}.{ext}")
    }
}

/// Checks every upload with `core` (size, empty, extension, first bytes) and the count.
pub fn check_files(files: Vec<UploadedFile>) -> Result<Vec<CheckedFile>, TicketError> {
    if files.len() > MAX_FILES {
        return Err(TicketError::Invalid(
            "files",
            shop_core::validation::too_many_files_message(MAX_FILES),
        ));
    }
    files
        .into_iter()
        .map(|f| {
            let name = display_name(&f.name);
            let head = &f.bytes[..f.bytes.len().min(SIGNATURE_BYTES)];
            validate_upload(label::FILE, &name, f.bytes.len() as u64, head)
                .map_err(|e| TicketError::Invalid("files", e.message))?;
            let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
            let content_type = shop_core::validation::content_type_of(&name)
                .ok_or_else(|| TicketError::Invalid("files", shop_core::validation::message(&Rule::FileExtension, label::FILE)))?;
            Ok(CheckedFile { name, ext, content_type, bytes: f.bytes })
        })
        .collect()
}

/// `core`'s refusal of a ticket form as a [`TicketError`] naming the first failing field.
fn refused(form: &'static Form, p: FormProblems) -> TicketError {
    let (field, message) = p.0.into_iter().next().unwrap_or_default();
    TicketError::Invalid(form.field(&field).map_or("message", |f| f.name), message)
}

/// A message body: `core`'s reply form (required, at most 5 000 characters, lines kept).
pub fn parse_message(raw: &str) -> Result<String, TicketError> {
    forms::ticket::parse_reply(&Values::from_pairs([("message", raw)])).map_err(|p| refused(&forms::ticket::REPLY_FORM, p))
}

/// A new ticket's fields as the client sent them.
#[derive(Debug, Clone, Default)]
pub struct TicketInput {
    pub subject: String,
    pub department: String,
    pub priority: String,
    /// Empty: no related order.
    pub order_code: String,
    pub message: String,
}

/// A checked new ticket.
#[derive(Debug, Clone)]
pub struct NewTicket {
    pub subject: String,
    pub department: Department,
    pub priority: Priority,
    pub order_code: Option<OrderCode>,
    pub message: String,
    pub files: Vec<CheckedFile>,
}

/// A key of `core`'s lists ([`forms::ticket::DEPARTMENTS`], [`forms::ticket::PRIORITIES`]) as
/// the stored enum (the lists and the enums name the same keys).
fn stored_choice<T: poem_openapi::types::ParseFromJSON>(field: &'static str, label: &str, key: &str) -> Result<T, TicketError> {
    T::parse_from_json(Some(serde_json::Value::String(key.to_string())))
        .map_err(|_| TicketError::Invalid(field, crate::platform::error::not_valid_message(label)))
}

impl TicketInput {
    /// Parses the fields with `core`'s ticket form (the one the web form checks with), in form
    /// order; then the files.
    pub fn parse(&self, files: Vec<UploadedFile>) -> Result<NewTicket, TicketError> {
        let values = Values::from_pairs([
            ("subject", self.subject.as_str()),
            ("department", &self.department),
            ("priority", &self.priority),
            ("order_code", &self.order_code),
            ("message", &self.message),
        ]);
        let t = forms::ticket::parse(&values).map_err(|p| refused(&forms::ticket::FORM, p))?;
        let department = stored_choice::<Department>("department", label::DEPARTMENT, t.department)?;
        let priority = stored_choice::<Priority>("priority", label::PRIORITY, t.priority)?;
        let files = check_files(files)?;
        Ok(NewTicket { subject: t.subject, department, priority, order_code: t.order_code, message: t.message, files })
    }
}

/// A fresh store key for each file.
fn new_keys(files: &[CheckedFile]) -> Vec<FileKey> {
    files.iter().map(|f| FileKey::generate(AREA, &f.ext)).collect()
}

/// Writes the files under their keys. On a failure the caller discards every key (a missing
/// file is no error), so nothing is left behind.
async fn put_files(store: &dyn FileStore, files: &[CheckedFile], keys: &[FileKey]) -> Result<(), TicketError> {
    for (f, key) in files.iter().zip(keys) {
        store.put(key, &f.bytes).await?;
    }
    Ok(())
}

/// Attachment bytes the customer sent (staff files are not counted): in one ticket, or in all
/// of `user_id`'s tickets.
async fn customer_bytes<C: ConnectionTrait>(db: &C, user_id: i64, ticket_id: Option<i64>) -> Result<i64, DbErr> {
    let mut messages = Query::select()
        .column(ticket_message::Column::Id)
        .from(ticket_message::Entity)
        .and_where(ticket_message::Column::FromStaff.eq(false))
        .to_owned();
    match ticket_id {
        Some(t) => messages.and_where(ticket_message::Column::TicketId.eq(t)),
        None => messages.and_where(ticket_message::Column::TicketId.in_subquery(
            Query::select()
                .column(ticket::Column::Id)
                .from(ticket::Entity)
                .and_where(ticket::Column::UserId.eq(user_id))
                .to_owned(),
        )),
    };
    // SUM of a BIGINT is NUMERIC on PostgreSQL: cast back.
    let total: Expr = Func::cast_as(
        Func::coalesce([Func::sum(Expr::col(ticket_attachment::Column::Size)).into(), Expr::val(0i64)]),
        "BIGINT",
    )
    .into();
    let sum: Option<i64> = ticket_attachment::Entity::find()
        .select_only()
        .column_as(total, "total")
        .filter(ticket_attachment::Column::MessageId.in_subquery(messages))
        .into_tuple()
        .one(db)
        .await?;
    Ok(sum.unwrap_or(0))
}

/// Refuses `new_bytes` more of the customer's files when they would pass the ticket's or the
/// customer's quota. `ticket_id` is `None` for a ticket being opened.
async fn check_quota<C: ConnectionTrait>(
    db: &C,
    limits: &TicketLimits,
    user_id: i64,
    ticket_id: Option<i64>,
    new_bytes: i64,
) -> Result<(), TicketError> {
    if new_bytes == 0 {
        return Ok(());
    }
    let in_ticket = match ticket_id {
        Some(t) => customer_bytes(db, user_id, Some(t)).await?,
        None => 0,
    };
    if in_ticket + new_bytes > limits.ticket_bytes {
        return Err(TicketError::TicketQuota(limits.ticket_bytes));
    }
    if customer_bytes(db, user_id, None).await? + new_bytes > limits.customer_bytes {
        return Err(TicketError::CustomerQuota(limits.customer_bytes));
    }
    Ok(())
}

/// Counts one open or reply of the customer (GCRA in `rate_limits`, shared by every node).
async fn reserve_action(db: &DatabaseConnection, limits: &TicketLimits, user_id: i64, now: i64) -> Result<(), TicketError> {
    let rate = Rate { limit: limits.actions_per_hour, window_secs: 3600 };
    rate_limits::reserve(db, &format!("ticket:{user_id}"), now, rate).await?.map_err(TicketError::TooFast)
}

fn total_bytes(files: &[CheckedFile]) -> i64 {
    files.iter().map(|f| f.bytes.len() as i64).sum()
}

async fn discard(store: &dyn FileStore, keys: &[FileKey]) {
    for k in keys {
        if let Err(e) = store.delete(k).await {
            tracing::warn!(key = k.as_str(), error = %e, "could not remove an unused ticket file");
        }
    }
}

async fn insert_message<C: ConnectionTrait>(
    db: &C,
    ticket_id: i64,
    author_id: i64,
    from_staff: bool,
    body: String,
    files: &[CheckedFile],
    keys: &[FileKey],
    now: i64,
) -> Result<i64, DbErr> {
    let msg = ticket_message::ActiveModel {
        ticket_id: Set(ticket_id),
        author_id: Set(author_id),
        from_staff: Set(from_staff),
        body: Set(body),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    for (f, key) in files.iter().zip(keys) {
        ticket_attachment::ActiveModel {
            ticket_id: Set(ticket_id),
            message_id: Set(msg.id),
            store_key: Set(key.as_str().to_string()),
            file_name: Set(f.name.clone()),
            content_type: Set(f.content_type.to_string()),
            size: Set(f.bytes.len() as i64),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(msg.id)
}

/// Opens a ticket for `user_id`; returns its id. The related order must be the customer's.
/// Refusals come before any file is written: the open-ticket cap and the quotas are counted
/// again under the owner's lock, then the rows are inserted and the files written in the same
/// transaction, so parallel opens cannot pass a cap together and a refused one leaves nothing.
pub async fn open(
    db: &DatabaseConnection,
    store: &dyn FileStore,
    limits: &TicketLimits,
    user_id: i64,
    t: NewTicket,
    now: i64,
) -> Result<i64, TicketError> {
    if let Some(code) = &t.order_code {
        let own = customer_order::Entity::find()
            .filter(customer_order::Column::Code.eq(code.as_str()))
            .filter(customer_order::Column::UserId.eq(user_id))
            .count(db)
            .await?;
        if own == 0 {
            return Err(TicketError::OrderNotFound);
        }
    }
    // The common refusals first, without the lock or the rate.
    if open_tickets(db, user_id).await? >= MAX_OPEN_TICKETS {
        return Err(TicketError::TooManyOpen);
    }
    let new_bytes = total_bytes(&t.files);
    check_quota(db, limits, user_id, None, new_bytes).await?;
    reserve_action(db, limits, user_id, now).await?;
    let keys = new_keys(&t.files);
    let written = async {
        let txn = crate::platform::db::begin_write(db).await?;
        crate::platform::db::lock_owner(&txn, user_id).await?;
        if open_tickets(&txn, user_id).await? >= MAX_OPEN_TICKETS {
            return Err(TicketError::TooManyOpen);
        }
        check_quota(&txn, limits, user_id, None, new_bytes).await?;
        let row = ticket::ActiveModel {
            user_id: Set(user_id),
            subject: Set(t.subject),
            department: Set(t.department),
            priority: Set(t.priority),
            order_code: Set(t.order_code.map(String::from)),
            status_name: Set(TicketStatus::Open.as_str().to_string()),
            customer_unread: Set(false),
            staff_unread: Set(true),
            created_at: Set(now),
            updated_at: Set(now),
            closed_at: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        insert_message(&txn, row.id, user_id, false, t.message, &t.files, &keys, now).await?;
        // Written under the lock, after the checks: at most 3 files of 1 MB.
        put_files(store, &t.files, &keys).await?;
        txn.commit().await?;
        Ok::<_, TicketError>(row.id)
    }
    .await;
    if written.is_err() {
        discard(store, &keys).await;
    }
    written
}

/// The customer's tickets that are not closed.
async fn open_tickets<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<u64, DbErr> {
    ticket::Entity::find()
        .filter(ticket::Column::UserId.eq(user_id))
        .filter(ticket::Column::StatusName.ne(TicketStatus::Closed.as_str()))
        .count(db)
        .await
}

/// The ticket `id` as `viewer` may see it: a customer only their own.
pub async fn find<C: ConnectionTrait>(db: &C, viewer: Viewer, id: i64) -> Result<ticket::Model, TicketError> {
    let mut q = ticket::Entity::find_by_id(id);
    if let Viewer::Customer(uid) = viewer {
        q = q.filter(ticket::Column::UserId.eq(uid));
    }
    q.one(db).await?.ok_or(TicketError::NotFound)
}

/// Moves the ticket from `from` by `event`, only if nobody changed its state meanwhile.
/// Returns whether this call won (false: the state changed under it; read again).
async fn move_state<C: ConnectionTrait>(
    db: &C,
    t: &ticket::Model,
    from: TicketStatus,
    to: TicketStatus,
    viewer: Viewer,
    touches_unread: bool,
    now: i64,
) -> Result<bool, DbErr> {
    let mut q = ticket::Entity::update_many()
        .col_expr(ticket::Column::StatusName, Expr::value(to.as_str()))
        .col_expr(ticket::Column::UpdatedAt, Expr::value(now));
    if to == TicketStatus::Closed {
        q = q.col_expr(ticket::Column::ClosedAt, Expr::value(now));
    }
    if touches_unread {
        // A new message: the other side has something unread, this side has read it all.
        let (mine, theirs) = match viewer {
            Viewer::Customer(_) => (ticket::Column::CustomerUnread, ticket::Column::StaffUnread),
            Viewer::Staff(_) => (ticket::Column::StaffUnread, ticket::Column::CustomerUnread),
        };
        q = q.col_expr(mine, Expr::value(false)).col_expr(theirs, Expr::value(true));
    }
    let res = q
        .filter(ticket::Column::Id.eq(t.id))
        .filter(ticket::Column::StatusName.eq(from.as_str()))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

/// Adds a message (and files) to a ticket `viewer` may reach; staff may mark that the answer
/// waits for the customer. A closed ticket refuses it. Returns the message's id. A customer's
/// reply counts against their hourly rate and their quotas (checked again under their lock,
/// before any file is written); staff replies are limited by neither, and go into the audit
/// log as `actor` in the same transaction.
#[allow(clippy::too_many_arguments)]
pub async fn reply(
    db: &DatabaseConnection,
    actor: Option<&Actor>,
    store: &dyn FileStore,
    limits: &TicketLimits,
    viewer: Viewer,
    id: i64,
    body: String,
    files: Vec<CheckedFile>,
    awaits_customer: bool,
    now: i64,
) -> Result<i64, TicketError> {
    let event = match viewer {
        Viewer::Customer(_) => TicketEvent::CustomerReply,
        Viewer::Staff(_) => TicketEvent::StaffReply { awaits_customer },
    };
    // Checked before anything is counted or written, so a closed ticket costs nothing.
    let t = find(db, viewer, id).await?;
    transition(t.status(), event)?;
    let new_bytes = total_bytes(&files);
    if let Viewer::Customer(uid) = viewer {
        check_quota(db, limits, uid, Some(t.id), new_bytes).await?;
        reserve_action(db, limits, uid, now).await?;
    }
    let keys = new_keys(&files);
    let mut body = Some(body);
    let outcome = async {
        // A few rounds at most: each lost round means another request changed the state.
        for _ in 0..5 {
            let t = find(db, viewer, id).await?;
            let from = t.status();
            let to = transition(from, event)?;
            let txn = crate::platform::db::begin_write(db).await?;
            if let Viewer::Customer(uid) = viewer {
                crate::platform::db::lock_owner(&txn, uid).await?;
                check_quota(&txn, limits, uid, Some(t.id), new_bytes).await?;
            }
            if !move_state(&txn, &t, from, to, viewer, true, now).await? {
                txn.rollback().await?;
                continue;
            }
            let from_staff = matches!(viewer, Viewer::Staff(_));
            let text = body.take().unwrap_or_default();
            let message = insert_message(&txn, t.id, viewer.user_id(), from_staff, text, &files, &keys, now).await?;
            if let Some(actor) = actor {
                let before = serde_json::json!({ "status": from.as_str() });
                let after = serde_json::json!({ "status": to.as_str(), "message": message, "files": files.len(), "awaits_customer": awaits_customer });
                audit::record(&txn, actor, Change::of("ticket.reply", "ticket", t.id, Some(&before), Some(&after)), now).await?;
            }
            // Written under the lock, after the checks: at most 3 files of 1 MB.
            put_files(store, &files, &keys).await?;
            txn.commit().await?;
            return Ok(message);
        }
        Err(TicketError::Db(DbErr::Custom("ticket state kept changing".into())))
    }
    .await;
    if outcome.is_err() {
        discard(store, &keys).await;
    }
    outcome
}

/// Closes a ticket `viewer` may reach; closing a closed ticket changes nothing. A staff close
/// goes into the audit log as `actor` in the same transaction.
pub async fn close(db: &DatabaseConnection, viewer: Viewer, actor: Option<&Actor>, id: i64, now: i64) -> Result<(), TicketError> {
    for _ in 0..5 {
        let t = find(db, viewer, id).await?;
        let from = t.status();
        if from == TicketStatus::Closed {
            return Ok(());
        }
        let to = transition(from, TicketEvent::Close)?;
        let txn = crate::platform::db::begin_write(db).await?;
        if !move_state(&txn, &t, from, to, viewer, false, now).await? {
            txn.rollback().await?;
            continue;
        }
        if let Some(actor) = actor {
            let (before, after) = (serde_json::json!({ "status": from.as_str() }), serde_json::json!({ "status": to.as_str() }));
            audit::record(&txn, actor, Change::of("ticket.close", "ticket", t.id, Some(&before), Some(&after)), now).await?;
        }
        txn.commit().await?;
        return Ok(());
    }
    Err(TicketError::Db(DbErr::Custom("ticket state kept changing".into())))
}

/// A ticket with its messages and their files, oldest message first.
pub struct Thread {
    pub ticket: ticket::Model,
    pub messages: Vec<ticket_message::Model>,
    pub files: Vec<ticket_attachment::Model>,
    /// The customer who opened it.
    pub customer: Option<user::Model>,
}

/// The whole ticket for `viewer`; opening it clears the viewer's side's unread mark.
pub async fn thread(db: &DatabaseConnection, viewer: Viewer, id: i64) -> Result<Thread, TicketError> {
    let mut t = find(db, viewer, id).await?;
    let flag = match viewer {
        Viewer::Customer(_) => (t.customer_unread, ticket::Column::CustomerUnread),
        Viewer::Staff(_) => (t.staff_unread, ticket::Column::StaffUnread),
    };
    if flag.0 {
        ticket::Entity::update_many()
            .col_expr(flag.1, Expr::value(false))
            .filter(ticket::Column::Id.eq(t.id))
            .exec(db)
            .await?;
        match viewer {
            Viewer::Customer(_) => t.customer_unread = false,
            Viewer::Staff(_) => t.staff_unread = false,
        }
    }
    let messages = ticket_message::Entity::find()
        .filter(ticket_message::Column::TicketId.eq(t.id))
        .order_by_asc(ticket_message::Column::Id)
        .all(db)
        .await?;
    let files = ticket_attachment::Entity::find()
        .filter(ticket_attachment::Column::TicketId.eq(t.id))
        .order_by_asc(ticket_attachment::Column::Id)
        .all(db)
        .await?;
    let customer = user::Entity::find_by_id(t.user_id).one(db).await?;
    Ok(Thread { ticket: t, messages, files, customer })
}

/// The customer's tickets, latest activity first.
pub async fn list_own(db: &DatabaseConnection, user_id: i64) -> Result<Vec<ticket::Model>, DbErr> {
    ticket::Entity::find()
        .filter(ticket::Column::UserId.eq(user_id))
        .order_by_desc(ticket::Column::UpdatedAt)
        .order_by_desc(ticket::Column::Id)
        .all(db)
        .await
}

/// One page of the staff inbox (every customer's tickets), optionally of one state, latest
/// activity first, each with its customer; and the number of tickets in the filter.
pub async fn inbox(
    db: &DatabaseConnection,
    status: Option<TicketStatus>,
    page: u64,
) -> Result<(Vec<(ticket::Model, Option<user::Model>)>, u64), DbErr> {
    let mut q = ticket::Entity::find();
    if let Some(s) = status {
        q = q.filter(ticket::Column::StatusName.eq(s.as_str()));
    }
    let total = q.clone().count(db).await?;
    let rows = q
        .order_by_desc(ticket::Column::UpdatedAt)
        .order_by_desc(ticket::Column::Id)
        .offset(page.saturating_sub(1).saturating_mul(INBOX_PAGE).min(crate::platform::http::page::MAX_OFFSET))
        .limit(INBOX_PAGE)
        .all(db)
        .await?;
    Ok((with_customers(db, rows).await?, total))
}

/// Each ticket with its customer (one query for the page).
async fn with_customers(
    db: &DatabaseConnection,
    tickets: Vec<ticket::Model>,
) -> Result<Vec<(ticket::Model, Option<user::Model>)>, DbErr> {
    let ids: Vec<i64> = tickets.iter().map(|t| t.user_id).collect();
    let users = user::Entity::find().filter(user::Column::Id.is_in(ids)).all(db).await?;
    Ok(tickets
        .into_iter()
        .map(|t| {
            let u = users.iter().find(|u| u.id == t.user_id).cloned();
            (t, u)
        })
        .collect())
}

/// A stored file `viewer` may download, by the name in its URL (`<32 hex>.<ext>`), with its
/// bytes. Another customer's file answers [`TicketError::FileNotFound`], as an unknown one.
pub async fn attachment(
    db: &DatabaseConnection,
    store: &dyn FileStore,
    viewer: Viewer,
    name: &str,
) -> Result<(ticket_attachment::Model, Vec<u8>), TicketError> {
    let key = FileKey::parse(&format!("{AREA}/{name}")).ok_or(TicketError::FileNotFound)?;
    let row = ticket_attachment::Entity::find()
        .filter(ticket_attachment::Column::StoreKey.eq(key.as_str()))
        .one(db)
        .await?
        .ok_or(TicketError::FileNotFound)?;
    find(db, viewer, row.ticket_id).await.map_err(|e| match e {
        TicketError::NotFound => TicketError::FileNotFound,
        other => other,
    })?;
    let bytes = store.get(&key).await?.ok_or(TicketError::FileNotFound)?;
    Ok((row, bytes))
}

/// The URL name of a stored file (`tickets/<name>` → `<name>`).
pub fn url_name(store_key: &str) -> &str {
    store_key.strip_prefix("tickets/").unwrap_or(store_key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_drop_paths_and_controls() {
        assert_eq!(display_name("../../etc/passwd.jpg"), "passwd.jpg");
        assert_eq!(display_name("C:\\Users\\me\\scan.PDF"), "scan.PDF");
        assert_eq!(display_name("a\u{202E}gpj.exe"), "agpj.exe");
        assert_eq!(display_name("..") , "..");
        let long = format!("{}.png", "ب".repeat(300));
        let d = display_name(&long);
        assert_eq!(d.chars().count(), 100);
        assert!(d.ends_with(".png"));
    }

    #[test]
    fn fields_are_checked_in_form_order() {
        let good = TicketInput {
            subject: " سوال درباره گارانتی ".into(),
            department: "warranty".into(),
            priority: "high".into(),
            order_code: "".into(),
            message: "سلام\r\nلپ‌تاپ روشن نمی‌شود\0".into(),
        };
        let t = good.parse(vec![]).unwrap();
        assert_eq!(t.subject, "سوال درباره گارانتی");
        assert_eq!(t.message, "سلام\nلپ‌تاپ روشن نمی‌شود");
        assert_eq!((t.department, t.priority, t.order_code), (Department::Warranty, Priority::High, None));
        let with_code = TicketInput { order_code: " ab۲۳cd۴۵ ".into(), ..good.clone() }.parse(vec![]).unwrap();
        assert_eq!(with_code.order_code.map(String::from).as_deref(), Some("AB23CD45"));
        let field = |i: TicketInput| match i.parse(vec![]) {
            Err(TicketError::Invalid(f, _)) => f,
            other => panic!("{other:?}"),
        };
        assert_eq!(field(TicketInput { subject: " ".into(), ..good.clone() }), "subject");
        assert_eq!(field(TicketInput { subject: "x".repeat(201), ..good.clone() }), "subject");
        assert_eq!(field(TicketInput { department: "".into(), ..good.clone() }), "department");
        assert_eq!(field(TicketInput { department: "hr".into(), ..good.clone() }), "department");
        assert_eq!(field(TicketInput { priority: "urgent!".into(), ..good.clone() }), "priority");
        assert_eq!(field(TicketInput { message: "\0 ".into(), ..good.clone() }), "message");
        assert_eq!(field(TicketInput { message: "x".repeat(5_001), ..good.clone() }), "message");
        assert_eq!(field(TicketInput { order_code: "<b>".into(), ..good.clone() }), "order_code");
        assert!(TicketInput { message: "x".repeat(5_000), ..good }.parse(vec![]).is_ok());
    }
}
