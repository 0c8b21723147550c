//! This node's sockets and what they follow: a customer's sockets follow their own
//! conversation, staff sockets follow every conversation. The hub only fans out events the
//! bus hands it; it keeps no messages (the database does).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::mpsc;

use super::dto::{MessageView, Receipts};

/// Events queued per socket before it counts as stuck (it is then dropped from the hub and its
/// socket closes; the browser reconnects and reloads, so nothing is lost).
pub const SOCKET_QUEUE: usize = 1024;

/// Something a socket may need to tell its browser.
#[derive(Debug, Clone)]
pub enum HubEvent {
    /// A stored message.
    Message { customer_id: i64, message: MessageView },
    /// Marks moved.
    Receipts { customer_id: i64, receipts: Receipts },
    /// Someone typing.
    Typing { customer_id: i64, conversation: i64, from_staff: bool },
}

impl HubEvent {
    fn customer_id(&self) -> i64 {
        match self {
            Self::Message { customer_id, .. } | Self::Receipts { customer_id, .. } | Self::Typing { customer_id, .. } => *customer_id,
        }
    }
}

type Tx = mpsc::Sender<Arc<HubEvent>>;

/// The account has as many sockets on this node as it may.
#[derive(Debug)]
pub struct Full;

#[derive(Default)]
struct Inner {
    next: u64,
    customers: HashMap<i64, Vec<(u64, Tx)>>,
    staff: Vec<(u64, Tx)>,
    /// Open sockets per account (customers and staff), for the per-account cap.
    open: HashMap<i64, usize>,
}

/// The fan-out table of one node.
#[derive(Default)]
pub struct Hub {
    inner: Mutex<Inner>,
}

/// A socket's place in the hub; leaving it (drop) unsubscribes.
pub struct Subscription {
    hub: Arc<Hub>,
    id: u64,
    user: i64,
    customer: Option<i64>,
    /// Events for this socket.
    pub rx: mpsc::Receiver<Arc<HubEvent>>,
}

impl Hub {
    /// A new, empty hub.
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    /// A socket of account `user` follows the conversation of `customer` (`None`: staff,
    /// every conversation); `Err(Full)` when the account has `cap` sockets here already
    /// (counted and taken under one lock, so parallel sign-ins cannot pass it together).
    pub fn subscribe(self: &Arc<Self>, user: i64, customer: Option<i64>, cap: usize) -> Result<Subscription, Full> {
        let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let open = g.open.entry(user).or_default();
        if *open >= cap {
            if *open == 0 {
                g.open.remove(&user);
            }
            return Err(Full);
        }
        *open += 1;
        let (tx, rx) = mpsc::channel(SOCKET_QUEUE);
        g.next += 1;
        let id = g.next;
        match customer {
            Some(c) => g.customers.entry(c).or_default().push((id, tx)),
            None => g.staff.push((id, tx)),
        }
        Ok(Subscription { hub: self.clone(), id, user, customer, rx })
    }

    /// Hand `event` to every socket following its conversation. A socket whose queue is full
    /// is dropped (its session sees the channel close and asks the browser to resync).
    pub fn dispatch(&self, event: HubEvent) {
        let event = Arc::new(event);
        let customer = event.customer_id();
        let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let send = |list: &mut Vec<(u64, Tx)>| list.retain(|(_, tx)| tx.try_send(event.clone()).is_ok());
        if let Some(list) = g.customers.get_mut(&customer) {
            send(list);
            if list.is_empty() {
                g.customers.remove(&customer);
            }
        }
        send(&mut g.staff);
    }

    /// Drops every socket following customer `customer_id`'s conversation (their sessions
    /// ended: blocked). Each such socket sees its queue close and asks its browser to
    /// reconnect, whose token is then refused.
    pub fn drop_customer(&self, customer_id: i64) {
        let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        g.customers.remove(&customer_id);
    }

    /// Open sockets on this node (customers, staff).
    pub fn counts(&self) -> (usize, usize) {
        let g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        (g.customers.values().map(Vec::len).sum(), g.staff.len())
    }

    fn leave(&self, id: u64, user: i64, customer: Option<i64>) {
        let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(open) = g.open.get_mut(&user) {
            *open = open.saturating_sub(1);
            if *open == 0 {
                g.open.remove(&user);
            }
        }
        match customer {
            Some(c) => {
                if let Some(list) = g.customers.get_mut(&c) {
                    list.retain(|(i, _)| *i != id);
                    if list.is_empty() {
                        g.customers.remove(&c);
                    }
                }
            }
            None => g.staff.retain(|(i, _)| *i != id),
        }
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        self.hub.leave(self.id, self.user, self.customer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typing(customer_id: i64) -> HubEvent {
        HubEvent::Typing { customer_id, conversation: customer_id * 10, from_staff: false }
    }

    #[tokio::test]
    async fn a_customer_hears_only_their_conversation_and_staff_hear_all() {
        let hub = Hub::new();
        let mut a = hub.subscribe(1, Some(1), 5).unwrap();
        let mut b = hub.subscribe(2, Some(2), 5).unwrap();
        let mut staff = hub.subscribe(3, None, 5).unwrap();
        hub.dispatch(typing(1));
        assert!(matches!(&*a.rx.recv().await.unwrap(), HubEvent::Typing { customer_id: 1, .. }));
        assert!(b.rx.try_recv().is_err());
        assert!(matches!(&*staff.rx.recv().await.unwrap(), HubEvent::Typing { customer_id: 1, .. }));
        drop(a);
        assert_eq!(hub.counts(), (1, 1));
    }

    #[test]
    fn an_account_gets_at_most_cap_sockets_and_a_closed_one_frees_its_place() {
        let hub = Hub::new();
        let first: Vec<_> = (0..3).map(|_| hub.subscribe(7, Some(7), 3).unwrap()).collect();
        assert!(hub.subscribe(7, Some(7), 3).is_err());
        // Other accounts and staff are counted apart.
        let _other = hub.subscribe(8, Some(8), 3).unwrap();
        let _staff: Vec<_> = (0..3).map(|_| hub.subscribe(9, None, 3).unwrap()).collect();
        assert!(hub.subscribe(9, None, 3).is_err());
        drop(first);
        let again: Vec<_> = (0..3).map(|_| hub.subscribe(7, Some(7), 3).unwrap()).collect();
        assert_eq!(again.len(), 3);
    }

    #[tokio::test]
    async fn dropping_a_customer_closes_their_sockets_only() {
        let hub = Hub::new();
        let mut a = hub.subscribe(1, Some(1), 5).unwrap();
        let mut b = hub.subscribe(2, Some(2), 5).unwrap();
        hub.drop_customer(1);
        assert!(a.rx.recv().await.is_none());
        hub.dispatch(typing(2));
        assert!(b.rx.recv().await.is_some());
    }

    #[tokio::test]
    async fn a_stuck_socket_is_dropped_not_waited_for() {
        let hub = Hub::new();
        let mut slow = hub.subscribe(1, Some(1), 5).unwrap();
        for _ in 0..=SOCKET_QUEUE {
            hub.dispatch(typing(1));
        }
        assert_eq!(hub.counts(), (0, 0));
        // Its queue still holds what fitted, then reports the hub gone.
        let mut n = 0;
        while slow.rx.recv().await.is_some() {
            n += 1;
        }
        assert_eq!(n, SOCKET_QUEUE);
    }
}
