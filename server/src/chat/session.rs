//! One browser's socket, from its first frame (the access token) to its close.
//!
//! Close codes (the reason is a Persian text): 4401 no valid token / session over (the browser
//! refreshes its token and reconnects), 4403 blocked account, 4429 the account has
//! `SHOP_CHAT_SOCKETS_PER_ACCOUNT` sockets on this node already (the browser says so and does
//! not reconnect at once), 4000 resync (this socket fell behind: reconnect and reload), 1011
//! the database failed at sign-in. A server that stops drops its sockets; browsers reconnect
//! (to another node) and resend what was unconfirmed.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use poem::web::websocket::{CloseCode, Message, WebSocketStream};

use super::dto::{ClientFrame, ClientMessageId, ErrorCode, ServerFrame};
use super::entity::chat_conversation as conv;
use super::hub::HubEvent;
use super::service::{self, ChatError, Side};
use super::view::{self, text};
use crate::auth::entity::user;
use crate::auth::limits;
use crate::state::AppState;
use shop_core::chat::ChatText;

/// How long a socket may stay silent before its `auth` frame.
pub const AUTH_WAIT: Duration = Duration::from_secs(10);
/// Server pings keep proxies and the idle timer from closing a quiet socket.
pub const PING_EVERY: Duration = Duration::from_secs(25);
/// Largest frame read (a 5,000-character message in 4-byte characters fits with room).
pub const MAX_FRAME: usize = 64 * 1024;
/// Messages: a burst of 20, then 5 a second per socket (in memory, before the account's
/// allowance in the database is asked: one socket's flood costs no queries).
pub const SEND_BURST: f64 = 20.0;
/// Refill rate of the message allowance (per second).
pub const SEND_RATE: f64 = 5.0;
/// Other frames (history, marks, inbox, typing): a burst of 40, then 20 a second.
const OTHER_BURST: f64 = 40.0;
const OTHER_RATE: f64 = 20.0;
/// Typing notices passed on at most this often.
const TYPING_EVERY: Duration = Duration::from_secs(2);

/// A token bucket: `take` spends one token when there is one.
struct Bucket {
    tokens: f64,
    burst: f64,
    rate: f64,
    at: Instant,
}

impl Bucket {
    fn new(burst: f64, rate: f64) -> Self {
        Self { tokens: burst, burst, rate, at: Instant::now() }
    }

    /// `Ok` when allowed, else the milliseconds until one token is back.
    fn take(&mut self) -> Result<(), u64> {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * self.rate).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err((((1.0 - self.tokens) / self.rate) * 1000.0).ceil() as u64)
        }
    }
}

type Sink = futures_util::stream::SplitSink<WebSocketStream, Message>;

