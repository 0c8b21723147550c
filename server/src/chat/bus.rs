//! How the nodes hear of each other's chat events. Messages are rows in the database; an event
//! carries only ids (and the small marks), and every node pushes what it hears to its own
//! sockets through its [`Hub`].
//!
//! - **PostgreSQL**: `pg_notify('shop_chat', …)` after the write; every node LISTENs (the
//!   node's one listening connection, `platform::notify`) and loads the message by id. After
//!   the listening connection drops and comes back, the node loads every message newer than
//!   the last it saw, so a message is never missed by the sockets that stayed open.
//! - **SQLite** (one machine; several processes may share the file): a poller reads messages
//!   newer than the last it saw every [`POLL`] and at once when this node wrote one, and marks
//!   that moved since its last look. Typing notices stay in the process (they are momentary).
//!
//! The bus also carries one note that is not about chat: every session of a user ended (staff
//! blocked them, or they signed out, changed their password…; a `session_ends` row). Every node then drops that user's cached row
//! (`AppState::users`), so its next call reads the block from the database, and closes their
//! chat sockets. On PostgreSQL the NOTIFY carries the row's id (rows newer than the last seen
//! are read again after the listener reconnects); on SQLite the poller reads the new rows.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    Statement,
};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::sync::Notify;

use super::dto::Receipts;
use super::entity::{chat_conversation as conv, chat_message as msg};
use super::hub::{Hub, HubEvent};
use crate::auth::entity::session_end;
use crate::auth::user_cache::UserCache;
use crate::platform::notify::Heard;

/// The NOTIFY channel.
pub const CHANNEL: &str = "shop_chat";
/// SQLite poll period.
pub const POLL: Duration = Duration::from_millis(250);
/// Messages read per catch-up query.
const BATCH: u64 = 500;

/// What travels between nodes (small: NOTIFY payloads stay far below 8,000 bytes).
#[derive(Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "k")]
enum Note {
    /// A message `id` was stored in customer `u`'s conversation.
    #[serde(rename = "m")]
    Message { u: i64, id: i64 },
    /// Marks moved.
    #[serde(rename = "r")]
    Receipts { u: i64, r: Receipts },
    /// Typing in conversation `c`.
    #[serde(rename = "t")]
    Typing { u: i64, c: i64, s: bool },
    /// Every session of user `u` ended (`session_ends` row `id`): forget their cached row.
    #[serde(rename = "e")]
    SessionsEnded { u: i64, id: i64 },
}

/// The node's side of the bus, shared by its sockets.
pub struct ChatBus {
    /// This node's sockets.
    pub hub: Arc<Hub>,
    postgres: bool,
    /// Wakes the SQLite poller after this node wrote.
    poke: Notify,
    /// Highest message id handed to the hub (catch-up starts after it).
    seen: AtomicI64,
    /// This node's cached `users` rows (dropped for a user whose sessions ended).
    users: Arc<UserCache>,
    /// Highest `session_ends` id handled.
    seen_ends: AtomicI64,
}

impl ChatBus {
    /// A bus for the database at `database_url`; `users` is the node's user cache.
    pub fn new(database_url: &str, users: Arc<UserCache>) -> Arc<Self> {
        Arc::new(Self {
            hub: Hub::new(),
            postgres: database_url.starts_with("postgres"),
            poke: Notify::new(),
            seen: AtomicI64::new(i64::MAX),
            users,
            seen_ends: AtomicI64::new(i64::MAX),
        })
    }

    /// Tell every node (this one too) that every session of `row.user_id` ended (the row is
    /// committed): each forgets the user's cached row and closes their chat sockets.
    pub async fn sessions_ended(&self, db: &DatabaseConnection, row: &session_end::Model) {
        self.forget(row.user_id, row.id);
        if self.postgres {
            self.notify(db, &Note::SessionsEnded { u: row.user_id, id: row.id }).await;
        } else {
            self.poke.notify_one();
        }
    }

    fn forget(&self, user_id: i64, id: i64) {
        self.users.forget(user_id);
        self.hub.drop_customer(user_id);
        self.seen_ends.fetch_max(id, Ordering::SeqCst);
    }

