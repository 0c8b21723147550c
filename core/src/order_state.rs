//! The life of a registered order: its states and the one table of allowed transitions.
//!
//! ```text
//! registered ──pay──▶ awaiting_payment ──verified──▶ paid ──prepare──▶ preparing ──ship(carrier, code)──▶ shipped ──deliver──▶ delivered
//!     │                     │                            │                │
//!     ├──cancel/expire──────┴──payment failed / cancel / expire──▶ cancelled | expired
//!                                                        └─staff cancel───┴──▶ cancelled (stock back, refund owed)
//!                                                        └─customer cancel (paid only) ──▶ cancelled (stock back, refund owed)
//! ```
//!
//! The customer's and the jobs' events move unpaid orders; staff move paid ones (prepare,
//! ship, deliver, and cancel a paid or preparing order, which gives its stock back and flags
//! the payment for a refund). A shipped order is not cancelled: the parcel is on its way.
//!
//! ```
//! use shop_core::order_state::{transition, OrderEvent, OrderStatus};
//! assert_eq!(transition(OrderStatus::Registered, &OrderEvent::StartPayment), Ok(OrderStatus::AwaitingPayment));
//! assert!(transition(OrderStatus::Delivered, &OrderEvent::Cancel).is_err());
//! ```

use serde::{Deserialize, Serialize};

/// Where a registered order is. Stored and sent as the snake_case name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OrderStatus {
    /// Registered with its snapshot; stock reserved; not paid yet.
    Registered,
    /// The customer was sent to the payment gateway.
    AwaitingPayment,
    /// Payment verified; the reserved stock is committed.
    Paid,
    /// Staff are preparing the parcel.
    Preparing,
    /// Handed to the carrier, with a tracking code.
    Shipped,
    /// Received by the customer.
    Delivered,
    /// Cancelled by the customer or by a failed payment; stock released.
    Cancelled,
    /// Not paid within the reservation window; stock released.
    Expired,
}

/// Every status, in the order of the happy path, then the two ends.
pub const ALL_STATUSES: [OrderStatus; 8] = [
    OrderStatus::Registered,
    OrderStatus::AwaitingPayment,
    OrderStatus::Paid,
    OrderStatus::Preparing,
    OrderStatus::Shipped,
    OrderStatus::Delivered,
    OrderStatus::Cancelled,
    OrderStatus::Expired,
];

impl OrderStatus {
    /// The stored name, e.g. `awaiting_payment`.
    pub fn as_str(self) -> &'static str {
        match self {
            OrderStatus::Registered => "registered",
            OrderStatus::AwaitingPayment => "awaiting_payment",
            OrderStatus::Paid => "paid",
            OrderStatus::Preparing => "preparing",
            OrderStatus::Shipped => "shipped",
            OrderStatus::Delivered => "delivered",
            OrderStatus::Cancelled => "cancelled",
            OrderStatus::Expired => "expired",
        }
    }

    /// Parses a stored name; `None` for anything else (a cart's `open`, for one).
    pub fn parse(s: &str) -> Option<Self> {
        ALL_STATUSES.into_iter().find(|st| st.as_str() == s)
    }

    /// The Persian label shown to the customer.
    pub fn label(self) -> &'static str {
        match self {
            OrderStatus::Registered => "ثبت‌شده",
            OrderStatus::AwaitingPayment => "در انتظار پرداخت",
            OrderStatus::Paid => "پرداخت‌شده",
            OrderStatus::Preparing => "در حال آماده‌سازی",
            OrderStatus::Shipped => "ارسال‌شده",
            OrderStatus::Delivered => "تحویل‌شده",
            OrderStatus::Cancelled => "لغوشده",
            OrderStatus::Expired => "منقضی‌شده",
        }
    }

    /// True while the order's stock is held for it and it may still be paid.
    pub fn holds_reservation(self) -> bool {
        matches!(self, OrderStatus::Registered | OrderStatus::AwaitingPayment)
    }

    /// True once the order was paid for (paid, preparing, shipped or delivered): a purchase,
    /// what a first-purchase discount code counts.
    ///
    /// ```
    /// use shop_core::order_state::OrderStatus;
    /// assert!(OrderStatus::Delivered.is_purchase());
    /// assert!(!OrderStatus::Registered.is_purchase() && !OrderStatus::Cancelled.is_purchase());
    /// ```
    pub fn is_purchase(self) -> bool {
        matches!(self, OrderStatus::Paid | OrderStatus::Preparing | OrderStatus::Shipped | OrderStatus::Delivered)
    }
}

