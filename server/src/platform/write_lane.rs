//! A thread of its own for SQLite write transactions that run through sea-orm.
//!
//! Through sqlx, each statement is handed to its connection's thread and the answer wakes the
//! waiting task again. On the request runtime that task then waits in a run queue behind
//! whatever the runtime's workers are doing (parsing other requests, signing tokens), while it
//! holds SQLite's one write lock and everyone else's turn. On this lane the task's thread has
//! nothing else to do: each answer is taken up at once, and the lock is held for the
//! statements themselves. Used for order registration, the longest write transaction
//! (bench/README.md "Writes, sixth step"). PostgreSQL and in-memory databases have no lane.

use std::future::Future;
use std::pin::Pin;

use tokio::sync::{mpsc, oneshot};

type Job = Pin<Box<dyn Future<Output = ()> + Send>>;

/// The lane: a thread running a single-threaded runtime that runs the jobs sent to it.
pub struct WriteLane {
    jobs: Option<mpsc::UnboundedSender<Job>>,
}

impl WriteLane {
    /// No lane: [`WriteLane::run`] runs its work where it is called.
    pub const NONE: WriteLane = WriteLane { jobs: None };

    /// A lane of its own thread (none when the thread or its runtime cannot start: logged).
    pub fn start() -> Self {
        let (tx, mut rx) = mpsc::unbounded_channel::<Job>();
        let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
            Ok(runtime) => runtime,
            Err(e) => {
                tracing::warn!(error = %e, "no SQLite write lane: writes run on the request workers");
                return Self::NONE;
            }
        };
        let started = std::thread::Builder::new().name("sqlite-write-lane".into()).spawn(move || {
            runtime.block_on(async move {
                // Each job is a task: one waiting for the write turn does not hold up the next.
                while let Some(job) = rx.recv().await {
                    tokio::spawn(job);
                }
            });
        });
        match started {
            Ok(_) => Self { jobs: Some(tx) },
            Err(e) => {
                tracing::warn!(error = %e, "no SQLite write lane: writes run on the request workers");
                Self::NONE
            }
        }
    }

    /// Runs `work` on the lane and answers its result; without a lane, here. The work goes on
    /// to its end even if the caller stops waiting (a client that hung up): a transaction is
    /// committed or rolled back whole, never cut off between two statements. `None`: the work
    /// panicked (the panic is logged by the runtime).
    pub async fn run<T, F>(&self, work: F) -> Option<T>
    where
        T: Send + 'static,
        F: Future<Output = T> + Send + 'static,
    {
        let Some(jobs) = &self.jobs else { return Some(work.await) };
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::pin(async move {
            let _ = tx.send(work.await);
        });
        if let Err(mpsc::error::SendError(job)) = jobs.send(job) {
            // The lane's thread is gone: the work runs here.
            job.await;
        }
        rx.await.ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn work_runs_on_the_lanes_thread_and_its_answer_comes_back() {
        let lane = WriteLane::start();
        let name = lane.run(async { std::thread::current().name().map(str::to_string) }).await;
        assert_eq!(name, Some(Some("sqlite-write-lane".to_string())));
        assert_eq!(WriteLane::NONE.run(async { 7 }).await, Some(7));
    }

    #[tokio::test]
    async fn a_panic_on_the_lane_answers_none_and_the_lane_goes_on() {
        let lane = WriteLane::start();
        assert_eq!(lane.run(async { panic!("a bug") }).await, None::<()>);
        assert_eq!(lane.run(async { 1 }).await, Some(1));
    }
}
