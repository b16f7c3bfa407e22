//! The sync's wasm part: the signer (rusty-s3), the bucket's requests, the sealing and the merge
//! steps load the first time a configured sync runs.
use futures::future::LocalBoxFuture;

use super::run::{sync_once, Report};
use crate::platform::split::{split_fn, PartUnavailable};

split_fn! {
    sync, preload _preload_sync:
    /// One sync, to await.
    fn sync_in_part() -> Result<LocalBoxFuture<'static, Result<Report, String>>, PartUnavailable> {
        Ok(Box::pin(sync_once()))
    }
}

/// One sync; a part that cannot load says so.
pub async fn sync() -> Result<Report, String> {
    match sync_in_part().await {
        Ok(syncing) => syncing.await,
        Err(_) => Err("The sync's code could not be loaded (offline?). Try again.".into()),
    }
}
