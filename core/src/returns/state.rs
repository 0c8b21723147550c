//! The life of a return: its states and the one table of allowed transitions.
//!
//! ```text
//! requested ──approve──▶ approved ──receive──▶ received ──refund──▶ refunded
//!     └──reject(reason)──▶ rejected
//! ```
//!
//! **What.** [`transition`] gives the state a return goes to on an event, or why not. A
//! rejection needs a reason ([`RejectReason::parse`]: not blank, at most
//! [`REJECT_REASON_MAX`] characters); rejected and refunded are final.
//!
//! **Why.** Staff work returns from the back office and the customer reads each state; one
//! table keeps the two in step, and a line whose return is open or refunded cannot be asked
//! back again ([`ReturnStatus::holds_line`]).
//!
//! **Example.**
//! ```
//! use shop_core::returns::state::{transition, ReturnEvent, ReturnStatus};
//! assert_eq!(transition(ReturnStatus::Requested, &ReturnEvent::Approve), Ok(ReturnStatus::Approved));
//! assert_eq!(
//!     transition(ReturnStatus::Requested, &ReturnEvent::Receive).unwrap_err().to_string(),
//!     "این تغییر برای مرجوعی در وضعیت «درخواست‌شده» ممکن نیست"
//! );
//! ```

use serde::{Deserialize, Serialize};

use crate::text::is_invisible_or_space;

/// Where a return is. Stored and sent as the snake_case name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReturnStatus {
    /// The customer asked.
    Requested,
    /// Staff accepted it: the customer sends the item back.
    Approved,
    /// Staff refused it, with a reason (final).
    Rejected,
    /// The item came back to the shop.
    Received,
    /// The money was given back (final).
    Refunded,
}

/// Every status, in the order of a return's life.
pub const ALL_RETURN_STATUSES: [ReturnStatus; 5] = [
    ReturnStatus::Requested,
    ReturnStatus::Approved,
    ReturnStatus::Rejected,
    ReturnStatus::Received,
    ReturnStatus::Refunded,
];

impl ReturnStatus {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Requested => "requested",
            Self::Approved => "approved",
            Self::Rejected => "rejected",
            Self::Received => "received",
            Self::Refunded => "refunded",
        }
    }

    /// Parses a stored name.
    pub fn parse(s: &str) -> Option<Self> {
        ALL_RETURN_STATUSES.into_iter().find(|st| st.as_str() == s)
    }

    /// The Persian label the customer and staff read.
    pub fn label(self) -> &'static str {
        match self {
            Self::Requested => "درخواست‌شده",
            Self::Approved => "تأییدشده",
            Self::Rejected => "ردشده",
            Self::Received => "دریافت‌شده",
            Self::Refunded => "بازپرداخت‌شده",
        }
    }

    /// Whether a return in this state keeps its lines from being asked back again (every state
    /// but rejected: a refused line may be asked again within its window).
    pub fn holds_line(self) -> bool {
        self != Self::Rejected
    }
}

/// The longest rejection reason, in characters.
pub const REJECT_REASON_MAX: usize = 500;
/// The answer to a rejection without a reason.
pub const REJECT_REASON_EMPTY: &str = "لطفا دلیل رد درخواست را وارد کنید";
/// The answer to a reason over [`REJECT_REASON_MAX`] characters.
pub const REJECT_REASON_LONG: &str = "دلیل رد درخواست باید حداکثر ۵۰۰ کاراکتر باشد";

/// A rejection's reason: trimmed, not blank, at most [`REJECT_REASON_MAX`] characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RejectReason(String);

impl RejectReason {
    /// Reads what staff typed.
    pub fn parse(input: &str) -> Result<Self, TransitionError> {
        let t = input.trim_matches(is_invisible_or_space);
        if t.is_empty() {
            return Err(TransitionError::ReasonEmpty);
        }
        if t.chars().count() > REJECT_REASON_MAX {
            return Err(TransitionError::ReasonLong);
        }
        Ok(Self(t.to_owned()))
    }

