//! Background jobs: one loop shape for every periodic job of a node.

use std::future::Future;
use std::time::Duration;

/// Runs `run` every `every` (at least 10 ms) until the task is aborted. A run that overruns
/// delays the next one instead of starting a burst to catch up. Each finished run is counted
/// under `name`, whose lag `/metrics` shows.
pub fn spawn_every<F, Fut>(name: &'static str, every: Duration, mut run: F) -> tokio::task::JoinHandle<()>
where
    F: FnMut() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send,
{
    let every = every.max(Duration::from_millis(10));
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            run().await;
            super::metrics::job_ran(name);
        }
    })
}