    /// Every `session_ends` row newer than the last one handled (other processes' blocks on
    /// SQLite; those sent while the PostgreSQL listener was away).
    async fn catch_up_ends(&self, db: &DatabaseConnection) -> Result<(), DbErr> {
        loop {
            let after = self.seen_ends.load(Ordering::SeqCst);
            let rows = session_end::Entity::find()
                .filter(session_end::Column::Id.gt(after))
                .order_by_asc(session_end::Column::Id)
                .limit(BATCH)
                .all(db)
                .await?;
            let full = rows.len() as u64 == BATCH;
            for r in rows {
                self.forget(r.user_id, r.id);
            }
            if !full {
                return Ok(());
            }
        }
    }

    /// Tell every node (this one too) that message `m` of customer `customer_id`'s
    /// conversation is stored.
    pub async fn message_stored(&self, db: &DatabaseConnection, customer_id: i64, m: &msg::Model) {
        if self.postgres {
            self.notify(db, &Note::Message { u: customer_id, id: m.id }).await;
        } else {
            self.poke.notify_one();
        }
    }

    /// Tell every node that the marks of a conversation moved.
    pub async fn receipts_moved(&self, db: &DatabaseConnection, customer_id: i64, r: Receipts) {
        if self.postgres {
            self.notify(db, &Note::Receipts { u: customer_id, r }).await;
        } else {
            // The poller reads the row the write just moved: one path for this node and others.
            self.poke.notify_one();
        }
    }

    /// Tell the sockets following a conversation that someone is typing.
    pub async fn typing(&self, db: &DatabaseConnection, customer_id: i64, conversation: i64, from_staff: bool) {
        if self.postgres {
            self.notify(db, &Note::Typing { u: customer_id, c: conversation, s: from_staff }).await;
        } else {
            self.hub.dispatch(HubEvent::Typing { customer_id, conversation, from_staff });
        }
    }

    async fn notify(&self, db: &DatabaseConnection, note: &Note) {
        let payload = serde_json::to_string(note).unwrap_or_default();
        let stmt = Statement::from_sql_and_values(DbBackend::Postgres, "SELECT pg_notify($1, $2)", [CHANNEL.into(), payload.into()]);
        if let Err(e) = db.query_one_raw(stmt).await {
            // The row is stored: the other nodes' catch-up (or a browser's resync) still finds it.
            tracing::warn!(target: "shop::chat", error = %e, "pg_notify failed");
        }
    }

