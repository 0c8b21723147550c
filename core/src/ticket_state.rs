//! The life of a support ticket: its states and the one table of allowed transitions.
//!
//! ```text
//!            customer writes            staff answer
//! open ◀──────────────────────── answered ◀────────── open
//!   │  ◀──── customer writes ─── waiting_for_customer ◀── staff answer asking for something
//!   └── close (customer or staff, from any open state) ──▶ closed (final)
//! ```
//!
//! A closed ticket takes no more messages: the customer opens a new one (it may name the same
//! order), so a finished conversation stays finished for the staff's statistics.
//!
//! ```
//! use shop_core::ticket_state::{transition, TicketEvent, TicketStatus};
//! assert_eq!(transition(TicketStatus::Open, TicketEvent::StaffReply { awaits_customer: false }), Ok(TicketStatus::Answered));
//! assert!(transition(TicketStatus::Closed, TicketEvent::CustomerReply).is_err());
//! ```

use serde::{Deserialize, Serialize};

/// Where a ticket is. Stored and sent as the snake_case name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TicketStatus {
    /// Waiting for the staff: just opened, or the customer wrote last.
    Open,
    /// The staff answered.
    Answered,
    /// The staff answered and asked the customer for something (a photo, a serial number).
    WaitingForCustomer,
    /// Finished; no more messages.
    Closed,
}

/// Every status, in the order of a ticket's life.
pub const ALL_TICKET_STATUSES: [TicketStatus; 4] =
    [TicketStatus::Open, TicketStatus::Answered, TicketStatus::WaitingForCustomer, TicketStatus::Closed];

impl TicketStatus {
    /// The stored name, e.g. `waiting_for_customer`.
    pub fn as_str(self) -> &'static str {
        match self {
            TicketStatus::Open => "open",
            TicketStatus::Answered => "answered",
            TicketStatus::WaitingForCustomer => "waiting_for_customer",
            TicketStatus::Closed => "closed",
        }
    }

    /// Parses a stored name.
    pub fn parse(s: &str) -> Option<Self> {
        ALL_TICKET_STATUSES.into_iter().find(|st| st.as_str() == s)
    }

    /// Whether messages may still be added.
    pub fn accepts_messages(self) -> bool {
        self != TicketStatus::Closed
    }
}

/// What happens to a ticket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TicketEvent {
    /// The customer adds a message.
    CustomerReply,
    /// A staff member answers; `awaits_customer` when the answer asks the customer for something.
    StaffReply {
        /// The answer waits for the customer.
        awaits_customer: bool,
    },
    /// The customer or a staff member closes the ticket.
    Close,
}

/// Why a transition was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TicketTransitionError {
    /// The ticket is closed.
    #[error("این تیکت بسته شده است؛ برای پیگیری، تیکت تازه‌ای باز کنید")]
    Closed,
}

/// The one table of allowed transitions: the state a ticket goes to on `event`, or why not.
pub fn transition(from: TicketStatus, event: TicketEvent) -> Result<TicketStatus, TicketTransitionError> {
    use TicketEvent as E;
    use TicketStatus as S;
    Ok(match (from, event) {
        (S::Closed, _) => return Err(TicketTransitionError::Closed),
        (_, E::CustomerReply) => S::Open,
        (_, E::StaffReply { awaits_customer: false }) => S::Answered,
        (_, E::StaffReply { awaits_customer: true }) => S::WaitingForCustomer,
        (_, E::Close) => S::Closed,
    })
}

/// A customer with `max_open` tickets not closed must close one before opening another.
///
/// ```
/// assert_eq!(shop_core::ticket_state::too_many_open_message(10),
///     "شما ۱۰ تیکت باز دارید؛ پیش از باز کردن تیکت تازه، یکی را ببندید");
/// ```
pub fn too_many_open_message(max_open: u64) -> String {
    format!("شما {} تیکت باز دارید؛ پیش از باز کردن تیکت تازه، یکی را ببندید", crate::digits::to_persian_digits(&max_open.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use TicketEvent as E;
    use TicketStatus as S;

    const EVENTS: [TicketEvent; 4] =
        [E::CustomerReply, E::StaffReply { awaits_customer: false }, E::StaffReply { awaits_customer: true }, E::Close];

    /// The whole table written out: (from, event index in EVENTS, to); anything else is refused.
    const ALLOWED: &[(S, usize, S)] = &[
        (S::Open, 0, S::Open),
        (S::Open, 1, S::Answered),
        (S::Open, 2, S::WaitingForCustomer),
        (S::Open, 3, S::Closed),
        (S::Answered, 0, S::Open),
        (S::Answered, 1, S::Answered),
        (S::Answered, 2, S::WaitingForCustomer),
        (S::Answered, 3, S::Closed),
        (S::WaitingForCustomer, 0, S::Open),
        (S::WaitingForCustomer, 1, S::Answered),
        (S::WaitingForCustomer, 2, S::WaitingForCustomer),
        (S::WaitingForCustomer, 3, S::Closed),
    ];

    #[test]
    fn every_state_and_event_follows_the_table() {
        for from in ALL_TICKET_STATUSES {
            for (i, e) in EVENTS.into_iter().enumerate() {
                let expected = ALLOWED.iter().find(|(f, n, _)| *f == from && *n == i).map(|t| t.2);
                match expected {
                    Some(to) => assert_eq!(transition(from, e), Ok(to), "{from:?} + {e:?}"),
                    None => assert_eq!(transition(from, e), Err(TicketTransitionError::Closed), "{from:?} + {e:?}"),
                }
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for s in ALL_TICKET_STATUSES {
            assert_eq!(TicketStatus::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
            assert_eq!(s.accepts_messages(), s != S::Closed);
        }
        assert_eq!(TicketStatus::parse("pending"), None);
    }
}
