//! What a payment pays for, and the one trait through which payment settles it there.
//!
//! A payment row carries its purpose ([`Purpose::of`]: an instalment when `instalment_id` is
//! set, else its order's own payment). The areas a payment can pay for implement [`Settle`]
//! and are registered once in [`Purposes`] when the state is built (`AppState::new`), so
//! `payment` imports none of them: the callback and reconciliation verify with the gateway,
//! claim the payment (pending → paid), then hand it to the purpose's [`Settle::on_verified`]
//! in the same transaction. Refunds and returns are meant to plug in here as further
//! purposes (docs/decisions.md "Cart apart from the order").

use std::collections::HashMap;
use std::sync::Arc;

use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr};

use super::entity::payment;
use super::gateway::Verified;

/// What a payment pays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Purpose {
    /// The order's own payment (its payable, or its down payment when bought in instalments).
    Order,
    /// One instalment of an order's plan (`payment.instalment_id`).
    Instalment,
}

impl Purpose {
    /// The purpose stored on a payment row.
    pub fn of(p: &payment::Model) -> Self {
        match p.instalment_id {
            Some(_) => Self::Instalment,
            None => Self::Order,
        }
    }
}

/// What settling a verified (and now claimed) payment did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// It paid what it was for.
    Paid,
    /// What it was for cannot take it (expired, cancelled, paid meanwhile): the money goes
    /// back, so payment flags it `refund_needed`.
    RefundNeeded,
    /// What it was for is gone: the payment stays paid, nothing else changes.
    Nothing,
}

/// How the customer's return from the bank ended, for the page to send them to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Paid (now or by an earlier callback).
    Paid,
    /// Not paid: cancelled at the bank, refused, closed, or owed back.
    Failed,
    /// Unknown yet (the gateway did not answer): reconciliation settles it later.
    Pending,
    /// The customer is blocked: the attempt was closed without verifying.
    Blocked,
}

/// What a payment can pay for: the one trait payment settles through.
#[async_trait::async_trait]
pub trait Settle: Send + Sync + 'static {
    /// The purpose this settles.
    fn purpose(&self) -> Purpose;
    /// Settles a verified payment `p` (already moved to paid in `txn`) in what it pays for,
    /// inside `txn`, at `now`.
    async fn on_verified(&self, txn: &DatabaseTransaction, p: &payment::Model, v: &Verified, now: i64) -> Result<Settled, DbErr>;
    /// The page the customer is sent to after the bank.
    async fn landing(&self, db: &DatabaseConnection, p: &payment::Model, outcome: Outcome) -> Result<String, DbErr>;
    /// What each of `payments` (all of this purpose) pays for, for staff lists, by payment id;
    /// a payment whose subject is gone is left out.
    async fn describe(&self, db: &DatabaseConnection, payments: &[payment::Model]) -> Result<HashMap<i64, Described>, DbErr>;
}

/// What a payment pays for, as staff lists show it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Described {
    /// The code of the order it belongs to.
    pub order_code: String,
    /// The instalment's number, for an instalment payment.
    pub instalment_number: Option<i64>,
    /// The state of that order (why a payment to give back was not taken).
    pub order_status: Option<shop_core::order_state::OrderStatus>,
}

/// The registered purposes, one [`Settle`] each.
#[derive(Clone, Default)]
pub struct Purposes(HashMap<Purpose, Arc<dyn Settle>>);

impl Purposes {
    /// Adds (or replaces) the settler of its purpose.
    pub fn with(mut self, s: Arc<dyn Settle>) -> Self {
        self.0.insert(s.purpose(), s);
        self
    }

    /// The settler of `purpose`. Every purpose is registered at start-up (`AppState::new`);
    /// a missing one is a wiring bug, answered as a database error rather than a panic.
    pub fn of(&self, purpose: Purpose) -> Result<&dyn Settle, DbErr> {
        self.0
            .get(&purpose)
            .map(|s| s.as_ref())
            .ok_or_else(|| DbErr::Custom(format!("no settler registered for {purpose:?} payments")))
    }
}