/// What happens to an order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OrderEvent {
    /// The customer starts a payment.
    StartPayment,
    /// The gateway verified the payment.
    PaymentVerified,
    /// The gateway refused the payment, or the customer cancelled at the bank.
    PaymentFailed,
    /// The customer (or staff) cancels an unpaid order.
    Cancel,
    /// The reservation window passed without a payment.
    Expire,
    /// Staff start preparing the parcel.
    Prepare,
    /// The parcel leaves with this carrier and tracking code (`crate::shipment`).
    Ship {
        /// One of `crate::shipment::CARRIERS`.
        carrier: String,
        /// The carrier's tracking code.
        tracking_code: String,
    },
    /// The customer received the parcel.
    Deliver,
    /// Staff cancel a paid order before it ships (stock back, the payment owed back).
    StaffCancel,
    /// The customer cancels their paid order before staff start preparing it (stock back, the
    /// payment owed back, as [`OrderEvent::StaffCancel`]).
    CustomerCancelPaid,
}

/// Why a transition was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TransitionError {
    /// The event does not apply to an order in this state.
    #[error("این تغییر برای سفارشی در وضعیت «{}» ممکن نیست", .0.label())]
    NotAllowed(OrderStatus),
    /// Shipping needs a well-formed tracking code.
    #[error("{0}")]
    TrackingCode(crate::shipment::TrackingCodeError),
    /// Shipping needs one of the shop's carriers.
    #[error("{}", crate::shipment::CARRIER_MESSAGE)]
    CarrierUnknown,
}

/// The one table of allowed transitions: the state an order goes to on `event`, or why not.
pub fn transition(from: OrderStatus, event: &OrderEvent) -> Result<OrderStatus, TransitionError> {
    use OrderEvent as E;
    use OrderStatus as S;
    let to = match (from, event) {
        (S::Registered, E::StartPayment) => S::AwaitingPayment,
        // A new attempt after an abandoned bank page.
        (S::AwaitingPayment, E::StartPayment) => S::AwaitingPayment,
        (S::AwaitingPayment, E::PaymentVerified) => S::Paid,
        (S::AwaitingPayment, E::PaymentFailed) => S::Cancelled,
        (S::Registered | S::AwaitingPayment, E::Cancel) => S::Cancelled,
        (S::Registered | S::AwaitingPayment, E::Expire) => S::Expired,
        (S::Paid, E::Prepare) => S::Preparing,
        (S::Preparing, E::Ship { carrier, tracking_code }) => {
            crate::shipment::TrackingCode::parse(tracking_code).map_err(TransitionError::TrackingCode)?;
            crate::shipment::carrier(carrier).ok_or(TransitionError::CarrierUnknown)?;
            S::Shipped
        }
        (S::Shipped, E::Deliver) => S::Delivered,
        (S::Paid | S::Preparing, E::StaffCancel) => S::Cancelled,
        (S::Paid, E::CustomerCancelPaid) => S::Cancelled,
        _ => return Err(TransitionError::NotAllowed(from)),
    };
    Ok(to)
}

/// The description the payment gateway shows for a payment of order `order_code`.
///
/// ```
/// assert_eq!(shop_core::order_state::payment_description("K7Q2M9XD"), "سفارش K7Q2M9XD");
/// ```
pub fn payment_description(order_code: &str) -> String {
    format!("سفارش {order_code}")
}

/// The note on an order's history when the bank confirms its payment, with the bank's reference.
///
/// ```
/// assert_eq!(shop_core::order_state::payment_verified_note("201"), "کد پیگیری 201");
/// ```
pub fn payment_verified_note(ref_id: &str) -> String {
    format!("کد پیگیری {ref_id}")
}

