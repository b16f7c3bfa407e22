//! The database's upkeep when it opens: moving sessions an earlier version kept in local storage,
//! and indexing records that lack a summary or search text. Both read and write whole records (the
//! record's serde code), so in the split build they are a part of their own, loaded only by a
//! database that needs them (`storage::db`).
use std::rc::Rc;

use futures::future::LocalBoxFuture;
use idb::Database;

use crate::platform::split::{split_fn, PartUnavailable};
use crate::platform::storage::{legacy, reindex};

split_fn! {
    upkeep, preload _preload_upkeep:
    /// The upkeep's work, to await.
    fn upkeep_in_part(database: Rc<Database>, legacy: bool, missing: Vec<String>) -> Result<LocalBoxFuture<'static, ()>, PartUnavailable> {
        Ok(Box::pin(async move {
            if legacy {
                let _ = legacy::move_local_storage_sessions(&database).await;
            }
            reindex::index_missing(&database, &missing).await;
        }))
    }
}

/// Runs the upkeep; a part that cannot load leaves it for the next start.
pub async fn upkeep(database: Rc<Database>, legacy: bool, missing: Vec<String>) {
    if let Ok(work) = upkeep_in_part(database, legacy, missing).await {
        work.await;
    }
}