/// Why the loop ends.
enum End {
    /// The browser left or the connection broke.
    Gone,
    /// Close with this code and reason.
    Close(u16, &'static str),
}

struct Session {
    state: AppState,
    user: user::Model,
    side: Side,
    /// A customer's conversation, once it exists.
    own: Option<conv::Model>,
    sends: Bucket,
    /// The account's allowance is known to be used up until then (app clock, seconds): no
    /// query per refused message.
    account_full_until: i64,
    others: Bucket,
    last_typing: Option<Instant>,
}

/// Serve one upgraded socket.
pub async fn run(state: AppState, socket: WebSocketStream) {
    let (mut sink, mut stream) = socket.split();
    let token = match tokio::time::timeout(AUTH_WAIT, first_text(&mut stream)).await {
        Ok(Some(t)) => match serde_json::from_str::<ClientFrame>(&t) {
            Ok(ClientFrame::Auth { token }) => token,
            _ => return close(&mut sink, 4401, text::AUTH_FIRST).await,
        },
        Ok(None) => return,
        Err(_) => return close(&mut sink, 4401, text::AUTH_FIRST).await,
    };
    let (user, claims) = match crate::auth::bearer::authenticate(&state, &token).await {
        Ok(ok) => ok,
        Err(e) => {
            let (code, reason) = match e.status().as_u16() {
                403 => (4403, text::BLOCKED),
                _ if e.body().message == crate::auth::service::text::SESSION_EXPIRED => (4401, text::EXPIRED),
                _ => (4401, text::SIGN_IN),
            };
            return close(&mut sink, code, reason).await;
        }
    };
    let side = Side::of(&user);
    // Follow before reading the state, so nothing written in between is missed; one socket
    // more than the account's cap is refused (the oldest ones keep working).
    let customer = (side == Side::Customer).then_some(user.id);
    let cap = state.config.chat.sockets_per_account;
    let Ok(mut sub) = state.chat.hub.subscribe(user.id, customer, cap) else {
        return close(&mut sink, 4429, text::TOO_MANY_SOCKETS).await;
    };
    let mut session = Session {
        own: None,
        sends: Bucket::new(SEND_BURST, SEND_RATE),
        account_full_until: 0,
        others: Bucket::new(OTHER_BURST, OTHER_RATE),
        last_typing: None,
        side,
        user,
        state,
    };
    let ready = match session.ready().await {
        Ok(f) => f,
        Err(_) => return close(&mut sink, 1011, text::RESYNC).await,
    };
    if send(&mut sink, &ready).await.is_err() {
        return;
    }
    let left = (claims.exp - session.state.clock.unix()).max(0) as u64;
    let expiry = tokio::time::sleep(Duration::from_secs(left));
    tokio::pin!(expiry);
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    let end = loop {
        tokio::select! {
            frame = stream.next() => match frame {
                Some(Ok(Message::Text(t))) => {
                    if let Err(end) = session.on_text(&t, &mut sink).await {
                        break end;
                    }
                }
                Some(Ok(Message::Binary(_))) => {
                    if reply_error(&mut sink, ErrorCode::BadFrame, text::BAD_FRAME, None, None).await.is_err() {
                        break End::Gone;
                    }
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break End::Gone,
            },
            event = sub.rx.recv() => match event {
                Some(event) => {
                    if let Some(frame) = session.on_event(&event) {
                        if send(&mut sink, &frame).await.is_err() {
                            break End::Gone;
                        }
                    }
                }
                None => break End::Close(4000, text::RESYNC),
            },
            _ = &mut expiry => break End::Close(4401, text::EXPIRED),
            _ = ping.tick() => {
                if sink.send(Message::Ping(Vec::new())).await.is_err() {
                    break End::Gone;
                }
            }
        }
    };
    drop(sub);
    if let End::Close(code, reason) = end {
        close(&mut sink, code, reason).await;
    }
}

/// The first text frame (pings and pongs skipped); `None` when the socket ends first.
async fn first_text(stream: &mut futures_util::stream::SplitStream<WebSocketStream>) -> Option<String> {
    loop {
        match stream.next().await? {
            Ok(Message::Text(t)) => return Some(t),
            Ok(Message::Ping(_) | Message::Pong(_)) => {}
            _ => return Some(String::new()),
        }
    }
}

async fn send(sink: &mut Sink, frame: &ServerFrame) -> Result<(), ()> {
    let json = serde_json::to_string(frame).map_err(|_| ())?;
    sink.send(Message::Text(json)).await.map_err(|_| ())
}

async fn reply_error(
    sink: &mut Sink,
    code: ErrorCode,
    message: &str,
    client_id: Option<String>,
    retry_after_ms: Option<u64>,
) -> Result<(), ()> {
    send(sink, &ServerFrame::Error { code, message: message.to_string(), client_id, retry_after_ms }).await
}

async fn close(sink: &mut Sink, code: u16, reason: &str) {
    let _ = sink.send(Message::Close(Some((CloseCode::from(code), reason.to_string())))).await;
    let _ = sink.close().await;
}

fn now_ms(state: &AppState) -> i64 {
    state.clock.now().timestamp_millis()
}

impl Session {
    async fn ready(&mut self) -> Result<ServerFrame, sea_orm::DbErr> {
        let db = &self.state.db;
        Ok(match self.side {
            Side::Customer => {
                self.own = service::conversation_of(db, self.user.id).await?;
                let unread = match &self.own {
                    Some(c) => service::customer_unread(db, c).await?,
                    None => 0,
                };
                ServerFrame::Ready {
                    user_id: self.user.id,
                    staff: false,
                    conversation: self.own.as_ref().map(|c| c.id),
                    unread,
                    receipts: self.own.as_ref().map(view::receipts),
                }
            }
            Side::Staff => ServerFrame::Ready {
                user_id: self.user.id,
                staff: true,
                conversation: None,
                unread: service::conversations_waiting(db).await?,
                receipts: None,
            },
        })
    }

    fn on_event(&self, event: &HubEvent) -> Option<ServerFrame> {
        match event {
            HubEvent::Message { message, .. } => Some(ServerFrame::Message { message: message.clone() }),
            HubEvent::Receipts { receipts, .. } => Some(ServerFrame::Receipts { receipts: *receipts }),
            // Only the other side's typing is news.
            HubEvent::Typing { conversation, from_staff, .. } => (*from_staff != (self.side == Side::Staff))
                .then_some(ServerFrame::Typing { conversation: *conversation, from_staff: *from_staff }),
        }
    }

    /// One text frame. `Err` ends the session.
    async fn on_text(&mut self, raw: &str, sink: &mut Sink) -> Result<(), End> {
        let gone = |_| End::Gone;
        if raw.len() > MAX_FRAME {
            return reply_error(sink, ErrorCode::BadFrame, text::BAD_FRAME, None, None).await.map_err(gone);
        }
        let value: serde_json::Value = match serde_json::from_str(raw) {
            Ok(v) => v,
            Err(_) => return reply_error(sink, ErrorCode::BadFrame, text::BAD_FRAME, None, None).await.map_err(gone),
        };
        // Name the refused message when it had an id, even if the rest was malformed.
        let hinted_id = value.get("client_id").and_then(|v| v.as_str()).map(|s| s.chars().take(ClientMessageId::MAX).collect::<String>());
        let frame = match serde_json::from_value::<ClientFrame>(value) {
            Ok(f) => f,
            Err(_) => return reply_error(sink, ErrorCode::BadFrame, text::BAD_FRAME, hinted_id, None).await.map_err(gone),
        };
        if let ClientFrame::Send { client_id, text: body, conversation } = frame {
            return self.on_send(client_id, body, conversation, sink).await;
        }
        if let Err(wait) = self.others.take() {
            return reply_error(sink, ErrorCode::RateLimited, text::TOO_FAST, None, Some(wait)).await.map_err(gone);
        }
        let answer = match frame {
            ClientFrame::Ping => Ok(Some(ServerFrame::Pong)),
            ClientFrame::History { conversation, before } => self.history(conversation, before).await,
            ClientFrame::Mark { conversation, delivered, read } => self.mark(conversation, delivered, read).await,
            ClientFrame::Typing { conversation } => self.typing(conversation).await,
            ClientFrame::Inbox { before } => self.inbox(before).await,
            ClientFrame::Auth { .. } | ClientFrame::Send { .. } => Err(Refusal::BadFrame),
        };
        match answer {
            Ok(Some(frame)) => send(sink, &frame).await.map_err(gone),
            Ok(None) => Ok(()),
            Err(r) => r.reply(sink, None).await,
        }
    }

    async fn on_send(&mut self, client_id: String, body: String, conversation: Option<i64>, sink: &mut Sink) -> Result<(), End> {
        let gone = |_| End::Gone;
        let echo = || client_id.chars().take(ClientMessageId::MAX).collect::<String>();
        if let Err(wait) = self.sends.take() {
            return reply_error(sink, ErrorCode::RateLimited, text::TOO_FAST, Some(echo()), Some(wait)).await.map_err(gone);
        }
        let id = match ClientMessageId::parse(&client_id) {
            Ok(id) => id,
            Err(m) => return reply_error(sink, ErrorCode::Invalid, m, Some(echo()), None).await.map_err(gone),
        };
        let body = match ChatText::parse(&body) {
            Ok(t) => t,
            Err(e) => return reply_error(sink, ErrorCode::Invalid, &e.to_string(), Some(echo()), None).await.map_err(gone),
        };
        self.still_allowed().await?;
        match self.account_allows().await {
            Ok(Ok(())) => {}
            Ok(Err(wait)) => {
                return reply_error(sink, ErrorCode::RateLimited, text::TOO_FAST, Some(echo()), Some(wait)).await.map_err(gone);
            }
            Err(r) => return r.reply(sink, Some(echo())).await,
        }
        match self.store(id, body, conversation).await {
            Ok(frame) => send(sink, &frame).await.map_err(gone),
            Err(r) => r.reply(sink, Some(echo())).await,
        }
    }

    /// One message of the account's allowance (`SHOP_CHAT_MESSAGES_PER_MINUTE`), shared by
    /// its sockets on every node (a GCRA row in `rate_limits`); `Ok(Err(ms))` to wait.
    async fn account_allows(&mut self) -> Result<Result<(), u64>, Refusal> {
        let now = self.state.clock.unix();
        if self.account_full_until > now {
            return Ok(Err(((self.account_full_until - now) * 1000) as u64));
        }
        let rate = limits::Rate { limit: self.state.config.chat.messages_per_minute, window_secs: 60 };
        let key = format!("chat-send:{}", self.user.id);
        match limits::reserve(&self.state.db, &key, now, rate).await? {
            Ok(()) => Ok(Ok(())),
            Err(retry) => {
                self.account_full_until = now + retry;
                Ok(Err((retry.max(1) * 1000) as u64))
            }
        }
    }

    /// A block or a sign-out elsewhere ends the socket at the next message (the user cache
    /// makes that at most `SHOP_USER_CACHE_MS` late).
    async fn still_allowed(&mut self) -> Result<(), End> {
        match crate::auth::bearer::current_user(&self.state, self.user.id).await {
            Ok(Some(u)) if u.block => Err(End::Close(4403, text::BLOCKED)),
            Ok(Some(u)) if u.session_epoch != self.user.session_epoch => Err(End::Close(4401, text::EXPIRED)),
            Ok(Some(_)) => Ok(()),
            Ok(None) => Err(End::Close(4401, text::SIGN_IN)),
            // The database is down: the send fails on its own below.
            Err(_) => Ok(()),
        }
    }

    async fn store(&mut self, id: ClientMessageId, body: ChatText, conversation: Option<i64>) -> Result<ServerFrame, Refusal> {
        let db = &self.state.db;
        let now = now_ms(&self.state);
        let conv = match self.side {
            Side::Customer => {
                if let Some(requested) = conversation {
                    // Another customer's id looks exactly like one that does not exist.
                    service::visible_conversation(db, &self.user, Some(requested)).await?;
                }
                match &self.own {
                    Some(c) => c.clone(),
                    None => {
                        let c = service::open_conversation(db, self.user.id, now).await?;
                        self.own = Some(c.clone());
                        c
                    }
                }
            }
            Side::Staff => service::visible_conversation(db, &self.user, conversation).await?.ok_or(Refusal::NotFound)?,
        };
        let (row, new) = service::store_message(db, &conv, &self.user, body, &id, now).await?;
        if new {
            self.state.chat.message_stored(db, conv.customer_id, &row).await;
        }
        Ok(ServerFrame::Ack { client_id: id.as_str().to_string(), message: view::message(&row) })
    }

    async fn history(&mut self, conversation: Option<i64>, before: Option<i64>) -> Result<Option<ServerFrame>, Refusal> {
        let db = &self.state.db;
        let Some(c) = service::visible_conversation(db, &self.user, conversation).await? else {
            return Ok(Some(ServerFrame::History { conversation: None, messages: Vec::new(), has_more: false, receipts: None }));
        };
        let (rows, has_more) = service::history(db, c.id, before, super::HISTORY_PAGE).await?;
        Ok(Some(ServerFrame::History {
            conversation: Some(c.id),
            messages: rows.iter().map(view::message).collect(),
            has_more,
            receipts: Some(view::receipts(&c)),
        }))
    }

    async fn mark(&mut self, conversation: Option<i64>, delivered: Option<i64>, read: Option<i64>) -> Result<Option<ServerFrame>, Refusal> {
        let db = &self.state.db;
        let Some(c) = service::visible_conversation(db, &self.user, conversation).await? else {
            return Ok(None);
        };
        if let Some(moved) = service::mark(db, c.id, self.side, delivered, read, now_ms(&self.state)).await? {
            self.state.chat.receipts_moved(db, moved.customer_id, view::receipts(&moved)).await;
        }
        Ok(None)
    }

    async fn typing(&mut self, conversation: Option<i64>) -> Result<Option<ServerFrame>, Refusal> {
        if self.last_typing.is_some_and(|t| t.elapsed() < TYPING_EVERY) {
            return Ok(None);
        }
        let db = &self.state.db;
        let Some(c) = service::visible_conversation(db, &self.user, conversation).await? else {
            return Ok(None);
        };
        self.last_typing = Some(Instant::now());
        self.state.chat.typing(db, c.customer_id, c.id, self.side == Side::Staff).await;
        Ok(None)
    }

    async fn inbox(&mut self, before: Option<i64>) -> Result<Option<ServerFrame>, Refusal> {
        if self.side != Side::Staff {
            return Err(Refusal::Forbidden);
        }
        let (conversations, has_more) = service::inbox(&self.state.db, before, super::INBOX_PAGE).await?;
        Ok(Some(ServerFrame::Inbox { conversations, has_more }))
    }
}

/// A refused frame (the socket stays open).
enum Refusal {
    BadFrame,
    NotFound,
    Forbidden,
    Server,
}

impl From<ChatError> for Refusal {
    fn from(e: ChatError) -> Self {
        match e {
            ChatError::NotFound => Self::NotFound,
            ChatError::Db(e) => e.into(),
        }
    }
}

impl From<sea_orm::DbErr> for Refusal {
    fn from(e: sea_orm::DbErr) -> Self {
        tracing::warn!(target: "shop::chat", error = %e, "chat: database error");
        Self::Server
    }
}

impl Refusal {
    async fn reply(self, sink: &mut Sink, client_id: Option<String>) -> Result<(), End> {
        let (code, message) = match self {
            Self::BadFrame => (ErrorCode::BadFrame, text::BAD_FRAME),
            Self::NotFound => (ErrorCode::NotFound, text::NO_CONVERSATION),
            Self::Forbidden => (ErrorCode::Forbidden, text::STAFF_ONLY),
            Self::Server => (ErrorCode::Server, text::SERVER),
        };
        reply_error(sink, code, message, client_id, None).await.map_err(|_| End::Gone)
    }
}
