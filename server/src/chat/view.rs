//! What the chat shows: message views with their Tehran time, and the Persian texts.

use super::dto::{MessageView, Receipts};
use super::entity::{chat_conversation, chat_message};

/// The chat's Persian messages (close reasons fit the 123-byte limit; a test checks).
pub mod text {
    /// Close reason: no token, or not a valid one.
    pub const SIGN_IN: &str = "برای گفتگو ابتدا وارد حساب کاربری شوید.";
    /// Close reason: the token expired or the session ended.
    pub const EXPIRED: &str = "نشست شما تمام شده است؛ دوباره وارد شوید.";
    /// Close reason: blocked account.
    pub const BLOCKED: &str = "حساب کاربری شما مسدود شده است.";
    /// Close reason: the first frame was not `auth` or came too late.
    pub const AUTH_FIRST: &str = "اتصال گفتگو بدون ورود پذیرفته نشد.";
    /// Close reason (4429): the account has `SHOP_CHAT_SOCKETS_PER_ACCOUNT` sockets open on
    /// this node already.
    pub const TOO_MANY_SOCKETS: &str = "گفتگو در پنجره‌های زیادی باز است؛ یکی از آن‌ها را ببندید.";
    /// Close reason: this socket fell behind; the browser reconnects and reloads.
    pub const RESYNC: &str = "اتصال دوباره برقرار می‌شود.";
    /// A frame that is not one of ours.
    pub const BAD_FRAME: &str = "پیام دریافت‌شده قابل فهم نیست.";
    /// A client message id outside its alphabet or length.
    pub const BAD_CLIENT_ID: &str = "شناسه پیام معتبر نیست.";
    /// Rate limit.
    pub const TOO_FAST: &str = "پیام‌ها بیش از حد سریع فرستاده می‌شوند؛ این پیام چند لحظه دیگر دوباره فرستاده می‌شود.";
    /// Unknown or foreign conversation.
    pub const NO_CONVERSATION: &str = "گفتگو پیدا نشد.";
    /// A staff-only frame.
    pub const STAFF_ONLY: &str = crate::platform::error::msg::STAFF_ONLY;
    /// A database failure.
    pub const SERVER: &str = crate::platform::error::msg::SERVER;
}

/// `۱۴:۰۵` in Tehran at `ms`.
pub fn clock_text(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let local = secs + i64::from(shop_core::tehran::tehran_offset(secs));
    let day = local.rem_euclid(86_400);
    shop_core::digits::to_persian_digits(&format!("{:02}:{:02}", day / 3600, (day % 3600) / 60))
}

/// `۱۴:۰۵، ۲ آذر ۱۴۰۵` for the inbox (a Persian comma: a middle dot beside a digit reads as a zero).
pub fn when_text(ms: i64) -> String {
    format!("{}، {}", clock_text(ms), shop_core::tehran::format_tehran_date(ms.div_euclid(1000), false))
}

/// A stored message as sent to browsers.
pub fn message(m: &chat_message::Model) -> MessageView {
    MessageView {
        id: m.id,
        conversation: m.conversation_id,
        client_id: m.client_id.clone(),
        from_staff: m.from_staff,
        text: m.body.clone(),
        at_ms: m.created_ms,
        at_text: clock_text(m.created_ms),
    }
}

/// A conversation's marks.
pub fn receipts(c: &chat_conversation::Model) -> Receipts {
    Receipts {
        conversation: c.id,
        customer_delivered: c.customer_delivered,
        customer_read: c.customer_read,
        staff_delivered: c.staff_delivered,
        staff_read: c.staff_read,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn close_reasons_fit_a_close_frame() {
        for t in [super::text::SIGN_IN, super::text::EXPIRED, super::text::BLOCKED, super::text::AUTH_FIRST, super::text::RESYNC, super::text::TOO_MANY_SOCKETS] {
            assert!(t.len() <= 123, "{t}: {} bytes", t.len());
        }
    }

    #[test]
    fn clock_is_tehran_time_in_persian_digits() {
        // 2024-01-01 00:00 UTC is 03:30 in Tehran (no summer time since 2022).
        assert_eq!(super::clock_text(1_704_067_200_000), "۰۳:۳۰");
    }
}
