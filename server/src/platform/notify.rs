//! PostgreSQL LISTEN/NOTIFY for the areas that must hear of other nodes' writes at once (the
//! chat bus, the catalogue cache): one listening connection per node (sqlx's `PgListener`)
//! for every channel. An area subscribes to its channel before the node starts serving and
//! then reads, in order, what the node heard on it:
//!
//! - [`Heard::Listening`] each time the connection is (again) listening. Notes sent while it
//!   was away are lost for good, so an area looks at the database then (the chat reads the
//!   messages it missed, the catalogue cache rereads its version).
//! - [`Heard::Note`] with each note's payload.
//!
//! A connection that drops is made again (waiting 100 ms, doubling to 5 s, while PostgreSQL
//! does not answer). A connection that hangs without dropping hears nothing and says
//! nothing, so an area keeps a slower look of its own at the database behind this.
//! SQLite has no notifications: [`Listener::for_database`] is `None` and the areas poll.

use std::time::Duration;

use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

/// What a subscriber hears on its channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// The connection is listening (first, and again after it dropped): whatever was sent
    /// before is not coming.
    Listening,
    /// A note's payload.
    Note(String),
}

/// The node's listener, before it starts: collects the subscriptions.
pub struct Listener {
    url: String,
    subscribers: Vec<(String, UnboundedSender<Heard>)>,
}

/// The first wait after a failed connection; it doubles up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(100);
const MAX_BACKOFF: Duration = Duration::from_secs(5);

impl Listener {
    /// The listener for `database_url`; `None` unless it is PostgreSQL.
    pub fn for_database(database_url: &str) -> Option<Self> {
        database_url.starts_with("postgres").then(|| Self { url: database_url.to_string(), subscribers: Vec::new() })
    }

    /// What the node hears on `channel` from now on (a channel may have several subscribers;
    /// each hears everything).
    pub fn subscribe(&mut self, channel: &str) -> UnboundedReceiver<Heard> {
        let (tx, rx) = unbounded_channel();
        self.subscribers.push((channel.to_string(), tx));
        rx
    }

    /// Listen until aborted, or until every subscriber has gone.
    pub fn spawn(self) -> tokio::task::JoinHandle<()> {
        tokio::spawn(self.run())
    }

    async fn run(mut self) {
        use sea_orm::sqlx::postgres::PgListener;
        let mut channels: Vec<String> = self.subscribers.iter().map(|(c, _)| c.clone()).collect();
        channels.sort();
        channels.dedup();
        let mut backoff = FIRST_BACKOFF;
        loop {
            let mut listener = match PgListener::connect(&self.url).await {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(target: "shop::notify", error = %e, "listener: connect failed");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    continue;
                }
            };
            if let Err(e) = listener.listen_all(channels.iter().map(String::as_str)).await {
                tracing::warn!(target: "shop::notify", error = %e, "listener: LISTEN failed");
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_BACKOFF);
                continue;
            }
            backoff = FIRST_BACKOFF;
            if !self.send(None, Heard::Listening) {
                return;
            }
            loop {
                match listener.try_recv().await {
                    Ok(Some(n)) => {
                        if !self.send(Some(n.channel()), Heard::Note(n.payload().to_string())) {
                            return;
                        }
                    }
                    // The connection dropped: make it again, then say so.
                    Ok(None) | Err(_) => {
                        tracing::warn!(target: "shop::notify", "listener: connection lost, reconnecting");
                        break;
                    }
                }
            }
        }
    }

    /// Hand `heard` to the subscribers of `channel` (every subscriber when `None`), forgetting
    /// those that have gone; false when none is left.
    fn send(&mut self, channel: Option<&str>, heard: Heard) -> bool {
        self.subscribers.retain(|(c, tx)| channel.is_some_and(|ch| ch != c) || tx.send(heard.clone()).is_ok());
        !self.subscribers.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_postgres_listens() {
        assert!(Listener::for_database("sqlite://data/shop.db?mode=rwc").is_none());
        assert!(Listener::for_database("postgres://postgres@127.0.0.1/test").is_some());
    }

    #[tokio::test]
    async fn a_note_goes_to_its_channel_and_listening_to_all() {
        let mut l = Listener::for_database("postgres://nowhere").unwrap();
        let mut a = l.subscribe("a");
        let mut b = l.subscribe("b");
        assert!(l.send(None, Heard::Listening));
        assert!(l.send(Some("a"), Heard::Note("1".into())));
        assert_eq!(a.try_recv().unwrap(), Heard::Listening);
        assert_eq!(a.try_recv().unwrap(), Heard::Note("1".into()));
        assert_eq!(b.try_recv().unwrap(), Heard::Listening);
        assert!(b.try_recv().is_err(), "b hears nothing of a's channel");
        drop(a);
        assert!(l.send(Some("a"), Heard::Note("2".into())), "b is still there");
        drop(b);
        assert!(!l.send(None, Heard::Listening), "nobody is left");
    }
}
