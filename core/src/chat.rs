//! The text of one live-chat message: what the chat panel checks before it sends and
//! what the server stores.
//!
//! **What.** [`ChatText::parse`] trims white space, direction marks and zero-width characters
//! from both ends, turns `\r\n` and lone `\r` into `\n`, drops control characters other than
//! `\n` and `\t`, then refuses an empty text ([`EMPTY_MESSAGE`]) and one longer than
//! [`MAX_CHARS`] characters ([`TOO_LONG_MESSAGE`]). Characters are Unicode scalar values, so a
//! Persian letter counts once, however many bytes it takes.
//!
//! **Why.** One answer on both sides: the panel keeps the send button honest and the server
//! never stores a blank bubble or a megabyte of text; the same rule runs in both. A
//! 5,000-character message is accepted (a pasted log or spec sheet) and must render as text
//! without breaking the layout; longer pastes belong in a ticket with an attachment.
//!
//! **Example.**
//! ```
//! use shop_core::chat::{ChatText, EMPTY_MESSAGE, MAX_CHARS, TOO_LONG_MESSAGE};
//! assert_eq!(ChatText::parse("  سلام\r\nوقت بخیر \u{200c}").unwrap().as_str(), "سلام\nوقت بخیر");
//! assert_eq!(ChatText::parse(" \u{200f}\n ").unwrap_err().to_string(), EMPTY_MESSAGE);
//! assert!(ChatText::parse(&"ب".repeat(MAX_CHARS)).is_ok());
//! assert_eq!(ChatText::parse(&"ب".repeat(MAX_CHARS + 1)).unwrap_err().to_string(), TOO_LONG_MESSAGE);
//! ```

use crate::text::is_invisible_or_space;

/// The longest message, in characters.
pub const MAX_CHARS: usize = 5000;
/// The answer to an empty (or all-blank) message.
pub const EMPTY_MESSAGE: &str = "متن پیام را بنویسید";
/// The answer to a message over [`MAX_CHARS`] characters.
pub const TOO_LONG_MESSAGE: &str = "پیام باید حداکثر ۵۰۰۰ کاراکتر باشد";

/// Why a message text was refused; its `Display` is the Persian message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChatTextError {
    /// Nothing but white space.
    Empty,
    /// Over [`MAX_CHARS`] characters.
    TooLong,
}

impl std::fmt::Display for ChatTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Empty => EMPTY_MESSAGE,
            Self::TooLong => TOO_LONG_MESSAGE,
        })
    }
}

impl std::error::Error for ChatTextError {}

/// An accepted chat message text (trimmed, line ends `\n`, 1..=[`MAX_CHARS`] characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatText(String);

impl ChatText {
    /// Applies the rule to what the customer or staff member typed.
    pub fn parse(input: &str) -> Result<Self, ChatTextError> {
        let unified = input.replace("\r\n", "\n").replace('\r', "\n");
        let kept: String = unified.chars().filter(|c| !c.is_control() || *c == '\n' || *c == '\t').collect();
        let text = kept.trim_matches(is_invisible_or_space);
        if text.is_empty() {
            return Err(ChatTextError::Empty);
        }
        // Stop counting at the limit: a huge paste costs no more than the limit.
        if text.chars().nth(MAX_CHARS).is_some() {
            return Err(ChatTextError::TooLong);
        }
        Ok(Self(text.to_string()))
    }

    /// The accepted text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The accepted text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_is_kept_as_text() {
        assert_eq!(ChatText::parse("<script>alert(1)</script>").unwrap().as_str(), "<script>alert(1)</script>");
    }

    #[test]
    fn controls_are_dropped_but_lines_kept() {
        assert_eq!(ChatText::parse("a\u{0}b\u{7}\n\tc").unwrap().as_str(), "ab\n\tc");
        assert_eq!(ChatText::parse("\u{0}\u{1}").unwrap_err(), ChatTextError::Empty);
    }

    #[test]
    fn the_limit_counts_characters_not_bytes() {
        let persian = "ش".repeat(MAX_CHARS);
        assert_eq!(persian.len(), MAX_CHARS * 2);
        assert!(ChatText::parse(&persian).is_ok());
        assert_eq!(ChatText::parse(&format!("{persian}x")).unwrap_err(), ChatTextError::TooLong);
        // Blanks around the text do not count.
        assert!(ChatText::parse(&format!("  {persian}  ")).is_ok());
    }
}
