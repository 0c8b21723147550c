//! The life of a warranty claim: its states and the one table of allowed moves.
//!
//! ```text
//! received ──to_repair──▶ at_repair ──repaired──▶ repaired ──return──▶ returned (final)
//!                                   └─replaced──▶ replaced ──return──┘
//! ```
//!
//! A claim is a support ticket of kind "warranty" (the conversation stays on the ticket); this
//! table is the unit's own path through the repair shop, moved by staff only. Each move sends
//! the customer an SMS (the server's template table) and is written to the audit log.
//!
//! ```
//! use shop_core::warranty::claim_state::{transition, ClaimEvent, ClaimStatus};
//! assert_eq!(transition(ClaimStatus::Received, ClaimEvent::ToRepair), Ok(ClaimStatus::AtRepair));
//! assert!(transition(ClaimStatus::Received, ClaimEvent::Return).is_err());
//! ```

use serde::{Deserialize, Serialize};

/// Where a claim is. Stored and sent as the snake_case name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimStatus {
    /// Opened by the customer; the shop has the request.
    Received,
    /// The unit is at the repair shop.
    AtRepair,
    /// Repaired.
    Repaired,
    /// Replaced with another unit.
    Replaced,
    /// Given back to the customer (final).
    Returned,
}

/// Every status, in the order of a claim's life.
pub const ALL_CLAIM_STATUSES: [ClaimStatus; 5] =
    [ClaimStatus::Received, ClaimStatus::AtRepair, ClaimStatus::Repaired, ClaimStatus::Replaced, ClaimStatus::Returned];

impl ClaimStatus {
    /// The stored name, e.g. `at_repair`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Received => "received",
            Self::AtRepair => "at_repair",
            Self::Repaired => "repaired",
            Self::Replaced => "replaced",
            Self::Returned => "returned",
        }
    }

    /// Parses a stored name.
    pub fn parse(s: &str) -> Option<Self> {
        ALL_CLAIM_STATUSES.into_iter().find(|st| st.as_str() == s)
    }

    /// The Persian label the customer reads.
    pub fn label(self) -> &'static str {
        match self {
            Self::Received => "دریافت شد",
            Self::AtRepair => "در تعمیرگاه",
            Self::Repaired => "تعمیر شد",
            Self::Replaced => "تعویض شد",
            Self::Returned => "به مشتری بازگشت",
        }
    }
}

/// What staff do to a claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimEvent {
    /// The unit goes to the repair shop.
    ToRepair,
    /// The repair shop fixed it.
    Repaired,
    /// The repair shop replaced it.
    Replaced,
    /// The unit goes back to the customer.
    Return,
}

/// Every event, in the order of the happy path.
pub const ALL_CLAIM_EVENTS: [ClaimEvent; 4] = [ClaimEvent::ToRepair, ClaimEvent::Repaired, ClaimEvent::Replaced, ClaimEvent::Return];

impl ClaimEvent {
    /// The request's name, e.g. `to_repair`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ToRepair => "to_repair",
            Self::Repaired => "repaired",
            Self::Replaced => "replaced",
            Self::Return => "return",
        }
    }

    /// Parses a request's name.
    pub fn parse(s: &str) -> Option<Self> {
        ALL_CLAIM_EVENTS.into_iter().find(|e| e.as_str() == s.trim())
    }
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClaimTransitionError {
    /// The event does not apply to a claim in this state.
    #[error("این تغییر برای درخواست گارانتی در وضعیت «{}» ممکن نیست", .0.label())]
    NotAllowed(ClaimStatus),
}

/// The one table of allowed moves: the state a claim goes to on `event`, or why not.
pub fn transition(from: ClaimStatus, event: ClaimEvent) -> Result<ClaimStatus, ClaimTransitionError> {
    use ClaimEvent as E;
    use ClaimStatus as S;
    Ok(match (from, event) {
        (S::Received, E::ToRepair) => S::AtRepair,
        (S::AtRepair, E::Repaired) => S::Repaired,
        (S::AtRepair, E::Replaced) => S::Replaced,
        (S::Repaired | S::Replaced, E::Return) => S::Returned,
        _ => return Err(ClaimTransitionError::NotAllowed(from)),
    })
}

/// The events the table allows from `from` (the staff page's buttons).
pub fn allowed_events(from: ClaimStatus) -> Vec<ClaimEvent> {
    ALL_CLAIM_EVENTS.into_iter().filter(|e| transition(from, *e).is_ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ClaimEvent as E;
    use ClaimStatus as S;

    /// The whole table written out; anything else is refused.
    const ALLOWED: &[(S, E, S)] = &[
        (S::Received, E::ToRepair, S::AtRepair),
        (S::AtRepair, E::Repaired, S::Repaired),
        (S::AtRepair, E::Replaced, S::Replaced),
        (S::Repaired, E::Return, S::Returned),
        (S::Replaced, E::Return, S::Returned),
    ];

    #[test]
    fn every_state_and_event_follows_the_table() {
        for from in ALL_CLAIM_STATUSES {
            for e in ALL_CLAIM_EVENTS {
                match ALLOWED.iter().find(|(f, ev, _)| *f == from && *ev == e) {
                    Some((_, _, to)) => assert_eq!(transition(from, e), Ok(*to), "{from:?} + {e:?}"),
                    None => assert_eq!(transition(from, e), Err(ClaimTransitionError::NotAllowed(from)), "{from:?} + {e:?}"),
                }
            }
        }
    }

    #[test]
    fn returned_is_final() {
        assert!(allowed_events(S::Returned).is_empty());
        assert_eq!(allowed_events(S::AtRepair), [E::Repaired, E::Replaced]);
    }

    #[test]
    fn names_round_trip() {
        for s in ALL_CLAIM_STATUSES {
            assert_eq!(ClaimStatus::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
        for e in ALL_CLAIM_EVENTS {
            assert_eq!(ClaimEvent::parse(e.as_str()), Some(e));
            assert_eq!(serde_json::to_value(e).unwrap(), e.as_str());
        }
        assert_eq!(ClaimStatus::parse("open"), None);
    }
}
