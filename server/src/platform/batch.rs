//! Concurrent point reads of the same kind answered by one query (the DataLoader pattern).
//!
//! A read that must ask the database every time (PostgreSQL: no node knows of another node's
//! commits) costs a round trip, and on a busy server most of that cost is waking tasks and
//! processes, not the query. [`Batcher::get`] queues the key; at most `parallel` queries run at
//! once, and each takes every key queued when it starts (up to `max`). An idle server answers
//! at once (a batch of one); a busy one answers many reads with one round trip. Each query
//! starts after every read in it was asked, so a batched read never sees older data than a read
//! of its own would.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, OnceLock};

use tokio::sync::{mpsc, oneshot, Semaphore};

/// What a batch query gives: the value of each key found (a key not in it has none), or why the
/// whole batch failed.
pub type BatchResult<K, V> = Result<HashMap<K, V>, String>;

/// A boxed future that may move between threads.
pub type BoxFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 'a>>;

type Load<K, V> = Arc<dyn Fn(Vec<K>) -> BoxFuture<'static, BatchResult<K, V>> + Send + Sync>;
type Job<K, V> = (K, oneshot::Sender<Result<Option<V>, String>>);

/// Coalesces [`Batcher::get`] calls into calls of its `load` function.
pub struct Batcher<K, V> {
    queue: OnceLock<mpsc::UnboundedSender<Job<K, V>>>,
    load: Load<K, V>,
    parallel: usize,
    max: usize,
}

impl<K, V> Batcher<K, V>
where
    K: Eq + Hash + Clone + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    /// A batcher running at most `parallel` loads at once, each of at most `max` keys. Its
    /// worker task starts with the first `get` (inside the server's runtime).
    pub fn new(parallel: usize, max: usize, load: impl Fn(Vec<K>) -> BoxFuture<'static, BatchResult<K, V>> + Send + Sync + 'static) -> Self {
        Self { queue: OnceLock::new(), load: Arc::new(load), parallel: parallel.max(1), max: max.max(1) }
    }

    /// The value of `key` (`None`: not found), read by a batch that starts after this call.
    pub async fn get(&self, key: K) -> Result<Option<V>, String> {
        let queue = self.queue.get_or_init(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            tokio::spawn(run(rx, self.load.clone(), self.parallel, self.max));
            tx
        });
        let (tx, rx) = oneshot::channel();
        queue.send((key, tx)).map_err(|_| "the batch worker has stopped".to_string())?;
        rx.await.map_err(|_| "the batch query was dropped".to_string())?
    }
}

/// The next batch from `queue`: the first job (waiting for it), then every job already queued,
/// up to `max` in all. `None` once the queue is closed and empty.
pub async fn next_batch<T>(queue: &mut mpsc::UnboundedReceiver<T>, max: usize) -> Option<Vec<T>> {
    let mut jobs = vec![queue.recv().await?];
    while jobs.len() < max {
        match queue.try_recv() {
            Ok(job) => jobs.push(job),
            Err(_) => break,
        }
    }
    Some(jobs)
}

async fn run<K, V>(mut queue: mpsc::UnboundedReceiver<Job<K, V>>, load: Load<K, V>, parallel: usize, max: usize)
where
    K: Eq + Hash + Clone + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    let slots = Arc::new(Semaphore::new(parallel));
    loop {
        // A free slot first, then the keys: while every slot is busy the queue fills, and the
        // next query takes all of it.
        let Ok(slot) = slots.clone().acquire_owned().await else { return };
        let Some(jobs) = next_batch(&mut queue, max).await else { return };
        let load = load.clone();
        tokio::spawn(async move {
            let mut keys: Vec<K> = jobs.iter().map(|(k, _)| k.clone()).collect();
            keys.dedup();
            let found = load(keys).await;
            for (key, answer) in jobs {
                let _ = answer.send(found.as_ref().map(|m| m.get(&key).cloned()).map_err(Clone::clone));
            }
            drop(slot);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_reads_share_queries_and_each_gets_its_own_value() {
        let calls = Arc::new(Mutex::new(Vec::<usize>::new()));
        let seen = calls.clone();
        let batcher = Arc::new(Batcher::new(1, 64, move |keys: Vec<i64>| {
            seen.lock().unwrap().push(keys.len());
            Box::pin(async move {
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                Ok(keys.into_iter().filter(|k| k % 7 != 0).map(|k| (k, k * 10)).collect())
            }) as BoxFuture<'static, BatchResult<i64, i64>>
        }));
        let reads: Vec<_> = (1..=50i64).map(|k| { let b = batcher.clone(); tokio::spawn(async move { (k, b.get(k).await) }) }).collect();
        for read in reads {
            let (k, value) = read.await.unwrap();
            assert_eq!(value, Ok(if k % 7 == 0 { None } else { Some(k * 10) }));
        }
        let calls = calls.lock().unwrap();
        assert_eq!(calls.iter().sum::<usize>(), 50);
        assert!(calls.len() < 50, "50 concurrent reads took {} queries", calls.len());
    }

    #[tokio::test]
    async fn a_failed_batch_fails_each_of_its_reads() {
        let batcher = Batcher::new(2, 8, |_keys: Vec<i64>| {
            Box::pin(async { Err("database down".to_string()) }) as BoxFuture<'static, BatchResult<i64, i64>>
        });
        assert_eq!(batcher.get(1).await, Err("database down".to_string()));
    }
}
