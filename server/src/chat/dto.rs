//! The socket's frames: JSON text, one object per frame, told apart by `type`.
//! What the client sends ([`ClientFrame`]) is parsed once here into typed values.

use serde::{Deserialize, Serialize};
use shop_core::chat::ChatText;

/// A frame from the browser.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientFrame {
    /// The first frame: the access token (never in the URL, where logs would keep it).
    Auth { token: String },
    /// A message; `conversation` is required from staff and, from a customer, must be theirs.
    Send {
        client_id: String,
        text: String,
        #[serde(default)]
        conversation: Option<i64>,
    },
    /// A page of history, newest last, before message `before` (the newest page without it).
    History {
        #[serde(default)]
        conversation: Option<i64>,
        #[serde(default)]
        before: Option<i64>,
    },
    /// The other side's messages up to these ids reached this browser / were seen on screen.
    Mark {
        #[serde(default)]
        conversation: Option<i64>,
        #[serde(default)]
        delivered: Option<i64>,
        #[serde(default)]
        read: Option<i64>,
    },
    /// The user is typing.
    Typing {
        #[serde(default)]
        conversation: Option<i64>,
    },
    /// Staff: a page of conversations, most recent first, older than `before` (unix ms).
    Inbox {
        #[serde(default)]
        before: Option<i64>,
    },
    /// Keep-alive from the browser; answered with `pong`.
    Ping,
}

/// The browser's own id for a message: 1 to 64 of `A-Z a-z 0-9 - _` (a UUID fits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientMessageId(String);

impl ClientMessageId {
    /// The longest id.
    pub const MAX: usize = 64;

    /// Accepts only the id alphabet.
    pub fn parse(s: &str) -> Result<Self, &'static str> {
        let ok = !s.is_empty()
            && s.len() <= Self::MAX
            && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if ok {
            Ok(Self(s.to_string()))
        } else {
            Err(super::view::text::BAD_CLIENT_ID)
        }
    }

    /// The id.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A send, parsed.
#[derive(Debug)]
pub struct Outgoing {
    pub client_id: ClientMessageId,
    pub text: ChatText,
    pub conversation: Option<i64>,
}

/// One message as both sides see it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct MessageView {
    pub id: i64,
    pub conversation: i64,
    pub client_id: String,
    pub from_staff: bool,
    pub text: String,
    /// Unix ms.
    pub at_ms: i64,
    /// `۱۴:۰۵`, Tehran time, Persian digits.
    pub at_text: String,
}

/// How far each side has received and read (message ids).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct Receipts {
    pub conversation: i64,
    pub customer_delivered: i64,
    pub customer_read: i64,
    pub staff_delivered: i64,
    pub staff_read: i64,
}

/// One line of the staff inbox.
#[derive(Debug, Clone, Serialize)]
pub struct InboxEntry {
    pub conversation: i64,
    pub customer_name: String,
    pub customer_mobile: String,
    /// The last message, cut to 120 characters.
    pub last_text: String,
    pub last_from_staff: bool,
    pub last_ms: i64,
    pub last_at_text: String,
    /// Customer messages no staff member has seen yet.
    pub unread: i64,
}

/// A frame to the browser.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerFrame {
    /// Signed in: who, the conversation (customers, once it exists) and the unread count
    /// (customers: staff messages not yet seen; staff: conversations with unseen messages).
    Ready {
        user_id: i64,
        staff: bool,
        conversation: Option<i64>,
        unread: i64,
        receipts: Option<Receipts>,
    },
    /// The message with this `client_id` is stored (also the answer to a resend).
    Ack { client_id: String, message: MessageView },
    /// A new message in a conversation this socket follows.
    Message { message: MessageView },
    /// A page of history, oldest first.
    History {
        conversation: Option<i64>,
        messages: Vec<MessageView>,
        has_more: bool,
        receipts: Option<Receipts>,
    },
    /// Delivered/read marks moved.
    Receipts { receipts: Receipts },
    /// Someone is typing in `conversation`.
    Typing { conversation: i64, from_staff: bool },
    /// Staff: a page of the inbox.
    Inbox { conversations: Vec<InboxEntry>, has_more: bool },
    /// A refused frame, with a Persian message; `client_id` names the refused message.
    Error {
        code: ErrorCode,
        message: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        client_id: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        retry_after_ms: Option<u64>,
    },
    /// The answer to `ping`.
    Pong,
}

/// Why a frame was refused.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, an unknown `type`, or a field of the wrong shape.
    BadFrame,
    /// The text or the client id breaks a rule.
    Invalid,
    /// Too many messages too fast: send this one again after `retry_after_ms`.
    RateLimited,
    /// No such conversation for this user (another customer's looks the same).
    NotFound,
    /// A staff-only frame from a customer.
    Forbidden,
    /// Something failed on the server; send again.
    Server,
}