    /// The reason.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What happens to a return.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReturnEvent {
    /// Staff accept the request.
    Approve,
    /// Staff refuse it with this reason (as typed).
    Reject {
        /// Why, as staff typed it ([`RejectReason::parse`] checks it).
        reason: String,
    },
    /// The item is back at the shop.
    Receive,
    /// The money is given back.
    Refund,
}

/// Why a transition was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransitionError {
    /// The event does not apply in this state.
    NotAllowed(ReturnStatus),
    /// A rejection without a reason.
    ReasonEmpty,
    /// A rejection reason over the limit.
    ReasonLong,
}

impl std::fmt::Display for TransitionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotAllowed(s) => write!(f, "این تغییر برای مرجوعی در وضعیت «{}» ممکن نیست", s.label()),
            Self::ReasonEmpty => f.write_str(REJECT_REASON_EMPTY),
            Self::ReasonLong => f.write_str(REJECT_REASON_LONG),
        }
    }
}

impl std::error::Error for TransitionError {}

/// The one table: the state a return goes to on `event`, or why not.
pub fn transition(from: ReturnStatus, event: &ReturnEvent) -> Result<ReturnStatus, TransitionError> {
    use ReturnEvent as E;
    use ReturnStatus as S;
    Ok(match (from, event) {
        (S::Requested, E::Approve) => S::Approved,
        (S::Requested, E::Reject { reason }) => {
            RejectReason::parse(reason)?;
            S::Rejected
        }
        (S::Approved, E::Receive) => S::Received,
        (S::Received, E::Refund) => S::Refunded,
        _ => return Err(TransitionError::NotAllowed(from)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ReturnEvent as E;
    use ReturnStatus as S;

    fn events() -> Vec<ReturnEvent> {
        vec![E::Approve, E::Reject { reason: "کارتن ندارد".into() }, E::Receive, E::Refund]
    }

    fn name(e: &ReturnEvent) -> &'static str {
        match e {
            E::Approve => "Approve",
            E::Reject { .. } => "Reject",
            E::Receive => "Receive",
            E::Refund => "Refund",
        }
    }

    /// The whole table, written out.
    const ALLOWED: &[(S, &str, S)] = &[
        (S::Requested, "Approve", S::Approved),
        (S::Requested, "Reject", S::Rejected),
        (S::Approved, "Receive", S::Received),
        (S::Received, "Refund", S::Refunded),
    ];

    #[test]
    fn every_state_and_event_follows_the_table() {
        for from in ALL_RETURN_STATUSES {
            for e in events() {
                let expected = ALLOWED.iter().find(|(f, n, _)| *f == from && *n == name(&e)).map(|t| t.2);
                match expected {
                    Some(to) => assert_eq!(transition(from, &e), Ok(to), "{from:?} + {e:?}"),
                    None => assert_eq!(transition(from, &e), Err(TransitionError::NotAllowed(from)), "{from:?} + {e:?}"),
                }
            }
        }
    }

    #[test]
    fn a_rejection_needs_a_reason_of_at_most_500_characters() {
        let reject = |r: &str| transition(S::Requested, &E::Reject { reason: r.into() });
        assert_eq!(reject(" \u{200c} "), Err(TransitionError::ReasonEmpty));
        assert_eq!(reject(&"ا".repeat(501)), Err(TransitionError::ReasonLong));
        assert_eq!(reject(&"ا".repeat(500)), Ok(S::Rejected));
        assert_eq!(TransitionError::ReasonEmpty.to_string(), REJECT_REASON_EMPTY);
    }

    #[test]
    fn names_round_trip_and_only_rejected_frees_its_lines() {
        for s in ALL_RETURN_STATUSES {
            assert_eq!(ReturnStatus::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
        let free: Vec<_> = ALL_RETURN_STATUSES.into_iter().filter(|s| !s.holds_line()).collect();
        assert_eq!(free, vec![S::Rejected]);
    }
}
