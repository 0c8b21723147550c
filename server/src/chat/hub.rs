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

#[derive(Default)]
struct Inner {
    next: u64,
    customers: HashMap<i64, Vec<(u64, Tx)>>,
    staff: Vec<(u64, Tx)>,
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
    customer: Option<i64>,
    /// Events for this socket.
    pub rx: mpsc::Receiver<Arc<HubEvent>>,
}

impl Hub {
    /// A new, empty hub.
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    /// Follow the conversation of `customer` (`None`: staff, every conversation).
    pub fn subscribe(self: &Arc<Self>, customer: Option<i64>) -> Subscription {
        let (tx, rx) = mpsc::channel(SOCKET_QUEUE);
        let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        g.next += 1;
        let id = g.next;
        match customer {
            Some(c) => g.customers.entry(c).or_default().push((id, tx)),
            None => g.staff.push((id, tx)),
        }
        Subscription { hub: self.clone(), id, customer, rx }
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

    /// Open sockets on this node (customers, staff).
    pub fn counts(&self) -> (usize, usize) {
        let g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        (g.customers.values().map(Vec::len).sum(), g.staff.len())
    }

    fn leave(&self, id: u64, customer: Option<i64>) {
        let mut g = self.inner.lock().unwrap_or_else(|e| e.into_inner());
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
        self.hub.leave(self.id, self.customer);
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
        let mut a = hub.subscribe(Some(1));
        let mut b = hub.subscribe(Some(2));
        let mut staff = hub.subscribe(None);
        hub.dispatch(typing(1));
        assert!(matches!(&*a.rx.recv().await.unwrap(), HubEvent::Typing { customer_id: 1, .. }));
        assert!(b.rx.try_recv().is_err());
        assert!(matches!(&*staff.rx.recv().await.unwrap(), HubEvent::Typing { customer_id: 1, .. }));
        drop(a);
        assert_eq!(hub.counts(), (1, 1));
    }

    #[tokio::test]
    async fn a_stuck_socket_is_dropped_not_waited_for() {
        let hub = Hub::new();
        let mut slow = hub.subscribe(Some(1));
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
