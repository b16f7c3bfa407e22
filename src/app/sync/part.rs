//! The sync's wasm part: the signer (rusty-s3), the bucket's requests, the sealing, the merge steps
//! the count of what waits, and the Check load the first time a configured sync runs or the bucket is checked.
use futures::future::LocalBoxFuture;

use super::check::check_bucket;
use super::run::{count_waiting, sync_once, Report};
use crate::platform::split::{split_fn, PartUnavailable};

/// What the part is asked to do.
pub enum Job {
    /// Sync, telling the function how many steps are done of how many.
    Sync(Box<dyn Fn(usize, usize)>),
    Check,
    /// Count the changes here that the bucket does not hold yet.
    CountWaiting,
}

/// What it did: a sync's report, or the check's sentence.
pub enum Done {
    Synced(Report),
    Checked(String),
    Waiting(usize),
}

split_fn! {
    sync, preload _preload_sync:
    /// The job, to await.
    fn run_in_part(job: Job) -> Result<LocalBoxFuture<'static, Result<Done, String>>, PartUnavailable> {
        Ok(match job {
            Job::Sync(progress) => {
                Box::pin(async move { sync_once(&*progress).await.map(Done::Synced) })
            }
            Job::Check => Box::pin(async { check_bucket().await.map(Done::Checked) }),
            Job::CountWaiting => Box::pin(async { count_waiting().await.map(Done::Waiting) }),
        })
    }
}

/// Runs `job` in the part; a part that cannot load says so.
pub async fn run(job: Job) -> Result<Done, String> {
    match run_in_part(job).await {
        Ok(running) => running.await,
        Err(_) => Err("The sync's code could not be loaded (offline?). Try again.".into()),
    }
}