    /// Follow what the node's listener hears on [`CHANNEL`] (PostgreSQL: `heard`, from
    /// `platform::notify::Listener::subscribe`) or poll (SQLite); runs until aborted.
    pub fn spawn(self: Arc<Self>, db: DatabaseConnection, heard: Option<UnboundedReceiver<Heard>>) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            if let Err(e) = self.start_mark(&db).await {
                tracing::warn!(target: "shop::chat", error = %e, "chat bus: could not read the last message id");
            }
            match heard {
                Some(heard) => self.listen(&db, heard).await,
                None => self.poll(&db).await,
            }
        })
    }

    /// Messages already stored when the node starts are history, not news.
    async fn start_mark(&self, db: &DatabaseConnection) -> Result<(), DbErr> {
        let max = msg::Entity::find()
            .select_only()
            .column(msg::Column::Id)
            .order_by_desc(msg::Column::Id)
            .limit(1)
            .into_tuple::<i64>()
            .one(db)
            .await?;
        self.seen.store(max.unwrap_or(0), Ordering::SeqCst);
        let ends = session_end::Entity::find()
            .select_only()
            .column(session_end::Column::Id)
            .order_by_desc(session_end::Column::Id)
            .limit(1)
            .into_tuple::<i64>()
            .one(db)
            .await?;
        self.seen_ends.store(ends.unwrap_or(0), Ordering::SeqCst);
        Ok(())
    }

    /// Hand stored messages to the hub (customer id looked up per conversation).
    async fn deliver(&self, db: &DatabaseConnection, rows: Vec<msg::Model>) -> Result<(), DbErr> {
        if rows.is_empty() {
            return Ok(());
        }
        let convs: std::collections::HashMap<i64, i64> = conv::Entity::find()
            .filter(conv::Column::Id.is_in(rows.iter().map(|m| m.conversation_id)))
            .all(db)
            .await?
            .into_iter()
            .map(|c| (c.id, c.customer_id))
            .collect();
        for m in rows {
            self.seen.fetch_max(m.id, Ordering::SeqCst);
            if let Some(&customer_id) = convs.get(&m.conversation_id) {
                self.hub.dispatch(HubEvent::Message { customer_id, message: super::view::message(&m) });
            }
        }
        Ok(())
    }

    /// Every message newer than the last one handed to the hub.
    async fn catch_up(&self, db: &DatabaseConnection) -> Result<(), DbErr> {
        loop {
            let after = self.seen.load(Ordering::SeqCst);
            let rows = msg::Entity::find()
                .filter(msg::Column::Id.gt(after))
                .order_by_asc(msg::Column::Id)
                .limit(BATCH)
                .all(db)
                .await?;
            let full = rows.len() as u64 == BATCH;
            self.deliver(db, rows).await?;
            if !full {
                return Ok(());
            }
        }
    }

    /// What the node's listener hears on [`CHANNEL`], in order.
    async fn listen(&self, db: &DatabaseConnection, mut heard: UnboundedReceiver<Heard>) {
        while let Some(h) = heard.recv().await {
            match h {
                // Whatever was stored while nobody listened.
                Heard::Listening => {
                    if let Err(e) = self.catch_up(db).await {
                        tracing::warn!(target: "shop::chat", error = %e, "chat listener: catch-up failed");
                    }
                    if let Err(e) = self.catch_up_ends(db).await {
                        tracing::warn!(target: "shop::chat", error = %e, "chat listener: session ends catch-up failed");
                    }
                }
                Heard::Note(payload) => self.on_note(db, &payload).await,
            }
        }
    }

    async fn on_note(&self, db: &DatabaseConnection, payload: &str) {
        let Ok(note) = serde_json::from_str::<Note>(payload) else {
            tracing::warn!(target: "shop::chat", payload, "chat listener: unknown note");
            return;
        };
        match note {
            Note::Message { u, id } => match msg::Entity::find_by_id(id).one(db).await {
                Ok(Some(m)) => {
                    self.seen.fetch_max(m.id, Ordering::SeqCst);
                    self.hub.dispatch(HubEvent::Message { customer_id: u, message: super::view::message(&m) });
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(target: "shop::chat", error = %e, id, "chat listener: load failed"),
            },
            Note::Receipts { u, r } => self.hub.dispatch(HubEvent::Receipts { customer_id: u, receipts: r }),
            Note::Typing { u, c, s } => self.hub.dispatch(HubEvent::Typing { customer_id: u, conversation: c, from_staff: s }),
            Note::SessionsEnded { u, id } => self.forget(u, id),
        }
    }

    async fn poll(&self, db: &DatabaseConnection) {
        let mut receipts_after = 0i64;
        let mut first = true;
        let mut last_marks: std::collections::HashMap<i64, Receipts> = std::collections::HashMap::new();
        loop {
            tokio::select! {
                _ = self.poke.notified() => {}
                _ = tokio::time::sleep(POLL) => {}
            }
            if let Err(e) = self.catch_up(db).await {
                tracing::warn!(target: "shop::chat", error = %e, "chat poll: messages failed");
            }
            if let Err(e) = self.catch_up_ends(db).await {
                tracing::warn!(target: "shop::chat", error = %e, "chat poll: session ends failed");
            }
            // Marks that moved since the last look (this process's and others').
            match conv::Entity::find().filter(conv::Column::ReceiptsMs.gte(receipts_after)).all(db).await {
                Ok(rows) => {
                    for c in rows {
                        receipts_after = receipts_after.max(c.receipts_ms);
                        let r = super::view::receipts(&c);
                        if last_marks.get(&c.id) != Some(&r) {
                            last_marks.insert(c.id, r);
                            if !first && c.receipts_ms > 0 {
                                self.hub.dispatch(HubEvent::Receipts { customer_id: c.customer_id, receipts: r });
                            }
                        }
                    }
                }
                Err(e) => tracing::warn!(target: "shop::chat", error = %e, "chat poll: marks failed"),
            }
            first = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_small_and_round_trip() {
        let r = Receipts { conversation: 7, customer_delivered: 9_000_000_000, customer_read: 1, staff_delivered: 2, staff_read: 3 };
        for n in [Note::Message { u: 1, id: 2 }, Note::Receipts { u: 1, r }, Note::Typing { u: 1, c: 7, s: true }, Note::SessionsEnded { u: 1, id: 9_000_000_000 }] {
            let s = serde_json::to_string(&n).unwrap();
            assert!(s.len() < 200, "{s}");
            assert_eq!(serde_json::from_str::<Note>(&s).unwrap(), n);
        }
    }
}