/// An order in status `status_label` (paid, cancelled, expired) cannot be paid.
///
/// ```
/// assert_eq!(shop_core::order_state::not_payable_message("لغوشده"), "این سفارش در وضعیت «لغوشده» است و پرداخت آن ممکن نیست");
/// ```
pub fn not_payable_message(status_label: &str) -> String {
    format!("این سفارش در وضعیت «{status_label}» است و پرداخت آن ممکن نیست")
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderEvent as E;
    use OrderStatus as S;

    fn events() -> Vec<OrderEvent> {
        vec![
            E::StartPayment,
            E::PaymentVerified,
            E::PaymentFailed,
            E::Cancel,
            E::Expire,
            E::Prepare,
            E::Ship {
                carrier: "پست".into(),
                tracking_code: "RT123456789IR".into(),
            },
            E::Deliver,
            E::StaffCancel,
            E::CustomerCancelPaid,
        ]
    }

    /// The whole table, written out: every (state, event) pair that is allowed and where it goes.
    const ALLOWED: &[(S, &str, S)] = &[
        (S::Registered, "StartPayment", S::AwaitingPayment),
        (S::Registered, "Cancel", S::Cancelled),
        (S::Registered, "Expire", S::Expired),
        (S::AwaitingPayment, "StartPayment", S::AwaitingPayment),
        (S::AwaitingPayment, "PaymentVerified", S::Paid),
        (S::AwaitingPayment, "PaymentFailed", S::Cancelled),
        (S::AwaitingPayment, "Cancel", S::Cancelled),
        (S::AwaitingPayment, "Expire", S::Expired),
        (S::Paid, "Prepare", S::Preparing),
        (S::Preparing, "Ship", S::Shipped),
        (S::Shipped, "Deliver", S::Delivered),
        (S::Paid, "StaffCancel", S::Cancelled),
        (S::Preparing, "StaffCancel", S::Cancelled),
        (S::Paid, "CustomerCancelPaid", S::Cancelled),
    ];

    fn name(e: &OrderEvent) -> &'static str {
        match e {
            E::StartPayment => "StartPayment",
            E::PaymentVerified => "PaymentVerified",
            E::PaymentFailed => "PaymentFailed",
            E::Cancel => "Cancel",
            E::Expire => "Expire",
            E::Prepare => "Prepare",
            E::Ship { .. } => "Ship",
            E::Deliver => "Deliver",
            E::StaffCancel => "StaffCancel",
            E::CustomerCancelPaid => "CustomerCancelPaid",
        }
    }

    #[test]
    fn every_state_and_event_follows_the_table() {
        for from in ALL_STATUSES {
            for e in events() {
                let expected = ALLOWED
                    .iter()
                    .find(|(f, n, _)| *f == from && *n == name(&e))
                    .map(|t| t.2);
                match expected {
                    Some(to) => assert_eq!(transition(from, &e), Ok(to), "{from:?} + {e:?}"),
                    None => assert_eq!(
                        transition(from, &e),
                        Err(TransitionError::NotAllowed(from)),
                        "{from:?} + {e:?}"
                    ),
                }
            }
        }
    }

    #[test]
    fn shipping_needs_a_tracking_code_and_a_known_carrier() {
        let ship = |carrier: &str, code: &str| E::Ship { carrier: carrier.into(), tracking_code: code.into() };
        assert_eq!(
            transition(S::Preparing, &ship("پست", "  ")),
            Err(TransitionError::TrackingCode(crate::shipment::TrackingCodeError::Empty))
        );
        assert_eq!(
            transition(S::Preparing, &ship("پست", "<i>1234</i>")),
            Err(TransitionError::TrackingCode(crate::shipment::TrackingCodeError::Chars))
        );
        assert_eq!(transition(S::Preparing, &ship("کشتی", "1234")), Err(TransitionError::CarrierUnknown));
        // Out of turn, the state answers first: no one learns the code was bad.
        assert_eq!(transition(S::Paid, &ship("پست", "")), Err(TransitionError::NotAllowed(S::Paid)));
    }

    #[test]
    fn finished_orders_accept_nothing() {
        for from in [S::Delivered, S::Cancelled, S::Expired] {
            assert!(events().iter().all(|e| transition(from, e).is_err()), "{from:?}");
        }
    }

    #[test]
    fn names_round_trip_and_cart_is_not_a_status() {
        for s in ALL_STATUSES {
            assert_eq!(OrderStatus::parse(s.as_str()), Some(s));
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
        assert_eq!(OrderStatus::parse("open"), None);
    }

    #[test]
    fn only_unpaid_orders_hold_stock() {
        let holding: Vec<_> = ALL_STATUSES.into_iter().filter(|s| s.holds_reservation()).collect();
        assert_eq!(holding, vec![S::Registered, S::AwaitingPayment]);
    }

    #[test]
    fn refusal_names_the_state_in_persian() {
        let e = transition(S::Delivered, &E::Cancel).unwrap_err();
        assert_eq!(e.to_string(), "این تغییر برای سفارشی در وضعیت «تحویل‌شده» ممکن نیست");
    }
}
