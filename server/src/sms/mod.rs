//! Sending one-time codes by SMS.
//!
//! - `console` (default, development mode only): logs the code and keeps it in the dev
//!   outbox, readable from this machine at `GET /api/dev/sms?mobile=09…` (design.md
//!   section 2). The route answers 404 with any other provider, outside development mode,
//!   and to clients that are not on loopback.
//! - `kavenegar`: the verify-lookup API (see [`kavenegar`]).

pub mod kavenegar;

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use crate::platform::clock::Clock;
use crate::platform::config::{Config, SmsSetting};
use crate::platform::error::{ApiError, ApiResult};
use crate::platform::ApiTags;
use crate::state::AppState;

/// Why an SMS could not be sent.
#[derive(Debug, thiserror::Error)]
pub enum SmsError {
    /// The provider could not be reached or answered garbage.
    #[error("SMS provider unreachable: {0}")]
    Transport(String),
    /// The provider refused the request (its status code and message).
    #[error("SMS provider error {status}: {message}")]
    Provider {
        /// Provider status (Kavenegar's `return.status`).
        status: i64,
        /// Provider message.
        message: String,
    },
}

/// An SMS provider.
#[async_trait::async_trait]
pub trait SmsSender: Send + Sync + 'static {
    /// Send the one-time `code` to `mobile` (canonical `09…`).
    async fn send_code(&self, mobile: &str, code: &str) -> Result<(), SmsError>;
    /// Send a plain notice (no code) to `mobile`.
    async fn send_notice(&self, mobile: &str, text: &str) -> Result<(), SmsError>;
}

/// One message in the dev outbox.
#[derive(Debug, Clone, Object, serde::Serialize, serde::Deserialize)]
pub struct OutboxMessage {
    /// Receiver.
    pub mobile: String,
    /// The code.
    pub code: String,
    /// Full text.
    pub text: String,
    /// When (RFC 3339, UTC).
    pub at: String,
}

/// The console provider's memory of sent messages (newest last; capped).
#[derive(Default)]
pub struct DevOutbox {
    messages: Mutex<VecDeque<OutboxMessage>>,
}

const OUTBOX_CAP: usize = 2000;

impl DevOutbox {
    /// Remember a message.
    pub fn push(&self, m: OutboxMessage) {
        let mut q = self.messages.lock().unwrap_or_else(|e| e.into_inner());
        if q.len() >= OUTBOX_CAP {
            q.pop_front();
        }
        q.push_back(m);
    }

    /// Messages to `mobile`, newest first.
    pub fn for_mobile(&self, mobile: &str) -> Vec<OutboxMessage> {
        let q = self.messages.lock().unwrap_or_else(|e| e.into_inner());
        q.iter().rev().filter(|m| m.mobile == mobile).cloned().collect()
    }

    /// Number of messages kept.
    pub fn len(&self) -> usize {
        self.messages.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Prints codes to the log and keeps them in the outbox.
pub struct ConsoleSms {
    outbox: Arc<DevOutbox>,
    clock: Arc<dyn Clock>,
}

#[async_trait::async_trait]
impl SmsSender for ConsoleSms {
    async fn send_code(&self, mobile: &str, code: &str) -> Result<(), SmsError> {
        tracing::info!(target: "shop::sms", %mobile, %code, "console SMS: one-time code");
        self.outbox.push(OutboxMessage {
            mobile: mobile.to_string(),
            code: code.to_string(),
            text: shop_core::otp::code_sms_text(code),
            at: self.clock.now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        });
        Ok(())
    }

    async fn send_notice(&self, mobile: &str, text: &str) -> Result<(), SmsError> {
        tracing::info!(target: "shop::sms", %mobile, %text, "console SMS: notice");
        self.outbox.push(OutboxMessage {
            mobile: mobile.to_string(),
            code: String::new(),
            text: text.to_string(),
            at: self.clock.now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        });
        Ok(())
    }
}

/// Build the configured provider (and the outbox when it is the console one).
pub fn from_config(config: &Config, clock: Arc<dyn Clock>) -> (Arc<dyn SmsSender>, Option<Arc<DevOutbox>>) {
    match &config.sms {
        SmsSetting::Console => {
            let outbox = Arc::new(DevOutbox::default());
            let readable = config.is_development().then(|| outbox.clone());
            (Arc::new(ConsoleSms { outbox, clock }), readable)
        }
        SmsSetting::Kavenegar { api_key, template, base_url } => {
            (Arc::new(kavenegar::Kavenegar::new(base_url, api_key, template)), None)
        }
    }
}

/// `{"messages":[…]}`.
#[derive(Debug, Object, serde::Serialize, serde::Deserialize)]
pub struct OutboxBody {
    /// Newest first.
    pub messages: Vec<OutboxMessage>,
}

/// The dev outbox route (console provider only).
pub struct DevSmsApi;

#[OpenApi(prefix_path = "/api/dev", tag = "ApiTags::Dev")]
impl DevSmsApi {
    /// Messages the console provider "sent" to a number, newest first. Exists only in
    /// development mode with `SHOP_SMS=console`, and only for clients on this machine
    /// (loopback); 404 otherwise.
    #[oai(path = "/sms", method = "get", operation_id = "dev_sms_outbox")]
    async fn outbox(
        &self,
        state: poem::web::Data<&AppState>,
        req: &poem::Request,
        /// Mobile number (any accepted form).
        mobile: Query<String>,
    ) -> ApiResult<Json<OutboxBody>> {
        let Some(outbox) = &state.outbox else {
            return Err(ApiError::not_found());
        };
        // The socket peer, never a forwarded address: a proxy on this machine must not
        // open the outbox to the world.
        let local = req.remote_addr().as_socket_addr().is_some_and(|a| a.ip().is_loopback());
        if !local {
            return Err(ApiError::not_found());
        }
        let mobile = shop_core::mobile::normalize_mobile(&mobile.0)
            .map_err(|_| ApiError::invalid("mobile", shop_core::mobile::MOBILE_MESSAGE))?;
        Ok(Json(OutboxBody { messages: outbox.for_mobile(&mobile) }))
    }
}
