//! The moderation of what customers write (reviews, questions, answers): one table.
//!
//! ```text
//! pending ──approve──▶ approved ──reject──▶ rejected
//!         └─reject───▶ rejected ──approve─▶ approved
//! ```
//!
//! **What.** Everything a customer writes starts `pending` and shows on the product page only
//! when `approved`. Staff may change their mind (approve a rejected one, reject an approved
//! one); a rejection carries a reason. Approving twice is refused (the click was already done).
//! **Why.** One table for the three kinds, so the back office's buttons and the server agree.
//! **Example.**
//! ```
//! use shop_core::review::moderation::{transition, Moderation, Verdict};
//! assert_eq!(transition(Moderation::Pending, Verdict::Approve), Ok(Moderation::Approved));
//! assert!(transition(Moderation::Approved, Verdict::Approve).is_err());
//! ```

use serde::{Deserialize, Serialize};

/// Where a review, question or answer stands. Stored and sent as the snake_case name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Moderation {
    /// Written, not yet seen by staff.
    Pending,
    /// Shown on the product page.
    Approved,
    /// Not shown; the reason is kept.
    Rejected,
}

/// Every state.
pub const ALL: [Moderation; 3] = [Moderation::Pending, Moderation::Approved, Moderation::Rejected];

impl Moderation {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Rejected => "rejected",
        }
    }

    /// Parses a stored name.
    pub fn parse(s: &str) -> Option<Self> {
        ALL.into_iter().find(|m| m.as_str() == s.trim())
    }

    /// The Persian label.
    pub fn label(self) -> &'static str {
        match self {
            Self::Pending => "در انتظار بررسی",
            Self::Approved => "تأیید شده",
            Self::Rejected => "رد شده",
        }
    }
}

/// What staff decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Show it.
    Approve,
    /// Do not show it (with a reason).
    Reject,
}

/// Why a verdict was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModerationError {
    /// The verdict does not change anything.
    #[error("این مورد در وضعیت «{}» است", .0.label())]
    NotAllowed(Moderation),
}

/// The one table: the state after `verdict`, or why not.
pub fn transition(from: Moderation, verdict: Verdict) -> Result<Moderation, ModerationError> {
    use Moderation as M;
    match (from, verdict) {
        (M::Pending | M::Rejected, Verdict::Approve) => Ok(M::Approved),
        (M::Pending | M::Approved, Verdict::Reject) => Ok(M::Rejected),
        _ => Err(ModerationError::NotAllowed(from)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table() {
        assert_eq!(transition(Moderation::Rejected, Verdict::Approve), Ok(Moderation::Approved));
        assert_eq!(transition(Moderation::Approved, Verdict::Reject), Ok(Moderation::Rejected));
        assert_eq!(transition(Moderation::Rejected, Verdict::Reject).unwrap_err().to_string(), "این مورد در وضعیت «رد شده» است");
        for m in ALL {
            assert_eq!(Moderation::parse(m.as_str()), Some(m));
        }
    }
}
